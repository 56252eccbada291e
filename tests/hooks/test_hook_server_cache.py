"""The hook server's page cache: recall's pages read into it while no hook waits (a prompt whose
pages left the OS's cache then reads none from disk), the warming that gives way at once to a
hook, and that starts again when another process wrote (SQLite emptied the cache)."""

from __future__ import annotations

import os
import random
import shutil
import socket
import subprocess
import sys
import threading

import pytest

import hooks.main
from hooks import keepalive, server
from store.database import connection as db
from store.writing import writer


def add(conn, content, session="s1"):
    return writer.add_memory(conn, {"session_id": session, "type": "command", "content": content,
                                    "cwd": "/nonexistent/app"})  # fmt: skip


@pytest.fixture
def db_path(tmp_path, monkeypatch):
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / "memlane-home"))  # its log, never the person's
    return str(tmp_path / "memory.db")


def _build_store(path: str) -> str:
    conn = db.connect(path)
    rng = random.Random(11)
    vocab = [f"w{i}" for i in range(5000)] + ["kernel", "panic", "deploy"]
    for n in range(1500):
        add(conn, f"note {n} " + " ".join(rng.choices(vocab, k=80)), session=f"session-{n % 40:03d}")
    conn.close()  # checkpointed: one file, no -wal left
    return path


_BUILT: dict[str, str] = {}  # the store below, built once a test process


@pytest.fixture
def store(db_path, tmp_path_factory):
    """A store whose word index and task indexes span far more pages than one warming step: a copy
    (mode kept) of the one this test process built and closed; each test changes its own copy."""
    built = _BUILT.get("store")
    if built is None:
        built = _BUILT["store"] = _build_store(str(tmp_path_factory.mktemp("store") / "memory.db"))
    shutil.copy2(built, db_path)
    return db_path


@pytest.fixture
def serving(store, tmp_path, monkeypatch):
    """A server bound to its socket, its kept connection not yet opened (as just started)."""
    monkeypatch.setattr(hooks.main, "RESIDENT", server.Resident())
    served = server.Server(store, {"sock": str(tmp_path / "hook.sock")})
    served.bind()
    yield served
    served.close()
    hooks.main.RESIDENT.close()


def bytes_read() -> int:
    """Bytes this process read from files (from the OS's cache or the disk: SQLite's own cache
    is what reads none)."""
    with open("/proc/self/io") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("rchar"))


RECALL_READS = (
    "SELECT count(*) FROM memory_words WHERE memory_words MATCH 'kernel OR w17* OR w4321'",
    "SELECT count(*), max(session_id) FROM memory INDEXED BY memory_id_session_id_prompt_id_project_type WHERE id > 0",
    "SELECT count(*) FROM memory INDEXED BY memory_session_id_prompt_id_type_file_path WHERE session_id > ''",
)


def read_by_recall(conn) -> int:
    before = bytes_read()
    for statement in RECALL_READS:
        conn.execute(statement).fetchall()
    return bytes_read() - before


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads counted from /proc/self/io")
def test_when_idle_the_server_reads_recall_pages_into_its_cache_and_another_writer_makes_it_start_again(serving, store):
    serving.warm()  # no event yet: the store is opened for it
    conn = hooks.main.RESIDENT.conn
    assert conn is not None and not serving.warming and serving.warmer.pages > 2 * server.WARM_PAGES
    assert read_by_recall(conn) < 3 * 4096  # every page from the server's own cache: none from a file
    with db.connect(store) as other:  # another process writes (the app, a hook run by itself)
        add(other, "written elsewhere kernel", session="elsewhere")
    assert read_by_recall(conn) > 10 * 4096  # SQLite emptied the cache: read from the file again
    serving.warm()
    assert not serving.warming and read_by_recall(conn) < 3 * 4096  # warmed again
    assert conn.execute("SELECT count(*) FROM memory WHERE session_id = 'elsewhere'").fetchone()[0] == 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads counted from /proc/self/io")
def test_the_servers_own_writes_and_checkpoints_keep_the_cache_warm(serving):
    serving.warm()
    conn = hooks.main.RESIDENT.conn
    for n in range(3):  # as events run by the server write, and its WAL bound checkpoints
        add(conn, f"the hook's own write {n} kernel", session="own")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert not serving.warmer.due(conn)  # nothing to read again
    assert read_by_recall(conn) < 3 * 4096


