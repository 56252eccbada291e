"""Private turns: a prompt that is entirely ``<private>`` hides its whole turn.

When a user's prompt holds nothing but ``<private>...</private>`` blocks, the
prompt is not stored, and neither is anything done in answer to it: the tool
events of that turn (the subagents' ones included) are dropped too. The hook
(one process per event, the turn kept in a small marker file) and the
transcript importer (``hooks.transcripts``, with a :class:`TurnTimeline`) follow this same rule, through
these two functions:

    turn = private_turn(prompt_text, prompt_id)      # at each prompt
    if in_private_turn(turn, event.get("prompt_id")):  # at each later event
        drop the event

``private_turn`` must see the prompt as the user typed it, before the privacy
filter (which removes the private blocks, leaving nothing to judge).

A turn is keyed by its ``prompt_id`` (Claude Code 2.1+ sends it with every
event of the turn); older versions send none, and then the private turn lasts
until the next prompt. Standard library and ``store.privacy`` only (hook path).
"""
from __future__ import annotations

from store.privacy import is_entirely_private, leaves_private_open

NO_PROMPT_ID = ""


def prompt_is_hidden(prompt) -> bool:
    """The prompt itself is not stored: nothing but private blocks."""
    return is_entirely_private(prompt)


def private_turn(prompt, prompt_id) -> str | None:
    """The turn a prompt opens: None when it is not private, else the turn's key
    (its prompt_id, or ``NO_PROMPT_ID`` when the event has none).

    A prompt that leaves a ``<private>`` block open makes its turn private too: what
    follows it in the turn (tool calls that may carry the rest) is not kept, though
    the prompt's text before the opener is (see :func:`prompt_is_hidden`)."""
    if not is_entirely_private(prompt) and not leaves_private_open(prompt):
        return None
    return prompt_id if isinstance(prompt_id, str) and prompt_id else NO_PROMPT_ID


def in_private_turn(turn, event_prompt_id) -> bool:
    """True when an event carrying ``event_prompt_id`` belongs to the private
    turn ``turn`` (a value from :func:`private_turn`; None = no private turn).

    An event of another prompt (a different prompt_id) is not in the turn: the
    private turn is over. An event without a prompt_id, or a turn opened by a
    prompt without one, counts as in the turn (fail closed)."""
    if turn is None:
        return False
    if turn == NO_PROMPT_ID or not isinstance(event_prompt_id, str) or not event_prompt_id:
        return True
    return event_prompt_id == turn


class TurnTimeline:
    """The private turns of the sessions one transcript import reads (the hook keeps
    its own in marker files, one process per event): every private prompt id of a
    session, and its prompts' turns in time order, so an event read out of order (a
    subagent's file comes after its session's) is judged by the turn it was in."""

    def __init__(self) -> None:
        self._sessions: dict = {}  # session -> (private prompt ids, [(time, turn)])

    def note(self, session_id: str, prompt_id, turn, ts) -> None:
        """A prompt of `session_id` at time `ts` opened `turn` (a value of private_turn)."""
        state = self._sessions.get(session_id)
        if state is None:
            state = self._sessions[session_id] = (set(), [])
        private, timeline = state
        if turn is not None and prompt_id:
            private.add(prompt_id)
        if not timeline or (ts or "") >= (timeline[-1][0] or ""):
            timeline.append((ts, turn))
        else:  # out of order (a subagent file): keep the timeline sorted
            import bisect

            timeline.insert(bisect.bisect_right([t for t, _ in timeline], ts or ""), (ts, turn))

    def hides(self, session_id: str, prompt_id, ts) -> bool:
        """True when an event of this session, prompt and time is in a private turn."""
        state = self._sessions.get(session_id)
        if state is None:
            return False
        private, timeline = state
        if prompt_id and prompt_id in private:
            return True
        if not timeline:
            return False
        turn = timeline[-1][1]
        if ts and timeline[-1][0] and ts < timeline[-1][0]:
            import bisect

            i = bisect.bisect_right([t or "" for t, _ in timeline], ts) - 1
            turn = timeline[i][1] if i >= 0 else None
        return in_private_turn(turn, prompt_id)
