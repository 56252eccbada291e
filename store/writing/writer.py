"""Writing memories and sessions: the one write path for hooks, importer, CLI and app.

Dedupe lives in the database: inside a BEGIN IMMEDIATE transaction (one writer
at a time, across processes) a memory with the same session and content hash
from the last 60 seconds is looked up before inserting.
"""

from __future__ import annotations

import sqlite3
import time

from store.database import FILE_TYPES, dicts, placeholders, utc_now, write
from store.digest import fields_digest
from store.project import resolve_project
from store.text import MAX_CONTENT_CHARS, cap_text
from store.writing.tombstones import buried, session_buried


def storable(text: str) -> str:
    """`text` with lone surrogates (JSON can carry "\\ud800") as U+FFFD: SQLite cannot take them."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


DEDUPE_WINDOW_S = 60
VALID_IMPORTANCE = (1, 2, 3)

_MEMORY_COLUMNS = (
    "session_id", "prompt_id", "tool_use_id", "tool_name", "type", "project", "project_name",
    "cwd", "file_path", "content", "tags", "importance", "content_hash", "created_at",
    "error_group_id", "source", "received_at",
)  # fmt: skip
INSERT_MEMORY_SQL = (
    f"INSERT INTO memory ({', '.join(_MEMORY_COLUMNS)}) "
    f"VALUES ({placeholders(len(_MEMORY_COLUMNS))})"
)
INSERT_SESSION_SQL = (
    "INSERT OR IGNORE INTO session (session_id, project, project_name, cwd, started_at, "
    "summary, tools_used, files_changed, memory_count, error_count, source, last_activity_at) "
    "VALUES (?, ?, ?, ?, ?, '', '', '', 0, 0, ?, ?)"
)


def content_hash(mtype: object, tool_name: object, file_path: object, content: object) -> str:
    """A memory's `content_hash`: what makes two memories of one session the same one."""
    return fields_digest(mtype, tool_name, file_path, content)


def _text(value: object, limit: int | None = None) -> str | None:
    if value is None:
        return None
    text = value if isinstance(value, str) else str(value)
    text = storable(text.replace("\x00", ""))
    return cap_text(text, limit) if limit else text


def _epoch(timestamp: str) -> int:
    """Whole seconds since 1970 of a stored timestamp (no strptime: it imports locale)."""
    y, mo, d = int(timestamp[0:4]), int(timestamp[5:7]), int(timestamp[8:10])
    a = (14 - mo) // 12
    yy, mm = y + 4800 - a, mo + 12 * a - 3
    days = d + (153 * mm + 2) // 5 + 365 * yy + yy // 4 - yy // 100 + yy // 400 - 32045 - 2440588
    return days * 86400 + int(timestamp[11:13]) * 3600 + int(timestamp[14:16]) * 60 + int(timestamp[17:19])


def _shift(timestamp: str, seconds: int) -> str:
    """`timestamp` (as stored) moved by `seconds`, in the stored format."""
    t = _epoch(timestamp) + seconds
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + timestamp[19:]


def normalise_timestamp(value: object) -> str | None:
    """An ISO-8601 time (any offset, with or without fraction) as stored, or None."""
    if not isinstance(value, str) or len(value) < 19:
        return None
    from datetime import datetime, timezone

    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=timezone.utc)
    return parsed.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _prepare(obs: dict) -> tuple | None:
    session_id = obs.get("session_id")
    if not isinstance(session_id, str) or not session_id.strip():
        return None
    session_id = storable(session_id)  # a lone surrogate cannot be stored
    content = _text(obs.get("content"), MAX_CONTENT_CHARS) or ""
    if not content.strip():
        return None
    mtype = _text(obs.get("type")) or "observation"
    tool_name = _text(obs.get("tool_name"))
    file_path = _text(obs.get("file_path"))
    cwd = _text(obs.get("cwd"))
    project, project_name = resolve_project(cwd)
    importance = obs.get("importance")
    if importance not in VALID_IMPORTANCE:
        importance = 3 if mtype == "error" else 1
    now = utc_now()
    created_at = normalise_timestamp(obs.get("created_at")) or now
    # When it reached memlane (tests and a late spool may say; else now): retention's clock.
    received_at = normalise_timestamp(obs.get("received_at")) or now
    return (
        session_id, _text(obs.get("prompt_id")), _text(obs.get("tool_use_id")), tool_name, mtype,
        project, project_name, cwd, file_path, content, _text(obs.get("tags"), 500) or "",
        importance, content_hash(mtype, tool_name, file_path, content), created_at, None,
        _text(obs.get("source")) or "hook", received_at,
    )  # fmt: skip


