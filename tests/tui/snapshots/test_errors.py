"""Snapshots of the Errors pane and an error group's occurrences (the Errors/Cleanup database)."""

from __future__ import annotations

import pytest

from tests.tui.conftest import SIZES
from tests.tui.fixtures_cleanup import make_app
from tests.tui.snapshots.test_cleanup import on_pane


@pytest.mark.parametrize("size", SIZES)
def test_errors_pane(snap_compare, cleanup_db, size):
    run = on_pane("errors", "j")
    assert snap_compare(make_app(cleanup_db), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_error_occurrences(snap_compare, cleanup_db, size):
    run = on_pane("errors", "j", "enter", "j")
    assert snap_compare(make_app(cleanup_db), terminal_size=size, run_before=run)
