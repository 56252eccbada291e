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
import threading
import time
from dataclasses import dataclass

from store.database import StoreError, chunks, optimize_indexes, placeholders, utc_now, write
from store.search import Filters, iter_match_chunks, query_terms
from store.triage import headline
from store.writing import bury_content, bury_memories, bury_session, content_hash

REDACTED = "[REDACTED]"


def select_ids(
    conn: sqlite3.Connection, *, ids=None, session=None, project=None, file_path=None,
    query=None, before: str | None = None, after: str | None = None, limit: int | None = None,
) -> list[int]:  # fmt: skip
    """The ids of the memories a forget with the same arguments would remove, oldest first.

    The criteria combine with AND; at least one must be given.  `query` is the
    complete selection of `store.search.match`: every memory holding every term
    (never "most of them": a forget must not widen); a query with nothing
    searchable in it selects nothing.
    """
    id_list = None if ids is None else sorted({int(i) for i in ids})
    if id_list is not None and not id_list:
        return []
    has_query = query is not None and str(query).strip()
    if not has_query and id_list is None and not any((session, project, file_path, before, after)):
        raise StoreError("say what to forget: ids, a session, a project, a file, a query or a time range.")
    filters = Filters(project=project, session=session, file_path=file_path, since=after, until=before)
    if has_query:
        terms = query_terms(query)
        if not terms:
            return []
        wanted = None if id_list is None else set(id_list)
        found = [i for ids_ in iter_match_chunks(conn, terms, filters) for i in ids_
                 if wanted is None or i in wanted]  # fmt: skip
        found.reverse()
    elif id_list is not None:
        found = []
        for chunk in chunks(id_list):
            marks = placeholders(len(chunk))
            found += [row[0] for row in conn.execute(
                f"SELECT m.id FROM memory m WHERE m.id IN ({marks}){filters.sql} ORDER BY m.id",
                [*chunk, *filters.params],
            )]  # fmt: skip
    else:
        found = [row[0] for row in conn.execute(
            f"SELECT m.id FROM memory m WHERE 1{filters.sql} ORDER BY m.id", filters.params
        )]  # fmt: skip
    return found[: int(limit)] if limit else found


@dataclass
class Forgotten:
    """What a forget did: how many memories went, and whether the files are scrubbed
    yet (`pending`: another process was reading; the next memlane command finishes)."""

    count: int
    sessions: int
    scrubbed: bool

    @property
    def pending(self) -> str:
        if self.scrubbed:
            return ""
        return ("the memories are deleted, but another process is reading the database, so their "
                "old text stays in its files until that process lets go; `memlane forget --log` "
                "(or the next forget) finishes the scrub then, and shows whether it is done.")  # fmt: skip


def describe_criteria(criteria: dict) -> str:
    """The forget log's words for a forget's criteria: which kinds, never the text searched for."""
    parts = []
    if criteria.get("ids") is not None:
        n = len(set(criteria["ids"]))
        parts.append(f"{n} chosen memor{'y' if n == 1 else 'ies'}")
    if criteria.get("query"):
        n = len(query_terms(criteria["query"]))
        parts.append(f"a search of {n} word{'' if n == 1 else 's'}")
    for name in ("session", "project", "file_path"):
        if criteria.get(name):
            parts.append(f"{name.replace('_', ' ')} {criteria[name]}")
    if criteria.get("before"):
        parts.append(f"older than {criteria['before'][:10]}")
    if criteria.get("after"):
        parts.append(f"since {criteria['after'][:10]}")
    return criteria.get("reason") or " · ".join(parts) or "everything chosen"


def forget(conn: sqlite3.Connection, **criteria) -> Forgotten:
    """The one forget (`memlane forget`, the Cleanup pane): remove every memory matching
    `criteria` (see select_ids) and every copy of its text, and keep them forgotten.

    The ids are chosen inside the write transaction, so a memory written
    meanwhile is either forgotten or untouched, never half handled.  A forget of
    one whole session (only `session` given) also drops the session and refuses
    its older events on a later import.  Tombstones and a forget-log line are
    written in the same transaction; then the files are scrubbed (see scrub).

    The writes waiting in this database's spool are applied first, so those that
    match are forgotten with the rest instead of arriving afterwards.
    """
    from store.writing import drain_before_forget

    drain_before_forget(conn)
    reason = criteria.pop("reason", None)
    selection = {k: v for k, v in criteria.items() if v is not None and v != ""}
    whole_session = set(selection) == {"session"}
    now = utc_now()
    with write(conn):
        ids = select_ids(conn, **criteria)
        sessions = _remove(conn, ids, now, [criteria["session"]] if whole_session else [])
        log_id = _log(conn, now, describe_criteria({**selection, "reason": reason}), len(ids))
    return Forgotten(len(ids), sessions, _scrub_and_log(conn, log_id, bool(ids) or whole_session))


