"""The app's tab bar and the deck of panes under it.

`PaneBar` draws every tab on one line and the line under the one shown, as Textual's
tabs look, from one widget: Textual's TabbedContent built a widget for each tab, a
scroll container, a list, an underline, a switcher and a TabPane around each pane,
~20 nodes styled (most twice) before the first screen (issue 38 item 10).  A click on
a label or under it asks the app for that pane (`Clicked`); the digits are the app's.

`PaneDeck` holds the panes themselves and shows one (a ContentSwitcher): a hidden pane
is mounted in it when it is built, not an empty TabPane for each up front.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.renderables.bar import Bar
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import ContentSwitcher

from tui.gui.textual_internals import draw_now

if TYPE_CHECKING:
    from tui.gui.pane_warmup import PaneWarmup

PADDING = 1  # cells each side of a label (Textual's Tab: `padding: 0 1`)
SLIDE_SECONDS = 0.3  # the underline's slide to the tab shown (Textual's tabs: 0.3 s)


class PaneBar(Widget):
    """The tabs: `tabs` is [(pane id, label)]; `active` the id of the pane shown."""

    COMPONENT_CLASSES = {"pane-bar--tab", "pane-bar--active", "pane-bar--underline"}
    # The colours of Textual's Tabs (its Tab, Tab.-active, Tab:hover and Underline rules).
    DEFAULT_CSS = """
    PaneBar {
        width: 100%;
        height: 2;
        pointer: pointer;
        & > .pane-bar--tab { color: $foreground 50%; }
        & > .pane-bar--active { color: $foreground; }
        & > .pane-bar--underline {
            color: $block-cursor-background;
            background: $foreground 10%;
        }
        &:ansi {
            & > .pane-bar--tab { text-style: dim; }
            & > .pane-bar--active { text-style: not dim bold; }
            & > .pane-bar--underline { background: $border-blurred; }
        }
    }
    """

    active: reactive[str] = reactive("", init=False)
    # The underline's cells (floats while it slides), on the whole row of labels.
    highlight_start: reactive[float] = reactive(0.0, init=False)
    highlight_end: reactive[float] = reactive(0.0, init=False)
    hovered: reactive[str] = reactive("", init=False)

    class Clicked(Message):
        """A tab was clicked: the app shows its pane."""

        def __init__(self, pane_id: str) -> None:
            super().__init__()
            self.pane_id = pane_id

    def __init__(self, tabs: Sequence[tuple[str, str]], *, active: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.tabs = list(tabs)
        self._spans: dict[str, tuple[int, int]] = {}  # pane id: its cells, padding included
        start = 0
        for pane_id, label in self.tabs:
            width = len(label) + 2 * PADDING
            self._spans[pane_id] = (start, start + width)
            start += width
        self._width = start
        self.set_reactive(PaneBar.active, active)
        self.set_reactive(PaneBar.highlight_start, float(self._label_span(active)[0]))
        self.set_reactive(PaneBar.highlight_end, float(self._label_span(active)[1]))

    def _label_span(self, pane_id: str) -> tuple[int, int]:
        """The cells of the tab's label, without its padding (what is underlined)."""
        start, end = self._spans.get(pane_id, (0, 0))
        return (start + PADDING, end - PADDING) if end else (0, 0)

    def watch_active(self, active: str) -> None:
        start, end = self._label_span(active)
        if self.is_mounted and self.app.animation_level != "none":
            self.animate("highlight_start", float(start), duration=SLIDE_SECONDS, level="basic")
            self.animate("highlight_end", float(end), duration=SLIDE_SECONDS, level="basic")
        else:
            self.highlight_start, self.highlight_end = float(start), float(end)
        self.refresh()

    def watch_highlight_start(self) -> None:
        self.refresh()

    def watch_highlight_end(self) -> None:
        self.refresh()

    def watch_hovered(self) -> None:
        self.refresh()

    # -- drawing -----------------------------------------------------------------------

    def first_cell(self) -> int:
        """The first cell of the labels shown: when they do not fit, the tab shown is
        centred (as Textual's tabs scroll to it)."""
        width = self.size.width
        if width <= 0 or self._width <= width:
            return 0
        start, end = self._spans.get(self.active, (0, 0))
        return max(0, min((start + end) // 2 - width // 2, self._width - width))

    def render_line(self, y: int) -> Strip:
        """The labels (y 0) or the underline (y 1), cell for cell as Textual's tabs drew
        them: a label in its tab's colour, the padding around it in the background only."""
        width = self.size.width
        gap = Style(bgcolor=self.rich_style.bgcolor)
        if y > 1 or width <= 0:
            return Strip.blank(width, gap)
        shown = self.first_cell()
        if y == 0:
            plain = self.get_component_rich_style("pane-bar--tab")
            active = self.get_component_rich_style("pane-bar--active")
            padding = Segment(" " * PADDING, gap)
            segments: list[Segment] = []
            for pane_id, label in self.tabs:
                style = active if pane_id in (self.active, self.hovered) else plain
                segments += (padding, Segment(label, style), padding)
            return Strip(segments, self._width).crop_extend(shown, shown + width, gap)
        bar_style = self.get_component_rich_style("pane-bar--underline")
        bar = Bar(highlight_range=(self.highlight_start - shown, self.highlight_end - shown),
                  highlight_style=Style.from_color(bar_style.color),
                  background_style=Style.from_color(bar_style.bgcolor))  # fmt: skip
        console = self.app.console
        drawn = console.render(bar, console.options.update_width(width))
        return Strip(Segment.apply_style(drawn, gap), width)

    # -- the mouse -----------------------------------------------------------------------

    def tab_at(self, x: int) -> str | None:
        """The pane id of the tab drawn at column `x` (None: past the last tab)."""
        cell = x + self.first_cell()
        for pane_id, (start, end) in self._spans.items():
            if start <= cell < end:
                return pane_id
        return None

    def on_click(self, event: events.Click) -> None:
        event.stop()
        pane_id = self.tab_at(event.x)
        if pane_id is not None:
            self.post_message(self.Clicked(pane_id))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.hovered = (self.tab_at(event.x) or "") if event.y == 0 else ""

    def on_leave(self, _event: events.Leave) -> None:
        self.hovered = ""

    def on_resize(self, _event: events.Resize) -> None:
        self.refresh()


class PaneDeck(ContentSwitcher):
    """The panes, one shown (`current`): focus never lands in a hidden one.

    Focus that lands in a hidden pane (a focus call still queued from the pane just left)
    is handed back to the shown one through `refocus(pane_id)`; `before_switch` runs
    before the focus is dropped for a switch (`drop_focus`).
    """

    def __init__(self, *args, before_switch: Callable[[], None] | None = None,
                 refocus: Callable[[str], None] | None = None, **kwargs) -> None:  # fmt: skip
        super().__init__(*args, **kwargs)
        self.before_switch = before_switch
        self.refocus = refocus
        self.warmup: PaneWarmup | None = None  # hidden panes drawn ahead (the app sets it)

    def watch_current(self, old: str | None, new: str | None) -> None:
        # The pane parked offscreen is let go first: the pane shown is laid out in front.
        if self.warmup is not None:
            self.warmup.release()
        super().watch_current(old, new)
        # Lay the whole screen out on the next frame.  Left to itself the request climbs up
        # from the shown pane one idle cycle at a time, and a frame of the old pane, redrawn
        # without focus, goes out first: together about 40 ms of every switch.
        if self.is_mounted:
            self.screen.refresh(layout=True)
            draw_now(self.screen)  # not at Textual's next frame tick (0-17 ms on)

    def drop_focus(self) -> None:
        """Before a switch: where the keys were is noted, and the focus let go (Textual
        would move a focus that a hidden pane holds to a neighbour)."""
        if self.before_switch is not None:
            self.before_switch()
        self.screen.set_focus(None)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        widget = event.widget
        shown = self.current
        pane = next((node for node in widget.ancestors_with_self if node.parent is self), None)
        if pane is not None and pane.id != shown and shown and self.refocus is not None:
            self.refocus(shown)
