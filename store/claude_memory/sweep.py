"""What Claude Code's own cleanup (its sweep) deletes soon, and whether memlane holds it.

Claude Code deletes a session's transcript (`<config>/projects/<folder>/<session>.jsonl`
and its `<session>/` folder, subagents included) once the file was last modified more
than `cleanupPeriodDays` ago (30 by default; a setting of `~/.claude/settings.json`, or
of the managed settings, which win).  It sweeps in the background 5 s after a session
starts, at most every 2.4 hours (seen in the 2.1.197 binary, and checked with the real
CLI: a 40-day-old transcript went, a 20-day-old one stayed).

`due` is the one count of what goes within HORIZON_DAYS: `memlane doctor`, the Insights
pane and the maintenance run's import (`hooks.sweep.keep_before_sweep`) all use it, and
`outlook_sentence` is how doctor and Insights say it.  memlane holds a transcript when it
has the session with memories and the file did not change after the session's last
activity (an hour's slack), or when the sweep's import already took the file as it is
now (`swept.json` in memlane's folder).  Nothing here writes but `save_swept`.
"""

from __future__ import annotations

import json
import os
import time

HORIZON_DAYS = 7
DEFAULT_CLEANUP_DAYS = 30
SLACK_S = 3600
STATE_FILE = "swept.json"
MANAGED_SETTINGS = "/etc/claude-code/managed-settings.json"


def cleanup_days(environ=None) -> int | None:
    """Claude Code's `cleanupPeriodDays` (managed settings first, then the user's), 30 when
    unset; None when cleanup is off (0, as older versions allowed)."""
    from store.claude_memory.files import config_dir

    for path in (MANAGED_SETTINGS, os.path.join(config_dir(environ), "settings.json")):
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


def projects_dir() -> str:
    """Where Claude Code keeps transcripts: `<config>/projects`."""
    from store.claude_memory.files import config_dir

    return os.path.join(config_dir(), "projects")


def session_transcripts(top: str | None = None) -> list[tuple[str, str, float]]:
    """(path, session id, mtime) of every session transcript Claude Code keeps."""
    top = top or projects_dir()
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
    """What the sweep deletes within `horizon_days` of `now` (epoch seconds): {days
    (cleanupPeriodDays, None: off), due: [(path, session id, mtime, held)] oldest first,
    held (how many memlane holds)}."""
    now = time.time() if now is None else now
    days = cleanup_days() if days == -1 else days
    if days is None:
        return {"days": None, "due": [], "held": 0}
    cutoff = now - (days - horizon_days) * 86400
    swept = swept_state()
    rows = []
    for path, session_id, mtime in session_transcripts(projects_dir):
        if mtime >= cutoff:
            continue
        held = swept.get(path) == mtime or _held(conn, session_id, mtime)
        rows.append((path, session_id, mtime, held))
    rows.sort(key=lambda r: r[2])
    return {"days": days, "due": rows, "held": sum(1 for r in rows if r[3])}


def outlook_sentence(plan: dict) -> str:
    """`due`'s answer as a person reads it, in doctor and in Insights alike."""
    if plan["days"] is None:
        return "Claude Code's cleanup is off (cleanupPeriodDays 0): it deletes no transcript"
    count, held = len(plan["due"]), plan["held"]
    sessions = "no session" if not count else f"{count:,} session" + ("" if count == 1 else "s")
    head = (f"Claude Code deletes {sessions} in the next {HORIZON_DAYS} days "
            f"(transcripts older than cleanupPeriodDays, {plan['days']})")  # fmt: skip
    if held == count:
        return head + (f": memlane holds {'it' if count == 1 else 'all of them'}" if count else "")
    return (f"{head}: memlane holds {held:,}; the next maintenance run (at a session's start) imports "
            f"the other {count - held:,}, or run `memlane import` now")  # fmt: skip


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


def _state_path() -> str:
    from store.paths import memlane_home

    return os.path.join(memlane_home(), STATE_FILE)


def swept_state() -> dict:
    """{transcript path: its mtime} of what the sweep's import already took."""
    from store.files import read_regular

    try:
        data = json.loads(read_regular(_state_path(), 16 << 20).decode("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_swept(state: dict) -> None:
    """Keep `state` (swept_state's shape), without the transcripts Claude Code already deleted."""
    from store.files import write_private_if_changed

    gone = [p for p in state if not os.path.exists(p)]  # Claude Code swept them: memlane holds them
    for path in gone:
        del state[path]
    write_private_if_changed(_state_path(), json.dumps(state, sort_keys=True).encode("utf-8"), "the sweep's list")
