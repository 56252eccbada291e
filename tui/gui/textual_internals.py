"""The one module that names Textual's private attributes, each behind a small named shim.

memlane pins `textual==8.2.8`.  Textual keeps no promise about names that start
with `_`: when it renames one, code that reaches for it does not fail, it gets
slower or draws a wrong frame.  So every such name is here, and
`tests/tui/test_textual_internals.py` checks that each one still exists (and is
still the kind of thing used here) on the pinned version; a Textual upgrade
starts with that test.  `tests/test_textual_boundary.py` keeps every other
module (the app, its tests and benches) from naming one.

The door's table: each shim, the private names it reaches for, and what it buys today.
A speed shim stays only while `bench/bench_internals.py` (each shim off and on, interleaved,
in one process; `--only` picks the scenario) measures a gain on the pinned Textual; the
figures are its medians of CPU to the frame (wall where said) at load 11-14 on 2 cores
(issue 36).  The others are what a behaviour, a test or a bench stands on; a test shows each.

| shim | private names | gain measured (or what it is for) |
|---|---|---|
| KeptCells | _render_cell, _row_locations, _column_locations, _data, _get_styles_to_render_cell, _show_hover_cursor, _pseudo_class_state, _clear_caches | append: a followed row 19.1 -> 10.7 ms CPU, 90 -> 34 ms wall |
| UnmeasuredFixedWidths | _update_dimensions | page: a 60-row page 21.6 -> 18.1 ms CPU |
| settle_dimensions | _require_update_dimensions, _new_rows, _update_dimensions | append: 16.1 -> 10.4 ms CPU, 67 -> 43 ms wall |
| draw_now | _dom_ready, _batch_count, _on_timer_update | switch: a pane key 26.8 -> 19.5 ms CPU, 107 -> 81 ms wall; Live's followed row (bench_live) |
| OneLineSelectCurrent | _select, _watch_has_value | dropdowns: five mounted 36.0 -> 24.7 ms CPU |
| MenuOnOpenSelect | _setup_options_renderables, _watch_value, _watch_expanded, _watch_prompt, _options, _allow_blank, _type_to_search | dropdowns: 24.7 -> 13.9 ms CPU more (menus built on first open) |
| NoRelayoutAtTheSameSize | _screen_resized, _compositor | resize: the start-up Resize, 60-row list, 3.1 -> 1.0 ms CPU to idle |
| parsed_css, reuse_parsed_css | _parse_cache | the first screen without parsing the CSS again (tui/gui/css_cache.py): ~20 ms CPU of ~300 |
| table_revision, columns_resized | _update_count, _clear_caches, _require_update_dimensions | the pane warm-up's "has it changed"; Sessions' growing column |
| footer_ready, mark_footer_ready, footer_key_disabled, set_footer_key_disabled, FooterKey, key_for | _bindings_ready, _disabled, _footer, _character_to_key | AppFooter: one rebuild in place instead of Textual's recomposes (tests/tui/test_footer.py) |
| being_removed, report_worker_crash | _pruning, _closing, _handle_exception | a pane built while the app quits; a crashed thread stops the app |
| watch_frames, visible_widgets, screen_strips, screen_lines, notifications, option_line, AFTER_REFRESH_QUEUE, CELL_MEASURE, CELL_RENDER | _display, _batch_count, _compositor, _notifications, _index_to_line, _invoke_later, _data_table | tests and benches: frames, the screen, counted calls |
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.cache import LRUCache
from textual.css.query import NoMatches
from textual.geometry import Size
from textual.keys import _character_to_key
from textual.screen import Screen
from textual.widgets import DataTable, Footer, OptionList, Select
from textual.widgets._footer import FooterKey
from textual.widgets._select import SelectCurrent, SelectOverlay
from textual.worker import WorkerFailed

if TYPE_CHECKING:
    from textual.app import App
    from textual.css.stylesheet import Stylesheet
    from textual.widget import Widget
    from textual.widgets.data_table import RowKey

__all__ = [
    "CELL_MEASURE",
    "CELL_RENDER",
    "AFTER_REFRESH_QUEUE",
    "FixedWidthDataTable",
    "KeptCells",
    "MenuOnOpenSelect",
    "NoRelayoutAtTheSameSize",
    "OneLineSelectCurrent",
    "UnmeasuredFixedWidths",
    "FooterKey",
    "being_removed",
    "columns_resized",
    "draw_now",
    "footer_key_disabled",
    "footer_ready",
    "key_for",
    "mark_footer_ready",
    "notifications",
    "option_line",
    "parsed_css",
    "report_worker_crash",
    "reuse_parsed_css",
    "screen_lines",
    "screen_strips",
    "set_footer_key_disabled",
    "settle_dimensions",
    "table_revision",
    "visible_widgets",
    "watch_frames",
]

# -- the app and its screen ----------------------------------------------------------------


def draw_now(screen: Screen) -> None:
    """Lay out and draw what changed on `screen` now, not at Textual's next frame tick.

    A pane switch drawn at the tick waited 0-17 ms for it (measured again on 8.2.8 with
    `bench/bench_internals.py`: 183 -> 160 ms median to the frame under load 8-13).  Nothing happens while the
    app is not ready to draw or holds its frames (a batch update): the tick does it then.
    """
    app = screen.app
    if screen.is_current and app._dom_ready and not app._batch_count:
        screen._on_timer_update()  # what the tick would run


class NoRelayoutAtTheSameSize(Screen):
    """A screen that takes being resized to the size it is laid out at as no change.

    As the app starts, Textual sends its screen a Resize to the terminal's size, which
    arrives just after the first frame: the screen laid out and drew every widget again
    at the same size (~14 ms, 100k memories), and a key pressed as the app appeared
    waited behind it.  A real resize (another size) is Textual's as before.
    """

    def _screen_resized(self, size: Size) -> None:
        if self.is_attached and self._compositor.size == size:
            return
        super()._screen_resized(size)


def being_removed(node: Widget) -> bool:
    """The node is being removed (the app quitting): Textual then mounts none of what a
    widget composes, and still sends the widget its Mount."""
    return node._pruning or node._closing


def parsed_css(stylesheet: Stylesheet) -> dict[tuple, list]:
    """What the stylesheet has parsed: {(css, where read, default?, tie breaker, scope): rules}
    (Textual's parse cache, cleared when the theme's variables change)."""
    cache = stylesheet._parse_cache
    return {key: cache.get(key) for key in cache.keys()}


def reuse_parsed_css(stylesheet: Stylesheet, parsed: dict[tuple, list]) -> None:
    """Give the stylesheet rules parsed before (`parsed_css`, with the same variables): a
    source whose text is among them is not parsed again."""
    cache = stylesheet._parse_cache
    cache.grow(max(cache.maxsize, 2 * len(parsed)))
    for key, rules in parsed.items():
        cache.set(key, rules)


def report_worker_crash(app: App, error: BaseException) -> None:
    """Stop the app with `error`'s traceback, as a worker with `exit_on_error=True` would."""
    app._handle_exception(WorkerFailed(error))


