"""Creating the schema from the peewee models, and upgrading older databases.

Each step upgrades from version N to N+1 inside one transaction, so an old
database opens and upgrades without losing rows (or is left as it was).
"""

from __future__ import annotations

import sqlite3

import peewee as pw

from store.database import models, schema


class _BorrowedConnectionDatabase(pw.SqliteDatabase):
    """A peewee database that runs on a connection opened by store.database.connection."""

    def __init__(self, conn: sqlite3.Connection):
        super().__init__(None)
        self._borrowed = conn
        self.init(":memory:")

    def _connect(self):
        return self._borrowed

    def _close(self, conn):
        pass


def _create_v1(conn: sqlite3.Connection) -> None:
    db = _BorrowedConnectionDatabase(conn)
    with _bound(db):
        db.connect(reuse_if_open=True)
        db.create_tables(models.MODELS, safe=True)
    for ddl in schema.FTS_DDL + schema.ERROR_GROUP_DDL + schema.SHORT_TERM_DDL + schema.LEDGER_DDL + schema.CONTEXT_DDL:
        conn.execute(ddl)


class _bound:
    """Points the models' database proxy at `db` for the duration of a block."""

    def __init__(self, db):
        self.db = db

    def __enter__(self):
        models.database.initialize(self.db)
        return self.db

    def __exit__(self, *exc):
        models.database.initialize(None)
        return False


def _index_tool_names(conn: sqlite3.Connection) -> None:
    """v2: the models' index on memory.tool_name (a new database has it from the models)."""
    db = _BorrowedConnectionDatabase(conn)
    with _bound(db):
        models.Memory._schema.create_indexes(safe=True)


def _add_forget_tables(conn: sqlite3.Connection) -> None:
    """v3: tombstones and the forget log (a new database has them from the models)."""
    db = _BorrowedConnectionDatabase(conn)
    with _bound(db):
        db.create_tables([models.Tombstone, models.ForgetLog], safe=True)


def _add_short_term_index(conn: sqlite3.Connection) -> None:
    """v4: what finds 1-2 character terms (`memory_tail`, the trigram vocabulary, their
    triggers).  Quick at any size: the memories already stored are added to `memory_tail`
    later, in short batches (`store.search.short_terms.backfill`), never inside a hook; until
    then a search reads their text as before, so it stays complete."""
    db = _BorrowedConnectionDatabase(conn)
    with _bound(db):
        db.create_tables([models.MemoryTail], safe=True)
    for ddl in schema.SHORT_TERM_DDL:
        conn.execute(ddl)
    newest = conn.execute("SELECT max(id) FROM memory").fetchone()[0]
    if newest is not None:
        conn.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (schema.TAIL_BACKFILL_KEY, str(newest + 1))
        )


def _add_ledger(conn: sqlite3.Connection) -> None:
    """v5: the injection ledger, vetoes and pins, and the triggers that forget them with
    their memories (a new database has the tables from the models)."""
    db = _BorrowedConnectionDatabase(conn)
    with _bound(db):
        db.create_tables(models.LEDGER_MODELS, safe=True)
    for ddl in schema.LEDGER_DDL:
        conn.execute(ddl)


def _add_error_resolution(conn: sqlite3.Connection) -> None:
    """v6: when and where an error group was resolved, and when it came back (regressed).
    A group resolved before this version counts as resolved at its last occurrence.
    (A new database has the columns from the models.)"""
    present = {row[1] for row in conn.execute("PRAGMA table_info(error_group)")}
    for column, kind in (("resolved_at", "TEXT"), ("resolved_session", "TEXT"),
                         ("resolved_memory_id", "INTEGER"), ("regressed_at", "TEXT")):  # fmt: skip
        if column not in present:
            conn.execute(f"ALTER TABLE error_group ADD COLUMN {column} {kind}")
    conn.execute(
        "UPDATE error_group SET resolved_at = last_seen, "
        "resolved_memory_id = (SELECT max(m.id) FROM memory m WHERE m.error_group_id = error_group.id) "
        "WHERE status = 'resolved'"
    )
    conn.execute(
        "UPDATE error_group SET resolved_session = "
        "(SELECT m.session_id FROM memory m WHERE m.id = error_group.resolved_memory_id) "
        "WHERE resolved_memory_id IS NOT NULL"
    )


