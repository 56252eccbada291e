"""The app shell: building it, pane switching, help, the palette, the empty state, errors."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Input, Select

from store.database.connection import StoreError
from tests.tui.conftest import pilot_test, screen_text, settle, until
from tui.gui.app import AppOptions, build_app, css_paths, run_app
from tui.gui.keys import binding_rows, help_sections
from tui.gui.panes import PANES
from tui.gui.panes.live import LivePane
from tui.gui.panes.search import SearchPane
from tui.gui.panes.sessions import SessionsPane
from tui.gui.screens.help import HelpScreen
from tui.gui.screens.timeline import TimelineScreen
from tui.gui.textual_internals import notifications
from tui.gui.widgets.empty_state import EmptyState

REPO = Path(__file__).resolve().parents[2]


def test_build_app_refuses_a_file_that_is_not_a_database(tmp_path):
    bogus = tmp_path / "notes.db"
    bogus.write_text("this is not sqlite " * 100)
    with pytest.raises(StoreError) as caught:
        build_app(bogus)
    assert "not a readable memlane database" in str(caught.value)


def test_run_app_turns_store_errors_into_one_sentence_and_status_1(tmp_path, capsys):
    bogus = tmp_path / "notes.db"
    bogus.write_text("this is not sqlite " * 100)
    assert run_app(bogus) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("memlane: ") and err.count("\n") == 0


def test_stylesheets_are_found_in_the_repo_css_folder():
    names = [p.name for p in css_paths()]
    assert names[0] == "app.tcss"
    assert {"sessions.tcss", "live.tcss", "search.tcss", "timeline.tcss"} <= set(names)


def test_store_client_and_formatting_free_of_textual():
    """The store client is plain Python: importing it pulls in neither textual nor rich."""
    code = "import sys, tui.gui.store_client; assert 'textual' not in sys.modules and 'rich' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True)


@pilot_test
async def test_pane_switching_keeps_each_panes_state(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        sessions = app.query_one(SessionsPane)
        await pilot.press("j", "j")
        assert sessions.table.cursor_row == 2
        await pilot.press("3")
        await settle(pilot)
        assert app.active_pane_id == "search"
        assert not isinstance(app.focused, Input)  # the list has the keys, until `/`
        await pilot.press("slash", *"pytest")
        await until(lambda: app.panes["search"].query_text == "pytest")  # searched once typing paused
        await settle(pilot)
        await pilot.press("escape")  # into the results
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        assert app.active_pane_id == "live"
        await pilot.press("1")
        await settle(pilot)
        assert sessions.table.cursor_row == 2
        assert app.focused is sessions.table
        await pilot.press("3")
        await settle(pilot)
        search = app.query_one(SearchPane)
        assert search.query_input.value == "pytest"
        assert app.focused is search.table  # focus comes back where it was
        assert search.table.row_count == 4


@pilot_test
async def test_number_keys_leave_a_pushed_screen(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TimelineScreen)
        await pilot.press("2")
        await settle(pilot)
        assert len(app.screen_stack) == 1
        assert app.active_pane_id == "live"


@pilot_test
async def test_slash_opens_the_box_of_the_pane_shown(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("slash")
        await settle(pilot)
        assert app.focused is app.query_one("#sessions-filter")
        await pilot.press("escape", "3", "slash")
        await settle(pilot)
        assert app.focused is app.query_one(SearchPane).query_input


@pilot_test
async def test_question_mark_shows_every_key_of_every_pane(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        console = Console(width=100, record=True, file=io.StringIO())
        console.print(app.screen.keys)
        text = console.export_text()
        for expected in ("Sessions, Live, Search", "Quit", "Pause", "Follow", "This project",
                         "Resume", "Next error", "Timeline", "Top", "Bottom", "Error group"):  # fmt: skip
            assert expected in text, expected
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


def test_help_lists_each_pane_that_exists():
    titles = [title for title, _ in help_sections()]
    assert titles[:2] == ["Everywhere", "On any list"]
    for entry in PANES:
        if entry.load().BINDINGS:
            assert f"{entry.key} {entry.title}" in titles


def test_binding_rows_join_keys_of_one_action():
    from textual.binding import Binding

    rows = binding_rows([Binding("j,down", "cursor_down", "Down")], lambda b: b.key)
    assert rows == [("j / down", "Down")]


def _status(db_path: str, group_id: int) -> str:
    from store.database.connection import connect
    from store.reading.listings import get_error_group

    conn = connect(db_path)
    try:
        return get_error_group(conn, group_id)["status"]
    finally:
        conn.close()


@pilot_test
async def test_the_command_palette_reaches_every_action_from_any_pane(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        assert {"Go to Sessions", "Go to Live", "Help: keys", "Import past sessions",
                "Errors: Resolve", "Cleanup: Forget", "Live: Pause", "Search: Export"} <= set(commands)
        await pilot.press("4", "enter")  # on a pushed screen: its own actions too
        await settle(pilot)
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert "Error group: Note" in titles and "Cleanup: Forget" in titles


@pilot_test
async def test_a_palette_action_on_another_panes_row_shows_that_pane_and_asks_for_the_row(db_path, make_app):
    """From Sessions, "Errors: Resolve" resolved the row Errors' cursor happened to be on,
    unseen and unasked (issue 38): now Errors is shown and nothing is resolved."""
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.active_pane_id == "sessions"
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        commands["Errors: Resolve"].callback()
        await settle(pilot)
        assert app.active_pane_id == "errors" and len(app.screen_stack) == 1
        group_id = app.panes["errors"].current_group_id
        assert _status(db_path, group_id) == "open"
        said = [n.message for n in notifications(app)]
        assert any("select the row in Errors, then press r" in m for m in said), said


@pilot_test
async def test_forget_from_the_palette_on_search_never_offers_cleanups_hidden_row(db_path, make_app):
    from store.database.connection import connect

    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        commands["Cleanup: Forget"].callback()
        await settle(pilot)
        assert app.active_pane_id == "cleanup" and len(app.screen_stack) == 1  # no confirmation
        conn = connect(db_path)
        try:
            assert conn.execute("SELECT count(*) FROM memory").fetchone()[0] == 19
        finally:
            conn.close()


@pilot_test
async def test_resolve_from_the_palette_on_errors_asks_first_naming_the_row(db_path, make_app):
    from tui.gui.modals import ConfirmModal

    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("4")
        await settle(pilot)
        errors = app.panes["errors"]
        group_id = errors.current_group_id
        for answer, status in (("n", "open"), ("y", "resolved")):
            commands = {command.title: command for command in app.get_system_commands(app.screen)}
            commands["Errors: Resolve"].callback()
            await settle(pilot)
            assert isinstance(app.screen, ConfirmModal)
            assert "AssertionError" in app.screen.details or "404" in app.screen.details
            await pilot.press(answer)
            await settle(pilot)
            assert _status(db_path, group_id) == status


@pilot_test
async def test_empty_database_shows_install_and_import_hints(empty_db_path, make_app):
    app = make_app(empty_db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        empty = app.query_one(EmptyState)
        assert empty.display and empty.region.height > 0
        text = screen_text(app)
        assert "memlane install" in text
        assert "memlane import" in text
        assert "~/memory.db" in text


@pilot_test
async def test_empty_state_gives_way_when_the_first_memory_arrives(empty_db_path, make_app):
    from store.database.connection import connect
    from store.writing import writer

    app = make_app(empty_db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        conn = connect(empty_db_path)
        writer.add_memory(conn, {"session_id": "s-first", "cwd": "/home/dev/calc-app",
                                 "type": "prompt", "content": "hello memlane"})  # fmt: skip
        conn.close()
        app.broadcast_data_changed(1)
        await settle(pilot)
        sessions = app.query_one(SessionsPane)
        assert not sessions.has_class("-empty")
        assert sessions.table.row_count == 1


@pilot_test
async def test_project_filter_survives_a_round_trip(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        select = app.query_one("#sessions-project", Select)
        select.value = "/home/dev/calc-app"
        await settle(pilot)
        assert app.query_one(SessionsPane).table.row_count == 2
        await pilot.press("3", "1")
        await settle(pilot)
        assert select.value == "/home/dev/calc-app"
        assert app.query_one(SessionsPane).table.row_count == 2


@pilot_test
async def test_polling_notices_another_connection_writing(db_path, make_app):
    from store.database.connection import connect
    from store.writing import writer

    app = make_app(db_path, poll_interval=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await until(lambda: app.data_watch.version is not None)  # the first poll's baseline
        before = app.data_watch.version
        assert before is not None
        conn = connect(db_path)
        writer.add_memory(conn, {"session_id": "s-calc-0001", "cwd": "/home/dev/calc-app",
                                 "type": "observation", "content": "noticed"})  # fmt: skip
        conn.close()
        await until(lambda: app.data_watch.version != before)  # by the poll, no key pressed
        assert app.query_one(LivePane).table.rows  # drawn


def test_app_config_for_tests_is_still():
    config = AppOptions.for_tests()
    assert config.poll_interval is None and not config.cursor_blink and not config.animations
    assert config.tz is not None and os.environ.get("NOTHING") is None


@pilot_test
async def test_the_palettes_import_needs_a_terminal_and_says_so_when_there_is_none(db_path, make_app):
    from tui.gui.textual_internals import notifications

    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:  # headless: no terminal to hand over
        await settle(pilot)
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        commands["Import past sessions"].callback()
        await settle(pilot)
        texts = [n.message for n in notifications(app)]
        assert any("run `memlane import` in a shell" in text for text in texts), texts
        assert app.is_running
