"""Sessions pane: newest first, paged, filtered by project; enter opens the timeline."""

from __future__ import annotations

from textual.widgets import Select

from store.database.connection import connect
from store.writing import writer
from tests.tui.conftest import at, pilot_test, screen_text, settle
from tui.gui.panes.sessions import SessionsPane
from tui.gui.screens.memory_detail import MemoryDetailScreen
from tui.gui.screens.timeline import TimelineScreen
from tui.gui.widgets.timeline_list import TimelineList


def keys(table) -> list[str]:
    return [key.value for key in table.rows]


@pilot_test
async def test_sessions_are_listed_newest_first(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        pane = app.query_one(SessionsPane)
        assert keys(pane.table) == ["s-live-0004", "s-calc-0001", "s-shop-0002", "s-infra-0003"]
        text = screen_text(app)
        assert "4 sessions" in text
        assert "May 02 09:00" in text  # local time (UTC in tests)
        assert "fix the add function" in text  # first line of the summary
        assert "5m ●" in text  # still running: its length so far and a live dot


@pilot_test
async def test_enter_opens_the_sessions_timeline_in_order(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("j", "enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TimelineScreen) and screen.session_id == "s-calc-0001"
        timeline = screen.query_one(TimelineList)
        types = [m["type"] for m in timeline.memories]
        assert types == ["prompt", "command", "error", "file_edit", "command", "command"]
        assert [m["id"] for m in timeline.memories] == sorted(m["id"] for m in timeline.memories)
        assert timeline.highlighted == 0
        await pilot.press("right_square_bracket")  # next error
        assert timeline.current["type"] == "error"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MemoryDetailScreen)
        assert "AssertionError: assert -1 == 3" in screen_text(app)
        await pilot.press("escape")
        await pilot.press("escape")
        await settle(pilot)
        assert len(app.screen_stack) == 1
        assert app.query_one(SessionsPane).table.cursor_row == 1


@pilot_test
async def test_project_filter_shows_only_that_project(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        pane = app.query_one(SessionsPane)
        pane.query_one("#sessions-project", Select).value = "/home/dev/shop-api"
        await settle(pilot)
        assert keys(pane.table) == ["s-shop-0002"]
        assert "1 session" in screen_text(app)
        pane.query_one("#sessions-project", Select).clear()
        await settle(pilot)
        assert len(keys(pane.table)) == 4


def many_sessions(path: str, count: int) -> list[str]:
    """`count` sessions ten minutes apart; their ids newest first, as the pane lists them."""
    conn = connect(path)
    for n in range(count):
        writer.start_session(conn, f"s-{n:04d}", "/home/dev/blog", started_at=at(20_000 - n * 10))
    conn.close()
    return [f"s-{n:04d}" for n in reversed(range(count))]


def started_text(app, session_id: str) -> str:
    """The Started cell of a session as the pane draws it."""
    return app.query_one(SessionsPane).table.get_row(session_id)[1].plain


def window_is_the_list(table, newest_first: list[str]) -> bool:
    """The rows held are the whole list's rows at their offsets: no gap, no repeat."""
    return keys(table) == newest_first[table.window_start : table.window_end]


@pilot_test
async def test_sessions_are_paged_never_all_loaded(home, utc, make_app):
    path = str(home / "many.db")
    newest_first = many_sessions(path, 260)
    app = make_app(path, page_size=50, preview=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.query_one(SessionsPane).table
        assert table.row_count == 50
        assert keys(table)[0] == "s-0259"  # newest first
        await pilot.press("pagedown", "pagedown")  # near the end of what is loaded: the next page
        await settle(pilot)
        assert table.row_count == 100 and window_is_the_list(table, newest_first)
        assert "260 sessions" in screen_text(app)
        for _ in range(10):  # on down: rows far above the cursor go, the window stays a few pages
            await pilot.press("pagedown")
            await settle(pilot, rounds=1)
        await settle(pilot)
        assert table.window_start > 0 and table.row_count <= 4 * 50
        assert window_is_the_list(table, newest_first)


@pilot_test
async def test_G_goes_to_the_oldest_session_and_k_g_walk_back(home, utc, make_app):
    path = str(home / "many.db")
    newest_first = many_sessions(path, 1000)
    app = make_app(path, page_size=25, preview=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.query_one(SessionsPane).table
        await pilot.press("G")
        await settle(pilot)
        assert table.cursor_row == table.row_count - 1
        assert keys(table)[-1] == "s-0000" and table.window_end == 1000  # the oldest session
        oldest_started = started_text(app, "s-0000")
        assert screen_text(app).splitlines()[-2].count(oldest_started) == 1  # drawn, at the bottom
        line_on_screen = table.cursor_row - table.scroll_y
        for _ in range(5):  # near the window's top: the page before it loads above
            await pilot.press("k")
            await settle(pilot)
        assert table.window_start == 1000 - 2 * 25
        assert table.cursor_row - table.scroll_y == line_on_screen - 5  # the view did not jump
        for _ in range(55):  # up across another page boundary
            await pilot.press("k")
            await settle(pilot, rounds=1)
        await settle(pilot)
        assert table.window_start < 1000 - 60 and window_is_the_list(table, newest_first)
        cursor_key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        assert cursor_key == newest_first[-61] == "s-0060"
        assert started_text(app, "s-0060") in screen_text(app)
        assert table.row_count <= 4 * 25 + 30  # a few pages, never the list
        await pilot.press("g")
        await settle(pilot)
        assert table.cursor_row == 0 and table.window_start == 0
        assert keys(table)[0] == "s-0999" and window_is_the_list(table, newest_first)
        await pilot.press("end")
        await settle(pilot)
        assert keys(table)[table.cursor_row] == "s-0000"
        await pilot.press("home")
        await settle(pilot)
        assert keys(table)[table.cursor_row] == "s-0999"
        assert "1,000 sessions" in screen_text(app)


@pilot_test
async def test_a_hook_writing_updates_counts_in_place(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        pane = app.query_one(SessionsPane)
        await pilot.press("j", "j")
        conn = connect(db_path)
        writer.add_memory(conn, {"session_id": "s-shop-0002", "cwd": "/home/dev/shop-api",
                                 "type": "error", "content": "boom", "created_at": at(1400)})  # fmt: skip
        conn.close()
        app.broadcast_data_changed(1)
        await settle(pilot)
        assert pane.table.cursor_row == 2  # the person's place is kept
        row = pane.table.get_row("s-shop-0002")
        assert row[4].plain == "7" and row[5].plain == "2"  # after Project, Started, Length, Id


@pilot_test
async def test_imported_sessions_are_marked(db_path, make_app):
    conn = connect(db_path)
    conn.execute("UPDATE session SET source = 'import' WHERE session_id = 's-shop-0002'")
    conn.close()
    app = make_app(db_path)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        lines = [line for line in screen_text(app).splitlines() if "⤓" in line]
        assert len(lines) == 1 and "shop" in lines[0]


@pilot_test
async def test_a_session_with_no_event_for_a_while_loses_its_live_dot(db_path):
    from datetime import timedelta

    from tests.tui.conftest import NOW, until
    from tui.gui.app import AppOptions, build_app

    now = [NOW]
    app = build_app(db_path, clock=lambda: now[0], options=AppOptions.for_tests(live_check=0.05))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        sessions = app.panes["sessions"]

        def length() -> str:
            return str(sessions.table.get_cell("s-live-0004", "length"))

        assert "●" in length()  # its last hook wrote three minutes ago
        now[0] = NOW + timedelta(minutes=30)  # nothing more was written since
        await until(lambda: "●" not in length())
        await pilot.press("enter")  # and its timeline says the same
        await settle(pilot)
        header = next(line for line in screen_text(app).splitlines() if "memories" in line)
        assert "3 memories" in header and "● live" not in header, header


@pilot_test
async def test_the_empty_state_keeps_the_keys_when_the_first_focus_is_still_on_its_way(empty_db_path, make_app):
    """The first screen's focus lands on the app's next turn. On a busy machine the count that
    says the database is empty can arrive before it: the focus meant for the list the welcome
    replaces must not land on that hidden list (the footer then offered 'Open' and 'Back')."""
    from textual.widgets import DataTable

    from tui.gui.panes.sessions import SessionsPage
    from tui.gui.widgets.empty_state import EmptyState

    app = make_app(empty_db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        pane = app.query_one(SessionsPane)
        assert isinstance(app.focused, EmptyState)
        pane.set_class(False, "-empty")  # as before the first count arrived
        app.set_focus(None)
        pane.table.focus()  # the first focus, still on its way
        pane.on_sessions_page(SessionsPage(generation=pane._generation, offset=0, rows=[], total=0,
                                           has_more=False, where="top"))  # fmt: skip
        await settle(pilot)
        assert isinstance(app.focused, EmptyState), app.focused
        assert not isinstance(app.focused, DataTable)
        assert "Open" not in screen_text(app).splitlines()[-1]
