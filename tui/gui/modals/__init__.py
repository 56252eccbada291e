"""Modals shared by the panes: the one confirmation and the one text input."""

from tui.gui.modals.confirm import TYPE_COUNT_ABOVE, ConfirmModal, count_matches
from tui.gui.modals.text_input import TextInputModal, TextInputResult

__all__ = ["TYPE_COUNT_ABOVE", "ConfirmModal", "TextInputModal", "TextInputResult", "count_matches"]
