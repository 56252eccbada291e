"""Retention: memories received more than N days ago are deleted, at most once a day.

The clock is `received_at`, when memlane received a memory, not `created_at`
(when it happened): an imported transcript keeps its own times for display
and order, and is kept N days from the import like anything else.
Errors and other importance-3 memories are kept, and so are errors whose
group is still open.  The marker of the last run lives in the database
(`meta.retention_last_run`), so every process sees the same one.  A run
claims the day inside BEGIN IMMEDIATE (check the marker, set it, pick the
ids, all in one transaction), so two sessions starting together never both
run it.
"""

from __future__ import annotations

import sqlite3
import time

from store.database import utc_now, write

MARKER_KEY = "retention_last_run"
MAX_DAYS = 36500  # store.config.MAX_RETENTION_DAYS: further back is not a date


def _cutoff(days: int, now: float | None = None) -> str:
    t = (time.time() if now is None else now) - days * 86400
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + ".000000Z"


def retention_due(conn: sqlite3.Connection, now: float | None = None) -> bool:
    """True when retention has not run today (UTC) yet: one cheap read."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (MARKER_KEY,)).fetchone()
    today = time.strftime("%Y-%m-%d", time.gmtime(time.time() if now is None else now))
    return row is None or row[0][:10] < today


def run_retention(
    conn: sqlite3.Connection, days: int, *, now: float | None = None, force: bool = False
) -> int | None:
    """Delete old memories; None when it already ran today, else how many were removed."""
    from store.forgetting.erase import forget_ids

    cutoff = _cutoff(min(max(1, int(days)), MAX_DAYS), now)
    stamp = utc_now() if now is None else time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime(now))
    with write(conn):
        if not force and not retention_due(conn, now):
            return None  # another process claimed today's run first
        conn.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (MARKER_KEY, stamp),
        )
        ids = [
            row[0]
            for row in conn.execute(
                "SELECT m.id FROM memory m LEFT JOIN error_group g ON g.id = m.error_group_id "
                "WHERE m.received_at < ? AND m.importance < 3 "
                "AND NOT (m.type = 'error' AND coalesce(g.status, 'open') = 'open')",
                (cutoff,),
            )
        ]
    if ids:
        forget_ids(conn, ids, reason=f"retention: older than {days} days, below high importance")
    return len(ids)
