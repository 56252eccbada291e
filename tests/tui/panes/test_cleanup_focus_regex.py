"""Cleanup: the filter bar shows when it has the keys; the regex checkbox says its state."""

from __future__ import annotations

from textual.widgets import Checkbox

from tests.tui.conftest import pilot_test, screen_text, settle
from tui.gui.modals.redact import RedactModal


@pilot_test
async def test_filter_bar_is_lit_while_typing(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("5")
        await settle(pilot)
        bar = app.panes["cleanup"].query_one("#cleanup-filter")
        assert not bar.has_pseudo_class("focus-within")
        await pilot.press("slash")
        await settle(pilot)
        assert bar.has_pseudo_class("focus-within")
        assert bar.styles.border_left[0] == "thick"
        await pilot.press("escape")
        await settle(pilot)
        assert not bar.has_pseudo_class("focus-within")


@pilot_test
async def test_regex_checkbox_says_on_or_off(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("5")
        await settle(pilot)
        await pilot.press("R")
        await settle(pilot)
        assert isinstance(app.screen, RedactModal)
        assert "regular expression: off" in screen_text(app)
        await pilot.press("ctrl+t")
        await settle(pilot)
        assert app.screen.query_one(Checkbox).value is True
        assert "regular expression: ON" in screen_text(app)
