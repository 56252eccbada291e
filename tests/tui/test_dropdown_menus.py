"""The app's dropdowns build their menus when they first open (not with the first screen),
and open, list and choose as before."""

from __future__ import annotations

from textual.app import App
from textual.containers import Horizontal
from textual.widgets import OptionList, Select, Static

from tests.tui.conftest import pilot_test, settle
from tui.gui.textual_internals import screen_strips
from tui.gui.widgets.filter_select import Dropdown


@pilot_test
async def test_no_dropdown_menu_is_built_before_it_opens(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        dropdowns = list(app.screen.query(Select))
        assert len(dropdowns) >= 8  # every pane's filters
        assert not [select.id for select in dropdowns if select.query(OptionList)]


@pilot_test
async def test_a_dropdown_opened_by_its_key_lists_its_options_and_chooses_one(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        select = app.query_one("#sessions-project", Select)
        await pilot.press("p")  # Sessions: the project filter, open
        await settle(pilot)
        menu = select.query_one(OptionList)
        assert select.expanded and app.focused is menu
        projects = [value for _label, value in select.offered]
        assert menu.option_count == len(projects) + 1 > 2  # the blank, then each project
        assert menu.highlighted == 0
        await pilot.press("down", "enter")
        await settle(pilot)
        assert not select.expanded
        assert select.value == projects[0]
        await pilot.press("p")  # opened again: the same menu, at the chosen project
        await settle(pilot)
        assert select.expanded and select.query_one(OptionList) is menu and menu.highlighted == 1


class TwoDropdowns(App):
    """Textual's own Select and the app's Dropdown, side by side with the same room."""

    CSS = "Horizontal { height: 1; } Select { width: 20; margin-right: 1; }"

    def compose(self):
        with Horizontal():
            yield Select(OPTIONS, prompt="Any time", compact=True, id="theirs")
            yield Dropdown(OPTIONS, prompt="Any time", compact=True, id="ours")


OPTIONS = [("Today", "today"), ("This week", "week"), ("[b]not markup[/b]", "markup")]


def line_of(app, widget) -> list:
    """What a person sees on the line of `widget`'s closed face, cell by cell: the character,
    its background, and its colour and attributes unless it is a space."""
    region = widget.region
    strip = screen_strips(app.screen)[region.y].crop(region.x, region.x + region.width)
    cells = []
    for segment in strip:
        style = segment.style
        for character in segment.text:  # one-cell characters only here
            ink = None if character == " " else (style.color, style.bold, style.italic,
                                                 style.underline, style.reverse, style.dim)
            cells.append((character, style.bgcolor, ink))
    return cells


@pilot_test
async def test_a_closed_dropdown_is_drawn_as_textuals_select_draws_it():
    """The app's dropdowns draw their face as one widget (OneLineSelectCurrent), not as
    Textual's three Statics: what a person sees is the same, cell for cell (characters,
    colours, arrow), in every state (prompt, a value, focused, open, closed again), in a
    dark and a light theme."""
    app = TwoDropdowns()
    async with app.run_test(size=(60, 8)) as pilot:
        theirs, ours = app.query_one("#theirs", Select), app.query_one("#ours", Dropdown)
        assert not ours.query(Static)  # one widget: no Statics inside

        async def seen(select, value, focused=False, opened=False):
            app.set_focus(None)
            select.value = value
            if focused:
                select.focus()
            if opened:
                select.action_show_overlay()
                await pilot.pause()
                assert select.query_one(OptionList).display  # open: its menu shows
            await pilot.pause()
            face = line_of(app, select)
            if opened:
                select.expanded = False
                await pilot.pause()
            return face

        states = [(Select.NULL,), ("week",), (Select.NULL, True), ("week", True),
                  (Select.NULL, True, True), ("today", True, True)]  # fmt: skip
        for theme in ("textual-dark", "textual-light"):
            app.theme = theme
            for state in states:
                assert await seen(ours, *state) == await seen(theirs, *state), (theme, state)
        assert "▲" in "".join(c for c, _bg, _ink in await seen(ours, "week", True, True))
        assert "▼" in "".join(c for c, _bg, _ink in await seen(ours, "week", True))


@pilot_test
async def test_a_dropdown_label_is_plain_text_and_a_long_one_ends_in_an_ellipsis():
    app = TwoDropdowns()
    async with app.run_test(size=(60, 8)) as pilot:
        ours = app.query_one("#ours", Dropdown)
        ours.value = "markup"
        await pilot.pause()
        face = "".join(character for character, _background, _ink in line_of(app, ours))
        assert face == "[b]not markup[/b] ▼ "
        ours.styles.width = 12
        await pilot.pause()
        face = "".join(character for character, _background, _ink in line_of(app, ours))
        assert face == "[b]not m… ▼ " and len(face) == 12
