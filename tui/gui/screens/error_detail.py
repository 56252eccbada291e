"""One error group's occurrences, and for the highlighted one what happened just before and after.

`enter` (or `t`) opens the occurrence's session timeline, scrolled to it; `escape` goes back.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from tui.formatting import TYPE_LABELS, first_line, local_time, number, one_line, short_id
from tui.gui import messages
from tui.gui.screens.resolution import REGRESSED_STYLE, has_resolution, regression_text
from tui.gui.shared_keys import shared_keys
from tui.gui.store_client import StoreClient
from tui.gui.widgets.app_footer import AppFooter
from tui.gui.widgets.vim_table import VimDataTable
from tui.gui.worker_failures import WorkerFailures
from tui.rich_text import cell, type_label

MAX_OCCURRENCES = 200
CONTEXT_BEFORE = 3
CONTEXT_AFTER = 3


@dataclass
class ErrorDetailLoaded(Message):
    """The group (None when it is gone) and its newest occurrences."""

    group: dict | None
    occurrences: list[dict]


@dataclass
class ErrorContextLoaded(Message):
    """The memories around one occurrence in its session, in order (it included)."""

    memory_id: int
    rows: list[dict]


@dataclass
class ErrorGroupWritten(Message):
    """The group after a status or note was written from this screen (None: it is gone)."""

    group: dict | None
    what: str


class ErrorDetailScreen(WorkerFailures, Screen[bool]):
    """Occurrences of one error group with their surroundings."""

    HELP_SECTION = "Error group"  # its section in the help
    BINDINGS = [
        Binding("escape", "back", "Back", id="error_detail.back"),
        Binding("w", "resolution", "What fixed it", id="error_detail.resolution",
                tooltip="What fixed a regressed group last time: its note, edits and commands"),
        Binding("r", "set_status('resolved')", "Resolve", id="error_detail.resolve"),
        Binding("i", "set_status('ignored')", "Ignore", id="error_detail.ignore"),
        Binding("u", "set_status('open')", "Reopen", id="error_detail.reopen"),
        *shared_keys("error_detail", "note", "timeline", "copy", "open_file"),
    ]

    def __init__(self, store: StoreClient, group_id: int) -> None:
        super().__init__(classes="error-detail")
        self.store = store
        self.group_id = group_id
        self.group: dict | None = None
        self._occurrences: dict[int, dict] = {}
        self._context_for: int | None = None
        self._changed = False  # a status or note was written: the Errors pane reloads

    def compose(self) -> ComposeResult:
        with Vertical(id="error-detail-body"):
            yield Static("Loading…", id="error-detail-header", markup=False)
            table = VimDataTable(id="error-detail-occurrences")
            table.add_column("When", key="when", width=16)
            table.add_column("Project", key="project", width=12)
            table.add_column("Session", key="session", width=8)
            table.add_flex_column("Error", key="error", min_width=16)
            yield table
            yield Static("Before and after, in its session", id="error-detail-context-title")
            with VerticalScroll(id="error-detail-context"):
                yield Static("", id="error-detail-context-text", markup=False)
        yield AppFooter()

    def on_mount(self) -> None:
        self.query_one(VimDataTable).focus()
        self._load()

    def on_data_changed(self, message: messages.DataChanged) -> None:
        if message.forgotten:  # occurrences forgotten or redacted elsewhere: read them again
            self._occurrences.clear()
            self.query_one(VimDataTable).clear()
            self._load()

    @work(thread=True, exclusive=True, group="error-detail", exit_on_error=False)
    def _load(self) -> None:
        group = self.store.get_error_group(self.group_id)
        rows = (
            self.store.error_occurrences(self.group_id, limit=MAX_OCCURRENCES) if group else []
        )
        self.post_message(ErrorDetailLoaded(group, rows))

    @on(ErrorDetailLoaded)
    def _loaded(self, message: ErrorDetailLoaded) -> None:
        self.group = message.group
        self.refresh_bindings()
        header = self.query_one("#error-detail-header", Static)
        if message.group is None:
            header.update(f"Error #{self.group_id} no longer exists (it was forgotten).")
            return
        header.update(self._header_text(message.group, len(message.occurrences)))
        tz = getattr(self.app, "tz", None)
        table = self.query_one(VimDataTable)
        with self.app.batch_update():
            for row in message.occurrences:
                self._occurrences[row["id"]] = row
                table.add_row(
                    cell(local_time(row.get("created_at"), tz, style="full")[:16]),
                    cell(row.get("project_name") or ""),
                    cell(short_id(row.get("session_id"))),
                    cell(first_line(row.get("content")), "red"),
                    key=str(row["id"]),
                )
        if message.occurrences:
            self._load_context(message.occurrences[0]["id"])

    def _header_text(self, group: dict, shown: int) -> Text:
        tz = getattr(self.app, "tz", None)
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        text.append(one_line(group.get("signature")), style="bold")
        text.append("\n")
        status = group.get("status") or "open"
        text.append(one_line(status), style=REGRESSED_STYLE if status == "regressed" else "bold")
        total = group.get("count") or 0
        seen = f" · seen {number(total)}×"
        if shown < total:
            seen += f" (newest {number(shown)} below)"
        text.append(seen)
        text.append(
            f" · first {local_time(group.get('first_seen'), tz, style='full')[:16]}"
            f" · last {local_time(group.get('last_seen'), tz, style='full')[:16]}",
            style="dim",
        )
        if group.get("status") == "regressed":  # the note is on this line
            text.append("\n")
            text.append_text(regression_text(group, tz, now=self.app.now() if hasattr(self.app, "now") else None))
            return text
        note = one_line(group.get("note"))
        if note:
            text.append("\nnote: ", style="dim")
            text.append(note, style="italic")
        return text

    @on(VimDataTable.RowHighlighted, "#error-detail-occurrences")
    def _highlighted(self, event: VimDataTable.RowHighlighted) -> None:
        if event.row_key.value is not None:
            self._load_context(int(event.row_key.value))

    def _load_context(self, memory_id: int) -> None:
        self._context_for = memory_id
        self._fetch_context(memory_id)

    @work(thread=True, exclusive=True, group="error-detail-context", exit_on_error=False)
    def _fetch_context(self, memory_id: int) -> None:
        rows = self.store.neighbours(memory_id, before=CONTEXT_BEFORE, after=CONTEXT_AFTER)
        self.post_message(ErrorContextLoaded(memory_id, rows))

    @on(ErrorContextLoaded)
    def _context_loaded(self, message: ErrorContextLoaded) -> None:
        if message.memory_id != self._context_for:
            return  # the highlight moved on while this was read
        self.query_one("#error-detail-context-text", Static).update(
            context_text(message.rows, message.memory_id, getattr(self.app, "tz", None))
        )

    @on(VimDataTable.RowSelected, "#error-detail-occurrences")
    def _open(self, event: VimDataTable.RowSelected) -> None:
        event.stop()
        row = self._occurrences.get(int(event.row_key.value)) if event.row_key.value else None
        if row is not None:
            self.post_message(messages.OpenTimeline(row["session_id"], memory_id=row["id"]))

    def action_back(self) -> None:
        self.dismiss(self._changed)

    # -- status, note and copy, as in the Errors pane ----------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "set_status":
            return self.group is not None and self.group.get("status") != parameters[0]
        if action == "note":
            return self.group is not None
        if action == "resolution":
            return has_resolution(self.group)
        if action in ("copy", "timeline", "open_file"):
            # the footer may ask while the table is not mounted (seen under load)
            tables = self.query(VimDataTable)
            return bool(tables) and tables.first().cursor_key is not None
        return True

    def action_timeline(self) -> None:
        key = self.query_one(VimDataTable).cursor_key
        row = self._occurrences.get(int(key)) if key is not None else None
        if row is not None:
            self.post_message(messages.OpenTimeline(row["session_id"], memory_id=row["id"]))

    def action_open_file(self) -> None:
        from tui.gui.memory_actions import open_memory_file

        key = self.query_one(VimDataTable).cursor_key
        open_memory_file(self, int(key) if key is not None else None)

    def action_resolution(self) -> None:
        from tui.gui.screens.resolution import ResolutionScreen

        if has_resolution(self.group):
            self.app.push_screen(ResolutionScreen(self.store, self.group_id))

    def action_set_status(self, status: str) -> None:
        if self.group is not None and self.group.get("status") != status:
            self._write(status=status)

    def action_note(self) -> None:
        from tui.gui.modals import TextInputModal, TextInputResult

        group = self.group
        if group is None:
            return

        def save(result: TextInputResult | None) -> None:
            if result is not None:
                self._write(note=result.value.strip())

        self.app.push_screen(
            TextInputModal(f"Note for error #{group['id']}", prompt=one_line(group.get("signature"))[:200],
                           value=group.get("note") or "", submit_label="Save note"),
            save,
        )  # fmt: skip

    def action_copy(self) -> None:
        from tui.gui.memory_actions import copy_from_memory

        key = self.query_one(VimDataTable).cursor_key
        copy_from_memory(self, int(key) if key is not None else None)

    @work(thread=True, group="error-detail-write", exit_on_error=False)
    def _write(self, *, status: str | None = None, note: str | None = None) -> None:
        if status is not None:
            self.store.set_error_status(self.group_id, status)
        if note is not None:
            self.store.set_error_note(self.group_id, note)
        group = self.store.get_error_group(self.group_id)
        self.post_message(ErrorGroupWritten(group, f"marked {status}" if status else "note saved"))

    @on(ErrorGroupWritten)
    def _written(self, message: ErrorGroupWritten) -> None:
        self._changed = True
        if message.group is None:
            self.notify(f"Error #{self.group_id} no longer exists.", severity="warning")
            return
        self.group = message.group
        shown = len(self._occurrences)
        self.query_one("#error-detail-header", Static).update(self._header_text(message.group, shown))
        self.notify(f"Error #{self.group_id} {message.what}.", timeout=3)
        self.refresh_bindings()


def context_text(rows: list[dict], focus_id: int, tz=None) -> Text:
    """One line per memory: time, kind, first line; the occurrence itself marked and red."""
    label_width = max(len(v) for v in TYPE_LABELS.values())
    text = Text(no_wrap=True, overflow="ellipsis", end="")
    if not rows:
        text.append("Nothing else was recorded in that session.", style="dim")
        return text
    for i, row in enumerate(rows):
        if i:
            text.append("\n")
        here = row["id"] == focus_id
        text.append("▶ " if here else "  ", style="bold red" if here else "")
        text.append(local_time(row.get("created_at"), tz, style="clock") + " ", style="dim")
        kind = type_label(row.get("type"))
        kind.pad_right(label_width - kind.cell_len + 1)
        text.append_text(kind)
        text.append(one_line(first_line(row.get("content"))), style="bold red" if here else "")
    return text
