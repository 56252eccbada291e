"""A read started ahead: its answer is given once, and a failed or late one is None (the
pane then reads its usual way, and that read reports any failure)."""

from __future__ import annotations

import threading

from tui.gui.read_ahead import ReadAhead


def test_the_answer_is_given_once():
    ahead = ReadAhead(lambda a, b: [a, b], 1, 2)
    assert ahead.take(wait=30) == [1, 2]
    assert ahead.take(wait=30) is None  # a later read is the caller's: its filters may differ


def test_a_failed_read_is_none():
    def fails():
        raise OSError("disk I/O error")

    assert ReadAhead(fails).take(wait=30) is None


def test_a_late_read_is_none_and_not_waited_for():
    release = threading.Event()
    ahead = ReadAhead(release.wait)
    assert ahead.take(wait=0.01) is None
    release.set()


def test_an_answer_read_for_other_filters_is_none():
    ahead = ReadAhead(lambda: ["rows of every project"], key=(None, ""))
    assert ahead.take(("memlane", "")) is None  # the filter changed before the rows were shown
    assert ahead.take((None, "")) is None  # and the answer is gone
