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
from textual.widgets import DataTable, Input, Label, Select
from textual.worker import get_current_worker

from store.database import StoreError
from tui.formatting import (
    TYPE_LABELS,
    first_line,
    local_time,
    plural,
    short_day,
    short_id,
    to_local,
)
from tui.gui import messages
from tui.gui.panes import Pane
from tui.gui.read_ahead import ReadAhead
from tui.gui.screens.resolution import REGRESSED_STYLE, regression_text
from tui.gui.shared_keys import shared_keys
from tui.gui.store_client import StoreClient
from tui.gui.textual_internals import draw_now
from tui.gui.widgets.filter_select import Dropdown, FilterSelect
from tui.gui.widgets.follow_table import FollowTable
from tui.gui.widgets.preview import Preview, PreviewArea
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
        "error_group_id": memory.get("error_group_id"),
        "regressed": None,  # its group's state, when it is an occurrence of a regressed group
    }


def mark_regressions(store: StoreClient, rows: list[dict]) -> list[dict]:
    """Mark the error rows that are occurrences of a regressed group, the time it came back
    or later (in a worker: one query, for the error rows only)."""
    groups = {row["error_group_id"] for row in rows if row["type"] == "error" and row["error_group_id"]}
    states = store.error_group_states(groups) if groups else {}
    for row in rows:
        state = states.get(row["error_group_id"])
        if state and state["status"] == "regressed" and (row["created_at"] or "") >= (state["regressed_at"] or ""):
            row["regressed"] = {"id": row["error_group_id"], **state}
    return rows


@dataclass
class LiveRows(Message):
    """Memories for the Live pane, oldest first; `reset` replaces what is shown."""

    generation: int
    rows: list[dict]
    reset: bool
    last_id: int
    more: bool = False


@dataclass
class LiveSessionsLoaded(Message):
    """Recent sessions for the Live pane's session filter."""

    sessions: list[dict]


@dataclass
class LiveRechecked(Message):
    """The shown rows with ids up to `up_to`, read again: {id: compact row} of those still there."""

    generation: int
    up_to: int
    rows: dict[int, dict]


