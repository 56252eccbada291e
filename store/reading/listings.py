"""Read-only listings for the app and the CLI: sessions, timelines, live rows, errors, stats.

Everything is paged (LIMIT/keyset): no caller ever loads a whole table.
"""

from __future__ import annotations

import json
import os
import sqlite3

from store.database import chunks, dicts, placeholders


def _one(cursor: sqlite3.Cursor) -> dict | None:
    rows = dicts(cursor)
    return rows[0] if rows else None


def data_version(conn: sqlite3.Connection) -> int:
    """Changes whenever another connection commits: cheap to poll."""
    return conn.execute("PRAGMA data_version").fetchone()[0]


def forget_generation(conn: sqlite3.Connection) -> int:
    """How many forgets and redactions this database has seen (store.forgetting.erase moves it on in
    each one's transaction): a reader that holds memories re-reads them when it changes."""
    row = conn.execute("SELECT value FROM meta WHERE key = 'forget_generation'").fetchone()
    return int(row[0]) if row else 0


def latest_memory_id(conn: sqlite3.Connection) -> int:
    return conn.execute("SELECT coalesce(max(id), 0) FROM memory").fetchone()[0]


def get_memory(conn: sqlite3.Connection, memory_id: int) -> dict | None:
    return _one(conn.execute("SELECT * FROM memory WHERE id = ?", (memory_id,)))


def memories_by_id(conn: sqlite3.Connection, ids) -> dict[int, dict]:
    """{id: memory} of the memories among `ids` still there (a reader holding rows re-reads
    them after a forget or a redaction)."""
    wanted = sorted({int(i) for i in ids})
    found: dict[int, dict] = {}
    for start in range(0, len(wanted), 500):
        chunk = wanted[start : start + 500]
        sql = f"SELECT * FROM memory WHERE id IN ({placeholders(len(chunk))})"
        found.update((row["id"], row) for row in dicts(conn.execute(sql, chunk)))
    return found


def error_group_states(conn: sqlite3.Connection, group_ids) -> dict[int, dict]:
    """{group id: {status, regressed_at, resolved_at, note, signature}} for these groups."""
    wanted = sorted({int(i) for i in group_ids})
    if not wanted:
        return {}
    sql = ("SELECT id, status, regressed_at, resolved_at, note, signature FROM error_group "
           f"WHERE id IN ({placeholders(len(wanted))})")  # fmt: skip
    rows = dicts(conn.execute(sql, wanted))
    return {row.pop("id"): row for row in rows}


def narrowed(params: list[object], **equals: object) -> str:
    """` AND column = ?` for each given value (its parameter appended), '' for none.

    With a session among them, only the session's index is offered to SQLite (`+column`
    for the others): a session holds a few thousand memories at most, and left to choose
    (no statistics) SQLite took the type's index and read every prompt of the database
    for one session's prompts (the preview's first read: 0.4 s at 1M memories)."""
    sql = ""
    by_session = bool(equals.get("session_id"))
    for column, value in equals.items():
        if value:
            unindexed = "+" if by_session and column != "session_id" else ""
            sql += f" AND {unindexed}{column} = ?"
            params.append(value)
    return sql


def memories_after(
    conn: sqlite3.Connection, last_id: int, *, limit: int = 500, project=None, session=None, type=None
) -> list[dict]:
    """Memories newer than `last_id`, oldest first (the Live pane's feed)."""
    sql = "SELECT * FROM memory WHERE id > ?"
    params: list[object] = [last_id]
    sql += narrowed(params, project=project, session_id=session, type=type)
    sql += " ORDER BY id LIMIT ?"
    params.append(limit)
    return dicts(conn.execute(sql, params))


