"""Upgrades: an older database opens and upgrades without losing rows, or stays as it was."""

import pytest

from store import db, migrate, schema, writer


@pytest.fixture
def v1_database(db_path):
    conn = db.connect(db_path)
    for i in range(25):
        writer.add_memory(conn, {"session_id": f"s{i % 3}", "content": f"row {i}", "cwd": "/x"})
    conn.close()
    return db_path


def add_tag_column(conn):
    conn.execute("ALTER TABLE memory ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0")


def test_an_older_database_upgrades_and_keeps_every_row(v1_database, monkeypatch):
    monkeypatch.setattr(schema, "SCHEMA_VERSION", 2)
    monkeypatch.setitem(migrate.STEPS, 1, add_tag_column)
    conn = db.connect(v1_database)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    assert conn.execute("SELECT count(*), sum(pinned) FROM memory").fetchone() == (25, 0)
    from store.search import search

    assert len(search(conn, "row", limit=50)) == 25


def test_a_failing_upgrade_leaves_the_database_as_it_was(v1_database, monkeypatch):
    def broken(conn):
        add_tag_column(conn)
        raise RuntimeError("step failed half way")

    monkeypatch.setattr(schema, "SCHEMA_VERSION", 2)
    monkeypatch.setitem(migrate.STEPS, 1, broken)
    with pytest.raises(db.StoreError, match="left as it was"):
        db.connect(v1_database)
    monkeypatch.setattr(schema, "SCHEMA_VERSION", 1)
    conn = db.connect(v1_database)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    columns = [r[1] for r in conn.execute("PRAGMA table_info(memory)")]
    assert "pinned" not in columns
    assert conn.execute("SELECT count(*) FROM memory").fetchone()[0] == 25


def test_two_processes_upgrading_at_once_upgrade_once(v1_database, monkeypatch):
    calls = []

    def counted(conn):
        calls.append(1)
        add_tag_column(conn)

    monkeypatch.setattr(schema, "SCHEMA_VERSION", 2)
    monkeypatch.setitem(migrate.STEPS, 1, counted)
    first = db.connect(v1_database)
    second = db.connect(v1_database)  # sees version 2 already: no second ALTER
    assert len(calls) == 1
    assert second.execute("SELECT count(*) FROM memory").fetchone()[0] == 25
    first.close()
