"""Upgrades: an older database opens and upgrades without losing rows, or stays as it was."""

import pytest

from store.database import connection as db
from store.database import migrate, schema
from store.writing import writer


@pytest.fixture
def current_database(db_path):
    conn = db.connect(db_path)
    for i in range(25):
        writer.add_memory(conn, {"session_id": f"s{i % 3}", "content": f"row {i}", "cwd": "/x"})
    conn.close()
    return db_path


NEXT = schema.SCHEMA_VERSION + 1  # a version after this one, for steps the tests make up


def add_tag_column(conn):
    conn.execute("ALTER TABLE memory ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0")


def test_an_older_database_upgrades_and_keeps_every_row(current_database, monkeypatch):
    monkeypatch.setattr(schema, "SCHEMA_VERSION", NEXT)
    monkeypatch.setitem(migrate.STEPS, NEXT - 1, add_tag_column)
    conn = db.connect(current_database)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == NEXT
    assert conn.execute("SELECT count(*), sum(pinned) FROM memory").fetchone() == (25, 0)
    from store.search import search

    assert len(search(conn, "row", limit=50)) == 25


def test_a_failing_upgrade_leaves_the_database_as_it_was(current_database, monkeypatch):
    def broken(conn):
        add_tag_column(conn)
        raise RuntimeError("step failed half way")

    monkeypatch.setattr(schema, "SCHEMA_VERSION", NEXT)
    monkeypatch.setitem(migrate.STEPS, NEXT - 1, broken)
    with pytest.raises(db.StoreError, match="left as it was"):
        db.connect(current_database)
    monkeypatch.setattr(schema, "SCHEMA_VERSION", NEXT - 1)
    conn = db.connect(current_database)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == NEXT - 1
    columns = [r[1] for r in conn.execute("PRAGMA table_info(memory)")]
    assert "pinned" not in columns
    assert conn.execute("SELECT count(*) FROM memory").fetchone()[0] == 25


def test_two_processes_upgrading_at_once_upgrade_once(current_database, monkeypatch):
    calls = []

    def counted(conn):
        calls.append(1)
        add_tag_column(conn)

    monkeypatch.setattr(schema, "SCHEMA_VERSION", NEXT)
    monkeypatch.setitem(migrate.STEPS, NEXT - 1, counted)
    first = db.connect(current_database)
    second = db.connect(current_database)  # sees the new version already: no second ALTER
    assert len(calls) == 1
    assert second.execute("SELECT count(*) FROM memory").fetchone()[0] == 25
    first.close()


def indexes(conn) -> set[str]:
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}


def test_a_version_1_database_gets_the_tool_name_index_of_a_new_one(current_database, tmp_path):
    conn = db.connect(current_database)
    writer.add_memory(conn, {"session_id": "s0", "content": "ls", "cwd": "/x", "tool_name": "Bash"})
    conn.execute("DROP INDEX memory_tool_name")  # as version 1 made it
    conn.execute("PRAGMA user_version = 1")
    conn.close()
    upgraded = db.connect(current_database)
    assert upgraded.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    assert indexes(upgraded) == indexes(db.connect(str(tmp_path / "new.db")))
    assert "memory_tool_name" in indexes(upgraded)
    assert upgraded.execute("SELECT count(*) FROM memory").fetchone()[0] == 26


def tables(conn) -> set[str]:
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def test_a_version_2_database_gets_tombstones_and_the_forget_log(current_database, tmp_path):
    conn = db.connect(current_database)
    conn.execute("DROP TABLE tombstone")  # as version 2 made it
    conn.execute("DROP TABLE forget_log")
    conn.execute("PRAGMA user_version = 2")
    conn.close()
    upgraded = db.connect(current_database)
    assert upgraded.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    assert tables(upgraded) == tables(db.connect(str(tmp_path / "new.db")))
    assert upgraded.execute("SELECT count(*) FROM memory").fetchone()[0] == 25
    from store.forgetting.erase import forget

    assert forget(upgraded, query="row").count == 25


