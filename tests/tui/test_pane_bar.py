"""The tab bar (tui/gui/widgets/pane_bar.py): one widget draws the tabs as Textual's did. A
click on a tab (or under it) shows its pane, the digits too; the tab shown is the bright,
underlined one; a hovered tab brightens; at a narrow width the tab shown stays in view; and
the first screen styles far fewer nodes than with Textual's TabbedContent, and its list once."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from tests.tui.conftest import first_screen, pilot_test, screen_text, settle, until
from tui.gui.panes import PANES
from tui.gui.textual_internals import screen_strips, visible_widgets, watch_frames
from tui.gui.widgets.pane_bar import PaneBar

LABELS = {entry.id: f"{entry.key} {entry.title}" for entry in PANES}


def bar_lines(app) -> tuple[list[tuple[str, object]], list[tuple[str, object]]]:
    """The screen's first two lines as (character, its colour), cell by cell."""
    lines = []
    for strip in screen_strips(app.screen)[:2]:
        cells = []
        for segment in strip:
            color = segment.style.color if segment.style else None
            cells += [(character, color) for character in segment.text]
        lines.append(cells)
    return lines[0], lines[1]


def label_columns(app, pane_id: str) -> range:
    """Where the tab's label is drawn on the first line (as a person finds it)."""
    labels, _ = bar_lines(app)
    text = "".join(character for character, _ in labels)
    start = text.index(LABELS[pane_id])
    return range(start, start + len(LABELS[pane_id]))


def bright_tabs(app) -> list[str]:
    """The panes whose labels (those in view) are drawn in the bright colour of the tab shown."""
    labels, _ = bar_lines(app)
    text = "".join(character for character, _ in labels)
    bright = app.query_one(PaneBar).get_component_rich_style("pane-bar--active").color
    dim = app.query_one(PaneBar).get_component_rich_style("pane-bar--tab").color
    colors = {pane_id: labels[text.index(label)][1] for pane_id, label in LABELS.items() if label in text}
    assert set(colors.values()) <= {bright, dim} and bright != dim
    return [pane_id for pane_id, color in colors.items() if color == bright]


def underlined(app) -> range:
    """The columns of the underline's highlight (the cells of the colour fewest have)."""
    _, line = bar_lines(app)
    colors = [color for _character, color in line]
    highlight = min(set(colors), key=colors.count)
    columns = [x for x, color in enumerate(colors) if color == highlight]
    return range(columns[0], columns[-1] + 1)


def assert_shown(app, pane_id: str) -> None:
    assert app.active_pane_id == pane_id
    assert app.query_one(PaneBar).active == pane_id
    assert bright_tabs(app) == [pane_id]
    assert underlined(app) == label_columns(app, pane_id)
    pane = app.panes[pane_id]
    assert pane.display and not any(other.display for other in app.panes.values() if other is not pane)
    assert app.focused is not None and pane in app.focused.ancestors  # the keys go to the pane


