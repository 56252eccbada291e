"""The Cleanup pane's secrets audit: stored memories the privacy filter would now redact.

A view of its own (a status line and a table of findings) that the pane shows
instead of its filtered list; the pane keeps the keys (`S`, `R`, `escape`)
and calls `start`, `stop`, `redact_all` and `leave`.

The scan goes through `store.forgetting.audit.audit_batch`, newest memories first, one
short `store.run` per batch, so other panes' queries get the connection in
between, the status line counts progress, findings appear as they are found,
and a stop (or leaving, or quitting) takes effect after the batch in hand.
The findings are held in a list; the table shows a window of it, so G is the
last finding found so far.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import Static
from textual.worker import get_current_worker

from store.config import privacy_patterns
from store.database import StoreError
from store.forgetting import audit_batch, audit_ids, count_memories, redact_findings
from store.seen_secrets import remembering
from tui.formatting import local_time, number, plural, short_id
from tui.gui.modals import ConfirmModal
from tui.gui.panes.cleanup.memory_list import MemoryListView
from tui.gui.store_client import StoreClient
from tui.gui.widgets.paged_table import PagedTable
from tui.rich_text import cell

PAGE = 100
BATCH = 250  # memories per store call: ~15-35 ms that other panes' queries wait at most


@dataclass
class AuditProgress(Message):
    """One batch scanned: what it found, how far the scan is, and whether it is finished."""

    scan: int
    findings: list[dict]
    scanned: int
    total: int
    done: bool
    failed: bool = False  # the store failed; StoreFailed says why


@dataclass
class Rechecked(Message):
    """These memories were audited again (after a redaction); `findings`: what they still hold."""

    ids: list[int]
    findings: list[dict] = field(default_factory=list)


@dataclass
class FindingsRedacted(Message):
    ids: list[int]
    count: int


class SecretsAuditView(MemoryListView):
    """Findings of the secrets audit, newest first, and a key that redacts them all."""

    TABLE_ID = "audit-table"

    def __init__(self, store: StoreClient, **kwargs) -> None:
        super().__init__(**kwargs)
        self.store = store
        self.findings: list[dict] = []  # newest first, as the scan finds them
        self.state = "idle"  # scanning, stopped (part way) or done
        self.scanned = self.total = 0
        self._scan_id = 0

    def _patterns(self):
        """The person's patterns with the store's memory of secrets redacted before
        (store/seen_secrets.py): a bare copy stored before its secret was seen is found too."""
        return remembering(privacy_patterns(), getattr(self.store, "path", None))

    def compose(self) -> ComposeResult:
        yield Static("", id="audit-status", classes="cleanup-status", markup=False)
        table = PagedTable(id=self.TABLE_ID, page_size=PAGE)
        self._add_columns(table)
        yield table

    def _add_columns(self, table: PagedTable) -> None:
        table.add_column("#", key="id", width=6)
        table.add_column("When", key="when", width=12)
        if self.wide:
            table.add_column("Session", key="session", width=8)
        table.add_column("Found", key="kinds", width=16)
        table.add_flex_column("Just before it", key="preview", min_width=16)

    def on_resize(self) -> None:  # from WIDE_FROM cells the table also shows sessions
        if not self.crossed(self.size.width):
            return
        by_id = {str(f["id"]): f for f in self.findings}
        self.table.redraw(self._add_columns, lambda key: self._cells(by_id[key]))

    def memory_row(self, memory_id: int) -> dict | None:
        return next((f for f in self.findings if f["id"] == memory_id), None)

    # -- scanning -----------------------------------------------------------------

    @property
    def scanning(self) -> bool:
        return self.state == "scanning"

    def start(self) -> None:
        """Scan every stored memory (again), from an empty list."""
        self._scan_id += 1
        self.findings = []
        self.state = "scanning"
        self.scanned = self.total = 0
        self.table.reset()
        self.query_one("#audit-status", Static).update(
            "Secrets audit: scanning every stored memory…"
        )
        self._scan(self._scan_id)

    def stop(self) -> None:
        """Stop scanning; what was found so far stays."""
        if not self.scanning:
            return
        self.workers.cancel_group(self, "cleanup-audit")
        self.state = "stopped"
        self._update_status()
        self.refresh_bindings()

    def leave(self) -> None:
        """The view is going away: stop the scan and forget its findings."""
        self.workers.cancel_group(self, "cleanup-audit")
        self._scan_id += 1  # a batch still in flight is not drawn
        self.state = "idle"
        self.findings = []

    @work(thread=True, exclusive=True, group="cleanup-audit", exit_on_error=False)
    def _scan(self, scan: int) -> None:
        worker = get_current_worker()
        before_id, scanned, total = None, 0, 0
        try:
            patterns = self._patterns()
            total = self.store.read(count_memories)
            while not worker.is_cancelled:
                found, before_id = self.store.read(audit_batch, before_id, BATCH, patterns)
                done = before_id is None
                scanned = total if done else min(scanned + BATCH, total)
                self.post_message(AuditProgress(scan, found, scanned, total, done))
                if done:
                    return
        except StoreError:  # the audit shows it stopped, then WorkerFailures says why
            self.post_message(AuditProgress(scan, [], scanned, total, done=False, failed=True))
            raise

    @on(AuditProgress)
    def _progress(self, message: AuditProgress) -> None:
        message.stop()
        if message.scan != self._scan_id:
            return
        before = (self.state, bool(self.findings))
        self.findings += message.findings
        self.scanned, self.total = message.scanned, message.total
        if self.scanning and (message.done or message.failed):
            self.state = "done" if message.done else "stopped"
        if not self.table.has_more:  # the window reaches the last finding: the new ones follow
            self._add_findings(self.table.window_end)
        self._update_status()
        if (self.state, bool(self.findings)) != before:  # the footer redraws: not every batch
            self.refresh_bindings()

    def _update_status(self) -> None:
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        n = len(self.findings)
        kinds = ", ".join(sorted({k for f in self.findings for k in f["kinds"]}))
        holds = "memory holds" if n == 1 else "memories hold"
        progress = f"{number(self.scanned)} of {number(self.total)} memories"
        if self.state == "scanning":
            text.append(f"Secrets audit: scanned {progress}", style="bold")
            text.append(f" · {plural(n, 'finding')}")
            text.append(" · escape or S stops", style="dim")
        elif self.state == "stopped":
            text.append(f"Secrets audit stopped after {progress}", style="bold yellow")
            if n:
                text.append(f": {number(n)} {holds} secrets ({kinds})")
                text.append(" · R redacts them · S scans again · escape: back", style="dim")
            else:
                text.append(": nothing found so far")
                text.append(" · S scans again · escape: back", style="dim")
        elif not n:
            text.append("Secrets audit: nothing found. ", style="bold green")
            text.append("Every stored memory passes the privacy filter · escape: back", style="dim")
        else:
            text.append(f"Secrets audit: {number(n)} {holds} secrets", style="bold red")
            text.append(f" ({kinds})")
            text.append(" · R redacts them all · escape: back", style="dim")
        self.query_one("#audit-status", Static).update(text)

    # -- after a redaction ----------------------------------------------------------

    def recheck(self, ids: list[int]) -> None:
        """Audit these findings again (they were just redacted) and show what is left."""
        self._recheck(ids)

    @work(thread=True, group="cleanup-recheck", exit_on_error=False)
    def _recheck(self, ids: list[int]) -> None:
        left = self.store.read(audit_ids, ids, self._patterns())
        self.post_message(Rechecked(ids, left))

    @on(Rechecked)
    def _rechecked(self, message: Rechecked) -> None:
        message.stop()
        table = self.table
        keep_id, position = self.current_id, table.window_start + max(0, table.cursor_row)
        again = {f["id"]: f for f in message.findings}
        checked = set(message.ids)
        self.findings = [again.get(f["id"], f) for f in self.findings
                         if f["id"] not in checked or f["id"] in again]  # fmt: skip
        self._show_around(keep_id, position)
        self._update_status()
        self.refresh_bindings()

    # -- the table ----------------------------------------------------------------

    def _cells(self, finding: dict) -> list[object]:
        cells: list[object] = [
            Text(str(finding["id"]), style="dim", justify="right", end=""),
            cell(local_time(finding.get("created_at"), self.app.tz, now=self.app.now())),
            cell(short_id(finding.get("session_id")), "dim"),
            cell(", ".join(finding["kinds"]), "bold red"),
            cell(finding.get("preview") or ""),
        ]
        if not self.wide:
            del cells[2]
        return cells

    def _rows(self, offset: int, limit: int = PAGE) -> list[tuple[str, list[object]]]:
        return [(str(f["id"]), self._cells(f)) for f in self.findings[offset : offset + limit]]

    def _add_findings(self, offset: int) -> None:
        has_more = offset + PAGE < len(self.findings)
        self.table.place("after", self._rows(offset), offset=offset, has_more=has_more)

    def _show_around(self, keep_id: int | None, position: int) -> None:
        """Draw the findings again with the cursor on `keep_id`, or, when it went, on the one
        now at `position` in the list, on the same line of the table."""
        table, findings = self.table, self.findings
        ids = [f["id"] for f in findings]
        index = ids.index(keep_id) if keep_id in ids else min(position, len(ids) - 1)
        start = max(0, index - max(0, table.cursor_row))
        span = max(table.row_count, PAGE)
        with self.app.batch_update():
            table.reset()
            has_more = start + span < len(findings)
            table.place("after", self._rows(start, span), offset=start, has_more=has_more)
            if index >= 0:
                table.move_cursor(row=index - table.window_start, animate=False)

    @on(PagedTable.NeedMore, "#audit-table")
    def _need_more(self, event: PagedTable.NeedMore) -> None:
        event.stop()
        if event.offset:  # 0: posted while the rows were being swapped
            self._add_findings(event.offset)

    # The findings are few and already held: each request is answered at once.

    @on(PagedTable.NeedEarlier, "#audit-table")
    def _need_earlier(self, event: PagedTable.NeedEarlier) -> None:
        event.stop()
        rows = self._rows(event.offset, event.limit)
        self.table.place(event.where, rows, offset=event.offset, has_more=True)

    @on(PagedTable.NeedEdge, "#audit-table")
    def _need_edge(self, event: PagedTable.NeedEdge) -> None:
        event.stop()
        n = len(self.findings)
        offset = 0 if event.where == "top" else max(0, n - PAGE)
        has_more = offset + PAGE < n
        self.table.place(event.where, self._rows(offset), offset=offset, has_more=has_more)

    # -- redacting every finding --------------------------------------------------

    def redact_all(self) -> None:
        """Ask, then apply the privacy filter to every memory found."""
        if not self.findings:
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
                f"Redact secrets in {plural(n, 'memory')}?",
                details,
                count=n,
                confirm_label="Redact",
            ),
            answered,
        )

    @work(thread=True, exclusive=True, group="cleanup-write", exit_on_error=False)
    def _redact_findings(self, ids: list[int]) -> None:
        count = self.store.run(redact_findings, ids, self._patterns())
        self.post_message(FindingsRedacted(ids, count))

    @on(FindingsRedacted)
    def _findings_redacted(self, message: FindingsRedacted) -> None:
        n = message.count
        self.notify(f"Redacted secrets in {plural(n, 'memory')}.")
        self.recheck(message.ids)
