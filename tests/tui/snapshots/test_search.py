"""Snapshots of the Search pane: a query's hits, and the filters reached from the results."""

from __future__ import annotations

import pytest

from tests.tui.conftest import SIZES, app_for, settle, steps


@pytest.mark.parametrize("size", SIZES)
def test_search_with_a_query(snap_compare, db_path, size):
    app = app_for(db_path)
    run = steps("3", "slash", *"pytest", pause=app.options.search_debounce + 0.1)
    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_search_filters_from_the_results(snap_compare, db_path, size):
    app = app_for(db_path)
    run = steps("3", "slash", *"pytest", pause=app.options.search_debounce + 0.1)

    async def then_filters(pilot) -> None:
        await run(pilot)
        await pilot.press("down")
        await settle(pilot)
        await pilot.press("ctrl+f")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=then_filters)


@pytest.mark.parametrize("size", SIZES)
def test_search_first_visit_keys_on_the_list(snap_compare, db_path, size):
    """`3`: the results have the keys (digits switch panes), the box waits for `/`."""
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("3"))


@pytest.mark.parametrize("size", SIZES)
def test_search_results_and_the_preview_with_the_terms_lit(snap_compare, db_path, size):
    app = app_for(db_path)
    run = steps("3", "slash", *"pytest", "enter", "j", pause=app.options.search_debounce + 0.1)
    assert snap_compare(app, terminal_size=size, run_before=run)
