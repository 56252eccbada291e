"""The command palette with the app's footer, which shows the palette's keys while it is open."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.command import CommandPalette

from tui.gui.widgets.app_footer import AppFooter


class Palette(CommandPalette):
    """Textual's command palette; its footer says enter runs, escape closes."""

    BINDINGS = [Binding("escape", "escape", "Close", id="palette.close")]

    def compose(self) -> ComposeResult:
        yield from super().compose()
        footer = AppFooter()
        footer.enter_label = "Run"
        yield footer
