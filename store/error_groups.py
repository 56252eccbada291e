"""What a person decides about an error group: its status (open, resolved, ignored) and its note.

The group itself (its signature, counts and times) is written by the store's one write path,
`store.writer`; these are the writes the app, the CLI and the demo offer on top of it.
"""

from __future__ import annotations

import sqlite3

from store.db import write

ERROR_STATUSES = ("open", "resolved", "ignored")


def set_error_status(
    conn: sqlite3.Connection, group_id: int, status: str, note: str | None = None
) -> bool:
    """Mark an error group open, resolved or ignored (and optionally set its note)."""
    if status not in ERROR_STATUSES:
        raise ValueError(f"status must be one of {', '.join(ERROR_STATUSES)}")
    with write(conn):
        if note is None:
            cur = conn.execute("UPDATE error_group SET status = ? WHERE id = ?", (status, group_id))
        else:
            cur = conn.execute(
                "UPDATE error_group SET status = ?, note = ? WHERE id = ?", (status, note, group_id)
            )
    return cur.rowcount == 1


def set_error_note(conn: sqlite3.Connection, group_id: int, note: str) -> bool:
    with write(conn):
        cur = conn.execute("UPDATE error_group SET note = ? WHERE id = ?", (note, group_id))
    return cur.rowcount == 1