def memories_before(
    conn: sqlite3.Connection, before_id: int | None, *, limit: int = 100, project=None,
    session=None, type=None,
) -> list[dict]:  # fmt: skip
    """Memories older than `before_id` (None: the newest), newest first."""
    sql = "SELECT * FROM memory WHERE 1"
    params: list[object] = []
    if before_id is not None:
        sql += " AND id < ?"
        params.append(before_id)
    sql += narrowed(params, project=project, session_id=session, type=type)
    sql += " ORDER BY id DESC LIMIT ?"
    params.append(limit)
    return dicts(conn.execute(sql, params))


# The newest memories are the latest to happen, not the latest written: an import writes a
# transcript of last year after yesterday's hooks, so by id the dates jump. created_at sorts
# as time (one stored format); the id breaks ties. memory(created_at), (project, created_at)
# and (type, created_at) serve this order without sorting (store.database.models).
BY_TIME = " ORDER BY m.created_at DESC, m.id DESC"


def time_keyset(conn: sqlite3.Connection, before_id: int) -> tuple[str, list[object]]:
    """` AND …` selecting the memories that come after memory `before_id` in BY_TIME order
    (older, or as old with a smaller id); by id alone when that memory is gone."""
    row = conn.execute("SELECT created_at FROM memory WHERE id = ?", (int(before_id),)).fetchone()
    if row is None or row[0] is None:
        return " AND m.id < ?", [int(before_id)]
    return " AND (m.created_at, m.id) < (?, ?)", [row[0], int(before_id)]


def newest_memories(
    conn: sqlite3.Connection, *, limit: int = 100, upto_id: int | None = None, project=None,
    session=None, type=None,
) -> list[dict]:  # fmt: skip
    """The newest memories by when they happened (BY_TIME), newest first; `upto_id`: only
    those stored up to that id (what a live feed follows from)."""
    sql = "SELECT m.* FROM memory m WHERE 1"
    params: list[object] = []
    if upto_id is not None:
        sql += " AND +m.id <= ?"  # a filter: the order's index drives the scan
        params.append(int(upto_id))
    sql += narrowed(params, project=project, session_id=session, type=type)
    sql += BY_TIME + " LIMIT ?"
    params.append(limit)
    return dicts(conn.execute(sql, params))


def projects(conn: sqlite3.Connection) -> list[dict]:
    """Every project with its name and how many sessions it has, busiest first."""
    return dicts(
        conn.execute(
            "SELECT project, max(project_name) AS project_name, count(*) AS sessions, "
            "max(started_at) AS last_started_at FROM session GROUP BY project "
            "ORDER BY last_started_at DESC"
        )
    )


def tool_names(conn: sqlite3.Connection) -> list[str]:
    """Every tool name the memories have, sorted (NULL and empty skipped).

    A skip scan over the tool_name index: each step seeks the next name past the last
    one, so it costs O(distinct names x log n) however many memories there are.
    """
    return [row[0] for row in conn.execute(TOOL_NAMES_SQL)]


def type_is_stored(conn: sqlite3.Connection, memory_type: str) -> bool:
    """Whether any memory has `memory_type` (no index on type: it stops at the first row, so
    ask only about a name memlane does not write itself)."""
    return conn.execute("SELECT 1 FROM memory WHERE type = ? LIMIT 1", (memory_type,)).fetchone() is not None


TOOL_NAMES_SQL = (
    "WITH RECURSIVE tool(name) AS ("
    " SELECT min(tool_name) FROM memory"
    " UNION ALL"
    " SELECT (SELECT min(tool_name) FROM memory WHERE tool_name > tool.name)"
    " FROM tool WHERE tool.name IS NOT NULL)"
    " SELECT name FROM tool WHERE name IS NOT NULL AND name != ''"
)


SESSION_SORTS = {
    "start": "started_at DESC, session_id DESC",
    "length": "duration_s IS NULL, duration_s DESC, started_at DESC, session_id DESC",
    "errors": "error_count DESC, started_at DESC, session_id DESC",
}


