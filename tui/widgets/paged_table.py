"""A table that holds pages of rows and asks for the next page as the cursor nears the end.

It never holds a whole table: the owner fetches a page (keyset or offset) in a
worker when `NeedMore` arrives and hands it over with `add_page`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual.coordinate import Coordinate

from tui import messages
from tui.widgets.vim_table import VimDataTable

Row = tuple[str, Sequence[object]]  # (row key, cells)


class PagedTable(VimDataTable):
    """VimDataTable fed one page at a time; posts `NeedMore` near the last loaded row."""

    NeedMore = messages.NeedMore  # the cursor is near the end: fetch from `offset`

    def __init__(self, *args, threshold: int = 20, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.threshold = threshold
        self.has_more = False
        self.fetching = False  # a page was asked for and has not arrived yet

    def reset(self) -> None:
        """Forget every row (columns stay); the owner loads the first page next."""
        # Flags first: clear() moves the cursor, and a table that still said "more to
        # fetch" would ask for page 0 again from inside the reset, forever.
        self.has_more = False
        self.fetching = True
        self.clear()

    def add_page(self, rows: Iterable[Row], *, has_more: bool) -> None:
        with self.app.batch_update():
            for key, cells in rows:
                if key not in self.rows:
                    self.add_row(*cells, key=key)
        self.has_more = has_more
        self.fetching = False
        self.loading = False  # Widget's spinner, if an owner showed it while the page loaded
        self._maybe_need_more()

    def watch_cursor_coordinate(self, old: Coordinate, new: Coordinate) -> None:
        super().watch_cursor_coordinate(old, new)
        self._maybe_need_more()

    def _maybe_need_more(self) -> None:
        if (
            self.has_more
            and not self.fetching
            and self.cursor_row >= self.row_count - self.threshold
        ):
            self.fetching = True
            self.post_message(self.NeedMore(self, self.row_count))
