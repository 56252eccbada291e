"""The footer: only keys that work where the keys go now, whole, at every width."""

from __future__ import annotations

import pytest

from tests.tui.conftest import pilot_test, screen_text, settle
from tests.tui.panes.test_search import open_search, type_query
from tui.gui.widgets.app_footer import AppFooter


def footer_line(app) -> str:
    return screen_text(app).splitlines()[-1]

@pilot_test
async def test_the_footer_offers_no_key_the_search_box_would_type(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_search(pilot)
        assert app.focused is pane.query_input
        footer = footer_line(app)
        assert "/ Search" not in footer and " q Quit" not in footer and "? Help" not in footer
        assert "⏎ Apply" in footer and "esc Back" in footer and "f1 Help" in footer
        assert "^q Quit" in footer and "^y Copy" not in footer  # the box's ctrl+y, ctrl+e: its own
        await pilot.press("escape")
        await settle(pilot)
        # Search's list takes letters as its query too: ctrl+q quits there
        assert "/ Search" in footer_line(app) and "^q Quit" in footer_line(app)


@pilot_test
async def test_a_click_on_the_footers_search_focuses_the_box_and_types_nothing(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_search(pilot)
        await type_query(pilot, pane, "JWT")
        await pilot.press("escape")
        await settle(pilot)
        [key] = [k for k in app.query_one(AppFooter).children if getattr(k, "key", "") == "slash"]
        await pilot.click(key)
        await settle(pilot)
        assert app.focused is pane.query_input
        assert pane.query_input.value == "JWT"  # not "/JWT"

@pytest.mark.parametrize("pane_key", ["1", "4", "5"])
@pytest.mark.parametrize("width", [30, 45, 60, 80])
@pilot_test
async def test_the_footer_has_no_debris_and_always_says_quit(db_path, make_app, pane_key, width):
    app = make_app(db_path)
    async with app.run_test(size=(width, 24)) as pilot:
        await settle(pilot)
        await pilot.press(pane_key)
        await settle(pilot)
        footer = footer_line(app)
        assert footer.rstrip().endswith("^p Commands"), footer  # nothing shows through after it
        assert "q Quit" in footer and "? Help" in footer, footer
        allowed = {"^p", "Commands"}
        for binding in _bindings(app):
            allowed.add(app.get_key_display(binding))
            allowed.update((binding.description or "").split())
        for word in footer.replace("▏", " ").split():  # every word whole: no "Qu", no "Filte"
            assert word in allowed, (word, footer)


def _bindings(app):
    return [binding for _, binding, _, _ in app.screen.active_bindings.values()]


@pilot_test
async def test_errors_at_80_columns_keeps_quit(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("4")
        await settle(pilot)
        assert footer_line(app).split("▏")[0].rstrip().endswith("q Quit")


# -- the footer in modal states ------------------------------------------------------------------


async def _footer_after(app, pilot, *keys: str) -> str:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)
    return footer_line(app)


PANE_WORDS = ("Project", "Sort", "Resume", "Mark", "Forget", "Quit")


@pytest.mark.parametrize("size", [(80, 24), (200, 50)], ids=["80x24", "200x50"])
@pilot_test
async def test_a_dialog_or_open_menu_shows_its_own_keys_not_the_panes(db_path, make_app, size):
    app = make_app(db_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        states = {
            "help": (("question_mark",), ("esc Back", "? Close", "/ Filter")),
            "copy menu": (("escape", "y"), ("⏎ Copy", "esc Cancel")),
            "open dropdown": (("escape", "p"), ("⏎ Choose", "esc Close")),
            "export file": (("escape", "e"), ("⏎ Export", "esc Cancel")),
        }
        for what, (keys, wanted) in states.items():
            footer = await _footer_after(app, pilot, *keys)
            for words in wanted:
                assert words in footer, (what, footer)
            for word in PANE_WORDS:
                assert word not in footer, (what, word, footer)


@pilot_test
async def test_the_forget_confirmation_shows_yes_no_and_cancel(cleanup_db):
    from tests.tui.fixtures_cleanup import make_app
    from tests.tui.fixtures_cleanup import settle as settle_all

    app = make_app(cleanup_db)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle_all(pilot)
        await pilot.press("5")
        await settle_all(pilot)
        await pilot.press("d")
        await settle_all(pilot)
        footer = footer_line(app)
        assert "y Yes" in footer and "n No" in footer and "esc Cancel" in footer, footer
        assert "Mark" not in footer and "Forget" not in footer


@pilot_test
async def test_paused_live_offers_follow_not_pause(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = await _footer_after(app, pilot, "2")
        assert "space Pause" in footer and "space Follow" not in footer
        footer = await _footer_after(app, pilot, "k")  # looking back pauses
        assert "space Follow" in footer and "space Pause" not in footer
        footer = await _footer_after(app, pilot, "space")
        assert "space Pause" in footer and app.panes["live"].following


@pilot_test
async def test_the_footer_shows_the_keys_that_work_where_there_is_room(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        footer = await _footer_after(app, pilot, "3")
        for words in ("^t Timeline", "^y Copy", "^o Open file", "^r Resume", "^e Export"):
            assert words in footer, footer
        await pilot.press("enter")  # a hit's timeline
        await settle(pilot)
        footer = footer_line(app)
        for words in ("] Next error", "y Copy", "e Export", "c Resume"):
            assert words in footer, footer


@pilot_test
async def test_a_pane_switch_goes_straight_from_the_old_panes_keys_to_the_new_ones(db_path, make_app):
    """The footer showed the keys of no focus on the way (`/ Filter ? Help q Quit`) for a
    few frames of every pane switch, and rebuilt itself twice; at start, a key pressed as
    the app appeared also waited for the first pane's keys to be built."""
    await _switch_and_watch_the_footer(db_path, make_app)


async def _switch_and_watch_the_footer(db_path, make_app) -> None:
    """Sessions to Errors (`4`): every footer a frame showed on the way is one of the two panes'."""
    from tests.tui.conftest import first_screen, until
    from tui.gui.textual_internals import screen_lines, watch_frames

    footers: list[str] = []
    app = make_app(db_path)
    watch_frames(app, lambda screen: footers.append(screen_lines(screen)[-1].strip()))
    async with app.run_test(size=(100, 30)) as pilot:
        await first_screen(app)
        await until(lambda: app.all_panes_mounted)
        await until(lambda: footers and "Resume" in footers[-1])  # the Sessions pane's keys
        await settle(pilot)
        before = footers[-1]
        assert "Sort" in before and "Resume" in before
        footers.clear()
        await pilot.press("4")
        await until(lambda: footers and "Resolve" in footers[-1])  # the Errors pane's keys
        await settle(pilot)
        shown = [line for n, line in enumerate(footers) if n == 0 or line != footers[n - 1]]
        assert shown[-1] != before and "Resolve" in shown[-1]
        assert shown in ([before, shown[-1]], [shown[-1]]), shown


@pilot_test
async def test_on_a_starved_machine_a_pane_switch_still_goes_straight_to_the_new_keys(db_path, make_app, monkeypatch):
    """The footer kept the old pane's keys for at most 1 s: where a switch took longer (1.8 s
    at load 15) the keys of no focus showed on the way. Here the footer's clock jumps 5 s
    as the key is handled, as a machine that stalls there would make it."""
    import time

    from tui.gui.widgets import app_footer

    stall = [0.0]
    monkeypatch.setattr(app_footer, "time", type("StalledClock", (), {"monotonic": staticmethod(lambda: time.monotonic() + stall[0])}))
    hold = app_footer.AppFooter.hold

    def hold_then_stall(self, owner: str, seconds: float) -> None:
        hold(self, owner, seconds)
        stall[0] += 5.0

    monkeypatch.setattr(app_footer.AppFooter, "hold", hold_then_stall)
    await _switch_and_watch_the_footer(db_path, make_app)


@pilot_test
async def test_the_footer_asks_no_keys_of_a_screen_escape_took_off_the_stack(db_path, make_app):
    # A rebuild asked for just before escape ran once the screen was off the stack, while its
    # children were being removed: a check that read its table found none, and the app died
    # (Claude's memory screen, on a busy machine). A screen's keys are asked only while it is
    # on the stack.
    from textual.binding import Binding
    from textual.screen import Screen

    from tests.tui.conftest import first_screen, until
    from tui.gui.widgets.vim_table import VimDataTable

    asked_off_the_stack: list[str] = []

    class AsksItsTable(Screen[None]):
        BINDINGS = [Binding("o", "open", "Open")]

        def compose(self):
            yield VimDataTable()
            yield AppFooter()

        def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
            if self not in self.app.screen_stack:
                asked_off_the_stack.append(action)
            return True

    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await first_screen(app)
        screen = AsksItsTable()
        await app.push_screen(screen)
        footer = screen.query_one(AppFooter)
        await until(lambda: not footer._rebuild_pending)
        footer._recompose_if_changed()  # a change of keys (a focus move, a row loaded)...
        screen.dismiss()  # ...and escape, before the footer's next turn
        await until(lambda: not screen.is_attached)
        await settle(pilot)
        assert asked_off_the_stack == []


async def click_helps_close(app, pilot, clicks: int) -> None:
    """Open the help and post `clicks` clicks on its footer's Close at once."""
    from textual import events

    from tests.tui.conftest import first_screen, until
    from tui.gui.screens.help import HelpScreen

    await first_screen(app)
    await pilot.press("question_mark")
    await until(lambda: isinstance(app.screen, HelpScreen))
    help_screen = app.screen
    footer = help_screen.query_one(AppFooter)
    await until(lambda: any(getattr(k, "action", "") == "close" for k in footer.children))
    [close] = [k for k in footer.children if getattr(k, "action", "") == "close"]
    for _ in range(clicks):
        close.post_message(events.MouseDown(close, 1, 0, 0, 0, 1, False, False, False))
    await until(lambda: not help_screen.is_attached)
    await settle(pilot)


@pilot_test
async def test_a_click_on_the_helps_close_closes_it_for_good(db_path, make_app):
    # The click ran Close, then Textual's own handler pressed the key too (`?`), by then on
    # the panes: the help opened again.
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await click_helps_close(app, pilot, 1)
        assert len(app.screen_stack) == 1


@pilot_test
async def test_a_double_click_on_a_footers_close_closes_one_screen(db_path, make_app):
    # Both clicks reached the key before the first closed its screen; the second ran Close
    # again for a screen already gone, and that popped the screen under it (the panes' own:
    # the app died).
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await click_helps_close(app, pilot, 2)
        assert len(app.screen_stack) == 1 and app.is_running
