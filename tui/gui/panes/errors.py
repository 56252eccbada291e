"""Pane 4, Errors: error groups with their status; mark them resolved, ignored or open, add notes.

Groups are fetched a page at a time in a thread worker, filtered by status (`f`), project
(`p`) and a piece of text (`/`); `enter` opens the occurrences screen
(tui/gui/screens/error_detail.py), `w` what resolved a regressed group last time
(tui/gui/screens/resolution.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Input, Select, Static

from tui.formatting import local_time, number, one_line, plural
from tui.gui import messages
from tui.gui.panes import Pane, is_showing
from tui.gui.read_ahead import ReadAhead
from tui.gui.screens.resolution import REGRESSED_STYLE, has_resolution, regression_text
from tui.gui.shared_keys import shared_keys
from tui.gui.store_client import StoreClient
from tui.gui.widgets.breakpoint import WideBreakpoint
from tui.gui.widgets.filter_select import FilterSelect
from tui.gui.widgets.paged_table import PagedTable
from tui.rich_text import cell

PAGE = 100
STATUS_FILTERS = (None, "regressed", "open", "resolved", "ignored")
STATUS_STYLES = {"open": "bold red", "regressed": REGRESSED_STYLE, "resolved": "green", "ignored": "dim"}
SORT_LABELS = {"recent": "most recent", "count": "most seen"}


@dataclass
class ErrorGroupsPage(Message):
    """One page of error groups from `offset`, for the listing `generation`; `where` is the
    table's request it answers ("after", "before", "top" or "bottom")."""

    generation: int
    offset: int
    rows: list[dict]
    has_more: bool
    total: int
    where: str = "after"


@dataclass
class ErrorGroupUpdated(Message):
    """A group after its status or note changed (None when it no longer exists)."""

    group_id: int
    group: dict | None
    what: str


def status_text(status: str) -> Text:
    return Text(one_line(status), style=STATUS_STYLES.get(status, ""), no_wrap=True, end="")


