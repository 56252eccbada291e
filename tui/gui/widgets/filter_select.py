"""A filter dropdown whose options are read again from the database as it changes."""

from __future__ import annotations

from collections.abc import Iterable

from textual.widgets import Select


class FilterSelect(Select):
    """Select that takes new options quietly and keeps the chosen value while it is offered.

    `offer(options, keep=value)` replaces the options without posting `Changed`
    (the filter did not change, only what can be picked), chooses `keep` again
    if it is still among them, and does nothing when the options are the same.
    """

    def __init__(self, options: Iterable[tuple[str, object]] = (), **kwargs) -> None:
        options = list(options)
        super().__init__(options, **kwargs)
        self.offered: list[tuple[str, object]] = options

    def offer(self, options: Iterable[tuple[str, object]], keep: object = None) -> None:
        options = list(options)
        if options == self.offered:
            return
        self.offered = options
        with self.prevent(Select.Changed):
            self.set_options(options)
            if keep is not None and keep in [value for _, value in options]:
                self.value = keep
