"""The app-wide messages: panes post them and the app (or every pane) handles them.

A pane's or a widget's own messages are declared with it (`PagedTable.NeedMore`,
`tui.gui.panes.sessions.SessionsPage`).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message
from textual.widget import Widget


@dataclass
class DataChanged(Message, bubble=False):
    """Another process committed to the database (PRAGMA data_version moved); `forgotten`:
    memories were forgotten or redacted (store.forgetting.erase's generation moved), so whatever shows
    memories drops or re-reads them."""

    version: int
    forgotten: bool = False


@dataclass
class FirstPageShown(Message, bubble=False):
    """To the app, once: a pane's first rows are in its list (the first pane's mark that the
    first screen is out, so the hidden panes are built now)."""

    pane: Widget  # the pane itself: a pane widget has no id (its tab has the pane's id)


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


@dataclass
class ProjectsLoaded(Message):
    """The projects (for the filter menus of several panes), busiest first."""

    projects: list[dict]
