"""Defects a daily user hit (issue 12), each driven as that person would with Pilot."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from tests.tui.conftest import pilot_test, screen_text, settle
from tests.tui.test_search_pane import open_search, type_query
from tui.gui.textual_internals import notifications
from tui.gui.widgets.app_footer import AppFooter


def footer_line(app) -> str:
    return screen_text(app).splitlines()[-1]


# -- stuck in the search box --------------------------------------------------------------------


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
        await pilot.press("slash")  # and / comes back to the box
        await settle(pilot)
        assert app.focused is pane.query_input and pane.query_input.value == "zzqq"


@pilot_test
async def test_the_footer_offers_no_key_the_search_box_would_type(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_search(pilot)
        assert app.focused is pane.query_input
        footer = footer_line(app)
        assert "/ Search" not in footer and "q Quit" not in footer and "? Help" not in footer
        assert "esc Results" in footer and "f1 Help" in footer
        await pilot.press("escape")
        await settle(pilot)
        assert "/ Search" in footer_line(app) and "q Quit" in footer_line(app)


@pilot_test
async def test_a_click_on_the_footers_search_focuses_the_box_and_types_nothing(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_search(pilot)
        await type_query(pilot, pane, "JWT")
        await pilot.press("escape")
        await settle(pilot)
        [key] = [k for k in app.query_one(AppFooter).children if getattr(k, "key", "") == "slash"]
        await pilot.click(key)
        await settle(pilot)
        assert app.focused is pane.query_input
        assert pane.query_input.value == "JWT"  # not "/JWT"


# -- footer debris at narrow widths -------------------------------------------------------------


@pytest.mark.parametrize("pane_key", ["1", "4", "5"])
@pytest.mark.parametrize("width", [30, 45, 60, 80])
@pilot_test
async def test_the_footer_has_no_debris_and_always_says_quit(db_path, make_app, pane_key, width):
    app = make_app(db_path)
    async with app.run_test(size=(width, 24)) as pilot:
        await settle(pilot)
        await pilot.press(pane_key)
        await settle(pilot)
        footer = footer_line(app)
        assert footer.rstrip().endswith("^p Commands"), footer  # nothing shows through after it
        assert "q Quit" in footer and "? Help" in footer, footer
        allowed = {"^p", "Commands"}
        for binding in _bindings(app):
            allowed.add(app.get_key_display(binding))
            allowed.update((binding.description or "").split())
        for word in footer.replace("▏", " ").split():  # every word whole: no "Qu", no "Filte"
            assert word in allowed, (word, footer)


def _bindings(app):
    return [binding for _, binding, _, _ in app.screen.active_bindings.values()]


@pilot_test
async def test_errors_at_80_columns_keeps_quit(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("4")
        await settle(pilot)
        assert footer_line(app).split("▏")[0].rstrip().endswith("q Quit")


# -- Korean snippets at 80 columns --------------------------------------------------------------


@pilot_test
async def test_a_korean_match_is_visible_at_80_columns(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_search(pilot)
        await type_query(pilot, pane, "버그")  # after 21 Korean characters (~40 cells) of context
        assert pane.table.row_count == 1
        row = next(line for line in screen_text(app).splitlines() if "shop-api" in line)
        assert "버그" in row, row


# -- keys pressed while a timeline loads --------------------------------------------------------


@pilot_test
async def test_keys_pressed_before_the_timeline_loads_are_not_lost(db_path, make_app):
    import threading

    from tui.gui.screens.timeline import TimelineScreen

    app = make_app(db_path)
    gate = threading.Event()
    real = app.store.session_timeline

    def slow_timeline(*args, **kwargs):
        gate.wait(10)  # the first load is slow: a big database, a busy machine
        return real(*args, **kwargs)

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.store.session_timeline = slow_timeline
        await pilot.press("enter")  # the newest session: s-live-0004, three memories, still running
        await pilot.pause(0.1)
        screen = app.screen
        assert isinstance(screen, TimelineScreen) and not screen.timeline.memories
        await pilot.press("j", "j")
        gate.set()
        await settle(pilot)
        assert screen.timeline.position == 2
        assert "3 of 3" in screen_text(app)


# -- Cleanup going stale while hooks write --------------------------------------------------------


def _newest_id(path) -> int:
    from store.db import connect

    conn = connect(path)
    try:
        return conn.execute("SELECT max(id) FROM memory").fetchone()[0]
    finally:
        conn.close()


def _top_row_id(pane) -> int:
    table = pane.selection.table
    top = int(table.scroll_y)
    return int(table.ordered_rows[top].key.value)


def test_cleanup_shows_what_hooks_wrote_at_the_top_with_the_cursor_on_it(home, utc):
    from tests.tui.fixtures_cleanup import add_bulk, build_cleanup_db, make_app, show_pane, sync
    from tests.tui.fixtures_cleanup import settle as settle_all
    from tui.gui.panes.cleanup import CleanupPane

    path = build_cleanup_db(home / "memory.db")
    add_bulk(path, 250)

    @sync
    async def run():
        app = make_app(path)
        async with app.run_test(size=(80, 24)) as pilot:
            pane = await show_pane(pilot, "5", CleanupPane)
            assert pane.current_id == _newest_id(path)
            await pilot.press("1")  # away from Cleanup while hooks write
            await settle_all(pilot)
            add_bulk(path, 18, session="sess-bulk-0005")
            app.broadcast_data_changed(2)
            await settle_all(pilot)
            await pilot.press("5")
            await settle_all(pilot)
            newest = _newest_id(path)
            assert f"All {newest:,} memories" in screen_text(app)
            assert pane.current_id == newest and _top_row_id(pane) == newest
            assert app.focused is pane.selection.table
            add_bulk(path, 18, session="sess-bulk-0006")  # and while it is in view
            app.broadcast_data_changed(3)
            await settle_all(pilot)
            newest = _newest_id(path)
            assert pane.current_id == newest and _top_row_id(pane) == newest
            await pilot.press("j", "k")  # the cursor is there and moves
            await settle_all(pilot)
            assert pane.current_id == newest

    run()


# -- plurals -------------------------------------------------------------------------------------


def test_cleanup_counts_and_kinds_read_as_english(home, utc):
    from tests.tui.fixtures_cleanup import build_cleanup_db, make_app, show_pane, sync
    from tests.tui.fixtures_cleanup import settle as settle_all
    from tui.gui.panes.cleanup import CleanupPane, describe_selection

    path = build_cleanup_db(home / "memory.db")

    @sync
    async def run():
        app = make_app(path)
        async with app.run_test(size=(80, 24)) as pilot:
            pane = await show_pane(pilot, "5", CleanupPane)
            pane.set_filter(project="webshop")
            await settle_all(pilot)
            assert "7 matches: project webshop" in screen_text(app)

    run()
    details = describe_selection({"count": 3, "sessions": ["a"], "projects": ["shop"],
                                  "oldest": "2025-03-01T10:00:00.000000Z",
                                  "newest": "2025-03-01T10:00:00.000000Z",
                                  "kinds": {"error": 2, "command": 1}}, "test")  # fmt: skip
    assert "3 memories from 1 session" in details
    assert "Kinds: 2 errors, 1 cmd." in details


# -- one handler for failed workers ------------------------------------------------------------


@pilot_test
async def test_a_workers_store_error_becomes_one_notification(db_path, make_app):
    from store.db import StoreError

    app = make_app(db_path)

    def locked(*args, **kwargs):
        raise StoreError("the database is locked by another program; try again.")

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.store.get_memory = locked
        app.store.session_timeline = locked
        await pilot.press("enter")  # the timeline's worker fails
        await settle(pilot)
        app.pop_screen()
        await pilot.press("3")
        await settle(pilot)
        await pilot.press("escape", "enter")  # a hit's timeline fails; its memory's too
        await settle(pilot)
        texts = [n.message for n in notifications(app)]
        assert texts and all("locked by another program" in t for t in texts), texts
        assert app.is_running


def test_a_worker_bug_still_stops_the_app(db_path, make_app):
    import asyncio

    app = make_app(db_path)

    def bug(*args, **kwargs):
        raise ZeroDivisionError("a bug, not the person's problem")

    async def run():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.store.get_memory = bug
            await pilot.press("enter")  # the newest session's timeline
            await settle(pilot)
            await pilot.press("enter")  # its first memory: the worker raises
            await settle(pilot)

    from textual.worker import WorkerFailed

    with pytest.raises(WorkerFailed) as failed:
        asyncio.run(run())
    assert isinstance(failed.value.error, ZeroDivisionError)