def sessions_with_prompt(conn: sqlite3.Connection, text: str, project: str | None = None) -> list[str]:
    """Sessions one of whose prompts (any of them, not only the first) holds every word of
    `text`, found by the store's one search (`store.search`)."""
    from store.search import Filters, match_ids, query_terms

    terms = query_terms(text)
    if not terms:
        return []
    ids = match_ids(conn, terms, Filters(project=project, type="prompt"))
    found: set[str] = set()
    for chunk in chunks(ids):
        found.update(row[0] for row in conn.execute(
            f"SELECT DISTINCT session_id FROM memory WHERE id IN ({placeholders(len(chunk))})", chunk))  # fmt: skip
    return sorted(found)


def _session_filter(conn: sqlite3.Connection, project: str | None, text: str | None,
                    since: str | None = None, until: str | None = None,
                    ) -> tuple[str, list[object]]:  # fmt: skip
    """WHERE clause for a project, a piece of text in the id, project name, summary or name
    (the title Claude Code's /resume shows) or in the
    words of any of the session's prompts, and a time range the session overlaps (active at
    `since` or later, started before `until`)."""
    clauses, params = [], []
    if since:
        clauses.append("coalesce(last_activity_at, started_at) >= ?")
        params.append(since)
    if until:
        clauses.append("started_at < ?")
        params.append(until)
    if project:
        clauses.append("project = ?")
        params.append(project)
    if text and text.strip():
        pattern = "%" + text.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        clauses.append("(session_id LIKE ? ESCAPE '\\' OR project_name LIKE ? ESCAPE '\\' "
                       "OR summary LIKE ? ESCAPE '\\' OR title LIKE ? ESCAPE '\\' "
                       "OR session_id IN (SELECT value FROM json_each(?)))")  # fmt: skip
        params += [pattern] * 4
        params.append(json.dumps(sessions_with_prompt(conn, text, project)))
    return (" WHERE " + " AND ".join(clauses)) if clauses else "", params


def count_sessions(conn: sqlite3.Connection, project: str | None = None, text: str | None = None, *,
                   since: str | None = None, until: str | None = None) -> int:  # fmt: skip
    where, params = _session_filter(conn, project, text, since, until)
    return conn.execute("SELECT count(*) FROM session" + where, params).fetchone()[0]


def list_sessions(
    conn: sqlite3.Connection, *, project: str | None = None, limit: int = 100, offset: int = 0,
    text: str | None = None, sort: str = "start", since: str | None = None, until: str | None = None,
) -> list[dict]:  # fmt: skip
    """Sessions, newest first (`sort` "length": longest first, "errors": most errors first),
    of one project, with `text` in the id, project name, summary, name or a prompt, and active
    between `since` and `until` (stored UTC stamps) when given."""
    where, params = _session_filter(conn, project, text, since, until)
    order = SESSION_SORTS.get(sort, SESSION_SORTS["start"])
    sql = f"SELECT * FROM session{where} ORDER BY {order} LIMIT ? OFFSET ?"
    return dicts(conn.execute(sql, [*params, limit, offset]))


def get_session(conn: sqlite3.Connection, session_id: str) -> dict | None:
    """The session's row; a fork's also says what its parent is called (`forked_from_name`:
    the name Claude Code shows for it, else its summary; None when the parent is not stored)."""
    session = _one(conn.execute("SELECT * FROM session WHERE session_id = ?", (session_id,)))
    if session is not None and session.get("forked_from"):
        parent = conn.execute(
            "SELECT title, summary FROM session WHERE session_id = ?", (session["forked_from"],)
        ).fetchone()
        session["forked_from_name"] = (parent[0] or parent[1] or "") if parent else None
    return session


def session_timeline(
    conn: sqlite3.Connection, session_id: str, *, after_id: int = 0, limit: int = 500
) -> list[dict]:
    """A session's memories in order, paged by id."""
    return dicts(
        conn.execute(
            "SELECT * FROM memory WHERE session_id = ? AND id > ? ORDER BY id LIMIT ?",
            (session_id, after_id, limit),
        )
    )


