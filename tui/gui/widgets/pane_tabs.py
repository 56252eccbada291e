"""The app's tabs: a TabbedContent whose hidden panes cannot pull focus (and the tab) back."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.widgets import TabbedContent, TabPane, Tabs
from textual.widgets.tabbed_content import ContentTab, ContentTabs

from tui.gui.textual_internals import draw_now

if TYPE_CHECKING:
    from tui.gui.pane_warmup import PaneWarmup


class PaneTabs(TabbedContent):
    """TabbedContent that drops focus before it switches panes.

    Stock TabbedContent activates the pane of any widget that gets focus.  When
    the focused widget's pane is hidden, Textual moves focus to a neighbour
    that can still be in that pane, which switched the tab straight back; and
    a focus call still queued from the previous pane (keys pressed quickly)
    did the same.  Here focus is dropped before switching, focus never
    switches panes, and focus that lands in a hidden pane is handed back to
    the shown one through `refocus(pane_id)`.
    """

    def __init__(self, *args, before_switch: Callable[[], None] | None = None,
                 refocus: Callable[[str], None] | None = None, **kwargs) -> None:  # fmt: skip
        super().__init__(*args, **kwargs)
        self.before_switch = before_switch
        self.refocus = refocus
        self.warmup: PaneWarmup | None = None  # hidden panes drawn ahead (the app sets it)

    def watch_active(self, active: str) -> None:
        # Lay the whole screen out on the next frame.  Left to itself the request climbs up
        # from the shown pane one idle cycle at a time, and a frame of the old pane, redrawn
        # without focus, goes out first: together about 40 ms of every switch.
        if self.warmup is not None:
            self.warmup.release()  # before the layout below: the pane shown is laid out in front
        if self.is_mounted:
            self.screen.refresh(layout=True)
            draw_now(self.screen)  # not at Textual's next frame tick (0-17 ms on)

    def drop_focus(self) -> None:
        if self.before_switch is not None:
            self.before_switch()
        self.screen.set_focus(None)

    # Handlers run for each class of the MRO: these run before TabbedContent's.
    def on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:
        tabs_are_mine = isinstance(event.tabs, ContentTabs) and event.tabs.tabbed_content is self
        if tabs_are_mine and event.tab.id != ContentTab.add_prefix(self.active):
            self.drop_focus()

    def on_tab_pane_focused(self, event: TabPane.Focused) -> None:
        event.stop()
        event.prevent_default()
        if event.tab_pane.id != self.active and self.refocus is not None:
            self.refocus(self.active)
