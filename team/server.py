"""Talking to the team server: connect, push, delete, pull (psycopg 3, plain SQL).

Every statement passes values as parameters; nothing a person typed becomes SQL.
Connection problems become TeamUnavailable with one sentence that says so.
"""

from __future__ import annotations

import re

import psycopg

from store.errors import MemlaneError
from team.server_migrate import SERVER_SCHEMA_VERSION

PUSH_COLUMNS = ("author", "origin", "local_id", "session_id", "tool_name", "type", "project",
                "project_name", "file_path", "content", "tags", "importance", "created_at")  # fmt: skip
PULL_COLUMNS = ("id", "author", "origin", "session_id", "tool_name", "type", "project",
                "project_name", "file_path", "content", "tags", "importance", "created_at")  # fmt: skip
START = ("0", 0)  # a cursor before every row: (transaction id as text, row id)
# current_user is a `name` (collation "C"): compared as is, it cannot use the
# (owner, origin, local_id) index, and every lookup read all of this machine's rows.
OWNER = """(current_user::text COLLATE "default")"""
# Short statements only: PostgreSQL's JIT compiled the bigger plans of a million-row
# server for tens of milliseconds, longer than running them.
SESSION_OPTIONS = "-c jit=off"
# A machine's rows by local id, joined: `local_id = ANY(array)` was planned as a filter over
# every row of the machine (x 2,000 array entries), 2-3 s a batch once it held 70k rows.
_LOCAL_IDS = "unnest(%s::bigint[]) AS wanted(local_id)"


class TeamError(MemlaneError):
    """A team problem a user can fix, said in one sentence."""


class TeamUnavailable(TeamError):
    """The server cannot be reached (down, wrong address, refused login)."""


def describe(exc: psycopg.Error, url: str) -> str:
    """One sentence for a server error met after connecting."""
    reason = " ".join(str(exc).split())[:200] or type(exc).__name__
    if isinstance(exc, psycopg.errors.InsufficientPrivilege):
        return (f"the team server {where(url)} refused this role ({reason}); an admin grants it "
                "memlane_writer (see the README's team setup).")
    if isinstance(exc, psycopg.OperationalError):
        return (f"the connection to the team server {where(url)} was lost ({reason}); run "
                "`memlane team sync` again: it continues where it stopped.")
    return f"the team server {where(url)} answered with an error ({reason})."


def where(url: str) -> str:
    """The server's address without any password, for messages."""
    return re.sub(r"//[^@/]*@", "//", url).split("?")[0]


def connect(url: str, *, timeout_s: int = 5) -> psycopg.Connection:
    if not url:
        raise TeamError("team sharing is off: set [team] url in config.toml (or MEMLANE_TEAM_URL).")
    try:
        conn = psycopg.connect(url, connect_timeout=timeout_s, application_name="memlane", options=SESSION_OPTIONS)
    except psycopg.OperationalError as exc:
        reason = (str(exc).strip().splitlines() or ["no answer"])[-1]
        reason = reason.removeprefix("connection failed: ").strip()
        raise TeamUnavailable(
            f"the team server {where(url)} cannot be reached ({reason}); nothing was synced "
            "and local memory is unaffected."
        ) from exc
    except psycopg.ProgrammingError as exc:  # a malformed url
        raise TeamError(f"the team url is not a valid PostgreSQL address ({exc}).") from exc
    try:
        version = _schema_version(conn)
    except BaseException:
        conn.close()
        raise
    if version != SERVER_SCHEMA_VERSION:
        conn.close()
        if version == 0:
            raise TeamError(f"the team server {where(url)} has no memlane tables yet: an admin runs `memlane team init`.")
        raise TeamError(
            f"the team server {where(url)} has memlane schema {version}; this memlane knows "
            f"{SERVER_SCHEMA_VERSION}: {'upgrade memlane' if version > SERVER_SCHEMA_VERSION else 'an admin runs `memlane team init`'}."
        )
    return conn


def _schema_version(conn: psycopg.Connection) -> int:
    with conn.transaction():
        if not conn.execute("SELECT to_regclass('team_schema') IS NOT NULL").fetchone()[0]:
            return 0
        return conn.execute("SELECT coalesce(max(version), 0) FROM team_schema").fetchone()[0]


def reserve_ids(conn: psycopg.Connection, count: int) -> list[int]:
    """`count` new server ids, ascending: batches pushed at once keep the order they were read in."""
    with conn.transaction():
        rows = conn.execute("SELECT nextval('team_memory_id_seq') FROM generate_series(1, %s)", (count,))
        return sorted(r[0] for r in rows)


