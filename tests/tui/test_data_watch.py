"""The app's one poll (tui/gui/data_watch.py): another connection's commit is noticed within
the interval, from a thread of its own, and the app's panes hear of it (issue 25, item 14)."""

from __future__ import annotations

import os
import threading
import time

import pytest

from store.database.connection import StoreError, connect
from store.forgetting import erase as forget
from store.writing import writer
from tests.timing import HANG, finishes
from tui.gui.data_watch import DataWatch
from tui.gui.store_client import StoreClient


def wait_until(predicate, timeout: float = HANG) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, "not in time"
        time.sleep(0.005)


def add_one(db_path: str, content: str) -> None:
    conn = connect(db_path)
    try:
        writer.add_memory(conn, {"session_id": "s-watch", "cwd": "/w", "type": "observation",
                                 "content": content})  # fmt: skip
    finally:
        conn.close()


def test_a_commit_elsewhere_is_noticed_by_the_next_poll(db_path):
    client = StoreClient.open(db_path)
    reads: list[int] = []  # every version the watch read, in order
    seen: list[tuple[int, int]] = []  # (version, how many reads it took to hear of it)
    threads: set[threading.Thread] = set()

    def read() -> int:
        reads.append(client.data_version())
        return reads[-1]

    def changed(version: int, forgotten: bool) -> None:
        assert not forgotten
        seen.append((version, len(reads)))
        threads.add(threading.current_thread())

    watch = DataWatch(read, changed, 0.05)
    watch.start()
    try:
        wait_until(lambda: watch.version is not None)  # the baseline: no call for it
        polled = len(reads)
        wait_until(lambda: len(reads) >= polled + 3)  # polls, counted (not a time)
        assert seen == []
        add_one(db_path, "first")
        polled = len(reads)  # one read may have started before the commit ended
        wait_until(lambda: len(seen) == 1)
        assert seen[0][0] != 0 and watch.version == seen[0][0]
        assert seen[0][1] <= polled + 2, (seen, polled)  # the first poll after the commit
        assert threading.main_thread() not in threads  # the caller never waits for it
        add_one(db_path, "second")
        wait_until(lambda: len(seen) == 2)
        polled = len(reads)
        wait_until(lambda: len(reads) >= polled + 3)
        assert len(seen) == 2  # nothing new, nothing said
    finally:
        watch.stop()
        client.close()
    assert not watch.running


def test_a_forget_elsewhere_is_told_apart_from_a_write(db_path):
    """The same poll says when memories were forgotten (store.forgetting.erase's generation), so a
    pane drops them whoever forgot them; a plain write is not a forget."""
    add_one(db_path, "to forget: kiwi")
    client = StoreClient.open(db_path)
    seen: list[tuple[int, bool]] = []
    reads: list[int] = []

    def read() -> int:
        reads.append(client.data_version())
        return reads[-1]

    watch = DataWatch(read, lambda v, f: seen.append((v, f)), 0.02,
                      read_forgets=client.forget_generation)  # fmt: skip
    watch.start()
    try:
        wait_until(lambda: watch.version is not None)
        add_one(db_path, "kept")
        wait_until(lambda: len(seen) == 1)
        conn = connect(db_path)
        try:
            assert forget.forget(conn, query="kiwi").count == 1
        finally:
            conn.close()
        wait_until(lambda: any(f for _v, f in seen))
        assert seen[0][1] is False
        add_one(db_path, "after the forget")
        wait_until(lambda: len(seen) >= 3 and seen[-1][0] == watch.version)
        polled = len(reads)
        wait_until(lambda: len(reads) >= polled + 3)  # polls, counted (not a time)
        assert [f for _v, f in seen].count(True) == 1  # the next write is a write again
    finally:
        watch.stop()
        client.close()


def test_a_failing_read_is_skipped_and_the_watch_goes_on():
    versions = iter([1, StoreError("locked"), 1, 2])
    seen: list[int] = []

    def read() -> int:
        value = next(versions, 2)
        if isinstance(value, Exception):
            raise value
        return value

    watch = DataWatch(read, lambda version, forgotten: seen.append(version), 0.01)
    watch.start()
    wait_until(lambda: seen == [2])
    watch.stop()


def test_a_bug_in_the_read_is_reported_and_ends_the_watch():
    errors: list[BaseException] = []

    def read() -> int:
        raise ValueError("a bug")

    watch = DataWatch(read, lambda v, f: None, 0.01, on_error=errors.append)
    watch.start()
    wait_until(lambda: not watch.running)
    assert [str(e) for e in errors] == ["a bug"]


@pytest.mark.parametrize("interval", [0.01, 3600.0])
def test_stop_ends_the_thread_promptly(interval):
    watch = DataWatch(lambda: 1, lambda v, f: None, interval)
    watch.start()
    wait_until(lambda: watch.version is not None)  # asleep until the next poll
    finishes(watch.stop, wait=HANG / 2)  # an hour's interval: only stop() can wake it in time
    assert not watch.running


def test_a_hooks_ring_is_read_at_once_and_stop_ends_the_listener(db_path):
    """A commit that rings (store/live_signal.py) is read without waiting for the poll: an
    hour apart here, so only the ring can bring it (issue 38 item 9)."""
    from store import live_signal

    client = StoreClient.open(db_path)
    listener = live_signal.Listener.open(db_path)
    seen: list[int] = []
    watch = DataWatch(client.data_version, lambda version, forgotten: seen.append(version), 3600.0,
                      listener=listener)  # fmt: skip
    watch.start()
    try:
        wait_until(lambda: watch.version is not None)  # the baseline, then an hour's wait
        add_one(db_path, "rung")
        live_signal.ring(db_path)
        wait_until(lambda: len(seen) == 1)
    finally:
        finishes(watch.stop, wait=HANG / 2)
        client.close()
    assert not watch.running and watch.listener is None
    assert not os.path.exists(live_signal.fifo_path(db_path))  # hooks skip it at once now
