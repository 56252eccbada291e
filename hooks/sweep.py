"""Nothing lost to Claude Code's sweep: keep every transcript Claude Code will delete.

The maintenance process (`hooks/background.py`, started at SessionStart, never in the
hook's own time) calls `keep_before_sweep`: every transcript the sweep reaches within
HORIZON_DAYS that memlane does not hold yet (`store.claude_memory.sweep.due`, the count
doctor and Insights show too) is imported, oldest first, BATCH_FILES a run (the rest next
run), and remembered in `swept.json`.  Importing twice adds nothing (`hooks.transcripts`),
so a doubt costs time, never data.
"""

from __future__ import annotations

import os

from store.claude_memory import HORIZON_DAYS, due, save_swept, swept_state

__all__ = ["BATCH_FILES", "HORIZON_DAYS", "due", "keep_before_sweep"]

BATCH_FILES = 200


def keep_before_sweep(conn, config: dict | None = None, *, now: float | None = None, batch: int = BATCH_FILES,
                      projects_dir: str | None = None) -> dict:  # fmt: skip
    """Import the transcripts the sweep reaches within HORIZON_DAYS that memlane does not hold
    (oldest first, `batch` at most); {due, held (before), imported (files), left}."""
    from hooks.transcripts import TranscriptReader, import_files
    from store.config import load_config

    plan = due(conn, now=now, projects_dir=projects_dir)
    missing = [r for r in plan["due"] if not r[3]]
    chosen = missing[:batch]
    if chosen:
        config = config if isinstance(config, dict) else load_config()[0]
        files = []
        for path, session_id, _mtime, _held in chosen:
            files.append(path)
            sub = os.path.join(os.path.dirname(path), session_id, "subagents")
            try:
                files += sorted(os.path.join(sub, n) for n in os.listdir(sub) if n.endswith(".jsonl"))
            except OSError:
                pass
        import_files(conn, files, TranscriptReader(config), config, worker=False)
        state = swept_state()
        state.update({path: mtime for path, _sid, mtime, _h in chosen})
        save_swept(state)
    return {"due": len(plan["due"]), "held": plan["held"], "imported": len(chosen), "left": len(missing) - len(chosen)}
