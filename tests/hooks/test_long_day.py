"""A hook that stays fast all day: the WAL stays small after many hook processes,
and a planted FIFO in a project's `.git` chain neither hangs the hook nor
blocks another session's hook."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import threading
import time

import pytest

from hooks.main import BUSY_TIMEOUT_MS
from store.database import connection as db
from store.files import NotRegularFile, read_regular
from store.project import resolve_project
from tests.hooks.test_fail_open import EDIT, SESSION, run_hook
from tests.hooks.test_spool import hold_write_lock, release
from tests.timing import HANG, finishes


def _edit(n: int, cwd: str = "/home/dev/calc-app") -> dict:
    event = json.loads(json.dumps(EDIT))
    event["cwd"] = cwd
    event["tool_use_id"] = f"toolu_day_{n}"
    event["tool_input"]["new_string"] = f"a + b  # change {n}"
    event["tool_response"]["structuredPatch"][0]["lines"][-1] = f"+    return a + b  # change {n} " + "x" * 2000
    return event


def _wal_bytes(path: str) -> int:
    try:
        return os.path.getsize(path + "-wal")
    except OSError:
        return 0


def test_the_wal_stays_bounded_over_many_hook_processes(env):
    # Each hook process leaves without closing; before the bound, the log grew by
    # ~100 KB a write for ever (the next process rebuilt its index from all of it).
    sizes = []
    for n in range(40):
        result = run_hook(_edit(n))
        assert (result.returncode, result.stdout, result.stderr) == (0, b"", b"")
        sizes.append(_wal_bytes(env.db))
    assert max(sizes) <= db.WAL_TRUNCATE_BYTES + 512 * 1024, sizes
    assert min(sizes) < db.WAL_TRUNCATE_BYTES / 2, sizes  # it was emptied along the way
    conn = sqlite3.connect(env.db)
    assert conn.execute("SELECT count(*) FROM memory WHERE session_id = ?", (SESSION,)).fetchone()[0] == 40
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def _grown_wal(path: str) -> sqlite3.Connection:
    conn = db.connect(path)
    conn.execute("PRAGMA wal_autocheckpoint = 0")
    with db.write(conn):
        conn.execute("CREATE TABLE filler (t TEXT)")
        conn.executemany("INSERT INTO filler VALUES (?)", [("x" * 4000,) for _ in range(600)])
    assert _wal_bytes(path) > db.WAL_TRUNCATE_BYTES
    return conn


def test_bound_wal_empties_a_big_log_and_keeps_the_data(tmp_path):
    path = str(tmp_path / "memory.db")
    conn = _grown_wal(path)
    assert db.bound_wal(conn, path) is True
    assert _wal_bytes(path) == 0
    conn.close()
    again = sqlite3.connect(path)
    assert again.execute("SELECT count(*) FROM filler").fetchone()[0] == 600


def test_bound_wal_does_not_wait_for_a_reader(tmp_path):
    path = str(tmp_path / "memory.db")
    conn = _grown_wal(path)
    reader = sqlite3.connect(path, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM filler").fetchone()  # holds a snapshot (until COMMIT)
    def bound_in_this_thread():  # a connection belongs to its thread
        other = db.connect(path)
        try:
            return db.bound_wal(other, path)
        finally:
            other.close()

    emptied = finishes(bound_in_this_thread)
    assert emptied is False  # left to a later run, not waited for
    reader.execute("COMMIT")
    assert db.bound_wal(conn, path) is True


def test_read_regular_refuses_a_fifo_without_waiting(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # nothing ever writes to it: opening it to read would wait for ever
    with pytest.raises(NotRegularFile):
        finishes(read_regular, fifo)
    (tmp_path / "plain").write_bytes(b"gitdir: x\nmore")
    assert read_regular(tmp_path / "plain", limit=5) == b"gitdi"


def _fifo_worktree(tmp_path):
    """A project whose `.git` file points at a git dir whose `commondir` is a FIFO."""
    gitdir = tmp_path / "gitdir"
    gitdir.mkdir()
    os.mkfifo(gitdir / "commondir")
    project = tmp_path / "project"
    (project / "src").mkdir(parents=True)
    (project / ".git").write_text(f"gitdir: {gitdir}\n")
    return project


def test_a_fifo_commondir_does_not_hang_project_resolution(tmp_path):
    project = _fifo_worktree(tmp_path)
    assert finishes(resolve_project, str(project / "src")) == (str(project), "project")


def test_a_fifo_git_file_is_skipped(tmp_path):
    os.mkfifo(tmp_path / ".git")
    (tmp_path / "inner").mkdir()
    key, _ = finishes(resolve_project, str(tmp_path / "inner"))
    assert key  # some project, found without waiting on the FIFO


def test_a_fifo_in_the_git_chain_blocks_neither_the_hook_nor_another_session(env, tmp_path):
    project = _fifo_worktree(tmp_path)
    results = {}

    def hook(name, event):
        results[name] = run_hook(event, timeout=HANG)  # a hook waiting on the FIFO never ends

    planted = threading.Thread(target=hook, args=("planted", _edit(1, str(project / "src"))))
    other_event = dict(_edit(2), session_id="other-session")
    planted.start()
    other = threading.Thread(target=hook, args=("other", other_event))
    other.start()
    planted.join(HANG + 10)
    other.join(HANG + 10)
    for name in ("planted", "other"):
        result = results[name]
        assert isinstance(result, subprocess.CompletedProcess), name
        assert (result.returncode, result.stdout, result.stderr) == (0, b"", b""), name
    conn = sqlite3.connect(env.db)
    rows = dict(conn.execute("SELECT session_id, project FROM memory").fetchall())
    assert rows[SESSION] == str(project)
    assert "other-session" in rows
    assert not os.listdir(env.mhome / "spool") if (env.mhome / "spool").exists() else True


def test_fifos_where_the_hook_reads_or_logs_are_never_waited_on(env):
    # The config, its cache, a private-turn marker and the log: each a FIFO.
    env.mhome.mkdir(parents=True)
    (env.mhome / "private-turns").mkdir()
    for path in (env.mhome / "config.toml", env.mhome / ".config-cache.json", env.mhome / "memlane.log",
                 env.mhome / "private-turns" / f"s-{SESSION}"):  # fmt: skip
        os.mkfifo(path)
    result = run_hook(_edit(3), timeout=HANG)  # a FIFO waited on: it would never end
    assert result.returncode == 0 and result.stdout == b""
    # an unreadable private-turn marker fails closed: the event is not stored (no database needed)
    assert not os.path.exists(env.db)
    os.unlink(env.mhome / "private-turns" / f"s-{SESSION}")
    result = run_hook(_edit(4), timeout=HANG)
    assert result.returncode == 0
    conn = sqlite3.connect(env.db)
    assert conn.execute("SELECT count(*) FROM memory").fetchone()[0] == 1


@pytest.mark.parametrize("journal", ["delete", "wal"])
def test_a_hook_waits_for_the_database_another_is_making_and_spools_nothing(env, journal):
    # The first hooks of a first session race to make the database.  The one that finds it being
    # made waits for it (once in the database's life), where it took the lock for a writer's and
    # spooled its event with a `[memlane] ... is locked` line after its busy timeout.
    env.mhome.mkdir(parents=True)
    made = sqlite3.connect(env.db)  # made, its schema not yet written (before or after its WAL switch)
    made.execute(f"PRAGMA journal_mode = {journal}")
    made.close()
    holder = hold_write_lock(env.db)
    letting_go = threading.Timer(3 * BUSY_TIMEOUT_MS / 1000, release, (holder,))
    letting_go.start()
    try:
        result = run_hook(_edit(1), timeout=HANG)
    finally:
        letting_go.join()
    assert (result.returncode, result.stdout, result.stderr) == (0, b"", b"")
    conn = sqlite3.connect(env.db)
    assert conn.execute("SELECT count(*) FROM memory").fetchone()[0] == 1
    assert not (env.mhome / "spool").exists() or not os.listdir(env.mhome / "spool")


def test_a_hook_meeting_a_large_database_being_upgraded_spools_after_its_busy_timeout(env):
    # An upgrade of a large database may take long: the hook does not wait for it, it spools its
    # event after its own busy timeout, with its one line, as for any lock.
    from store.database import schema
    from store.database.connection import MAKING_SIZE, MAKING_WAIT_MS

    db.connect(env.db).close()
    made = sqlite3.connect(env.db, isolation_level=None)
    made.execute("CREATE TABLE filler (t TEXT)")
    made.executemany("INSERT INTO filler VALUES (?)", [("x" * 4000,) for _ in range(MAKING_SIZE // 4000 + 10)])
    made.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION - 1}")  # an upgrade to come
    made.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    made.close()
    holder = hold_write_lock(env.db)
    try:
        started = time.monotonic()
        result = run_hook(_edit(1), timeout=HANG)
        waited = time.monotonic() - started
    finally:
        release(holder)
    assert result.returncode == 0 and result.stdout == b""
    assert b"locked" in result.stderr and b"spool" in result.stderr
    assert waited < MAKING_WAIT_MS / 1000  # its busy timeout (1 s), not the wait for a database being made
