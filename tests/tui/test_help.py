"""The help screen: opens at where you are, filters as you type, scrolls like a list."""

from __future__ import annotations

import pytest

from tests.tui.conftest import pilot_test, screen_text, settle
from tui.gui.screens.help import HelpScreen


def sections_shown(app) -> list[str]:
    """The section headings of the help, top to bottom, as rendered now."""
    from io import StringIO

    from rich.console import Console

    console = Console(width=100, record=True, file=StringIO())
    console.print(app.screen.keys)
    titles = [title for title, _ in app.screen.sections]
    return [line.strip().removeprefix("Here: ") for line in console.export_text().splitlines()
            if line.strip().removeprefix("Here: ") in titles]  # fmt: skip


@pytest.mark.parametrize("keys,here", [(("4",), "4 Errors"), (("5",), "5 Cleanup"),
                                       (("enter",), "Timeline"), (("enter", "enter"), "Memory")])  # fmt: skip
@pilot_test
async def test_help_opens_at_the_place_you_are(db_path, make_app, keys, here):
    app = make_app(db_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert sections_shown(app)[:3] == [here, "Everywhere", "On any list"]
        assert f"Here: {here}" in screen_text(app)


@pilot_test
async def test_typing_filters_the_help(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark", *"resol")
        await settle(pilot)
        help_screen = app.screen
        assert help_screen.text == "resol"
        assert sections_shown(app) == ["4 Errors", "Error group"]
        shown = screen_text(app)
        assert "Resolve" in shown and "Quit" not in shown and "Export" not in shown
        await pilot.press(*"zzz")
        await settle(pilot)
        assert "No key matches" in screen_text(app)


@pilot_test
async def test_pgdn_g_and_G_scroll_the_help(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        scroll = app.screen.query_one("#help-scroll")
        assert scroll.scroll_y == 0 and scroll.max_scroll_y > 10
        await pilot.press("pagedown")
        await settle(pilot)
        assert scroll.scroll_y > 0
        await pilot.press("G")
        await settle(pilot)
        assert scroll.scroll_y == scroll.max_scroll_y
        await pilot.press("g")
        await settle(pilot)
        assert scroll.scroll_y == 0
        assert app.screen.text == ""  # g and G are keys of the help, not the filter's text