def _is_duplicate(conn: sqlite3.Connection, row: tuple) -> bool:
    """The same event stored already: the same session and text within the dedupe window,
    and not another call (tool_use_id) or another prompt (prompt_id) that reads alike:
    four identical edits at four places of a file are four memories."""
    session_id, chash, created_at, tool_use_id = row[0], row[12], row[13], row[2]
    sql = (
        "SELECT 1 FROM memory WHERE session_id = ? AND content_hash = ? "
        "AND created_at >= ? AND created_at <= ? AND (? IS NULL OR tool_use_id IS NULL OR tool_use_id = ?)"
    )
    params = [session_id, chash, _shift(created_at, -DEDUPE_WINDOW_S), _shift(created_at, DEDUPE_WINDOW_S),
              tool_use_id, tool_use_id]  # fmt: skip
    if row[4] == "prompt" and row[1]:
        sql += " AND (prompt_id IS NULL OR prompt_id = ?)"
        params.append(row[1])
    return conn.execute(sql + " LIMIT 1", params).fetchone() is not None


def _captured_by_hook(conn: sqlite3.Connection, row: tuple) -> bool:
    """An imported memory whose event the hooks already stored, where the transcript
    cannot give byte-identical content (a subagent's transcript has no tool output;
    a compaction summary is stored reformatted): the same tool call (session +
    tool_use_id), or a compaction summary of the session within the dedupe window."""
    if row[15] != "import":
        return False
    session_id, tool_use_id = row[0], row[2]
    if tool_use_id:
        found = conn.execute(
            "SELECT 1 FROM memory WHERE tool_use_id = ? AND session_id = ? AND source = 'hook' "
            "LIMIT 1",
            (tool_use_id, session_id),
        ).fetchone()
        return found is not None
    if row[4] == "compact_summary":
        created_at = row[13]
        found = conn.execute(
            "SELECT 1 FROM memory WHERE session_id = ? AND type = 'compact_summary' "
            "AND source = 'hook' AND created_at >= ? AND created_at <= ? LIMIT 1",
            (session_id, _shift(created_at, -DEDUPE_WINDOW_S), _shift(created_at, DEDUPE_WINDOW_S)),
        ).fetchone()
        return found is not None
    return False


def _ensure_session(conn: sqlite3.Connection, row: tuple) -> tuple | None:
    """The memory's session row made or moved to cover the memory's time; returns the
    session's (project, project_name) when the row was there already, None when it was made
    here (from this memory: its project is the memory's)."""
    session_id, project, project_name, cwd, created_at, source = (
        row[0], row[5], row[6], row[7], row[13], row[15],
    )  # fmt: skip
    # Most memories belong to a session already stored: one UPDATE, no INSERT attempted.
    moved = conn.execute(
        "UPDATE session SET last_activity_at = max(coalesce(last_activity_at, ''), ?), "
        "started_at = min(coalesce(started_at, ?), ?) WHERE session_id = ?",
        (created_at, created_at, created_at, session_id),
    ).rowcount
    if moved:
        return conn.execute(
            "SELECT project, project_name FROM session WHERE session_id = ?", (session_id,)
        ).fetchone()
    conn.execute(
        INSERT_SESSION_SQL, (session_id, project, project_name, cwd, created_at, source, created_at)
    )
    return None


