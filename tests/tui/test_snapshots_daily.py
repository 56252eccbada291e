"""Snapshots of the daily-use features (Insights, export, sorting, filters) at 80x24 and 200x50."""

from __future__ import annotations

import pytest

from tests.tui.conftest import settle
from tests.tui.test_snapshots import app_for, steps

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((200, 50), id="200x50")]


@pytest.mark.parametrize("size", SIZES)
def test_insights(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("6"))


@pytest.mark.parametrize("size", SIZES)
def test_export_asks_for_a_file(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("e"))


@pytest.mark.parametrize("size", SIZES)
def test_copy_chooser(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("j", "j", "y"))


@pytest.mark.parametrize("size", SIZES)
def test_sessions_filtered_and_sorted_by_errors(snap_compare, db_path, size):
    app = app_for(db_path)
    run = steps("f", *"calc", "enter", "s", "s", pause=app.config.search_debounce + 0.1)
    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_search_filters_from_the_results(snap_compare, db_path, size):
    app = app_for(db_path)
    run = steps("slash", *"pytest", pause=app.config.search_debounce + 0.1)

    async def then_filters(pilot) -> None:
        await run(pilot)
        await pilot.press("down")
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=then_filters)


@pytest.mark.parametrize("size", SIZES)
def test_redact_with_the_regex_checkbox_on(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("5", "r", "ctrl+t"))
