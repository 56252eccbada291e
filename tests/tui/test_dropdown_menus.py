"""The app's dropdowns build their menus when they first open (not with the first screen),
and open, list and choose as before."""

from __future__ import annotations

from textual.widgets import OptionList, Select

from tests.tui.conftest import pilot_test, settle


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