_COMES_BACK = "status = 'resolved' AND excluded.last_seen > coalesce(resolved_at, '')"


def _link_error_group(conn: sqlite3.Connection, row: tuple, error_text: object) -> tuple:
    from store.triage import error_signature, headline  # only errors pay for its regexes

    text = _text(error_text) if isinstance(error_text, str) and error_text.strip() else row[9]
    call = row[9].split("\n", 1)[0]  # what failed: "$ npm test", "Edit src/a.py", ...
    signature = error_signature(text, row[3], call)
    created_at = row[13]
    sample = (headline(text) or call)[:300]
    group_id = conn.execute(
        "INSERT INTO error_group (signature, tool_name, sample, status, note, first_seen, last_seen, count) "
        "VALUES (?, ?, ?, 'open', '', ?, ?, 1) "
        "ON CONFLICT(signature) DO UPDATE SET count = count + 1, "
        "last_seen = max(last_seen, excluded.last_seen), "
        "first_seen = min(first_seen, excluded.first_seen), "
        # A resolved error that occurs again (after it was resolved: an import of older
        # occurrences does not count) is regressed, not silently open again.
        f"status = CASE WHEN {_COMES_BACK} THEN 'regressed' ELSE status END, "
        f"regressed_at = CASE WHEN {_COMES_BACK} THEN excluded.last_seen ELSE regressed_at END "
        "RETURNING id",
        (signature, row[3], sample, created_at, created_at),
    ).fetchone()[0]
    return row[:14] + (group_id,) + row[15:]


def _insert(conn: sqlite3.Connection, obs: dict, row: tuple | None) -> int | None:
    row = _checked_row(conn, obs, row)
    return None if row is None else conn.execute(INSERT_MEMORY_SQL, row).lastrowid


def _checked_row(conn: sqlite3.Connection, obs: dict, row: tuple | None) -> tuple | None:
    """The row to insert for an observation (its session made, its error group linked),
    or None for a duplicate or an empty observation."""
    if row is None or _is_duplicate(conn, row) or _captured_by_hook(conn, row):
        return None
    if buried(conn, row[0], row[12], row[2], row[13]):  # forgotten stays forgotten
        return None
    # The model can `cd` anywhere and later events carry that cwd: a memory belongs
    # to its session's project, fixed when the session started.
    owner = _ensure_session(conn, row)
    if owner and owner[0] and owner[0] != row[5]:
        row = row[:5] + (owner[0], owner[1]) + row[7:]
    if row[4] == "error":
        row = _link_error_group(conn, row, obs.get("error_text"))
    return row


# Rows per multi-row INSERT in add_memories (17 values each: far below SQLite's limit).
ROWS_PER_INSERT = 200
_INSERT_ROW = "(" + placeholders(len(_MEMORY_COLUMNS) + 1) + ")"


def _insert_many(
    conn: sqlite3.Connection, observations: list[dict], rows: list[tuple | None]
) -> list[int | None]:
    """add_memories' body. The rows go in multi-row INSERTs: FTS5 writes out its
    pending index data at the end of every statement, so one INSERT per row (the
    full-text triggers run inside it) made a batch about three times slower. A row
    whose session and content hash match a row still waiting is checked only once
    the waiting rows are written, so the dedupe query sees them."""
    ids: list[int | None] = [None] * len(observations)
    waiting: list[tuple[int, tuple]] = []
    keys: set = set()

    def write_waiting() -> None:
        if not waiting:
            return
        first = conn.execute(  # past every id ever handed out, as AUTOINCREMENT would be
            "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'memory'), 0), "
            "coalesce((SELECT max(id) FROM memory), 0)) + 1"
        ).fetchone()[0]
        params: list = []
        for n, (index, row) in enumerate(waiting):
            ids[index] = first + n
            params.append(first + n)
            params.extend(row)
        conn.execute(
            f"INSERT INTO memory (id, {', '.join(_MEMORY_COLUMNS)}) VALUES "
            + ", ".join(_INSERT_ROW for _ in waiting),
            params,
        )
        waiting.clear()
        keys.clear()

    for index, (obs, row) in enumerate(zip(observations, rows)):
        if row is not None and (row[0], row[12]) in keys:
            write_waiting()
        row = _checked_row(conn, obs, row)
        if row is None:
            continue
        waiting.append((index, row))
        keys.add((row[0], row[12]))
        if len(waiting) >= ROWS_PER_INSERT:
            write_waiting()
    write_waiting()
    return ids


