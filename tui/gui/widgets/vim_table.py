"""A row-cursor DataTable with vim keys and one flexible column that takes the spare width."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.widgets.data_table import CellDoesNotExist, ColumnKey

from tui.gui.textual_internals import FixedWidthDataTable, columns_resized

FLEX_FIRST = 64  # cells the flexible column gets before any other column grows


class VimDataTable(FixedWidthDataTable):
    """DataTable with j/k, g/G, home/end and a column that fills the width.

    No cell is measured while every column has a fixed width (`FixedWidthDataTable`).

    Call `add_flex_column(label, key=..., min_width=...)` for the one column
    (a summary, a snippet) that should take the space left by the others; it
    is re-fitted on resize and its cells end in an ellipsis instead of
    breaking the layout.  A column added with `add_growing_column` (a project
    name) widens too, up to its `max_width`, but only once the flexible column
    has `FLEX_FIRST` cells: on a narrow terminal the summary has the room first.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select_cursor", "Open", id="list.open",
                tooltip="Open the row: a session's timeline, a memory in it, an error's occurrences"),
        Binding("j", "cursor_down", "Down", show=False, id="list.down"),
        Binding("k", "cursor_up", "Up", show=False, id="list.up"),
        Binding("g,home", "scroll_top", "Top", show=False, id="list.top",
                tooltip="First row"),
        Binding("G,end", "scroll_bottom", "Bottom", show=False, id="list.bottom",
                tooltip="Last row (the real one, however long the list)"),
    ]

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("cursor_type", "row")
        kwargs.setdefault("zebra_stripes", False)
        super().__init__(*args, **kwargs)
        self._flex_key: ColumnKey | None = None
        self._flex_min = 10
        self._growing: dict[ColumnKey, tuple[int, int]] = {}  # key -> (width, max width)
        self._fitted: tuple | None = None  # the widths fit_columns gave last
        self._drawn_size: Size | None = None

    def add_column(self, label: str | Text, *, width: int | None = None, key: str | None = None,
                   default=None) -> ColumnKey:  # fmt: skip
        """A column whose label is plain text: DataTable parses a str label as markup, and
        its first parse loads Rich's emoji table (~2 ms of the first screen)."""
        if isinstance(label, str):
            label = Text(label)
        return super().add_column(label, width=width, key=key, default=default)

    def add_flex_column(self, label: str | Text, *, key: str, min_width: int = 10) -> ColumnKey:
        column_key = self.add_column(label, key=key, width=min_width)
        self._flex_key = column_key
        self._flex_min = min_width
        self.fit_columns()
        return column_key

    def add_growing_column(self, label: str | Text, *, key: str, width: int, max_width: int) -> ColumnKey:
        """A column of `width` cells that widens up to `max_width` when the terminal has room."""
        column_key = self.add_column(label, key=key, width=width)
        self._growing[column_key] = (width, max_width)
        return column_key

    def clear(self, columns: bool = False):
        if columns:
            self._growing.clear()
            self._fitted = None
        return super().clear(columns)

    def fit_columns(self) -> None:
        """Give the flexible column whatever width the other columns leave (past
        `FLEX_FIRST` cells, shared with the growing columns up to their maximum)."""
        key = self._flex_key
        if key is None or key not in self.columns:
            return
        available = self.scrollable_content_region.width
        if available <= 0:
            return
        pad = 2 * self.cell_padding
        growing = {k: v for k, v in self._growing.items() if k in self.columns}
        for grow_key, (base, _most) in growing.items():
            self.columns[grow_key].width = base
        others = sum(c.get_render_width(self) for k, c in self.columns.items() if k != key)
        width = max(self._flex_min, available - others - pad)
        spare = width - FLEX_FIRST
        for grow_key, (base, most) in growing.items():
            if spare <= 0:
                break
            extra = min(spare, most - base)
            self.columns[grow_key].width = base + extra
            spare -= extra
            width -= extra
        widths = (width, *(self.columns[k].width for k in growing))
        if self._fitted == widths and not self.columns[key].auto_width:
            return
        self._fitted = widths
        column = self.columns[key]
        column.width = width
        column.auto_width = False
        columns_resized(self)
        self.refresh(layout=True)

    def on_resize(self, event: events.Resize) -> None:
        # Showing a pane again "resizes" its table to the size it already had,
        # and DataTable then throws away every rendered line (a full redraw on
        # each pane switch).  Keep them when the size did not change.  Handlers
        # run for each class of the MRO, this one before DataTable's: prevent_default()
        # skips that one.
        if event.size == self._drawn_size:
            event.prevent_default()
        elif self._drawn_size is not None and self._cursor_shown(self._drawn_size.height):
            self.call_after_refresh(self._keep_cursor_in_view)
        self._drawn_size = event.size
        self.fit_columns()

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        # Textual moves the thumb only while the bar is shown, and shows the bar at the next
        # layout after the rows outgrow the table: a scroll in between (Live's first rows
        # followed to the end in a pane built as it was shown, or rows appended past the
        # bottom) left the thumb at the top with the list at its end, until the next scroll.
        if shown:
            self.vertical_scrollbar.position = self.scroll_y

    def _keep_cursor_in_view(self) -> None:
        self.move_cursor(row=self.cursor_row, animate=False)  # the same row: it only scrolls

    def _cursor_shown(self, height: int) -> bool:
        """Was the cursor row on screen with this height (rows are one line high here)?"""
        rows = height - (self.header_height if self.show_header else 0)
        return self.row_count > 0 and self.scroll_y <= self.cursor_row < self.scroll_y + rows

    @property
    def cursor_key(self) -> str | None:
        """The key of the row under the cursor, or None when there is none."""
        if self.row_count == 0:
            return None
        try:
            return self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value
        except CellDoesNotExist:  # the cursor sits outside the rows while they are swapped
            return None

    @property
    def flex_width(self) -> int:
        key = self._flex_key
        return self.columns[key].width if key is not None and key in self.columns else 40
