"""A session's timeline: every memory in order as a card, scrolled to the one asked for.

Only a window of the session is loaded (pages of PAGE around the memory);
the list asks for more as the highlight nears either end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.worker import get_current_worker

from tui.formatting import (
    duration,
    forked_from,
    is_live,
    ledger_acted,
    ledger_decision,
    ledger_numbers,
    local_time,
    number,
    one_line,
    plural,
    session_duration,
)
from tui.gui import messages
from tui.gui.screens.memory_detail import MemoryDetailScreen
from tui.gui.shared_keys import shared_keys
from tui.gui.store_client import StoreClient
from tui.gui.widgets.app_footer import AppFooter
from tui.gui.widgets.timeline_list import TimelineList
from tui.gui.worker_failures import WorkerFailures
from tui.rich_text import ERROR_STYLE, memory_body, type_label

PAGE = 150  # memories per page
BEFORE = 40  # memories loaded before the one asked for
CARD_LINES = 8  # lines of content on a card, each cut to the width (the detail screen shows all)


@dataclass
class TimelineLoaded(Message):
    """A window of a session's memories in order, and where `focus_id` sits in it."""

    session: dict | None
    rows: list[dict]
    first_position: int
    has_before: bool
    has_after: bool
    focus_id: int | None = None
    total: int = 0
    focus_last: bool = False


@dataclass
class TimelineMore(Message):
    """More memories for the timeline: `direction` is "before" or "after"."""

    direction: str
    rows: list[dict]
    has_more: bool
    total: int = 0


@dataclass
class SessionRead(Message):
    """The session again (its counts, its length, whether it is live), after a hook wrote."""

    session: dict | None


@dataclass
class InjectionsLoaded(Message):
    """A session's recall decisions and what they sent (store.reading.ledger.session_decisions)."""

    data: dict