# -- DataTable -------------------------------------------------------------------------------


def table_revision(table: DataTable) -> int:
    """A number that moves whenever the table's rows, columns or sizes change what it draws."""
    return table._update_count


def settle_dimensions(table: DataTable) -> None:
    """Size the rows added since the last idle now (DataTable waits for its next idle), so a
    scroll to the new last row lands in this turn and one frame shows both (measured again on
    8.2.8, `bench/bench_internals.py`: a followed row 149 -> 96 ms to its frame, load 8-13)."""
    if table._require_update_dimensions:
        table._require_update_dimensions = False
        new_rows = table._new_rows.copy()
        table._new_rows.clear()
        table._update_dimensions(new_rows)


def columns_resized(table: DataTable) -> None:
    """After a column's width was changed in place: forget the rendered lines and re-measure."""
    table._clear_caches()
    table._update_count += 1
    table._require_update_dimensions = True


class UnmeasuredFixedWidths(DataTable):
    """A DataTable that measures no cell when every column has a fixed width.

    DataTable measures every cell of every new row to size auto-width columns,
    ~0.1 ms a cell: 20-40 ms per page of rows, on the main thread, wasted when no
    column sizes itself (all of memlane's lists).  Only rows whose height or label
    needs working out go through that; the table's sizes still update.
    Measured again on 8.2.8 (`bench/bench_internals.py`, docs/performance.md): a 60-row
    page to its frame 46 -> 40 ms CPU (47 -> 35 with KeptCells), under load 8-13.
    """

    def _update_dimensions(self, new_rows: Iterable[RowKey]) -> None:
        if not any(column.auto_width for column in self.columns.values()):
            new_rows = [key for key in new_rows
                        if (row := self.rows.get(key)) is not None
                        and (row.label is not None or row.auto_height)]  # fmt: skip
        super()._update_dimensions(new_rows)