def project_names(conn: sqlite3.Connection, limit: int = 12) -> list[str]:
    """The names of the projects with the most recent sessions, newest first."""
    rows = conn.execute(
        "SELECT project_name FROM session WHERE project_name IS NOT NULL "
        "GROUP BY project_name ORDER BY max(started_at) DESC LIMIT ?",
        (limit,),
    )
    return [row[0] for row in rows]


def around_in_session(conn: sqlite3.Connection, session_id: str, first_id: int, last_id: int) -> tuple[int, int]:
    """How many memories of the session come before `first_id` and after `last_id`."""
    count = "SELECT count(*) FROM memory WHERE session_id = ? AND id {} ?"
    earlier = conn.execute(count.format("<"), (session_id, first_id)).fetchone()[0]
    later = conn.execute(count.format(">"), (session_id, last_id)).fetchone()[0]
    return earlier, later


def position_in_session(conn: sqlite3.Connection, memory_id: int) -> int | None:
    """How many memories of its session come before `memory_id` (to scroll to it)."""
    row = conn.execute("SELECT session_id FROM memory WHERE id = ?", (memory_id,)).fetchone()
    if row is None:
        return None
    return conn.execute(
        "SELECT count(*) FROM memory WHERE session_id = ? AND id < ?", (row[0], memory_id)
    ).fetchone()[0]


def _like(text: str) -> str:
    """A LIKE pattern matching `text` anywhere (its % _ and \\ taken literally, ESCAPE '\\')."""
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def _error_group_filter(status: str | tuple[str, ...] | None, project: str | None,
                        text: str | None) -> tuple[str, list[object]]:  # fmt: skip
    """WHERE clause (on `g`) for one status or several, a project it was seen in, and a piece
    of text in its signature, sample or note."""
    clauses: list[str] = []
    params: list[object] = []
    statuses = [status] if isinstance(status, str) else list(status or ())
    if statuses:
        clauses.append(f"g.status IN ({placeholders(len(statuses))})")
        params += statuses
    if project:
        clauses.append("EXISTS (SELECT 1 FROM memory m WHERE m.error_group_id = g.id AND m.project = ?)")
        params.append(project)
    if text and text.strip():
        clauses.append("(g.signature LIKE ? ESCAPE '\\' OR g.sample LIKE ? ESCAPE '\\' "
                       "OR g.note LIKE ? ESCAPE '\\')")  # fmt: skip
        params += [_like(text.strip())] * 3
    return (" WHERE " + " AND ".join(clauses)) if clauses else "", params


def error_groups(
    conn: sqlite3.Connection, *, status: str | tuple[str, ...] | None = None, project: str | None = None,
    text: str | None = None, sort: str = "recent", limit: int = 200, offset: int = 0,
) -> list[dict]:  # fmt: skip
    """Error groups with the projects they were seen in; sort by `recent` or `count`;
    `status`: one status or several; `text`: in the signature, sample or note."""
    order = "g.count DESC, g.last_seen DESC" if sort == "count" else "g.last_seen DESC, g.id DESC"
    where, params = _error_group_filter(status, project, text)
    sql = (
        "SELECT g.*, (SELECT group_concat(name, ', ') FROM (SELECT DISTINCT m.project_name AS name "
        "FROM memory m WHERE m.error_group_id = g.id LIMIT 5)) AS projects, "
        "(SELECT m.content FROM memory m WHERE m.error_group_id = g.id ORDER BY m.id DESC LIMIT 1) "
        f"AS last_content FROM error_group g{where} ORDER BY {order} LIMIT ? OFFSET ?"
    )
    return dicts(conn.execute(sql, [*params, limit, offset]))


def get_error_group(conn: sqlite3.Connection, group_id: int) -> dict | None:
    return _one(conn.execute("SELECT * FROM error_group WHERE id = ?", (group_id,)))