def forget_ids(conn: sqlite3.Connection, ids: list[int], *, drop_sessions=(), reason: str | None = None,
               scrub_now: bool = True) -> int:  # fmt: skip
    """Remove these memories (those still there), as `forget(ids=...)` does; returns how many.

    `scrub_now=False`: the scrub is left pending for the caller's `finish_scrub`, which
    scrubs once after many batches (each scrub rewrites both indexes whole)."""
    ids = sorted({int(i) for i in ids})
    if not ids and not drop_sessions:
        return 0
    now = utc_now()
    with write(conn):
        present = select_ids(conn, ids=ids) if ids else []
        _remove(conn, present, now, list(drop_sessions))
        log_id = _log(conn, now, reason or describe_criteria({"ids": ids}), len(present))
    if scrub_now:
        _scrub_and_log(conn, log_id, True)
    return len(present)


def _remove(conn, ids: list[int], now: str, drop_sessions: list[str]) -> int:
    """Delete these memories with their tombstones (inside the caller's transaction);
    returns how many sessions they touched."""
    touched_sessions: set[str] = set(drop_sessions)
    touched_groups: set[int] = set()
    bury_memories(conn, ids, now)
    for session_id in drop_sessions:
        bury_session(conn, session_id, now)
    for chunk in chunks(ids):
        marks = placeholders(len(chunk))
        for session_id, group_id in conn.execute(
            f"SELECT DISTINCT session_id, error_group_id FROM memory WHERE id IN ({marks})", chunk
        ):
            touched_sessions.add(session_id)
            if group_id is not None:
                touched_groups.add(group_id)
    summaries = _summaries_meanwhile(conn, touched_sessions - set(drop_sessions), ids)
    try:
        _delete_memories(conn, ids)
    except BaseException:
        if summaries:
            summaries(failed=True)  # the reader closes before the rollback; its result is moot
        raise
    derived = summaries() if summaries else None  # waits; raises what the reader raised
    _refresh_derived(conn, touched_sessions, touched_groups, drop_sessions=set(drop_sessions), derived=derived)
    return len(touched_sessions)


# From this many ids a forget rebuilds the touched sessions' summaries on a second
# core while its delete runs (SQLite releases the GIL): at 100k memories a 10k
# forget's delete and its summaries each take ~0.6 s.  Below it, after the delete.
SUMMARIES_MEANWHILE_FROM = 2000


def _summaries_meanwhile(conn, sessions: set[str], ids: list[int]):
    """Start computing `sessions`' summaries as they will be without `ids`, on a read-only
    connection in a thread; returns the function that waits for them (None: not worth it).

    The reader sees the last commit, which is this transaction's start: the
    caller holds the write lock and has changed no memory yet, so the sessions
    without `ids` are exactly what they will be after the delete.  Only in WAL
    mode, where a reader never blocks the writer.
    """
    if len(ids) < SUMMARIES_MEANWHILE_FROM or not sessions:
        return None
    path = conn.execute("PRAGMA database_list").fetchone()[2]
    if not path or conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        return None
    from store.database import connect
    from store.writing import session_summaries

    box: dict = {}

    def run() -> None:
        try:
            reader = connect(path, readonly=True)
            try:
                box["derived"] = session_summaries(reader, sessions, leaving_out=frozenset(ids))
            finally:
                reader.close()
        except BaseException as exc:  # handed to the waiting caller, which raises it
            box["error"] = exc

    thread = threading.Thread(target=run, name="memlane-forget-summaries", daemon=True)
    thread.start()

    def wait(failed: bool = False) -> dict | None:
        thread.join()
        if "error" in box and not failed:
            raise box["error"]
        return box.get("derived")

    return wait


