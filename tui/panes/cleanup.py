"""Pane 5, Cleanup: pick memories by filter or by marking rows, forget them, redact inside them.

The filter (query / project / session / file / older than N days) is "the
current filter"; its ids come from `store.selection.selected_ids`, the very ids
a forget would remove (and `memlane forget` asks the same function), so the
count shown is the count deleted.  Marks are a
set of ids plus, after `a`, the filter itself (never 100k rows in a widget).
`s` runs the secrets audit; `R` redacts every finding.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Input, Static
from textual.widgets.data_table import CellDoesNotExist

from store.config import secret_patterns
from store.db import StoreError
from store.forget import REDACTED, forget_ids, redact, redact_findings, secrets_audit
from store.selection import (
    Criteria,
    count_memories,
    fetch_rows,
    selected_ids,
    summarise_ids,
)
from tui import messages
from tui.formatting import TYPE_LABELS, cell, first_line, local_time, number, type_label
from tui.modals import ConfirmModal, TextInputModal, TextInputResult
from tui.panes import is_showing
from tui.store_client import StoreClient
from tui.widgets.paged_table import PagedTable

PAGE = 100
MARK = "●"
FILTER_DEBOUNCE = 0.4
WIDE_FROM = 110  # columns from which the table also shows sessions


# -- messages (workers -> pane) ---------------------------------------------------


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


@dataclass
class ForgetPlan(Message):
    """What a forget would remove, for the confirmation."""

    ids: list[int]
    title: str
    details: str


@dataclass
class Forgotten(Message):
    count: int


@dataclass
class RedactTarget(Message):
    """The memory the person wants to redact inside (None when it is gone)."""

    memory_id: int
    memory: dict | None


@dataclass
class Redacted(Message):
    memory_id: int
    count: int


@dataclass
class AuditDone(Message):
    findings: list[dict] = field(default_factory=list)


@dataclass
class FindingsRedacted(Message):
    count: int


# -- the pane ---------------------------------------------------------------------


def filter_field(name: str, placeholder: str, **kwargs) -> Input:
    """One box of the filter bar (`#cleanup-<name>`)."""
    return Input(placeholder=placeholder, id=f"cleanup-{name}", compact=True,
                 classes="filter-field", **kwargs)  # fmt: skip


class CleanupPane(Widget):
    """Forget memories and redact text inside them, with a secrets audit."""

    BINDINGS = [
        Binding("space", "toggle_mark", "Mark", id="cleanup.mark"),
        Binding("a", "mark_all", "Mark all", id="cleanup.mark_all"),
        Binding("d", "forget", "Forget", id="cleanup.forget"),
        Binding("r", "redact", "Redact", id="cleanup.redact"),
        Binding("s", "audit", "Secrets", id="cleanup.audit"),
        Binding("R", "redact_findings", "Redact all", id="cleanup.redact_all"),
        Binding("f", "focus_filter", "Filter", id="cleanup.filter"),
        Binding("escape", "back", "Back", id="cleanup.back"),
    ]

    def __init__(self, store: StoreClient, **kwargs) -> None:
        super().__init__(**kwargs)
        self.store = store
        self.criteria = Criteria()
        self.mode = "filter"  # or "audit"
        self.total = 0
        self.problem = ""
        self._ids: list[int] | None = None
        self._id_set: frozenset[int] = frozenset()
        self._rows: dict[int, dict] = {}
        self._oldest_loaded: int | None = None
        self.marked: set[int] = set()
        self.all_marked = False  # every id of the current filter, except `unmarked`
        self.unmarked: set[int] = set()
        self.findings: list[dict] = []
        self._generation = 0
        self._debounce: Timer | None = None
        self._stale = False
        self._wide = False

    def compose(self) -> ComposeResult:
        with Vertical(id="cleanup-body"):
            with Vertical(id="cleanup-filter"):
                with Horizontal(classes="cleanup-filter-row"):
                    yield filter_field("query", "query")
                    yield filter_field("project", "project")
                with Horizontal(classes="cleanup-filter-row"):
                    yield filter_field("session", "session")
                    yield filter_field("file", "file path")
                    yield filter_field("older", "older than days", type="integer")
            yield Static("", id="cleanup-status", markup=False)
            table = PagedTable(id="cleanup-table")
            self._add_columns(table)
            yield table

    def on_mount(self) -> None:
        self.reload()

    def focus_default(self) -> None:
        self.query_one(PagedTable).focus()

    # -- columns ------------------------------------------------------------------

    def _add_columns(self, table: PagedTable) -> None:
        wide = self._wide
        if self.mode == "audit":
            table.add_column("#", key="id", width=6)
            table.add_column("When", key="when", width=12)
            if wide:
                table.add_column("Session", key="session", width=16)
            table.add_column("Found", key="kinds", width=16)
            table.add_flex_column("Just before it", key="preview", min_width=16)
            return
        table.add_column(" ", key="mark", width=1)
        table.add_column("#", key="id", width=6)
        table.add_column("When", key="when", width=12)
        table.add_column("Kind", key="kind", width=6)
        table.add_column("Project", key="project", width=16 if wide else 10)
        if wide:
            table.add_column("Session", key="session", width=16)
        table.add_flex_column("Memory", key="content", min_width=16)

    def _rebuild_table(self) -> None:
        """New columns (after a mode or width change), with the rows already loaded."""
        table = self.query_one(PagedTable)
        keep, loaded, has_more = self.current_id, table.row_count, table.has_more
        with self.app.batch_update():
            table.clear(columns=True)
            self._add_columns(table)
            if self.mode == "audit":
                rows = [(str(f["id"]), self._finding_cells(f)) for f in self.findings[:loaded]]
            else:
                rows = [(str(r["id"]), self._memory_cells(r)) for r in self._rows.values()]
            table.add_page(rows, has_more=has_more)
        if keep is not None and str(keep) in table.rows:
            table.move_cursor(row=table.get_row_index(str(keep)), animate=False)

    def on_resize(self) -> None:
        wide = self.size.width >= WIDE_FROM
        if wide != self._wide:
            self._wide = wide
            self._rebuild_table()

    def _set_mode(self, mode: str) -> None:
        if mode == self.mode:
            return
        self.mode = mode
        self._rows.clear()
        table = self.query_one(PagedTable)
        table.has_more = False
        table.clear()
        self._rebuild_table()
        self.query_one("#cleanup-filter").display = mode == "filter"

    # -- the filter ---------------------------------------------------------------

    def _criteria_from_inputs(self) -> Criteria:
        def value(name: str) -> str:
            return self.query_one(f"#cleanup-{name}", Input).value.strip()

        older = value("older")
        return Criteria(
            query=value("query"),
            project=value("project"),
            session=value("session"),
            file_path=value("file"),
            older_days=int(older) if older.isdigit() and int(older) > 0 else None,
        )

    def set_filter(self, **values: object) -> None:
        """Fill the filter bar (for tests and for other panes) and apply it now."""
        names = {"query": "query", "project": "project", "session": "session",
                 "file_path": "file", "older_days": "older"}  # fmt: skip
        for key, value in values.items():
            box = self.query_one(f"#cleanup-{names[key]}", Input)
            with box.prevent(Input.Changed):
                box.value = "" if value is None else str(value)
        self._apply_filter()

    @on(Input.Changed, ".filter-field")
    def _filter_typed(self) -> None:
        if self._debounce is not None:
            self._debounce.stop()
        self._debounce = self.set_timer(FILTER_DEBOUNCE, self._apply_filter)

    @on(Input.Submitted, ".filter-field")
    def _filter_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._apply_filter()
        self.query_one(PagedTable).focus()

    def _apply_filter(self) -> None:
        if self._debounce is not None:
            self._debounce.stop()
            self._debounce = None
        criteria = self._criteria_from_inputs()
        if criteria == self.criteria and self.mode == "filter":
            return
        self.criteria = criteria
        self.all_marked = False
        self.unmarked.clear()
        self._set_mode("filter")
        self.reload()

    def action_focus_filter(self) -> None:
        if self.mode == "audit":
            self._leave_audit()
        self.query_one("#cleanup-query", Input).focus()

    # -- loading ------------------------------------------------------------------

    def reload(self) -> None:
        """Fetch the first page of the current filter (or the audit again)."""
        self._generation += 1
        if self.mode == "audit":
            self._run_audit()
        else:
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
        if page.generation != self._generation or self.mode != "filter":
            return
        table = self.query_one(PagedTable)
        if page.offset == 0:
            keep = self.current_id
            self.total = page.total
            self.problem = page.problem
            self._ids = page.ids
            self._id_set = frozenset(page.ids or ())
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
        table.add_page(
            ((str(r["id"]), self._memory_cells(r)) for r in page.rows), has_more=page.has_more
        )

    @on(PagedTable.NeedMore, "#cleanup-table")
    def _need_more(self, event: PagedTable.NeedMore) -> None:
        event.stop()
        if event.offset == 0:
            return  # posted while the rows were being swapped: the first page is on its way
        if self.mode == "audit":
            table = self.query_one(PagedTable)
            self._add_findings(table, event.offset)
            return
        self._fetch_more(self._generation, event.offset, self._ids, self._oldest_loaded)

    def on_data_changed(self, message: messages.DataChanged) -> None:
        # Hooks write on every tool call.  Refresh the first page only while it is in view and
        # nothing is marked, so a selection being built is never reshuffled under the person;
        # otherwise when the pane is shown again.  A forget re-counts its ids anyway.
        quiet = self.mode == "filter" and not self.has_marks
        if quiet and is_showing(self) and self.query_one(PagedTable).cursor_row < PAGE // 2:
            self.reload()
        else:
            self._stale = True

    def on_show(self) -> None:
        if self._stale and self.mode == "filter" and not self.has_marks:
            self._stale = False
            self.reload()

    # -- drawing ------------------------------------------------------------------

    def is_marked(self, memory_id: int) -> bool:
        if memory_id in self.marked:
            return True
        return self.all_marked and memory_id in self._id_set and memory_id not in self.unmarked

    @property
    def marked_count(self) -> int:
        if not self.all_marked:
            return len(self.marked)
        return len(self._id_set) - len(self.unmarked) + len(self.marked - self._id_set)

    @property
    def has_marks(self) -> bool:
        return self.marked_count > 0

    def _memory_cells(self, row: dict) -> list[object]:
        tz = self.app.tz
        cells: list[object] = [
            Text(MARK if self.is_marked(row["id"]) else " ", style="bold yellow", end=""),
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
        status = self.query_one("#cleanup-status", Static)
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        if self.mode == "audit":
            if not self.findings:
                text.append("Secrets audit: nothing found. ", style="bold green")
                text.append(
                    "Every stored memory passes the privacy filter · escape: back", style="dim"
                )
            else:
                kinds = sorted({k for f in self.findings for k in f["kinds"]})
                n = len(self.findings)
                holds = "memory holds" if n == 1 else "memories hold"
                text.append(f"Secrets audit: {number(n)} {holds} secrets",
                            style="bold red")  # fmt: skip
                text.append(f" ({', '.join(kinds)})")
                text.append(" · R redacts them all · escape: back", style="dim")
            status.update(text)
            return
        if self.problem:
            text.append(self.problem, style="bold yellow")
        elif self.criteria.is_empty:
            text.append(f"All {number(self.total)} memories", style="bold")
            text.append(" · type a filter above (f) to select what to forget", style="dim")
        else:
            text.append(f"{number(self.total)} match", style="bold")
            text.append(f": {self.criteria.describe()}")
        if self.has_marks:
            text.append(f" · {number(self.marked_count)} marked", style="bold yellow")
        status.update(text)

    def _redraw_marks(self) -> None:
        table = self.query_one(PagedTable)
        with self.app.batch_update():
            for memory_id in self._rows:
                key = str(memory_id)
                if key in table.rows:
                    mark = Text(
                        MARK if self.is_marked(memory_id) else " ", style="bold yellow", end=""
                    )
                    table.update_cell(key, "mark", mark)
        self._update_status()
        self.refresh_bindings()

    # -- the row under the cursor -------------------------------------------------

    @property
    def current_id(self) -> int | None:
        table = self.query_one(PagedTable)
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
        if row is None and memory_id is not None:
            row = next((f for f in self.findings if f["id"] == memory_id), None)
        if row is not None:
            self.post_message(messages.OpenTimeline(row["session_id"], memory_id=memory_id))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        filtering = self.mode == "filter"
        has_row = self.current_id is not None
        if action == "toggle_mark":
            return filtering and has_row
        if action == "mark_all":
            return filtering and not self.criteria.is_empty and self.total > 0 and not self.problem
        if action == "forget":
            return filtering and (self.has_marks or has_row)
        if action == "redact":
            return has_row
        if action == "redact_findings":
            return not filtering and bool(self.findings)
        if action == "back":
            return self._typing_filter or not filtering or self.has_marks
        return True

    # -- marking ------------------------------------------------------------------

    def action_toggle_mark(self) -> None:
        memory_id = self.current_id
        if memory_id is None or self.mode != "filter":
            return
        if self.is_marked(memory_id):
            self.marked.discard(memory_id)
            if self.all_marked and memory_id in self._id_set:
                self.unmarked.add(memory_id)
        elif self.all_marked and memory_id in self.unmarked:
            self.unmarked.discard(memory_id)
        else:
            self.marked.add(memory_id)
        self._redraw_marks()
        self.query_one(PagedTable).action_cursor_down()

    def action_mark_all(self) -> None:
        if self.criteria.is_empty:
            self.notify(
                "Set a filter first: a query, project, session, file or age.", severity="warning"
            )
            return
        everything = self.all_marked and not self.unmarked
        self.all_marked = not everything
        self.unmarked.clear()
        if everything:
            self.marked -= self._id_set
        self._redraw_marks()

    @property
    def _typing_filter(self) -> bool:
        focused = self.app.focused
        return isinstance(focused, Input) and focused.has_class("filter-field")

    def action_back(self) -> None:
        if self._typing_filter:
            self._apply_filter()
            self.query_one(PagedTable).focus()
        elif self.mode == "audit":
            self._leave_audit()
        elif self.has_marks:
            self.marked.clear()
            self.unmarked.clear()
            self.all_marked = False
            self._redraw_marks()

    # -- forgetting ---------------------------------------------------------------

    def action_forget(self) -> None:
        if self.mode != "filter":
            return
        if self.has_marks:
            if self.all_marked and not self.unmarked and not (self.marked - self._id_set):
                self._plan_forget(
                    None, self.criteria, "every memory matching " + self.criteria.describe()
                )
            else:
                ids = set(self.marked)
                if self.all_marked:
                    ids |= self._id_set - self.unmarked
                self._plan_forget(sorted(ids), None, "the marked memories")
        elif not self.criteria.is_empty and not self.problem:
            self._plan_forget(
                None, self.criteria, "every memory matching " + self.criteria.describe()
            )
        elif self.current_id is not None:
            self._plan_forget([self.current_id], None, f"memory #{self.current_id}")

    @work(thread=True, exclusive=True, group="cleanup-plan")
    def _plan_forget(self, ids: list[int] | None, criteria: Criteria | None, what: str) -> None:
        try:
            # Fresh ids, counted now: exactly what will be removed.
            selection = criteria if criteria is not None else Criteria(ids=tuple(ids or ()))
            found, _problem = self.store.run(selected_ids, selection, self.app.now())
            summary = self.store.run(summarise_ids, found)
        except StoreError as exc:
            self.post_message(messages.StoreFailed(str(exc)))
            return
        details = describe_selection(summary, what, self.app.tz)
        n = len(found)
        self.post_message(
            ForgetPlan(found, f"Forget {number(n)} memor{'y' if n == 1 else 'ies'}?", details)
        )

    @on(ForgetPlan)
    def _confirm_forget(self, plan: ForgetPlan) -> None:
        if not plan.ids:
            self.notify("Nothing to forget: no memory matches any more.", severity="warning")
            self.reload()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._forget(plan.ids)
            else:
                self.notify("Nothing was forgotten.", timeout=3)

        self.app.push_screen(
            ConfirmModal(plan.title, plan.details, count=len(plan.ids), confirm_label="Forget"),
            answered,
        )

    @work(thread=True, exclusive=True, group="cleanup-write")
    def _forget(self, ids: list[int]) -> None:
        try:
            count = self.store.run(forget_ids, ids)
        except StoreError as exc:
            self.post_message(messages.StoreFailed(str(exc)))
            return
        self.post_message(Forgotten(count))

    @on(Forgotten)
    def _forgotten(self, message: Forgotten) -> None:
        n = message.count
        self.notify(
            f"Forgot {number(n)} memor{'y' if n == 1 else 'ies'}; "
            "the text is gone from the database file."
        )
        self.marked.clear()
        self.unmarked.clear()
        self.all_marked = False
        self.reload()

    # -- redacting one memory -----------------------------------------------------

    def action_redact(self) -> None:
        memory_id = self.current_id
        if memory_id is not None:
            self._load_redact_target(memory_id)

    @work(thread=True, exclusive=True, group="cleanup-redact")
    def _load_redact_target(self, memory_id: int) -> None:
        try:
            memory = self.store.get_memory(memory_id)
        except StoreError as exc:
            self.post_message(messages.StoreFailed(str(exc)))
            return
        self.post_message(RedactTarget(memory_id, memory))

    @on(RedactTarget)
    def _ask_redaction(self, target: RedactTarget) -> None:
        if target.memory is None:
            self.notify(f"Memory #{target.memory_id} no longer exists.", severity="warning")
            self.reload()
            return
        content = target.memory.get("content") or ""

        def answered(result: TextInputResult | None) -> None:
            if result is None or not result.value:
                return
            pattern = result.value if result.toggled else re.escape(result.value)
            self._redact(target.memory_id, pattern)

        self.app.push_screen(
            TextInputModal(
                f"Redact inside memory #{target.memory_id}",
                prompt=f"Text to replace with {REDACTED} (every occurrence):",
                placeholder="paste the text, or a regular expression (ctrl+t)",
                submit_label="Redact",
                toggle_label="regular expression",
                preview=content,
                describe=lambda text, regex: redaction_preview(content, text, regex),
                allow_empty=False,
            ),
            answered,
        )

    @work(thread=True, exclusive=True, group="cleanup-write")
    def _redact(self, memory_id: int, pattern: str) -> None:
        try:
            count = self.store.run(redact, memory_id, pattern=pattern)
        except StoreError as exc:
            self.post_message(messages.StoreFailed(str(exc)))
            return
        self.post_message(Redacted(memory_id, count))

    @on(Redacted)
    def _redacted(self, message: Redacted) -> None:
        n = message.count
        if n:
            self.notify(
                f"Redacted {number(n)} place{'s' if n != 1 else ''} in memory #{message.memory_id}."
            )
        else:
            self.notify(
                f"Nothing matched in memory #{message.memory_id}; it is unchanged.",
                severity="warning",
            )
        self.reload()

    # -- the secrets audit --------------------------------------------------------

    def action_audit(self) -> None:
        self._set_mode("audit")
        self.findings = []
        self.query_one("#cleanup-status", Static).update(
            "Secrets audit: scanning every stored memory…"
        )
        self.reload()

    def _leave_audit(self) -> None:
        self._set_mode("filter")
        self.findings = []
        self.reload()

    @work(thread=True, exclusive=True, group="cleanup-fetch")
    def _run_audit(self) -> None:
        try:
            findings = self.store.run(secrets_audit, secret_patterns())
        except StoreError as exc:
            self.post_message(messages.StoreFailed(str(exc)))
            return
        findings.sort(key=lambda f: f["id"], reverse=True)
        self.post_message(AuditDone(findings))

    @on(AuditDone)
    def _audit_done(self, message: AuditDone) -> None:
        if self.mode != "audit":
            return
        self.findings = message.findings
        table = self.query_one(PagedTable)
        with self.app.batch_update():
            table.reset()
            self._add_findings(table, 0)
        self._update_status()
        self.refresh_bindings()

    def _finding_cells(self, finding: dict) -> list[object]:
        cells: list[object] = [
            Text(str(finding["id"]), style="dim", justify="right", end=""),
            cell(local_time(finding.get("created_at"), self.app.tz, now=self.app.now())),
            cell(finding.get("session_id") or "", "dim"),
            cell(", ".join(finding["kinds"]), "bold red"),
            cell(finding.get("preview") or ""),
        ]
        if not self._wide:
            del cells[2]
        return cells

    def _add_findings(self, table: PagedTable, offset: int) -> None:
        page = self.findings[offset : offset + PAGE]
        rows = ((str(f["id"]), self._finding_cells(f)) for f in page)
        table.add_page(rows, has_more=offset + PAGE < len(self.findings))

    def action_redact_findings(self) -> None:
        if self.mode != "audit" or not self.findings:
            return
        ids = [f["id"] for f in self.findings]
        kinds: dict[str, int] = {}
        for f in self.findings:
            for kind in f["kinds"]:
                kinds[kind] = kinds.get(kind, 0) + 1
        n = len(ids)
        details = (
            "Found: " + ", ".join(f"{k} ×{v}" for k, v in sorted(kinds.items())) + ".\n"
            "Each secret becomes [REDACTED:<kind>] and <private> blocks are removed; "
            "the rest of each memory stays. The old text is scrubbed from the database file."
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self._redact_findings(ids)
            else:
                self.notify("Nothing was redacted.", timeout=3)

        self.app.push_screen(
            ConfirmModal(
                f"Redact secrets in {number(n)} memor{'y' if n == 1 else 'ies'}?",
                details,
                count=n,
                confirm_label="Redact",
            ),
            answered,
        )

    @work(thread=True, exclusive=True, group="cleanup-write")
    def _redact_findings(self, ids: list[int]) -> None:
        try:
            count = self.store.run(redact_findings, ids, secret_patterns())
        except StoreError as exc:
            self.post_message(messages.StoreFailed(str(exc)))
            return
        self.post_message(FindingsRedacted(count))

    @on(FindingsRedacted)
    def _findings_redacted(self, message: FindingsRedacted) -> None:
        n = message.count
        self.notify(f"Redacted secrets in {number(n)} memor{'y' if n == 1 else 'ies'}.")
        self.reload()


# -- what the confirmation says ---------------------------------------------------------


def describe_selection(summary: dict, what: str, tz=None) -> str:
    """The confirmation's details for `store.selection.summarise_ids`' summary of a selection."""
    n = summary["count"]
    if not n:
        return f"What: {what}.\nNothing matches."
    sessions = len(summary["sessions"])
    names = summary["projects"]
    shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    oldest, newest = summary["oldest"], summary["newest"]
    span = local_time(oldest, tz, style="full")[:16]
    if newest != oldest:
        span += " to " + local_time(newest, tz, style="full")[:16]
    by_kind = ", ".join(
        f"{v} {TYPE_LABELS.get(k, k)}"
        for k, v in sorted(summary["kinds"].items(), key=lambda kv: -kv[1])
    )
    return (
        f"What: {what}.\n"
        f"{number(n)} memor{'y' if n == 1 else 'ies'} from {number(sessions)} "
        f"session{'s' if sessions != 1 else ''} in {shown}, {span}.\n"
        f"Kinds: {by_kind}.\n"
        "Their text is removed from the database file; search will not find it again."
    )


def redaction_preview(content: str, text: str, regex: bool) -> tuple[str, bool]:
    """How many places `text` (literal, or a regular expression) would replace in `content`."""
    if not text:
        return ("Type the text to redact.", False)
    if regex:
        try:
            count = len(re.findall(text, content))
        except re.error as exc:
            return (f"Not a valid regular expression: {exc}.", False)
    else:
        count = content.count(text)
    if not count:
        return ("No match in this memory.", False)
    return (f"{count} place{'s' if count != 1 else ''} will become {REDACTED}.", True)