def test_a_version_5_database_gets_the_error_resolution_and_its_resolved_groups_keep_their_fix(db_path, tmp_path):
    conn = db.connect(db_path)
    for session in ("s1", "s2"):
        writer.add_memory(conn, {"session_id": session, "type": "error", "content": "$ make\nError: boom",
                                 "error_text": "Error: boom", "cwd": "/x"})  # fmt: skip
    conn.execute("UPDATE error_group SET status = 'resolved'")
    for column in ("resolved_at", "resolved_session", "resolved_memory_id", "regressed_at"):
        conn.execute(f"ALTER TABLE error_group DROP COLUMN {column}")  # as version 5 made it
    conn.execute("PRAGMA user_version = 5")
    conn.close()
    upgraded = db.connect(db_path)
    new = db.connect(str(tmp_path / "new.db"))
    info = "PRAGMA table_info(error_group)"
    assert [r[1:] for r in upgraded.execute(info)] == [r[1:] for r in new.execute(info)]
    group = dict(zip(("status", "resolved_at", "last_seen", "resolved_session"), upgraded.execute(
        "SELECT status, resolved_at, last_seen, resolved_session FROM error_group").fetchone()))  # fmt: skip
    assert group["status"] == "resolved" and group["resolved_at"] == group["last_seen"]
    assert group["resolved_session"] == "s2"  # the newest occurrence's
    writer.add_memory(upgraded, {"session_id": "s3", "type": "error", "content": "$ make\nError: boom",
                                 "error_text": "Error: boom", "cwd": "/x"})  # fmt: skip
    assert upgraded.execute("SELECT status FROM error_group").fetchone()[0] == "regressed"


def test_a_version_6_database_keeps_its_memories_for_retention_from_their_old_times(current_database, tmp_path):
    conn = db.connect(current_database)
    conn.execute("UPDATE memory SET created_at = '2025-01-02T03:04:05.000000Z' WHERE id <= 5")
    conn.execute("DROP INDEX memory_received_at")  # as version 6 made it
    conn.execute("ALTER TABLE memory DROP COLUMN received_at")
    conn.execute("PRAGMA user_version = 6")
    conn.close()
    upgraded = db.connect(current_database)
    assert upgraded.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    new = db.connect(str(tmp_path / "new.db"))
    assert indexes(upgraded) == indexes(new)
    assert [r[1:] for r in upgraded.execute("PRAGMA table_info(memory)")] == [
        r[1:] for r in new.execute("PRAGMA table_info(memory)")
    ]
    assert upgraded.execute("SELECT count(*) FROM memory WHERE received_at = created_at").fetchone()[0] == 25
    from store.forgetting import retention

    assert retention.run_retention(upgraded, 90, force=True) == 5  # what was old stays old


def test_a_version_10_database_gets_the_index_of_recalls_task_keys(current_database, tmp_path):
    conn = db.connect(current_database)
    conn.execute("DROP INDEX memory_id_session_id_prompt_id_project_type")  # as version 10 made it
    conn.execute("DROP INDEX memory_session_id_prompt_id_type_file_path")
    conn.execute("PRAGMA user_version = 10")
    conn.close()
    upgraded = db.connect(current_database)
    assert upgraded.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    assert indexes(upgraded) == indexes(db.connect(str(tmp_path / "new.db")))
    assert upgraded.execute("SELECT count(*) FROM memory").fetchone()[0] == 25


def test_a_version_11_database_gains_fork_links_and_the_indexes_of_prompts_and_names(current_database, tmp_path):
    conn = db.connect(current_database)
    conn.execute("DROP INDEX memory_prompt_by_id")  # as version 11 made it
    conn.execute("DROP INDEX session_title_key")
    conn.execute("ALTER TABLE session DROP COLUMN forked_from")
    conn.execute("PRAGMA user_version = 11")
    conn.close()
    upgraded = db.connect(current_database)
    assert upgraded.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    new = db.connect(str(tmp_path / "new.db"))
    assert indexes(upgraded) == indexes(new)
    assert [r[1:] for r in upgraded.execute("PRAGMA table_info(session)")] == [
        r[1:] for r in new.execute("PRAGMA table_info(session)")
    ]
    assert upgraded.execute("SELECT count(*), count(forked_from) FROM session").fetchone() == (3, 0)
