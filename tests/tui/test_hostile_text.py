"""Stored text is hostile when shown: escape sequences in memories never reach the terminal,
and names that look like markup (`[@click=app.quit]`) are shown, never acted on.

Every widget that shows stored text is opened over a database whose every text field holds
a terminal escape sequence or markup, and the rendered screen is checked: no control
character in any segment, no click action from stored text, and the app still running."""

from __future__ import annotations

from store.database.connection import connect
from store.writing import writer
from tests.tui.conftest import at, pilot_test, settle
from tui.gui.panes.cleanup import CleanupPane
from tui.gui.panes.errors import ErrorsPane
from tui.gui.panes.live import LivePane
from tui.gui.panes.search import SearchPane
from tui.gui.screens.error_detail import ErrorDetailScreen
from tui.gui.screens.memory_detail import MemoryDetailScreen
from tui.gui.screens.timeline import TimelineScreen
from tui.gui.textual_internals import screen_strips

TITLE = "\x1b]2;pwned-title\x1b\\"
CLIPBOARD = "\x1b]52;c;cHduZWQ=\x07"
ALT_SCREEN = "\x1b[?1049l"
CLEAR = "\x1b[2J"
CSI_C1 = "\x9b31m"
HOSTILE = f"{TITLE}{CLIPBOARD}{ALT_SCREEN}{CLEAR}{CSI_C1}"
QUIT = "[@click=app.quit]"
TOOL = f"mcp__srv__{QUIT}t"
CWD = f"/tmp/{QUIT}q"
SESSION = "s-hostile-1"
CONTROL = [chr(c) for c in range(0x20) if chr(c) not in "\n"] + [chr(c) for c in range(0x7F, 0xA0)]


def hostile_db(path: str) -> str:
    conn = connect(path)
    try:
        writer.start_session(conn, SESSION, CWD, started_at=at(30))
        base = {"session_id": SESSION, "cwd": CWD, "tags": "hostile"}
        writer.add_memory(conn, {**base, "type": "prompt", "created_at": at(29),
                                 "content": f"hostile prompt {HOSTILE} {QUIT}"})  # fmt: skip
        writer.add_memory(conn, {**base, "type": "mcp", "tool_name": TOOL, "created_at": at(28),
                                 "content": f"hostile mcp {HOSTILE}\nsecond {QUIT} line"})  # fmt: skip
        writer.add_memory(conn, {**base, "type": "command", "tool_name": "Bash", "created_at": at(27),
                                 "file_path": f"/tmp/{HOSTILE}.py",
                                 "content": f"$ cat notes\nhostile output {HOSTILE}"})  # fmt: skip
        writer.add_memory(conn, {**base, "type": "error", "tool_name": TOOL, "created_at": at(26),
                                 "content": f"hostile error {HOSTILE}", "error_text": f"boom {HOSTILE}"})  # fmt: skip
        writer.end_session(conn, SESSION, "other", ended_at=at(20))
        writer.update_session_summary(conn, SESSION)
        conn.execute("UPDATE session SET summary = ? WHERE session_id = ?",
                     (f"hostile summary {HOSTILE} {QUIT}", SESSION))  # fmt: skip
        conn.execute("UPDATE error_group SET note = ?", (f"hostile note {HOSTILE} {QUIT}",))
    finally:
        conn.close()
    return path


def assert_inert(app, where: str) -> None:
    """Nothing on screen can drive the terminal or carries an action from stored text."""
    assert app.is_running and app.return_code is None, f"{where}: the app was quit"
    strips = screen_strips(app.screen)
    text = ""
    for strip in strips:
        for segment in strip:
            text += segment.text
            meta = segment.style.meta if segment.style is not None else {}
            assert "app.quit" not in str(meta.get("@click", "")), f"{where}: a live click action"
        text += "\n"
    bad = sorted({repr(ch) for ch in text if ch in CONTROL})
    assert not bad, f"{where}: control characters on screen: {bad}"
    return text


