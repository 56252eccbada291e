"""The regression alarm in the app (issue 25 item 13): a resolved error that occurs again is
shown as regressed in Errors, flashed in Live as it arrives, and what resolved it last time
(the note, the edits and commands of that session) is one key (`w`) away.  Errors filters by
text and project, and says why a status shows nothing."""

from __future__ import annotations

from store.database.connection import connect
from store.triage import groups as error_groups
from store.writing.writer import add_memory
from tests.tui.conftest import open_pane, pilot_test, screen_text, until
from tests.tui.fixtures_cleanup import make_app, settle
from tui.gui import messages
from tui.gui.panes.errors import ErrorsPane
from tui.gui.screens.error_detail import ErrorDetailScreen
from tui.gui.screens.resolution import ResolutionScreen
from tui.gui.widgets.paged_table import PagedTable

MODULE_ERROR = 1  # the fixture's groups, in the order they were first seen
FILE_ERROR = 2
NPM_ERROR = 3
NOTE = "pinned textual-dev in the test extra"
RESOLVED_AT = "2025-03-09T10:00:00.000000Z"  # after the fixture's last session
CAME_BACK_AT = "2025-03-10T11:00:00.000000Z"  # an hour before the tests' clock
MODULE_TEXT = "ModuleNotFoundError: No module named 'textual_dev'"


def resolve_module_error(path) -> None:
    """Resolve the ModuleNotFoundError group with a note, at a fixed time.  It was last seen
    in sess-charl-0003, whose edit of pyproject.toml and passing test run came after it."""
    conn = connect(path)
    try:
        assert error_groups.set_error_status(conn, MODULE_ERROR, "resolved", note=NOTE)
        with conn:
            conn.execute("UPDATE error_group SET resolved_at = ? WHERE id = ?", (RESOLVED_AT, MODULE_ERROR))
    finally:
        conn.close()


def occur_again(path, at: str = CAME_BACK_AT) -> int:
    """The error happens again, in a new session (as the hook would write it)."""
    conn = connect(path)
    try:
        return add_memory(conn, {
            "session_id": "sess-delta-0005", "type": "error", "tool_name": "Bash", "cwd": "/home/dev/webshop",
            "content": MODULE_TEXT, "error_text": MODULE_TEXT, "created_at": at, "source": "hook",
        })  # fmt: skip
    finally:
        conn.close()


def regressed_db(path):
    resolve_module_error(path)
    occur_again(path)
    return path


def shown_ids(pane: ErrorsPane) -> list[int]:
    return [int(key.value) for key in pane.query_one(PagedTable).rows]


def text_of(widget) -> str:
    return str(widget.render())


async def show_group(pilot, pane: ErrorsPane, group_id: int) -> None:
    table = pane.query_one(PagedTable)
    table.move_cursor(row=table.get_row_index(str(group_id)), animate=False)
    await settle(pilot)


@pilot_test
async def test_errors_shows_a_regressed_group_as_regressed_and_w_shows_what_fixed_it(cleanup_db):
    app = make_app(regressed_db(cleanup_db))
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_pane(pilot, "errors", wait=settle)
        assert shown_ids(pane)[0] == MODULE_ERROR  # it just happened again
        status = str(pane.query_one(PagedTable).get_row(str(MODULE_ERROR))[0])
        assert status == "regressed"  # not "open", nor cut to "regress…"
        await show_group(pilot, pane, MODULE_ERROR)
        info = text_of(pane.query_one("#errors-info"))
        assert "▲ regressed Mar 10 11:00 · w what fixed it" in info and "note: pinned" in info
        await pilot.press("w")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ResolutionScreen)
        shown = screen_text(app)
        assert NOTE in shown and "sess-cha" in shown  # the note and the session it was fixed in
        assert "Edited pyproject.toml: add textual-dev" in shown and "pytest -q: 42 passed" in shown
        assert "2 edits and commands after the error" in shown
        await pilot.press("enter")  # the fix in its session's timeline
        await settle(pilot)
        assert type(app.screen).__name__ == "TimelineScreen"
        await pilot.press("escape", "escape")
        await settle(pilot)
        assert app.screen is pane.screen
        await show_group(pilot, pane, FILE_ERROR)  # never resolved: nothing to show
        await pilot.press("w")
        await settle(pilot)
        assert app.screen is pane.screen


@pilot_test
async def test_the_occurrences_screen_of_a_regressed_group_says_so_and_w_works_there(cleanup_db):
    app = make_app(regressed_db(cleanup_db))
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_pane(pilot, "errors", wait=settle)
        await show_group(pilot, pane, MODULE_ERROR)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ErrorDetailScreen)
        assert "▲ regressed Mar 10 11:00 · w what fixed it" in screen_text(app)
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, ResolutionScreen)


