"""The Errors pane: groups listed and sorted, statuses and notes stored, occurrences in context."""

from __future__ import annotations

from textual.widgets import Input

from store.database.connection import connect
from store.reading.listings import get_error_group
from tests.timing import HANG
from tests.tui.conftest import open_pane, pilot_test, screen_text
from tests.tui.fixtures_cleanup import make_app, settle
from tui.gui.panes.errors import ErrorsPane
from tui.gui.screens.error_detail import ErrorDetailScreen
from tui.gui.widgets.paged_table import PagedTable

MODULE_ERROR = 1  # group ids in the fixture, in the order the errors were first seen
FILE_ERROR = 2
NPM_ERROR = 3


def group(path, group_id: int) -> dict:
    conn = connect(path)
    try:
        return get_error_group(conn, group_id)
    finally:
        conn.close()


def shown_ids(pane: ErrorsPane) -> list[int]:
    table = pane.query_one(PagedTable)
    return [int(key.value) for key in table.rows]


async def open_errors(pilot) -> ErrorsPane:
    return await open_pane(pilot, "errors", wait=settle)


@pilot_test
async def test_lists_groups_newest_first_and_sorts_by_count(cleanup_db):
    app = make_app(cleanup_db)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_errors(pilot)
        assert shown_ids(pane) == [FILE_ERROR, MODULE_ERROR, NPM_ERROR]
        table = pane.query_one(PagedTable)
        row = [str(c) for c in table.get_row(str(MODULE_ERROR))]
        assert row[:3] == ["open", "3", "Mar 09 09:03"]
        assert "memlane" in row[3] and "webshop" in row[3]
        assert "ModuleNotFoundError" in row[4]
        # At 80 columns the first-seen time is in the lines under the table.
        assert "first 2025-03-01 09:05" in str(pane.query_one("#errors-info").render())
        await pilot.press("s")
        await settle(pilot)
        assert shown_ids(pane) == [MODULE_ERROR, FILE_ERROR, NPM_ERROR]
        assert "most seen" in str(pane.query_one("#errors-header").render())


@pilot_test
async def test_wide_terminals_also_list_first_seen(cleanup_db):
    app = make_app(cleanup_db)
    async with app.run_test(size=(160, 48)) as pilot:
        pane = await open_errors(pilot)
        row = [str(c) for c in pane.query_one(PagedTable).get_row(str(MODULE_ERROR))]
        assert row[:4] == ["open", "3", "Mar 09 09:03", "Mar 01 09:03"]


@pilot_test
async def test_widening_the_terminal_adds_first_seen_and_keeps_the_cursor(cleanup_db):
    app = make_app(cleanup_db)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_errors(pilot)
        table = pane.query_one(PagedTable)
        await pilot.press("j")
        await settle(pilot)
        chosen = pane.current_group_id
        assert chosen is not None and "first" not in table.columns
        await pilot.resize_terminal(160, 48)
        await settle(pilot)
        assert "first" in table.columns and pane.current_group_id == chosen
        assert [str(c) for c in table.get_row(str(MODULE_ERROR))][3] == "Mar 01 09:03"
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert "first" not in table.columns and pane.current_group_id == chosen


@pilot_test
async def test_resolved_persists_after_restart(cleanup_db):
    app = make_app(cleanup_db)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_errors(pilot)
        assert pane.current_group_id == FILE_ERROR
        await pilot.press("r")
        await settle(pilot)
        assert str(pane.query_one(PagedTable).get_row(str(FILE_ERROR))[0]) == "resolved"
        # The key for the status it already has is hidden from the footer.
        assert pane.check_action("set_status", ("resolved",)) is False
        assert pane.check_action("set_status", ("open",)) is True
    assert group(cleanup_db, FILE_ERROR)["status"] == "resolved"
    # SessionStart injects open errors only.
    from store.reading.listings import session_start_rows

    conn = connect(cleanup_db)
    injected = {g["id"] for g in session_start_rows(conn, "/home/dev/memlane", None, sessions=0, memories=0,
                                                    errors=10)["errors"]}  # fmt: skip
    conn.close()
    assert MODULE_ERROR in injected and FILE_ERROR not in injected

    app = make_app(cleanup_db)  # the app built again on the same database
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_errors(pilot)
        assert str(pane.query_one(PagedTable).get_row(str(FILE_ERROR))[0]) == "resolved"


