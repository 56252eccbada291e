"""A password under a plural label, alone on its line (real Claude Code transcripts, part A): a
seed file's comment that says what every account's password is (``-- Passwords: X (bcrypt
hash)``, ``# passwords: X``).  A plural secret word is no name of a value elsewhere (names.py: a
mapping's parent, a count, prose), so the label and one value after its `:` or `=` must fill
the line, a comment's mark and a short aside in parentheses allowed; the value is judged as a
MEDIUM label's (evidence.decide: a password's shape or a random one, never a plain word).

Only ``re``; patterns compiled on first use.
"""

from __future__ import annotations

from store.privacy.evidence import ASSIGN, decide
from store.privacy.rules import MEDIUM
from store.privacy.values import P_NAME, add_span, compiled

P_PLURAL = P_NAME + 500  # (candidates.P_CANDIDATE: a value judged by decide from its label)
# What may stand before the label on its line: an indent, a comment's mark, one word qualifying it.
BEFORE = r"[ \t]*(?:(?:--|#{1,6}|//|;|\*|/\*)[ \t]*)?(?:[A-Za-z]+[ _-])?"
# The separator, one value, an aside in parentheses, the line's end.
AFTER = r"[ \t]*[:=][ \t]*([^\s()]{4,128})[ \t]*+(?:\([^()\n]{1,60}\)[ \t]*+)?(?:\*/)?[ \t]*+(?:\n|\Z)"


def plural_labels(text, low, anchors, found):
    """Each `passwords` label that fills its line with one value (see the module's docstring)."""
    if "password" not in anchors.present:
        return
    for at in anchors.at("password"):
        if not low.startswith("passwords", at) or (at and low[at - 1].isalnum() and low[at - 1] != "_"):
            continue  # (a plural stands at a few of the thousands of places `password` does)
        m = compiled("plural-label-after", AFTER).match(text, at + 9)
        if m is None:
            continue
        if compiled("plural-label-before", BEFORE).fullmatch(text, text.rfind("\n", 0, at) + 1, at) is None:
            continue
        s, e = m.span(1)
        if decide(text[s:e], MEDIUM, ASSIGN, alone=True):
            add_span(found, text, s, e, P_PLURAL, "password")
