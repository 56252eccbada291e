"""A session's memories as cards, drawn virtually, holding a bounded window of the session.

The owner loads a window around the memory of interest; as the highlight
nears either edge the list posts `NeedBefore` / `NeedAfter`, and the owner
adds a page with `prepend` / `append`.  Past `max_window` cards the far side
is dropped, so a session of any length costs the same.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from rich.console import RenderableType
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option


class TimelineList(OptionList):
    """OptionList of memory cards with vim keys and paging at both ends."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select", "Details", id="timeline.details"),
        Binding("j", "cursor_down", "Down", show=False, id="timeline.down"),
        Binding("k", "cursor_up", "Up", show=False, id="timeline.up"),
        Binding("g,home", "start", "First", show=False, id="timeline.first"),
        Binding("G,end", "end", "Last", show=False, id="timeline.last"),
    ]

    @dataclass
    class NeedBefore(Message):
        """The timeline's highlight is near its first card: load the memories before `first_id`."""

        first_id: int

    @dataclass
    class NeedAfter(Message):
        """The timeline's highlight is near its last card: load the memories after `last_id`."""

        last_id: int

    @dataclass
    class JumpTo(Message):
        """Load the session's first ("start") or last ("end") page into the timeline."""

        where: str

    def __init__(self, render: Callable[[dict], RenderableType], *, threshold: int = 5,
                 max_window: int = 600, **kwargs) -> None:  # fmt: skip
        super().__init__(**kwargs)
        self.render_card = render
        self.threshold = threshold
        self.max_window = max_window
        self.memories: list[dict] = []
        self.has_before = False
        self.has_after = False
        self.fetching = False
        self.first_position = 0  # where memories[0] sits in its session (0 = first)
        self._early_moves: list[str] = []  # keys pressed before the first window came

    # -- keys pressed before the first window ---------------------------------------

    def _held(self, action: str) -> bool:
        """While the first window is loading, keep the move for when it is in place
        (`enter` then `jjjj` at once would otherwise lose the j's to the empty list)."""
        if self.memories or not self.fetching:
            return False
        self._early_moves.append(action)
        return True

    def _replay_early_moves(self) -> None:
        moves, self._early_moves = self._early_moves, []
        for action in moves:
            getattr(self, f"action_{action}")()

    def action_cursor_down(self) -> None:
        if not self._held("cursor_down"):
            super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if not self._held("cursor_up"):
            super().action_cursor_up()

    def action_page_down(self) -> None:
        if not self._held("page_down"):
            super().action_page_down()

    def action_page_up(self) -> None:
        if not self._held("page_up"):
            super().action_page_up()

    def action_select(self) -> None:
        if not self._held("select"):
            super().action_select()

    # -- content ----------------------------------------------------------------

    def _make_options(self, memories: list[dict]) -> list[Option]:
        return [Option(self.render_card(m), id=str(m["id"])) for m in memories]

    def set_window(self, memories: list[dict], *, has_before: bool, has_after: bool,
                   focus_id: int | None = None, first_position: int = 0,
                   focus_last: bool = False) -> None:  # fmt: skip
        self.memories = list(memories)
        self.first_position = first_position
        self.has_before, self.has_after = has_before, has_after
        self.fetching = False
        self.set_options(self._make_options(self.memories))
        index = self.index_of(focus_id) if focus_id is not None else 0
        if focus_last:
            index = len(self.memories) - 1
        if self.memories:
            self.highlighted = index if index is not None else 0
            self.call_after_refresh(self.scroll_to_highlight, focus_id is not None)
        self._replay_early_moves()

    def append(self, memories: list[dict], *, has_more: bool) -> None:
        known = {m["id"] for m in self.memories[-len(memories) - 1 :]} if memories else set()
        fresh = [m for m in memories if m["id"] not in known]
        self.has_after = has_more
        self.fetching = False
        if not fresh:
            return
        self.memories.extend(fresh)
        self.add_options(self._make_options(fresh))
        if len(self.memories) > self.max_window:
            drop = len(self.memories) - self.max_window
            self.first_position += drop
            self._rebuild(self.memories[drop:], shift=-drop)
            self.has_before = True

    def prepend(self, memories: list[dict], *, has_more: bool) -> None:
        first = self.memories[0]["id"] if self.memories else None
        fresh = [m for m in memories if first is None or m["id"] < first]
        self.has_before = has_more
        self.fetching = False
        if not fresh:
            return
        window = fresh + self.memories
        if len(window) > self.max_window:
            window = window[: self.max_window]
            self.has_after = True
        self.first_position = max(0, self.first_position - len(fresh))
        self._rebuild(window, shift=len(fresh))

    def _rebuild(self, window: list[dict], *, shift: int) -> None:
        highlighted = self.highlighted
        self.memories = window
        self.set_options(self._make_options(window))
        if highlighted is not None and window:
            self.highlighted = max(0, min(len(window) - 1, highlighted + shift))
            self.call_after_refresh(self.scroll_to_highlight)

    def on_resize(self) -> None:
        # The stock list keeps its scroll offset on resize; keep the highlight in view.
        self.call_after_refresh(self.scroll_to_highlight)

    def redraw(self) -> None:
        """Render every card again (what a card shows changed), keeping the highlight."""
        self._rebuild(self.memories, shift=0)

    def index_of(self, memory_id: int) -> int | None:
        for i, m in enumerate(self.memories):
            if m["id"] == memory_id:
                return i
        return None

    @property
    def position(self) -> int | None:
        """Where the highlighted memory sits in its session (0 = first)."""
        if self.highlighted is None:
            return None
        return self.first_position + self.highlighted

    @property
    def current(self) -> dict | None:
        if self.highlighted is None or not (0 <= self.highlighted < len(self.memories)):
            return None
        return self.memories[self.highlighted]

    # -- paging -------------------------------------------------------------------

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        if highlighted is None or self.fetching or not self.memories:
            return
        if self.has_after and highlighted >= len(self.memories) - 1 - self.threshold:
            self.fetching = True
            self.post_message(self.NeedAfter(self.memories[-1]["id"]))
        elif self.has_before and highlighted <= self.threshold:
            self.fetching = True
            self.post_message(self.NeedBefore(self.memories[0]["id"]))

    def action_start(self) -> None:
        if self._held("start"):
            return
        if self.has_before:
            self.post_message(self.JumpTo("start"))
        else:
            self.action_first()

    def action_end(self) -> None:
        if self._held("end"):
            return
        if self.has_after:
            self.post_message(self.JumpTo("end"))
        else:
            self.action_last()
