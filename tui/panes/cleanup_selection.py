"""The Cleanup pane's list: the filter bar, what it matches, and the marks on it.

The filter's ids come from `store.selection.selected_ids`, the very ids a
forget would remove, so the count shown is the count deleted.  With no
filter the list pages through every memory, newest first.  Marks
(`tui.panes.cleanup_marks`) are drawn in the first column.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Static
from textual.widgets.data_table import CellDoesNotExist

from store.db import StoreError
from store.selection import Criteria, count_memories, fetch_rows, selected_ids
from tui import messages
from tui.formatting import cell, first_line, local_time, number, type_label
from tui.panes.cleanup_marks import Marks
from tui.store_client import StoreClient
from tui.widgets.cleanup_filter import CleanupFilter
from tui.widgets.paged_table import PagedTable

PAGE = 100
MARK = "●"
WIDE_FROM = 110  # columns from which the table also shows sessions


@dataclass
class CleanupPage(Message):
    """Rows of the current filter (or the newest memories when there is none) from `offset`."""

    generation: int
    offset: int
    rows: list[dict]
    has_more: bool
    total: int
    ids: list[int] | None = None  # every id of the filter, newest first (None: no filter)
    problem: str = ""  # why the filter matches nothing, in one sentence


class SelectionView(Vertical):
    """The filter bar, a status line and the paged list of what the filter selects."""

    def __init__(self, store: StoreClient, **kwargs) -> None:
        super().__init__(**kwargs)
        self.store = store
        self.criteria = Criteria()
        self.total = 0
        self.problem = ""  # why the filter matches nothing
        self.marks = Marks()
        self._ids: list[int] | None = None
        self._rows: dict[int, dict] = {}
        self._oldest_loaded: int | None = None
        self._generation = 0
        self._wide = False

    def compose(self) -> ComposeResult:
        yield CleanupFilter(id="cleanup-filter")
        yield Static("", id="cleanup-status", classes="cleanup-status", markup=False)
        table = PagedTable(id="cleanup-table")
        self._add_columns(table)
        yield table

    def on_mount(self) -> None:
        self.reload()

    @property
    def table(self) -> PagedTable:
        return self.query_one("#cleanup-table", PagedTable)

    @property
    def filter_bar(self) -> CleanupFilter:
        return self.query_one(CleanupFilter)

    def _add_columns(self, table: PagedTable) -> None:
        wide = self._wide
        table.add_column(" ", key="mark", width=1)
        table.add_column("#", key="id", width=6)
        table.add_column("When", key="when", width=12)
        table.add_column("Kind", key="kind", width=6)
        table.add_column("Project", key="project", width=16 if wide else 10)
        if wide:
            table.add_column("Session", key="session", width=16)
        table.add_flex_column("Memory", key="content", min_width=16)

    def on_resize(self) -> None:
        wide = self.size.width >= WIDE_FROM
        if wide == self._wide:
            return
        self._wide = wide
        table = self.table
        keep, has_more = self.current_id, table.has_more
        with self.app.batch_update():
            table.clear(columns=True)
            self._add_columns(table)
            rows = [(str(r["id"]), self._cells(r)) for r in self._rows.values()]
            table.add_page(rows, has_more=has_more)
        if keep is not None and str(keep) in table.rows:
            table.move_cursor(row=table.get_row_index(str(keep)), animate=False)

    # -- the filter ---------------------------------------------------------------

    def apply(self, criteria: Criteria) -> None:
        """Show what `criteria` selects; marks of the whole old filter no longer apply."""
        self.criteria = criteria
        self.marks.forget_filter()
        self.reload()

    @on(CleanupFilter.Applied)
    def _filter_applied(self, event: CleanupFilter.Applied) -> None:
        event.stop()
        if event.criteria != self.criteria:
            self.apply(event.criteria)
        if event.submitted:
            self.table.focus()

    # -- loading ------------------------------------------------------------------

    def reload(self) -> None:
        """Fetch the first page of the current filter again."""
        self._generation += 1
        self._fetch_first(self._generation, self.criteria, self.app.now())

    @work(thread=True, exclusive=True, group="cleanup-fetch")
    def _fetch_first(self, generation: int, criteria: Criteria, now) -> None:
        try:
            if criteria.is_empty:
                total = self.store.run(count_memories)
                rows = self.store.run(fetch_rows, None, limit=PAGE + 1)
                self.post_message(CleanupPage(generation, 0, rows[:PAGE], len(rows) > PAGE, total))
                return
            ids, problem = self.store.run(selected_ids, criteria, now)
            if problem:
                self.post_message(CleanupPage(generation, 0, [], False, 0, [], problem))
                return
            rows = self.store.run(fetch_rows, ids[:PAGE])
        except StoreError as exc:
            self.post_message(messages.StoreFailed(str(exc)))
            return
        self.post_message(CleanupPage(generation, 0, rows, len(ids) > PAGE, len(ids), ids))

    @work(thread=True, exclusive=True, group="cleanup-more")
    def _fetch_more(
        self, generation: int, offset: int, ids: list[int] | None, before: int | None
    ) -> None:
        try:
            if ids is None:
                rows = self.store.run(fetch_rows, None, before_id=before, limit=PAGE + 1)
                has_more = len(rows) > PAGE
                rows = rows[:PAGE]
            else:
                rows = self.store.run(fetch_rows, ids[offset : offset + PAGE])
                has_more = offset + PAGE < len(ids)
        except StoreError as exc:
            self.post_message(messages.StoreFailed(str(exc)))
            return
        self.post_message(CleanupPage(generation, offset, rows, has_more, self.total, ids))

    @on(CleanupPage)
    def _show_page(self, page: CleanupPage) -> None:
        page.stop()
        if page.generation != self._generation:
            return
        table = self.table
        if page.offset == 0:
            keep = self.current_id
            self.total = page.total
            self.problem = page.problem
            self._ids = page.ids
            self.marks.in_filter = frozenset(page.ids or ())
            self._rows.clear()
            self._oldest_loaded = None
            with self.app.batch_update():
                table.reset()
                self._add_rows(table, page)
            if keep is not None and str(keep) in table.rows:
                table.move_cursor(row=table.get_row_index(str(keep)), animate=False)
        else:
            self._add_rows(table, page)
        self._update_status()
        self.refresh_bindings()

    def _add_rows(self, table: PagedTable, page: CleanupPage) -> None:
        for row in page.rows:
            self._rows[row["id"]] = row
            self._oldest_loaded = (
                row["id"] if self._oldest_loaded is None else min(self._oldest_loaded, row["id"])
            )
        table.add_page(((str(r["id"]), self._cells(r)) for r in page.rows), has_more=page.has_more)

    @on(PagedTable.NeedMore, "#cleanup-table")
    def _need_more(self, event: PagedTable.NeedMore) -> None:
        event.stop()
        if event.offset == 0:
            return  # posted while the rows were being swapped: the first page is on its way
        self._fetch_more(self._generation, event.offset, self._ids, self._oldest_loaded)

    # -- drawing ------------------------------------------------------------------

    def _cells(self, row: dict) -> list[object]:
        tz = self.app.tz
        cells: list[object] = [
            Text(MARK if self.marks.is_marked(row["id"]) else " ", style="bold yellow", end=""),
            Text(str(row["id"]), style="dim", justify="right", end=""),
            cell(local_time(row.get("created_at"), tz, now=self.app.now())),
            type_label(row.get("type")),
            cell(row.get("project_name") or ""),
            cell(row.get("session_id") or "", "dim"),
            cell(first_line(row.get("content"))),
        ]
        if not self._wide:
            del cells[5]
        return cells

    def _update_status(self) -> None:
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        if self.problem:
            text.append(self.problem, style="bold yellow")
        elif self.criteria.is_empty:
            text.append(f"All {number(self.total)} memories", style="bold")
            text.append(" · type a filter above (f) to select what to forget", style="dim")
        else:
            text.append(f"{number(self.total)} match", style="bold")
            text.append(f": {self.criteria.describe()}")
        if self.marks:
            text.append(f" · {number(self.marks.count)} marked", style="bold yellow")
        self.query_one("#cleanup-status", Static).update(text)

    def redraw_marks(self) -> None:
        """Draw the marks again (after they changed) and the count in the status line."""
        table = self.table
        with self.app.batch_update():
            for memory_id in self._rows:
                key = str(memory_id)
                if key in table.rows:
                    mark = MARK if self.marks.is_marked(memory_id) else " "
                    table.update_cell(key, "mark", Text(mark, style="bold yellow", end=""))
        self._update_status()
        self.refresh_bindings()

    # -- the row under the cursor -------------------------------------------------

    @property
    def current_id(self) -> int | None:
        table = self.table
        if table.row_count == 0:
            return None
        try:
            key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        except CellDoesNotExist:  # the cursor is outside the rows while they are swapped
            return None
        return int(key.value) if key.value is not None else None

    @on(PagedTable.RowHighlighted, "#cleanup-table")
    def _highlighted(self) -> None:
        self.refresh_bindings()

    @on(PagedTable.RowSelected, "#cleanup-table")
    def _open(self, event: PagedTable.RowSelected) -> None:
        event.stop()
        memory_id = self.current_id
        row = self._rows.get(memory_id) if memory_id is not None else None
        if row is not None:
            self.post_message(messages.OpenTimeline(row["session_id"], memory_id=memory_id))