class _CallersTransaction:
    """`transaction=False`: the writes join the transaction the caller holds open (an
    import runs many writer calls in one, or rolls them all back for a dry run)."""

    __slots__ = ()

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc) -> bool:
        return False


def _transaction(conn: sqlite3.Connection, transaction: bool):
    return write(conn) if transaction else _CallersTransaction()


def add_memory(conn: sqlite3.Connection, obs: dict) -> int | None:
    """Store one observation; returns its id, or None if it was a duplicate or empty."""
    row = _prepare(obs)  # reads git metadata: before the write lock, never under it
    with write(conn):
        return _insert(conn, obs, row)


def add_memories(
    conn: sqlite3.Connection, observations: list[dict], *, transaction: bool = True
) -> list[int | None]:
    """Store many observations in one transaction (the importer's and spool's path);
    `transaction=False` writes inside the caller's open transaction instead."""
    rows = [_prepare(obs) for obs in observations]  # file reads before the write lock
    with _transaction(conn, transaction):
        return _insert_many(conn, observations, rows)


def start_session(
    conn: sqlite3.Connection, session_id: str, cwd: str | None, *, started_at: str | None = None,
    source: str = "hook", transaction: bool = True,
) -> None:  # fmt: skip
    """Open a session row, or reopen it on resume (its end is cleared)."""
    _start_session(conn, _storable_id(session_id), cwd, started_at, source, transaction)


def _storable_id(session_id: object) -> object:
    return storable(session_id) if isinstance(session_id, str) else session_id


def _start_session(conn, session_id, cwd, started_at, source, transaction) -> None:
    if not isinstance(session_id, str) or not session_id.strip():
        return
    cwd = _text(cwd) if isinstance(cwd, str) else None
    project, project_name = resolve_project(cwd)
    started_at = normalise_timestamp(started_at) or utc_now()
    with _transaction(conn, transaction):
        if session_buried(conn, session_id, started_at):
            return  # a forgotten session is not made again from its old events
        conn.execute(
            INSERT_SESSION_SQL,
            (session_id, project, project_name, cwd, started_at, source, started_at),
        )
        conn.execute(
            "UPDATE session SET ended_at = NULL, end_reason = NULL, "
            "last_activity_at = max(coalesce(last_activity_at, ''), ?) WHERE session_id = ?",
            (started_at, session_id),
        )


def own_session(
    conn: sqlite3.Connection, session_id: str, cwd: str | None, first: str | None, last: str | None, *,
    transaction: bool = True,
) -> None:  # fmt: skip
    """A session an import made (source 'import'): opened at `first`, its transcript's first
    time (earlier than its first memory's, which may have made the row), and closed at
    `last`, its transcript's last (each import anew: the transcript is the truth of it)."""
    session_id = _storable_id(session_id)
    with _transaction(conn, transaction):
        _start_session(conn, session_id, cwd, first, "import", False)
        if first:  # the row may come from the first memory, a little later
            conn.execute(
                "UPDATE session SET started_at = min(started_at, ?) WHERE session_id = ?", (first, session_id)
            )
        row = conn.execute("SELECT ended_at FROM session WHERE session_id = ?", (session_id,)).fetchone()
        if last and row is not None and (row[0] is None or row[0] < last):
            _end_session(conn, session_id, None, last, False)


def end_session(
    conn: sqlite3.Connection, session_id: str, reason: str | None, *, ended_at: str | None = None,
    transaction: bool = True,
) -> None:
    """Close a session: end time, reason and duration."""
    _end_session(conn, _storable_id(session_id), reason, ended_at, transaction)


