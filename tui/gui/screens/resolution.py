"""What resolved an error group last time (`w` on a regressed group, in Errors, an error's
occurrences and Live): the note, and the edits and commands of the session it was resolved
in (store.triage.groups.resolution).  `enter` or `t` opens that session's timeline at the
highlighted fix; `escape` goes back.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from tui.formatting import first_line, local_time, one_line, plural, short_id
from tui.gui import messages
from tui.gui.shared_keys import shared_keys
from tui.gui.store_client import StoreClient
from tui.gui.widgets.app_footer import AppFooter
from tui.gui.widgets.vim_table import VimDataTable
from tui.gui.worker_failures import WorkerFailures
from tui.rich_text import cell, type_label

REGRESSED_STYLE = "bold magenta"


def has_resolution(group: dict | None) -> bool:
    """A group someone resolved once (now resolved again, or regressed): `w` has an answer."""
    return bool(group) and group.get("status") in ("regressed", "resolved") and bool(group.get("resolved_at"))


def regression_text(group: dict, tz=None, *, now=None, signature: bool = False) -> Text:
    """One line: when it came back, the key that shows what fixed it, what came back (with
    `signature`), when it was resolved before and the note then."""
    text = Text(no_wrap=True, overflow="ellipsis", end="")
    text.append("▲ regressed", style=REGRESSED_STYLE)
    if group.get("regressed_at"):
        text.append(f" {local_time(group['regressed_at'], tz, now=now)}")
    text.append(" · ")
    text.append("w", style="bold")
    text.append(" what fixed it")
    if signature:
        text.append(" · ")
        text.append(one_line(group.get("signature"), 100), style="bold")
    text.append(f" · resolved {local_time(group.get('resolved_at'), tz, now=now)}", style="dim")
    note = one_line(group.get("note"))
    if note:
        text.append(" · note: ", style="dim")
        text.append(note, style="italic")
    return text


@dataclass
class ResolutionLoaded(Message):
    """store.triage.groups.resolution for the group (None: the group is gone)."""

    found: dict | None


class ResolutionScreen(WorkerFailures, Screen[None]):
    """The note and the fixes of the session that resolved an error group."""

    HELP_SECTION = "What fixed it"  # its section in the help
    BINDINGS = [
        Binding("escape", "back", "Back", id="resolution.back"),
        *shared_keys("resolution", "timeline"),
    ]

    def __init__(self, store: StoreClient, group_id: int) -> None:
        super().__init__(classes="resolution")
        self.store = store
        self.group_id = group_id
        self.found: dict | None = None
        self._fixes: dict[int, dict] = {}

    def compose(self) -> ComposeResult:
        with Vertical(id="resolution-body"):
            yield Static("Loading…", id="resolution-header", markup=False)
            table = VimDataTable(id="resolution-fixes")
            table.add_column("When", key="when", width=12)
            table.add_column("Type", key="type", width=7)
            table.add_flex_column("What was done", key="what", min_width=16)
            yield table
            yield Static("", id="resolution-info", markup=False)
        yield AppFooter()

    def on_mount(self) -> None:
        self.query_one(VimDataTable).focus()
        self._load()

    def on_data_changed(self, message: messages.DataChanged) -> None:
        self._load()  # a fix forgotten, or the group resolved again elsewhere

    @work(thread=True, exclusive=True, group="resolution", exit_on_error=False)
    def _load(self) -> None:
        self.post_message(ResolutionLoaded(self.store.error_resolution(self.group_id)))

    @on(ResolutionLoaded)
    def _loaded(self, message: ResolutionLoaded) -> None:
        self.found = message.found
        header = self.query_one("#resolution-header", Static)
        info = self.query_one("#resolution-info", Static)
        table = self.query_one(VimDataTable)
        keep = table.cursor_key
        table.clear()
        self._fixes = {}
        if message.found is None:
            header.update(f"Error #{self.group_id} no longer exists (it was forgotten).")
            info.update("")
            self.refresh_bindings()
            return
        header.update(self._header_text(message.found))
        tz, now = getattr(self.app, "tz", None), self._now()
        with self.app.batch_update():
            for fix in message.found["fixes"]:
                self._fixes[fix["id"]] = fix
                table.add_row(
                    cell(local_time(fix.get("created_at"), tz, now=now)),
                    type_label(fix.get("type") or ""),
                    cell(first_line(fix.get("content"))),
                    key=str(fix["id"]),
                )
        if keep is not None and keep in table.rows:
            table.move_cursor(row=table.get_row_index(keep), animate=False)
        info.update(self._info_text(message.found))
        self.refresh_bindings()

    def _now(self):
        return self.app.now() if hasattr(self.app, "now") else None

    def _header_text(self, found: dict) -> Text:
        group, session = found["group"], found["session"]
        tz, now = getattr(self.app, "tz", None), self._now()
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        text.append("What resolved it last time", style="bold")
        text.append(" · ")
        text.append(one_line(group.get("signature")), style="bold red")
        text.append("\n")
        status = group.get("status") or "open"
        if status == "regressed":
            text.append("▲ regressed", style=REGRESSED_STYLE)
            text.append(f" {local_time(group.get('regressed_at'), tz, now=now)}")
        else:
            text.append(status, style="bold")
        if group.get("resolved_at"):
            text.append(f" · resolved {local_time(group['resolved_at'], tz, now=now)}", style="dim")
        if session is not None:
            text.append("\nin session ", style="dim")
            text.append(short_id(session.get("session_id")), style="bold")
            where = session.get("project_name") or session.get("cwd") or ""
            if where:
                text.append(f" · {one_line(where)}")
            summary = one_line(session.get("summary"))
            if summary:
                text.append(f" · {summary}", style="dim")
        note = one_line(group.get("note"))
        text.append("\nnote: ", style="dim")
        text.append(note or "none (n in Errors adds one)", style="italic" if note else "dim")
        return text

    def _info_text(self, found: dict) -> Text:
        group, session, fixes = found["group"], found["session"], found["fixes"]
        if not group.get("resolved_at"):
            return Text("It was never marked resolved, so there is no fix to show.", style="dim")
        if session is None:
            return Text(
                "memlane does not know the session it was resolved in (it was resolved before "
                "memlane kept that, or the session was forgotten): the note is what is left.",
                style="dim",
            )
        if not fixes:
            return Text("That session has no edits or commands memlane kept.", style="dim")
        which = "after the error" if found["after_error"] else "in that session (none came after the error)"
        text = Text(f"{plural(len(fixes), 'edit or command', 'edits and commands')} {which} · ",
                    style="dim")  # fmt: skip
        text.append("enter", style="bold")
        text.append(" or ")
        text.append("t", style="bold")
        text.append(" shows it in the session's timeline")
        return text

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "timeline":
            # the footer may ask before the table is mounted (seen under load)
            tables = self.query(VimDataTable)
            return bool(tables) and tables.first().cursor_key is not None
        return True

    def action_timeline(self) -> None:
        key = self.query_one(VimDataTable).cursor_key
        fix = self._fixes.get(int(key)) if key is not None else None
        if fix is not None:
            self.post_message(messages.OpenTimeline(fix["session_id"], memory_id=fix["id"]))

    @on(VimDataTable.RowSelected, "#resolution-fixes")
    def _open(self, event: VimDataTable.RowSelected) -> None:
        event.stop()
        self.action_timeline()

    def action_back(self) -> None:
        self.dismiss(None)
