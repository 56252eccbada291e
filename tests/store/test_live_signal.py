"""A hook's nudge to the app (store/live_signal.py): it wakes a listener at once, and with nobody
listening, or anything odd at the FIFO's path, it costs one failed call and never blocks or raises
(issue 38 item 9)."""

from __future__ import annotations

import os
import stat
import threading

from store import live_signal
from tests.timing import HANG, finishes


def test_with_nobody_listening_a_ring_does_nothing(tmp_path):
    db_path = str(tmp_path / "memory.db")
    live_signal.ring(db_path)  # no FIFO
    assert os.listdir(tmp_path) == []
    os.mkfifo(live_signal.fifo_path(db_path), 0o600)  # a FIFO nobody reads (an app that died)
    finishes(live_signal.ring, db_path)


def test_a_regular_file_or_a_link_at_the_path_is_left_alone(tmp_path):
    db_path = str(tmp_path / "memory.db")
    path = live_signal.fifo_path(db_path)
    with open(path, "wb") as file:
        file.write(b"not ours")
    live_signal.ring(db_path)
    assert open(path, "rb").read() == b"not ours"
    assert live_signal.Listener.open(db_path) is None  # and the app does not take it over
    os.unlink(path)
    target = tmp_path / "elsewhere"
    os.mkfifo(target, 0o600)
    os.symlink(target, path)
    reader = os.open(target, os.O_RDONLY | os.O_NONBLOCK)
    try:
        live_signal.ring(db_path)  # a link is not followed
        assert os.read(reader, 10) == b""
    finally:
        os.close(reader)


def test_a_ring_ends_the_listeners_wait_at_once(tmp_path):
    db_path = str(tmp_path / "memory.db")
    listener = live_signal.Listener.open(db_path)
    assert listener is not None
    try:
        mode = os.lstat(live_signal.fifo_path(db_path)).st_mode
        assert stat.S_ISFIFO(mode) and stat.S_IMODE(mode) == 0o600
        assert listener.wait(0) is False
        live_signal.ring(db_path)
        live_signal.ring(db_path)
        assert finishes(listener.wait, 3600) is True  # both rings read at once
        assert listener.wait(0) is False
        woken = threading.Timer(0.05, listener.wake)
        woken.start()
        assert finishes(listener.wait, 3600) is True
        woken.join()
    finally:
        listener.close()
    assert os.listdir(tmp_path) == []  # the FIFO goes with its listener
    live_signal.ring(db_path)


def test_a_listener_that_reads_nothing_never_makes_a_hook_wait(tmp_path):
    db_path = str(tmp_path / "memory.db")
    listener = live_signal.Listener.open(db_path)
    assert listener is not None
    try:
        # past a pipe's 64 KiB: the rest are dropped, not waited on
        finishes(lambda: [live_signal.ring(db_path) for _ in range(70_000)])
        assert listener.wait(0) is True
    finally:
        listener.close()


def test_a_listener_takes_over_a_fifo_left_behind(tmp_path):
    db_path = str(tmp_path / "memory.db")
    os.mkfifo(live_signal.fifo_path(db_path), 0o600)
    listener = live_signal.Listener.open(db_path)
    assert listener is not None
    try:
        live_signal.ring(db_path)
        assert listener.wait(HANG) is True
    finally:
        listener.close()


def test_no_listener_where_no_fifo_can_be_made(tmp_path):
    assert live_signal.Listener.open(str(tmp_path / "missing-folder" / "memory.db")) is None
