"""The first screen builds only its own pane; the hidden panes follow, one at a time, once
its rows are out, and a pane key pressed as soon as the app shows lands on that pane, with
its rows (built at once, before the others)."""

from __future__ import annotations

import os
import sys
import time

import pytest
from textual.widgets import DataTable

from tests.timing import HANG
from tests.tui.conftest import first_screen, pilot_test, screen_text, settle, until
from tui.gui.panes import is_showing

# key: (pane, the table that lists its rows, or None, and what its screen says once loaded)
PANE_KEYS = {
    "2": ("live", "#live-table", "multiply"),
    "3": ("search", "#search-results", "Newest memories"),
    "4": ("errors", "#errors-table", "AssertionError"),
    "5": ("cleanup", "#cleanup-table", "19 memories"),
    "6": ("insights", None, "calc-app"),
    "7": ("recall", None, "Nothing recorded yet"),
}


@pilot_test
async def test_the_hidden_panes_are_built_after_the_first_rows(db_path, make_app, monkeypatch):
    """Mounting the six hidden panes was ~200 ms of the first screen's CPU (issue 25)."""
    from tui.gui.panes.sessions import SessionsPane

    mounted_at_first_rows: list[set[str]] = []
    on_page = SessionsPane.on_sessions_page

    def noted(self, message) -> None:
        if not mounted_at_first_rows:
            mounted_at_first_rows.append(set(self.app.panes))  # built, or being built
        on_page(self, message)

    monkeypatch.setattr(SessionsPane, "on_sessions_page", noted)
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)):
        await first_screen(app)
        assert mounted_at_first_rows == [{"sessions"}]
        await until(lambda: app.all_panes_mounted)  # then the others, with no key pressed
        assert set(app.panes) == {"sessions", "live", "search", "errors", "cleanup", "insights", "recall"}


def noted_rows_at_mount(monkeypatch, widget_class, table_id: str = "") -> list[int]:
    """The rows each `widget_class` lists (in its table `table_id`, else its `table`) as its
    on_mount returns (filled as they mount)."""
    rows: list[int] = []
    on_mount = widget_class.on_mount

    def noted(self) -> None:
        on_mount(self)
        rows.append((self.query_one(table_id, DataTable) if table_id else self.table).row_count)

    monkeypatch.setattr(widget_class, "on_mount", noted)
    return rows


@pilot_test
async def test_the_first_frame_already_lists_sessions(db_path, make_app, monkeypatch):
    """The first page is read while the app is built and drawn as the pane mounts, so the
    first frame shows the sessions: read by a worker after the mount they came a frame
    later, and that second frame was ~50 ms of the first screen (issue 25)."""
    from tui.gui.panes.sessions import SessionsPane
    from tui.gui.textual_internals import screen_lines, watch_frames

    rows_at_mount = noted_rows_at_mount(monkeypatch, SessionsPane)
    frames: list[list[str]] = []
    app = make_app(db_path)
    watch_frames(app, lambda screen: frames.append(screen_lines(screen)))
    async with app.run_test(size=(100, 30)):
        await first_screen(app)
        assert rows_at_mount and rows_at_mount[0] > 0
        sessions = app.panes["sessions"]
        newest = sessions._sessions[next(iter(sessions.table.rows)).value]
        assert any(newest["project_name"] in line for line in frames[0]), "\n".join(frames[0])


# key: (the module and class that mount the pane's list, its table)
READ_AHEAD = {
    "2": ("tui.gui.panes.live", "LivePane", ""),
    "3": ("tui.gui.panes.search.pane", "SearchPane", ""),
    "4": ("tui.gui.panes.errors", "ErrorsPane", "#errors-table"),
    "5": ("tui.gui.panes.cleanup.selection", "SelectionView", ""),
}


