"""What Cleanup's two lists (the filtered memories, the secrets audit) share: a paged
table of memories keyed by id, more columns from WIDE_FROM, and the row under the cursor,
whose timeline enter opens."""

from __future__ import annotations

from textual import on
from textual.containers import Vertical

from tui.gui import messages
from tui.gui.widgets.breakpoint import WideBreakpoint
from tui.gui.widgets.paged_table import PagedTable
from tui.gui.worker_failures import WorkerFailures


class MemoryListView(WideBreakpoint, WorkerFailures, Vertical):
    TABLE_ID = ""  # the id of the view's PagedTable

    @property
    def table(self) -> PagedTable:
        return self.query_one(f"#{self.TABLE_ID}", PagedTable)

    def memory_row(self, memory_id: int) -> dict | None:
        """The row the view holds for `memory_id` (None: not held)."""
        raise NotImplementedError

    @property
    def current_id(self) -> int | None:
        key = self.table.cursor_key
        return int(key) if key is not None else None

    def selected(self) -> tuple[str | None, int | None]:
        memory_id = self.current_id
        row = self.memory_row(memory_id) if memory_id is not None else None
        return (row.get("session_id") or None, memory_id) if row else (None, None)

    @on(PagedTable.RowHighlighted)
    def _highlighted(self) -> None:
        self.refresh_bindings()

    @on(PagedTable.RowSelected)
    def _open(self, event: PagedTable.RowSelected) -> None:
        event.stop()
        session_id, memory_id = self.selected()
        if session_id is not None:
            self.post_message(messages.OpenTimeline(session_id, memory_id=memory_id))
