"""A session Claude Code no longer has: say so, and offer what memlane holds of it.

Claude Code deletes a session's transcript after `cleanupPeriodDays`; `claude --resume`
then ends in "No conversation found".  Instead of running it, `c` / `C` show this: the
reason in a sentence, and the session's timeline or an export of it (its first letter,
or enter, picks one; escape closes).  Dismisses with "timeline", "export" or None.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from store.display import inert_line
from tui.formatting import plural
from tui.gui.modals.answers_once import AnswersOnce
from tui.gui.widgets.app_footer import AppFooter


def offers(memories: int, *, timeline: bool = True) -> list[tuple[str, str]]:
    """(action, what a person reads) of what memlane can give of the session."""
    held = plural(memories, "memory")
    choices = [("timeline", f"t  Timeline: its {held}, in order")] if timeline else []
    return [*choices, ("export", "e  Export: all of it to a Markdown or JSON file")]


class SessionGoneModal(AnswersOnce, ModalScreen["str | None"]):
    """Claude Code cannot resume `session_id`: why, and what memlane offers instead."""

    BINDINGS = [
        Binding("enter", "choose", "Open", id="session-gone.choose", priority=True),
        Binding("escape", "dismiss_none", "Close", id="session-gone.close"),
    ]

    def __init__(self, session_id: str, why: str, memories: int, *, timeline: bool = True) -> None:
        super().__init__(classes="session-gone-modal")
        self.session_id = session_id
        self.why = why
        self.memories = memories
        self.choices = offers(memories, timeline=timeline)

    def compose(self) -> ComposeResult:
        with Vertical(id="session-gone-dialog", classes="modal-dialog"):
            yield Label(f"Claude Code no longer has session {inert_line(self.session_id[:8])}",
                        id="session-gone-title", classes="modal-title", markup=False)  # fmt: skip
            yield Static(f"{inert_line(self.why)} memlane still holds {plural(self.memories, 'memory')} of it:",
                         id="session-gone-why", classes="modal-body", markup=False)  # fmt: skip
            yield OptionList(*(Option(text, id=action) for action, text in self.choices),
                             id="session-gone-options", markup=False)  # fmt: skip
        yield AppFooter()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def on_key(self, event) -> None:
        for action, _text in self.choices:
            if event.character == action[0]:
                event.stop()
                self.dismiss(action)
                return

    def action_choose(self) -> None:
        options = self.query_one(OptionList)
        if options.highlighted is not None:
            self.dismiss(self.choices[options.highlighted][0])

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