def _add_received_at(conn: sqlite3.Connection) -> None:
    """v7: `memory.received_at`, when memlane received a memory (retention counts from
    it); the memories stored before had it at their `created_at`."""
    columns = {row[1] for row in conn.execute("PRAGMA table_info(memory)")}
    if "received_at" not in columns:  # a new database has it from the models
        conn.execute("ALTER TABLE memory ADD COLUMN received_at TEXT")
        conn.execute("UPDATE memory SET received_at = created_at")
    db = _BorrowedConnectionDatabase(conn)
    with _bound(db):
        models.Memory._schema.create_indexes(safe=True)


def _index_by_time(conn: sqlite3.Connection) -> None:
    """v8: memory(project, created_at) and memory(type, created_at): a project's or a type's
    newest memories by time without sorting all of them (an imported store's ids are not
    its order in time)."""
    db = _BorrowedConnectionDatabase(conn)
    with _bound(db):
        models.Memory._schema.create_indexes(safe=True)


SESSION_COLUMNS_V9 = (
    ("title", "TEXT"), ("title_kind", "TEXT"),
    ("waiting_at", "TEXT"), ("waiting_message", "TEXT"),
    ("resume_context_tokens", "INTEGER"), ("resume_cache_expired", "INTEGER"),
)  # fmt: skip


def _add_session_names(conn: sqlite3.Connection) -> None:
    """v9: a session's name as Claude Code's /resume shows it (`title`, `title_kind`), the
    "waiting for input" notification it has not answered (`waiting_at`, `waiting_message`),
    and what its last resume cost (`resume_context_tokens`, `resume_cache_expired`).
    Sessions stored before have none of them until they are imported again."""
    present = {row[1] for row in conn.execute("PRAGMA table_info(session)")}
    for column, kind in SESSION_COLUMNS_V9:
        if column not in present:  # a new database has them from the models
            conn.execute(f"ALTER TABLE session ADD COLUMN {column} {kind}")


def _add_injection_context(conn: sqlite3.Connection) -> None:
    """v10: what entered the context beside each decision (`injection_context`: Claude Code's
    memory files, memlane's block, what the SessionStart block left out) and its triggers."""
    db = _BorrowedConnectionDatabase(conn)
    with _bound(db):
        db.create_tables([models.InjectionContext], safe=True)
    for ddl in schema.CONTEXT_DDL:
        conn.execute(ddl)


def _index_task_keys(conn: sqlite3.Connection) -> None:
    """v11: memory(id, session_id, prompt_id, project, type) and memory(session_id, prompt_id,
    type, file_path): per-prompt recall places a term's postings in their tasks, and sizes
    the leading tasks, from these indexes alone (a new database has them from the models)."""
    db = _BorrowedConnectionDatabase(conn)
    with _bound(db):
        models.Memory._schema.create_indexes(safe=True)


def _add_fork_links(conn: sqlite3.Connection) -> None:
    """v12: `session.forked_from`, the session a fork was copied from, and a small index of
    prompt memories by Claude Code's prompt id, by which a fork's transcript names its parent
    (store.writing.forks); an index of sessions by their name as a prompt names them
    (hooks.recall.named).  Forks stored before stay unlinked: the link is made at a fork's end."""
    present = {row[1] for row in conn.execute("PRAGMA table_info(session)")}
    if "forked_from" not in present:  # a new database has it from the models
        conn.execute("ALTER TABLE session ADD COLUMN forked_from TEXT")
    db = _BorrowedConnectionDatabase(conn)
    with _bound(db):
        models.Memory._schema.create_indexes(safe=True)
        models.Session._schema.create_indexes(safe=True)


# STEPS[n] upgrades a database at version n to n + 1.
STEPS = {0: _create_v1, 1: _index_tool_names, 2: _add_forget_tables, 3: _add_short_term_index, 4: _add_ledger,
         5: _add_error_resolution, 6: _add_received_at, 7: _index_by_time, 8: _add_session_names,
         9: _add_injection_context, 10: _index_task_keys, 11: _add_fork_links}  # fmt: skip


def upgrade(conn: sqlite3.Connection, from_version: int) -> None:
    version = from_version
    while version < schema.SCHEMA_VERSION:
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have upgraded while we waited for the lock.
            current = conn.execute("PRAGMA user_version").fetchone()[0]
            if current != version:
                conn.execute("COMMIT")
                version = current
                continue
            STEPS[version](conn)
            conn.execute(f"PRAGMA user_version = {version + 1}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        version += 1