_NULL_STYLE = Style.null()


class KeptCells(DataTable):
    """A DataTable that renders a cell again only when what it shows changed.

    DataTable keys its rendered cells on a counter that every added row moves,
    so appending one row rendered every visible cell again (~35 rows x 5 cells, ~45 ms
    of the main thread for each row the Live pane follows).  Here a rendered cell is
    kept for as long as its value (the same object), width, place and style are.
    Measured again on 8.2.8 (`bench/bench_internals.py`, docs/performance.md): a row
    appended to a followed list 31 -> 18 ms CPU, 202 -> 97 ms to its frame, under load 8-13.
    """

    CELL_CACHE_SIZE = 10_000

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._memlane_cells: LRUCache[tuple, tuple[object, object]] = LRUCache(self.CELL_CACHE_SIZE)

    def _render_cell(self, row_index: int, column_index: int, base_style, width: int,
                     cursor: bool = False, hover: bool = False):  # fmt: skip
        if row_index < 0 or column_index < 0:  # the header and row labels: DataTable's way
            return super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        row_key = self._row_locations.get_key(row_index)
        column_key = self._column_locations.get_key(column_index)
        value = self._data[row_key][column_key]
        key = (row_key, column_key, row_index, column_index, width, self.rows[row_key].height,
               base_style, cursor, hover, self._show_hover_cursor, self._pseudo_class_state,
               self.show_cursor, self.cell_padding)  # fmt: skip
        cached = self._memlane_cells.get(key)
        if cached is not None and cached[0] is value:  # the cache holds `value`: no id reuse
            return cached[1]
        lines = self.draw_cell(row_index, column_index, base_style, width, cursor, hover)
        self._memlane_cells[key] = (value, lines)
        return lines

    def draw_cell(self, row_index: int, column_index: int, base_style: Style, width: int,
                  cursor: bool = False, hover: bool = False) -> list[list[Segment]]:  # fmt: skip
        """A body cell drawn anew: a one-line Text the short way, anything else DataTable's."""
        lines = self.one_line_cell(row_index, column_index, base_style, width, cursor, hover)
        if lines is None:
            lines = super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        return lines

    def one_line_cell(self, row_index: int, column_index: int, base_style: Style, width: int,
                       cursor: bool, hover: bool) -> list[list[Segment]] | None:  # fmt: skip
        """The segments DataTable draws for a one-line Text cell, or None for another cell.

        DataTable wraps each cell in Rich's Styled(Padding(text)) and renders that through
        the console (~0.15 ms a cell, ~120 cells in a frame of a list first shown).  For a
        Text of one line in a row one line high that comes down to: the text cut to the
        cell (Text.truncate, its overflow), its own segments, blank padding, and the row's
        styles over it all (Segment.apply_style) -- the same segments at a quarter of the CPU
        (tests/tui/test_textual_internals.py compares the two over many cells).
        """
        row_key = self._row_locations.get_key(row_index)
        value = self._data[row_key][self._column_locations.get_key(column_index)]
        if type(value) is not Text or not value.plain or self.rows[row_key].height != 1:
            return None  # (DataTable draws an empty Text as its own blank cell)
        options = self.app.console_options
        overflow = value.overflow or options.overflow or "fold"
        padding = self.cell_padding
        inner = width - 2 * padding
        justify = value.justify or options.justify or "default"
        if ("\n" in value.plain or "\t" in value.plain or value.no_wrap is False or inner < 1
                or overflow == "ignore" or justify not in ("default", "right")):  # fmt: skip
            return None
        fixed = row_index < self.fixed_rows or column_index < self.fixed_columns
        component_style, post_style = self._get_styles_to_render_cell(
            False, False, fixed, hover, cursor, self.show_cursor, self._show_hover_cursor,
            self.cursor_foreground_priority == "css", self.cursor_background_priority == "css",
        )  # fmt: skip
        base_style += Style.from_meta({"row": row_index, "column": column_index})
        line = value.copy()
        if justify == "right":  # as Rich justifies a line right: no trailing blanks, cut, blanks before
            line.rstrip()
            line.truncate(inner, overflow=overflow)
            line.pad_left(inner - line.cell_len)
        else:
            line.truncate(inner, overflow=overflow)
        blank = Segment(" " * padding, _NULL_STYLE)
        segments = [blank] if padding else []
        segments += Text("\n").join([line]).render(self.app.console)
        if (fill := inner - line.cell_len) > 0:
            segments.append(Segment(" " * fill, _NULL_STYLE))
        if padding:
            segments.append(blank)
        return [list(Segment.apply_style(segments, base_style + component_style, post_style))]

    def _clear_caches(self) -> None:
        super()._clear_caches()
        self._memlane_cells.clear()

    def notify_style_update(self) -> None:
        self._memlane_cells.clear()  # a theme or CSS change restyles every cell
        super().notify_style_update()