@pilot_test
async def test_errors_filters_by_status_text_and_project_and_says_why_a_list_is_empty(cleanup_db):
    app = make_app(regressed_db(cleanup_db))
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_pane(pilot, "errors", wait=settle)
        empty = pane.query_one("#errors-empty")
        assert not empty.display
        await pilot.press("f")  # the first status after all: regressed
        await settle(pilot)
        assert shown_ids(pane) == [MODULE_ERROR] and "status: regressed" in text_of(pane.query_one("#errors-header"))
        await pilot.press("f", "f")  # resolved: none
        await settle(pilot)
        assert shown_ids(pane) == [] and empty.display
        assert "No resolved errors." in text_of(empty) and "f shows the next status" in text_of(empty)
        await pilot.press("escape")  # every filter cleared
        await settle(pilot)
        assert shown_ids(pane) == [MODULE_ERROR, FILE_ERROR, NPM_ERROR] and not empty.display

        await pilot.press("slash", *"npm", "enter")  # the box: a piece of the error's text
        await settle(pilot)
        assert shown_ids(pane) == [NPM_ERROR]
        assert app.focused is pane.query_one(PagedTable)  # enter gave the keys back to the list
        await pilot.press("slash", *"zzz", "enter")
        await settle(pilot)
        assert shown_ids(pane) == [] and "No errors matching “npmzzz”" not in text_of(empty)
        assert "No errors matching “zzz”." in text_of(empty) and "escape clears the filters" in text_of(empty)
        await pilot.press("escape")
        await settle(pilot)
        assert len(shown_ids(pane)) == 3

        await pilot.press("p")  # the project picker: webshop
        await settle(pilot)
        select = pane.query_one("#errors-project")
        webshop = next(value for label, value in select.offered if label == "webshop")
        select.value = webshop
        await settle(pilot)
        assert sorted(shown_ids(pane)) == [MODULE_ERROR, NPM_ERROR]  # not the memlane-only error
        pane.focus_default()
        await pilot.press("slash", *"no module", "enter")
        await settle(pilot)
        assert shown_ids(pane) == [MODULE_ERROR]
        assert "1 group" in text_of(pane.query_one("#errors-header"))


@pilot_test
async def test_live_flashes_a_regression_as_it_arrives_and_w_shows_what_fixed_it(cleanup_db):
    resolve_module_error(cleanup_db)
    app = make_app(cleanup_db)
    async with app.run_test(size=(100, 30)) as pilot:
        live = await open_pane(pilot, "live", wait=settle)
        alarm = live.query_one("#live-alarm")
        assert not alarm.display
        occur_again(cleanup_db)  # another process: the hook of a running session
        live.post_message(messages.DataChanged(1))
        await until(lambda: alarm.display)
        await settle(pilot)
        shown = text_of(alarm)
        assert "▲ regressed" in shown and "ModuleNotFoundError" in shown and NOTE in shown
        assert "▲ regressed · ModuleNotFoundError" in screen_text(app)  # its row too
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, ResolutionScreen) and NOTE in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert not alarm.display  # seen


@pilot_test
async def test_live_does_not_flash_an_error_that_was_never_resolved_or_history_on_opening(cleanup_db):
    regressed_db(cleanup_db)  # came back before the app started: marked, not flashed
    app = make_app(cleanup_db)
    async with app.run_test(size=(100, 30)) as pilot:
        live = await open_pane(pilot, "live", wait=settle)
        assert "▲ regressed · ModuleNotFoundError" in screen_text(app)
        conn = connect(cleanup_db)
        add_memory(conn, {"session_id": "sess-delta-0005", "type": "error", "tool_name": "Bash",
                          "cwd": "/home/dev/webshop", "content": "npm ERR! code E404 404 Not Found - GET x",
                          "error_text": "npm ERR! code E404 404 Not Found - GET x",
                          "created_at": CAME_BACK_AT, "source": "hook"})  # fmt: skip
        conn.close()
        live.post_message(messages.DataChanged(1))
        await until(lambda: "E404 404 Not Found - GET x" in screen_text(app))
        await settle(pilot)
        assert not live.query_one("#live-alarm").display


def test_the_resolution_screen_offers_no_timeline_before_its_table_is_there():
    """The footer asks which keys to show as the screen is pushed; on a busy machine that can
    come before compose has mounted the table, and asking must not crash the app."""
    screen = ResolutionScreen(store=None, group_id=MODULE_ERROR)  # not mounted: no table yet
    assert screen.check_action("timeline", ()) is False
    assert screen.check_action("back", ()) is True


def test_an_error_group_screen_offers_no_row_keys_before_its_table_is_there():
    """As above, for the occurrences of an error group (`c`, `t`, `o` act on its table's
    row): NoMatches stopped the app in a tests/tui run at load 2."""
    screen = ErrorDetailScreen(store=None, group_id=MODULE_ERROR)
    for action in ("copy", "timeline", "open_file"):
        assert screen.check_action(action, ()) is False
