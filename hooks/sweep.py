"""Nothing lost to Claude Code's sweep: keep every transcript Claude Code will delete.

Claude Code deletes a session's transcript (`<config>/projects/<folder>/<session>.jsonl`
and its `<session>/` folder, subagents included) once the file was last modified more
than `cleanupPeriodDays` ago (30 by default; a setting of `~/.claude/settings.json`, or
of the managed settings, which win).  It sweeps in the background 5 s after a session
starts, at most every 2.4 hours (seen in the 2.1.197 binary, and checked with the real
CLI: a 40-day-old transcript went, a 20-day-old one stayed).

The maintenance process (`hooks/maintenance.py`, started at SessionStart, never in the
hook's own time) calls `keep_before_sweep`: every transcript the sweep reaches within
HORIZON_DAYS that memlane does not hold yet is imported, oldest first, BATCH_FILES a run
(the rest next run).  memlane holds a transcript when it has the session with memories
and the file did not change after the session's last activity (an hour's slack), or when
this sweep already imported the file as it is now (`swept.json` in memlane's folder).
Importing twice adds nothing (`hooks.transcripts`), so a doubt costs time, never data.
"""

from __future__ import annotations

import json
import os
import time

HORIZON_DAYS = 7
DEFAULT_CLEANUP_DAYS = 30
BATCH_FILES = 200
SLACK_S = 3600
STATE_FILE = "swept.json"
MANAGED_SETTINGS = "/etc/claude-code/managed-settings.json"


def cleanup_days(environ=None) -> int | None:
    """Claude Code's `cleanupPeriodDays` (managed settings first, then the user's), 30 when
    unset; None when cleanup is off (0, as older versions allowed)."""
    from store.paths import claude_settings_path

    for path in (MANAGED_SETTINGS, claude_settings_path(environ)):
        value = _setting(path, "cleanupPeriodDays")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        return None if value <= 0 else int(value)
    return DEFAULT_CLEANUP_DAYS


def _setting(path: str, key: str):
    from store.files import read_regular

    try:
        data = json.loads(read_regular(path, 1 << 20).decode("utf-8", "replace"))
    except (OSError, ValueError):
        return None
    return data.get(key) if isinstance(data, dict) else None


def session_transcripts(projects_dir: str | None = None) -> list[tuple[str, str, float]]:
    """(path, session id, mtime) of every session transcript Claude Code keeps."""
    from hooks.transcripts import claude_projects_dir

    top = projects_dir or claude_projects_dir()
    out = []
    try:
        folders = [e for e in os.scandir(top) if e.is_dir(follow_symlinks=False)]
    except OSError:
        return out
    for folder in folders:
        try:
            entries = list(os.scandir(folder.path))
        except OSError:
            continue
        for entry in entries:
            if entry.name.endswith(".jsonl") and entry.is_file(follow_symlinks=False):
                try:
                    out.append((entry.path, entry.name[: -len(".jsonl")], entry.stat().st_mtime))
                except OSError:
                    pass
    return out


def due(conn, *, now: float | None = None, horizon_days: float = HORIZON_DAYS, days: int | None = -1,
        projects_dir: str | None = None) -> dict:  # fmt: skip
    """What the sweep deletes within `horizon_days`: {days (cleanupPeriodDays, None: off),
    due: [(path, session id, mtime, held)], held (how many memlane holds)}."""
    now = time.time() if now is None else now
    days = cleanup_days() if days == -1 else days
    if days is None:
        return {"days": None, "due": [], "held": 0}
    cutoff = now - (days - horizon_days) * 86400
    swept = _state()
    rows = []
    for path, session_id, mtime in session_transcripts(projects_dir):
        if mtime >= cutoff:
            continue
        held = swept.get(path) == mtime or _held(conn, session_id, mtime)
        rows.append((path, session_id, mtime, held))
    rows.sort(key=lambda r: r[2])
    return {"days": days, "due": rows, "held": sum(1 for r in rows if r[3])}


def _held(conn, session_id: str, mtime: float) -> bool:
    row = conn.execute(
        "SELECT last_activity_at, started_at FROM session WHERE session_id = ? AND memory_count > 0", (session_id,)
    ).fetchone()
    if row is None:
        return False
    last = _epoch(row[0] or row[1])
    return last is not None and mtime <= last + SLACK_S


def _epoch(stamp: str | None) -> float | None:
    from datetime import datetime

    if not stamp:
        return None
    try:
        return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


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
        state = _state()
        state.update({path: mtime for path, _sid, mtime, _h in chosen})
        _save_state(state)
    return {"due": len(plan["due"]), "held": plan["held"], "imported": len(chosen), "left": len(missing) - len(chosen)}


def _state_path() -> str:
    from store.paths import memlane_home

    return os.path.join(memlane_home(), STATE_FILE)


def _state() -> dict:
    from store.files import read_regular

    try:
        data = json.loads(read_regular(_state_path(), 16 << 20).decode("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _save_state(state: dict) -> None:
    from store.files import write_private_if_changed

    gone = [p for p in state if not os.path.exists(p)]  # Claude Code swept them: memlane holds them
    for path in gone:
        del state[path]
    write_private_if_changed(_state_path(), json.dumps(state, sort_keys=True).encode("utf-8"), "the sweep's list")
