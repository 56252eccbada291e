"""What a person decides about an error group: its status and its note; and what resolved it.

The group itself (its signature, counts and times, and `regressed` when a resolved group
occurs again) is written by the store's one write path, `store.writing.writer`; these are the writes
the app, the CLI and the demo offer on top of it, and the read behind `w` in the app.
"""

from __future__ import annotations

import sqlite3

from store.database import dicts, placeholders, utc_now, write

# Every status a group can have; `regressed` is set by the writer, never by hand.
ERROR_STATUSES = ("open", "regressed", "resolved", "ignored")
SETTABLE_STATUSES = ("open", "resolved", "ignored")
FIX_TYPES = ("file_edit", "file_write", "notebook_edit", "command")  # what a fix is made of
FIX_LIMIT = 200


def set_error_status(
    conn: sqlite3.Connection, group_id: int, status: str, note: str | None = None
) -> bool:
    """Mark an error group open, resolved or ignored (and optionally set its note).

    Resolving remembers when, and the group's newest occurrence then: the session that
    holds it is where the fix was made (what `resolution` shows if the error comes back)."""
    if status not in SETTABLE_STATUSES:
        raise ValueError(f"status must be one of {', '.join(SETTABLE_STATUSES)}")
    sets, params = ["status = ?"], [status]
    if note is not None:
        sets.append("note = ?")
        params.append(note)
    with write(conn):
        if status == "resolved":
            last = conn.execute(
                "SELECT id, session_id FROM memory WHERE error_group_id = ? ORDER BY id DESC LIMIT 1",
                (group_id,),
            ).fetchone()
            sets += ["resolved_at = ?", "resolved_memory_id = ?", "resolved_session = ?"]
            params += [utc_now(), *(last or (None, None))]
        cur = conn.execute(f"UPDATE error_group SET {', '.join(sets)} WHERE id = ?", (*params, group_id))
    return cur.rowcount == 1


def set_error_note(conn: sqlite3.Connection, group_id: int, note: str) -> bool:
    with write(conn):
        cur = conn.execute("UPDATE error_group SET note = ? WHERE id = ?", (note, group_id))
    return cur.rowcount == 1


def resolution(conn: sqlite3.Connection, group_id: int, *, limit: int = FIX_LIMIT) -> dict | None:
    """What resolved a group last time: {group, session, fixes, after_error}, or None when
    the group is gone.  `fixes`: the edits and commands of the session it was resolved in,
    those after the error's occurrence there (`after_error` True), else the whole session's
    (the fix came first, or that occurrence was forgotten), oldest first.  `session` is None
    (and `fixes` empty) when the group was never resolved or that session was forgotten."""
    rows = dicts(conn.execute("SELECT * FROM error_group WHERE id = ?", (group_id,)))
    if not rows:
        return None
    group = rows[0]
    found = {"group": group, "session": None, "fixes": [], "after_error": False}
    session_id = group.get("resolved_session")
    if not session_id:
        return found
    sessions = dicts(conn.execute("SELECT * FROM session WHERE session_id = ?", (session_id,)))
    found["session"] = sessions[0] if sessions else None
    marks = placeholders(len(FIX_TYPES))
    sql = f"SELECT * FROM memory WHERE session_id = ? AND type IN ({marks}) AND id > ? ORDER BY id LIMIT ?"
    after = group.get("resolved_memory_id") or 0
    fixes = dicts(conn.execute(sql, (session_id, *FIX_TYPES, after, limit))) if after else []
    found["after_error"] = bool(fixes)
    if not fixes:
        fixes = dicts(conn.execute(sql, (session_id, *FIX_TYPES, 0, limit)))
    found["fixes"] = fixes
    return found
