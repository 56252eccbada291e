"""Snapshots of a forked session (`claude --resume --fork-session`): the Sessions list marks
it and its preview says what it was forked from; its timeline's header too."""

from __future__ import annotations

import sqlite3

import pytest

from tests.tui.conftest import SIZES, app_for, steps


def forked(db_path: str) -> str:
    """The running session (the newest) as a fork of the first calc-app session."""
    conn = sqlite3.connect(db_path)
    with conn:
        conn.execute("UPDATE session SET forked_from = 's-calc-0001' WHERE session_id = 's-live-0004'")
    conn.close()
    return db_path


@pytest.mark.parametrize("size", SIZES)
def test_sessions_with_a_fork(snap_compare, db_path, size):
    assert snap_compare(app_for(forked(db_path)), terminal_size=size, run_before=steps())


@pytest.mark.parametrize("size", SIZES)
def test_timeline_of_a_fork(snap_compare, db_path, size):
    assert snap_compare(app_for(forked(db_path)), terminal_size=size, run_before=steps("enter"))