@pilot_test
async def test_each_digit_shows_its_pane_with_its_tab_bright_and_underlined(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert_shown(app, "sessions")
        for entry in reversed(PANES):
            await pilot.press(entry.key)
            await settle(pilot)
            assert_shown(app, entry.id)


@pilot_test
async def test_a_click_on_a_tab_or_under_it_shows_its_pane(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for n, pane_id in enumerate(["recall", "search", "live", "errors", "insights", "cleanup", "sessions"]):
            columns = label_columns(app, pane_id)
            x = columns[n % len(columns)]
            assert await pilot.click(offset=(x, n % 2))  # the label's line, then the underline's
            await settle(pilot)
            assert_shown(app, pane_id)
        padding = label_columns(app, "live")[0] - 1  # the tab's own cell left of its label
        assert await pilot.click(offset=(padding, 0))
        await settle(pilot)
        assert_shown(app, "live")
        beyond = label_columns(app, "recall")[-1] + 5  # past the last tab: nothing happens
        assert await pilot.click(offset=(beyond, 0))
        await settle(pilot)
        assert_shown(app, "live")


@pilot_test
async def test_a_click_on_a_tab_before_its_pane_is_built_builds_and_shows_it(db_path, make_app, monkeypatch):
    from tui.gui.app import MemlaneApp

    monkeypatch.setattr(MemlaneApp, "_build_hidden_panes", lambda self: None)  # only on demand
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await first_screen(app)
        await pilot.pause()
        assert "cleanup" not in app.panes
        assert await pilot.click(offset=(label_columns(app, "cleanup")[0], 0))
        await until(lambda: "19 memories" in screen_text(app))  # (settle waits for every pane)
        await pilot.pause()
        assert_shown(app, "cleanup")
        assert list(app.panes) == ["sessions", "cleanup"]


@pilot_test
async def test_a_hovered_tab_is_bright_until_the_mouse_leaves_it(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.hover(offset=(label_columns(app, "errors")[2], 0))
        await settle(pilot)
        labels, _ = bar_lines(app)
        bright = labels[label_columns(app, "sessions")[0]][1]
        assert labels[label_columns(app, "errors")[0]][1] == bright
        assert labels[label_columns(app, "live")[0]][1] != bright
        await pilot.hover(offset=(50, 15))  # the list
        await settle(pilot)
        assert bright_tabs(app) == ["sessions"]


@pytest.mark.parametrize("width", [30, 44])
@pilot_test
async def test_at_a_narrow_width_the_tab_shown_stays_in_view_and_clickable(db_path, make_app, width):
    app = make_app(db_path)
    async with app.run_test(size=(width, 24)) as pilot:
        await settle(pilot)
        for key, pane_id in [("7", "recall"), ("4", "errors"), ("1", "sessions")]:
            await pilot.press(key)
            await settle(pilot)
            assert_shown(app, pane_id)  # its whole label is on screen, underlined
        neighbour = label_columns(app, "live")  # in view beside Sessions, at the left end
        assert await pilot.click(offset=(neighbour[0], 0))
        await settle(pilot)
        assert_shown(app, "live")


@pilot_test
async def test_a_focus_that_lands_in_a_hidden_pane_goes_back_to_the_pane_shown(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await until(lambda: app.all_panes_mounted)
        await settle(pilot)
        app.panes["errors"].query_one(DataTable).focus()  # a focus call still queued from there
        await settle(pilot)
        assert_shown(app, "sessions")
        assert app.focused is app.panes["sessions"].table


@pilot_test
async def test_the_first_screen_styles_few_nodes(db_path, make_app, monkeypatch):
    """Textual's TabbedContent styled ~20 nodes for the tabs alone before the first frame
    (seven tabs, their list and scroll, the underline, the switcher, seven TabPanes), and
    the list was styled again (with its ten parts) once the first focus landed on it: 64
    styles applied in all here, 36 now."""
    from textual.css.stylesheet import Stylesheet

    applied: list[str] = []
    first_frame: list[int] = []
    apply = Stylesheet.apply

    def counted(self, node, *args, **kwargs):
        applied.append(type(node).__name__)
        return apply(self, node, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", counted)
    app = make_app(db_path)

    def on_frame(screen) -> None:
        if not first_frame and any(isinstance(w, DataTable) and w.row_count for w in visible_widgets(screen)):
            first_frame.append(len(applied))

    watch_frames(app, on_frame)
    async with app.run_test(size=(80, 24)):
        await until(lambda: first_frame)
    assert first_frame[0] <= 40, applied


@pilot_test
async def test_the_first_list_is_styled_focused_from_the_start_as_it_is(db_path, make_app):
    """The Sessions list is styled as focused from the start (`Pane.focused_from_start`): it
    is the focused widget then, and loses the style with the focus."""
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.panes["sessions"].table
        assert app.focused is table and table.has_focus and table.has_pseudo_class("focus")
        await pilot.press("slash")
        await settle(pilot)
        assert not table.has_focus and not table.has_pseudo_class("focus")


@pilot_test
async def test_on_an_empty_store_the_hidden_list_is_not_left_styled_focused(empty_db_path, make_app):
    """The focus goes to the welcome card: the list behind it loses its first style."""
    app = make_app(empty_db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.panes["sessions"].table
        assert app.focused is not table
        assert not table.has_focus and not table.has_pseudo_class("focus")
