"""What to redact inside one memory: literal text, or a regular expression (ctrl+t).

Shows the memory and, as the person types, how many places would become
[REDACTED]; dismisses with the regular expression to apply, or None.
"""

from __future__ import annotations

import re

from textual.widgets import Input

from store.forget import REDACTED
from tui.modals.text_input import TextInputModal


def redaction_preview(content: str, text: str, regex: bool) -> tuple[str, bool]:
    """How many places `text` (literal, or a regular expression) would replace in `content`."""
    if not text:
        return ("Type the text to redact.", False)
    if regex:
        try:
            count = len(re.findall(text, content))
        except re.error as exc:
            return (f"Not a valid regular expression: {exc}.", False)
    else:
        count = content.count(text)
    if not count:
        return ("No match in this memory.", False)
    return (f"{count} place{'s' if count != 1 else ''} will become {REDACTED}.", True)


class RedactModal(TextInputModal):
    """Ask what to replace with [REDACTED] inside memory `memory_id`."""

    def __init__(self, memory_id: int, content: str) -> None:
        super().__init__(
            f"Redact inside memory #{memory_id}",
            prompt=f"Text to replace with {REDACTED} (every occurrence):",
            placeholder="paste the text, or a regular expression (ctrl+t)",
            submit_label="Redact",
            toggle_label="regular expression",
            preview=content,
            describe=lambda text, regex: redaction_preview(content, text, regex),
            allow_empty=False,
        )

    @property
    def pattern(self) -> str:
        """The regular expression `store.forget.redact` applies for what is typed."""
        text = self.query_one("#text-input-value", Input).value
        return text if self.toggled else re.escape(text)

    def action_submit(self) -> None:
        message, ok = self._check()
        if not ok:
            self.notify(message, severity="warning", timeout=3)
            return
        self.dismiss(self.pattern)