def count_error_groups(conn: sqlite3.Connection, status: str | tuple[str, ...] | None = None, *,
                       project: str | None = None, text: str | None = None) -> int:  # fmt: skip
    where, params = _error_group_filter(status, project, text)
    return conn.execute("SELECT count(*) FROM error_group g" + where, params).fetchone()[0]


def error_occurrences(conn: sqlite3.Connection, group_id: int, *, limit: int = 100) -> list[dict]:
    """The error memories of a group, newest first."""
    return dicts(
        conn.execute(
            "SELECT * FROM memory WHERE error_group_id = ? ORDER BY id DESC LIMIT ?", (group_id, limit)
        )
    )


def neighbours(conn: sqlite3.Connection, memory_id: int, *, before: int = 3, after: int = 3) -> list[dict]:
    """What happened just before and after a memory in its session, in order (it included)."""
    row = conn.execute("SELECT session_id FROM memory WHERE id = ?", (memory_id,)).fetchone()
    if row is None:
        return []
    session_id = row[0]
    earlier = dicts(
        conn.execute(
            "SELECT * FROM memory WHERE session_id = ? AND id < ? ORDER BY id DESC LIMIT ?",
            (session_id, memory_id, before),
        )
    )
    later = dicts(
        conn.execute(
            "SELECT * FROM memory WHERE session_id = ? AND id >= ? ORDER BY id LIMIT ?",
            (session_id, memory_id, after + 1),
        )
    )
    return list(reversed(earlier)) + later


def stats(conn: sqlite3.Connection) -> dict:
    """Counts and sizes for `memlane stats` and the app's header."""
    one = lambda sql: conn.execute(sql).fetchone()[0]  # noqa: E731
    by_type = dict(conn.execute("SELECT type, count(*) FROM memory GROUP BY type ORDER BY 2 DESC"))
    path = conn.execute("PRAGMA database_list").fetchone()[2]
    size = sum(os.path.getsize(path + s) for s in ("", "-wal") if path and os.path.exists(path + s))
    return {
        "memories": one("SELECT count(*) FROM memory"),
        "sessions": one("SELECT count(*) FROM session"),
        "projects": one("SELECT count(DISTINCT project) FROM session"),
        "error_groups": one("SELECT count(*) FROM error_group"),
        "open_errors": one("SELECT count(*) FROM error_group WHERE status = 'open'"),
        "regressed_errors": one("SELECT count(*) FROM error_group WHERE status = 'regressed'"),
        "oldest": one("SELECT min(created_at) FROM memory"),
        "newest": one("SELECT max(created_at) FROM memory"),
        "by_type": by_type,
        "db_path": path,
        "db_bytes": size,
    }


# -- what a SessionStart block is made of --------------------------------------------------------

START_POOL = 200  # the project's newest memories a SessionStart block chooses its changes from
_CHANGE_TYPES_SKIPPED = ("prompt", "error", "file_read", "search")


def session_project(conn: sqlite3.Connection, session_id: str) -> tuple[str, str | None] | None:
    """(project, project name) fixed when the session started; None when it has none."""
    row = conn.execute("SELECT project, project_name FROM session WHERE session_id = ?", (session_id,)).fetchone()
    return (row[0], row[1]) if row and row[0] else None


def last_block(conn: sqlite3.Connection, session_id: str) -> dict | None:
    """When this session last received a block from memlane, and the memories sent to it so
    far: {at, sent (ids)}; None when it never received one."""
    row = conn.execute(
        "SELECT max(at) FROM injection WHERE session_id = ? AND chars > 0", (session_id,)
    ).fetchone()
    if row is None or row[0] is None:
        return None
    sent = {r[0] for r in conn.execute(
        "SELECT it.memory_id FROM injection i JOIN injection_item it ON it.injection_id = i.id WHERE i.session_id = ?",
        (session_id,),
    )}  # fmt: skip
    return {"at": row[0], "sent": sent}


