"""The key model of docs/keys.md, driven as a person would: boxes only by `/`, digits switch
panes outside a box on every visit, one meaning per letter, `escape` back one step."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.binding import Binding
from textual.widgets import Input

from tests.tui.conftest import pilot_test, settle
from tui.gui.keys import APP_BINDINGS, readme_block
from tui.gui.panes import PANES

REPO = Path(__file__).resolve().parents[2]


@pilot_test
async def test_digits_switch_panes_on_the_first_visit_of_search(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        search = app.panes["search"]
        assert app.active_pane_id == "search" and not isinstance(app.focused, Input)
        for key, pane_id in (("4", "errors"), ("5", "cleanup"), ("6", "insights"), ("1", "sessions")):
            await pilot.press(key)
            await settle(pilot)
            assert app.active_pane_id == pane_id
        assert search.query_input.value == ""  # nothing was typed: "4561" went nowhere


@pilot_test
async def test_search_takes_letters_as_actions_on_every_visit_and_text_only_after_slash(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        search = app.panes["search"]
        for visit in (1, 2):
            await pilot.press("3")
            await settle(pilot)
            assert app.focused is search.table, f"visit {visit}"
            await pilot.press("1")
            await settle(pilot)
        await pilot.press("3", "slash", *"pytest 4")
        await settle(pilot)
        assert search.query_input.value == "pytest 4"  # in the box, digits are text
        assert app.active_pane_id == "search"
        await pilot.press("escape", "4")  # out of the box: a digit switches again
        await settle(pilot)
        assert app.active_pane_id == "errors"
        await pilot.press("3")  # back on Search: the list, not the box
        await settle(pilot)
        assert app.focused is search.table


@pilot_test
async def test_every_list_pane_has_a_box_behind_slash_and_escape_steps_back(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for pane_id in ("sessions", "live", "search", "cleanup"):
            pane = app.panes[pane_id]
            await app.run_action(f"show_pane('{pane_id}')")
            await settle(pilot)
            await pilot.press("slash")
            await settle(pilot)
            assert app.focused is pane.box(), pane_id
            await pilot.press(*"calc")
            await pilot.pause(0.5)  # the filters apply after a pause in typing
            await settle(pilot)
            await pilot.press("escape")  # out of the box, the filter kept
            await settle(pilot)
            assert app.focused is pane.list_widget() and pane.has_filters(), pane_id
            await pilot.press("escape")  # the filters cleared
            await settle(pilot)
            assert not pane.has_filters() and pane.box().value == "", pane_id
            assert pane.check_action("back", ()) is False  # nothing left to go back from: hidden


@pilot_test
async def test_escape_closes_a_screen_after_its_box(db_path, make_app):
    from tui.gui.screens.help import HelpScreen

    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark", *"sort")
        await settle(pilot)
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen) and help_screen.text == "sort"
        await pilot.press("escape")  # out of the box
        await pilot.press("escape")  # the filter cleared
        await settle(pilot)
        assert app.screen is help_screen and help_screen.text == ""
        await pilot.press("escape")  # the screen closed
        await settle(pilot)
        assert not isinstance(app.screen, HelpScreen)


def _pane_and_screen_bindings() -> dict[str, list[Binding]]:
    from tui.gui.screens.error_detail import ErrorDetailScreen
    from tui.gui.screens.memory_detail import MemoryDetailScreen
    from tui.gui.screens.timeline import TimelineScreen

    owners = {entry.id: entry.load().BINDINGS for entry in PANES}
    for screen in (TimelineScreen, MemoryDetailScreen, ErrorDetailScreen):
        owners[screen.__name__] = screen.BINDINGS
    return {name: Binding.make_bindings(bindings) for name, bindings in owners.items()}


# Keys docs/keys.md gives a pane of its own (one meaning there, none elsewhere), and the one
# letter two actions share because they are one meaning in two views (Cleanup's list: redact
# inside this memory; its secrets audit: redact every finding).
# One meaning, several actions: `u` undoes (an error's status, a veto or a pin; docs/keys.md).
PANE_KEYS = {"space": {"pause", "follow", "toggle_mark"}, "R": {"redact", "redact_findings"},
             "u": {"set_status", "lift"}}  # fmt: skip


def test_one_meaning_per_letter_across_panes_and_screens():
    app_keys = {key for b in APP_BINDINGS for key in b.key.split(",")}
    actions: dict[str, set[str]] = {}
    for bindings in _pane_and_screen_bindings().values():
        for binding in bindings:
            assert binding.key not in app_keys, binding
            if len(binding.key) > 1 and binding.key != "space":
                continue  # arrows, enter, escape: moving and leaving, not letters
            name = binding.action.split("(")[0]
            actions.setdefault(binding.key, set()).add(name)
    for key, names in actions.items():
        if key in PANE_KEYS:
            assert names <= PANE_KEYS[key], (key, names)
        else:
            assert len(names) == 1, f"{key} means {sorted(names)}"


@pytest.mark.parametrize("key,action", [("e", "export"), ("y", "copy"), ("o", "open_file"),
                                        ("t", "timeline"), ("c", "resume"), ("C", "fork"),
                                        ("s", "sort"), ("f", "filters")])  # fmt: skip
def test_the_letters_of_docs_keys_do_what_it_says(key, action):
    for owner, bindings in _pane_and_screen_bindings().items():
        for binding in bindings:
            if binding.key == key:
                assert binding.action.split("(")[0] == action, (owner, binding)


def test_a_shared_action_has_its_one_key_and_word_everywhere():
    from tui.gui.shared_keys import SHARED_KEYS, TYPING_LIST_KEYS

    checked = 0
    for owner, bindings in _pane_and_screen_bindings().items():
        for binding in bindings:
            if binding.action not in SHARED_KEYS or binding.id == "errors.filters":
                continue  # Errors' one filter is the status, and its footer says so
            key, word, _ = SHARED_KEYS[binding.action]
            if owner == "search":  # its list's letters are its query: the ctrl keys instead
                key = TYPING_LIST_KEYS[binding.action]
            assert (binding.key, binding.description) == (key, word), (owner, binding)
            checked += 1
    assert checked > 40


def test_the_readme_keys_table_is_the_one_the_app_makes():
    readme = (REPO / "README.md").read_text()
    assert readme_block() in readme, (
        "README.md's keys table is made from the app's bindings: paste the output of "
        "`python -m tui.gui.keys` over it"
    )


@pilot_test
async def test_slash_right_after_a_digit_keeps_the_keys_in_the_box(db_path, make_app):
    """`3` and `/` pressed before the switch is drawn (a busy machine): what is typed next goes
    in Search's box, not to its list as t (timeline), o, k, e (export), n."""
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.post_message(events.Key("3", "3"))
        app.post_message(events.Key("slash", "/"))
        await settle(pilot)
        await pilot.press(*"token")
        await settle(pilot)
        search = app.panes["search"]
        assert app.focused is search.query_input and search.query_input.value == "token"
        assert len(app.screen_stack) == 1  # no timeline, no export dialog