def _end_session(conn, session_id, reason, ended_at, transaction) -> None:
    if not isinstance(session_id, str) or not session_id.strip():
        return
    ended_at = normalise_timestamp(ended_at) or utc_now()
    with _transaction(conn, transaction):
        conn.execute(
            "UPDATE session SET ended_at = ?, end_reason = ?, "
            "duration_s = CAST(round((julianday(?) - julianday(started_at)) * 86400) AS INTEGER) "
            "WHERE session_id = ?",
            (ended_at, reason if isinstance(reason, str) else None, ended_at, session_id),
        )


# Which of a session's names wins, as Claude Code's /resume picker shows them: a name the
# user gave (/rename, `claude -n`) over a generated title over an old `summary` entry.
TITLE_RANKS = {"custom": 3, "ai": 2, "start": 2, "summary": 1}
MAX_TITLE_CHARS = 200


def note_session(
    conn: sqlite3.Connection, session_id: str, *, title: str | None = None, title_kind: str = "ai",
    waiting: str | None = None, answered: bool = False, context_tokens: int | None = None,
    cache_expired: bool | None = None, at: str | None = None, transaction: bool = True,
) -> None:  # fmt: skip
    """What a session is besides its memories, on its row (a session not stored yet is left
    alone): its `title` (kept unless one of a higher TITLE_RANKS kind is stored), a
    "waiting for input" notification (`waiting`, its message) or its end (`answered`),
    what resuming it cost (`context_tokens`, `cache_expired`: None = not said)."""
    _note_session(conn, _storable_id(session_id), title=title, title_kind=title_kind, waiting=waiting,
                  answered=answered, context_tokens=context_tokens, cache_expired=cache_expired, at=at,
                  transaction=transaction)  # fmt: skip


def _note_session(conn, session_id, *, title, title_kind, waiting, answered, context_tokens, cache_expired, at,
                  transaction) -> None:  # fmt: skip
    if not isinstance(session_id, str) or not session_id.strip():
        return
    at = normalise_timestamp(at) or utc_now()
    with _transaction(conn, transaction):
        if isinstance(title, str) and title.strip() and title_kind in TITLE_RANKS:
            title = " ".join(title.split())[:MAX_TITLE_CHARS]
            rank = TITLE_RANKS[title_kind]
            kinds = [k for k, r in TITLE_RANKS.items() if r > rank]
            conn.execute(
                f"UPDATE session SET title = ?, title_kind = ? WHERE session_id = ? "
                f"AND coalesce(title_kind, '') NOT IN ({placeholders(len(kinds))})",
                (title, title_kind, session_id, *kinds),
            )
        if isinstance(waiting, str):
            conn.execute(
                "UPDATE session SET waiting_at = ?, waiting_message = ? WHERE session_id = ?",
                (at, _text(waiting, 300) or "", session_id),
            )
        elif answered:
            conn.execute(
                "UPDATE session SET waiting_at = NULL, waiting_message = NULL "
                "WHERE session_id = ? AND waiting_at IS NOT NULL AND waiting_at <= ?",
                (session_id, at),
            )
        whole = isinstance(context_tokens, int) and not isinstance(context_tokens, bool)
        tokens = context_tokens if whole else None
        expired = int(cache_expired) if isinstance(cache_expired, bool) else None
        if tokens is not None or expired is not None:
            conn.execute(
                "UPDATE session SET resume_context_tokens = ?, resume_cache_expired = ? "
                "WHERE session_id = ?",
                (tokens, expired, session_id),
            )


