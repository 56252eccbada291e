"""Forgetting and redaction that leave no copy behind.

A forget or redact runs in one transaction over the memory table (whose
triggers keep both FTS indexes in step), then rebuilds what was derived from
the removed text (session summaries, error-group samples), optimises both FTS
indexes (so no old segment still holds a token), and checkpoints the WAL with
TRUNCATE.  With `secure_delete=ON`, freed pages are zeroed: the text no longer
occurs in the `.db` or `-wal` file's bytes.
"""

from __future__ import annotations

import re
import sqlite3

from store import privacy
from store.db import StoreError, optimize_indexes, write
from store.signature import headline
from store.writer import content_hash

REDACTED = "[REDACTED]"


def select_ids(
    conn: sqlite3.Connection, *, ids=None, session=None, project=None, file_path=None,
    query=None, before: str | None = None, after: str | None = None, limit: int | None = None,
) -> list[int]:  # fmt: skip
    """The ids of the memories a forget with the same arguments would remove.

    The criteria combine with AND; at least one must be given.  `query` uses
    the one search (every memory it would show, not just the first page).
    """
    clauses: list[str] = []
    params: list[object] = []
    if ids is not None:
        id_list = [int(i) for i in ids]
        if not id_list:
            return []
        clauses.append(f"id IN ({', '.join('?' for _ in id_list)})")
        params += id_list
    for column, value in (("session_id", session), ("project", project), ("file_path", file_path)):
        if value:
            clauses.append(f"{column} = ?")
            params.append(value)
    if before:
        clauses.append("created_at < ?")
        params.append(before)
    if after:
        clauses.append("created_at >= ?")
        params.append(after)
    if query is not None and str(query).strip():
        from store.search import search

        found = []
        offset = 0
        while True:
            page = search(conn, query, project=project, session=session, until=before,
                          since=after, limit=500, offset=offset)  # fmt: skip
            found += [h["id"] for h in page]
            if len(page) < 500:
                break
            offset += 500
        if not found:
            return []
        clauses.append(f"id IN ({', '.join('?' for _ in found)})")
        params += found
    if not clauses:
        raise StoreError("say what to forget: ids, a session, a project, a file, a query or a time range.")
    sql = "SELECT id FROM memory WHERE " + " AND ".join(clauses) + " ORDER BY id"
    if limit:
        sql += f" LIMIT {int(limit)}"
    return [row[0] for row in conn.execute(sql, params)]


def forget(conn: sqlite3.Connection, **criteria) -> int:
    """Remove every memory matching `criteria` (see select_ids) and every copy of its text."""
    ids = select_ids(conn, **criteria)
    whole_sessions = [criteria["session"]] if criteria.get("session") and len(criteria) == 1 else []
    return forget_ids(conn, ids, drop_sessions=whole_sessions)


def forget_ids(conn: sqlite3.Connection, ids: list[int], *, drop_sessions=()) -> int:
    """Remove these memories, then scrub: summaries rebuilt, indexes optimised, WAL truncated."""
    ids = sorted({int(i) for i in ids})
    if not ids and not drop_sessions:
        return 0
    touched_sessions: set[str] = set(drop_sessions)
    touched_groups: set[int] = set()
    with write(conn):
        for chunk in _chunks(ids, 500):
            marks = ", ".join("?" for _ in chunk)
            for session_id, group_id in conn.execute(
                f"SELECT session_id, error_group_id FROM memory WHERE id IN ({marks})", chunk
            ):
                touched_sessions.add(session_id)
                if group_id is not None:
                    touched_groups.add(group_id)
            conn.execute(f"DELETE FROM memory WHERE id IN ({marks})", chunk)
        _refresh_derived(conn, touched_sessions, touched_groups, drop_sessions=set(drop_sessions))
    scrub(conn)
    return len(ids)


def _refresh_derived(conn, sessions: set[str], groups: set[int], drop_sessions: set[str]) -> None:
    """Rebuild text derived from memories that are gone (inside the caller's transaction)."""
    from store.writer import summarise_session

    for session_id in sessions:
        left = conn.execute("SELECT count(*) FROM memory WHERE session_id = ?", (session_id,)).fetchone()[0]
        if left == 0 or session_id in drop_sessions:
            conn.execute("DELETE FROM memory WHERE session_id = ?", (session_id,))
            conn.execute("DELETE FROM session WHERE session_id = ?", (session_id,))
            continue
        summarise_session(conn, session_id)
    for group_id in groups:
        latest = conn.execute(
            "SELECT content FROM memory WHERE error_group_id = ? ORDER BY id DESC LIMIT 1", (group_id,)
        ).fetchone()
        if latest is None:
            conn.execute("DELETE FROM error_group WHERE id = ?", (group_id,))
        else:
            conn.execute(
                "UPDATE error_group SET sample = ? WHERE id = ?",
                (headline(latest[0])[:300], group_id),
            )


def scrub(conn: sqlite3.Connection) -> None:
    """Make deleted text unrecoverable from the files: optimise FTS, truncate the WAL, vacuum."""
    optimize_indexes(conn)
    conn.executescript("PRAGMA incremental_vacuum;")  # execute() frees a single page
    for _ in range(50):
        busy = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
        if not busy:
            return
        import time

        time.sleep(0.1)
    raise StoreError(
        "the forgotten text was deleted, but another process kept the write-ahead log open; "
        "close other memlane windows and run `memlane forget` again to finish scrubbing."
    )


