"""The Cleanup pane's list: the filter bar, what it matches, and the marks on it.

The filter's ids come from `store.forgetting.selection.selected_ids`, the very ids a
forget would remove, so the count shown is the count deleted.  With no
filter the list pages through every memory, newest first, by keyset.  The
table holds a window of a few pages (g/G fetch the list's ends); marks
(`tui.gui.panes.cleanup.marks`) are ids, so they outlive the window, and are
drawn in the first column.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import Static

from store.forgetting import Criteria, count_memories, fetch_rows, selected_ids
from store.search import HIGHLIGHT, make_snippet, query_terms
from tui.formatting import first_line, local_time, number, plural, short_id
from tui.gui.panes.cleanup.filter_bar import CleanupFilter
from tui.gui.panes.cleanup.marks import Marks
from tui.gui.panes.cleanup.memory_list import MemoryListView
from tui.gui.read_ahead import ReadAhead
from tui.gui.store_client import StoreClient
from tui.gui.textual_internals import being_removed
from tui.gui.widgets.paged_table import PagedTable
from tui.rich_text import cell, snippet_text, type_label

PAGE = 100
MARK = "●"


@dataclass
class CleanupPage(Message):
    """Rows of the current filter (or of every memory when there is none) from `offset`.

    A `fresh` page starts the list again (a reload; `generation` counts reloads); the
    others answer the table's request `where` ("after", "before", "top" or "bottom") for
    the rows it held when it asked (`generation` counts those windows)."""

    generation: int
    offset: int
    rows: list[dict]
    has_more: bool
    total: int  # -1: not counted
    ids: list[int] | None = None  # every id of the filter, newest first (None: no filter)
    problem: str = ""  # why the filter matches nothing, in one sentence
    where: str = "after"
    fresh: bool = False


class SelectionView(MemoryListView):
    """The filter bar, a status line and the paged list of what the filter selects."""

    TABLE_ID = "cleanup-table"

    def __init__(self, store: StoreClient, **kwargs) -> None:
        super().__init__(**kwargs)
        self.store = store
        self.criteria = Criteria()
        self.total = 0
        self.problem = ""  # why the filter matches nothing
        self.marks = Marks()
        self._ids: list[int] | None = None
        self._rows: dict[int, dict] = {}  # the rows the table holds, by id
        self._generation = 0  # reloads: only the latest one's first page is shown
        self._window = 0  # what the table holds: pages asked for older rows are not placed
        # The first page, read while the pane is built: the frame that first shows it lists it.
        self._first_page: ReadAhead = ReadAhead(
            self._read_first, 0, self.criteria, self.app.now(), key=self.criteria,
            name="memlane cleanup first page",
        )  # fmt: skip

    def compose(self) -> ComposeResult:
        yield CleanupFilter(id="cleanup-filter")
        yield Static("", id="cleanup-status", classes="cleanup-status", markup=False)
        table = PagedTable(id=self.TABLE_ID, page_size=PAGE)
        self._add_columns(table)
        yield table

    def on_mount(self) -> None:
        if not being_removed(self):  # the app quit while the Cleanup pane was built
            self.reload()

    @property
    def filter_bar(self) -> CleanupFilter:
        return self.query_one(CleanupFilter)

    def _add_columns(self, table: PagedTable) -> None:
        wide = self.wide
        table.add_column(" ", key="mark", width=1)
        table.add_column("#", key="id", width=6)
        table.add_column("When", key="when", width=12)
        table.add_column("Kind", key="kind", width=6)
        table.add_growing_column("Project", key="project", width=16 if wide else 10, max_width=28)
        if wide:
            table.add_column("Session", key="session", width=8)
        table.add_flex_column("Memory", key="content", min_width=16)

    def on_resize(self) -> None:  # from WIDE_FROM cells the table also shows sessions
        if self.crossed(self.size.width):
            self.table.redraw(self._add_columns, lambda key: self._cells(self._rows[int(key)]))

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
        page = self._first_page.take(self.criteria)
        if page is not None:  # the mount's reload, or one before the filter changed
            self._show_page(replace(page, generation=self._generation))
            return
        self._fetch_first(self._generation, self.criteria, self.app.now())

    @work(thread=True, exclusive=True, group="cleanup-fetch", exit_on_error=False)
    def _fetch_first(self, generation: int, criteria: Criteria, now) -> None:
        self.post_message(self._read_first(generation, criteria, now))

    def _read_first(self, generation: int, criteria: Criteria, now) -> CleanupPage:
        """The first page of `criteria` (every memory when it is empty).  In a thread: it
        touches no widget."""
        if criteria.is_empty:
            total = self.store.read(count_memories)
            rows = self.store.read(fetch_rows, None, limit=PAGE + 1)
            return CleanupPage(generation, 0, rows[:PAGE], len(rows) > PAGE, total, fresh=True)
        ids, problem = self.store.read(selected_ids, criteria, now)
        if problem:
            return CleanupPage(generation, 0, [], False, 0, [], problem, fresh=True)
        rows = self.store.read(fetch_rows, ids[:PAGE])
        return CleanupPage(generation, 0, rows, len(ids) > PAGE, len(ids), ids, fresh=True)

    @work(thread=True, exclusive=True, group="cleanup-more", exit_on_error=False)
    def _fetch_page(
        self, window: int, where: str, offset: int, limit: int, ids: list[int] | None,
        edge_id: int | None,
    ) -> None:  # fmt: skip
        """Rows for the table's request `where`: from `offset` of the filter's `ids`, or (no
        filter) by keyset from `edge_id`, the id held next to the rows asked for."""
        if ids is not None:
            page = self._page_of_ids(window, where, offset, limit, ids)
        else:
            page = self._page_of_everything(window, where, offset, limit, edge_id)
        self.post_message(page)

    def _page_of_ids(
        self, window: int, where: str, offset: int, limit: int, ids: list[int]
    ) -> CleanupPage:
        if where == "bottom":
            offset = max(0, len(ids) - PAGE)
        elif where == "top":
            offset = 0
        rows = self.store.read(fetch_rows, ids[offset : offset + limit])
        has_more = offset + limit < len(ids)
        return CleanupPage(window, offset, rows, has_more, -1, ids, where=where)

    def _page_of_everything(
        self, window: int, where: str, offset: int, limit: int, edge_id: int | None
    ) -> CleanupPage:
        total = -1
        if where == "before":
            rows = self.store.read(fetch_rows, None, after_id=edge_id, limit=limit)
            # Fewer than asked: memories above were forgotten, this is the top now (a table
            # told rows remain above would ask again and again).
            offset = offset if len(rows) == limit else 0
            has_more = True  # the table keeps its own idea of what follows its window
        elif where == "bottom":
            total = self.store.read(count_memories)
            rows = self.store.read(fetch_rows, None, after_id=0, limit=limit)
            offset, has_more = max(0, total - len(rows)), False
        else:  # "after" from the window's last row, or "top"
            if where == "top":
                total, edge_id, offset = self.store.read(count_memories), None, 0
            rows = self.store.read(fetch_rows, None, before_id=edge_id, limit=limit + 1)
            rows, has_more = rows[:limit], len(rows) > limit
        return CleanupPage(window, offset, rows, has_more, total, where=where)

    @on(CleanupPage)
    def _show_page(self, page: CleanupPage) -> None:
        page.stop()
        table = self.table
        if page.fresh:
            if page.generation != self._generation:
                return
            self._window += 1  # a page asked for the old list is never placed on this one
            # At the top of a newest-first list the person follows the newest row (what
            # hooks just wrote); elsewhere the cursor stays on the memory it was on.
            at_top = table.window_start == 0 and table.cursor_row <= 0
            keep = None if at_top else self.current_id
            self.total = page.total
            self.problem = page.problem
            self._ids = page.ids
            self.marks.in_filter = frozenset(page.ids or ())
            self._rows.clear()
            with self.app.batch_update():
                table.reset()
                self._place(table, page)
            if keep is not None and str(keep) in table.rows:
                table.move_cursor(row=table.get_row_index(str(keep)), animate=False)
            elif table.row_count:
                table.move_cursor(row=0, animate=False)
                table.scroll_to(y=0, animate=False)
        else:
            if page.generation != self._window:
                return
            if page.total >= 0:
                self.total = page.total
            self._place(table, page)
        self._update_status()
        self.refresh_bindings()

    def _place(self, table: PagedTable, page: CleanupPage) -> None:
        for row in page.rows:
            self._rows[row["id"]] = row
        rows = [(str(r["id"]), self._cells(r)) for r in page.rows]
        table.place(page.where, rows, offset=page.offset, has_more=page.has_more)
        # Keep only the rows the window holds: the table drops those far from the cursor.
        self._rows = {k: v for k, v in self._rows.items() if str(k) in table.rows}

    def _held_id(self, index: int) -> int | None:
        rows = self.table.ordered_rows
        return int(rows[index].key.value or 0) if rows else None

    @on(PagedTable.NeedMore, "#cleanup-table")
    def _need_more(self, event: PagedTable.NeedMore) -> None:
        event.stop()
        if event.offset == 0:
            return  # posted while the rows were being swapped: the first page is on its way
        last = self._held_id(-1)
        self._fetch_page(self._window, event.where, event.offset, PAGE, self._ids, last)

    @on(PagedTable.NeedEarlier, "#cleanup-table")
    def _need_earlier(self, event: PagedTable.NeedEarlier) -> None:
        event.stop()
        first = self._held_id(0)
        self._fetch_page(self._window, event.where, event.offset, event.limit, self._ids, first)

    @on(PagedTable.NeedEdge, "#cleanup-table")
    def _need_edge(self, event: PagedTable.NeedEdge) -> None:
        event.stop()
        self._window += 1  # pages on their way belong to the window being left
        self._fetch_page(self._window, event.where, 0, PAGE, self._ids, None)

    # -- drawing ------------------------------------------------------------------

    def _cells(self, row: dict) -> list[object]:
        tz = self.app.tz
        cells: list[object] = [
            Text(MARK if self.marks.is_marked(row["id"]) else " ", style="bold yellow", end=""),
            Text(str(row["id"]), style="dim", justify="right", end=""),
            cell(local_time(row.get("created_at"), tz, now=self.app.now())),
            type_label(row.get("type")),
            cell(row.get("project_name") or ""),
            cell(short_id(row.get("session_id")), "dim"),
            self._why(row),
        ]
        if not self.wide:
            del cells[5]
        return cells

    def _why(self, row: dict) -> Text:
        """The memory's first line, or, with a query, the part that matched, lit: why the row
        is selected, seen before anything is forgotten."""
        terms = query_terms(self.criteria.query) if self.criteria.query else []
        if not terms:
            return cell(first_line(row.get("content")))
        return snippet_text(make_snippet(row.get("content") or "", terms, HIGHLIGHT))

    def _update_status(self) -> None:
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        if self.problem:
            text.append(self.problem, style="bold yellow")
        elif self.criteria.is_empty:
            text.append(f"All {plural(self.total, 'memory')}", style="bold")
            text.append(" · / or f filters what to forget", style="dim")
        else:
            text.append(plural(self.total, "match"), style="bold")
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

    def memory_row(self, memory_id: int) -> dict | None:
        return self._rows.get(memory_id)