def waiting_sessions(conn: sqlite3.Connection, project: str | None = None) -> list[dict]:
    """Sessions waiting for their user: a "waiting for input" notification (a permission
    or an idle prompt) came, and nothing happened in them since, nor did they end.  Newest
    first, each with its id, project, title, summary, `waiting_at` and `waiting_message`."""
    sql = (
        "SELECT session_id, project, project_name, title, summary, waiting_at, waiting_message "
        "FROM session WHERE waiting_at IS NOT NULL AND ended_at IS NULL "
        "AND waiting_at >= coalesce(last_activity_at, '')"
    )
    params: list = []
    if project:
        sql += " AND project = ?"
        params.append(project)
    return dicts(conn.execute(sql + " ORDER BY waiting_at DESC", params))


def session_memories(conn: sqlite3.Connection, session_id: str, limit: int = 2000) -> list[dict]:
    """The first `limit` memories of a session in order, as dicts (for summaries)."""
    return dicts(
        conn.execute("SELECT * FROM memory WHERE session_id = ? ORDER BY id LIMIT ?", (session_id, limit))
    )


def has_summary(conn: sqlite3.Connection, session_id: object) -> bool:
    """The session exists and has a summary already."""
    return _has_summary(conn, _storable_id(session_id))


def _has_summary(conn, session_id) -> bool:
    if not isinstance(session_id, str):
        return False
    row = conn.execute("SELECT summary FROM session WHERE session_id = ?", (session_id,)).fetchone()
    return bool(row and row[0])


def update_session_summary(
    conn: sqlite3.Connection, session_id: str, *, now: str | None = None, transaction: bool = True
) -> str | None:
    """Rebuild and store a session's summary from its memories (no LLM)."""
    return _update_session_summary(conn, _storable_id(session_id), now, transaction)


def _update_session_summary(conn, session_id, now, transaction) -> str | None:
    if not isinstance(session_id, str) or not session_id.strip():
        return None
    with _transaction(conn, transaction):
        return summarise_session(conn, session_id, now=now)


def summarise_session(conn: sqlite3.Connection, session_id: str, *, now: str | None = None) -> str | None:
    """update_session_summary's work, inside the caller's transaction: the summary,
    the tools used and the files changed, derived from the session's memories."""
    return summarise_sessions(conn, [session_id], now=now).get(session_id)


SUMMARY_MEMORIES = 2000  # a session's summary reads its first this many memories
SESSIONS_PER_READ = 500  # session ids per `IN (...)` list
# The text of a memory only when build_summary reads it: prompts, commands and
# errors, and a file memory whose path has no name (its first line names the file).
# The other memories' text is most of a session's bytes and is never looked at.
_SUMMARY_TEXT = (
    "CASE WHEN type IN ('prompt', 'command', 'error') OR (type IN ('file_edit', 'file_write', "
    "'notebook_edit') AND rtrim(replace(coalesce(file_path, ''), '\\', '/'), '/') = '') "
    "THEN content END"
)


def summarise_sessions(
    conn: sqlite3.Connection, session_ids, *, now: str | None = None
) -> dict[str, str]:
    """summarise_session for many sessions (a forget touches thousands), inside the
    caller's transaction: a few reads of the columns a summary uses, one batched update.

    Returns {session id: summary} for the sessions that exist.
    """
    derived = session_summaries(conn, session_ids, now=now)
    store_summaries(conn, derived)
    return {session_id: values[0] for session_id, values in derived.items()}


def store_summaries(conn: sqlite3.Connection, derived: dict[str, tuple[str, str, str]]) -> None:
    """Write what session_summaries computed (inside the caller's transaction)."""
    conn.executemany(
        "UPDATE session SET summary = ?, tools_used = ?, files_changed = ? WHERE session_id = ?",
        [(*values, session_id) for session_id, values in derived.items()],
    )