def redact(
    conn: sqlite3.Connection, memory_id: int, *, span: tuple[int, int] | None = None,
    pattern: str | None = None,
) -> int:  # fmt: skip
    """Replace a span (start, end) or every match of a regex inside one memory with [REDACTED].

    Returns how many replacements were made.  The old text is scrubbed from the files.
    """
    row = conn.execute("SELECT content, type, tool_name, file_path FROM memory WHERE id = ?",
                       (memory_id,)).fetchone()  # fmt: skip
    if row is None:
        raise StoreError(f"there is no memory {memory_id}.")
    content = row[0]
    if span is not None:
        start, end = int(span[0]), int(span[1])
        if not (0 <= start < end <= len(content)):
            raise StoreError(f"the span {start}-{end} is outside memory {memory_id} ({len(content)} characters).")
        new, count = content[:start] + REDACTED + content[end:], 1
    elif pattern:
        try:
            regex = re.compile(pattern)
        except re.error as exc:
            raise StoreError(f"the pattern is not a valid regular expression: {exc}.") from exc
        new, count = regex.subn(REDACTED, content)
    else:
        raise StoreError("say what to redact: a span or a pattern.")
    if count:
        _replace_contents(conn, {memory_id: new})
        scrub(conn)
    return count


def _replace_contents(conn: sqlite3.Connection, new_contents: dict[int, str]) -> None:
    with write(conn):
        sessions, groups = set(), set()
        for memory_id, new in new_contents.items():
            row = conn.execute(
                "SELECT type, tool_name, file_path, session_id, error_group_id FROM memory WHERE id = ?",
                (memory_id,),
            ).fetchone()
            if row is None:
                continue
            conn.execute(
                "UPDATE memory SET content = ?, content_hash = ? WHERE id = ?",
                (new, content_hash(row[0], row[1], row[2], new), memory_id),
            )
            sessions.add(row[3])
            if row[4] is not None:
                groups.add(row[4])
        _refresh_derived(conn, sessions, groups, drop_sessions=set())


def secrets_audit(conn: sqlite3.Connection, extra_patterns=(), *, batch: int = 2000) -> list[dict]:
    """Every stored memory that holds something the privacy filter would now remove, newest first.

    One call scans everything; an app that must stay responsive (or be able to
    stop) calls `audit_batch` itself.
    """
    findings: list[dict] = []
    before_id = None
    while True:
        found, before_id = audit_batch(conn, before_id, batch, extra_patterns)
        findings += found
        if before_id is None:
            return findings


def audit_batch(
    conn: sqlite3.Connection, before_id: int | None, limit: int, extra_patterns=()
) -> tuple[list[dict], int | None]:
    """One step of the secrets audit: the `limit` memories just below `before_id`, newest first.

    `before_id` None starts at the newest memory.  Returns the findings among
    them and the id to pass next, or None when no memory is left to scan.
    Each finding: memory id, session, created_at, the kinds found, and a short
    masked preview (stored before memlane redacted it, or caught by a new pattern).
    """
    limit = max(1, int(limit))
    sql = "SELECT id, session_id, created_at, content FROM memory"
    params: list[object] = []
    if before_id is not None:
        sql += " WHERE id < ?"
        params.append(before_id)
    rows = conn.execute(sql + " ORDER BY id DESC LIMIT ?", [*params, limit]).fetchall()
    return _audit_rows(rows, extra_patterns), (rows[-1][0] if len(rows) == limit else None)


def audit_ids(conn: sqlite3.Connection, memory_ids, extra_patterns=()) -> list[dict]:
    """The secrets audit over these memories only (e.g. what a redaction left), newest first."""
    rows = []
    for chunk in _chunks(sorted({int(i) for i in memory_ids}, reverse=True), 500):
        marks = ", ".join("?" for _ in chunk)
        rows += conn.execute(
            f"SELECT id, session_id, created_at, content FROM memory WHERE id IN ({marks})"
            " ORDER BY id DESC",
            chunk,
        ).fetchall()
    return _audit_rows(rows, extra_patterns)


def _audit_rows(rows, extra_patterns) -> list[dict]:
    findings = []
    for memory_id, session_id, created_at, content in rows:
        found = privacy.find_secrets(content, extra_patterns)
        private = privacy.strip_private(content) != content
        if not found and not private:
            continue
        kinds = sorted({kind for kind, _, _ in found} | ({"private"} if private else set()))
        start = found[0][1] if found else content.lower().find("<private")
        preview = content[max(0, start - 30) : start].replace("\n", " ")
        findings.append({
            "id": memory_id, "session_id": session_id, "created_at": created_at,
            "kinds": kinds, "count": len(found) + int(private), "preview": preview + "[…]",
        })  # fmt: skip
    return findings


def redact_findings(conn: sqlite3.Connection, memory_ids, extra_patterns=()) -> int:
    """Apply the privacy filter to these stored memories, in one transaction; returns how many changed."""
    changed: dict[int, str] = {}
    for chunk in _chunks(sorted({int(i) for i in memory_ids}), 500):
        marks = ", ".join("?" for _ in chunk)
        for memory_id, content in conn.execute(
            f"SELECT id, content FROM memory WHERE id IN ({marks})", chunk
        ):
            cleaned = privacy.clean_text(content, extra_patterns)
            if cleaned != content:
                changed[memory_id] = cleaned if cleaned.strip() else REDACTED
    if changed:
        _replace_contents(conn, changed)
        scrub(conn)
    return len(changed)


def _chunks(items: list, size: int):
    for i in range(0, len(items), size):
        yield items[i : i + size]
