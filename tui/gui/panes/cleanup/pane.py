"""Pane 5, Cleanup: pick memories by filter or by marking rows, forget them, redact inside them.

The pane shows one of two views and owns their keys: the filtered list
(`tui.gui.panes.cleanup.selection`, whose ids are the very ids a forget removes)
or, after `S`, the secrets audit (`tui.gui.panes.cleanup.audit`, where `R`
redacts every finding).  `d` forgets after a confirmation that says what and
how many; `R` on the list redacts inside the memory under the cursor.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message

from store.display import inert_line
from store.forgetting import Criteria, forget_selected, selected_ids, summarise_ids
from tui.formatting import TYPE_LABELS, local_time, number, plural
from tui.gui import messages
from tui.gui.panes import Pane, is_showing
from tui.gui.panes.cleanup.selection import PAGE, SelectionView
from tui.gui.shared_keys import shared_keys
from tui.gui.store_client import StoreClient

if TYPE_CHECKING:
    from tui.gui.panes.cleanup.audit import SecretsAuditView

# The pane is built on its key: what only forgetting, redacting or the audit needs (the
# modals, store.forgetting.erase, the audit and its secret patterns, ~10 ms) is imported when used.

# -- messages (workers -> pane) ---------------------------------------------------


@dataclass
class ForgetPlan(Message):
    """What a forget would remove, for the confirmation."""

    ids: list[int]
    title: str
    details: str
    criteria: Criteria | None = None  # chosen again inside the forget's transaction


@dataclass
class Forgotten(Message):
    count: int
    confirmed: int = -1  # how many the confirmation said (-1: not known)
    pending: str = ""  # why the scrub is not finished yet


@dataclass
class ForgetLogLoaded(Message):
    rows: list[dict]


@dataclass
class RedactTarget(Message):
    """The memory the person wants to redact inside (None when it is gone)."""

    memory_id: int
    memory: dict | None


@dataclass
class Redacted(Message):
    memory_id: int
    count: int


# -- the pane ---------------------------------------------------------------------


class CleanupPane(Pane):
    """Forget memories and redact text inside them, with a secrets audit."""

    BINDINGS = [
        Binding("m,space", "toggle_mark", "Mark", id="cleanup.mark"),
        Binding("a", "mark_all", "Mark all", id="cleanup.mark_all"),
        Binding("d", "forget", "Forget", id="cleanup.forget"),
        Binding("R", "redact", "Redact", id="cleanup.redact"),
        Binding("R", "redact_findings", "Redact all", id="cleanup.redact_all"),
        Binding("S", "audit", "Secrets", id="cleanup.audit"),
        Binding("l", "forget_log", "Log", id="cleanup.log"),
        *shared_keys("cleanup", "filters", "export", "timeline", "copy", "open_file",
                     hidden={"filters"}),
    ]

    def __init__(self, store: StoreClient, **kwargs) -> None:
        super().__init__(store, **kwargs)
        self.mode = "filter"  # or "audit"
        self._stale = False

    def compose(self) -> ComposeResult:
        yield SelectionView(self.store, id="cleanup-body")
        # The secrets audit is mounted the first time it is asked for (`S`): built with the
        # pane it was a third of the build a Cleanup key waits for.

    @property
    def selection(self) -> SelectionView:
        return self.query_one(SelectionView)

    @property
    def audit(self) -> SecretsAuditView:
        return self.query_one("#cleanup-audit")  # type: ignore[return-value]

    @property
    def current_id(self) -> int | None:
        """The memory under the cursor of the view in front."""
        return (self.audit if self.mode == "audit" else self.selection).current_id

    def list_widget(self):
        return (self.audit if self.mode == "audit" else self.selection).table

    def box(self):
        return self.selection.filter_bar.query_box

    def has_filters(self) -> bool:
        return not self.selection.filter_bar.criteria.is_empty

    def clear_filters(self) -> None:
        self.set_filter(query="", project="", session="", file_path="", older_days=None)

    def leave_box(self) -> None:
        """Out of the filter bar to the list, the filter applied now."""
        bar = self.selection.filter_bar
        bar.stop_waiting()
        self._apply_filter(bar.criteria)
        self.selection.table.focus()

    def focus_box(self) -> bool:
        if self.mode == "audit":
            self._leave_audit()
        return super().focus_box()

    def selected(self) -> tuple[str | None, int | None]:
        view = self.audit if self.mode == "audit" else self.selection
        return view.selected()

    def _set_mode(self, mode: str) -> None:
        if mode == self.mode:
            return
        self.mode = mode
        self.selection.display = mode == "filter"
        self.audit.display = mode == "audit"
        self.focus_default()
        self.refresh_bindings()

    def set_filter(self, **values: object) -> None:
        """Fill the filter bar (for tests and for other panes) and apply it now."""
        bar = self.selection.filter_bar
        bar.fill(**values)
        self._apply_filter(bar.criteria)

    def _apply_filter(self, criteria: Criteria) -> None:
        if self.mode == "audit":
            self.selection.criteria = criteria
            self.selection.marks.forget_filter()
            self._leave_audit()
        elif criteria != self.selection.criteria:
            self.selection.apply(criteria)

    def on_data_changed(self, message: messages.DataChanged) -> None:
        # Hooks write on every tool call.  Refresh the first page only while it is in view and
        # nothing is marked, so a selection being built is never reshuffled under the person;
        # otherwise when the pane is shown again.  A forget re-counts its ids anyway.
        selection, table = self.selection, self.selection.table
        quiet = self.mode == "filter" and not selection.marks
        at_top = table.window_start == 0 and table.cursor_row < PAGE // 2
        if message.forgotten and self.mode == "audit":
            self.audit.recheck([f["id"] for f in self.audit.findings])  # what is gone or clean leaves
        elif message.forgotten:
            selection.reload()  # forgotten or redacted elsewhere: its rows go now (marks of them are moot)
        elif quiet and at_top and is_showing(self):
            selection.reload()
        else:
            self._stale = True

    def on_show(self) -> None:
        if self._stale and self.mode == "filter" and not self.selection.marks:
            self._stale = False
            self.selection.reload()

    # -- keys ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        filtering = self.mode == "filter"
        selection = self.selection
        has_row = self.current_id is not None
        if action == "toggle_mark":
            return filtering and has_row
        if action == "mark_all":
            return (
                filtering and not selection.criteria.is_empty and selection.total > 0
                and not selection.problem
            )  # fmt: skip
        if action == "forget":
            return filtering and (bool(selection.marks) or has_row)
        if action == "redact":
            return filtering and has_row
        if action in ("copy", "open_file"):
            return has_row
        if action == "export":
            return filtering and (bool(selection.marks) or has_row)
        if action == "redact_findings":
            return not filtering and bool(self.audit.findings)
        if action == "back":
            return (selection.filter_bar.is_typing or not filtering or bool(selection.marks)
                    or self.has_filters())  # fmt: skip
        return super().check_action(action, parameters)

    def action_toggle_mark(self) -> None:
        memory_id = self.current_id
        if memory_id is None or self.mode != "filter":
            return
        self.selection.marks.toggle(memory_id)
        self.selection.redraw_marks()
        self.selection.table.action_cursor_down()

    def action_mark_all(self) -> None:
        if self.selection.criteria.is_empty:
            self.notify(
                "Set a filter first: a query, project, session, file or age.", severity="warning"
            )
            return
        self.selection.marks.toggle_all()
        self.selection.redraw_marks()

    def action_filters(self) -> None:
        """The keys to the filter bar's fields (project, session, file, age)."""
        if self.mode == "audit":
            self._leave_audit()
        self.selection.filter_bar.focus_fields()

    def action_back(self) -> None:
        """Out of the filter bar (applying it), else stop or leave the audit, else unmark,
        else clear the filter."""
        selection = self.selection
        if selection.filter_bar.is_typing:
            self.leave_box()
        elif self.mode == "audit" and self.audit.scanning:
            self.audit.stop()
        elif self.mode == "audit":
            self._leave_audit()
        elif selection.marks:
            selection.marks.clear()
            selection.redraw_marks()
        elif self.has_filters():
            self.clear_filters()

    # -- forgetting ---------------------------------------------------------------

    def action_forget(self) -> None:
        if self.mode != "filter":
            return
        criteria, marks = self.selection.criteria, self.selection.marks
        whole_filter = "every memory matching " + criteria.describe()
        if marks.is_whole_filter:
            self._plan_forget(None, criteria, whole_filter)
        elif marks:
            self._plan_forget(marks.ids(), None, "the marked memories")
        elif not criteria.is_empty and not self.selection.problem:
            self._plan_forget(None, criteria, whole_filter)
        elif self.current_id is not None:
            self._plan_forget([self.current_id], None, f"memory #{self.current_id}")

    @work(thread=True, exclusive=True, group="cleanup-plan", exit_on_error=False)
    def _plan_forget(self, ids: list[int] | None, criteria: Criteria | None, what: str) -> None:
        # Fresh ids, counted now: exactly what will be removed.
        selection = criteria if criteria is not None else Criteria(ids=tuple(ids or ()))
        found, _problem = self.store.read(selected_ids, selection, self.app.now())
        summary = self.store.read(summarise_ids, found)
        details = describe_selection(summary, what, self.app.tz)
        n = len(found)
        self.post_message(
            ForgetPlan(found, f"Forget {plural(n, 'memory')}?", details, selection)
        )

    @on(ForgetPlan)
    def _confirm_forget(self, plan: ForgetPlan) -> None:
        if not plan.ids:
            self.notify("Nothing to forget: no memory matches any more.", severity="warning")
            self.selection.reload()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._forget(plan.criteria or Criteria(ids=tuple(plan.ids)), len(plan.ids))
            else:
                self.notify("Nothing was forgotten.", timeout=3)

        from tui.gui.modals import ConfirmModal

        self.app.push_screen(
            ConfirmModal(plan.title, plan.details, count=len(plan.ids), confirm_label="Forget"),
            answered,
        )

    @work(thread=True, exclusive=True, group="cleanup-write", exit_on_error=False)
    def _forget(self, criteria: Criteria, confirmed: int) -> None:
        done = self.store.run(forget_selected, criteria, self.app.now())
        self.post_message(Forgotten(done.count, confirmed, done.pending))

    @on(Forgotten)
    def _forgotten(self, message: Forgotten) -> None:
        n = message.count
        changed = ""
        if 0 <= message.confirmed != n:
            changed = f" ({number(message.confirmed)} matched when you confirmed)"
        if message.pending:
            self.notify(f"Forgot {plural(n, 'memory')}{changed}; {message.pending}",
                        severity="warning", timeout=12)  # fmt: skip
        else:
            self.notify(
                f"Forgot {plural(n, 'memory')}{changed}; "
                "the text is gone from the database file."
            )
        self.selection.marks.clear()
        self.selection.reload()

    # -- the forget log -----------------------------------------------------------

    def action_forget_log(self) -> None:
        self._load_forget_log()

    @work(thread=True, exclusive=True, group="cleanup-log", exit_on_error=False)
    def _load_forget_log(self) -> None:
        from store.forgetting import forget_log

        rows = self.store.read(forget_log, 10)
        self.post_message(ForgetLogLoaded(rows))

    @on(ForgetLogLoaded)
    def _show_forget_log(self, message: ForgetLogLoaded) -> None:
        if not message.rows:
            self.notify("Nothing has been forgotten or redacted yet.", timeout=5)
            return
        lines = []
        for row in message.rows:
            when = local_time(row["at"], self.app.tz, now=self.app.now())
            pending = " · scrub pending" if row["scrub"] != "done" else ""
            lines.append(f"{when}  {number(row['count'])}  {inert_line(row['criteria'])}{pending}")
        self.notify("\n".join(lines), title="Forget log (no content is kept)", timeout=15, markup=False)

    # -- redacting one memory -----------------------------------------------------

    def action_redact(self) -> None:
        memory_id = self.current_id
        if memory_id is not None:
            self._load_redact_target(memory_id)

    @work(thread=True, exclusive=True, group="cleanup-redact", exit_on_error=False)
    def _load_redact_target(self, memory_id: int) -> None:
        memory = self.store.get_memory(memory_id)
        self.post_message(RedactTarget(memory_id, memory))

    @on(RedactTarget)
    def _ask_redaction(self, target: RedactTarget) -> None:
        if target.memory is None:
            self.notify(f"Memory #{target.memory_id} no longer exists.", severity="warning")
            self._show_changed(target.memory_id)
            return

        def answered(pattern: str | None) -> None:
            if pattern:
                self._redact(target.memory_id, pattern)

        from store.forgetting import redaction_text
        from tui.gui.modals.redact import RedactModal

        modal = RedactModal(target.memory_id, redaction_text(target.memory))  # every field it covers
        self.app.push_screen(modal, answered)

    @work(thread=True, exclusive=True, group="cleanup-write", exit_on_error=False)
    def _redact(self, memory_id: int, pattern: str) -> None:
        from store.forgetting import redact

        count = self.store.run(redact, memory_id, pattern=pattern)
        self.post_message(Redacted(memory_id, count))

    @on(Redacted)
    def _redacted(self, message: Redacted) -> None:
        n = message.count
        if n:
            self.notify(
                f"Redacted {plural(n, 'place')} in memory #{message.memory_id}."
            )
        else:
            self.notify(
                f"Nothing matched in memory #{message.memory_id}; it is unchanged.",
                severity="warning",
            )
        self._show_changed(message.memory_id)

    def _show_changed(self, memory_id: int) -> None:
        """Memory `memory_id` changed or went: check it again in the audit, or reload the list."""
        if self.mode == "audit":
            self.audit.recheck([memory_id])
        else:
            self.selection.reload()

    # -- the secrets audit --------------------------------------------------------

    async def action_audit(self) -> None:
        """Start the audit; while it scans, stop it; once stopped or done, scan again."""
        if self.mode == "audit" and self.audit.scanning:
            self.audit.stop()
            return
        if not self.query("#cleanup-audit"):
            from tui.gui.panes.cleanup.audit import SecretsAuditView

            await self.mount(SecretsAuditView(self.store, id="cleanup-audit"))
        self._set_mode("audit")
        self.audit.start()

    def action_redact_findings(self) -> None:
        if self.mode == "audit":
            self.audit.redact_all()

    def on_findings_redacted(self) -> None:  # (tui.gui.panes.cleanup.audit.FindingsRedacted)
        if self.mode == "filter":
            self.selection.reload()

    def _leave_audit(self) -> None:
        self.audit.leave()
        self._set_mode("filter")
        self.selection.reload()

    # -- export, copy, open (tui/gui/export_flow.py, tui/gui/memory_actions.py) ---------

    def action_export(self) -> None:
        """Export the marked memories, else every memory of the filter, else the one row."""
        if self.mode != "filter":
            return
        criteria, marks = self.selection.criteria, self.selection.marks
        if marks and not marks.is_whole_filter:
            self._plan_export(None, marks.ids(), "the marked memories")
        elif not criteria.is_empty and not self.selection.problem:
            self._plan_export(criteria, None, "memories matching " + criteria.describe())
        elif self.current_id is not None:
            self._plan_export(None, [self.current_id], f"memory #{self.current_id}")

    @work(thread=True, exclusive=True, group="cleanup-export", exit_on_error=False)
    def _plan_export(self, criteria: Criteria | None, ids: list[int] | None, what: str) -> None:
        from store.reading import ExportRequest

        if criteria is not None:
            ids, _problem = self.store.read(selected_ids, criteria, self.app.now())
        request = ExportRequest(ids=tuple(ids or ()), title=what)
        self.app.call_from_thread(self._ask_export, request)

    def _ask_export(self, request) -> None:
        from tui.gui.export_flow import ask_and_export

        if not request.ids:
            self.notify("Nothing to export: no memory matches any more.", severity="warning")
            return
        ask_and_export(self, request, "selection")

    def action_copy(self) -> None:
        from tui.gui.memory_actions import copy_from_memory

        copy_from_memory(self, self.current_id)

    def action_open_file(self) -> None:
        from tui.gui.memory_actions import open_memory_file

        open_memory_file(self, self.current_id)


def describe_selection(summary: dict, what: str, tz=None) -> str:
    """The confirmation's details for `store.forgetting.selection.summarise_ids`' summary of a selection."""
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
        plural(v, TYPE_LABELS.get(k, k))
        for k, v in sorted(summary["kinds"].items(), key=lambda kv: -kv[1])
    )
    return (
        f"What: {what}.\n"
        f"{plural(n, 'memory')} from {plural(sessions, 'session')} in {shown}, {span}.\n"
        f"Kinds: {by_kind}.\n"
        "Their text is removed from the database file; search will not find it again."
    )