def session_summaries(
    conn: sqlite3.Connection, session_ids, *, now: str | None = None, leaving_out=frozenset()
) -> dict[str, tuple[str, str, str]]:
    """{session id: (summary, tools used, files changed)} of the sessions that exist, from
    their first SUMMARY_MEMORIES memories other than the ids in `leaving_out` (a forget
    computes them while its delete runs).  Reads only; writes nothing."""
    from store.writing.summary import build_summary

    wanted = sorted({storable(s) for s in session_ids if isinstance(s, str)})
    derived: dict[str, tuple[str, str, str]] = {}
    for start in range(0, len(wanted), SESSIONS_PER_READ):
        chunk = wanted[start : start + SESSIONS_PER_READ]
        marks = placeholders(len(chunk))
        times = {
            row[0]: row[1:]
            for row in conn.execute(
                f"SELECT session_id, started_at, ended_at, last_activity_at FROM session "
                f"WHERE session_id IN ({marks})",
                chunk,
            )
        }
        memories: dict[str, list[dict]] = {session_id: [] for session_id in times}
        for session_id, memory_id, mtype, tool_name, file_path, tags, content in conn.execute(
            f"SELECT session_id, id, type, tool_name, file_path, tags, {_SUMMARY_TEXT} FROM memory "
            f"WHERE session_id IN ({marks}) ORDER BY session_id, id",
            chunk,
        ):
            kept = memories.get(session_id)
            if kept is not None and len(kept) < SUMMARY_MEMORIES and memory_id not in leaving_out:
                kept.append({"type": mtype, "tool_name": tool_name, "file_path": file_path,
                             "tags": tags, "content": content})  # fmt: skip
        for session_id, (started_at, ended_at, last_activity) in times.items():
            kept = memories[session_id]
            summary = build_summary(kept, started_at, ended_at or last_activity or now)
            tools = sorted({m["tool_name"] for m in kept if m["tool_name"]})
            files = list(dict.fromkeys(m["file_path"] for m in kept if m["type"] in FILE_TYPES and m["file_path"]))
            derived[session_id] = (summary, " ".join(tools), "\n".join(files))
    return derived


# ---------------------------------------------------------------- the hook's operations
# What a hook run writes, as operations (one JSON object each; the spool keeps them as
# JSON lines while the database is busy):
#
#     {"op": "memory", "obs": {...Observation...}}
#     {"op": "start_session", "session_id": ..., "cwd": ..., "at": ...}
#     {"op": "end_session", "session_id": ..., "reason": ..., "at": ...}
#     {"op": "summary", "session_id": ..., "if_empty": ...}
#     {"op": "session_note", "session_id": ..., "at": ..., "title": ..., "title_kind": ...,
#      "waiting": ..., "answered": ..., "context_tokens": ..., "cache_expired": ...}
#     {"op": "fork", "session_id": ..., "prompt_ids": [...the transcript's, in order]}
#
# Every operation carries the time it happened (`created_at` / `at`), so one applied
# later keeps its time, and the dedupe makes a memory applied twice one row.

OPS = ("memory", "start_session", "end_session", "summary", "session_note", "fork")


class _Poison(Exception):
    """An operation that can never be applied (bad data): it is skipped."""


def is_db_failure(exc: BaseException) -> bool:
    """A database that cannot take the write now (locked, read-only, full, corrupt)."""
    from store.database import StoreError

    if isinstance(exc, StoreError):
        return True
    # Bad data (a dict where a string belongs, a duplicate key) is not the database's
    # fault: it would fail the same way for ever and hold up everything after it.
    bad_data = (sqlite3.IntegrityError, sqlite3.ProgrammingError, sqlite3.InterfaceError)
    return isinstance(exc, sqlite3.Error) and not isinstance(exc, bad_data)


def apply_ops(conn: sqlite3.Connection, ops: list[dict]) -> tuple[int, BaseException | None]:
    """Apply operations in order.  Returns (how many were handled, database error or None).

    Runs of memories go in one transaction.  An operation with bad data is
    skipped (counted as handled, and said in one `[memlane]` line); a database
    failure stops at that operation, so `ops[done:]` is what is left to keep.
    """
    dropped: list[tuple[str, BaseException]] = []
    try:
        return _apply_ops(conn, ops, _storable_ids(ops), dropped)
    finally:
        _say_dropped(dropped)