def _delete_memories(conn, ids: list[int]) -> None:
    """Delete these memory rows in one statement, without merging index segments.

    FTS5 writes its pending index data at the end of every statement and then
    merges segments (automerge): a DELETE per 500 ids paid for 20 flushes and
    their merges.  The scrub's optimize rewrites each index whole right after,
    so merging here is wasted work (0.2-0.35 s of 10k deletes at 100k).
    """
    if not ids:
        return
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS forget_id (id INTEGER PRIMARY KEY)")
    conn.execute("DELETE FROM temp.forget_id")
    conn.executemany("INSERT OR IGNORE INTO temp.forget_id (id) VALUES (?)", ((i,) for i in ids))
    merges = _pause_automerge(conn)  # a failure rolls the setting back with the rest
    conn.execute("DELETE FROM memory WHERE id IN (SELECT id FROM temp.forget_id)")
    _resume_automerge(conn, merges)
    conn.execute("DELETE FROM temp.forget_id")


FTS5_DEFAULT_AUTOMERGE = 4


def _pause_automerge(conn) -> dict[str, int]:
    """Turn off each FTS index's automerge; returns the settings to put back."""
    from store.database import FTS_TABLES

    saved = {}
    for table in FTS_TABLES:
        row = conn.execute(f"SELECT v FROM {table}_config WHERE k = 'automerge'").fetchone()
        saved[table] = FTS5_DEFAULT_AUTOMERGE if row is None else int(row[0])
        conn.execute(f"INSERT INTO {table}({table}, rank) VALUES ('automerge', 0)")
    return saved


def _resume_automerge(conn, saved: dict[str, int]) -> None:
    for table, value in saved.items():
        conn.execute(f"INSERT INTO {table}({table}, rank) VALUES ('automerge', ?)", (value,))


FORGET_GENERATION_KEY = "forget_generation"


def _log(conn, at: str, criteria: str, count: int) -> int:
    """Log a forget or redaction (inside its transaction) and move the forget generation on,
    so every reader showing memories (the app's panes) knows to drop or re-read them."""
    conn.execute(
        "INSERT INTO meta (key, value) VALUES (?, '1') "
        "ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1",
        (FORGET_GENERATION_KEY,),
    )
    return conn.execute(
        "INSERT INTO forget_log (at, criteria, count, scrub) VALUES (?, ?, ?, 'pending')",
        (at, criteria, count),
    ).lastrowid


def _scrub_and_log(conn, log_id: int, needed: bool) -> bool:
    done = scrub(conn) if needed else True
    if done:
        with write(conn):
            conn.execute("UPDATE forget_log SET scrub = 'done' WHERE scrub = 'pending' AND id <= ?", (log_id,))
    return done


def forget_log(conn: sqlite3.Connection, limit: int = 50) -> list[dict]:
    """The latest forgets and redactions, newest first: {at, criteria, count, scrub}."""
    rows = conn.execute(
        "SELECT at, criteria, count, scrub FROM forget_log ORDER BY id DESC LIMIT ?", (int(limit),)
    )
    return [{"at": a, "criteria": c, "count": n, "scrub": s} for a, c, n, s in rows]


def scrub_pending(conn: sqlite3.Connection) -> bool:
    """Whether a forget's text may still be in the files (a reader stopped its scrub)."""
    try:
        row = conn.execute("SELECT 1 FROM forget_log WHERE scrub = 'pending' LIMIT 1").fetchone()
    except sqlite3.Error:
        return False
    return row is not None


def finish_scrub(conn: sqlite3.Connection) -> bool:
    """Finish a scrub a reader stopped, if any; returns True when nothing is pending."""
    if not scrub_pending(conn):
        return True
    last = conn.execute("SELECT max(id) FROM forget_log").fetchone()[0]
    return _scrub_and_log(conn, last, True)


