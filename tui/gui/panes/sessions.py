"""Pane 1, Sessions: every session newest first, paged from SQLite; enter opens its timeline.

`T` (once a team sync made the team cache) adds teammates' sessions, with an Author column.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import ContentSwitcher, DataTable, Input, Label, Select
from textual.worker import get_current_worker

from store.database import StoreError
from store.display import inert_line
from store.reading import SESSION_SORTS
from team.scope import TEAM_SESSION_PREFIX, TeamScope
from tui.formatting import (
    duration,
    first_line,
    is_live,
    local_time,
    number,
    plural,
    session_duration,
    short_id,
)
from tui.gui import messages
from tui.gui.panes import Pane
from tui.gui.read_ahead import ReadAhead
from tui.gui.shared_keys import shared_keys
from tui.gui.store_client import StoreClient
from tui.gui.widgets.breakpoint import WideBreakpoint
from tui.gui.widgets.filter_select import FilterSelect
from tui.gui.widgets.paged_table import PagedTable
from tui.gui.widgets.preview import Preview, PreviewArea, list_width
from tui.rich_text import cell

REFRESH_ROWS = 200  # rows re-read when a hook writes (the rest when they are paged in again)


class SessionsPage(Message):  # (plain: a dataclass's methods were ~0.2 ms of every start)
    """One page of sessions, newest first, starting at `offset`; `where` is the table's request
    it answers ("after", "before", "top" or "bottom"); `total` is -1 when it was not counted."""

    def __init__(self, generation: int, offset: int, rows: list[dict], total: int,
                 has_more: bool, where: str = "after") -> None:  # fmt: skip
        super().__init__()
        self.generation, self.offset, self.rows = generation, offset, rows
        self.total, self.has_more, self.where = total, has_more, where


class SessionsRefreshed(Message):
    """The shown rows again (from `offset`), after another process changed the database."""

    def __init__(self, generation: int, rows: list[dict], total: int, offset: int = 0) -> None:
        super().__init__()
        self.generation, self.rows, self.total, self.offset = generation, rows, total, offset


class SessionsPane(WideBreakpoint, Pane):
    """All sessions with project, start, length, counts and the summary's first line."""

    WIDE_FROM = 96  # cells of list from which it also shows each session's counts

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "project", "Project", id="sessions.project"),
        *shared_keys("sessions", "filters", hidden={"filters"}),
        *shared_keys("sessions", "dates"),
        Binding("s", "sort", "Sort", id="sessions.sort"),
        Binding("M", "claude_memory", "Claude's memory", show=False, id="sessions.claude_memory"),
        *shared_keys("sessions", "export", "timeline", "copy", "preview", "resume", "fork", "team",
                     hidden={"timeline"}),
    ]

    def __init__(self, store: StoreClient, **kwargs) -> None:
        super().__init__(store, **kwargs)
        self.project: str | None = None
        self.text = ""  # the filter box: text in the id, project name or summary
        self.sort = "start"  # store.reading.listings.SESSION_SORTS
        self.days: str | None = None  # a quick range of search.dates (`D`): sessions active then
        self.total = 0
        self._generation = 0
        self._first_page_shown = False  # the app is told once (messages.FirstPageShown)
        self._sessions: dict[str, dict] = {}
        self._stale = False
        # Columns for the terminal's width as it is now: a guess (the pane's own width comes
        # with its first Resize), which spares the first screen a second set of columns.
        self.wide = list_width(self.app.size.width) >= self.WIDE_FROM
        self.team = TeamScope(StoreClient.open_readonly)
        self.team_scope = False  # this machine's sessions, or these and the team's
        # The first page, read while the app is built: the first frame shows its rows.
        self._first_page: ReadAhead = ReadAhead(
            self._read_page, None, self.text, self.sort, 0, self.app.options.page_size,
            key=self._listing(), name="memlane sessions first page",
        )  # fmt: skip

    def compose(self) -> ComposeResult:
        with Horizontal(id="sessions-bar", classes="filter-bar"):
            yield FilterSelect(prompt="All projects", id="sessions-project", compact=True)
            yield Input(placeholder="/ filter: id, project, prompts, summary", id="sessions-filter",
                        compact=True)  # fmt: skip
            yield Label("", id="sessions-count", classes="bar-status")
        with PreviewArea(id="sessions-area"):
            with ContentSwitcher(initial="sessions-table", id="sessions-switcher"):
                yield self.focused_from_start(
                    PagedTable(id="sessions-table", page_size=self.app.options.page_size)
                )
                # (an empty store's welcome card is mounted here when a page says so:
                # `_show_empty`, not built and styled for every first screen)
            yield Preview(self.store, id="sessions-preview")

    @property
    def table(self) -> PagedTable:
        return self.query_one("#sessions-table", PagedTable)

    def on_mount(self) -> None:
        self._add_columns(self.table)
        # The project list is in the dropdown, closed on the first screen: read once it is out
        # (a worker's thread started before it was ~2 ms of it, and its read competed with it).
        self.call_after_refresh(self._load_projects)
        self.reload()
        self.set_interval(self.app.options.live_check, self._recheck_live)

    def on_unmount(self) -> None:
        self.team.close()

    def _add_columns(self, table: PagedTable) -> None:
        table.add_growing_column("Project", key="project", width=12, max_width=28)
        if self.team_scope:
            table.add_column("Author", key="author", width=10)
        table.add_column("Started", key="started", width=12)
        table.add_column("Length", key="length", width=7)
        table.add_column("Id", key="id", width=8)
        if self.wide:
            table.add_column(Text("Obs", justify="right"), key="obs", width=5)
            table.add_column(Text("Err", justify="right"), key="err", width=4)
        table.add_flex_column("Summary", key="summary", min_width=12)

    def preview_toggled(self) -> None:
        self.on_resize()

    def on_resize(self) -> None:
        # A narrow list leaves the counts to the preview: the summary has the room first.
        shown = not self.screen.has_class("-no-preview")
        if self.crossed(list_width(self.size.width, shown)):
            self.table.redraw(self._add_columns, lambda key: self._cells(self._sessions[key]))

    def action_team(self) -> None:
        """Local only <-> local and the team cache's sessions (with an Author column)."""
        self.team_scope = not self.team_scope
        self.table.reset()
        self.table.clear(columns=True)
        self._add_columns(self.table)
        self._load_projects()
        self.reload()
        self.refresh_bindings()

    @property
    def empty(self) -> bool:
        return self.has_class("-empty")

    def list_widget(self):
        return self.query_one("#sessions-empty") if self.empty else self.table

    def box(self) -> Input | None:
        return None if self.empty else self.query_one("#sessions-filter", Input)

    def has_filters(self) -> bool:
        return (self.project is not None or self.days is not None
                or bool(self.query_one("#sessions-filter", Input).value))  # fmt: skip

    def clear_filters(self) -> None:
        box = self.query_one("#sessions-filter", Input)
        with box.prevent(Input.Changed):
            box.value = ""
        self.text = ""
        self.days = None
        self.query_one("#sessions-project", Select).clear()  # its Changed reloads, or:
        if self.project is None:
            self.reload()

    def leave_box(self) -> None:
        self.apply_box()
        self.table.focus()

    def selected(self) -> tuple[str | None, int | None]:
        session = self.current_session
        if session is None or session.get("author"):  # a teammate's session is not on this machine
            return None, None
        return session["session_id"], None

    # -- loading ------------------------------------------------------------------

    def reload(self) -> None:
        """Start again from the newest session (keeps the project filter)."""
        self._generation += 1
        self._stale = False
        self.table.reset()
        page = self._first_page.take(self._listing())
        if page is not None:  # the mount's reload, or one before any filter changed
            self.on_sessions_page(SessionsPage(self._generation, *page, "after"))
            return
        self._load_page(self._generation, self.project, "after", 0)

    def _listing(self) -> tuple:
        """What the first page depends on: the filters, the sort and the scope."""
        return (self.project, self.text, self.sort, self.team_scope, self.days)

    def _when(self) -> dict:
        """since / until of the quick range chosen (`D`), as the store takes them."""
        if self.days is None:  # the first page's read: the Search pane's package is not imported
            return {}
        from tui.gui.panes.search.dates import bounds

        since, until = bounds(self.days, self.app.now(), self.app.tz)
        return {"since": since, "until": until}

    @work(thread=True, exclusive=True, group="sessions-page", exit_on_error=False)
    def _load_page(
        self,
        generation: int,
        project: str | None,
        where: str,
        offset: int | None,
        limit: int | None = None,
    ) -> None:
        """Fetch `limit` sessions from `offset` (None: the last page) for the table's `where`."""
        page = self._read_page(project, self.text, self.sort, offset, limit or self.app.options.page_size)
        if not get_current_worker().is_cancelled:
            self.post_message(SessionsPage(generation, *page, where))

    def _read_page(self, project: str | None, text: str, sort: str, offset: int | None,
                   limit: int) -> tuple[int, list[dict], int, bool]:  # fmt: skip
        """(offset, rows, total, has_more) of `limit` sessions from `offset` (None: the last
        page); `total` is -1 when it was not counted.  In a thread: it touches no widget."""
        if self.team_scope:
            if offset is None:
                offset = max(0, self.team.count_sessions(self.store, project=project, text=text) - limit)
            offset, rows, total = self.team.sessions(self.store, project=project, text=text, sort=sort,
                                                     offset=offset, limit=limit + 1)  # fmt: skip
        else:
            when = self._when()
            total = self.store.count_sessions(project, text, **when) if not offset else -1
            if offset is None:
                offset = max(0, total - limit)
            rows = self.store.list_sessions(project=project, limit=limit + 1, offset=offset,
                                            text=text, sort=sort, **when)  # fmt: skip
        return offset, rows[:limit], total, len(rows) > limit

    @work(thread=True, exclusive=True, group="sessions-projects", exit_on_error=False)
    def _load_projects(self) -> None:
        projects = self.store.projects()
        if self.team_scope:
            projects = self.team.projects(projects)
        self.post_message(messages.ProjectsLoaded(projects))

    @work(thread=True, exclusive=True, group="sessions-refresh", exit_on_error=False)
    def _refresh_shown(self, generation: int, project: str | None, offset: int, count: int) -> None:
        text, sort = self.text, self.sort
        if self.team_scope:
            _start, rows, total = self.team.sessions(self.store, project=project, text=text, sort=sort,
                                                     offset=offset, limit=count)  # fmt: skip
        else:
            when = self._when()
            rows = self.store.list_sessions(project=project, limit=count, offset=offset,
                                            text=text, sort=sort, **when)  # fmt: skip
            total = self.store.count_sessions(project, text, **when)
        if not get_current_worker().is_cancelled:
            self.post_message(SessionsRefreshed(generation, rows, total, offset))

    # -- drawing ------------------------------------------------------------------

    def _length_cell(self, session: dict, now) -> Text:
        """How long it ran, and ● while it is live (a hook wrote in its last minutes)."""
        length_cell = Text(duration(session_duration(session, now)), no_wrap=True)
        if is_live(session, now):
            length_cell.append(" ●", style="bold green")
        return length_cell

    def _recheck_live(self) -> None:
        """Time passes with nothing written: a session whose events stopped loses its ●,
        and a running one's length grows, without waiting for a hook to write."""
        table, now = self.table, self.app.now()
        if "length" not in table.columns:
            return
        with self.app.batch_update():
            for key, session in self._sessions.items():
                if session.get("ended_at") or key not in table.rows:
                    continue
                table.update_cell(key, "length", self._length_cell(session, now))

    def _cells(self, session: dict) -> tuple:
        now = self.app.now()
        tz = self.app.tz
        errors = session.get("error_count") or 0
        length_cell = self._length_cell(session, now)
        summary = first_line(session.get("summary"))
        summary = summary.removeprefix("Task: ")
        title = first_line(session.get("title"))
        if title:  # the name Claude Code's /resume shows, before memlane's task
            summary = f"{title} · {summary}" if summary else title
        author = (cell(inert_line(session.get("author") or "you"), "" if session.get("author") else "dim"),)
        counts = (Text(number(session.get("memory_count") or 0), justify="right", no_wrap=True),
                  Text(number(errors), style="bold red" if errors else "dim", justify="right",
                       no_wrap=True))  # fmt: skip
        return (
            cell(session.get("project_name") or "(no project)", "bold"),
            *(author if self.team_scope else ()),
            cell(local_time(session.get("started_at"), tz, now=now)),
            length_cell,
            cell(short_id(session["session_id"]), "dim"),
            *(counts if self.wide else ()),
            self._summary_cell(session, summary),
        )

    @staticmethod
    def _summary_cell(session: dict, summary: str) -> Text:
        text = cell(summary or "—", "" if summary else "dim")
        if session.get("source") == "import":  # came from a transcript, not the hooks
            text = Text.assemble(("⤓ ", "dim cyan"), text)
            text.no_wrap = True
            text.overflow = "ellipsis"
        if session.get("forked_from"):  # a fork of another session (the preview says which)
            text = Text.assemble(("⑂ ", "dim magenta"), text)
            text.no_wrap = True
            text.overflow = "ellipsis"
        return text

    @staticmethod
    def _key(session: dict) -> str:
        return session.get("row_key") or session["session_id"]

    def _rows(self, sessions: list[dict]) -> list[tuple[str, tuple]]:
        for session in sessions:
            self._sessions[self._key(session)] = session
        return [(self._key(s), self._cells(s)) for s in sessions]

    def _show_empty(self, empty: bool) -> None:
        """The welcome card of an empty store, or the list: the card is mounted the first
        time it is shown (registered at once: the switcher shows it in this turn)."""
        switcher = self.query_one("#sessions-switcher", ContentSwitcher)
        if empty and not switcher.query_children("#sessions-empty"):
            from tui.gui.widgets.empty_state import EmptyState

            card = EmptyState(self.store.path, id="sessions-empty")
            card.display = False
            switcher.mount(card)
        switcher.current = "sessions-empty" if empty else "sessions-table"

    def on_sessions_page(self, message: SessionsPage) -> None:
        if message.generation != self._generation:
            return
        if message.total >= 0:
            self.total = message.total
            self._show_count()
            empty = message.total == 0 and not self.has_filters()
            self._show_empty(empty)
            if empty != self.empty:
                focused = self.app.focused
                # None: the first screen's focus is still on its way (a focus lands on the app's
                # next turn); it was sent to the list this switch hides, so send it again
                had_focus = (self in focused.ancestors if focused is not None
                             else self.app.active_pane is self)  # fmt: skip
                self.set_class(empty, "-empty")
                if had_focus and focused is None:  # after the focus on its way, not before it
                    self.call_later(self.focus_default)
                elif had_focus:
                    self.focus_default()
                # after the focus moved: the footer offers the empty state's keys, not the list's
                self.call_after_refresh(self.refresh_bindings)
        table = self.table
        rows = self._rows(message.rows)
        table.place(message.where, rows, offset=message.offset, has_more=message.has_more)
        self._sessions = {k: v for k, v in self._sessions.items() if k in table.rows}
        if not self._first_page_shown:
            self._first_page_shown = True
            self.app.post_message(messages.FirstPageShown(self))

    def on_sessions_refreshed(self, message: SessionsRefreshed) -> None:
        table = self.table
        if message.generation != self._generation or message.offset != table.window_start:
            return
        loaded = [key.value for key in list(table.rows)[: len(message.rows)]]
        fresh = [self._key(row) for row in message.rows]
        changed = loaded != fresh or message.total == 0 or self.total == 0
        at_top = table.window_start == 0 and table.cursor_row <= 0
        if changed and (at_top or self.total == 0):
            self.reload()  # the person is at the top (or saw the empty state): show the new ones
            return
        self.total = message.total
        self._show_count()
        with self.app.batch_update():
            for session in message.rows:
                key = self._key(session)
                if key in table.rows and self._sessions.get(key) != session:
                    self._sessions[key] = session
                    for column, value in zip(table.columns, self._cells(session)):
                        table.update_cell(key, column, value)

    def _show_count(self) -> None:
        order = {"start": "", "length": " · longest", "errors": " · most errors"}
        when = ""
        if self.days and not self.team_scope:  # imported only then: it is the Search pane's package
            from tui.gui.panes.search.dates import RANGE_NAMES

            when = f" · {RANGE_NAMES[self.days]} (D)"
        count = f"{plural(self.total, 'session')}{when}{order[self.sort]}"
        label = self.query_one("#sessions-count", Label)
        label.update(Text.assemble(("Team + local", "bold"), " · ", count) if self.team_scope else count)

    def on_projects_loaded(self, message: messages.ProjectsLoaded) -> None:
        options = [
            (f"{p['project_name'] or '(no project)'} ({p['sessions']})", p["project"])
            for p in message.projects
        ]
        select = self.query_one("#sessions-project", FilterSelect)
        select.offer(options, keep=select.value)
        if self.project is not None and self.project not in [value for _label, value in options]:
            self.project = None  # a teammates' project, and the team scope was left
            self.reload()

    # -- events -------------------------------------------------------------------

    @on(Select.Changed, "#sessions-project")
    def _project_changed(self, event: Select.Changed) -> None:
        project = None if event.value is Select.NULL else str(event.value)
        if project != self.project:
            self.project = project
            self.reload()

    @on(PagedTable.NeedMore, "#sessions-table")
    def _need_more(self, event: PagedTable.NeedMore) -> None:
        self._load_page(self._generation, self.project, event.where, event.offset)

    @on(PagedTable.NeedEarlier, "#sessions-table")
    def _need_earlier(self, event: PagedTable.NeedEarlier) -> None:
        self._load_page(self._generation, self.project, event.where, event.offset, event.limit)

    @on(PagedTable.NeedEdge, "#sessions-table")
    def _need_edge(self, event: PagedTable.NeedEdge) -> None:
        self._generation += 1  # pages on their way belong to the window being left
        offset = 0 if event.where == "top" else None
        self._load_page(self._generation, self.project, event.where, offset)

    @on(DataTable.RowHighlighted, "#sessions-table")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        key = event.row_key.value
        preview = self.query_one(Preview)
        if key is None or key.startswith(TEAM_SESSION_PREFIX):
            preview.clear()  # a teammate's session is in the team cache: enter opens it
        else:
            preview.show_session(key, self._terms())

    def _terms(self) -> list[str]:
        """The filter's words, to light in the preview (none: the search module is not
        imported for the first screen, whose first row is highlighted before it is drawn)."""
        if not self.text:
            return []
        from store.search import query_terms

        return query_terms(self.text)

    @on(DataTable.RowSelected, "#sessions-table")
    def _open(self, event: DataTable.RowSelected) -> None:
        self._open_key(event.row_key.value)

    def action_timeline(self) -> None:
        self._open_key(self.table.cursor_key if not self.empty else None)

    def _open_key(self, key: str | None) -> None:
        if key and key.startswith(TEAM_SESSION_PREFIX):
            self._open_team_session(key.removeprefix(TEAM_SESSION_PREFIX))
        elif key:
            self.post_message(messages.OpenTimeline(key))

    def _open_team_session(self, session_id: str) -> None:
        """A teammate's session, read from the team cache (read-only)."""
        from tui.gui.screens.timeline import TimelineScreen

        try:
            team_store = self.team.session_store()
        except StoreError as exc:
            self.app.notify(str(exc), title="Team cache", severity="error")
            return
        self.app.push_screen(TimelineScreen(team_store, session_id))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "export":  # a teammate's session lives in the team cache, not this database
            return self.current_session is not None and not self.current_session.get("author")
        if action in ("copy", "timeline"):
            return self.current_session is not None
        if action == "claude_memory":  # a teammate's session's project is on their machine
            return self.current_session is not None and not self.current_session.get("author")
        if action == "team":
            return self.team_scope or self.team.available()
        if action in ("project", "filters", "sort"):
            return not self.empty
        if action == "dates":
            return not self.empty and not self.team_scope
        return super().check_action(action, parameters)

    # -- the filter box and the sort ---------------------------------------------------

    def action_filters(self) -> None:
        self.query_one("#sessions-project", Select).focus()

    def action_dates(self) -> None:
        """The next quick range of sessions active: today, yesterday, the last 7 days, any time."""
        from tui.gui.panes.search.dates import next_quick_range

        self.days = next_quick_range(self.days)
        self.reload()
        self.refresh_bindings()

    def action_sort(self) -> None:
        order = list(SESSION_SORTS)
        self.sort = order[(order.index(self.sort) + 1) % len(order)]
        self.reload()

    @on(Input.Changed, "#sessions-filter")
    def _filter_typed(self, event: Input.Changed) -> None:
        self.box_changed()

    @on(Input.Submitted, "#sessions-filter")
    def _filter_submitted(self, event: Input.Submitted) -> None:
        self.leave_box()

    def filter_by(self, text: str) -> None:
        if text != self.text:
            self.text = text
            self.reload()

    @property
    def current_session(self) -> dict | None:
        """The session under the cursor."""
        key = self.table.cursor_key if not self.empty else None
        return self._sessions.get(key) if key is not None else None

    def action_export(self) -> None:
        from store.reading import ExportRequest
        from tui.gui.export_flow import ask_and_export

        session = self.current_session
        if session is not None:
            ask_and_export(self, ExportRequest(session=session["session_id"]), session["session_id"])

    def action_claude_memory(self) -> None:
        """Claude Code's own memory files of the selected session's project."""
        from tui.gui.screens.claude_memory import open_claude_memory

        session = self.current_session
        open_claude_memory(self, session.get("project") or session.get("cwd") if session else None)

    def action_copy(self) -> None:
        from tui.gui.memory_actions import copy_choices, offer_copy

        session = self.current_session
        if session is not None:
            offer_copy(self.app, copy_choices(session=session))

    def action_project(self) -> None:
        select = self.query_one("#sessions-project", Select)
        select.focus()
        select.action_show_overlay()

    def on_data_changed(self, message: messages.DataChanged) -> None:
        if getattr(self.app, "active_pane", None) is not self and not message.forgotten:
            self._stale = True
            return
        self._refresh_now()

    def _refresh_now(self) -> None:
        self._stale = False
        self._load_projects()
        table = self.table
        count = max(1, min(table.row_count, REFRESH_ROWS))
        self._refresh_shown(self._generation, self.project, table.window_start, count)
        self.query_one(Preview).read_again()  # the selected session's prompts and counts

    def on_show(self) -> None:
        if self._stale:
            self._refresh_now()
