"""`e` export, `y` copy and `o` open from the app's lists; r/i/n on the occurrences screen."""

from __future__ import annotations

import json
import os

from store.database.connection import connect
from store.reading.listings import get_error_group
from store.writing import writer
from tests.tui.conftest import at, pilot_test, screen_text, settle
from tui.gui import memory_actions
from tui.gui.memory_actions import editor_command, line_of
from tui.gui.screens.error_detail import ErrorDetailScreen
from tui.gui.screens.memory_detail import MemoryDetailScreen


async def search_for(pilot, text: str) -> None:
    await settle(pilot)
    await pilot.press("3", "slash")
    await settle(pilot)
    pilot.app.panes["search"].query_input.value = text
    await pilot.pause(pilot.app.options.search_debounce + 0.1)
    await settle(pilot)
    await pilot.press("escape")  # into the results
    await settle(pilot)


@pilot_test
async def test_e_on_a_session_writes_its_markdown_to_the_offered_file(db_path, make_app, home):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        assert "~/memlane-s-live-0004.md" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
    text = (home / "memlane-s-live-0004.md").read_text()
    assert text.startswith("# memlane export: session s-live-0004")
    assert "3 memories" in text and "add a multiply function with tests" in text
    assert oct(os.stat(home / "memlane-s-live-0004.md").st_mode & 0o777) == "0o600"


@pilot_test
async def test_e_in_search_exports_the_results_as_json(db_path, make_app, home):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await search_for(pilot, "pytest")
        await pilot.press("ctrl+e")  # Search's list takes letters as its query
        await settle(pilot)
        field = app.screen.query_one("#text-input-value")
        field.value = "~/found.json"
        await pilot.press("enter")
        await settle(pilot)
    data = json.loads((home / "found.json").read_text())
    assert data["what"] == 'search "pytest"'
    assert data["count"] >= 3 and all("pytest" in m["content"] for m in data["memories"])


@pilot_test
async def test_y_copies_the_chosen_value(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("y")  # a session: its id or its folder
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert app.clipboard == "s-live-0004"
        await search_for(pilot, "Dockerfile")
        await pilot.press("ctrl+y")  # Search's list takes letters as its query
        await settle(pilot)
        assert "Copy which?" in screen_text(app)
        await pilot.press("p")
        await settle(pilot)
        assert app.clipboard == "/home/dev/infra/Dockerfile"
        await pilot.press("5")  # Cleanup: the row's memory id
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        assert app.clipboard == str(app.panes["cleanup"].current_id)


@pilot_test
async def test_o_opens_the_file_at_its_line_in_the_editor(db_path, make_app, home, monkeypatch):
    source = home / "app.py"
    source.write_text("one\ntwo\nthree\n")
    conn = connect(db_path)
    writer.add_memory(conn, {"session_id": "s-live-0004", "cwd": str(home), "type": "file_edit",
                             "tool_name": "Edit", "file_path": str(source), "created_at": at(1),
                             "content": "Edit app.py (+2 -0)\n@@ line 2\n+two\n@@ line 3\n+three"})  # fmt: skip
    conn.close()
    ran: list[list[str]] = []
    monkeypatch.setattr(memory_actions, "_run_suspended", lambda app: ran.append)
    monkeypatch.setenv("EDITOR", "vim")
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2")  # Live: the newest row is the edit
        await settle(pilot)
        await pilot.press("o")
        await settle(pilot)
    assert ran == [["vim", "+2", str(source)]]


def test_editor_commands_follow_the_editor():
    assert editor_command("/a/b.py", 7, {"EDITOR": "nvim -p"}) == ["nvim", "-p", "+7", "/a/b.py"]
    assert editor_command("/a/b.py", 7, {"VISUAL": "code --wait"}) == ["code", "--wait", "-g", "/a/b.py:7"]
    assert editor_command("/a/b.py", None, {}) == ["vi", "/a/b.py"]
    assert line_of({"content": "Edit x (+1 -1)\n-a\n+b"}) is None


@pilot_test
async def test_occurrences_screen_resolves_ignores_and_notes(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("4")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ErrorDetailScreen)
        group_id = screen.group_id
        await pilot.press("r")
        await settle(pilot)
        assert "resolved" in screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        app.screen.query_one("#text-input-value").value = "fixed in 3f2a1bc"
        await pilot.press("enter")
        await settle(pilot)
        assert "note: fixed in 3f2a1bc" in screen_text(app)
        await pilot.press("i")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert "ignored" in screen_text(app)  # the Errors pane reloaded
    conn = connect(db_path)
    group = get_error_group(conn, group_id)
    conn.close()
    assert group["status"] == "ignored" and group["note"] == "fixed in 3f2a1bc"


@pilot_test
async def test_from_a_memory_E_goes_to_its_error_group(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await search_for(pilot, "AssertionError")
        await pilot.press("enter")  # the timeline, on the error
        await settle(pilot)
        await pilot.press("enter")  # its detail
        await settle(pilot)
        assert isinstance(app.screen, MemoryDetailScreen)
        await pilot.press("E")
        await settle(pilot)
        assert isinstance(app.screen, ErrorDetailScreen)
        assert "AssertionError" in screen_text(app)


@pilot_test
async def test_e_in_cleanup_exports_the_marked_rows(db_path, make_app, home):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("5")
        await settle(pilot)
        pane = app.panes["cleanup"]
        await pilot.press("space", "j", "space")  # mark two rows (space moves down)
        await settle(pilot)
        marked = pane.selection.marks.ids()
        assert len(marked) == 2
        await pilot.press("e")
        await settle(pilot)
        app.screen.query_one("#text-input-value").value = "~/marked.json"
        await pilot.press("enter")
        await settle(pilot)
    data = json.loads((home / "marked.json").read_text())
    assert data["what"] == "the marked memories"
    assert sorted(m["id"] for m in data["memories"]) == marked


@pilot_test
async def test_e_in_a_timeline_exports_its_session(db_path, make_app, home):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("j", "enter")  # s-calc-0001's timeline
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
    text = (home / "memlane-s-calc-0001.md").read_text()
    assert "6 memories" in text and "fix the add function" in text
    assert "```\n$ pytest -q tests/test_calc.py" in text
