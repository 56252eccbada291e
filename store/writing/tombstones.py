"""What was forgotten stays forgotten: hashes of forgotten memories that every write checks.

A tombstone holds a hash, never text: of (session, content hash), of (session,
tool call id), or of a whole session (then only what was written before the
forget is refused: the session may go on afterwards).  The writer refuses a
memory that matches one, so `memlane import`, the spool and a re-run hook
cannot bring back what was forgotten or redacted.
"""

from __future__ import annotations

import sqlite3

from store.database import chunks, placeholders
from store.digest import fields_digest


def key(kind: str, session_id: object, value: object = "") -> str:
    return fields_digest(kind, session_id, value)[:40]


def buried(conn: sqlite3.Connection, session_id: str, chash: str, tool_use_id: str | None,
           created_at: str) -> bool:  # fmt: skip
    """Whether a memory about to be written was forgotten before (see the module docstring)."""
    keys = [key("m", session_id, chash), key("s", session_id)]
    if tool_use_id:
        keys.append(key("t", session_id, tool_use_id))
    marks = placeholders(len(keys))
    for found, forgotten_at in conn.execute(
        f"SELECT key, forgotten_at FROM tombstone WHERE key IN ({marks})", keys
    ):
        if found != keys[1] or created_at <= forgotten_at:
            return True
    return False


def bury_memories(conn: sqlite3.Connection, ids: list[int], at: str) -> None:
    """Tombstones for these memories (inside the caller's transaction, before they go)."""
    for chunk in chunks(ids):
        marks = placeholders(len(chunk))
        rows = conn.execute(
            f"SELECT session_id, content_hash, tool_use_id FROM memory WHERE id IN ({marks})", chunk
        ).fetchall()
        keys = []
        for session_id, chash, tool_use_id in rows:
            keys.append(key("m", session_id, chash))
            if tool_use_id:
                keys.append(key("t", session_id, tool_use_id))
        conn.executemany(
            "INSERT OR REPLACE INTO tombstone (key, forgotten_at) VALUES (?, ?)", [(k, at) for k in keys]
        )


def bury_content(conn: sqlite3.Connection, session_id: str, chash: str, tool_use_id: str | None,
                 at: str) -> None:  # fmt: skip
    """A tombstone for text replaced by a redaction (and its tool call, which would bring it back)."""
    rows = [(key("m", session_id, chash), at)]
    if tool_use_id:
        rows.append((key("t", session_id, tool_use_id), at))
    conn.executemany("INSERT OR REPLACE INTO tombstone (key, forgotten_at) VALUES (?, ?)", rows)


def bury_session(conn: sqlite3.Connection, session_id: str, at: str) -> None:
    conn.execute(
        "INSERT OR REPLACE INTO tombstone (key, forgotten_at) VALUES (?, ?)", (key("s", session_id), at)
    )


def session_buried(conn: sqlite3.Connection, session_id: str, started_at: str) -> bool:
    """Whether a session starting at `started_at` was forgotten whole after that."""
    row = conn.execute("SELECT forgotten_at FROM tombstone WHERE key = ?", (key("s", session_id),)).fetchone()
    return row is not None and started_at <= row[0]
