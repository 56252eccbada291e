"""Snapshots of the Search pane: a query's hits, and the filters reached from the results."""

from __future__ import annotations

import pytest

from tests.tui.conftest import SIZES, SIZES_200, app_for, settle, steps


@pytest.mark.parametrize("size", SIZES)
def test_search_with_a_query(snap_compare, db_path, size):
    app = app_for(db_path)
    run = steps("slash", *"pytest", pause=app.config.search_debounce + 0.1)
    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES_200)
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
