"""Hidden panes laid out and drawn ahead, offscreen, so a pane's first visit costs what later ones do.

Textual lays out, sizes and draws a hidden pane only when it is first shown: the
layout, every Resize handler (flexible columns, wide or narrow rows) and the first
render of its table were 40-60 ms of a pane's first visit (issue 11), the table's
cells half of it.  Here, once the first screen is out and the app is idle, the
hidden panes are *parked* one at a time: displayed on a layer of their own,
pushed far below the screen, where Textual lays the pane out at the size it will
have (a layer is arranged on its own, so the pane in front keeps its size) and
posts its Resize events, but draws nothing.  Its lines are then rendered into
Textual's caches in small slices, and it is hidden again.  A pane whose rows
change later (a late first page) is warmed again.  One pane at a time keeps every
slice short (a layout pass with one extra pane, or a few lines), and a pane switch
releases the parked pane first (`release`), in the same turn, so a key never
waits behind the warm-up.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable, Iterator

from textual import events
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import DataTable

from tui.gui.textual_internals import table_revision

PARKING_LAYER = "memlane-parked"  # + the pane's id: each is arranged alone, at full size
PARKING_OFFSET = 10_000  # rows below the screen: laid out, never drawn
SLICE_LINES = 8  # lines drawn per slice (~1-3 ms of a table's first render)
STEP_SECONDS = 0.005  # between slices: the app's own messages run in between
START_AFTER_SECONDS = 0.15  # after the first frame: a key pressed at once needs no warm-up
AFTER_SWITCH_SECONDS = 0.3  # a person switching panes: park nothing until they pause
GIVE_UP_SECONDS = 5.0  # a pane still changing by then is left to its first visit

# parked container: its own `can_focus_children` (tab must not wander offscreen meanwhile)
_parked: weakref.WeakKeyDictionary[Widget, bool] = weakref.WeakKeyDictionary()


def is_parked(node: Widget) -> bool:
    """The node is a parked pane's container: displayed, but offscreen (never seen)."""
    return node in _parked


def park(container: Widget) -> None:
    """Display `container` offscreen, on its own layer, at the size it would have in front."""
    if container in _parked:
        return
    _parked[container] = container.can_focus_children
    container.can_focus_children = False
    styles = container.styles
    styles.layer = f"{PARKING_LAYER}-{container.id or id(container)}"
    styles.offset = (0, PARKING_OFFSET)
    styles.display = "block"


def unpark(container: Widget, *, shown: bool) -> None:
    """Back in its place: shown in front (`shown`), else hidden as before."""
    if container not in _parked:
        return
    container.can_focus_children = _parked.pop(container)
    styles = container.styles
    styles.clear_rule("layer")
    styles.clear_rule("offset")
    if not shown:
        styles.display = "none"


class PaneWarmup:
    """Parks the hidden panes one at a time, draws each in slices, and lets it go.

    `owner` is the widget that shows the panes (the app's deck: the warm-up's timer is
    its, so it ends with it); `containers()` gives {pane id: what the deck shows or
    hides (the pane itself)}; `active()` the pane in front.  Start it after the
    first frame.
    """

    def __init__(self, owner: Widget, containers: Callable[[], dict[str, Widget]],
                 active: Callable[[], str]) -> None:  # fmt: skip
        self._owner = owner
        self._containers = containers
        self._active = active
        self._shown: set[str] = set()  # drawn for real: nothing to warm
        self._drawn: dict[str, tuple] = {}  # pane id: what it looked like when drawn
        self._job: Iterator[None] | None = None
        self._job_look: tuple | None = None
        self._park_after = 0.0
        self._give_up_at = 0.0
        self._timer = None

    @property
    def running(self) -> bool:
        return self._timer is not None

    @property
    def parked(self) -> list[str]:
        return [pane_id for pane_id, box in self._containers().items() if is_parked(box)]

    def start(self) -> None:
        if self._timer is not None or not self._owner.is_attached:
            return
        now = time.monotonic()
        self._give_up_at = now + GIVE_UP_SECONDS
        self._park_after = now + START_AFTER_SECONDS
        self._shown.add(self._active())
        self._timer = self._owner.set_interval(STEP_SECONDS, self.step, name="pane warm-up")

    def stop(self) -> None:
        self.release()
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def release(self) -> None:
        """Unpark the parked pane now (shown if it is the one in front): before a switch."""
        active = self._active()
        self._shown.add(active)
        for pane_id, box in self._containers().items():
            if is_parked(box):
                unpark(box, shown=pane_id == active)
                if pane_id == active:
                    # It was shown (to Textual) while parked, so no Show comes now: the
                    # pane's "refresh if stale" handlers still need one.
                    box.post_message(events.Show())
        self._job = self._job_look = None
        self._park_after = time.monotonic() + AFTER_SWITCH_SECONDS

    def step(self) -> None:
        """One short slice: park the next pane, draw a few lines, or let a drawn pane go."""
        now = time.monotonic()
        if now >= self._give_up_at:
            self.stop()
            return
        owner = self._owner
        stack = owner.app.screen_stack if owner.is_attached else []
        if not stack or owner.screen is not stack[-1]:
            return  # a timeline or the help in front (the panes are not laid out), or quitting
        boxes = self._containers()
        parked = [(pane_id, box) for pane_id, box in boxes.items() if is_parked(box)]
        if not parked:
            if now >= self._park_after:
                waiting = self._waiting(boxes)
                if not waiting:
                    self.stop()
                    return
                park(boxes[waiting[0]])
            return
        pane_id, box = parked[0]
        if not box.region:
            return  # not laid out yet: the next frame does it
        if self._job is None:
            look = self._look(box)
            if look == self._drawn.get(pane_id):
                unpark(box, shown=False)  # drawn, and nothing changed since: done
                return
            self._job, self._job_look = self._draw(box), look
        try:
            next(self._job)
        except StopIteration:
            self._drawn[pane_id] = self._job_look  # a change meanwhile is drawn again
            self._job = self._job_look = None

    def _waiting(self, boxes: dict[str, Widget]) -> list[str]:
        """Hidden panes never drawn, or changed since they were drawn."""
        active = self._active()
        return [pane_id for pane_id, box in boxes.items()
                if pane_id != active and pane_id not in self._shown
                and self._look(box) != self._drawn.get(pane_id)]  # fmt: skip

    def _draw(self, box: Widget) -> Iterator[None]:
        """Render each laid-out widget of `box` into its caches, SLICE_LINES at a time."""
        budget = SLICE_LINES
        for widget in list(box.walk_children(with_self=False)):
            if not widget.is_mounted or not widget.display:
                continue
            width, height = widget.region.size
            for top in range(0, height if width else 0, SLICE_LINES):
                lines = min(SLICE_LINES, height - top)
                widget.render_lines(Region(0, top, width, lines))
                budget -= lines
                if budget <= 0:
                    budget = SLICE_LINES
                    yield

    @staticmethod
    def _look(box: Widget) -> tuple:
        """What a draw depends on: sizes (kept while hidden), each table's rows, columns,
        cursor and scroll."""
        parts: list = [box.outer_size]
        for widget in box.walk_children(with_self=False):
            if isinstance(widget, DataTable):
                parts.append((id(widget), widget.outer_size, table_revision(widget),
                              widget.cursor_coordinate, widget.scroll_offset))  # fmt: skip
        return tuple(parts)