def _refresh_derived(
    conn, sessions: set[str], groups: set[int], drop_sessions: set[str], derived: dict | None = None
) -> None:
    """Rebuild text derived from memories that are gone (inside the caller's transaction),
    set-based: a forget of a common word touches thousands of sessions and groups.
    `derived`: the sessions' summaries already computed (see _summaries_meanwhile)."""
    from store.writing import store_summaries, summarise_sessions

    for session_id in drop_sessions:
        conn.execute("DELETE FROM memory WHERE session_id = ?", (session_id,))
    emptied = list(drop_sessions)
    for chunk in chunks(sorted(sessions - drop_sessions)):
        marks = placeholders(len(chunk))
        emptied += [row[0] for row in conn.execute(
            f"SELECT session_id FROM session s WHERE session_id IN ({marks}) "
            "AND NOT EXISTS (SELECT 1 FROM memory m WHERE m.session_id = s.session_id)",
            chunk,
        )]  # fmt: skip
    for chunk in chunks(sorted(emptied)):
        conn.execute(f"DELETE FROM session WHERE session_id IN ({placeholders(len(chunk))})", chunk)
    left = sessions - set(emptied)
    if derived is None:
        summarise_sessions(conn, left)
    else:
        store_summaries(conn, {s: derived[s] for s in left if s in derived})
        summarise_sessions(conn, {s for s in left if s not in derived})
    for chunk in chunks(sorted(groups)):
        marks = placeholders(len(chunk))
        latest = conn.execute(
            f"SELECT error_group_id, content FROM memory WHERE id IN (SELECT max(id) FROM memory "
            f"WHERE error_group_id IN ({marks}) GROUP BY error_group_id)",
            chunk,
        ).fetchall()
        conn.executemany(
            "UPDATE error_group SET sample = ? WHERE id = ?",
            [(headline(content)[:300], group_id) for group_id, content in latest],
        )
        left = {group_id for group_id, _ in latest}
        gone = [group_id for group_id in chunk if group_id not in left]
        if gone:
            conn.execute(f"DELETE FROM error_group WHERE id IN ({placeholders(len(gone))})", gone)


SCRUB_WAIT_S = 1.0


def scrub(conn: sqlite3.Connection, wait_s: float = SCRUB_WAIT_S) -> bool:
    """Make deleted text unrecoverable from the files: optimise FTS, vacuum, truncate the WAL.

    Returns False when another process holds a read transaction, so the WAL
    cannot be truncated within `wait_s`: the delete stands, the scrub is left
    for `finish_scrub` (no command waits on a reader for longer than that).
    """
    # The optimize frees every page of the old segments.  secure_delete=ON writes
    # each one as zeros (through the WAL and again at the checkpoint: 71 MB of
    # 430 MB written by a 10k forget at 100k); FAST leaves them for the
    # incremental vacuum just below, which truncates or overwrites every free
    # page, so none of them is left in the file.  Only with incremental
    # auto-vacuum, which every memlane database has; otherwise, ON.
    incremental = conn.execute("PRAGMA auto_vacuum").fetchone()[0] == 2
    conn.execute(f"PRAGMA secure_delete = {'FAST' if incremental else 'ON'}")
    try:
        optimize_indexes(conn)
    finally:
        conn.execute("PRAGMA secure_delete = ON")
    conn.executescript("PRAGMA incremental_vacuum;")  # execute() frees a single page
    timeout = conn.execute("PRAGMA busy_timeout").fetchone()[0]
    conn.execute("PRAGMA busy_timeout = 0")  # a reader would hold each try for the whole timeout
    try:
        deadline = time.monotonic() + wait_s
        while True:
            if not conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]:
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.05)
    finally:
        conn.execute(f"PRAGMA busy_timeout = {int(timeout)}")


# The memory's own text that a redaction rewrites: everything search reads (the text, the
# tags, the file path) and the tool's name (an MCP tool's name can carry a server's words).
# The folder (cwd) and project are left: they name the project every memory of the session
# belongs to; forget the session to remove them.
REDACTED_FIELDS = ("content", "file_path", "tags", "tool_name")


def redaction_text(memory: dict) -> str:
    """The text a redaction of `memory` reads, one field a line, empty ones left out (what
    the app shows and counts matches in)."""
    return "\n".join(str(memory[field]) for field in REDACTED_FIELDS if memory.get(field))