def _storable_ids(ops: list[dict]) -> dict:
    """The session ids of a batch's session operations as stored (made storable once)."""
    ids: dict = {}
    for op in ops:
        sid = op.get("session_id")
        if isinstance(sid, str) and sid not in ids:
            ids[sid] = storable(sid)
    return ids


def _apply_ops(conn, ops, ids, dropped) -> tuple[int, BaseException | None]:
    done = 0
    n = len(ops)
    while done < n:
        op = ops[done]
        if op.get("op") == "memory":
            end = done
            while end < n and ops[end].get("op") == "memory":
                end += 1
            done, error = _apply_memories(conn, ops, done, end, dropped)
            if error is not None:
                return done, error
            continue
        try:
            session_id = op.get("session_id")
            _apply_one(conn, op, ids.get(session_id, session_id) if isinstance(session_id, str) else session_id)
        except Exception as exc:
            if is_db_failure(exc):
                return done, exc
            dropped.append((str(op.get("op"))[:40], exc))
        done += 1
    return done, None


def _apply_memories(conn, ops, done: int, end: int, dropped) -> tuple[int, BaseException | None]:
    """The run of memories ops[done:end] in one transaction (one by one when one of them
    holds bad data, skipping it); returns (where it stopped, a database failure or None)."""
    batch = [o.get("obs") for o in ops[done:end] if isinstance(o.get("obs"), dict)]
    try:
        add_memories(conn, batch)
        return end, None
    except Exception as exc:
        if is_db_failure(exc):
            return done, exc
    while done < end:
        obs = ops[done].get("obs")
        if isinstance(obs, dict):
            try:
                add_memory(conn, obs)
            except Exception as one_exc:
                if is_db_failure(one_exc):
                    return done, one_exc
                dropped.append(("memory", one_exc))
        done += 1
    return done, None


def _apply_one(conn: sqlite3.Connection, op: dict, session_id) -> None:
    """One session operation, its session id as stored already."""
    kind = op.get("op")
    at = op.get("at") if isinstance(op.get("at"), str) else None
    if kind == "start_session":
        row = _session_row(conn, session_id)
        if row is not None and row[0] and at and row[0] > at:
            return  # a replayed start must not reopen a session that ended after it
        _start_session(conn, session_id, op.get("cwd"), at, "hook", True)
    elif kind == "end_session":
        row = _session_row(conn, session_id)
        if row is None:
            return
        if at and row[1] and row[1] > at:
            return  # the session went on (resumed) after this end: a stale end
        _end_session(conn, session_id, op.get("reason"), at, True)
    elif kind == "summary":
        if op.get("if_empty") and _has_summary(conn, session_id):
            return
        _update_session_summary(conn, session_id, None, True)
    elif kind == "session_note":
        title_kind = op.get("title_kind") if isinstance(op.get("title_kind"), str) else "start"
        _note_session(conn, session_id, title=op.get("title"), title_kind=title_kind,
                      waiting=op.get("waiting"), answered=op.get("answered") is True,
                      context_tokens=op.get("context_tokens"),
                      cache_expired=op.get("cache_expired"), at=at, transaction=True)  # fmt: skip
    elif kind == "fork":
        from store.writing.forks import link_fork

        with _transaction(conn, True):
            link_fork(conn, session_id, op.get("prompt_ids"))
    else:
        raise _Poison(kind)


def _session_row(conn, session_id):
    return conn.execute(
        "SELECT ended_at, last_activity_at FROM session WHERE session_id = ?", (session_id,)
    ).fetchone()


def _say_dropped(dropped: list[tuple[str, BaseException]]) -> None:
    """One `[memlane]` line for the operations skipped as bad data (nothing silent)."""
    if not dropped:
        return
    from store.log import log_line

    kind, exc = dropped[0]
    more = f" (and {len(dropped) - 1} more)" if len(dropped) > 1 else ""
    log_line(
        f"spool: dropped {len(dropped)} memory-store operation{'s' if len(dropped) != 1 else ''} "
        f"that can never be applied: {kind}: {type(exc).__name__}: {str(exc)[:200]}{more}."
    )
