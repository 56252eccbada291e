"""What to redact inside one memory: literal text, or a regular expression (ctrl+t).

Shows the memory and, as the person types, how many places would become
[REDACTED]; dismisses with the regular expression to apply, or None.

Literal text is counted at once.  A regular expression is counted after a
pause in typing, in a thread worker that hands it to `store.privacy.user_patterns`
(a helper process with a time limit), because a backtracking pattern would
otherwise hold the GIL and freeze the app.  Only a pattern whose count
finished in time is applied.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from textual import on, work
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Checkbox, Input

from store.forgetting import REDACTED
from store.privacy.user_patterns import PatternRefused, count_in_time
from tui.formatting import plural
from tui.gui.modals.text_input import TextInputModal

COUNT_DEBOUNCE = 0.15  # seconds of no typing before a regular expression is counted
COUNTING = "Counting the matches…"

Verdict = tuple[str, bool]  # (what the status line says, whether the pattern may be applied)


@dataclass
class PatternCounted(Message):
    """The helper counted (or refused) `pattern`."""

    pattern: str
    verdict: Verdict


def verdict_for(count: int) -> Verdict:
    if not count:
        return ("No match in this memory.", False)
    return (f"{plural(count, 'place')} will become {REDACTED}.", True)


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
            describe=self._verdict,
            allow_empty=False,
        )
        self.content = content
        self._verdicts: dict[str, Verdict] = {}  # regular expression -> its count, once known
        self._counting: set[str] = set()  # patterns the helper is counting now
        self._debounce: Timer | None = None
        self._submit_when_counted = False

    @property
    def text(self) -> str:
        return self.query_one("#text-input-value", Input).value

    @property
    def pattern(self) -> str:
        """The regular expression `store.forgetting.erase.redact` applies for what is typed."""
        return self.text if self.toggled else re.escape(self.text)

    def _verdict(self, text: str, regex: bool) -> Verdict:
        if not text:
            return ("Type the text to redact.", False)
        if not regex:
            return verdict_for(self.content.count(text))
        return self._verdicts.get(text, (COUNTING, False))

    # -- counting a regular expression off the UI thread --------------------------

    @on(Input.Changed, "#text-input-value")
    @on(Checkbox.Changed, "#text-input-toggle")
    def _count_later(self) -> None:
        self._submit_when_counted = False
        if self._debounce is not None:
            self._debounce.stop()
            self._debounce = None
        if self.toggled and self.text and self.text not in self._verdicts:
            self._debounce = self.set_timer(COUNT_DEBOUNCE, self._count_now)

    def _count_now(self) -> None:
        if self._debounce is not None:
            self._debounce.stop()
            self._debounce = None
        if self.text not in self._counting:
            self._counting.add(self.text)
            self._count(self.text, self.content)

    @work(thread=True, group="redact-count")
    def _count(self, pattern: str, content: str) -> None:
        try:
            verdict = verdict_for(count_in_time(pattern, content))
        except PatternRefused as exc:
            verdict = (str(exc), False)
        self.post_message(PatternCounted(pattern, verdict))

    @on(PatternCounted)
    def _counted(self, message: PatternCounted) -> None:
        self._counting.discard(message.pattern)
        self._verdicts[message.pattern] = message.verdict
        if not (self.toggled and self.text == message.pattern):
            return  # typed on since: that text is counted next
        self._refresh_status()
        # Not once escape took it off the stack (the count was already queued for it): the
        # answer is no longer wanted (AnswersOnce would drop its dismiss, but a refused
        # pattern's warning would still show over the screen below).
        if self._submit_when_counted and self.is_active:
            self._submit_when_counted = False
            self.action_submit()

    def action_submit(self) -> None:
        if self.toggled and self.text and self.text not in self._verdicts:
            self._submit_when_counted = True  # enter before the count came: apply once it does
            self._count_now()
            return
        message, ok = self._check()
        if not ok:
            self.notify(message, severity="warning", timeout=4)
            return
        self.dismiss(self.pattern)