class TimelineScreen(WorkerFailures, Screen):
    """Prompts, edits with diffs, commands with output and errors, in the order they happened."""

    COMMAND_PREFIX = "Timeline"  # how its actions are named in the command palette

    HELP_SECTION = "Timeline"  # its section in the help
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="timeline.back"),
        Binding("right_square_bracket", "next_error", "Next error", key_display="]",
                id="timeline.next_error"),
        Binding("left_square_bracket", "previous_error", "Previous error", key_display="[", show=False,
                id="timeline.previous_error"),
        *shared_keys("timeline", "export", "copy", "open_file", "resume", "fork"),
        Binding("I", "toggle_injections", "Injected", id="timeline.injections"),
    ]

    def __init__(self, store: StoreClient, session_id: str, memory_id: int | None = None) -> None:
        super().__init__()
        self.store = store
        self.session_id = session_id
        self.memory_id = memory_id
        self.session: dict | None = None
        self.total = 0
        self.injections: dict | None = None  # store.reading.ledger.session_decisions, once `I` asked for it
        self.show_injections = False

    def compose(self) -> ComposeResult:
        yield Static("", id="timeline-header")
        yield TimelineList(self._card, id="timeline-list")
        yield Label("Loading…", id="timeline-status")
        yield AppFooter()

    @property
    def timeline(self) -> TimelineList:
        return self.query_one("#timeline-list", TimelineList)

    def on_mount(self) -> None:
        # A live session stops being live when nothing happens in it: the header says so then.
        self.set_interval(self.app.options.live_check, self._draw_header)
        self.timeline.focus()
        self.timeline.fetching = True
        self._load(self.memory_id, "")

    # -- cards --------------------------------------------------------------------

    def _card(self, memory: dict) -> RenderableType:
        error = memory.get("type") == "error"
        header = Text(no_wrap=True, overflow="ellipsis")
        header.append(local_time(memory.get("created_at"), self.app.tz, style="clock"),
                      style=ERROR_STYLE if error else "dim")  # fmt: skip
        header.append("  ")
        header.append_text(type_label(memory.get("type")))
        if memory.get("tool_name"):
            header.append(f"  {one_line(memory['tool_name'])}", style="bold")
        body = memory_body(memory, max_lines=CARD_LINES, wrap=False)
        if self.show_injections and memory.get("type") == "prompt":
            return Group(header, Padding(body, (0, 0, 0, 2)), Padding(self._given(memory), (0, 0, 1, 2)))
        return Group(header, Padding(body, (0, 0, 1, 2)))

    def _given(self, prompt: dict) -> Text:
        """What recall gave this prompt (`I`): the decision, its numbers, each memory sent."""
        data = self.injections or {"entries": [], "memories": {}}
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        decisions = [d for d in data["entries"] if d.get("prompt_memory_id") == prompt["id"]]
        if not decisions:
            text.append("↳ recall: nothing recorded for this prompt", style="dim italic")
        for n, decision in enumerate(decisions):
            numbers = ledger_numbers(decision)
            acted = ledger_acted(decision)
            text.append(("\n" if n else "") + "↳ recall: " + ledger_decision(decision), style="italic cyan")
            text.append((f"  ({numbers})" if numbers else "") + (f"  acted on: {acted}" if acted else ""), style="dim")
            for item in decision["items"]:
                sent = data["memories"].get(item["memory_id"])
                if sent is not None:
                    text.append(f"\n    #{sent['id']} ", style="dim")
                    text.append_text(type_label(sent.get("type")))
                    text.append(" " + one_line(sent.get("content"))[:200])
        return text

    # -- loading ------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="timeline", exit_on_error=False)
    def _load(self, memory_id: int | None, where: str) -> None:
        """The window around `memory_id`, or the session's start/end page."""
        sid = self.session_id
        session = self.store.get_session(sid)
        focus = memory_id
        if memory_id is not None:
            before = self.store.memories_before(memory_id, session=sid, limit=BEFORE)
            before.reverse()
            after = self.store.session_timeline(sid, after_id=memory_id - 1, limit=PAGE)
            rows = before + after
            has_before, has_after = len(before) == BEFORE, len(after) == PAGE
        elif where == "end":
            rows = self.store.memories_before(None, session=sid, limit=PAGE)
            rows.reverse()
            has_before, has_after = len(rows) == PAGE, False
        else:
            rows = self.store.session_timeline(sid, after_id=0, limit=PAGE)
            has_before, has_after = False, len(rows) == PAGE
        first = self.store.position_in_session(rows[0]["id"]) if rows and has_before else 0
        if get_current_worker().is_cancelled:
            return
        total = (session or {}).get("memory_count") or len(rows)
        self.post_message(TimelineLoaded(
            session, rows, first or 0, has_before, has_after, focus, total, where == "end"
        ))  # fmt: skip

    @work(thread=True, exclusive=True, group="timeline-more", exit_on_error=False)
    def _load_more(self, direction: str, edge_id: int) -> None:
        sid = self.session_id
        if direction == "before":
            rows = self.store.memories_before(edge_id, session=sid, limit=PAGE)
            rows.reverse()
        else:
            rows = self.store.session_timeline(sid, after_id=edge_id, limit=PAGE)
        session = self.store.get_session(sid)
        if not get_current_worker().is_cancelled:
            total = (session or {}).get("memory_count") or 0
            self.post_message(TimelineMore(direction, rows, len(rows) == PAGE, total))

    def on_timeline_loaded(self, message: TimelineLoaded) -> None:
        self.session = message.session
        self.total = message.total
        self._draw_header()
        self.timeline.set_window(
            message.rows, has_before=message.has_before, has_after=message.has_after,
            focus_id=message.focus_id, first_position=message.first_position,
            focus_last=message.focus_last,
        )  # fmt: skip
        self._draw_status()

    def on_timeline_more(self, message: TimelineMore) -> None:
        if message.total:
            self.total = message.total
        if message.direction == "before":
            self.timeline.prepend(message.rows, has_more=message.has_more)
        else:
            self.timeline.append(message.rows, has_more=message.has_more)
        self._draw_status()

    @on(TimelineList.NeedBefore)
    def _need_before(self, message: TimelineList.NeedBefore) -> None:
        self._load_more("before", message.first_id)

    @on(TimelineList.NeedAfter)
    def _need_after(self, message: TimelineList.NeedAfter) -> None:
        self._load_more("after", message.last_id)

    @on(TimelineList.JumpTo)
    def _jump(self, message: TimelineList.JumpTo) -> None:
        self._load(None, message.where)

    def on_data_changed(self, message: messages.DataChanged) -> None:
        timeline = self.timeline
        if message.forgotten:  # read the window again where the highlight is: gone rows go
            current = timeline.current
            self._load(current["id"] if current else None, "")
            return
        if not timeline.has_after and not timeline.fetching and timeline.memories:
            timeline.fetching = True
            self._load_more("after", timeline.memories[-1]["id"])
        self._read_session()  # the header follows the rows: counts, length, live

    @work(thread=True, exclusive=True, group="timeline-session", exit_on_error=False)
    def _read_session(self) -> None:
        session = self.store.get_session(self.session_id)
        if not get_current_worker().is_cancelled:
            self.post_message(SessionRead(session))

    def on_session_read(self, message: SessionRead) -> None:
        if message.session is not None:
            self.session = message.session
            self.total = message.session.get("memory_count") or self.total
            self._draw_header()
            self._draw_status()

    # -- drawing ------------------------------------------------------------------

    def _draw_header(self) -> None:
        header = self.query_one("#timeline-header", Static)
        s = self.session
        if s is None:
            header.update(
                Text(f"Session {one_line(self.session_id)} (no longer in the database)", style="bold")
            )
            return
        now, tz = self.app.now(), self.app.tz
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(one_line(s.get("project_name")) or "(no project)", style="bold")
        text.append(f"  {local_time(s.get('started_at'), tz, now=now)}")
        text.append(f"  {duration(session_duration(s, now))}")
        text.append(f"  {number(s.get('memory_count') or 0)} memories")
        errors = s.get("error_count") or 0
        if errors:
            text.append(f"  {plural(errors, 'error')}", style=ERROR_STYLE)
        if is_live(s, now):
            text.append("  ● live", style="bold green")
        text.append(f"  {one_line(self.session_id)}", style="dim")
        summary = [one_line(line) for line in (s.get("summary") or "").splitlines() if line.strip()]
        lines = [text] + [
            Text(line, style="dim", no_wrap=True, overflow="ellipsis") for line in summary[:2]
        ]
        fork = forked_from(s)
        if fork:
            lines.insert(1, Text(f"⑂ {fork}", style="italic", no_wrap=True, overflow="ellipsis"))
        header.update(Group(*lines))

    def _draw_status(self) -> None:
        position = self.timeline.position
        status = self.query_one("#timeline-status", Label)
        if not self.timeline.memories:
            status.update("This session has no memories.")
        elif position is not None:
            status.update(f"{number(position + 1)} of {number(max(self.total, position + 1))}")

    @on(OptionList.OptionHighlighted, "#timeline-list")
    def _highlighted(self) -> None:
        self._draw_status()

    # -- keys ---------------------------------------------------------------------

    @on(OptionList.OptionSelected, "#timeline-list")
    def _open(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.app.push_screen(
                MemoryDetailScreen(self.store, int(event.option.id), from_timeline=True)
            )

    def action_toggle_injections(self) -> None:
        self.show_injections = not self.show_injections
        if self.show_injections and self.injections is None:
            self._load_injections()
        else:
            self.timeline.redraw()

    @work(thread=True, exclusive=True, group="timeline-injections", exit_on_error=False)
    def _load_injections(self) -> None:
        from store.reading import session_decisions

        data = self.store.read(session_decisions, self.session_id)
        self.post_message(InjectionsLoaded(data))

    def on_injections_loaded(self, message: InjectionsLoaded) -> None:
        self.injections = message.data
        self.timeline.redraw()
        starts = [d for d in message.data["entries"] if d.get("event") == "start" and d.get("injected")]
        if starts:
            self.notify(f"At its start this session was given {ledger_decision(starts[0]).removeprefix('sent ')}.",
                        timeout=4)  # fmt: skip

    def action_back(self) -> None:
        self.app.pop_screen()

    def _jump_error(self, step: int) -> None:
        timeline = self.timeline
        start = timeline.highlighted if timeline.highlighted is not None else -step
        index = start + step
        while 0 <= index < len(timeline.memories):
            if timeline.memories[index].get("type") == "error":
                timeline.highlighted = index
                return
            index += step
        self.notify("No more errors in the loaded part of this session.", timeout=3)

    def action_next_error(self) -> None:
        self._jump_error(1)

    def action_previous_error(self) -> None:
        self._jump_error(-1)

    # -- copy, open, export (tui/gui/memory_actions.py, tui/gui/export_flow.py) ---------

    def action_copy(self) -> None:
        from tui.gui.memory_actions import copy_choices, offer_copy

        memory = self.timeline.current
        if memory is not None:
            offer_copy(self.app, copy_choices(memory))

    def action_open_file(self) -> None:
        from tui.gui.memory_actions import open_in_editor

        memory = self.timeline.current
        if memory is not None:
            open_in_editor(self.app, memory)

    def action_resume(self) -> None:
        from tui.gui.memory_actions import resume_session

        resume_session(self, self.session_id)

    def action_fork(self) -> None:
        from tui.gui.memory_actions import resume_session

        resume_session(self, self.session_id, fork=True)

    def action_export(self) -> None:
        from store.reading import ExportRequest
        from tui.gui.export_flow import ask_and_export

        ask_and_export(self, ExportRequest(session=self.session_id), self.session_id)
