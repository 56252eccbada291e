"""Values of real Claude Code transcripts that are never secrets, by what they are and where they
stand (judged by never.never_secret after its other classes):

- an id or a name under a label that merely ends in ``key`` (a name whose word before ``key``
  does not make it a credential's: ``data-offset-key``, ``rowKey``, ``TELL_WEIGHT_KEY``): a short
  value of an id's structure (a head and counters: ``3holr-0-0``, ``row-12``), or words of lower
  case joined by ``_``, ``-`` or ``.``, a version or a counter after them (``dice_roll_history_v1``:
  the name a cache or a storage key gives a thing);
- a value already masked: a word in capitals between runs of ``*`` (``***REMOVED***``, as a
  cleaner of a repository's history writes it, ``**HIDDEN**``; the span may stop before the closing
  run), a provider's prefix and a few characters cut by an ellipsis (``glpat-7Hq2zB…``,
  ``glpat-XXXXXX…``: a display of a token's first characters).

Only ``re``; patterns compiled on first use.
"""

from __future__ import annotations

from store.privacy.names import name_verdict
from store.privacy.rules import STRONG
from store.privacy.values import compiled

# An id's structure: a short head of id characters, then one counter or more (Draft.js's offset keys
# `3holr-0-0`, a list's `row-12`, `node:4:2`).
COUNTED_ID = r"[A-Za-z0-9]{1,12}(?:[-_.:]\d{1,4})+"
# A name of a thing: words of lower case joined, a version or a counter after them.
THING_NAME = r"[a-z]{2,20}(?:[-_.][a-z]{2,20})+(?:[-_.]v?\d{1,4})?"

# A mask: a word in capitals after a run of `*`, a run after it or not (the span may stop before it).
STARRED_WORD = r"\*{2,}[ ]?[A-Z][A-Z_ -]{1,30}[ ]?\*{0,8}"
# A display cut to a token's first characters: a provider's prefix, eight characters at most, an ellipsis.
CUT_TOKEN = r"[A-Za-z]{2,8}[_-](?:[A-Za-z]{2,6}[_-])*[A-Za-z0-9]{0,8}(?:\u2026|\.{3})"


def never_in_real(text: str, s: int, e: int, kind: str, value: str, end: str) -> bool:
    """Whether the value at `s` (`value`: the span less its quotes) is one of the classes above
    (`end`: the 40 characters before it, lowercased, less the spaces, quotes and backslashes that
    end them)."""
    sep = end[-1:]
    if (sep == "=" or sep == ":") and end[:-1].rstrip(" \t\"'\\").endswith("key") and len(value) <= 64 \
            and (compiled("never-real-counted-id", COUNTED_ID).fullmatch(value)
                 or compiled("never-real-thing-name", THING_NAME).fullmatch(value)) and _under_a_weak_key_label(text, s):
        return True
    return (value[0] == "*" and compiled("never-real-starred-word", STARRED_WORD).fullmatch(value) is not None) \
        or (value[-1] in "\u2026." and len(value) <= 32 and compiled("never-real-cut-token", CUT_TOKEN).fullmatch(value) is not None)


def _under_a_weak_key_label(text: str, s: int) -> bool:
    """The label right before `s` (its separator, quotes and spaces between) is a name whose last
    word is `key` and whose word before it does not make it a credential's (names.name_verdict:
    less than STRONG): `data-offset-key`, `sortKey`, `key`; not `api_key`, `secretKey`."""
    before = text[s - 60 if s > 60 else 0:s].rstrip(" \t\"'`\\")
    if not before or before[-1] not in ":=":
        return False
    before = before[:-1].rstrip(" \t\"'`\\")
    i = len(before)
    while i > 0 and (before[i - 1].isalnum() or before[i - 1] in "_-.") and before[i - 1].isascii():
        i -= 1
    name = before[i:]
    verdict = name_verdict(name) if name else None
    return verdict is not None and verdict[1] < STRONG and name[-3:].lower() == "key"
