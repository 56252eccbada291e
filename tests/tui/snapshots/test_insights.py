"""Snapshots of the Insights pane."""

from __future__ import annotations

import pytest

from tests.tui.conftest import SIZES, app_for, steps


@pytest.mark.parametrize("size", SIZES)
def test_insights(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("6"))


@pytest.mark.parametrize("size", SIZES)
def test_insights_storage_with_claude_codes_sweep_due(snap_compare, db_path, home, size):
    """The end of Insights: Storage, with the sessions Claude Code's cleanup deletes this week."""
    from tests.tui.panes.test_insights import plant_transcripts

    plant_transcripts(home, {"s-calc-0001": 24, "gone-soon-1": 25, "gone-soon-2": 28, "young": 10})
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("6", "G"))
