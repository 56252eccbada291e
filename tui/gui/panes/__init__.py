"""The app's panes: the `Pane` base every pane subclasses, and `PANES`, the registry of them.

The app (`tui/gui/app.py`) builds one tab per entry of `PANES`, in order (the
entry's number is its key), and the help screen and the command palette read
their keys from the same registry.  `tests/tui/panes/test_contract.py` checks
every registered pane against the contract below.

1. A pane subclasses `Pane` and is built as `Pane(store, id=..., classes=...)`,
   where `store` is the app's `tui.gui.store_client.StoreClient`.  It is mounted
   once and never unmounted, so its state (filters, cursor, scroll) survives
   switching panes: the first pane before the first screen, the hidden ones one at
   a time right after its rows are drawn (or at once when their key comes first).
   Keep `__init__` and `on_mount` light (start a worker, do not query on the main
   thread); `on_mount` is skipped if the app quit while the pane was built.  Soon
   after they are built each hidden pane is laid out and drawn offscreen
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
   digits, `/`, `?`, `f1`, `q` and `ctrl+p`; `Pane` binds `escape` (`back`).
   A `check_action` of a pane ends with `return super().check_action(...)`.
4. The keys go to the pane's list unless the person opened its box with `/`
   (or a click): `focus_default()` focuses the list, never a box, so the digits
   switch panes on the first visit as on every later one.  A pane with a box (a
   filter, a query) returns it from `box()`; `/` calls `focus_box()`.  `escape`
   (`back`) goes back one step: out of the box or the filter bar to the list,
   then clears the filters (`has_filters()`, `clear_filters()`); it is hidden
   when there is nothing to go back from.
5. `on_data_changed(messages.DataChanged)` (optional): another process committed
   to the database; refresh what can have changed.
6. To show a memory in context, post `messages.OpenTimeline(session_id,
   memory_id)` or `messages.OpenMemory(memory_id)`; the app pushes the screen.
   Times: `self.app.now()` and `self.app.tz`, formatted with `tui.formatting`.
7. Styles: `css/<pane>.tcss`, rules scoped under the pane's class name.
   Destructive actions ask first with `tui.gui.modals.ConfirmModal`.
"""

from __future__ import annotations

import functools
import importlib
from typing import TYPE_CHECKING, NamedTuple

from textual.binding import Binding
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Input

from tui.gui.textual_internals import being_removed
from tui.gui.worker_failures import WorkerFailures

if TYPE_CHECKING:
    from tui.gui.store_client import StoreClient


