"""Pane 2, Live: what hook processes write right now, followed like `tail -f`, in a bounded window.

New rows are found by the app's `PRAGMA data_version` poll (`DataChanged`),
then fetched with `id > last seen`.  One fetch at a time: if the database
changes while a fetch runs, the next one starts when this one is drawn.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import DataTable, Label, Select
from textual.worker import get_current_worker

from store.db import StoreError
from tui.formatting import TYPE_LABELS, first_line, local_time, plural, to_local
from tui.gui import messages
from tui.gui.store_client import StoreClient
from tui.gui.widgets.filter_select import FilterSelect
from tui.gui.widgets.follow_table import FollowTable
from tui.gui.worker_failures import WorkerFailures
from tui.rich_text import cell, type_label

FETCH_LIMIT = 500  # rows per fetch; more are fetched right after if there are
FIRST_ROWS = 200  # rows shown when the pane opens or a filter changes
TRIM_SLACK = 200  # rows allowed over the window before the table is rebuilt


def _compact(memory: dict) -> dict:
    """What a Live row needs: the first line of the content, not all of it."""
    return {
        "id": memory["id"],
        "session_id": memory.get("session_id") or "",
        "type": memory.get("type") or "",
        "tool_name": memory.get("tool_name") or "",
        "project": memory.get("project") or "",
        "project_name": memory.get("project_name") or "",
        "created_at": memory.get("created_at"),
        "line": first_line(memory.get("content"))[:300],
    }


@dataclass
class LiveRechecked(Message):
    """The shown rows with ids up to `up_to`, read again: {id: compact row} of those still there."""

    generation: int
    up_to: int
    rows: dict[int, dict]


class LivePane(WorkerFailures, Widget):
    """Memories as they are written, from every running Claude Code session."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_pause", "Pause", id="live.pause"),
        Binding("s", "only_session", "This session", id="live.session"),
        Binding("p", "only_project", "This project", show=False, id="live.project"),
        Binding("t", "only_type", "This type", show=False, id="live.type"),
        Binding("x", "clear_filters", "Clear filters", id="live.clear"),
        Binding("y", "copy", "Copy", show=False, id="live.copy"),
        Binding("o", "open_file", "Open file", show=False, id="live.open_file"),
    ]

    def __init__(self, store: StoreClient, **kwargs) -> None:
        super().__init__(**kwargs)
        self.store = store
        self.window = 1000
        self.filters: dict[str, str | None] = {"project": None, "session": None, "type": None}
        self._rows: deque[dict] = deque(maxlen=self.window)
        self._last_id = 0
        self._pending = 0
        self._generation = 0
        self._fetching = False
        self._dirty = False
        self._known_sessions: set[str] = set()

    def compose(self) -> ComposeResult:
        with Horizontal(id="live-bar", classes="filter-bar"):
            yield FilterSelect(prompt="All projects", id="live-project", compact=True)
            yield FilterSelect(prompt="All sessions", id="live-session", compact=True)
            yield Select([(label, key) for key, label in TYPE_LABELS.items()],
                         prompt="All types", id="live-type", compact=True)  # fmt: skip
            yield Label("", id="live-status", classes="bar-status")
        yield FollowTable(id="live-table")
        yield Label("", id="live-new")

    @property
    def table(self) -> FollowTable:
        return self.query_one("#live-table", FollowTable)

    @property
    def following(self) -> bool:
        return self.table.following

    @property
    def pending(self) -> int:
        """Rows that arrived while following was paused."""
        return self._pending

    def on_mount(self) -> None:
        self.window = max(50, self.app.config.live_window)
        self._rows = deque(maxlen=self.window)
        table = self.table
        table.add_column("Time", key="time", width=8)
        table.add_column("Project", key="project", width=12)
        table.add_column("Session", key="session", width=8)
        table.add_column("Type", key="type", width=7)
        table.add_flex_column("What", key="what", min_width=12)
        self.watch(table, "following", self._following_changed, init=False)
        self._load_filter_options()
        self._restart()

    def focus_default(self) -> None:
        self.table.focus()

    # -- fetching -----------------------------------------------------------------

    def _restart(self) -> None:
        """Show the newest rows for the current filters and follow from there."""
        self._generation += 1
        self._fetching = True
        self._dirty = False
        self._fetch(self._generation, 0, dict(self.filters), True)

    def _fetch_new(self) -> None:
        if self._fetching:
            self._dirty = True
            return
        self._fetching = True
        self._fetch(self._generation, self._last_id, dict(self.filters), False)

    @work(thread=True, exclusive=True, group="live-fetch", exit_on_error=False)
    def _fetch(self, generation: int, after_id: int, filters: dict, reset: bool) -> None:
        try:
            if reset:
                latest = self.store.latest_memory_id()
                rows = self.store.memories_before(latest + 1, limit=FIRST_ROWS, **filters)
                rows.reverse()
                last_id, more = latest, False
            else:
                rows = self.store.memories_after(after_id, limit=FETCH_LIMIT, **filters)
                last_id = rows[-1]["id"] if rows else after_id
                more = len(rows) == FETCH_LIMIT
        except StoreError:  # end the fetch (no rows), then WorkerFailures says why
            self.post_message(messages.LiveRows(generation, [], reset, after_id, False))
            raise
        if not get_current_worker().is_cancelled:
            compact = [_compact(row) for row in rows]
            self.post_message(messages.LiveRows(generation, compact, reset, last_id, more))

    def on_live_rows(self, message: messages.LiveRows) -> None:
        if message.generation != self._generation:
            return
        self._fetching = False
        rows = [row for row in message.rows if message.reset or row["id"] > self._last_id]
        self._last_id = max(self._last_id if not message.reset else 0, message.last_id)
        if message.reset:
            self._rows.clear()
            self._pending = 0
        self._rows.extend(rows)
        if any(row["session_id"] not in self._known_sessions for row in rows):
            self._known_sessions.update(row["session_id"] for row in rows)
            self._load_filter_options()
        table = self.table
        if message.reset:
            self._rebuild()
            table.following = True
            table.scroll_to_newest()
        elif rows and self.following:
            with self.app.batch_update():
                for row in rows:
                    table.add_row(*self._cells(row), key=str(row["id"]))
                if table.row_count > self.window + TRIM_SLACK:
                    self._rebuild()
                table.scroll_to_newest()
        elif rows:
            self._pending += len(rows)
        self._show_status()
        if message.more or self._dirty:
            self._dirty = False
            self._fetch_new()

    def _rebuild(self) -> None:
        table = self.table
        with self.app.batch_update():
            table.clear()
            for row in self._rows:
                table.add_row(*self._cells(row), key=str(row["id"]))

    def on_data_changed(self, message: messages.DataChanged) -> None:
        if message.forgotten and self._rows:
            self._recheck(self._generation, [row["id"] for row in self._rows])
        self._fetch_new()

    # -- forgotten and redacted rows -------------------------------------------------

    @work(thread=True, exclusive=True, group="live-recheck", exit_on_error=False)
    def _recheck(self, generation: int, ids: list[int]) -> None:
        """Read the shown rows again after a forget or a redaction (whoever made it)."""
        found = self.store.memories_by_id(ids)
        if not get_current_worker().is_cancelled:
            self.post_message(LiveRechecked(generation, max(ids), {i: _compact(m) for i, m in found.items()}))

    @on(LiveRechecked)
    def _rechecked(self, message: LiveRechecked) -> None:
        if message.generation != self._generation:
            return  # the rows were replaced meanwhile (a filter, a restart)
        # Rows newer than those checked arrived meanwhile: they were read after the change.
        rows = [message.rows.get(row["id"]) if row["id"] <= message.up_to else row for row in self._rows]
        kept = [row for row in rows if row is not None]
        if kept == list(self._rows):
            return
        gone = len(self._rows) - len(kept)
        self._rows = deque(kept, maxlen=self.window)
        self._pending = max(0, self._pending - gone)
        keep = self.table.cursor_key
        self._rebuild()
        if self.following:
            self.table.scroll_to_newest()
        elif keep is not None and keep in self.table.rows:
            self.table.move_cursor(row=self.table.get_row_index(keep), animate=False)
        self._show_status()

    # -- drawing ------------------------------------------------------------------

    def _cells(self, row: dict) -> tuple:
        error = row["type"] == "error"
        style = "bold red" if error else ""
        return (
            Text(self._when(row["created_at"]), style=style or "dim"),
            cell(row["project_name"] or "—", style or "bold"),
            cell(row["session_id"][:8], style or "dim"),
            type_label(row["type"]),
            cell(row["line"], style),
        )

    def _when(self, created_at: str | None) -> str:
        """The time of day for today's rows, the date for older ones (column of 8)."""
        moment, today = to_local(created_at, self.app.tz), to_local(self.app.now(), self.app.tz)
        if moment is None or today is None or moment.date() == today.date():
            return local_time(created_at, self.app.tz, style="clock")
        return moment.strftime("%b %d")

    def _show_status(self) -> None:
        status = self.query_one("#live-status", Label)
        banner = self.query_one("#live-new", Label)
        if self.following:
            waiting = "" if self._rows else " · waiting for memories"
            status.update(Text.assemble(("● ", "bold green"), "following", waiting))
            banner.display = False
        else:
            status.update(Text.assemble(("⏸ ", "bold yellow"), "paused"))
            news = plural(self._pending, "new row") if self._pending else "no new rows yet"
            banner.update(
                Text.assemble(
                    ("⏸ Paused", "bold"),
                    f" · {news} · ",
                    ("end", "bold"),
                    " or ",
                    ("space", "bold"),
                    " resumes",
                )
            )
            banner.display = True
        self.set_class(not self.following, "-paused")
        self.refresh_bindings()

    def _following_changed(self, following: bool) -> None:
        if following:
            if self._pending or self.table.row_count != len(self._rows):
                self._rebuild()
            self._pending = 0
            self.table.scroll_to_newest()
        self._show_status()

    # -- keys ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("only_session", "only_project", "only_type", "copy", "open_file"):
            return self._current_row() is not None
        if action == "clear_filters":
            return any(self.filters.values())
        return True

    def action_toggle_pause(self) -> None:
        self.table.following = not self.table.following

    def action_resume(self) -> None:
        self.table.action_follow()

    def _current_row(self) -> dict | None:
        key = self.table.cursor_key
        if key is None:
            return None
        for row in reversed(self._rows):
            if str(row["id"]) == key:
                return row
        return None

    def _set_select(self, select_id: str, value: str | None, label: str | None = None) -> None:
        select = self.query_one(select_id, Select)
        if value is None:
            select.clear()
            return
        if isinstance(select, FilterSelect) and label is not None:
            if value not in [v for _, v in select.offered]:
                select.offer([(label, value), *select.offered])
        select.value = value

    def action_only_session(self) -> None:
        row = self._current_row()
        if row:
            self._set_select("#live-session", row["session_id"], self._session_label(row))

    def action_only_project(self) -> None:
        row = self._current_row()
        if row:
            self._set_select("#live-project", row["project"], row["project_name"] or "(no project)")

    def action_only_type(self) -> None:
        row = self._current_row()
        if row:
            self._set_select("#live-type", row["type"])

    def action_clear_filters(self) -> None:
        for select_id in ("#live-project", "#live-session", "#live-type"):
            self.query_one(select_id, Select).clear()

    @on(Select.Changed)
    def _filter_changed(self, event: Select.Changed) -> None:
        names = {"live-project": "project", "live-session": "session", "live-type": "type"}
        name = names.get(event.select.id or "")
        if name is None:
            return
        value = None if event.value is Select.NULL else str(event.value)
        if self.filters[name] == value:
            return
        self.filters[name] = value
        if name == "project":
            self._load_filter_options()
        self.refresh_bindings()
        self._restart()

    @on(DataTable.RowSelected, "#live-table")
    def _open(self, event: DataTable.RowSelected) -> None:
        row = self._current_row()
        if row:
            self.post_message(messages.OpenTimeline(row["session_id"], row["id"]))

    # -- filter menus -------------------------------------------------------------

    def _session_label(self, session: dict) -> str:
        when = local_time(session.get("started_at") or session.get("created_at"), self.app.tz,
                          now=self.app.now())  # fmt: skip
        return f"{session['session_id'][:8]} {session.get('project_name') or ''} {when}".strip()

    @work(thread=True, exclusive=True, group="live-options", exit_on_error=False)
    def _load_filter_options(self) -> None:
        projects = self.store.projects()
        sessions = self.store.list_sessions(project=self.filters["project"], limit=30)
        self.post_message(messages.ProjectsLoaded(projects))
        self.post_message(messages.LiveSessionsLoaded(sessions))

    def on_projects_loaded(self, message: messages.ProjectsLoaded) -> None:
        options = [(p["project_name"] or "(no project)", p["project"]) for p in message.projects]
        self.query_one("#live-project", FilterSelect).offer(options, keep=self.filters["project"])

    def on_live_sessions_loaded(self, message: messages.LiveSessionsLoaded) -> None:
        self._known_sessions.update(s["session_id"] for s in message.sessions)
        options = [(self._session_label(s), s["session_id"]) for s in message.sessions]
        current = self.filters["session"]
        if current is not None and current not in [v for _, v in options]:
            options.insert(0, (current[:8], current))
        self.query_one("#live-session", FilterSelect).offer(options, keep=current)

    # -- copy and open (tui/gui/memory_actions.py) ----------------------------------------

    # The rows held here are compacted (one line of text): read the whole memory first.

    def action_copy(self) -> None:
        from tui.gui.memory_actions import copy_from_memory

        row = self._current_row()
        copy_from_memory(self, row["id"] if row else None)

    def action_open_file(self) -> None:
        from tui.gui.memory_actions import open_memory_file

        row = self._current_row()
        open_memory_file(self, row["id"] if row else None)
