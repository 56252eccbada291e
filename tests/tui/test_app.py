"""The app shell: building it, pane switching, help, the palette, the empty state, errors."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Input, Select, TabbedContent

from store.db import StoreError
from tests.tui.conftest import pilot_test, screen_text, settle
from tui.gui.app import PANES, AppOptions, build_app, css_paths, pane_class, run_app
from tui.gui.panes.live import LivePane
from tui.gui.panes.search import SearchPane
from tui.gui.panes.sessions import SessionsPane
from tui.gui.screens.help import HelpScreen, binding_rows, help_sections
from tui.gui.screens.timeline import TimelineScreen
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


def test_missing_pane_module_gives_none_and_a_placeholder():
    assert pane_class("tui.gui.panes.not_written_yet", "NopePane") is None


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
        assert app.query_one(TabbedContent).active == "search"
        assert isinstance(app.focused, Input)
        await pilot.press(*"pytest")
        await pilot.pause(0.3)
        await settle(pilot)
        await pilot.press("escape")  # into the results
        await settle(pilot)
        print("FOCUS", app.focused, app.screen.active_bindings.get("2"))
        await pilot.press("2")
        print("AFTER", app.focused, app.query_one(TabbedContent).active)
        await pilot.pause()
        print("AFTER2", app.focused, app.query_one(TabbedContent).active)
        await settle(pilot)
        assert app.query_one(TabbedContent).active == "live"
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
        assert app.query_one(TabbedContent).active == "live"


@pilot_test
async def test_slash_focuses_the_search_box_from_anywhere(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("slash")
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
        for expected in ("Switch pane", "Quit", "Pause", "This session", "Resume",
                         "Clear filters", "Next error", "In timeline", "Top", "Bottom"):  # fmt: skip
            assert expected in text, expected
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


def test_help_lists_each_pane_that_exists():
    titles = [title for title, _ in help_sections()]
    assert titles[:2] == ["Everywhere", "Lists"]
    for number, (_, title, module, name) in enumerate(PANES, 1):
        if pane_class(module, name) is not None and getattr(
            pane_class(module, name), "BINDINGS", None
        ):
            assert f"{number} {title}" in titles


def test_binding_rows_join_keys_of_one_action():
    from textual.binding import Binding

    rows = binding_rows([Binding("j,down", "cursor_down", "Down")], lambda b: b.key)
    assert rows == [("j / down", "Down")]


@pilot_test
async def test_command_palette_offers_panes_and_the_active_panes_actions(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert {
            "Go to Sessions",
            "Go to Live",
            "Go to Search",
            "Help: keys",
            "Sessions: Refresh",
        } <= titles
        await pilot.press("2")
        await settle(pilot)
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert "Live: Pause" in titles and "Sessions: Refresh" not in titles


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
    from store import writer
    from store.db import connect

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
    from store import writer
    from store.db import connect

    app = make_app(db_path, poll_interval=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.pause(0.2)
        before = app.data_watch.version
        assert before is not None
        conn = connect(db_path)
        writer.add_memory(conn, {"session_id": "s-calc-0001", "cwd": "/home/dev/calc-app",
                                 "type": "observation", "content": "noticed"})  # fmt: skip
        conn.close()
        for _ in range(40):
            await pilot.pause(0.05)
            if app.data_watch.version != before:
                break
        assert app.data_watch.version != before
        assert app.query_one(LivePane).table.rows  # drawn


def test_app_config_for_tests_is_still():
    config = AppOptions.for_tests()
    assert config.poll_interval is None and not config.cursor_blink and not config.animations
    assert config.tz is not None and os.environ.get("NOTHING") is None