@pilot_test
async def test_ignore_reopen_and_the_status_filter(cleanup_db):
    app = make_app(cleanup_db)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_errors(pilot)
        await pilot.press("j", "i")  # the ModuleNotFoundError group
        await settle(pilot)
        assert group(cleanup_db, MODULE_ERROR)["status"] == "ignored"
        await pilot.press("f", "f")  # regressed only (none), then open only
        await settle(pilot)
        assert pane.status_filter == "open"
        assert shown_ids(pane) == [FILE_ERROR, NPM_ERROR]
        await pilot.press("f", "f")  # ignored only
        await settle(pilot)
        assert shown_ids(pane) == [MODULE_ERROR]
        await pilot.press("u")  # undo: open again
        await settle(pilot)
        assert group(cleanup_db, MODULE_ERROR)["status"] == "open"
        await pilot.press("escape")  # the status filter cleared: all again
        await settle(pilot)
        assert pane.status_filter is None and len(shown_ids(pane)) == 3


@pilot_test
async def test_note_is_stored(cleanup_db):
    app = make_app(cleanup_db)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_errors(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.focused, Input)
        await pilot.press(*"config.toml is optional now", "enter")
        await settle(pilot)
        assert "config.toml is optional now" in str(pane.query_one("#errors-info").render())
    assert group(cleanup_db, FILE_ERROR)["note"] == "config.toml is optional now"


@pilot_test
async def test_note_escape_changes_nothing(cleanup_db):
    app = make_app(cleanup_db)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_errors(pilot)
        await pilot.press("n", "x", "escape")
        await settle(pilot)
    assert group(cleanup_db, FILE_ERROR)["note"] == ""


@pilot_test
async def test_enter_shows_occurrences_with_what_happened_around_them(cleanup_db):
    app = make_app(cleanup_db)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_errors(pilot)
        await pilot.press("j", "enter")  # ModuleNotFoundError, seen in three sessions
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ErrorDetailScreen)
        table = screen.query_one("#error-detail-occurrences")
        assert table.row_count == 3
        context = str(screen.query_one("#error-detail-context-text").render())
        # Newest first: session charl on Mar 09; before it `pytest -q`, after it the edit.
        assert "▶" in context and "ModuleNotFoundError" in context
        assert context.index("pytest -q") < context.index("ModuleNotFoundError")
        assert context.index("ModuleNotFoundError") < context.index("Edited pyproject.toml")
        assert "Fix the failing tests in memlane" in context
        await pilot.press("j")  # the next occurrence: the webshop session
        await settle(pilot)
        context = str(screen.query_one("#error-detail-context-text").render())
        assert "Fix the failing tests in webshop" in context
        await pilot.press("enter")  # its session's timeline
        await settle(pilot)
        from tui.gui.screens.timeline import TimelineScreen

        assert isinstance(app.screen, TimelineScreen)
        assert app.screen.session_id == "sess-bravo-0002"
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.query_one(ErrorsPane), ErrorsPane) and len(app.screen_stack) == 1


@pilot_test
async def test_empty_database_says_so(home, utc):
    path = home / "empty.db"
    connect(path).close()
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_errors(pilot)
        assert "No errors recorded yet" in str(pane.query_one("#errors-empty").render())
        assert pane.check_action("set_status", ("resolved",)) is False
        assert pane.check_action("note", ()) is False


def many_error_groups(path, count: int) -> list[int]:
    """`count` error groups, one occurrence each a second apart; their ids as the pane lists
    them (most recent first)."""
    from store.writing.writer import add_memories

    conn = connect(path)
    add_memories(conn, [
        {"session_id": "s1", "type": "error",
         "content": f"Error: thing {chr(65 + i % 26)}{'x' * (i // 26)} broke",
         "created_at": f"2025-03-01T{10 + i // 3600:02d}:{i // 60 % 60:02d}:{i % 60:02d}.000000Z"}
        for i in range(count)
    ])  # fmt: skip
    ids = [row[0] for row in conn.execute("SELECT id FROM error_group ORDER BY last_seen DESC")]
    conn.close()
    return ids