class FixedWidthDataTable(UnmeasuredFixedWidths, KeptCells):
    """The DataTable memlane's lists are built on: both of the above (apart, so that
    `bench/bench_internals.py` can weigh each)."""


# The module-level function DataTable measures a cell with (tests count its calls).
CELL_MEASURE = (importlib.import_module("textual.widgets._data_table"), "measure")
# The method that renders one body cell when the caches miss (tests count its calls).
CELL_RENDER = (KeptCells, "draw_cell")


# -- the footer ------------------------------------------------------------------------------


def key_for(character: str) -> str:
    """Textual's key name for a typed character ("/" -> "slash", "?" -> "question_mark")."""
    return _character_to_key(character)


def footer_ready(footer: Footer) -> bool:
    """The footer has had its bindings (Textual's Footer draws nothing before)."""
    return footer._bindings_ready


def mark_footer_ready(footer: Footer) -> None:
    footer._bindings_ready = True


def footer_key_disabled(key: FooterKey) -> bool:
    return key._disabled


def set_footer_key_disabled(key: FooterKey, disabled: bool) -> None:
    """Change a footer key in place (FooterKey takes `disabled` only when built)."""
    key._disabled = disabled
    key.set_class(disabled, "-disabled")


# -- what is on screen (tests and benches) ---------------------------------------------------


def watch_frames(app: App, on_frame: Callable[[Screen], None]) -> None:
    """Call `on_frame(screen)` right after each frame the app really sends to the terminal
    (not those Textual holds back during a batch update)."""
    display = app._display

    def displayed(screen: Screen, renderable) -> None:
        display(screen, renderable)
        if renderable is not None and not app._batch_count:
            on_frame(screen)

    app._display = displayed


def visible_widgets(screen: Screen) -> Iterable[Widget]:
    """The widgets the screen's last layout put on screen."""
    return screen._compositor.visible_widgets


def screen_strips(screen: Screen) -> list:
    """The screen as it would be drawn now: one strip of rich Segments per line."""
    return screen._compositor.render_strips()


def screen_lines(screen: Screen) -> list[str]:
    """The screen as plain text, one string per line."""
    return ["".join(segment.text for segment in strip) for strip in screen_strips(screen)]


def notifications(app: App) -> list:
    """The notifications the app holds now (each has `.title`, `.message`, `.severity`)."""
    return list(app._notifications)


def option_line(option_list: OptionList, index: int) -> int:
    """The line of the list's content where option `index` starts."""
    return option_list._index_to_line[index]


# The Screen method that queues `call_after_refresh` callbacks (tests record them).
AFTER_REFRESH_QUEUE = (Screen, "_invoke_later")


# -- Select ---------------------------------------------------------------------------------


