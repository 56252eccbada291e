"""Snapshots of the daily-use features (Insights, export, sorting, filters) at 80x24 and 200x50."""

from __future__ import annotations

import pytest

from tests.tui.test_snapshots import app_for, steps

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((200, 50), id="200x50")]


@pytest.mark.parametrize("size", SIZES)
def test_insights(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("6"))
