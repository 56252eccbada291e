"""Hidden panes laid out and drawn ahead, offscreen, so a pane's first visit costs what later ones do.

Textual lays out, sizes and draws a hidden pane only when it is first shown: the
layout, every Resize handler (flexible columns, wide or narrow rows) and the first
render of its table were 40-60 ms of a pane's first visit (issue 11), the table's
cells half of it.  Here, after the first frame, the hidden panes are *parked*:
displayed on a layer of their own, pushed far below the screen, where Textual
lays them out at the size they will have (a layer is arranged on its own, so the
pane in front keeps its size) and posts their Resize events, but draws nothing.
Their lines are then rendered into Textual's caches in small idle slices, and
each pane is hidden again once it holds still.  A pane switch releases every
parked pane first (`release`), in the same turn, so a key never waits for this.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable, Iterator

from textual import events
from textual.app import App
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import DataTable

PARKING_LAYER = "memlane-parked"  # + the pane's id: each is arranged alone, at full size
PARKING_OFFSET = 10_000  # rows below the screen: laid out, never drawn
SLICE_LINES = 6  # lines drawn per idle slice (~1-3 ms of a table's first render)
STEP_SECONDS = 0.01  # between slices
QUIET_SECONDS = 0.1  # a pane that held still this long after it was drawn is done
AFTER_SWITCH_SECONDS = 0.3  # a person switching panes: park nothing until they pause
GIVE_UP_SECONDS = 5.0  # a pane still loading by then is left to its first visit

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
    """Parks the hidden panes, draws them in idle slices, and lets them go.

    `containers()` gives {pane id: the container the tabs show or hide (its
    TabPane)}; `active()` the pane in front.  Start it after the first frame.
    """

    def __init__(self, app: App, containers: Callable[[], dict[str, Widget]],
                 active: Callable[[], str]) -> None:  # fmt: skip
        self._app = app
        self._containers = containers
        self._active = active
        self._done: set[str] = set()
        self._drawn: dict[str, tuple] = {}  # pane id: what it looked like when last drawn
        self._still_since: dict[str, float] = {}
        self._job: Iterator[None] | None = None
        self._job_pane: str | None = None
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
        if self._timer is not None or not self._app.is_running:
            return
        self._give_up_at = time.monotonic() + GIVE_UP_SECONDS
        self._done.add(self._active())
        self._park_waiting()
        self._timer = self._app.set_interval(STEP_SECONDS, self.step, name="pane warm-up")

    def stop(self) -> None:
        self.release()
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def release(self) -> None:
        """Unpark every pane now (the one in front stays shown): called before a switch."""
        active = self._active()
        self._done.add(active)  # drawn for real now: nothing to warm
        for pane_id, box in self._containers().items():
            if is_parked(box):
                unpark(box, shown=pane_id == active)
                if pane_id == active:
                    # It was shown (to Textual) while parked, so no Show comes now: the
                    # pane's "refresh if stale" handlers still need one.
                    for pane in box.children:
                        pane.post_message(events.Show())
        self._job = self._job_pane = None
        self._park_after = time.monotonic() + AFTER_SWITCH_SECONDS

    def step(self) -> None:
        """One slice of work: park, draw a few lines, or let a settled pane go."""
        now = time.monotonic()
        if now >= self._give_up_at:
            self.stop()
            return
        stack = self._app.screen_stack
        if len(stack) != 1:
            return  # a timeline or the help in front (the panes are not laid out), or quitting
        boxes = self._containers()
        if self._job is not None:
            if self._job_pane in boxes and is_parked(boxes[self._job_pane]):
                try:
                    next(self._job)
                    return
                except StopIteration:
                    self._drawn[self._job_pane] = self._look(boxes[self._job_pane])
                    self._still_since[self._job_pane] = now
            self._job = self._job_pane = None
        parked = [pane_id for pane_id, box in boxes.items() if is_parked(box)]
        if not parked:
            if not self._park_waiting():
                self.stop()
            return
        for pane_id in parked:
            box = boxes[pane_id]
            if not box.region:
                continue  # not laid out yet: the next frame does it
            look = self._look(box)
            if look != self._drawn.get(pane_id):
                self._job, self._job_pane = self._draw(box), pane_id
                return
            if now - self._still_since.get(pane_id, now) >= QUIET_SECONDS:
                unpark(box, shown=False)
                self._done.add(pane_id)
                return

    def _park_waiting(self) -> bool:
        """Park every hidden pane not warmed yet; False when there is none left."""
        if time.monotonic() < self._park_after:
            return True
        active = self._active()
        waiting = [box for pane_id, box in self._containers().items()
                   if pane_id not in self._done and pane_id != active]  # fmt: skip
        for box in waiting:
            park(box)
        return bool(waiting)

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
        """What a draw depends on: sizes, and each table's rows, columns and cursor."""
        parts: list = [box.region.size]
        for widget in box.walk_children(with_self=False):
            if isinstance(widget, DataTable):
                parts.append((id(widget), widget.region.size, widget._update_count,
                              widget.cursor_coordinate, widget.scroll_offset))  # fmt: skip
        return tuple(parts)