class OneLineSelectCurrent(SelectCurrent):
    """What a closed dropdown shows (its value or prompt, and its arrow) drawn as one widget.

    Textual's SelectCurrent is a container of three Statics (the label, a down and an up
    arrow): four nodes to compose, style, lay out and draw for a line of text.  Five
    dropdowns in Search's bar were ~16 ms of the pane's first build (about 3 ms each).
    This draws the same line in the same colours (a test compares the two), and a label
    too long for its room ends in an ellipsis instead of being cut where it wraps.
    A label is plain text: an option or a prompt given as a string is never markup.
    """

    DEFAULT_CSS = """
    OneLineSelectCurrent {
        height: 1;
    }
    """

    def compose(self):
        return ()

    def update(self, label) -> None:
        self.label = label
        self.has_value = label is not Select.NULL
        self.refresh()

    def _watch_has_value(self, has_value: bool) -> None:
        self.set_class(has_value, "-has-value")
        self.refresh()

    def render(self) -> Text:
        shown = self.placeholder if self.label is Select.NULL else self.label
        line = shown.copy() if isinstance(shown, Text) else Text(str(shown))
        room = max(0, self.content_size.width - 2)
        line.truncate(room, overflow="ellipsis")
        visual = self.visual_style  # the label's and the arrows' `$foreground 50%`, as drawn
        faint = Style(color=(visual.background + visual.foreground.multiply_alpha(0.5)).rich_color)
        if not self.has_value:
            line.stylize(faint)
        line.pad_right(room - line.cell_len + 1)  # unstyled, as the Statics' padding is
        line.append("▲" if getattr(self.parent, "expanded", False) else "▼", faint)
        return line


class MenuOnOpenSelect(Select):
    """A Select whose menu (its overlay, an OptionList) is built when it first opens.

    A Select mounts its menu with it, hidden: ~15 nodes for Textual to style (the
    OptionList's component classes are styled as nodes of their own), ~12 ms of CPU
    each at load 10, and the app has ten of them, eight in hidden panes, all built
    before the first screen.  Textual's Select reaches for its menu from private
    handlers, so each one is overridden here to do without it until it exists.
    """

    def compose(self):
        yield OneLineSelectCurrent(self.prompt)

    def built_menu(self) -> SelectOverlay | None:
        try:
            return self.query_one(SelectOverlay)
        except NoMatches:
            return None

    async def build_menu(self) -> None:
        if self.built_menu() is not None:
            return
        menu = SelectOverlay(type_to_search=self._type_to_search).data_bind(compact=Select.compact)
        await self.mount(menu)
        Select._setup_options_renderables(self)
        for index, (_prompt, value) in enumerate(self._options):
            if value == self.value and value != self.NULL:
                menu.highlighted = index
                break

    def _setup_options_renderables(self) -> None:
        if self.built_menu() is not None:
            super()._setup_options_renderables()

    def _watch_value(self, value) -> None:
        if self.built_menu() is not None:
            super()._watch_value(value)
            return
        self._value = value
        try:
            current = self.query_one(SelectCurrent)
        except NoMatches:
            return
        if value == self.NULL:
            current.update(self.NULL)
        else:
            for prompt, option in self._options:
                if option == value:
                    current.update(prompt)
                    break
        self.post_message(self.Changed(self, value))

    def _watch_expanded(self, expanded: bool):
        for current in self.query_children(SelectCurrent):
            current.refresh()  # its arrow
        if expanded and self.built_menu() is None:
            return self.expand_once_built()  # awaited by Textual, as async watchers are
        super()._watch_expanded(expanded)
        return None

    async def expand_once_built(self) -> None:
        await self.build_menu()
        if not self.expanded:
            return
        super()._watch_expanded(True)
        menu = self.built_menu()
        if self.highlight_first_on_open and menu is not None and menu.highlighted is None:
            menu.action_first()  # as Select's own action does once its menu shows
        self.highlight_first_on_open = False

    highlight_first_on_open = False

    def action_show_overlay(self) -> None:
        if self.built_menu() is not None:
            super().action_show_overlay()
            return
        self.query_one(SelectCurrent).has_value = True
        self.highlight_first_on_open = True
        self.expanded = True  # the watcher builds the menu, then opens it

    def _watch_prompt(self, prompt: str) -> None:
        if self.built_menu() is not None:
            super()._watch_prompt(prompt)
        elif self.is_mounted:
            current = self.query_one(SelectCurrent)
            current.placeholder = prompt
            if self._allow_blank and self.value == self.NULL:
                current.update(self.NULL)
