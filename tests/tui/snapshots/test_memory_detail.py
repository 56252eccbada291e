"""Snapshots of a memory's detail screen."""

from __future__ import annotations

import pytest

from tests.tui.conftest import SIZES, app_for, steps


@pytest.mark.parametrize("size", SIZES)
def test_memory_detail(snap_compare, db_path, size):
    run = steps("j", "enter", "j", "j", "j", "enter")
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=run)
