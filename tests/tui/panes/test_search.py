"""Search pane: searches as you type, any input is safe, enter opens the memory in context."""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing

import pytest
from textual.widgets import Input, Select

from tests.tui.conftest import (
    at,
    build_db,
    pilot_test,
    result_ids,
    screen_text,
    scroll_every_hit,
    settle,
    until,
)
from tui.gui.panes.search import SearchPane
from tui.gui.screens.timeline import TimelineScreen
from tui.gui.textual_internals import notifications, option_line
from tui.gui.widgets.timeline_list import TimelineList

AWKWARD = ['"unbalanced', "NEAR(", "a AND", "pytest OR", "*", "(", ")", "^", "col:", "-", '""',
           "'; DROP TABLE memory; --", "세션", "🎉", "세션 🎉 \"", "\\", "%_"]  # fmt: skip


async def open_search(pilot) -> SearchPane:
    """Search, with the keys in its query box."""
    await settle(pilot)
    await pilot.press("3", "slash")
    await settle(pilot)
    return pilot.app.query_one(SearchPane)


async def type_query(pilot, pane: SearchPane, text: str) -> None:
    """Put `text` in the box (as a paste would) and wait for the debounced search."""
    pane.query_input.value = text
    await pilot.pause(pilot.app.options.search_debounce + 0.05)
    await settle(pilot)


def highlight_in_view(timeline: TimelineList) -> bool:
    top = option_line(timeline, timeline.highlighted)
    view = (
        timeline.scroll_offset.y,
        timeline.scroll_offset.y + timeline.scrollable_content_region.height,
    )
    return view[0] <= top < view[1]


