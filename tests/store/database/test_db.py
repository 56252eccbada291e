"""Opening the database: pragmas, paths, and refusing what it must not touch."""

import os
import re
import sqlite3
import stat

import pytest

from store import paths
from store.database import connection as db
from store.database import schema
from store.writing import writer


def test_pragmas_a_writer_relies_on(conn):
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    assert conn.execute("PRAGMA secure_delete").fetchone()[0] == 1
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION


def test_writers_take_the_write_lock_up_front(conn, db_path):
    other = db.connect(db_path, busy_timeout_ms=0)
    with db.write(conn):
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            other.execute("BEGIN IMMEDIATE")
    other.close()


def test_default_path_env_override_and_folders_created(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("MEMLANE_DB", raising=False)
    monkeypatch.delenv("MEMLANE_HOME", raising=False)
    assert paths.default_db_path() == str(tmp_path / ".claude" / "memlane" / "memory.db")
    target = tmp_path / "deep" / "er" / "m.db"
    monkeypatch.setenv("MEMLANE_DB", str(target))
    assert paths.default_db_path() == str(target)
    db.connect(paths.default_db_path()).close()
    assert target.exists()


def test_newer_schema_is_refused_and_left_untouched(db_path):
    raw = sqlite3.connect(db_path)
    raw.execute("CREATE TABLE memory (id INTEGER PRIMARY KEY)")
    raw.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
    raw.commit()
    raw.close()
    before = open(db_path, "rb").read()
    with pytest.raises(db.StoreError, match="newer memlane"):
        db.connect(db_path)
    assert open(db_path, "rb").read() == before
    assert not os.path.exists(db_path + "-wal")


def test_another_programs_database_is_refused(db_path):
    raw = sqlite3.connect(db_path)
    raw.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    raw.commit()
    raw.close()
    before = open(db_path, "rb").read()
    with pytest.raises(db.StoreError, match="not memlane's"):
        db.connect(db_path)
    assert open(db_path, "rb").read() == before


def test_corrupt_file_gives_one_sentence_and_is_kept(db_path):
    with open(db_path, "wb") as f:
        f.write(b"this is not a database at all" * 200)
    with pytest.raises(db.StoreError) as caught:
        db.connect(db_path)
    assert "left untouched" in str(caught.value)
    assert "\n" not in str(caught.value)
    assert open(db_path, "rb").read() == b"this is not a database at all" * 200


@pytest.fixture
def read_only(db_path):
    """Make the database file read-only, even for root (chattr +i), and undo it after."""
    import subprocess

    db.connect(db_path).close()
    if os.geteuid() != 0:
        os.chmod(db_path, stat.S_IRUSR)
        yield db_path
        os.chmod(db_path, stat.S_IRUSR | stat.S_IWUSR)
        return
    subprocess.run(["chattr", "+i", db_path], check=True)
    yield db_path
    subprocess.run(["chattr", "-i", db_path], check=True)


def test_read_only_file_gives_clear_message_and_keeps_rows(read_only):
    with pytest.raises(db.StoreError, match="read-only"):
        conn = db.connect(read_only)
        writer.add_memory(conn, {"session_id": "s", "content": "x"})
    assert db.connect(read_only, readonly=True).execute("SELECT count(*) FROM memory").fetchone()[0] == 0


def test_read_only_open_of_a_missing_database_says_so(tmp_path):
    with pytest.raises(db.StoreError, match="no memlane database"):
        db.connect(str(tmp_path / "nope.db"), readonly=True)


def test_read_only_connection_cannot_write(db_path):
    db.connect(db_path).close()
    ro = db.connect(db_path, readonly=True)
    with pytest.raises(sqlite3.OperationalError):
        ro.execute("INSERT INTO meta (key, value) VALUES ('a', 'b')")


def test_unwritable_folder_is_one_sentence(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(db.StoreError, match="cannot create the folder"):
        db.connect(str(blocker / "sub" / "m.db"))


def test_old_sqlite_is_named(monkeypatch):
    monkeypatch.setattr(sqlite3, "sqlite_version_info", (3, 31, 1))
    monkeypatch.setattr(sqlite3, "sqlite_version", "3.31.1")
    with pytest.raises(db.StoreError, match=r"SQLite 3\.34\.0 or newer.*3\.31\.1"):
        db.connect(":memory:")


@pytest.mark.parametrize(
    "error, expected",
    [
        (sqlite3.OperationalError("database or disk is full"), "disk holding .* is full"),
        (sqlite3.OperationalError("no such module: fts5"), "needs SQLite with FTS5"),
        (sqlite3.OperationalError("no such tokenizer: trigram"), "trigram tokenizer"),
        (sqlite3.OperationalError("database is locked"), "locked by another process"),
        (sqlite3.DatabaseError("file is not a database"), "left untouched"),
    ],
)
def test_errors_a_user_can_meet_are_one_clear_sentence(error, expected):
    message = db.describe_error("/home/me/.claude/memlane/memory.db", error)
    assert re.search(expected, message) and "\n" not in message and message.endswith(".")


def test_a_full_disk_during_a_write_is_a_store_error_and_nothing_is_half_written(conn):
    # SQLite reports a full disk as SQLITE_FULL; a page limit makes it happen for real.
    writer.add_memory(conn, {"session_id": "s", "content": "kept", "cwd": "/x"})
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(db.StoreError, match="full"):
        writer.add_memories(conn, [{"session_id": "s", "content": "x" * 3000 + str(i), "cwd": "/x"}
                                   for i in range(50)])  # fmt: skip
    assert conn.execute("SELECT count(*) FROM memory").fetchone()[0] == 1


def test_placeholders_and_chunks_make_in_lists_of_any_size(conn):
    ids = [writer.add_memory(conn, {"session_id": "s", "type": "observation", "content": f"m{i}"})
           for i in range(3)]  # fmt: skip
    assert db.placeholders(3) == "?, ?, ?" and db.placeholders(0) == ""
    many = list(range(1, 1201))
    assert [len(c) for c in db.chunks(many)] == [db.IN_CHUNK, db.IN_CHUNK, 200]
    found = []
    for chunk in db.chunks(many):
        found += [r[0] for r in conn.execute(f"SELECT id FROM memory WHERE id IN ({db.placeholders(len(chunk))})", chunk)]
    assert sorted(found) == ids


def test_health_says_what_doctor_checks_and_finds_a_damaged_index(tmp_path):
    path = str(tmp_path / "memory.db")
    conn = db.connect(path)
    writer.add_memory(conn, {"session_id": "s", "type": "prompt", "cwd": "/p", "content": "rotate the signing key"})
    assert db.file_version(path) == schema.SCHEMA_VERSION
    assert db.health(conn) == {"journal_mode": "wal", "quick_check": "ok", "damaged_indexes": []}
    conn.execute("UPDATE memory_words_data SET block = x'00ff00ff' WHERE id > 1")  # the index's pages garbled
    damaged = db.health(conn)["damaged_indexes"]
    conn.close()
    assert [name.split()[0] for name in damaged] == ["memory_words"]