@pilot_test
async def test_every_view_of_stored_text_is_inert(home, utc, make_app):
    app = make_app(hostile_db(str(home / "memory.db")))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        shown = assert_inert(app, "sessions")
        assert "hostile summary" in shown and "␛" in shown  # shown, as visible stand-ins
        assert "[@click=app" in shown  # the project name, as text

        await pilot.press("enter")  # the session's timeline
        await settle(pilot)
        assert isinstance(app.screen, TimelineScreen)
        shown = assert_inert(app, "timeline")
        assert "hostile mcp" in shown and "[@click=app" in shown
        await pilot.press("enter")  # a memory's detail
        await settle(pilot)
        assert isinstance(app.screen, MemoryDetailScreen)
        shown = assert_inert(app, "memory detail")
        assert "[@click=app" in shown
        await pilot.press("escape", "escape")
        await settle(pilot)

        for pane_id, pane_class, where, seen in (
            ("live", LivePane, "live", "hostile"), ("search", SearchPane, "search", "hostile"),
            ("errors", ErrorsPane, "errors", "boom ␛]"), ("cleanup", CleanupPane, "cleanup", "hostile"),
        ):  # fmt: skip
            await app.run_action(f"show_pane('{pane_id}')")
            await settle(pilot)
            assert app.query_one(pane_class).display, where
            shown = assert_inert(app, where)
            assert seen in shown, where

        await app.run_action("show_pane('search')")
        await settle(pilot)
        app.query_one(SearchPane).focus_box()
        await pilot.press(*"hostile")
        await settle(pilot)
        assert "hostile" in assert_inert(app, "search results")

        await app.run_action("show_pane('errors')")
        await settle(pilot)
        errors = app.query_one(ErrorsPane)
        errors.focus_default()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ErrorDetailScreen)
        shown = assert_inert(app, "error detail")
        assert "hostile note" in shown

        app.notify(f"note about {HOSTILE} {QUIT}")
        await settle(pilot)
        assert_inert(app, "notification")


@pilot_test
async def test_filter_dropdowns_show_stored_names_as_text(home, utc, make_app):
    from textual.widgets import Select

    app = make_app(hostile_db(str(home / "memory.db")))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        for pane_id, select_id in (("sessions", "#sessions-project"), ("search", "#search-tool"),
                                   ("search", "#search-project"), ("live", "#live-project")):  # fmt: skip
            await app.run_action(f"show_pane('{pane_id}')")
            await settle(pilot)
            select = app.query_one(select_id, Select)
            select.expanded = True
            await settle(pilot)
            shown = assert_inert(app, select_id)
            assert "[@click=app" in shown, f"{select_id}: the stored name is not shown as text"
            # choosing the option filters; it never runs the action written in the name
            await pilot.press("down", "enter")
            await settle(pilot)
            assert_inert(app, select_id + " chosen")
            select.expanded = False
            await settle(pilot)


@pilot_test
async def test_modals_show_stored_text_inert(home, utc, make_app):
    from tui.gui.modals.confirm import ConfirmModal
    from tui.gui.modals.redact import RedactModal
    from tui.gui.panes.cleanup import describe_selection

    app = make_app(hostile_db(str(home / "memory.db")))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        summary = {"count": 2, "sessions": [SESSION], "projects": [f"{QUIT}q{HOSTILE}"],
                   "oldest": at(29), "newest": at(26), "kinds": {"prompt": 1, "mcp": 1}}  # fmt: skip
        details = describe_selection(summary, f"memories about {HOSTILE}")
        app.push_screen(ConfirmModal(f"Forget {HOSTILE}?", details, count=2, confirm_label="Forget"))
        await settle(pilot)
        assert "[@click=app.quit]q" in assert_inert(app, "forget confirmation")
        await pilot.press("escape")
        await settle(pilot)
        app.push_screen(RedactModal(1, f"hostile prompt {HOSTILE} {QUIT}"))
        await settle(pilot)
        shown = assert_inert(app, "redact modal")
        assert "hostile prompt" in shown and "␛]2;pwned-title" in shown, shown


@pilot_test
async def test_the_regression_alarm_shows_stored_text_inert(home, utc, make_app):
    from store.triage import groups as error_groups
    from tui.gui import messages
    from tui.gui.screens.resolution import ResolutionScreen

    path = hostile_db(str(home / "memory.db"))
    conn = connect(path)
    error_groups.set_error_status(conn, 1, "resolved")  # keeps the hostile note
    writer.add_memory(conn, {"session_id": SESSION, "cwd": CWD, "type": "command", "tool_name": "Bash",
                             "content": f"$ fix {HOSTILE} {QUIT}"})  # fmt: skip
    conn.close()
    app = make_app(path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await app.run_action("show_pane('live')")
        await settle(pilot)
        conn = connect(path)
        writer.add_memory(conn, {"session_id": SESSION, "cwd": CWD, "type": "error", "tool_name": TOOL,
                                 "content": f"hostile error {HOSTILE}", "error_text": f"boom {HOSTILE}"})  # fmt: skip
        conn.close()
        live = app.query_one(LivePane)
        live.post_message(messages.DataChanged(1))
        await settle(pilot)
        assert live.has_class("-alarm")
        assert "▲ regressed" in assert_inert(app, "live alarm")
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, ResolutionScreen)
        assert "$ fix" in assert_inert(app, "what fixed it")
        await pilot.press("escape")
        await app.run_action("show_pane('errors')")
        await settle(pilot)
        errors = app.query_one(ErrorsPane)
        assert "hostile note" in assert_inert(app, "errors, regressed")
        errors.project = errors.query_one("#errors-project").offered[0][1]
        errors.text = f"zz{HOSTILE}"
        errors.reload()
        await settle(pilot)
        assert "No errors matching" in assert_inert(app, "errors, empty")