def redact(
    conn: sqlite3.Connection, memory_id: int, *, span: tuple[int, int] | None = None,
    pattern: str | None = None,
) -> int:  # fmt: skip
    """Replace a span (start, end) of a memory's text, or every match of a regex in every
    field of it (REDACTED_FIELDS), with [REDACTED].

    Returns how many replacements were made.  What was derived from the memory (its
    session's summary and files, its error group's sample and signature) is rebuilt, and
    the old text is scrubbed from the files, as a forget does.
    """
    columns = ", ".join(REDACTED_FIELDS)
    row = conn.execute(f"SELECT {columns} FROM memory WHERE id = ?", (memory_id,)).fetchone()
    if row is None:
        raise StoreError(f"there is no memory {memory_id}.")
    memory = dict(zip(REDACTED_FIELDS, row))
    content = memory["content"]
    regex = None
    if span is not None:
        start, end = int(span[0]), int(span[1])
        if not (0 <= start < end <= len(content)):
            raise StoreError(f"the span {start}-{end} is outside memory {memory_id} ({len(content)} characters).")
        changes, count = {"content": content[:start] + REDACTED + content[end:]}, 1
    elif pattern:
        try:
            regex = re.compile(pattern)
        except re.error as exc:
            raise StoreError(f"the pattern is not a valid regular expression: {exc}.") from exc
        changes, count = {}, 0
        for field, value in memory.items():
            if value:
                new, n = regex.subn(REDACTED, value)
                if n:
                    changes[field], count = new, count + n
    else:
        raise StoreError("say what to redact: a span or a pattern.")
    if count:
        _replace_fields(conn, {memory_id: changes}, f"a redaction in memory {memory_id}", regex)
    return count


def replace_contents(conn: sqlite3.Connection, new_contents: dict[int, str], reason: str) -> None:
    """Replace these memories' text (see _replace_fields; `reason` is the line the forget log keeps)."""
    _replace_fields(conn, {memory_id: {"content": new} for memory_id, new in new_contents.items()}, reason)


def _replace_fields(
    conn: sqlite3.Connection, changes: dict[int, dict[str, str]], reason: str, regex: re.Pattern | None = None
) -> None:
    """Rewrite these memories' fields ({id: {field: new value}}), keep the old text forgotten
    (a tombstone of the old hash), rebuild what was derived, log it, scrub the files.

    `regex`: what was redacted, also taken out of the touched error groups' signatures."""
    now = utc_now()
    with write(conn):
        sessions, groups = set(), set()
        merges = _pause_automerge(conn)  # each UPDATE would merge segments the scrub rewrites
        for memory_id, fields in changes.items():
            row = conn.execute(
                "SELECT type, tool_name, file_path, session_id, error_group_id, content_hash, "
                "tool_use_id, content FROM memory WHERE id = ?",
                (memory_id,),
            ).fetchone()
            if row is None:
                continue
            fields = {k: v for k, v in fields.items() if k in REDACTED_FIELDS}
            bury_content(conn, row[3], row[5], row[6], now)
            tool_name, file_path, content = (fields.get("tool_name", row[1]), fields.get("file_path", row[2]),
                                             fields.get("content", row[7]))  # fmt: skip
            assignments = ", ".join(f"{k} = ?" for k in fields)
            conn.execute(
                f"UPDATE memory SET {assignments}, content_hash = ? WHERE id = ?",
                (*fields.values(), content_hash(row[0], tool_name, file_path, content), memory_id),
            )
            sessions.add(row[3])
            if row[4] is not None:
                groups.add(row[4])
        _resume_automerge(conn, merges)
        if regex is not None:
            _redact_signatures(conn, groups, regex)
        _refresh_derived(conn, sessions, groups, drop_sessions=set())
        log_id = _log(conn, now, reason, len(changes))
    _scrub_and_log(conn, log_id, True)


def _redact_signatures(conn: sqlite3.Connection, groups: set[int], regex: re.Pattern) -> None:
    """Take `regex` out of these error groups' signatures (inside the caller's transaction).
    A signature that becomes another group's is that group: its memories and count join it."""
    for group_id in sorted(groups):
        row = conn.execute("SELECT signature, count FROM error_group WHERE id = ?", (group_id,)).fetchone()
        if row is None:
            continue
        signature = regex.sub(REDACTED, row[0])
        if signature == row[0]:
            continue
        other = conn.execute("SELECT id FROM error_group WHERE signature = ?", (signature,)).fetchone()
        if other is None:
            conn.execute("UPDATE error_group SET signature = ? WHERE id = ?", (signature, group_id))
            continue
        conn.execute("UPDATE memory SET error_group_id = ? WHERE error_group_id = ?", (other[0], group_id))
        conn.execute(
            "UPDATE error_group SET count = count + ?, "
            "first_seen = min(first_seen, (SELECT first_seen FROM error_group WHERE id = ?)), "
            "last_seen = max(last_seen, (SELECT last_seen FROM error_group WHERE id = ?)) WHERE id = ?",
            (row[1], group_id, group_id, other[0]),
        )
        conn.execute("DELETE FROM error_group WHERE id = ?", (group_id,))
        groups.discard(group_id)
        groups.add(other[0])
