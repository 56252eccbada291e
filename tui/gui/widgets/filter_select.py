"""The app's dropdowns: `Dropdown`, and `FilterSelect`, whose options are read again from the
database as it changes."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.widgets import Select

from store.display import inert_line
from tui.gui.textual_internals import MenuOnOpenSelect


def _inert_options(options: list[tuple[object, object]]) -> list[tuple[object, object]]:
    """Option labels built from stored names (projects, tools, sessions) as inert Text:
    a tool named `mcp__srv__[@click=app.quit]t` is shown, not clicked."""
    return [(Text(inert_line(label)) if isinstance(label, str) else label, value)
            for label, value in options]  # fmt: skip


class Dropdown(MenuOnOpenSelect):
    """A Select whose menu is built when it first opens: the app's ten dropdowns, most of
    them in hidden panes, were ~80 ms of the first screen's CPU (at load 13) with their
    menus built up front."""


class FilterSelect(Dropdown):
    """Select that takes new options quietly and keeps the chosen value while it is offered.

    `offer(options, keep=value)` replaces the options without posting `Changed`
    (the filter did not change, only what can be picked), chooses `keep` again
    if it is still among them, and does nothing when the options are the same.
    """

    def __init__(self, options: Iterable[tuple[str, object]] = (), **kwargs) -> None:
        options = list(options)
        super().__init__(_inert_options(options), **kwargs)
        self.offered: list[tuple[str, object]] = options

    def offer(self, options: Iterable[tuple[str, object]], keep: object = None) -> None:
        options = list(options)
        if options == self.offered:
            return
        self.offered = options
        with self.prevent(Select.Changed):
            self.set_options(_inert_options(options))
            if keep is not None and keep in [value for _, value in options]:
                self.value = keep
