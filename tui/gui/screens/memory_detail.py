"""One memory: its full content (diffs coloured) and every piece of metadata."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import get_current_worker

from tui.formatting import TYPE_LABELS, local_time, short_path, veto_label
from tui.gui import messages
from tui.gui.shared_keys import shared_keys
from tui.gui.store_client import StoreClient
from tui.gui.widgets.app_footer import AppFooter
from tui.gui.worker_failures import WorkerFailures
from tui.rich_text import memory_body, safe_text

IMPORTANCE = {1: "low", 2: "medium", 3: "high"}


@dataclass
class MemoryLoaded(Message):
    """One memory (None when it no longer exists)."""

    memory_id: int
    memory: dict | None
    extra: dict = field(default_factory=dict)


class MemoryDetailScreen(WorkerFailures, Screen):
    """The whole memory; `t` shows it in its session's timeline."""

    COMMAND_PREFIX = "Memory"  # how its actions are named in the command palette

    HELP_SECTION = "Memory"  # its section in the help
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="memory.back"),
        *shared_keys("memory", "timeline", "copy", "open_file"),
        Binding("E", "error_group", "Error group", id="memory.error_group"),
        *shared_keys("memory", "resume", "fork", "veto", "veto_source", "pin"),
        Binding("u", "lift", "Undo veto/pin", id="memory.lift"),
        Binding("j", "scroll('down')", "Scroll down", show=False, id="memory.down"),
        Binding("k", "scroll('up')", "Scroll up", show=False, id="memory.up"),
        Binding("g", "scroll('home')", "Top", show=False, id="memory.top"),
        Binding("G", "scroll('end')", "Bottom", show=False, id="memory.bottom"),
    ]

    def __init__(self, store: StoreClient, memory_id: int, *, from_timeline: bool = False) -> None:
        super().__init__()
        self.store = store
        self.memory_id = memory_id
        self.from_timeline = from_timeline
        self.memory: dict | None = None
        self.steering: dict = {"vetoes": [], "pinned": False}  # store.reading.ledger.steering_of

    def compose(self) -> ComposeResult:
        yield Static("", id="memory-meta")
        with VerticalScroll(id="memory-scroll"):
            yield Static("Loading…", id="memory-body")
        yield AppFooter()

    def on_mount(self) -> None:
        self.query_one("#memory-scroll").focus()
        self._load(self.memory_id)

    @work(thread=True, exclusive=True, group="memory", exit_on_error=False)
    def _load(self, memory_id: int) -> None:
        from store.reading import steering_of

        memory = self.store.get_memory(memory_id)
        group = None
        if memory and memory.get("error_group_id"):
            group = self.store.get_error_group(memory["error_group_id"])
        steering = self.store.read(steering_of, memory_id)
        if not get_current_worker().is_cancelled:
            self.post_message(MemoryLoaded(memory_id, memory, {"error_group": group, "steering": steering}))

    def on_data_changed(self, message: messages.DataChanged) -> None:
        if message.forgotten:  # forgotten or redacted, by anyone: show what is left of it
            self._load(self.memory_id)

    def on_memory_loaded(self, message: MemoryLoaded) -> None:
        self.memory = message.memory
        meta = self.query_one("#memory-meta", Static)
        body = self.query_one("#memory-body", Static)
        m = message.memory
        if m is None:
            meta.update(
                Text(f"Memory {message.memory_id} is no longer in the database.", style="bold")
            )
            body.update("")
            self.refresh_bindings()
            return
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="dim", no_wrap=True)
        grid.add_column(overflow="fold")
        kind = TYPE_LABELS.get(m["type"], m["type"])
        rows = [
            (
                "Memory",
                f"#{m['id']}  {kind}" + (f"  {m['tool_name']}" if m.get("tool_name") else ""),
            ),
            ("When", local_time(m.get("created_at"), self.app.tz, style="full")),
            ("Project", m.get("project_name") or "—"),
            ("Session", m.get("session_id") or "—"),
            ("Folder", short_path(m.get("cwd")) or "—"),
            ("File", m.get("file_path") or ""),
            ("Importance", IMPORTANCE.get(m.get("importance") or 1, str(m.get("importance")))),
            ("Tags", m.get("tags") or ""),
            ("Source", m.get("source") or ""),
        ]
        group = message.extra.get("error_group")
        if group:
            rows.append(
                ("Error group", f"#{group['id']}  {group['status']}  seen {group['count']}×")
            )
        self.steering = message.extra.get("steering") or {"vetoes": [], "pinned": False}
        recall = [f"vetoed ({veto_label(v)})" for v in self.steering["vetoes"]]
        if self.steering["pinned"]:
            recall.append("pinned: offered at every session start of its project")
        rows.append(("Recall", "; ".join(recall)))
        for label, value in rows:
            if value:
                grid.add_row(label, safe_text(value))  # inert, never markup
        meta.update(grid)
        body.update(memory_body(m))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("timeline", "copy"):
            return self.memory is not None
        if action in ("resume", "fork"):
            return bool(self.memory and self.memory.get("session_id"))
        if action == "open_file":
            return bool(self.memory and self.memory.get("file_path"))
        if action == "error_group":
            return bool(self.memory and self.memory.get("error_group_id"))
        if action == "veto":
            return self.memory is not None and not any(v["kind"] == "memory" for v in self.steering["vetoes"])
        if action == "veto_source":
            return bool(self.memory and (self.memory.get("file_path") or self.memory.get("error_group_id")))
        if action == "pin":
            return self.memory is not None and not self.steering["pinned"]
        if action == "lift":
            return self.memory is not None and bool(self.steering["vetoes"] or self.steering["pinned"])
        return True

    # -- recall: veto and pin (store/reading/ledger.py) ----------------------------------------

    def action_veto(self) -> None:
        if self.memory is not None:
            self._steer("veto", "memory", self.memory["id"], self.memory.get("project") or "",
                        said=f"Vetoed #{self.memory['id']}: never injected again (u lifts it).")  # fmt: skip

    def action_veto_source(self) -> None:
        m = self.memory
        if m is not None and m.get("file_path"):
            self._steer("veto", "file", m["file_path"], m.get("project") or "",
                        said=f"Vetoed {short_path(m['file_path'])}: none of its memories is injected again.")  # fmt: skip
        elif m is not None and m.get("error_group_id"):
            self._steer("veto", "error_group", m["error_group_id"], m.get("project") or "",
                        said=f"Vetoed error group x{m['error_group_id']}: none of its errors is injected again.")  # fmt: skip

    def action_pin(self) -> None:
        if self.memory is not None:
            self._steer("pin", self.memory["id"], said=f"Pinned #{self.memory['id']} to its project.")

    def action_lift(self) -> None:
        if self.memory is None:
            return
        if self.steering["vetoes"]:
            veto = self.steering["vetoes"][0]
            self._steer("unveto", veto["kind"], veto["value"], said=f"Lifted the veto on {veto_label(veto)}.")
        elif self.steering["pinned"]:
            self._steer("unpin", self.memory["id"], said=f"Unpinned #{self.memory['id']}.")

    @work(thread=True, group="memory-steer", exit_on_error=False)
    def _steer(self, what: str, *args, said: str) -> None:
        from store.reading import ledger

        self.store.run(getattr(ledger, what), *args)
        self.app.call_from_thread(self._steered, said)

    def _steered(self, said: str) -> None:
        self.notify(said)
        self._load(self.memory_id)

    def action_open_file(self) -> None:
        from tui.gui.memory_actions import open_in_editor

        if self.memory is not None:
            open_in_editor(self.app, self.memory)

    def action_error_group(self) -> None:
        from tui.gui.screens.error_detail import ErrorDetailScreen

        group_id = self.memory.get("error_group_id") if self.memory else None
        if group_id:
            self.app.push_screen(ErrorDetailScreen(self.store, group_id))

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_timeline(self) -> None:
        if self.memory is None:
            return
        if self.from_timeline:
            self.app.pop_screen()
            return
        session_id, memory_id = self.memory["session_id"], self.memory["id"]
        self.app.pop_screen()
        self.app.post_message(messages.OpenTimeline(session_id, memory_id))

    def action_copy(self) -> None:
        from tui.gui.memory_actions import copy_choices, offer_copy

        if self.memory is not None:
            text = [("text", self.memory.get("content") or "")]
            offer_copy(self.app, text + copy_choices(self.memory))

    def action_resume(self) -> None:
        from tui.gui.memory_actions import resume_session

        if self.memory is not None:
            resume_session(self, self.memory["session_id"])

    def action_fork(self) -> None:
        from tui.gui.memory_actions import resume_session

        if self.memory is not None:
            resume_session(self, self.memory["session_id"], fork=True)

    def action_scroll(self, where: str) -> None:
        scroll = self.query_one("#memory-scroll", VerticalScroll)
        {"down": scroll.scroll_down, "up": scroll.scroll_up,
         "home": scroll.scroll_home, "end": scroll.scroll_end}[where](animate=False)  # fmt: skip
