"""The app-wide messages: panes post them and the app (or every pane) handles them.

A pane's or a widget's own messages are declared with it (`PagedTable.NeedMore`,
`tui.gui.panes.sessions.SessionsPage`).  Those the first screen imports are plain classes,
not dataclasses: generating a dataclass's methods was ~0.2-0.3 ms each at every start.
"""

from __future__ import annotations

from textual.message import Message
from textual.widget import Widget


class DataChanged(Message, bubble=False):
    """Another process committed to the database (PRAGMA data_version moved); `forgotten`:
    memories were forgotten or redacted (store.forgetting.erase's generation moved), so whatever shows
    memories drops or re-reads them."""

    def __init__(self, version: int, forgotten: bool = False) -> None:
        super().__init__()
        self.version = version
        self.forgotten = forgotten


class FirstPageShown(Message, bubble=False):
    """To the app, once: a pane's first rows are in its list (the first pane's mark that the
    first screen is out, so the hidden panes are built now)."""

    def __init__(self, pane: Widget) -> None:
        super().__init__()
        self.pane = pane  # the pane itself


class StoreFailed(Message):
    """A database call failed in a worker; `text` is one sentence for the person."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class OpenTimeline(Message):
    """Show a session's timeline, scrolled to `memory_id` when given."""

    def __init__(self, session_id: str, memory_id: int | None = None) -> None:
        super().__init__()
        self.session_id = session_id
        self.memory_id = memory_id


class OpenMemory(Message):
    """Show one memory with its full content and metadata."""

    def __init__(self, memory_id: int) -> None:
        super().__init__()
        self.memory_id = memory_id


class ProjectsLoaded(Message):
    """The projects (for the filter menus of several panes), busiest first."""

    def __init__(self, projects: list[dict]) -> None:
        super().__init__()
        self.projects = projects