@pytest.mark.parametrize("key", list(READ_AHEAD))
@pilot_test
async def test_a_pane_has_its_rows_when_it_mounts(db_path, make_app, monkeypatch, key):
    """Each list's first rows are read while its pane is built, so the frame that first
    shows it lists them: read by a worker after the mount they came a frame later, and a
    key pressed as the app appeared waited ~50-90 ms more for them (issue 25 item 15)."""
    import importlib

    module, name, table_id = READ_AHEAD[key]
    rows_at_mount = noted_rows_at_mount(monkeypatch, getattr(importlib.import_module(module), name), table_id)
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await first_screen(app)
        await pilot.press(key)
        await until(lambda: rows_at_mount)
        assert rows_at_mount[0] > 0
        await settle(pilot)
        assert PANE_KEYS[key][2] in screen_text(app)


@pilot_test
async def test_the_first_panes_own_activation_does_not_hold_the_others(db_path, make_app, monkeypatch):
    """The pause that lets a pane shown the first time draw before more are built was also
    taken at start, for the first pane's own activation: every hidden pane was built 0.3 s
    late, and a key 0.5 s in found its pane unbuilt (issue 25 item 15)."""
    import tui.gui.app

    monkeypatch.setattr(tui.gui.app, "BUILD_PAUSE_AFTER_SWITCH", 24 * 3600.0)
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await first_screen(app)
        await until(lambda: app.all_panes_mounted)
        await pilot.press("2")  # a pane shown the first time still holds what would be built next
        await settle(pilot)
        assert app._build_paused_until > time.monotonic() + 3600


@pilot_test
async def test_the_first_rows_start_the_hidden_panes_build(db_path, make_app, monkeypatch):
    """Not the fallback timer for a first page that never comes: the first rows' message
    was ignored (it named the pane by an id a pane does not have), so the hidden panes were
    built only a second after the start and a key 0.5 s in found none of them built."""
    import tui.gui.app

    monkeypatch.setattr(tui.gui.app, "BUILD_ANYWAY_SECONDS", 24 * 3600.0)
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)):
        await first_screen(app)
        await until(lambda: app.all_panes_mounted)


@pytest.mark.parametrize("key", list(PANE_KEYS))
@pilot_test
async def test_a_key_pressed_at_the_first_rows_lands_on_its_pane_with_its_rows(db_path, make_app, key):
    pane_id, table_id, loaded = PANE_KEYS[key]
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        sessions = await first_screen(app)
        await pilot.press(key)
        pane = app.panes[pane_id]
        if table_id is not None:
            table = pane.query_one(table_id, DataTable)
            await until(lambda: table.row_count > 0)
        await settle(pilot)
        assert app.active_pane_id == pane_id
        assert app.focused is not None and pane in app.focused.ancestors_with_self
        assert loaded in screen_text(app)
        assert not is_showing(sessions)


@pilot_test
async def test_the_first_screen_styles_its_panes_once(db_path, make_app, monkeypatch):
    """Textual restyles a whole screen when it is first shown; with every pane built up
    front that second pass over 120+ nodes cost the first screen ~60 ms."""
    from textual.css.stylesheet import Stylesheet

    passes: list[int] = []
    update_nodes = Stylesheet.update_nodes

    def counted(self, nodes, animate=False):
        nodes = list(nodes)
        passes.append(len(nodes))
        return update_nodes(self, nodes, animate)

    monkeypatch.setattr(Stylesheet, "update_nodes", counted)
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        nodes = len(list(app.screen.walk_children(with_self=True)))
        assert nodes > 100 and max(passes) < nodes / 2
        await pilot.press("question_mark")  # a screen on top, then back: restyled as Textual does
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.active_pane_id == "sessions"


@pilot_test
async def test_a_hidden_pane_due_while_the_app_closes_is_not_built(db_path, make_app):
    """Quitting right after the first rows left the next build queued; it ran while the
    screen was being taken down and found no tab to mount into (NoMatches, seen in CI)."""
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)):
        await first_screen(app)
    built = set(app.panes)
    app._build_paused_until = 0.0  # the pause after the first pane has run out
    await app._build_next_pane()  # what the queued turn runs, on the closing app
    assert set(app.panes) == built


