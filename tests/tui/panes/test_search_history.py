"""Search: `up`/`down` in the box walk earlier queries; `f` leads into the filters."""

from __future__ import annotations

from textual.widgets import Select

from tests.tui.conftest import pilot_test, screen_text, settle
from tui.gui.panes.search.history import QueryHistory


async def submit(pilot, text: str) -> None:
    await pilot.press("3", "slash")
    await settle(pilot)
    pilot.app.panes["search"].query_input.value = text
    await pilot.press("enter")
    await pilot.pause(pilot.app.options.search_debounce + 0.05)
    await settle(pilot)


@pilot_test
async def test_up_and_down_in_the_box_walk_the_queries(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for query in ("pytest", "docker", "multiply"):
            await submit(pilot, query)
        pane = app.panes["search"]
        await pilot.press("slash")
        await settle(pilot)
        pane.query_input.value = "half-typed"
        await pilot.press("up")
        assert pane.query_input.value == "multiply"
        await pilot.press("up", "up")
        assert pane.query_input.value == "pytest"
        await pilot.press("up")  # the oldest stays
        assert pane.query_input.value == "pytest"
        await pilot.press("down", "down")
        assert pane.query_input.value == "multiply"
        await pilot.press("down")
        assert pane.query_input.value == "half-typed"
        await pilot.pause(app.options.search_debounce + 0.05)
        await settle(pilot)
        assert pane.query_input.has_focus


@pilot_test
async def test_ctrl_f_from_the_results_focuses_the_filters(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await submit(pilot, "pytest")
        await pilot.press("down")  # not browsing the history: down goes to the results
        await settle(pilot)
        assert "^f Filters" in screen_text(app)
        await pilot.press("ctrl+f")  # letters on Search's list are its query
        await settle(pilot)
        assert isinstance(app.focused, Select) and app.focused.id == "search-project"


def test_history_keeps_each_query_once_newest_last():
    history = QueryHistory(limit=3)
    for query in ("a", "b", "a", "  ", "c", "d"):
        history.add(query)
    assert history.entries == ["a", "c", "d"]
    assert history.back("") == "d" and history.back("") == "c"
    assert history.forward() == "d" and history.forward() == "" and history.forward() is None


@pilot_test
async def test_ctrl_s_sorts_the_hits_by_date_and_back(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await submit(pilot, "pytest calc")
        await pilot.press("down")
        await settle(pilot)
        pane = app.panes["search"]
        by_relevance = [int(key.value) for key in pane.table.rows]
        await pilot.press("ctrl+s")
        await settle(pilot)
        by_date = [int(key.value) for key in pane.table.rows]
        assert sorted(by_date) == sorted(by_relevance) and by_date == sorted(by_date, reverse=True)
        assert by_relevance != by_date  # the fixture's best match is not its newest
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert [int(key.value) for key in pane.table.rows] == by_relevance
