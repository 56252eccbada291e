"""A key pressed as the app appears is not queued behind the footer (issue 11).

Textual's Footer recomposed itself, through the screen's after-refresh callbacks,
on every change of bindings: 16 recomposes at start-up, awaited one after another
by the screen, and a pane key waited 100-300 ms behind them.  The first focus also
landed on the Sessions filter before moving to its table, which changed the
footer's keys once more right after the first frame.
"""

from __future__ import annotations

import asyncio
import time

from textual.widgets import DataTable, TabbedContent

from tests.tui.conftest import pilot_test, screen_text, settle
from tui.gui.widgets.app_footer import AppFooter


async def until(predicate, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, "the app did not get there in time"
        await asyncio.sleep(0.005)


def count_recomposes(monkeypatch) -> list[tuple]:
    """What the footer showed (width, keys) after each of its recomposes."""
    recomposed: list[tuple] = []
    recompose = AppFooter.recompose

    async def counted(self) -> None:
        await recompose(self)
        keys = tuple((key.key, key.description, key.has_class("-disabled")) for key in self.children)
        recomposed.append((self.size.width, keys))

    monkeypatch.setattr(AppFooter, "recompose", counted)
    return recomposed


def screen_callbacks(monkeypatch) -> list:
    """Every callback queued to run after the screen's next refresh."""
    from textual.screen import Screen

    queued: list = []
    invoke_later = Screen._invoke_later

    def recorded(self, callback, sender) -> None:
        queued.append(callback)
        invoke_later(self, callback, sender)

    monkeypatch.setattr(Screen, "_invoke_later", recorded)
    return queued


@pilot_test
async def test_the_footer_is_built_only_when_its_keys_change(db_path, make_app, monkeypatch):
    recomposed = count_recomposes(monkeypatch)
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        sessions = app.query_one("#sessions-table", DataTable)
        await until(lambda: sessions.row_count > 0)
        await settle(pilot)
        # The table's keys once focus is set, then those that need rows (Open, Export):
        # never the app's keys alone first, never a rebuild that shows the same keys.
        assert 1 <= len(recomposed) <= 2
        assert all(before != after for before, after in zip(recomposed, recomposed[1:]))
        assert any(key[0] == "f" for key in recomposed[0][1])  # the first build: the table's keys
        footer = screen_text(app).splitlines()[-1]
        assert "q Quit" in footer and "? Help" in footer


@pilot_test
async def test_the_screen_never_waits_on_the_footer(db_path, make_app, monkeypatch):
    """The screen runs its after-refresh callbacks one after another before its next
    message (a key on its way up, too): a footer recompose there held everything up."""
    queued = screen_callbacks(monkeypatch)
    recomposed = count_recomposes(monkeypatch)
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        sessions = app.query_one("#sessions-table", DataTable)
        await until(lambda: sessions.row_count > 0)
        for key in "23451":  # every pane: the footer's keys change each time
            await pilot.press(key)
            await settle(pilot)
            assert app.query_one(TabbedContent).active != "sessions" or key == "1"
        assert len(recomposed) > 1  # the footer did follow the panes' keys...
        footers = [cb for cb in queued if isinstance(getattr(getattr(cb, "func", cb), "__self__", None), AppFooter)]
        assert not footers  # ...in its own loop


@pilot_test
async def test_keys_that_change_nothing_in_the_footer_do_not_rebuild_it(db_path, make_app, monkeypatch):
    recomposed = count_recomposes(monkeypatch)
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        sessions = app.query_one("#sessions-table", DataTable)
        await until(lambda: sessions.row_count > 0)
        await settle(pilot)
        before = len(recomposed)
        for key in "jjkj1":  # the cursor moves, the pane is asked for again: the same keys
            await pilot.press(key)
            app.screen.refresh_bindings()  # as Textual does on every focus change
        await settle(pilot)
        assert sessions.cursor_row == 2 and app.focused is sessions
        assert len(recomposed) == before


@pilot_test
async def test_the_first_frame_already_has_the_sessions_table_focused(db_path, make_app):
    """Focus that moves after the first frame changes the footer's keys as a person
    presses their first key; it is in place before anything is drawn."""
    app = make_app(db_path)
    focused_at_frames: list = []
    display = app._display

    def recorded(screen, renderable) -> None:
        display(screen, renderable)
        if renderable is not None and not app._batch_count:
            focused_at_frames.append(app.focused)

    app._display = recorded
    async with app.run_test(size=(80, 24)) as pilot:
        sessions = app.query_one("#sessions-table", DataTable)
        await until(lambda: sessions.row_count > 0)
        await settle(pilot)
        assert focused_at_frames and all(f is sessions for f in focused_at_frames)