def window_is_the_list(table: PagedTable, listed: list[int]) -> bool:
    held = [int(key.value) for key in table.rows]
    return held == listed[table.window_start : table.window_end]


@pilot_test
async def test_pages_instead_of_loading_every_group(home, utc):
    listed = many_error_groups(home / "many.db", 1000)
    app = make_app(home / "many.db")
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_errors(pilot)
        table = pane.query_one(PagedTable)
        assert pane.total == 1000
        assert table.row_count == 100
        await pilot.press("G")  # the least recent group, not the end of what is loaded
        await settle(pilot)
        assert pane.current_group_id == listed[-1] and table.window_end == 1000
        assert "thing" in str(pane.query_one("#errors-info").render())
        await pilot.press(*["pageup"] * 6)
        await settle(pilot)
        position = table.window_start + table.cursor_row
        for _ in range(12):  # up across the page boundary: the page before loads above
            await pilot.press("k")
        await settle(pilot)
        assert pane.current_group_id == listed[position - 12]
        assert table.window_start == 800 and window_is_the_list(table, listed)
        assert table.row_count == 200  # a few pages of the thousand
        await pilot.press("g")
        await settle(pilot)
        assert pane.current_group_id == listed[0] and window_is_the_list(table, listed)


def write_error(path, text: str) -> None:
    from store.writing.writer import add_memory

    conn = connect(path)
    try:
        add_memory(conn, {"session_id": "sess-delta-0005", "type": "error", "tool_name": "Bash",
                          "cwd": "/home/dev/memlane", "content": text, "error_text": text,
                          "created_at": "2025-03-10T11:00:00.000000Z"})  # fmt: skip
    finally:
        conn.close()


@pilot_test
async def test_errors_written_by_a_hook_appear(cleanup_db):
    app = make_app(cleanup_db)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_errors(pilot)
        write_error(cleanup_db, "PermissionError: [Errno 13] Permission denied: '/etc/hosts'")
        app.broadcast_data_changed(1)
        await settle(pilot)
        assert pane.total == 4 and shown_ids(pane)[0] == 4
        assert pane.current_group_id == FILE_ERROR  # the cursor stays on its group

        await pilot.press("5")  # hidden: the pane refreshes when shown again
        await settle(pilot)
        write_error(cleanup_db, "ConnectionRefusedError: [Errno 111] Connection refused")
        app.broadcast_data_changed(2)
        await settle(pilot)
        assert pane.total == 4
        await open_errors(pilot)
        await settle(pilot)
        assert pane.total == 5 and shown_ids(pane)[0] == 5


@pilot_test
async def test_a_fetch_uses_the_filter_it_started_with(cleanup_db):
    # The UI thread may change the filter while a fetch runs; the count and the rows
    # of one page must still come from one filter (the worker reads no pane state).
    import threading

    app = make_app(cleanup_db)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_errors(pilot)
        store = pane.store
        counting, release = threading.Event(), threading.Event()
        asked = []
        real_read, real_groups = store.read, store.error_groups

        def slow_read(fn, *args, **kwargs):
            counting.set()
            release.wait(HANG)
            return real_read(fn, *args, **kwargs)

        def groups(**kwargs):
            asked.append(kwargs["status"])
            return real_groups(**kwargs)

        store.read, store.error_groups = slow_read, groups
        try:
            pane.reload()  # filter: all
            await pilot.pause(0.05)
            assert counting.wait(HANG)
            pane.status_filter = "resolved"  # what the UI thread may do meanwhile
            release.set()
            await settle(pilot)
        finally:
            store.read, store.error_groups = real_read, real_groups
        assert asked == [None]


@pilot_test
async def test_a_count_in_the_thousands_is_shown_whole_at_80_columns(cleanup_db):
    conn = connect(cleanup_db)
    conn.execute("UPDATE error_group SET count = 12345 WHERE id = ?", (MODULE_ERROR,))
    conn.commit()
    conn.close()
    app = make_app(cleanup_db)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_errors(pilot)
        lines = [line for line in screen_text(app).splitlines() if "ModuleNotFoundError" in line]
        assert lines and "12,345" in lines[0]