class LivePane(Pane):
    """Memories as they are written, from every running Claude Code session."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "resolution", "What fixed it", id="live.resolution",
                tooltip="What fixed a regressed error last time: its note, edits and commands"),
        Binding("space", "pause", "Pause", id="live.pause"),
        Binding("space", "follow", "Follow", id="live.follow_space"),
        Binding("p", "project", "This project", id="live.project"),
        *shared_keys("live", "filters", "timeline", "copy", "open_file", "preview", "resume", "fork",
                     hidden={"filters"}),
    ]

    def __init__(self, store: StoreClient, **kwargs) -> None:
        super().__init__(store, **kwargs)
        self.window = 1000
        self.filters: dict[str, str | None] = {"project": None, "session": None, "type": None}
        self.text = ""  # the box: rows whose text holds it (case-insensitive), of those held
        self._rows: deque[dict] = deque(maxlen=self.window)
        self._last_id = 0
        self._pending = 0
        self._generation = 0
        self._fetching = False
        self._dirty = False
        self._known_sessions: set[str] = set()
        self.alarm: dict | None = None  # the last regressed group that occurred while Live ran
        # The newest rows, read while the pane is built: the frame that shows it has them.
        self._first_rows: ReadAhead = ReadAhead(
            self._read, 0, dict(self.filters), True, key=dict(self.filters), name="memlane live first rows"
        )

    def compose(self) -> ComposeResult:
        with Horizontal(id="live-bar", classes="filter-bar"):
            yield FilterSelect(prompt="All projects", id="live-project", compact=True)
            yield FilterSelect(prompt="All sessions", id="live-session", compact=True)
            yield Dropdown([(label, key) for key, label in TYPE_LABELS.items()],
                         prompt="All types", id="live-type", compact=True)  # fmt: skip
            yield Input(placeholder="/ filter", id="live-filter", compact=True)
            yield Label("", id="live-status", classes="bar-status")
        yield Label("", id="live-alarm")
        with PreviewArea(id="live-area"):
            yield FollowTable(id="live-table")
            yield Preview(self.store, id="live-preview")
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
        self.window = max(50, self.app.options.live_window)
        self._rows = deque(maxlen=self.window)
        table = self.table
        table.add_column("Time", key="time", width=8)
        table.add_growing_column("Project", key="project", width=12, max_width=28)
        table.add_column("Session", key="session", width=8)
        table.add_column("Type", key="type", width=7)
        table.add_flex_column("What", key="what", min_width=12)
        self.watch(table, "following", self._following_changed, init=False)
        self._load_filter_options()
        self._restart()

    def list_widget(self) -> FollowTable:
        return self.table

    def box(self) -> Input:
        return self.query_one("#live-filter", Input)

    def has_filters(self) -> bool:
        return any(self.filters.values()) or bool(self.text)

    def clear_filters(self) -> None:
        box = self.box()
        with box.prevent(Input.Changed):
            box.value = ""
        if self.text:
            self.text = ""
            self._rebuild()
            self.refresh_bindings()
        for select_id in ("#live-project", "#live-session", "#live-type"):
            self.query_one(select_id, Select).clear()

    def selected(self) -> tuple[str | None, int | None]:
        row = self._current_row()
        return (row["session_id"] or None, row["id"]) if row else (None, None)

    def _matches(self, row: dict) -> bool:
        """The row holds the box's text (Live filters the rows it holds, as they come)."""
        if not self.text:
            return True
        wanted = self.text.casefold()
        return any(wanted in (row[field] or "").casefold()
                   for field in ("line", "project_name", "session_id", "type", "tool_name"))  # fmt: skip

    # -- fetching -----------------------------------------------------------------

    def _restart(self) -> None:
        """Show the newest rows for the current filters and follow from there."""
        self._generation += 1
        self._fetching = True
        self._dirty = False
        read = self._first_rows.take(self.filters)
        if read is not None:  # the mount's restart, or one before any filter changed
            self.on_live_rows(LiveRows(self._generation, *read))
            return
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
            rows, reset, last_id, more = self._read(after_id, filters, reset)
        except StoreError:  # end the fetch (no rows), then WorkerFailures says why
            self.post_message(LiveRows(generation, [], reset, after_id, False))
            raise
        if not get_current_worker().is_cancelled:
            self.post_message(LiveRows(generation, rows, reset, last_id, more))

    def _read(self, after_id: int, filters: dict, reset: bool) -> tuple[list[dict], bool, int, bool]:
        """(rows, reset, last id, more): the newest FIRST_ROWS (`reset`), else those after
        `after_id`, oldest first.  In a thread: it touches no widget."""
        if reset:
            latest = self.store.latest_memory_id()
            rows = self.store.newest_memories(upto_id=latest, limit=FIRST_ROWS, **filters)  # by time
            rows.reverse()
            last_id, more = latest, False
        else:
            rows = self.store.memories_after(after_id, limit=FETCH_LIMIT, **filters)
            last_id = rows[-1]["id"] if rows else after_id
            more = len(rows) == FETCH_LIMIT
        return mark_regressions(self.store, [_compact(row) for row in rows]), reset, last_id, more

    def on_live_rows(self, message: LiveRows) -> None:
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
                    if self._matches(row):
                        table.add_row(*self._cells(row), key=str(row["id"]))
                if table.row_count > self.window + TRIM_SLACK:
                    self._rebuild()
                table.scroll_to_newest()
        elif rows:
            self._pending += sum(1 for row in rows if self._matches(row))
        if not message.reset:
            comeback = next((row["regressed"] for row in reversed(rows) if row["regressed"]), None)
            if comeback is not None:
                self._sound_alarm(comeback)
        self._show_status()
        if rows and self.following and not message.reset:
            # The new rows out in this turn: left to itself the table's refresh reaches the
            # screen at its next idle, and the frame at the tick after that.
            self.screen.refresh(layout=True)
            draw_now(self.screen)
        if message.more or self._dirty:
            self._dirty = False
            self._fetch_new()

    def _rebuild(self) -> None:
        table = self.table
        with self.app.batch_update():
            table.clear()
            for row in self._rows:
                if self._matches(row):
                    table.add_row(*self._cells(row), key=str(row["id"]))

    def on_data_changed(self, message: messages.DataChanged) -> None:
        if message.forgotten and self._rows:
            self._recheck(self._generation, [row["id"] for row in self._rows])
            self.query_one(Preview).read_again()
        self._fetch_new()

    # -- forgotten and redacted rows -------------------------------------------------

    @work(thread=True, exclusive=True, group="live-recheck", exit_on_error=False)
    def _recheck(self, generation: int, ids: list[int]) -> None:
        """Read the shown rows again after a forget or a redaction (whoever made it)."""
        found = self.store.memories_by_id(ids)
        if not get_current_worker().is_cancelled:
            rows = mark_regressions(self.store, [_compact(m) for m in found.values()])
            self.post_message(LiveRechecked(generation, max(ids), {row["id"]: row for row in rows}))

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
        style = REGRESSED_STYLE if row["regressed"] else "bold red" if error else ""
        what = cell(row["line"], style)
        if row["regressed"]:
            what = Text.assemble(("▲ regressed · ", REGRESSED_STYLE), what, no_wrap=True, end="")
        return (
            Text(self._when(row["created_at"]), style=style or "dim"),
            cell(row["project_name"] or "—", style or "bold"),
            cell(short_id(row["session_id"]), style or "dim"),
            type_label(row["type"]),
            what,
        )

    # -- the regression alarm -------------------------------------------------------

    def _sound_alarm(self, group: dict) -> None:
        """A resolved error came back: say so above the rows until `w` shows what fixed it."""
        self.alarm = group
        text = regression_text(group, self.app.tz, now=self.app.now(), signature=True)
        self.query_one("#live-alarm", Label).update(text)
        self.add_class("-alarm")
        self.refresh_bindings()

    def _resolution_group(self) -> int | None:
        """The group `w` opens: the selected row's, if it came back, else the alarm's."""
        row = self._current_row()
        if row is not None and row["regressed"]:
            return row["regressed"]["id"]
        return self.alarm["id"] if self.alarm else None

    def action_resolution(self) -> None:
        from tui.gui.screens.resolution import ResolutionScreen

        group_id = self._resolution_group()
        if group_id is None:
            return
        if self.alarm and self.alarm["id"] == group_id:
            self.alarm = None  # seen: the alarm goes
            self.remove_class("-alarm")
        self.app.push_screen(ResolutionScreen(self.store, group_id))

    def _when(self, created_at: str | None) -> str:
        """The time of day for today's rows, the date for older ones (column of 8)."""
        moment, today = to_local(created_at, self.app.tz), to_local(self.app.now(), self.app.tz)
        if moment is None or today is None or moment.date() == today.date():
            return local_time(created_at, self.app.tz, style="clock")
        return short_day(moment, today)

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
                    " follows again",
                )
            )
            banner.display = True
        self.set_class(not self.following, "-paused")
        self.refresh_bindings()

    def _following_changed(self, following: bool) -> None:
        if following:
            if self._pending or self.text or self.table.row_count != len(self._rows):
                self._rebuild()
            self._pending = 0
            self.table.scroll_to_newest()
        self._show_status()

    # -- keys ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("project", "copy", "open_file"):
            return self._current_row() is not None
        if action == "resolution":
            return self._resolution_group() is not None
        if action == "pause":
            return self.following
        if action == "follow":
            return not self.following
        return super().check_action(action, parameters)

    def action_pause(self) -> None:
        self.table.following = False

    def action_follow(self) -> None:
        self.table.action_follow()

    def action_filters(self) -> None:
        self.query_one("#live-project", Select).focus()

    @on(Input.Changed, "#live-filter")
    def _text_typed(self, event: Input.Changed) -> None:
        if event.value != self.text:
            self.text = event.value
            self._rebuild()
            if self.following:
                self.table.scroll_to_newest()
            self.refresh_bindings()

    @on(Input.Submitted, "#live-filter")
    def _text_submitted(self) -> None:
        self.table.focus()

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

    def action_project(self) -> None:
        """Only the selected row's project (again: every project)."""
        row = self._current_row()
        if row is None:
            return
        if self.filters["project"] == row["project"]:
            self._set_select("#live-project", None)
        else:
            self._set_select("#live-project", row["project"], row["project_name"] or "(no project)")

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

    @on(DataTable.RowHighlighted, "#live-table")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        key = event.row_key.value
        self.query_one(Preview).show_memory(int(key) if key else None)

    @on(DataTable.RowSelected, "#live-table")
    def _open(self, event: DataTable.RowSelected) -> None:
        row = self._current_row()
        if row:
            self.post_message(messages.OpenTimeline(row["session_id"], row["id"]))

    # -- filter menus -------------------------------------------------------------

    def _session_label(self, session: dict) -> str:
        when = local_time(session.get("started_at") or session.get("created_at"), self.app.tz,
                          now=self.app.now())  # fmt: skip
        return f"{short_id(session['session_id'])} {session.get('project_name') or ''} {when}".strip()

    @work(thread=True, exclusive=True, group="live-options", exit_on_error=False)
    def _load_filter_options(self) -> None:
        projects = self.store.projects()
        sessions = self.store.list_sessions(project=self.filters["project"], limit=30)
        self.post_message(messages.ProjectsLoaded(projects))
        self.post_message(LiveSessionsLoaded(sessions))

    def on_projects_loaded(self, message: messages.ProjectsLoaded) -> None:
        options = [(p["project_name"] or "(no project)", p["project"]) for p in message.projects]
        self.query_one("#live-project", FilterSelect).offer(options, keep=self.filters["project"])

    def on_live_sessions_loaded(self, message: LiveSessionsLoaded) -> None:
        self._known_sessions.update(s["session_id"] for s in message.sessions)
        options = [(self._session_label(s), s["session_id"]) for s in message.sessions]
        current = self.filters["session"]
        if current is not None and current not in [v for _, v in options]:
            options.insert(0, (short_id(current), current))
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
