"""A key pressed as the app appears is not queued behind the footer (issue 11).

Textual's Footer recomposed itself, through the screen's after-refresh callbacks,
on every change of bindings: 16 recomposes at start-up, awaited one after another
by the screen, and a pane key waited 100-300 ms behind them.  The first focus also
landed on the Sessions filter before moving to its table, which changed the
footer's keys once more right after the first frame.
"""

from __future__ import annotations

import inspect

from tests.tui.conftest import first_screen, pilot_test, screen_text, settle
from tui.gui.textual_internals import AFTER_REFRESH_QUEUE, watch_frames
from tui.gui.widgets.app_footer import AppFooter


def count_rebuilds(monkeypatch) -> tuple[list[tuple], list[AppFooter]]:
    """The keys the footer showed after each rebuild that changed them, and every
    recompose (the path that holds the app's frames while it awaits mounting)."""
    rebuilt: list[tuple] = []
    recomposed: list[AppFooter] = []
    rebuild, recompose = AppFooter._rebuild, AppFooter.recompose

    def counted(self) -> None:
        before = self._shown
        rebuild(self)
        if self._shown != before:
            rebuilt.append(self._shown)

    async def recounted(self) -> None:
        recomposed.append(self)
        await recompose(self)

    monkeypatch.setattr(AppFooter, "_rebuild", counted)
    monkeypatch.setattr(AppFooter, "recompose", recounted)
    return rebuilt, recomposed


def screen_callbacks(monkeypatch) -> list:
    """Every callback queued to run after the screen's next refresh."""
    owner, name = AFTER_REFRESH_QUEUE
    queued: list = []
    invoke_later = getattr(owner, name)

    def recorded(self, callback, sender) -> None:
        queued.append(callback)
        invoke_later(self, callback, sender)

    monkeypatch.setattr(owner, name, recorded)
    return queued


@pilot_test
async def test_the_footer_is_built_only_when_its_keys_change(db_path, make_app, monkeypatch):
    rebuilt, recomposed = count_rebuilds(monkeypatch)
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await first_screen(app)
        await settle(pilot)
        # The table's keys once focus is set, then those that need rows (Open, Export):
        # never the app's keys alone first.
        assert 1 <= len(rebuilt) <= 2 and not recomposed
        assert any(key[0] == "p" for key in rebuilt[0][1])  # the first build: the table's keys
        footer = screen_text(app).splitlines()[-1]
        assert "/ Filter" in footer and "q Quit" in footer and "? Help" in footer


@pilot_test
async def test_the_screen_never_waits_on_the_footer(db_path, make_app, monkeypatch):
    """The screen runs its after-refresh callbacks one after another before its next
    message (a key on its way up, too): a footer recompose there held everything up."""
    queued = screen_callbacks(monkeypatch)
    rebuilt, recomposed = count_rebuilds(monkeypatch)
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await first_screen(app)
        # every pane: the footer's keys change each time, and it shows them
        for key, word in (("2", "Pause"), ("4", "Resolve"), ("5", "Forget"), ("1", "Sort")):
            await pilot.press(key)
            await settle(pilot)
            assert app.active_pane_id != "sessions" or key == "1"
            assert word in screen_text(app).splitlines()[-1]
        assert len(rebuilt) >= 4 and not recomposed  # the footer did follow each pane's keys...
        footers = [getattr(cb, "func", cb) for cb in queued]
        footers = [cb for cb in footers if isinstance(getattr(cb, "__self__", None), AppFooter)]
        assert footers and not any(inspect.iscoroutinefunction(cb) for cb in footers)  # ...unawaited


@pilot_test
async def test_keys_that_change_nothing_in_the_footer_do_not_rebuild_it(db_path, make_app, monkeypatch):
    rebuilt, _ = count_rebuilds(monkeypatch)
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        sessions = await first_screen(app)
        await settle(pilot)
        before = len(rebuilt)
        for key in "jjkj1":  # the cursor moves, the pane is asked for again: the same keys
            await pilot.press(key)
            app.screen.refresh_bindings()  # as Textual does on every focus change
        await settle(pilot)
        assert sessions.cursor_row == 2 and app.focused is sessions
        assert len(rebuilt) == before


@pilot_test
async def test_the_first_frame_already_has_the_sessions_table_focused(db_path, make_app):
    """Focus that moves after the first frame changes the footer's keys as a person
    presses their first key; it is in place before anything is drawn."""
    app = make_app(db_path)
    focused_at_frames: list = []
    watch_frames(app, lambda screen: focused_at_frames.append(app.focused))
    async with app.run_test(size=(80, 24)) as pilot:
        sessions = await first_screen(app)
        await settle(pilot)
        assert focused_at_frames and all(f is sessions for f in focused_at_frames)
