"""Modals shared by the panes: the one confirmation, the one text input, and the session
Claude Code no longer has."""

from tui.gui.modals.answers_once import AnswersOnce
from tui.gui.modals.confirm import TYPE_COUNT_ABOVE, ConfirmModal, count_matches
from tui.gui.modals.session_gone import SessionGoneModal
from tui.gui.modals.text_input import TextInputModal, TextInputResult

__all__ = ["TYPE_COUNT_ABOVE", "AnswersOnce", "ConfirmModal", "SessionGoneModal", "TextInputModal", "TextInputResult", "count_matches"]
