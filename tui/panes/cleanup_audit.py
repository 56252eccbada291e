"""The Cleanup pane's secrets audit: stored memories the privacy filter would now redact.

A view of its own (a status line and a table of findings) that the pane shows
instead of its filtered list; the pane keeps the keys (`s`, `R`, `escape`)
and calls `start`, `redact_all` and `leave`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Static
from textual.widgets.data_table import CellDoesNotExist

from store.config import secret_patterns
from store.db import StoreError
from store.forget import redact_findings, secrets_audit
from tui import messages
from tui.formatting import cell, local_time, number
from tui.modals import ConfirmModal
from tui.store_client import StoreClient
from tui.widgets.paged_table import PagedTable

PAGE = 100
WIDE_FROM = 110  # columns from which the table also shows sessions


@dataclass
class AuditDone(Message):
    findings: list[dict] = field(default_factory=list)


@dataclass
class FindingsRedacted(Message):
    count: int


class SecretsAuditView(Vertical):
    """Findings of the secrets audit, newest first, and a key that redacts them all."""

    def __init__(self, store: StoreClient, **kwargs) -> None:
        super().__init__(**kwargs)
        self.store = store
        self.findings: list[dict] = []
        self._wide = False

    def compose(self) -> ComposeResult:
        yield Static("", id="audit-status", classes="cleanup-status", markup=False)
        table = PagedTable(id="audit-table")
        self._add_columns(table)
        yield table

    @property
    def table(self) -> PagedTable:
        return self.query_one("#audit-table", PagedTable)

    def _add_columns(self, table: PagedTable) -> None:
        table.add_column("#", key="id", width=6)
        table.add_column("When", key="when", width=12)
        if self._wide:
            table.add_column("Session", key="session", width=16)
        table.add_column("Found", key="kinds", width=16)
        table.add_flex_column("Just before it", key="preview", min_width=16)

    def on_resize(self) -> None:
        wide = self.size.width >= WIDE_FROM
        if wide == self._wide:
            return
        self._wide = wide
        table = self.table
        keep, loaded, has_more = self.current_id, table.row_count, table.has_more
        with self.app.batch_update():
            table.clear(columns=True)
            self._add_columns(table)
            rows = [(str(f["id"]), self._cells(f)) for f in self.findings[:loaded]]
            table.add_page(rows, has_more=has_more)
        if keep is not None and str(keep) in table.rows:
            table.move_cursor(row=table.get_row_index(str(keep)), animate=False)

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

    # -- scanning -----------------------------------------------------------------

    def start(self) -> None:
        """Scan every stored memory (again), from an empty list."""
        self.findings = []
        self.table.reset()
        self.query_one("#audit-status", Static).update(
            "Secrets audit: scanning every stored memory…"
        )
        self._scan()

    def leave(self) -> None:
        self.findings = []

    @work(thread=True, exclusive=True, group="cleanup-audit")
    def _scan(self) -> None:
        try:
            findings = self.store.run(secrets_audit, secret_patterns())
        except StoreError as exc:
            self.post_message(messages.StoreFailed(str(exc)))
            return
        findings.sort(key=lambda f: f["id"], reverse=True)
        self.post_message(AuditDone(findings))

    @on(AuditDone)
    def _scanned(self, message: AuditDone) -> None:
        message.stop()
        if not self.display:
            return
        self.findings = message.findings
        table = self.table
        with self.app.batch_update():
            table.reset()
            self._add_findings(0)
        self._update_status()
        self.refresh_bindings()

    def _update_status(self) -> None:
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        if not self.findings:
            text.append("Secrets audit: nothing found. ", style="bold green")
            text.append("Every stored memory passes the privacy filter · escape: back", style="dim")
        else:
            kinds = sorted({k for f in self.findings for k in f["kinds"]})
            n = len(self.findings)
            holds = "memory holds" if n == 1 else "memories hold"
            text.append(f"Secrets audit: {number(n)} {holds} secrets", style="bold red")
            text.append(f" ({', '.join(kinds)})")
            text.append(" · R redacts them all · escape: back", style="dim")
        self.query_one("#audit-status", Static).update(text)

    # -- the table ----------------------------------------------------------------

    def _cells(self, finding: dict) -> list[object]:
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

    def _add_findings(self, offset: int) -> None:
        page = self.findings[offset : offset + PAGE]
        rows = ((str(f["id"]), self._cells(f)) for f in page)
        self.table.add_page(rows, has_more=offset + PAGE < len(self.findings))

    @on(PagedTable.NeedMore, "#audit-table")
    def _need_more(self, event: PagedTable.NeedMore) -> None:
        event.stop()
        if event.offset:  # 0: posted while the rows were being swapped
            self._add_findings(event.offset)

    @on(PagedTable.RowHighlighted, "#audit-table")
    def _highlighted(self) -> None:
        self.refresh_bindings()

    @on(PagedTable.RowSelected, "#audit-table")
    def _open(self, event: PagedTable.RowSelected) -> None:
        event.stop()
        memory_id = self.current_id
        finding = next((f for f in self.findings if f["id"] == memory_id), None)
        if finding is not None:
            self.post_message(messages.OpenTimeline(finding["session_id"], memory_id=memory_id))

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
        message.stop()
        n = message.count
        self.notify(f"Redacted secrets in {number(n)} memor{'y' if n == 1 else 'ies'}.")
        if self.display:
            self.start()
