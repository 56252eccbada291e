"""Private turns: a prompt that is entirely ``<private>`` hides its whole turn.

When a user's prompt holds nothing but ``<private>...</private>`` blocks, the
prompt is not stored, and neither is anything done in answer to it: the tool
events of that turn (the subagents' ones included) are dropped too. The hook
(one process per event, the turns kept in :class:`TurnMarkers` files) and the
transcript importer (``hooks.transcripts``, with a :class:`TurnTimeline`)
follow this same rule, through these two functions:

    turn = private_turn(prompt_text, prompt_id)      # at each prompt
    if in_private_turn(turn, event.get("prompt_id")):  # at each later event
        drop the event

``private_turn`` must see the prompt as the user typed it, before the privacy
filter (which removes the private blocks, leaving nothing to judge).

A turn is keyed by its ``prompt_id`` (Claude Code 2.1+ sends it with every
event of the turn); older versions send none, and then the private turn lasts
until the next prompt. Standard library and ``store.privacy`` only (hook path).

The hook's other per-session marker lives here too: the recall ledger's "an injection
awaits its verdict" file (:func:`waiting`), which every tool event asks about.  The
ledger (``hooks.recall.ledger``) sets and clears it; asking costs a ``stat`` and no
import of the ledger.
"""
from __future__ import annotations

import os

NO_PROMPT_ID = ""
PRIVATE_TURNS_DIR = "private-turns"
WAITING_DIR = "recall-waiting"
# The events that can tell whether the model acted on an injection (hooks.recall.ledger.judge).
JUDGED_EVENTS = frozenset(("PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "Stop", "SessionEnd"))
_NO_TURN = "-"
_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
_MAX_IDS = 200


def prompt_is_hidden(prompt) -> bool:
    """The prompt itself is not stored: nothing but private blocks."""
    from store.privacy import is_entirely_private

    return is_entirely_private(prompt)


def private_turn(prompt, prompt_id) -> str | None:
    """The turn a prompt opens: None when it is not private, else the turn's key
    (its prompt_id, or ``NO_PROMPT_ID`` when the event has none).

    A prompt that leaves a ``<private>`` block open makes its turn private too: what
    follows it in the turn (tool calls that may carry the rest) is not kept, though
    the prompt's text before the opener is (see :func:`prompt_is_hidden`)."""
    return prompt_turn(prompt, prompt_id)[0]


def prompt_turn(prompt, prompt_id) -> tuple[str | None, bool]:
    """(the turn a prompt opens: :func:`private_turn`; True when the prompt itself is not
    stored: :func:`prompt_is_hidden`), the prompt read by the privacy filter once."""
    from store.privacy import is_entirely_private, leaves_private_open

    hidden = is_entirely_private(prompt)
    if not hidden and not leaves_private_open(prompt):
        return None, False
    return (prompt_id if isinstance(prompt_id, str) and prompt_id else NO_PROMPT_ID), hidden


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


def marker_name(session_id: str) -> str:
    """The file name of a session's marker (here, and the recall ledger's in hooks/recall/ledger.py)."""
    if 0 < len(session_id) <= 80 and set(session_id) <= _ID_CHARS:
        return "s-" + session_id  # Claude Code's ids are UUIDs: safe as they are
    from store.digest import text_digest

    return "h-" + text_digest(session_id)[:32]


def waiting_marker(session_id: str) -> str:
    """The path of the file that says `session_id` has an injection whose verdict is not known
    yet (`<memlane home>/recall-waiting/<session>`)."""
    from store.paths import memlane_home

    return os.path.join(memlane_home(), WAITING_DIR, marker_name(session_id))


def waiting(session_id: object) -> bool:
    """True when this session has an injection whose verdict is not known yet."""
    return isinstance(session_id, str) and bool(session_id) and os.path.lexists(waiting_marker(session_id))


class TurnMarkers:
    """The hook's private turns: one small file a session,
    ``<memlane home>/private-turns/<session id or its hash>``.

    Its first line is the open turn (its prompt_id, "" for a prompt without one,
    "-" for none); the other lines are every private prompt_id of the session, so a
    late event of a private turn (a background subagent finishing after the next
    prompt) is still dropped.  SessionEnd deletes the file; maintenance prunes old
    ones.  A marker that cannot be read counts as an open turn (fail closed)."""

    def __init__(self, folder: str | None = None) -> None:
        if folder is None:
            from store.paths import memlane_home

            folder = os.path.join(memlane_home(), PRIVATE_TURNS_DIR)
        self.folder = folder

    def open(self, session_id: str, turn: str) -> None:
        """A private prompt opened `turn` (a value of :func:`private_turn`)."""
        state = self._read(session_id)
        ids = state[1] if state else []
        if turn and turn not in ids:
            ids.append(turn)
        self._write(session_id, turn, ids[-_MAX_IDS:])

    def close(self, session_id: str) -> None:
        """A new, not private prompt: the open turn is over (its ids are still remembered)."""
        state = self._read(session_id)
        if state is not None and state[0] is not None:
            self._write(session_id, None, state[1])

    def take_prompt(self, session_id: str, prompt, prompt_id) -> str:
        """A prompt came (`prompt` as the user typed it): a private turn it opens is kept, an
        open one it ends is closed.  Returns "" (not private), "private" (a private turn: the
        prompt's text before its open block is stored) or "hidden" (nothing is stored)."""
        turn, hidden = prompt_turn(prompt, prompt_id)
        if turn is None:
            self.close(session_id)
            return ""
        self.open(session_id, turn)
        return "hidden" if hidden else "private"

    def drop(self, session_id: str) -> None:
        """The session ended: its marker goes."""
        self._remove(self._path(session_id))

    def hides(self, session_id: str, prompt_id: str | None) -> bool:
        """True when an event of this session and prompt belongs to a private turn."""
        state = self._read(session_id)
        if state is None:
            return False
        current, ids = state
        if prompt_id and prompt_id in ids:
            return True
        return in_private_turn(current, prompt_id)

    def _path(self, session_id: str) -> str:
        return os.path.join(self.folder, marker_name(session_id))

    def _read(self, session_id: str) -> tuple[str | None, list[str]] | None:
        """(open turn or None, private prompt ids), or None when the session has none."""
        from store.files import read_regular, refuse_symlink

        path = self._path(session_id)
        try:
            refuse_symlink(self.folder, "the private-turns folder")
            refuse_symlink(path, "a private-turn marker")
            lines = read_regular(path).decode("utf-8", "replace").split("\n")
        except (FileNotFoundError, NotADirectoryError):
            return None
        except OSError:
            return "", []  # a marker we cannot read (or a symbolic link): fail closed
        current = lines[0] if lines else ""
        return (None if current == _NO_TURN else current), [ln for ln in lines[1:] if ln]

    def _write(self, session_id: str, current: str | None, ids: list[str]) -> None:
        path = self._path(session_id)
        if current is None and not ids:
            self._remove(path)
            return
        from store.files import make_private_dir, write_private_atomic

        make_private_dir(self.folder, "the private-turns folder")
        text = "\n".join([_NO_TURN if current is None else current, *ids])
        write_private_atomic(path, text.encode("utf-8", "replace"), "a private-turn marker")

    @staticmethod
    def _remove(path: str) -> None:
        """A marker gone; one that cannot be removed is said, not ignored."""
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
        except OSError as exc:
            from hooks.event import short
            from store.log import log_line

            log_line(f"the private-turn marker {path} could not be removed ({short(exc)}).")