class Pane(WorkerFailures, Widget):
    """A tab of the app (see the module's contract)."""

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        on_mount = cls.__dict__.get("on_mount")
        if on_mount is not None:
            cls.on_mount = _when_composed(on_mount)

    BINDINGS = [
        Binding("escape", "back", "Back", id="pane.back"),
        Binding("down", "to_list", "List", show=False, id="pane.to_list"),
    ]
    BOX_LABEL = "Filter"  # what `/` does here, in the footer

    def __init__(self, store: StoreClient, **kwargs) -> None:
        super().__init__(**kwargs)
        self.store = store
        # The first pane: the app's first focus goes to its list before the first frame.
        self.first_focus = False
        self.styled_focused: Widget | None = None  # `focused_from_start`'s widget

    def focused_from_start(self, widget: Widget) -> Widget:
        """`widget` (the list `focus_default` focuses), styled as focused from its first
        style in the first pane: when the app's first focus lands on it, Textual restyles it
        otherwise (a table and its ten parts, ~5k calls, ~3 ms of the first screen).  The
        app takes the style back if the focus went elsewhere (`MemlaneApp._first_focus_set`)."""
        if self.first_focus:
            widget.set_reactive(Widget.has_focus, True)
            self.styled_focused = widget
        return widget

    # -- the list, the box and the filters: override these ----------------------------

    def list_widget(self) -> Widget | None:
        """The widget the keys go to when no box has them (None: the first focusable)."""
        return None

    def box(self) -> Input | None:
        """The box `/` opens (None: the pane has none)."""
        return None

    def has_filters(self) -> bool:
        """Some filter narrows the list (escape on the list clears them)."""
        return False

    def clear_filters(self) -> None:
        """Show the whole list again."""

    def leave_box(self) -> None:
        """The keys go back to the list (escape in the box or the filter bar)."""
        self.focus_default()

    def filter_by(self, text: str) -> None:
        """Narrow the list to the box's `text` (a pane whose box filters as you type)."""

    # -- a box that filters as you type: call box_changed() on each of its changes -------

    _filter_timer: Timer | None = None

    def box_changed(self) -> None:
        """The box was typed in: `apply_box` runs once the typing pauses (`search_debounce`)."""
        if self._filter_timer is not None:
            self._filter_timer.stop()
        self._filter_timer = self.set_timer(self.app.options.search_debounce, self.apply_box)

    def apply_box(self) -> None:
        """Filter by the box's text now (the typing paused, or the keys left the box)."""
        if self._filter_timer is not None:
            self._filter_timer.stop()
        self._filter_timer = None
        box = self.box()
        if box is not None:
            self.filter_by(box.value)

    def selected(self) -> tuple[str | None, int | None]:
        """(session id, memory id) of the row under the cursor (`t`, `c`, `C` act on it)."""
        return None, None

    def land_on_newest(self) -> None:
        """The pane's key was pressed: a pane listing newest first puts its cursor on the
        newest row (the one just written), not where it was when last seen."""

    # -- what the app and the keys call ------------------------------------------------

    def focus_default(self) -> None:
        """Focus the pane's list."""
        # Now, not on the app's next turn (`Widget.focus`): keys typed meanwhile are queued
        # already, and they are meant for the list.
        target = self.list_widget()
        if target is not None and target.focusable:
            self.screen.set_focus(target)
            return
        for widget in self.query("*"):
            if widget.focusable and not isinstance(widget, Input):
                self.screen.set_focus(widget)
                return

    def focus_box(self) -> bool:
        """Give the keys to the pane's box, its text selected (the `/` key); False when
        the pane has none."""
        box = self.box()
        if box is None or not box.display:
            return False
        # Now, not on the app's next turn (`Widget.focus`): keys typed right after `/` are
        # already queued, and they are text for the box, not actions for the list.
        # Nor selected again by Input's own Focus handler, which comes later: the keys typed
        # meanwhile were selected and the next one replaced them ("3/docker" left "cker").
        box.select_on_focus = False
        box.screen.set_focus(box)
        box.select_all()
        return True

    @property
    def in_bar(self) -> bool:
        """The keys are in the pane's box or its filter bar, not on its list."""
        focused = self.app.focused
        target = self.list_widget()
        return (focused is not None and self in focused.ancestors and target is not None
                and focused is not target)  # fmt: skip

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return self.in_bar or self.has_filters()
        if action == "to_list":
            return isinstance(self.app.focused, Input) and self.in_bar
        if action in ("timeline", "resume", "fork"):
            return self.selected()[0] is not None
        return True

    def action_preview(self) -> None:
        """Every list's preview on or off (`v`)."""
        self.app.screen_stack[0].toggle_class("-no-preview")
        for pane in self.app.panes.values():
            pane.call_after_refresh(pane.preview_toggled)

    def preview_toggled(self) -> None:
        """The previews were shown or hidden: a pane whose columns depend on its list's width
        chooses them again."""

    def action_timeline(self) -> None:
        """The selected row's session timeline, at that row."""
        from tui.gui import messages

        session_id, memory_id = self.selected()
        if session_id is not None:
            self.post_message(messages.OpenTimeline(session_id, memory_id))

    def action_resume(self) -> None:
        from tui.gui.memory_actions import resume_session

        session_id, _ = self.selected()
        if session_id is not None:
            resume_session(self, session_id)

    def action_fork(self) -> None:
        from tui.gui.memory_actions import resume_session

        session_id, _ = self.selected()
        if session_id is not None:
            resume_session(self, session_id, fork=True)

    def action_to_list(self) -> None:
        """`down` in a box: to the list, the box's text applied."""
        self.leave_box()

    def action_back(self) -> None:
        """One step back: out of the box (or the filter bar) to the list, then the
        filters cleared."""
        if self.in_bar:
            self.leave_box()
        elif self.has_filters():
            self.clear_filters()


def _when_composed(on_mount):
    """A pane's `on_mount`, run only if its widgets were mounted: a hidden pane is built
    after the first screen, and when the app quits in the middle Textual still sends the
    pane its Mount, with none of its widgets (its queries would fail as the app ends)."""

    @functools.wraps(on_mount)
    def guarded(self, *args):
        if being_removed(self):
            return None
        return on_mount(self, *args)

    return guarded


class PaneEntry(NamedTuple):  # (not a frozen dataclass: ~0.4 ms of every start)
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
    PaneEntry("recall", "Recall", "tui.gui.panes.recall", "RecallPane"),
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
