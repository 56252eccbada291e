"""Every custom message of the app: workers post them, panes and screens draw them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from textual.message import Message
from textual.widget import Widget

# -- app-wide ------------------------------------------------------------------


@dataclass
class DataChanged(Message, bubble=False):
    """Another process committed to the database (PRAGMA data_version moved); `forgotten`:
    memories were forgotten or redacted (store.forget's generation moved), so whatever shows
    memories drops or re-reads them."""

    version: int
    forgotten: bool = False


@dataclass
class StoreFailed(Message):
    """A database call failed in a worker; `text` is one sentence for the person."""

    text: str


@dataclass
class OpenTimeline(Message):
    """Show a session's timeline, scrolled to `memory_id` when given."""

    session_id: str
    memory_id: int | None = None


@dataclass
class OpenMemory(Message):
    """Show one memory with its full content and metadata."""

    memory_id: int


# -- sessions pane -------------------------------------------------------------


@dataclass
class ProjectsLoaded(Message):
    """The projects (for filter menus), busiest first."""

    projects: list[dict]


@dataclass
class SessionsPage(Message):
    """One page of sessions, newest first, starting at `offset`; `where` is the table's request
    it answers ("after", "before", "top" or "bottom"); `total` is -1 when it was not counted."""

    generation: int
    offset: int
    rows: list[dict]
    total: int
    has_more: bool
    where: str = "after"


@dataclass
class SessionsRefreshed(Message):
    """The shown rows again (from `offset`), after another process changed the database."""

    generation: int
    rows: list[dict]
    total: int
    offset: int = 0


# -- live pane -----------------------------------------------------------------


@dataclass
class LiveRows(Message):
    """Memories for the Live pane, oldest first; `reset` replaces what is shown."""

    generation: int
    rows: list[dict]
    reset: bool
    last_id: int
    more: bool = False


@dataclass
class LiveSessionsLoaded(Message):
    """Recent sessions for the Live pane's session filter."""

    sessions: list[dict]


# -- search pane ---------------------------------------------------------------


@dataclass
class SearchResults(Message):
    """One page of search hits (each with a `snippet`); `where` is the table's request it
    answers ("after", "before", "top" or "bottom"); `total` is -1 when it was not counted."""

    generation: int
    query: str
    offset: int
    rows: list[dict]
    has_more: bool
    elapsed_ms: float = 0.0
    where: str = "after"
    total: int = -1
    ranked: int = -1  # how many of `total` come first by score (the rest newest first)
    all_terms: bool = True  # False: no memory has every word; these have most of them


@dataclass
class SearchCounted(Message):
    """The exact count of the search numbered `search_id` (its first page came without it)."""

    search_id: int
    query: str
    total: int
    ranked: int
    all_terms: bool


@dataclass
class ToolsLoaded(Message):
    """The tool names the memories have (for the Search pane's tool filter), sorted."""

    tools: list[str]


# -- timeline and memory screens -----------------------------------------------


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
class MemoryLoaded(Message):
    """One memory (None when it no longer exists)."""

    memory_id: int
    memory: dict | None
    extra: dict = field(default_factory=dict)


# -- widgets (also reachable as PagedTable.NeedMore, TimelineList.NeedBefore, ...) --


@dataclass
class NeedMore(Message):
    """A PagedTable's cursor is near its last row and more exist: fetch from `offset`."""

    table: Widget
    offset: int
    where: ClassVar[str] = "after"  # what `PagedTable.place` is told when the page comes

    @property
    def control(self) -> Widget:
        return self.table


@dataclass
class NeedEarlier(Message):
    """A windowed PagedTable's cursor is near its first row and rows come before it:
    fetch `limit` rows from `offset` (they end where the table's window starts)."""

    table: Widget
    offset: int
    limit: int
    where: ClassVar[str] = "before"

    @property
    def control(self) -> Widget:
        return self.table


@dataclass
class NeedEdge(Message):
    """g/G on a windowed PagedTable whose window does not reach that end of the list:
    fetch the list's first page (`where` "top") or its last page ("bottom")."""

    table: Widget
    where: str

    @property
    def control(self) -> Widget:
        return self.table


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


@dataclass
class InjectionsLoaded(Message):
    """A session's recall decisions and what they sent (store.ledger.session_decisions)."""

    data: dict
