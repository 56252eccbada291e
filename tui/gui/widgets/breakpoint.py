"""One breakpoint for a widget whose list shows more columns when it is wide."""

from __future__ import annotations


class WideBreakpoint:
    """Mixed into a pane or view: narrow below WIDE_FROM cells, wide from there on.

    Its `on_resize` asks `crossed(width)` and redraws its list's columns when that says so;
    its columns and cells read `wide`."""

    WIDE_FROM = 110  # cells from which the wide columns are shown
    wide = False

    def crossed(self, width: int) -> bool:
        """Whether `width` moved the widget across WIDE_FROM (`wide` is updated)."""
        wide = width >= self.WIDE_FROM
        if wide == self.wide:
            return False
        self.wide = wide
        return True
