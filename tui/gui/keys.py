"""The app's own keys (those that work on every pane), apart from the app so help can read them."""

from __future__ import annotations

from textual.binding import Binding

from tui.gui.panes import PANES

APP_BINDINGS: list[Binding] = [
    *(Binding(entry.key, f"show_pane('{entry.id}')", entry.title, show=False, id=f"app.{entry.id}")
      for entry in PANES),  # fmt: skip
    Binding("slash", "search", "Search", id="app.search"),
    Binding("question_mark,f1", "help", "Help", id="app.help"),
    Binding("ctrl+p", "command_palette", "Commands", show=False, id="app.commands"),
    Binding("q", "quit", "Quit", id="app.quit"),
]
