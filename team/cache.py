"""This machine's team file: teammates' memories (read-only) and what it has shared.

`<memlane home>/team.db` is a memlane database like `memory.db` (same schema,
same migrations), so the one search and the one forget work on it offline.
Its `memory` rows are teammates' memories keyed by their server id, and its
`session` rows their sessions (start, end, counts, the first prompt as the
summary), so the Sessions pane lists them as it lists this machine's; three
tables of its own say who wrote each one, what this machine has pushed, and
the sync cursors.  Only `memlane team sync` writes it.

This machine's id (`origin`) lives in memory.db's `meta` table instead: it must
outlive a deleted team.db, or a re-sync would push everything again as new.
"""

from __future__ import annotations

import json
import sqlite3
import uuid

from store.database import connection as db
from store.files import tighten
from store.paths import team_db_path
from store.search import backfill as backfill_short_terms
from store.writing import content_hash

CACHE_DDL = [
    """CREATE TABLE IF NOT EXISTS team_author (
        memory_id INTEGER PRIMARY KEY, author TEXT NOT NULL, origin TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS team_pushed (
        local_id INTEGER PRIMARY KEY, server_id INTEGER NOT NULL,
        content_hash TEXT NOT NULL, project TEXT NOT NULL)""",
    "CREATE TABLE IF NOT EXISTS team_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TRIGGER IF NOT EXISTS team_author_delete AFTER DELETE ON memory BEGIN
        DELETE FROM team_author WHERE memory_id = old.id;
    END""",
]
ORIGIN_KEY = "team_origin"
SESSIONS_KEY = "sessions_v1"  # team_state: the session rows were built from the memories

# A teammate's session as this cache knows it: its span and counts from the memories
# pulled so far (the counters' triggers count each new memory), its first prompt as
# the summary (the local summariser reads every memory: too slow for a pull).
_SESSION_UPSERT = """
    INSERT INTO session (session_id, project, project_name, started_at, ended_at, last_activity_at,
                         summary, tools_used, files_changed, memory_count, error_count, source)
    VALUES (?, ?, ?, ?, ?, ?, '', '', '', 0, 0, 'team')
    ON CONFLICT (session_id) DO UPDATE SET
        started_at = min(coalesce(started_at, excluded.started_at), excluded.started_at),
        ended_at = max(coalesce(ended_at, excluded.ended_at), excluded.ended_at),
        last_activity_at = max(coalesce(last_activity_at, excluded.last_activity_at), excluded.last_activity_at)"""
# `+m.type`: through the type index, each session's summary read every prompt of the cache.
_SESSION_DERIVED = """
    UPDATE session SET
        duration_s = CAST(round((julianday(ended_at) - julianday(started_at)) * 86400) AS INTEGER),
        summary = coalesce((SELECT m.content FROM memory m WHERE m.session_id = session.session_id
                            AND +m.type = 'prompt' ORDER BY m.created_at, m.id LIMIT 1), summary)
    WHERE session_id IN ({marks})"""
_SESSIONS_FROM_MEMORIES = """
    INSERT OR IGNORE INTO session (session_id, project, project_name, started_at, ended_at, last_activity_at,
                                   summary, tools_used, files_changed, memory_count, error_count, source)
    SELECT session_id, max(project), max(project_name), min(created_at), max(created_at), max(created_at),
           '', '', '', count(*), sum(type = 'error'), 'team'
    FROM memory GROUP BY session_id"""


def cache_path() -> str:
    return team_db_path()


def open_cache(path: str | None = None, *, readonly: bool = False) -> sqlite3.Connection:
    conn = db.connect(path or cache_path(), readonly=readonly)
    if not readonly:
        with db.write(conn):
            for ddl in CACHE_DDL:
                conn.execute(ddl)
            if get_state(conn, SESSIONS_KEY) is None:  # a cache pulled before it kept sessions
                conn.execute(_SESSIONS_FROM_MEMORIES)
                _derive_sessions(conn, [r[0] for r in conn.execute("SELECT session_id FROM session")])
                set_state(conn, SESSIONS_KEY, True)
        backfill_short_terms(conn)  # a cache pulled before schema 4; no hook opens it writable
        tighten(path or cache_path())
    return conn


def origin(local: sqlite3.Connection) -> str:
    """This machine's id on the server, made once and kept in memory.db."""
    row = local.execute("SELECT value FROM meta WHERE key = ?", (ORIGIN_KEY,)).fetchone()
    if row:
        return row[0]
    with db.write(local):
        local.execute("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)", (ORIGIN_KEY, uuid.uuid4().hex))
    return local.execute("SELECT value FROM meta WHERE key = ?", (ORIGIN_KEY,)).fetchone()[0]


def get_state(cache: sqlite3.Connection, key: str, default=None):
    row = cache.execute("SELECT value FROM team_state WHERE key = ?", (key,)).fetchone()
    return json.loads(row[0]) if row else default


def set_state(cache: sqlite3.Connection, key: str, value) -> None:
    """Inside the caller's transaction: a cursor moves with the rows it covers."""
    cache.execute("INSERT OR REPLACE INTO team_state (key, value) VALUES (?, ?)", (key, json.dumps(value)))


def _derive_sessions(cache: sqlite3.Connection, session_ids: list[str]) -> None:
    for start in range(0, len(session_ids), 500):
        chunk = session_ids[start : start + 500]
        cache.execute(_SESSION_DERIVED.format(marks=db.placeholders(len(chunk))), chunk)


def _upsert_sessions(cache: sqlite3.Connection, rows: list[dict]) -> list[str]:
    """The sessions of `rows`, made or widened before their memories arrive (whose
    triggers then count them); returns their ids."""
    spans: dict[str, list] = {}
    for r in rows:
        span = spans.get(r["session_id"])
        if span is None:
            spans[r["session_id"]] = [r["project"], r["project_name"], r["created_at"], r["created_at"]]
        else:
            span[2], span[3] = min(span[2], r["created_at"]), max(span[3], r["created_at"])
    cache.executemany(_SESSION_UPSERT, [(sid, p, name, first, last, last)
                                        for sid, (p, name, first, last) in spans.items()])  # fmt: skip
    return list(spans)


def add_pulled(cache: sqlite3.Connection, rows: list[dict], cursor_key: str, cursor) -> int:
    """Store teammates' memories, their sessions and the pull cursor in one transaction;
    returns how many memories were new."""
    with db.write(cache):
        sessions = _upsert_sessions(cache, rows)
        before = cache.total_changes
        received = db.utc_now()
        cache.executemany(
            "INSERT OR IGNORE INTO memory (id, session_id, tool_name, type, project, project_name,"
            " file_path, content, tags, importance, content_hash, created_at, source, received_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'team', ?)",
            [(r["id"], r["session_id"], r["tool_name"], r["type"], r["project"], r["project_name"],
              r["file_path"], r["content"], r["tags"], r["importance"],
              content_hash(r["type"], r["tool_name"], r["file_path"], r["content"]), r["created_at"],
              received) for r in rows],
        )  # fmt: skip
        # total_changes also counts the FTS and session-counter triggers' rows: count the memories.
        added = cache.execute(
            f"SELECT count(*) FROM memory WHERE id IN ({db.placeholders(len(rows))}) "
            "AND id NOT IN (SELECT memory_id FROM team_author)", [r["id"] for r in rows]
        ).fetchone()[0] if rows and cache.total_changes != before else 0
        cache.executemany("INSERT OR IGNORE INTO team_author (memory_id, author, origin) VALUES (?, ?, ?)",
                          [(r["id"], r["author"], r["origin"]) for r in rows])  # fmt: skip
        _derive_sessions(cache, sessions)
        set_state(cache, cursor_key, list(cursor))
    return added


def record_pushed(cache: sqlite3.Connection, pushed: list[tuple[int, int, str, str]], push_after: int | None) -> None:
    """(local id, server id, content hash, project) of rows the server now holds, and the push cursor."""
    with db.write(cache):
        cache.executemany(
            "INSERT OR REPLACE INTO team_pushed (local_id, server_id, content_hash, project) VALUES (?, ?, ?, ?)",
            pushed,
        )
        if push_after is not None:
            set_state(cache, "push_after", push_after)


def authors(cache: sqlite3.Connection, memory_ids) -> dict[int, str]:
    ids = [int(i) for i in memory_ids]
    found: dict[int, str] = {}
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = db.placeholders(len(chunk))
        found.update(cache.execute(f"SELECT memory_id, author FROM team_author WHERE memory_id IN ({marks})", chunk))
    return found


def forget_copies(team_db: sqlite3.Connection, ids: list[int], *, scrub_now: bool = True) -> int:
    """Forget the cache's copies of these server memories (those it holds); returns how many.

    `scrub_now=False`: the scrub is left for the caller's `store.forgetting.erase.finish_scrub`."""
    from store.forgetting import forget_ids

    if not ids:
        return 0
    present = [r[0] for r in team_db.execute(f"SELECT id FROM memory WHERE id IN ({db.placeholders(len(ids))})", ids)]
    return forget_ids(team_db, present, scrub_now=scrub_now) if present else 0