@pytest.mark.parametrize(("width", "wide"), [(80, False), (200, True)])
@pilot_test
async def test_the_first_frame_has_the_columns_of_its_width(db_path, make_app, width, wide):
    """Sessions built its wide columns (Obs, Err) whatever the terminal, and swapped them for
    the narrow ones on its first Resize, just after the first frame: at 80 cells the first
    frame showed columns it then took away, and a key pressed then waited for the redraw."""
    from tui.gui.textual_internals import screen_lines, watch_frames

    frames: list[str] = []
    app = make_app(db_path)
    watch_frames(app, lambda screen: frames.append("\n".join(screen_lines(screen))))
    async with app.run_test(size=(width, 30)) as pilot:
        await first_screen(app)
        await settle(pilot)
        assert ("Obs" in frames[0]) is wide and ("Obs" in screen_text(app)) is wide


@pilot_test
async def test_a_resize_to_the_same_size_lays_nothing_out_and_another_size_does(db_path, make_app, monkeypatch):
    """Textual resizes the screen to the terminal's size just after the first frame: the
    screen laid every widget out and drew them again at the same size (~14 ms at 100k
    memories, before a key pressed as the app appeared was handled; issue 25 item 15)."""
    from textual import events
    from textual.geometry import Size

    from tui.gui.app import PanesScreen

    arranged: list[Size] = []
    arrange = PanesScreen.arrange

    def counted(self, size, *args, **kwargs):
        arranged.append(size)
        return arrange(self, size, *args, **kwargs)

    monkeypatch.setattr(PanesScreen, "arrange", counted)
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await first_screen(app)
        await until(lambda: app.all_panes_mounted)
        await settle(pilot)
        arranged.clear()
        app.screen.post_message(events.Resize(Size(100, 30), Size(100, 30)))
        await settle(pilot)
        assert arranged == []
        await pilot.resize_terminal(70, 30)
        await settle(pilot)
        assert arranged and app.screen.size.width == 70
        assert all(len(line) <= 70 for line in screen_text(app).splitlines())


FIRST_SCREEN_MODULES = r"""
import asyncio, os, sys
from textual.widgets import DataTable
from tui.commands.cli import parse_command_line
from tui.commands import open_app  # as `memlane` starts the app
from tui.gui.app import AppOptions, build_app
from tui.gui.textual_internals import visible_widgets, watch_frames

NOT_YET = ("tui.gui.panes.search.pane", "store.search.terms", "store.search.rank", "rich._emoji_codes",
           "textual.widgets._tabbed_content", "textual.widgets._tabs", "tui.gui.widgets.empty_state")


async def run():
    app = build_app(parse_command_line([]).db, options=AppOptions(poll_interval=None))

    def frame(screen):
        if any(isinstance(w, DataTable) and w.row_count for w in visible_widgets(screen)):
            print(" ".join(name for name in NOT_YET if name in sys.modules) or "none", flush=True)
            os._exit(0)

    watch_frames(app, frame)
    async with app.run_test(size=(80, 24)):
        await asyncio.sleep(60)


asyncio.run(run())
"""


def test_the_first_screen_imports_neither_search_nor_rich_emoji(db_path):
    """What the first screen does not show is not imported for it: the Search pane (it came
    in with a date range's name), the store's search (the preview's and the filter's words)
    and Rich's emoji table (column labels parsed as markup): ~15 ms of its CPU together; nor
    Textual's tabs (the tab bar is memlane's one widget) or the welcome card of an empty
    store."""
    import subprocess

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = {**os.environ, "MEMLANE_DB": db_path}
    done = subprocess.run([sys.executable, "-c", FIRST_SCREEN_MODULES], capture_output=True,
                          text=True, cwd=root, env=env, timeout=HANG)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "none"
