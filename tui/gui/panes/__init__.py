"""The app's panes: the `Pane` base every pane subclasses, and `PANES`, the registry of them.

The app (`tui/gui/app.py`) builds one tab per entry of `PANES`, in order (the
entry's number is its key), and the help screen and the command palette read
their keys from the same registry.  `tests/tui/panes/test_contract.py` checks
every registered pane against the contract below.

1. A pane subclasses `Pane` and is built as `Pane(store, id=..., classes=...)`,
   where `store` is the app's `tui.gui.store_client.StoreClient`.  It is mounted
   once, hidden, before the first screen, and never unmounted, so its state
   (filters, cursor, scroll) survives switching panes; keep `__init__` and
   `on_mount` light (start a worker, do not query on the main thread).  Soon
   after the first screen each hidden pane is laid out and drawn offscreen
   (`tui.gui.pane_warmup`), so `on_show` / `on_resize` may run while it is
   hidden: `is_showing(widget)` says whether a person can see it.
2. Database work runs only in thread workers (`@work(thread=True,
   exclusive=True, group=..., exit_on_error=False)`) through `store`.  Workers
   never touch widgets: they post a message (declared in the pane's module; the
   app-wide ones are in `tui/gui/messages.py`) and the handler draws it.  A
   worker's `StoreError` becomes a notification in `Pane`'s one handler
   (`tui.gui.worker_failures.WorkerFailures`); any other exception is a bug and
   stops the app.
3. `BINDINGS`: every binding has a description and an id `<pane id>.<action>`;
   `check_action` hides keys that do not apply now.  The keys follow
   `docs/keys.md` (one meaning per letter in the whole app).  The app owns the
   digits, `/`, `?`, `f1`, `q` and `ctrl+p`.
4. `focus_default()` focuses the pane's main widget; the app calls it when the
   pane is shown, unless it remembers where focus was left.
5. `on_data_changed(messages.DataChanged)` (optional): another process committed
   to the database; refresh what can have changed.
6. To show a memory in context, post `messages.OpenTimeline(session_id,
   memory_id)` or `messages.OpenMemory(memory_id)`; the app pushes the screen.
   Times: `self.app.now()` and `self.app.tz`, formatted with `tui.formatting`.
7. Styles: `css/<pane>.tcss`, rules scoped under the pane's class name.
   Destructive actions ask first with `tui.gui.modals.ConfirmModal`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.widget import Widget

from tui.gui.worker_failures import WorkerFailures

if TYPE_CHECKING:
    from tui.gui.store_client import StoreClient


class Pane(WorkerFailures, Widget):
    """A tab of the app (see the module's contract)."""

    def __init__(self, store: StoreClient, **kwargs) -> None:
        super().__init__(**kwargs)
        self.store = store

    def focus_default(self) -> None:
        """Focus the pane's list (by default its first focusable widget)."""
        for widget in self.query("*"):
            if widget.focusable:
                widget.focus()
                return


@dataclass(frozen=True)
class PaneEntry:
    """One tab: its id, its title, and where its class lives (imported when the app is built)."""

    id: str
    title: str
    module: str
    class_name: str

    def load(self) -> type[Pane]:
        return getattr(importlib.import_module(self.module), self.class_name)

    @property
    def key(self) -> str:
        """The digit that shows it: its place in `PANES`, from 1."""
        return str(PANES.index(self) + 1)


PANES: tuple[PaneEntry, ...] = (
    PaneEntry("sessions", "Sessions", "tui.gui.panes.sessions", "SessionsPane"),
    PaneEntry("live", "Live", "tui.gui.panes.live", "LivePane"),
    PaneEntry("search", "Search", "tui.gui.panes.search.pane", "SearchPane"),
    PaneEntry("errors", "Errors", "tui.gui.panes.errors", "ErrorsPane"),
    PaneEntry("cleanup", "Cleanup", "tui.gui.panes.cleanup.pane", "CleanupPane"),
    PaneEntry("insights", "Insights", "tui.gui.panes.insights", "InsightsPane"),
)
FIRST_PANE = PANES[0].id


def pane_entry(pane_id: str) -> PaneEntry:
    return next(entry for entry in PANES if entry.id == pane_id)


def is_showing(widget) -> bool:
    """The widget is on the screen in front and no tab or container hides it (a pane
    parked offscreen to be laid out ahead, `tui.gui.pane_warmup`, is hidden too)."""
    from tui.gui.pane_warmup import is_parked

    if not widget.is_mounted or widget.screen is not widget.app.screen:
        return False
    return all(node.display and not is_parked(node)
               for node in widget.ancestors_with_self if isinstance(node, Widget))  # fmt: skip