@pilot_test
async def test_empty_query_lists_the_newest_memories(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        pane = await open_search(pilot)
        ids = result_ids(pane)
        # newest by when they happened (the fixture writes its sessions out of time order)
        with closing(sqlite3.connect(db_path)) as conn:
            when = dict(conn.execute("SELECT id, created_at FROM memory"))
        times = [(when[i], i) for i in ids]
        assert len(ids) == 19 and times == sorted(times, reverse=True)
        assert ids != sorted(ids, reverse=True)  # so the order is not the ids'
        assert "Newest memories" in screen_text(app)


@pilot_test
async def test_searches_as_you_type_with_highlighted_snippets(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        pane = await open_search(pilot)
        await pilot.press(*"multiply")
        await pilot.pause(app.options.search_debounce + 0.05)
        await settle(pilot)
        assert len(result_ids(pane)) == 2
        snippet = pane.table.get_row_at(0)[-1]
        highlighted = [
            snippet.plain[s.start : s.end] for s in snippet.spans if "reverse" in str(s.style)
        ]
        assert highlighted and all(h.lower() == "multiply" for h in highlighted)
        assert "\x02" not in snippet.plain and "\x03" not in snippet.plain
        assert "2 matches" in screen_text(app)


@pilot_test
async def test_any_input_is_safe(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        pane = await open_search(pilot)
        for text in AWKWARD:
            await type_query(pilot, pane, text)
            assert pane.last_results is not None and pane.last_results.query == text, text
            status = str(pane.query_one("#search-status").render())
            assert "match" in status, (text, status)  # "N matches" or "No memories match"
        assert not notifications(app)  # no error was shown
        await type_query(pilot, pane, "세션")
        assert len(result_ids(pane)) >= 2  # Korean prompt and Korean comment in an edit
        await type_query(pilot, pane, "🎉")
        assert len(result_ids(pane)) == 1


@pilot_test
async def test_filters_narrow_the_results(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        pane = await open_search(pilot)
        await type_query(pilot, pane, "pytest")
        assert len(result_ids(pane)) == 4
        pane.query_one("#search-type", Select).value = "error"
        await settle(pilot)
        assert len(result_ids(pane)) == 1
        pane.query_one("#search-type", Select).clear()
        pane.query_one("#search-date", Select).value = "today"  # of the fixed clock
        await settle(pilot)
        assert len(result_ids(pane)) == 4
        pane.query_one("#search-project", Select).value = "/home/dev/infra"
        await settle(pilot)
        assert result_ids(pane) == []
        assert "No memories match pytest with these filters" in screen_text(app)


@pilot_test
async def test_enter_opens_the_timeline_scrolled_to_the_memory(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        pane = await open_search(pilot)
        await type_query(pilot, pane, "docker build slow")
        hit = result_ids(pane)[0]
        await pilot.press("enter")  # from the box: into the results
        await settle(pilot)
        assert app.focused is pane.table
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TimelineScreen)
        timeline = app.screen.query_one(TimelineList)
        assert timeline.current["id"] == hit


@pilot_test
async def test_in_context_deep_in_a_long_session_loads_only_a_window(home, utc, make_app):
    path = build_db(home / "long.db", long_session=1200)
    app = make_app(path)
    async with app.run_test(size=(100, 30)) as pilot:
        pane = await open_search(pilot)
        await type_query(pilot, pane, "epoch 700")
        await pilot.press("escape")
        await settle(pilot)
        row = pane.table.get_row_at(pane.table.cursor_row)
        assert "epoch" in row[-1].plain
        hit = int(pane.table.coordinate_to_cell_key(pane.table.cursor_coordinate).row_key.value)
        await pilot.press("enter")
        await settle(pilot)
        timeline = app.screen.query_one(TimelineList)
        assert timeline.current["id"] == hit
        assert timeline.has_before and timeline.has_after
        assert len(timeline.memories) < 300  # a window, not the session's 1,200
        position = timeline.position
        assert "of 1,200" in str(app.screen.query_one("#timeline-status").render())
        assert highlight_in_view(timeline)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert highlight_in_view(timeline)  # still in view on a smaller terminal
        assert timeline.current["content"].startswith(f"$ python train.py --epoch {position}")
        await pilot.press("G")  # the end of the session, loaded directly
        await settle(pilot)
        assert timeline.current["content"].startswith("$ python train.py --epoch 1199")
        await pilot.press("g")
        await settle(pilot)
        assert timeline.current["content"].startswith("$ python train.py --epoch 0\n")


@pilot_test
async def test_G_goes_to_the_last_hit_and_k_g_walk_back(home, utc, make_app):
    from store.database.connection import connect
    from store.search import search

    path = build_db(home / "long.db", long_session=1200)  # 1,200 memories say "epoch"
    conn = connect(path)
    ranked = [h["id"] for o in (0, 500, 1000)
              for h in search(conn, "epoch", limit=500, offset=o)]  # fmt: skip
    first_page = [h["id"] for h in search(conn, "epoch", limit=25)]
    conn.close()
    app = make_app(path, page_size=25)
    async with app.run_test(size=(100, 30)) as pilot:
        pane = await open_search(pilot)
        await type_query(pilot, pane, "epoch")
        table = pane.table
        table.focus()
        # Counted at once, from the ranking the pages come from.
        assert result_ids(pane) == first_page and "1,200 matches" in screen_text(app)
        await pilot.press("end")  # G, k, g: letters of the query here
        await settle(pilot)
        assert table.cursor_row == table.row_count - 1 and result_ids(pane)[-1] == ranked[-1]
        assert table.window_end == 1200 and "1,200 matches" in screen_text(app)
        last = pane.last_results.rows[-1]["content"].split("\n")[1].split(":")[0]  # "epoch N"
        assert f"{last}:" in screen_text(app)  # the last hit is drawn
        for _ in range(10):  # up across the page boundary: the hits before load above
            await pilot.press("up")
        await settle(pilot)
        assert table.window_start == 1200 - 2 * 25
        assert result_ids(pane) == ranked[table.window_start : table.window_end]
        assert result_ids(pane)[table.cursor_row] == ranked[-11]
        assert table.row_count < 200
        await pilot.press("home")
        await settle(pilot)
        assert table.cursor_row == 0 and result_ids(pane) == first_page


def write_tool_memory(path: str, tool_name: str, content: str) -> int:
    """A memory as a hook would write it from another process."""
    from store.database.connection import connect
    from store.writing import writer

    conn = connect(path)
    try:
        return writer.add_memory(conn, {
            "session_id": "s-calc-0001", "cwd": "/home/dev/calc-app", "type": "mcp",
            "tool_name": tool_name, "content": content, "created_at": at(30),
        })  # fmt: skip
    finally:
        conn.close()


@pilot_test
async def test_the_tool_filter_lists_the_tools_in_the_database_mcp_ones_readably(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)  # on Sessions, Search mounted but hidden
        issue = write_tool_memory(db_path, "mcp__github__create_issue", "Created issue #42")
        other = write_tool_memory(db_path, "mcp__github__create_issue", "Created issue #43")
        app.broadcast_data_changed(1)
        await settle(pilot)
        pane = await open_search(pilot)  # shown after a change: the tools are read again
        tools = pane.query_one("#search-tool", Select)
        tools.focus()
        tools.action_show_overlay()
        await settle(pilot)
        listed = screen_text(app)
        assert "github · create_issue" in listed and "Bash" in listed and "Edit" in listed
        assert "TodoWrite" not in listed  # never used here
        await pilot.press("escape")
        tools.value = "mcp__github__create_issue"  # the real name is the filter
        await settle(pilot)
        assert sorted(result_ids(pane)) == sorted([issue, other])
        assert "github · " in screen_text(app)  # the box shows the readable name
        bash_only = pane.query_one("#search-tool", Select)
        bash_only.value = "Bash"
        await settle(pilot)
        assert result_ids(pane) and issue not in result_ids(pane)


def test_mcp_tool_names_read_as_server_and_tool():
    from tui.formatting import tool_label

    assert tool_label("mcp__github__create_issue") == "github · create_issue"
    assert tool_label("mcp__plugin_asana_asana__asana_create_task") == (
        "plugin_asana_asana · asana_create_task"
    )
    assert tool_label("Bash") == "Bash" and tool_label("mcp__half") == "mcp__half"


@pilot_test
async def test_a_chosen_tool_that_disappears_still_filters(db_path, make_app, monkeypatch):
    from textual.widgets.select import InvalidSelectValueError

    from store.database.connection import connect
    from tui.gui.panes.search import pane as search_pane

    monkeypatch.setattr(search_pane, "TOOLS_REFRESH_SECONDS", 10.0)  # far over one settle, loaded
    gone = write_tool_memory(db_path, "mcp__linear__save_issue", "Saved LIN-7")
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        pane = await open_search(pilot)
        tools = pane.query_one("#search-tool", Select)
        tools.value = "mcp__linear__save_issue"
        await settle(pilot)
        assert result_ids(pane) == [gone]
        conn = connect(db_path)
        conn.execute("DELETE FROM memory WHERE id = ?", (gone,))
        conn.close()
        slack = write_tool_memory(db_path, "mcp__slack__post_message", "Posted to #dev")
        # The names were read when the pane was built with the app; a busy machine may take
        # longer than the refresh period to get here, so count that period from now.
        pane._tools_read_at = time.monotonic()
        app.broadcast_data_changed(1)  # hooks write all the time: not read again at once...
        await settle(pilot)
        with pytest.raises(InvalidSelectValueError):
            tools.value = "mcp__slack__post_message"
        # ... but once the period is over: waited for as a state (the new name is offered)
        await until(lambda: any(value == "mcp__slack__post_message" for _label, value in tools.offered))
        await settle(pilot)
        tools.value = "mcp__slack__post_message"
        await settle(pilot)
        assert result_ids(pane) == [slack]
        tools.value = "mcp__linear__save_issue"  # the one chosen before is still there
        await settle(pilot)
        assert pane.filters["tool"] == "mcp__linear__save_issue" and result_ids(pane) == []
        assert "linear · " in screen_text(app)


@pytest.mark.parametrize("query", ["pytest", "session"])
@pilot_test
async def test_typing_fast_runs_one_search(db_path, make_app, query):
    # A keystroke on a busy machine can take a good part of a second: the pause that ends a
    # word must be longer than any of them, and the search is waited for, not a time.
    app = make_app(db_path, search_debounce=2.0)
    async with app.run_test(size=(100, 30)) as pilot:
        pane = await open_search(pilot)
        generation = pane._generation
        await pilot.press(*query)
        await until(lambda: pane._generation > generation, timeout=60)
        await settle(pilot)
        assert pane._generation == generation + 1  # debounced: one search for the whole word


@pilot_test
async def test_the_count_is_exactly_the_rows_one_scrolls_through_each_once(home, utc, make_app):
    """1,200 hits, past the ranking pool (1,000) and every page size: scrolling down the
    whole list delivers each hit exactly once, and as many as the status counted."""
    from store.database.connection import connect
    from store.search import count_hits, search

    path = build_db(home / "long.db", long_session=1200)
    conn = connect(path)
    total = count_hits(conn, "epoch")
    everything = [h["id"] for o in range(0, total, 500) for h in search(conn, "epoch", limit=500, offset=o)]
    conn.close()
    assert total == len(everything) == len(set(everything)) >= 1200
    app = make_app(path, page_size=100)
    async with app.run_test(size=(100, 30)) as pilot:
        pane = await open_search(pilot)
        await type_query(pilot, pane, "epoch")
        seen = await scroll_every_hit(pilot, pane, total)
        assert f"{total:,} matches" in screen_text(app)
        assert seen == everything  # the store's order, nothing repeated or skipped


@pilot_test
async def test_escape_leaves_the_search_box_even_with_no_results(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_search(pilot)
        await type_query(pilot, pane, "zzqq")
        assert pane.table.row_count == 0
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.focused, Input)
        await pilot.press("4")  # a key again, not text
        await settle(pilot)
        assert pane.query_input.value == "zzqq"
        assert app.active_pane_id == "errors"
        await pilot.press("3", "slash")  # and / comes back to the box
        await settle(pilot)
        assert app.focused is pane.query_input and pane.query_input.value == "zzqq"


@pilot_test
async def test_a_korean_match_is_visible_at_80_columns(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_search(pilot)
        await type_query(pilot, pane, "버그")  # after 21 Korean characters (~40 cells) of context
        assert pane.table.row_count == 1
        row = next(line for line in screen_text(app).splitlines() if "shop-api" in line)
        assert "버그" in row, row


@pilot_test
async def test_yesterday_and_two_dates_typed_in_the_date_filter(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        pane = await open_search(pilot)
        await pilot.press("escape")
        dates = pane.query_one("#search-date", Select)
        dates.value = "yesterday"  # May 1 of the fixed clock: the shop-api session
        await settle(pilot)
        assert len(result_ids(pane)) == 6
        assert {pane._hits[str(i)]["session_id"] for i in result_ids(pane)} == {"s-shop-0002"}
        dates.value = "between"  # asks for the dates
        await settle(pilot)
        await pilot.press(*"2025-04-28 2025-04-29")
        await settle(pilot)
        assert "Memories of 28–29 Apr 2025, both days included." in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert {pane._hits[str(i)]["session_id"] for i in result_ids(pane)} == {"s-infra-0003"}
        assert "28–29 Apr 2025" in screen_text(app)  # the filter says which days, and the year
