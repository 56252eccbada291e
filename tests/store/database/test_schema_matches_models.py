"""The peewee models are the one schema; the hot paths' raw SQL must agree with them."""

import re
import sqlite3

import peewee as pw
import pytest

from store.database import connection as db
from store.database import migrate, models, schema
from store.writing import writer


def model_columns(model) -> set[str]:
    return {field.column_name for field in model._meta.sorted_fields}


@pytest.fixture
def models_only(tmp_path):
    """A database built from the peewee models and the FTS DDL alone, not via store.database.connection."""
    path = tmp_path / "models.db"
    database = pw.SqliteDatabase(str(path))
    models.database.initialize(database)
    database.create_tables(models.MODELS)
    conn = sqlite3.connect(str(path))
    for ddl in schema.FTS_DDL + schema.ERROR_GROUP_DDL + schema.SHORT_TERM_DDL + schema.LEDGER_DDL:
        conn.execute(ddl)
    yield conn
    conn.close()
    models.database.initialize(None)


def test_tables_made_by_store_db_equal_the_models(models_only, tmp_path):
    made = db.connect(str(tmp_path / "store.database.connection"))
    for model in models.MODELS:
        table = model._meta.table_name
        assert [r[1:] for r in made.execute(f"PRAGMA table_info({table})")] == [
            r[1:] for r in models_only.execute(f"PRAGMA table_info({table})")
        ]


def test_writer_sql_names_only_model_columns():
    assert set(writer._MEMORY_COLUMNS) <= model_columns(models.Memory)
    session_cols = re.search(r"\((.*?)\)", writer.INSERT_SESSION_SQL).group(1)
    assert {c.strip() for c in session_cols.split(",")} <= model_columns(models.Session)


def test_fts_indexes_cover_model_columns():
    for ddl in schema.FTS_DDL[:2]:
        columns = re.search(r"fts5\(\s*(.*?),\s*content=", ddl, re.S).group(1)
        assert {c.strip() for c in columns.split(",")} <= model_columns(models.Memory)


def test_hot_path_statements_compile_against_the_models(models_only):
    statements = [writer.INSERT_MEMORY_SQL, writer.INSERT_SESSION_SQL]
    for sql in statements:
        models_only.execute("EXPLAIN " + sql, [None] * sql.count("?"))


def test_hot_path_writes_and_searches_a_models_only_database(models_only, tmp_path):
    models_only.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION}")
    models_only.commit()
    path = models_only.execute("PRAGMA database_list").fetchone()[2]
    conn = db.connect(path)
    writer.add_memory(conn, {"session_id": "s", "content": "works on the models' tables", "cwd": "/x"})
    from store.search import search

    assert search(conn, "models")[0]["content"] == "works on the models' tables"


def test_upgrade_steps_cover_every_version():
    assert sorted(migrate.STEPS) == list(range(schema.SCHEMA_VERSION))


def test_tombstone_and_forget_log_sql_run_on_a_models_only_database(models_only):
    from store.forgetting import erase as forget
    from store.writing import tombstones

    models_only.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION}")
    models_only.commit()
    path = models_only.execute("PRAGMA database_list").fetchone()[2]
    conn = db.connect(path)
    memory_id = writer.add_memory(conn, {"session_id": "s", "content": "keep me out", "cwd": "/x"})
    assert forget.forget(conn, ids=[memory_id]).count == 1
    assert forget.forget_log(conn)[0]["count"] == 1
    assert tombstones.session_buried(conn, "s", "1970-01-01T00:00:00Z") is False
    assert writer.add_memory(conn, {"session_id": "s", "content": "keep me out", "cwd": "/x"}) is None
    assert {c.column_name for c in models.Tombstone._meta.sorted_fields} == {"key", "forgotten_at"}
