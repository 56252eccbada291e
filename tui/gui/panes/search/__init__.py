"""Pane 3, Search: the pane (`search.pane`) and the query box's history (`search.history`)."""

from tui.gui.panes.search.pane import SearchPane

__all__ = ["SearchPane"]
