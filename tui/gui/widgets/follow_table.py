"""A table that follows its newest row, like `tail -f`, and pauses when the person scrolls up."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.reactive import reactive

from tui.gui.textual_internals import settle_dimensions
from tui.gui.widgets.vim_table import VimDataTable


class FollowTable(VimDataTable):
    """VimDataTable with a `following` flag: looking back pauses it, `end` resumes it.

    While following, the owner appends rows and calls `scroll_to_newest()`.
    Moving the cursor up, paging up, going to the top or scrolling up with
    the mouse sets `following` to False; `end`/`G`, or scrolling the mouse
    back to the bottom, sets it to True again.  The owner watches `following`.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("end", "follow", "Follow", show=False, id="live.follow"),
        Binding("G", "follow", "Follow", show=False, id="live.follow_g"),
    ]

    following: reactive[bool] = reactive(True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "follow":
            return not self.following  # following already: the key is free (and hidden)
        return True

    def watch_following(self) -> None:
        self.refresh_bindings()

    def scroll_to_newest(self) -> None:
        if self.row_count:
            settle_dimensions(self)  # the new rows' place now, not at the next idle: one frame
            self.move_cursor(row=self.row_count - 1, animate=False)
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def action_follow(self) -> None:
        self.following = True
        self.scroll_to_newest()

    def _look_back(self) -> None:
        if self.row_count and self.cursor_row < self.row_count - 1:
            self.following = False

    def action_cursor_up(self) -> None:
        super().action_cursor_up()
        self._look_back()

    def action_page_up(self) -> None:
        super().action_page_up()
        self._look_back()

    def action_scroll_top(self) -> None:
        super().action_scroll_top()
        self._look_back()

    # Event handlers run for every class of the MRO (Textual calls the base
    # class's scrolling afterwards), so these only add to it, without super().
    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        if self.max_scroll_y > 0:
            self.following = False
            # Following leaves the scroll target past the end (rows keep coming);
            # start from what is shown so the first notch visibly scrolls.
            self.scroll_target_y = min(self.scroll_y, self.max_scroll_y)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        if not self.following:
            self.call_after_refresh(self._resume_at_bottom)

    def _resume_at_bottom(self) -> None:
        if not self.following and self.scroll_target_y >= self.max_scroll_y:
            self.action_follow()

    async def on_click(self, event: events.Click) -> None:
        self.call_after_refresh(self._look_back)