def session_start_rows(
    conn: sqlite3.Connection, project: str, session_id: str | None, *, sessions: int, memories: int, errors: int,
    skip: frozenset = frozenset(), skip_groups: frozenset = frozenset(), previous: dict | None = None,
) -> dict:  # fmt: skip
    """What a SessionStart block of `project` shows, in one call (`skip`: memory ids to leave
    out, vetoed or pinned; `skip_groups`: error groups to leave out; `previous`: on a resume, the
    session's last block, see last_block):

    - changes: the `memories` most important of the project's START_POOL newest memories
      (no prompt, error, read or search; none of `skip`), newest first, each
      {id, type, tool_name, file_path, content, importance, tags, session_id};
    - fresh: with `previous`, the same among the memories received after it, not the
      session's own nor sent to it before; else None;
    - sessions: the project's `sessions` latest other sessions with memories (with
      `previous`: active after it), each {session_id, started_at, last_activity_at, summary
      (built from its memories when none is stored), error_count};
    - errors: its `errors` open or regressed error groups (see error_groups), none of
      `skip_groups` (with `previous`: seen after it).
    """
    since = previous["at"] if previous else None
    fresh = None
    if previous:
        fresh = _start_changes(conn, project, memories, skip | previous["sent"], since, session_id)
    return {
        "changes": _start_changes(conn, project, memories, skip), "fresh": fresh,
        "sessions": _start_sessions(conn, project, session_id, sessions, since),
        "errors": _start_errors(conn, project, errors, skip_groups, since),
    }  # fmt: skip


def _start_changes(conn: sqlite3.Connection, project: str, limit: int, skip: frozenset,
                   since: str | None = None, other_than: str | None = None) -> list[dict]:  # fmt: skip
    if limit <= 0:
        return []
    where, params = "", []
    if since is not None:
        where += " AND received_at > ?"
        params.append(since)
    if other_than is not None:
        where += " AND session_id != ?"
        params.append(other_than)
    rows = dicts(conn.execute(
        "SELECT id, type, tool_name, file_path, content, importance, tags, session_id FROM memory "
        f"WHERE project = ? AND type NOT IN (?, ?, ?, ?){where} ORDER BY id DESC LIMIT ?",
        (project, *_CHANGE_TYPES_SKIPPED, *params, START_POOL),
    ))  # fmt: skip
    rows = [r for r in rows if r["id"] not in skip]
    chosen = sorted(rows, key=lambda r: (r["importance"] or 1, r["id"]), reverse=True)[:limit]
    chosen.sort(key=lambda r: r["id"], reverse=True)
    return chosen


def _start_sessions(conn: sqlite3.Connection, project: str, session_id: str | None, limit: int,
                    since: str | None) -> list[dict]:  # fmt: skip
    if limit <= 0:
        return []
    rows = dicts(conn.execute(
        "SELECT session_id, started_at, last_activity_at, summary, error_count FROM session "
        "WHERE project = ? AND session_id != ? AND memory_count > 0 AND coalesce(last_activity_at, started_at) > ? "
        "ORDER BY started_at DESC LIMIT ?",
        (project, session_id or "", since or "", limit),
    ))  # fmt: skip
    for row in rows:
        if not (row.get("summary") or "").strip():
            from store.writing import build_summary

            memories = dicts(conn.execute(
                "SELECT * FROM memory WHERE session_id = ? ORDER BY id LIMIT 300", (row["session_id"],)
            ))  # fmt: skip
            row["summary"] = build_summary(memories, row.get("started_at"), row.get("last_activity_at"))
    return rows


def _start_errors(conn: sqlite3.Connection, project: str, limit: int, skip_groups: frozenset,
                  since: str | None) -> list[dict]:  # fmt: skip
    if limit <= 0:
        return []
    groups = error_groups(conn, status=("regressed", "open"), project=project, limit=limit + len(skip_groups))
    groups = [g for g in groups if g["id"] not in skip_groups and (since is None or (g.get("last_seen") or "") > since)]
    return groups[:limit]
