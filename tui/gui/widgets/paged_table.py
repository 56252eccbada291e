"""A table that shows a long list a page at a time and asks its owner for the rows it lacks.

It never holds a whole list: the owner fetches pages (keyset or offset) in a
worker when the table asks, and hands them back.

- `PagedTable()` keeps every row it is given, from the top: `reset()`, then
  `add_page(rows, has_more=...)` per page; it posts `NeedMore(offset)` as the
  cursor nears the last row.
- `PagedTable(page_size=n)` is windowed: it keeps a few pages around the cursor,
  numbered by their offset in the whole list.  Besides `NeedMore` it posts
  `NeedEarlier(offset, limit)` as the cursor nears the first row of a window
  that does not start at the top, and `NeedEdge("top" | "bottom")` when g/home
  or G/end asks for an end of the list the window does not hold.  The owner
  answers each request with `place(request.where, rows, offset=..., has_more=...)`
  and, for `NeedEdge`, drops pages it had fetched for the window being left.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar

from textual.coordinate import Coordinate
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from tui.gui.widgets.vim_table import VimDataTable

Row = tuple[str, Sequence[object]]  # (row key, cells)

WINDOW_PAGES = 4  # a windowed table holds about this many pages


class PagedTable(VimDataTable):
    """VimDataTable fed one page at a time; asks for more as the cursor nears an edge."""

    # (Plain classes: a dataclass's generated methods were ~0.2 ms each of every start.)
    class NeedMore(Message):
        """A PagedTable's cursor is near its last row and more exist: fetch from `offset`."""

        where: ClassVar[str] = "after"  # what `PagedTable.place` is told when the page comes

        def __init__(self, table: Widget, offset: int) -> None:
            super().__init__()
            self.table = table
            self.offset = offset

        @property
        def control(self) -> Widget:
            return self.table

    class NeedEarlier(Message):
        """A windowed PagedTable's cursor is near its first row and rows come before it:
        fetch `limit` rows from `offset` (they end where the table's window starts)."""

        where: ClassVar[str] = "before"

        def __init__(self, table: Widget, offset: int, limit: int) -> None:
            super().__init__()
            self.table = table
            self.offset = offset
            self.limit = limit

        @property
        def control(self) -> Widget:
            return self.table

    class NeedEdge(Message):
        """g/G on a windowed PagedTable whose window does not reach that end of the list:
        fetch the list's first page (`where` "top") or its last page ("bottom")."""

        def __init__(self, table: Widget, where: str) -> None:
            super().__init__()
            self.table = table
            self.where = where

        @property
        def control(self) -> Widget:
            return self.table

    def __init__(self, *args, threshold: int = 20, page_size: int | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.threshold = threshold
        self.page_size = page_size
        self.has_more = False  # rows come after the last one held
        self.fetching = False  # a page was asked for and has not arrived yet
        self.window_start = 0  # offset in the whole list of the first row held

    @property
    def windowed(self) -> bool:
        return self.page_size is not None

    @property
    def max_rows(self) -> int | None:
        return None if self.page_size is None else WINDOW_PAGES * self.page_size

    @property
    def window_end(self) -> int:
        """Offset in the whole list just past the last row held."""
        return self.window_start + self.row_count

    def last_key(self) -> str | None:
        """The key of the last row held (an owner paging by keyset continues after it)."""
        return (self.ordered_rows[-1].key.value or None) if self.row_count else None

    def reset(self) -> None:
        """Forget every row (columns stay); the owner loads the first page next."""
        # Flags first: clear() moves the cursor, and a table that still said "more to
        # fetch" would ask for page 0 again from inside the reset, forever.
        self.has_more = False
        self.fetching = True
        self.window_start = 0
        self.clear()

    # -- pages from the owner -----------------------------------------------------

    def place(self, where: str, rows: Iterable[Row], *, offset: int, has_more: bool) -> None:
        """Put a page fetched for a request where it belongs; `where` is the request's
        (`NeedMore.where`, ...), `offset` the page's first row in the whole list, and
        `has_more` whether rows come after the page."""
        if where == "after":
            self.add_page(rows, has_more=has_more, offset=offset)
        elif where == "before":
            self._add_earlier(list(rows), offset)
        else:
            self._show_edge(where, list(rows), offset, has_more)

    def add_page(self, rows: Iterable[Row], *, has_more: bool, offset: int | None = None) -> None:
        """Add the rows after the last one held (`offset`: where they start in the list)."""
        rows = list(rows)
        end = (self.window_end if offset is None else offset) + len(rows)
        with self.app.batch_update():
            for key, cells in rows:
                if key not in self.rows:
                    self.add_row(*cells, key=key)
            if self.windowed:
                # Follow the owner's offsets, so rows repeated after an insert upstream
                # never make the table ask for the same page again.
                self.window_start = max(0, end - self.row_count)
                self._drop_rows_above()
        self._arrived(has_more)

    def _add_earlier(self, rows: list[Row], offset: int) -> None:
        new = [(key, cells) for key, cells in rows if key not in self.rows]
        held = self._held_rows()
        cursor = self.cursor_row + len(new)
        window = new + held
        # Rows far below the cursor go, so the window stays a few pages long.
        drop = self._droppable(len(window) - 1 - cursor, len(window))
        if drop:
            window = window[:-drop]
            self.has_more = True
        self._rebuild(window, start=offset, cursor_row=cursor, scroll_y=self.scroll_y + len(new))
        self._arrived(self.has_more)

    def _show_edge(self, where: str, rows: list[Row], offset: int, has_more: bool) -> None:
        bottom = where == "bottom"
        cursor = max(0, len(rows) - 1) if bottom else 0
        self._rebuild(rows, start=offset, cursor_row=cursor, scroll_y=float("inf") if bottom else 0)
        self._arrived(has_more)

    def _arrived(self, has_more: bool) -> None:
        self.has_more = has_more
        self.fetching = False
        self.loading = False  # Widget's spinner, if an owner showed it while the page loaded
        self._maybe_ask()

    # -- keeping the window a few pages long --------------------------------------

    def _held_rows(self) -> list[Row]:
        return [(row.key.value or "", self.get_row(row.key)) for row in self.ordered_rows]

    def _droppable(self, beyond_cursor: int, count: int) -> int:
        """How many rows on the far side of the cursor can go: never the rows on screen
        or those whose nearness makes the table ask for more."""
        if self.max_rows is None:
            return 0
        keep = self.scrollable_content_region.height + self.threshold
        return max(0, min(count - self.max_rows, beyond_cursor - keep))

    def _drop_rows_above(self) -> None:
        drop = self._droppable(self.cursor_row, self.row_count)
        if drop:
            self._rebuild(
                self._held_rows()[drop:],
                start=self.window_start + drop,
                cursor_row=self.cursor_row - drop,
                scroll_y=self.scroll_y - drop,
            )

    def redraw(self, add_columns: Callable[[PagedTable], None],
               cells_for: Callable[[str], Sequence[object]]) -> None:  # fmt: skip
        """New columns (`add_columns(self)`) and cells (`cells_for(row key)`) for the rows
        held, keeping the window, the cursor and the scroll position (a pane that shows
        more columns when it is wide)."""
        keys = [row.key.value or "" for row in self.ordered_rows]
        cursor_row, scroll_y = self.cursor_row, self.scroll_y
        with self.app.batch_update():
            fetching, self.fetching = self.fetching, True
            self.clear(columns=True)
            add_columns(self)
            self.fetching = fetching
            self._rebuild([(key, cells_for(key)) for key in keys], start=self.window_start,
                          cursor_row=cursor_row, scroll_y=scroll_y)  # fmt: skip

    def _rebuild(self, rows: list[Row], *, start: int, cursor_row: int, scroll_y: float) -> None:
        """Hold exactly `rows` (DataTable cannot insert above its first row), with the
        cursor on `cursor_row` and the view scrolled to `scroll_y`, in one frame."""
        with self.app.batch_update():
            fetching, self.fetching = self.fetching, True  # no requests from a half-built window
            self.clear()
            for key, cells in rows:
                self.add_row(*cells, key=key)
            self.window_start = start
            # DataTable measures new rows when idle; until then it keeps the old height
            # and would clamp the scroll position to it.
            header = self.header_height if self.show_header else 0
            self.virtual_size = Size(self.virtual_size.width, len(rows) + header)
            y = min(max(0.0, scroll_y), self.max_scroll_y)
            self.scroll_target_y = self.scroll_y = y
            if rows:
                self.move_cursor(row=min(cursor_row, len(rows) - 1), scroll=False)
            self.fetching = fetching

    # -- asking the owner ---------------------------------------------------------

    def watch_cursor_coordinate(self, old: Coordinate, new: Coordinate) -> None:
        super().watch_cursor_coordinate(old, new)
        self._maybe_ask()

    def _maybe_ask(self) -> None:
        if self.fetching or self.row_count == 0:
            return
        if self.window_start > 0 and self.page_size and self.cursor_row < self.threshold:
            offset = max(0, self.window_start - self.page_size)
            self.fetching = True
            self.post_message(self.NeedEarlier(self, offset, self.window_start - offset))
        elif self.has_more and self.cursor_row >= self.row_count - self.threshold:
            self.fetching = True
            self.post_message(self.NeedMore(self, self.window_end))

    def action_scroll_top(self) -> None:
        if self.windowed and self.window_start > 0:
            self._ask_for_edge("top")
        else:
            super().action_scroll_top()

    def action_scroll_bottom(self) -> None:
        if self.windowed and self.has_more:
            self._ask_for_edge("bottom")
        else:
            super().action_scroll_bottom()

    def _ask_for_edge(self, where: str) -> None:
        self.fetching = True  # the window is about to be replaced: no pages next to it
        self.post_message(self.NeedEdge(self, where))
