"""A dialog answers once: a second answer already on its way is dropped, not a screen popped."""

from __future__ import annotations

from textual.await_complete import AwaitComplete


class AnswersOnce:
    """Mixed into a modal before ModalScreen.

    Textual's `dismiss` pops whatever screen is on top.  Two answers can be queued for one
    dialog (enter on Cancel then `y`; a letter then enter in the copy list; a count that
    comes after escape): the second one, handled once the first had taken the dialog off
    the stack, popped the screen under it (the panes' own: the app died)."""

    def dismiss(self, result=None) -> AwaitComplete:
        if not self.is_active:  # answered already (or a screen is over it, which is not its to pop)
            return AwaitComplete.nothing()
        return super().dismiss(result)
