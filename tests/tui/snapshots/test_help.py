"""Snapshots of the help screen: at where you are, and filtered as you type."""

from __future__ import annotations

import pytest

from tests.tui.conftest import SIZES, app_for, steps


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("question_mark"))


@pytest.mark.parametrize("size", SIZES)
def test_help_in_errors_filtered(snap_compare, db_path, size):
    run = steps("4", "question_mark", *"reso")
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=run)
