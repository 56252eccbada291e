"""Snapshots of the Live pane."""

from __future__ import annotations

import pytest

from tests.tui.conftest import SIZES, app_for, steps


@pytest.mark.parametrize("size", SIZES)
def test_live(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("2"))


@pytest.mark.parametrize("size", SIZES)
def test_live_paused_offers_follow(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("2", "k", "k"))