class ErrorsPane(WideBreakpoint, Pane):
    """Error groups: signature, count, first and last seen, projects, status."""

    BINDINGS = [
        Binding("w", "resolution", "What fixed it", id="errors.resolution",
                tooltip="What fixed a regressed group last time: its note, edits and commands"),
        Binding("r", "set_status('resolved')", "Resolve", id="errors.resolve"),
        Binding("i", "set_status('ignored')", "Ignore", id="errors.ignore"),
        Binding("u", "set_status('open')", "Reopen", id="errors.reopen"),
        *shared_keys("errors", "note"),
        Binding("p", "project", "Project", id="errors.project"),
        Binding("s", "sort", "Sort", id="errors.sort"),
        Binding("f", "filters", "Status", id="errors.filters"),
        *shared_keys("errors", "timeline", "copy"),
    ]

    def __init__(self, store: StoreClient, **kwargs) -> None:
        super().__init__(store, **kwargs)
        self.sort = "recent"
        self.status_filter: str | None = None
        self.project: str | None = None
        self.text = ""  # the box's text, once applied
        self.total = 0
        self._generation = 0
        self._groups: dict[int, dict] = {}
        self._stale = False
        # The first page, read while the pane is built: the frame that first shows it lists it.
        self._first_page: ReadAhead = ReadAhead(
            self._read_page, 0, "after", 0, PAGE, self._filters(), self.sort,
            key=(self._filters(), self.sort), name="memlane errors first page",
        )  # fmt: skip

    def compose(self) -> ComposeResult:
        with Horizontal(id="errors-bar", classes="filter-bar"):
            yield FilterSelect(prompt="All projects", id="errors-project", compact=True)
            yield Input(placeholder="/ filter: signature, error, note", id="errors-filter", compact=True)
        with Vertical(id="errors-body"):
            yield Static("", id="errors-header", markup=False)
            table = PagedTable(id="errors-table", page_size=PAGE)
            self._add_columns(table)
            yield table
            yield Static("", id="errors-empty", markup=False)
            yield Static("", id="errors-info", markup=False)

    def on_mount(self) -> None:
        self._load_projects()
        self.reload()

    def _add_columns(self, table: PagedTable) -> None:
        table.add_column("Status", key="status", width=9)
        table.add_column(Text("Seen", justify="right"), key="count", width=6)  # up to 99,999 unclipped
        table.add_column("Last seen", key="last", width=12)
        if self.wide:
            table.add_column("First seen", key="first", width=12)
        table.add_growing_column("Projects", key="projects", width=16 if self.wide else 10,
                                 max_width=40)
        table.add_flex_column("Signature", key="signature", min_width=16)

    def on_resize(self) -> None:
        # Under WIDE_FROM columns the first-seen time moves to the info lines below the table,
        # leaving the signature room to be read.
        if self.crossed(self.size.width):
            table = self.query_one(PagedTable)
            table.redraw(self._add_columns, lambda key: self._cells(self._groups[int(key)]))

    def list_widget(self) -> PagedTable:
        return self.query_one(PagedTable)

    def box(self) -> Input:
        return self.query_one("#errors-filter", Input)

    def has_filters(self) -> bool:
        return self.status_filter is not None or self.project is not None or bool(self.box().value)

    def clear_filters(self) -> None:
        box = self.box()
        with box.prevent(Input.Changed):
            box.value = ""
        self.text = ""
        self.status_filter = None
        self.query_one("#errors-project", Select).clear()  # its Changed reloads, or:
        if self.project is None:
            self.reload()

    def leave_box(self) -> None:
        self.apply_box()
        self.list_widget().focus()

    # -- loading ----------------------------------------------------------------

    def reload(self) -> None:
        """Fetch the first page again for the current sort and filter."""
        self._generation += 1
        page = self._first_page.take((self._filters(), self.sort))
        if page is not None:  # the mount's reload, or one before the filter or sort changed
            self._show_page(replace(page, generation=self._generation))
            return
        self._fetch(self._generation, "after", 0)

    def _filters(self) -> dict:
        return {"status": self.status_filter, "project": self.project, "text": self.text}

    def _fetch(self, generation: int, where: str, offset: int | None, limit: int = PAGE) -> None:
        """Groups from `offset` (None: the last page) for the table's request `where`.

        The filter and sort are read here, on the UI thread, and handed to the
        worker: the worker never reads state the UI thread changes."""
        self._fetch_page(generation, where, offset, limit, self._filters(), self.sort)

    @work(thread=True, exclusive=True, group="errors-fetch", exit_on_error=False)
    def _fetch_page(
        self, generation: int, where: str, offset: int | None, limit: int, filters: dict, sort: str,
    ) -> None:  # fmt: skip
        self.post_message(self._read_page(generation, where, offset, limit, filters, sort))

    def _read_page(
        self, generation: int, where: str, offset: int | None, limit: int, filters: dict, sort: str,
    ) -> ErrorGroupsPage:  # fmt: skip
        """In a thread: it touches no widget."""
        total = self.store.count_error_groups(**filters)
        if offset is None:
            offset = max(0, total - limit)
        rows = self.store.error_groups(**filters, sort=sort, limit=limit + 1, offset=offset)
        return ErrorGroupsPage(generation, offset, rows[:limit], len(rows) > limit, total, where)

    @on(ErrorGroupsPage)
    def _show_page(self, page: ErrorGroupsPage) -> None:
        if page.generation != self._generation:
            return
        self.total = page.total
        table = self.query_one(PagedTable)
        first = page.where == "after" and page.offset == 0  # a reload: keep the cursor's group
        keep = self.current_group_id if first and not self._land_on_newest else None
        if first:
            self._land_on_newest = False
        rows = [(str(g["id"]), self._cells(g)) for g in page.rows]
        with self.app.batch_update():
            if first:
                # Swap the rows only now, so a refresh never flashes an empty table.
                table.reset()
            for group in page.rows:
                self._groups[group["id"]] = group
            table.place(page.where, rows, offset=page.offset, has_more=page.has_more)
        self._groups = {k: v for k, v in self._groups.items() if str(k) in table.rows}
        if keep is not None and str(keep) in table.rows:
            table.move_cursor(row=table.get_row_index(str(keep)), animate=False)
        self._update_header()
        self._update_info()
        self.refresh_bindings()

    @on(PagedTable.NeedMore, "#errors-table")
    def _need_more(self, event: PagedTable.NeedMore) -> None:
        event.stop()
        if event.offset == 0:
            return  # posted while the rows were being swapped: the first page is on its way
        self._fetch(self._generation, event.where, event.offset)

    @on(PagedTable.NeedEarlier, "#errors-table")
    def _need_earlier(self, event: PagedTable.NeedEarlier) -> None:
        event.stop()
        self._fetch(self._generation, event.where, event.offset, event.limit)

    @on(PagedTable.NeedEdge, "#errors-table")
    def _need_edge(self, event: PagedTable.NeedEdge) -> None:
        event.stop()
        self._generation += 1  # pages on their way belong to the window being left
        self._fetch(self._generation, event.where, 0 if event.where == "top" else None)

    def on_data_changed(self, message: messages.DataChanged) -> None:
        # A hook wrote: counts and last-seen times may have moved.  Refresh now only when the
        # first page is in view; otherwise when the pane is shown again.
        table = self.query_one(PagedTable)
        if message.forgotten:
            self._load_projects()
        if message.forgotten or (is_showing(self) and table.window_start == 0 and table.cursor_row < PAGE // 2):
            self.reload()
        else:
            self._stale = True

    _land_on_newest = False  # the next first page puts the cursor on its first row

    def land_on_newest(self) -> None:
        """Its key, sorted by the most recent: the cursor on the group seen last, read again."""
        if self.sort != "recent":
            return
        self._land_on_newest = True
        self._stale = False
        self.reload()

    def on_show(self) -> None:
        if self._stale:
            self._stale = False
            self.reload()

    # -- drawing ----------------------------------------------------------------

    def _cells(self, group: dict) -> list[object]:
        tz = getattr(self.app, "tz", None)
        now = self.app.now() if hasattr(self.app, "now") else None
        cells = [
            status_text(group.get("status") or "open"),
            Text(number(group.get("count")), justify="right", no_wrap=True, end=""),
            cell(local_time(group.get("last_seen"), tz, now=now, style="short")),
            cell(local_time(group.get("first_seen"), tz, now=now, style="short")),
            cell(group.get("projects") or ""),
            cell(group.get("signature") or group.get("sample") or ""),
        ]
        if not self.wide:
            del cells[3]
        return cells

    def _update_header(self) -> None:
        shown = self.status_filter or "all"
        count = plural(self.total, "group")
        self.query_one("#errors-header", Static).update(
            f"Errors · {count} · status: {shown} (f) · sorted by {SORT_LABELS[self.sort]} (s)"
        )

    def _empty_text(self) -> Text:
        """What an empty list says: which filters left nothing, and the key that undoes each."""
        filtered = self.status_filter or self.project or self.text
        if not filtered:
            return Text("No errors recorded yet: when a command or a tool fails in a session, "
                        "its error is grouped here by its signature.", style="dim")  # fmt: skip
        what = f"No {self.status_filter} errors" if self.status_filter else "No errors"
        if self.text:
            what += f" matching “{one_line(self.text, 60)}”"
        if self.project:
            what += f" in {self._project_name()}"
        hints = []
        if self.status_filter:
            hints.append("f shows the next status")
        if self.project:
            hints.append("p picks another project")
        if self.text:
            hints.append("/ changes the text")
        hints.append("escape clears the filters")
        text = Text(what + ".", style="bold")
        text.append("\n" + " · ".join(hints), style="dim")
        return text

    def _project_name(self) -> str:
        select = self.query_one("#errors-project", FilterSelect)
        names = {value: label for label, value in select.offered}
        return one_line(str(names.get(self.project, self.project or "")), 40)  # stored text: inert

    def _update_info(self) -> None:
        info = self.query_one("#errors-info", Static)
        empty = self.query_one("#errors-empty", Static)
        self.set_class(self.total == 0, "-empty")
        empty.update(self._empty_text() if self.total == 0 else "")
        group = self.current_group
        if group is None:
            info.update("")
            return
        tz = getattr(self.app, "tz", None)
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        text.append(one_line(group.get("sample") or group.get("signature")), style="bold")
        text.append("\n")
        text.append(
            f"{number(group.get('count'))}× · "
            f"first {local_time(group.get('first_seen'), tz, style='full')}"
            f" · last {local_time(group.get('last_seen'), tz, style='full')}",
            style="dim",
        )
        text.append("\n")
        if group.get("status") == "regressed":
            text.append_text(regression_text(group, tz, now=self.app.now() if hasattr(self.app, "now") else None))
        else:
            note = one_line(group.get("note"))
            text.append(f"note: {note}" if note else "no note (n adds one) · enter shows occurrences",
                        style="italic" if note else "dim")  # fmt: skip
        info.update(text)

    @on(PagedTable.RowHighlighted, "#errors-table")
    def _highlighted(self) -> None:
        self._update_info()
        self.refresh_bindings()

    # -- the current group ------------------------------------------------------

    @property
    def current_group_id(self) -> int | None:
        key = self.query_one(PagedTable).cursor_key
        return int(key) if key is not None else None

    @property
    def current_group(self) -> dict | None:
        group_id = self.current_group_id
        return self._groups.get(group_id) if group_id is not None else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "set_status":
            group = self.current_group
            if group is None:
                return False
            # Hide the key for the status the group already has.
            return group.get("status") != parameters[0]
        if action in ("note", "copy", "timeline"):
            return self.current_group is not None
        if action == "resolution":
            return has_resolution(self.current_group)
        return super().check_action(action, parameters)

    def action_copy(self) -> None:
        from tui.gui.memory_actions import offer_copy

        group = self.current_group
        if group is not None:
            choices = [("error", group.get("sample") or group.get("signature") or ""),
                       ("signature", group.get("signature") or ""), ("id", str(group["id"]))]  # fmt: skip
            offer_copy(self.app, [(what, value) for what, value in choices if value])

    # -- actions ----------------------------------------------------------------

    def action_timeline(self) -> None:
        """The newest occurrence of the group, in its session's timeline."""
        group = self.current_group
        if group is not None:
            self._open_newest(group["id"])

    @work(thread=True, exclusive=True, group="errors-newest", exit_on_error=False)
    def _open_newest(self, group_id: int) -> None:
        rows = self.store.error_occurrences(group_id, limit=1)
        if rows:
            self.post_message(messages.OpenTimeline(rows[0]["session_id"], rows[0]["id"]))

    def action_sort(self) -> None:
        self.sort = "count" if self.sort == "recent" else "recent"
        self.reload()

    def action_filters(self) -> None:
        """The next status shown: all, regressed, open, resolved, ignored."""
        index = STATUS_FILTERS.index(self.status_filter)
        self.status_filter = STATUS_FILTERS[(index + 1) % len(STATUS_FILTERS)]
        self.reload()

    def action_resolution(self) -> None:
        from tui.gui.screens.resolution import ResolutionScreen

        group = self.current_group
        if has_resolution(group):
            self.app.push_screen(ResolutionScreen(self.store, group["id"]))

    def action_project(self) -> None:
        select = self.query_one("#errors-project", Select)
        select.focus()
        select.action_show_overlay()

    # -- the filters ------------------------------------------------------------

    @work(thread=True, exclusive=True, group="errors-projects", exit_on_error=False)
    def _load_projects(self) -> None:
        self.post_message(messages.ProjectsLoaded(self.store.projects()))

    def on_projects_loaded(self, message: messages.ProjectsLoaded) -> None:
        options = [(p["project_name"] or "(no project)", p["project"]) for p in message.projects]
        self.query_one("#errors-project", FilterSelect).offer(options, keep=self.project)

    @on(Select.Changed, "#errors-project")
    def _project_changed(self, event: Select.Changed) -> None:
        project = None if event.value is Select.NULL else str(event.value)
        if project != self.project:
            self.project = project
            self.reload()
            self.refresh_bindings()

    @on(Input.Changed, "#errors-filter")
    def _filter_typed(self, event: Input.Changed) -> None:
        self.box_changed()

    @on(Input.Submitted, "#errors-filter")
    def _filter_submitted(self, event: Input.Submitted) -> None:
        self.leave_box()

    def filter_by(self, text: str) -> None:
        text = text.strip()
        if text != self.text:
            self.text = text
            self.reload()
            self.refresh_bindings()

    def action_set_status(self, status: str) -> None:
        group = self.current_group
        if group is None or group.get("status") == status:
            return
        self._write(group["id"], status=status)

    def action_note(self) -> None:
        group = self.current_group
        if group is None:
            return
        group_id = group["id"]
        # Imported here: the pane is built on its key, and the modals are ~4 ms of that.
        from tui.gui.modals import TextInputModal, TextInputResult

        def save(result: TextInputResult | None) -> None:
            if result is not None:
                self._write(group_id, note=result.value.strip())

        self.app.push_screen(
            TextInputModal(
                f"Note for error #{group_id}",
                prompt=one_line(group.get("signature"))[:200],
                value=group.get("note") or "",
                placeholder="e.g. fixed by pinning textual-dev; or: ignore, flaky CI",
                submit_label="Save note",
            ),
            save,
        )

    @on(PagedTable.RowSelected, "#errors-table")
    def _open(self, event: PagedTable.RowSelected) -> None:
        event.stop()
        group = self.current_group
        if group is None:
            return
        from tui.gui.screens.error_detail import ErrorDetailScreen

        self.app.push_screen(ErrorDetailScreen(self.store, group["id"]), self._detail_closed)

    def _detail_closed(self, changed: bool | None) -> None:
        if changed:
            self.reload()

    @work(thread=True, group="errors-write", exit_on_error=False)
    def _write(self, group_id: int, *, status: str | None = None, note: str | None = None) -> None:
        if status is not None:
            self.store.set_error_status(group_id, status)
        if note is not None:
            self.store.set_error_note(group_id, note)
        group = self.store.get_error_group(group_id)
        what = f"marked {status}" if status is not None else "note saved"
        self.post_message(ErrorGroupUpdated(group_id, group, what))

    @on(ErrorGroupUpdated)
    def _updated(self, message: ErrorGroupUpdated) -> None:
        table = self.query_one(PagedTable)
        key = str(message.group_id)
        if message.group is None:
            self.notify(f"Error #{message.group_id} no longer exists.", severity="warning")
            self.reload()
            return
        self.notify(f"Error #{message.group_id} {message.what}.", timeout=3)
        old = self._groups.get(message.group_id, {})
        group = {**message.group, "projects": old.get("projects", "")}
        self._groups[message.group_id] = group
        if key in table.rows:
            for column, value in zip(table.columns, self._cells(group), strict=True):
                table.update_cell(key, column, value)
        self._update_info()
        self.refresh_bindings()
