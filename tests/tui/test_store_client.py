"""The app's store client: one serialised writer, readers that never wait for
each other or for a write, so a long count never freezes Live's polling."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest

from store.database import connection as db
from store.database.connection import StoreError
from store.writing import writer
from tests.timing import HANG, finishes
from tui.gui.store_client import StoreClient


@pytest.fixture
def client(tmp_path):
    path = str(tmp_path / "memory.db")
    conn = db.connect(path)
    for n in range(30):
        writer.add_memory(conn, {"session_id": "s1", "type": "command", "content": f"$ make step-{n}",
                                 "cwd": "/nonexistent/app"})  # fmt: skip
    conn.close()
    store = StoreClient.open(path)
    yield store
    store.close()


def _slow_read(started: threading.Event, release: threading.Event):
    def fn(conn):
        conn.execute("BEGIN")
        count = conn.execute("SELECT count(*) FROM memory").fetchone()[0]  # holds a snapshot
        started.set()
        release.wait()  # until the test lets go, however slow the machine
        return count

    return fn


def test_a_long_read_holds_up_neither_polling_nor_other_reads_nor_writes(client):
    started, release = threading.Event(), threading.Event()
    result = {}
    worker = threading.Thread(target=lambda: result.update(n=client.read(_slow_read(started, release))))
    worker.start()
    assert started.wait(HANG)
    def meanwhile():
        client.data_version()
        assert client.latest_memory_id() == 30
        assert len(client.memories_before(None, limit=10)) == 10
        assert client.search("step", limit=5)
        client.run(lambda conn: writer.add_memory(conn, {"session_id": "s2", "type": "command",
                                                         "content": "$ make during", "cwd": "/x"}))  # fmt: skip
        assert client.latest_memory_id() == 31

    try:
        finishes(meanwhile)  # the long read holds until the end: waiting behind it never ends
    finally:
        release.set()
        worker.join(HANG)
    assert result == {"n": 30}  # the long read saw its own snapshot


def test_reads_run_at_the_same_time(client):
    both_inside = threading.Barrier(2, timeout=HANG / 2)

    def fn(conn):
        both_inside.wait()  # breaks (raises) if the second read waited for the first
        return conn.execute("SELECT count(*) FROM memory").fetchone()[0]

    results = []
    threads = [threading.Thread(target=lambda: results.append(client.read(fn))) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(HANG)
    assert results == [30, 30]


def test_writes_are_one_at_a_time(client):
    inside = []
    overlap = []

    def fn(conn):
        inside.append(1)
        overlap.append(len(inside))
        time.sleep(0.05)
        inside.pop()

    threads = [threading.Thread(target=client.run, args=(fn,)) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(HANG)
    assert overlap == [1, 1, 1, 1]


def test_data_version_moves_on_any_commit_and_only_then(client, tmp_path):
    first = client.data_version()
    assert client.data_version() == first
    client.read(lambda conn: conn.execute("SELECT 1").fetchone())
    assert client.data_version() == first  # reads elsewhere change nothing
    client.set_error_note(1, "x")  # the app's own write (a no-op for a missing group still commits)
    second = client.data_version()
    other = sqlite3.connect(client.path)
    other.execute("INSERT INTO meta (key, value) VALUES ('x', 'y')")
    other.commit()
    other.close()
    assert client.data_version() != second


def test_a_read_error_is_one_sentence_and_the_reader_is_reused(client):
    with pytest.raises(StoreError):
        client.read(lambda conn: conn.execute("SELECT * FROM no_such_table"))
    assert client.read(lambda conn: conn.execute("SELECT count(*) FROM memory").fetchone()[0]) == 30
    assert len(client._readers) == 1


def test_closed_means_closed(client):
    client.read(lambda conn: None)
    client.data_version()
    client.close()
    with pytest.raises(StoreError):
        client.read(lambda conn: None)
    with pytest.raises(StoreError):
        client.data_version()


def test_a_read_no_longer_wanted_stops_at_once_and_its_reader_is_reused(client):
    """A count for a query typed over must not keep a core busy for its whole length."""
    from tui.gui.store_client import ReadCancelled

    # 10^12 rows: hours, uncancelled (whatever the machine), so a hang bound tells it apart
    endless = ("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000000000000) "
               "SELECT count(*) FROM n")  # fmt: skip
    cancelled = threading.Event()
    threading.Timer(0.2, cancelled.set).start()
    with pytest.raises(ReadCancelled):
        finishes(client.read_unless, cancelled.is_set, lambda conn: conn.execute(endless).fetchone())
    assert client.read_unless(lambda: False, lambda conn: conn.execute("SELECT count(*) FROM memory").fetchone()[0]) == 30
    assert client.read(lambda conn: conn.execute("SELECT count(*) FROM memory").fetchone()[0]) == 30


def test_a_read_that_fails_while_wanted_is_still_one_sentence(client):
    with pytest.raises(StoreError):
        client.read_unless(lambda: False, lambda conn: conn.execute("SELECT * FROM no_such_table"))


def test_closing_while_a_read_runs_lets_that_read_finish_then_closes_its_reader(client):
    """The app quits while a worker still reads (Insights' overview): closing that
    reader under the running statement crashed the process (a segfault)."""
    started, release = threading.Event(), threading.Event()
    seen: dict = {}

    def long_read(conn):
        started.set()
        release.wait(HANG)
        seen["conn"] = conn
        return conn.execute("SELECT count(*) FROM memory").fetchone()[0]  # after the close

    worker = threading.Thread(target=lambda: seen.update(n=client.read(long_read)))
    worker.start()
    assert started.wait(HANG)
    client.close()
    release.set()
    worker.join(HANG)
    assert seen["n"] == 30  # the read in flight finished on its own connection
    with pytest.raises(sqlite3.ProgrammingError):
        seen["conn"].execute("SELECT 1")  # and that connection was closed as it was given back


def _count_waiters(monkeypatch) -> list[int]:
    """Every wait for another caller's answer (a Future's result) is noted in the list."""
    from concurrent.futures import Future

    waiting: list[int] = []
    result = Future.result

    def noted(self, timeout=None):
        waiting.append(1)
        return result(self, timeout)

    monkeypatch.setattr(Future, "result", noted)
    return waiting


def _until(predicate, timeout: float = HANG) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, "not in time"
        time.sleep(0.005)


def test_panes_asking_for_the_projects_at_once_share_one_scan(client, monkeypatch):
    """Sessions, Live and Search each ask for the projects as the app starts, and each pane
    as it is built; a scan of every session that grows with the database is made once for
    those that ask meanwhile, and again only once the database has changed."""
    from store.reading import listings

    scans: list[int] = []
    entered, release = threading.Event(), threading.Event()
    real = listings.projects

    def slow_projects(conn):
        scans.append(1)
        entered.set()
        release.wait(HANG)
        return real(conn)

    monkeypatch.setattr(listings, "projects", slow_projects)
    waiting = _count_waiters(monkeypatch)
    answers: list[list[dict]] = []
    first = threading.Thread(target=lambda: answers.append(client.projects()))
    first.start()
    assert entered.wait(HANG)
    others = [threading.Thread(target=lambda: answers.append(client.projects())) for _ in range(2)]
    for thread in others:
        thread.start()
    _until(lambda: len(waiting) == 2)  # the two wait for the first's scan
    release.set()
    for thread in [first, *others]:
        thread.join(HANG)
    assert len(scans) == 1 and len(answers) == 3
    assert answers[0] == answers[1] == answers[2] and answers[0]
    answers[1][0]["project_name"] = "changed by one pane"
    assert answers[0][0]["project_name"] != "changed by one pane"  # each has its own rows
    again = client.projects()
    assert len(scans) == 1 and again == answers[0]  # nothing changed since: no scan
    again[0]["project_name"] = "changed by a pane"
    assert client.projects()[0]["project_name"] != "changed by a pane"  # its own rows again
    other = db.connect(client.path)  # another process records a session in a new project
    writer.add_memory(other, {"session_id": "s9", "type": "command", "content": "$ make",
                              "cwd": "/nonexistent/newer-project"})  # fmt: skip
    other.close()
    names = [row["project_name"] for row in client.projects()]
    assert len(scans) == 2 and "newer-project" in names  # the database moved: read again


def test_a_shared_read_that_fails_fails_for_everyone_waiting_and_is_not_kept(client, monkeypatch):
    from store.reading import listings

    entered, release = threading.Event(), threading.Event()

    def failing(conn):
        entered.set()
        release.wait(HANG)
        raise sqlite3.OperationalError("database disk image is malformed")

    monkeypatch.setattr(listings, "projects", failing)
    waiting = _count_waiters(monkeypatch)
    errors: list[Exception] = []

    def ask():
        try:
            client.projects()
        except StoreError as exc:
            errors.append(exc)

    threads = [threading.Thread(target=ask) for _ in range(2)]
    threads[0].start()
    assert entered.wait(HANG)
    threads[1].start()
    _until(lambda: len(waiting) == 1)
    release.set()
    for thread in threads:
        thread.join(HANG)
    assert len(errors) == 2
    monkeypatch.undo()
    assert isinstance(client.projects(), list)
