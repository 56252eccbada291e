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
        assert "/ Search" not in footer and "q Quit" not in footer and "? Help" not in footer
        assert "esc Results" in footer and "f1 Help" in footer
        await pilot.press("escape")
        await settle(pilot)
        assert "/ Search" in footer_line(app) and "q Quit" in footer_line(app)


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