def test_the_warming_stops_at_once_when_a_hook_arrives(serving, monkeypatch):
    steps = []
    real_step = serving.warmer.step
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)

    def step_then_a_hook_arrives():
        steps.append(1)
        if len(steps) == 2:
            client.connect(serving.paths["sock"])  # waiting in the listener's queue now
        return real_step()

    monkeypatch.setattr(serving.warmer, "step", step_then_a_hook_arrives)
    try:
        serving.warm()
        assert len(steps) == 2 and serving.warming  # the step under way finished, no other began
        serving.warm()
        assert len(steps) == 2  # while the hook waits, nothing more is read
        serving.listener.accept()[0].close()
        serving.warm()
        assert len(steps) > 3 and not serving.warming  # and after it, the rest
    finally:
        client.close()


def test_the_warming_reads_no_more_than_the_cache_holds(serving, monkeypatch):
    monkeypatch.setattr(server, "cache_kib", lambda: 4 * server.WARM_PAGES * 4400 // 1024)
    serving.warm()
    assert not serving.warming and serving.warmer.pages <= 5 * server.WARM_PAGES


def test_the_cache_size_is_a_setting_bounded_by_the_machines_memory(monkeypatch):
    ram_kib = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 1024
    monkeypatch.setenv("MEMLANE_HOOK_SERVER_CACHE_MB", "64")
    assert server.cache_kib() == min(64 * 1024, ram_kib // 8)
    monkeypatch.setenv("MEMLANE_HOOK_SERVER_CACHE_MB", str(10**9))
    assert server.cache_kib() == ram_kib // 8
    monkeypatch.setenv("MEMLANE_HOOK_SERVER_CACHE_MB", "lots")
    assert server.cache_kib() == min(server.CACHE_MIB * 1024, ram_kib // 8)


def test_with_no_cache_asked_for_nothing_is_warmed(serving, monkeypatch):
    monkeypatch.setenv("MEMLANE_HOOK_SERVER_CACHE_MB", "0")
    serving.warm()
    assert hooks.main.RESIDENT.conn is None and not serving.warming


def test_a_store_without_a_warmed_index_still_warms_the_others(db_path):
    conn = db.connect(db_path)
    add(conn, "one memory kernel")
    conn.execute("DROP INDEX memory_session_id_prompt_id_type_file_path")
    assert list(server.warming_steps(conn, 10_000))  # the other b-trees are read
    conn.close()


def test_once_warm_the_cache_is_cut_to_what_was_warmed_and_set_back_to_the_budget_to_warm_again(serving, store):
    serving.warm()
    conn = hooks.main.RESIDENT.conn
    warmed_kib = serving.warmer.pages * 4096 // 1024
    kept = -conn.execute("PRAGMA cache_size").fetchone()[0]
    assert warmed_kib < kept <= warmed_kib * 2 + server.CACHE_SLACK_MIB * 1024 < server.cache_kib()
    with db.connect(store) as other:
        add(other, "written elsewhere", session="elsewhere")
    assert serving.warmer.due(conn) and -conn.execute("PRAGMA cache_size").fetchone()[0] == server.cache_kib()


# ------------------------------------------------------------------ resting


@pytest.fixture(scope="module")
def big_store(tmp_path_factory):
    """A store whose warmed pages (~20 MB) dwarf what the rest of a process holds."""
    from bench.corpus_db import build_corpus_db

    path = str(tmp_path_factory.mktemp("big") / "memory.db")
    build_corpus_db(path, 40_000, optimize=True)
    return path


def anon_kib() -> int:
    """This process's resident memory that no file backs (the page cache, the heap), KiB."""
    with open("/proc/self/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("RssAnon:"))


def idle_past_its_idle_time(served, monkeypatch) -> None:
    monkeypatch.setenv("MEMLANE_HOOK_SERVER_IDLE_S", "60")
    served.last_event -= 61


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="memory read from /proc/self/status")
def test_idle_past_its_idle_time_the_server_gives_its_page_cache_back(big_store, tmp_path, monkeypatch):
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / "memlane-home"))
    monkeypatch.setattr(hooks.main, "RESIDENT", server.Resident())
    served = server.Server(big_store, {"sock": str(tmp_path / "hook.sock")})
    served.bind()
    try:
        served.warm()
        warmed_kib = served.warmer.pages * 4096 // 1024
        assert not served.warming and warmed_kib > 15 * 1024
        held = anon_kib()
        served.between_events()  # not idle long enough: nothing changes
        assert hooks.main.RESIDENT.conn is not None and not served.resting
        idle_past_its_idle_time(served, monkeypatch)
        served.between_events()
        assert served.resting and hooks.main.RESIDENT.conn is None
        assert held - anon_kib() > warmed_kib * 3 // 4  # given back to the OS, not only to the heap
        served.between_events()  # resting: the store is not opened again, nothing is warmed
        assert hooks.main.RESIDENT.conn is None and served.warmer.pages == 0
    finally:
        served.close()
        hooks.main.RESIDENT.close()


def serve_one_event(served, monkeypatch) -> tuple:
    """A hook's event handed to `served` by the client, as a hook hands it; its run (a hook's
    work, in this process) only opens the store on the kept connection, as `hooks.main` does."""
    from hooks import client

    def run_event(fields):
        resident = hooks.main.RESIDENT
        resident.release(resident.open(served.db_path, hooks.main.BUSY_TIMEOUT_MS))
        return 0, b"done", b""

    monkeypatch.setattr(server, "run_event", run_event)
    answer = []
    fields = client.request_fields(served.db_path, b'{"hook_event_name": "PostToolUse"}')
    hook = threading.Thread(target=lambda: answer.append(client.exchange(served.paths["sock"], fields)))
    hook.start()
    conn, _ = served.listener.accept()
    try:
        served.serve(conn)
    finally:
        conn.close()
    hook.join()
    return answer[0]


def test_resting_while_its_session_lives_the_next_event_is_served_and_warms_the_cache_again(serving, monkeypatch):
    serving.sessions.note((os.getpid(), keepalive._stat(os.getpid())[2]))  # the session it served runs on
    serving.warm()
    idle_past_its_idle_time(serving, monkeypatch)
    assert not serving.leaving()
    serving.between_events()
    assert serving.resting and hooks.main.RESIDENT.conn is None
    assert serve_one_event(serving, monkeypatch) == (0, b"done", b"")  # served, not sent back to the hook
    assert not serving.resting and hooks.main.RESIDENT.conn is not None
    serving.between_events()  # the next idle moment: the warming starts again
    assert serving.warmer.conn is hooks.main.RESIDENT.conn and serving.warmer.pages > 2 * server.WARM_PAGES


def test_a_server_whose_session_lives_still_leaves_after_its_longest_idle_time(serving, monkeypatch):
    serving.sessions.note((os.getpid(), keepalive._stat(os.getpid())[2]))
    monkeypatch.setenv("MEMLANE_HOOK_SERVER_SESSION_IDLE_S", "120")
    idle_past_its_idle_time(serving, monkeypatch)
    assert not serving.leaving()
    serving.last_event -= 60
    serving.last_check = 0.0
    assert serving.leaving() and serving.reason == "idle"
    monkeypatch.delenv("MEMLANE_HOOK_SERVER_SESSION_IDLE_S")
    assert keepalive.session_idle_seconds() == 7 * 86400  # by default: a week


def test_once_every_claude_code_session_it_served_has_ended_the_server_leaves_within_a_minute(serving):
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        serving.sessions.note((sleeper.pid, keepalive._stat(sleeper.pid)[2]))
        serving.last_event -= server.SESSIONS_ENDED_S + 1
        assert not serving.leaving()  # its session runs on
    finally:
        sleeper.kill()
        sleeper.wait()
    serving.last_check = 0.0
    assert serving.leaving() and serving.reason == "the Claude Code sessions it served ended"


def test_a_server_that_served_no_claude_code_session_waits_its_whole_idle_time(serving):
    serving.last_event -= server.SESSIONS_ENDED_S + 1  # hooks run by hand, by another tool
    assert not serving.leaving()
    serving.last_event -= server.idle_seconds()
    serving.last_check = 0.0
    assert serving.leaving() and serving.reason == "idle"
