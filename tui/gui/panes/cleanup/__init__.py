"""Pane 5, Cleanup: the pane and its keys (`cleanup.pane`), the filtered list
(`cleanup.selection`) with its filter bar (`cleanup.filter_bar`) and marks
(`cleanup.marks`), and the secrets audit (`cleanup.audit`); the two lists share
`cleanup.memory_list`."""

from tui.gui.panes.cleanup.pane import CleanupPane, describe_selection

__all__ = ["CleanupPane", "describe_selection"]