def push(conn: psycopg.Connection, rows: list[tuple], ids: list[int] | None = None) -> dict[int, int]:
    """Insert memories (tuples in PUSH_COLUMNS order) once each, as server ids `ids` when
    given (from reserve_ids); {local id: server id}.

    Idempotent: a row already pushed (a sync killed after the server committed)
    is kept as it is and its id returned, so a re-run duplicates nothing.
    """
    if not rows:
        return {}
    columns = ", ".join(PUSH_COLUMNS)
    if ids is not None:
        columns, rows = "id, " + columns, [(i, *row) for i, row in zip(ids, rows, strict=True)]
    with conn.transaction():
        conn.execute(
            "CREATE TEMP TABLE IF NOT EXISTS push_batch (LIKE team_memory INCLUDING DEFAULTS) ON COMMIT DELETE ROWS"
        )
        with conn.cursor().copy(f"COPY push_batch ({columns}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        found = dict(conn.execute(
            f"INSERT INTO team_memory ({columns}) SELECT {columns} FROM push_batch "
            "ON CONFLICT (owner, origin, local_id) DO NOTHING RETURNING local_id, id"
        ).fetchall())  # fmt: skip
        offset = 0 if ids is None else 1
        already = [row[2 + offset] for row in rows if row[2 + offset] not in found]
        if already:  # pushed by a sync killed before it recorded them: the server's ids
            found.update(conn.execute(
                f"SELECT t.local_id, t.id FROM team_memory t JOIN {_LOCAL_IDS} USING (local_id) "
                f"WHERE t.owner = {OWNER} AND t.origin = %s", (already, rows[0][1 + offset])
            ).fetchall())  # fmt: skip
    return found


def delete_own(conn: psycopg.Connection, origin: str, local_ids: list[int]) -> int:
    """Remove this machine's rows with these local ids (a forget, a redaction, an unshared project)."""
    if not local_ids:
        return 0
    with conn.transaction():
        cur = conn.execute(
            f"DELETE FROM team_memory t USING {_LOCAL_IDS} "
            f"WHERE t.local_id = wanted.local_id AND t.owner = {OWNER} AND t.origin = %s",
            (list(local_ids), origin),
        )
        return cur.rowcount


def forget_ids(conn: psycopg.Connection, ids: list[int]) -> list[int]:
    """Remove these server rows where this role may (its own, or any as memlane_admin).

    Returns the ids removed; the others were someone else's or already gone."""
    with conn.transaction():
        rows = conn.execute(
            "DELETE FROM team_memory WHERE id = ANY(%s::bigint[]) RETURNING id", (list(ids),)
        ).fetchall()
    return sorted(r[0] for r in rows)


# The newest transaction every reader sees in full: rows of transactions still
# running (or committing out of order) wait for the next pull instead of being skipped.
_SAFE = "txid < pg_snapshot_xmin(pg_current_snapshot())"


def _rows_after(conn: psycopg.Connection, table: str, columns: str, origin: str,
                cursor: tuple[str, int], limit: int) -> tuple[list, tuple[str, int]]:
    """Teammates' rows of `table` after `cursor`, in commit-safe order: (rows, next cursor).

    Each row starts with its (txid, id) position, then `columns`."""
    # Ordered by the table's own xid8 column (`t.txid`): the output column `txid` is
    # text, and text order puts transaction 10000 before 9999 (the cursor would skip rows).
    with conn.transaction():
        rows = conn.execute(
            f"SELECT t.txid::text AS txid, t.id, {columns} FROM {table} t "
            f"WHERE (t.txid, t.id) > (%s::xid8, %s::bigint) AND {_SAFE} AND t.origin <> %s "
            "ORDER BY t.txid, t.id LIMIT %s",
            (cursor[0], cursor[1], origin, limit),
        ).fetchall()
    return rows, ((rows[-1][0], rows[-1][1]) if rows else cursor)


def pull_memories(conn: psycopg.Connection, origin: str, cursor: tuple[str, int], limit: int):
    """Teammates' memories after `cursor`, in commit-safe order: (rows as dicts, next cursor)."""
    rows, after = _rows_after(conn, "team_memory", ", ".join(PULL_COLUMNS), origin, cursor, limit)
    return [dict(zip(PULL_COLUMNS, row[2:])) for row in rows], after


def pull_deletions(conn: psycopg.Connection, origin: str, cursor: tuple[str, int], limit: int):
    """Server ids of teammates' memories removed after `cursor`: (ids, next cursor)."""
    rows, after = _rows_after(conn, "team_deletion", "memory_id", origin, cursor, limit)
    return [row[2] for row in rows], after


def pending_pull(conn: psycopg.Connection, origin: str, memories: tuple, deletions: tuple) -> tuple[int, int]:
    """(memories, deletions) a pull would bring now."""
    with conn.transaction():
        m = conn.execute(
            f"SELECT count(*) FROM team_memory WHERE (txid, id) > (%s::xid8, %s::bigint) AND {_SAFE} AND origin <> %s",
            (memories[0], memories[1], origin),
        ).fetchone()[0]
        d = conn.execute(
            f"SELECT count(*) FROM team_deletion WHERE (txid, id) > (%s::xid8, %s::bigint) AND {_SAFE} AND origin <> %s",
            (deletions[0], deletions[1], origin),
        ).fetchone()[0]
    return m, d
