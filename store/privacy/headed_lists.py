"""Passwords listed under a heading that names them: a Markdown heading, a bold line or a line that
ends in `:`, whose subject is a password of the lexicon (any language: `### Passwords by machine`,
`**Contraseñas del equipo**`, `Machine passwords:`), then a list whose items each name a thing and
give its value (`- **desk-pc:** \\`731942\\``, `* lab laptop: Fern2290`), in a file or in a diff's
lines (`+### Passwords`).  The heading makes each item's value a password's slot, so a value no
label beside it names is taken: a PIN's digits (4 to 12), or what evidence.decide takes after a
MEDIUM label alone on its line (a password's shape, a random string; never a plain word).  A
heading where more words follow the label (`Password reset`, `Password policy`: a compound's
head) names no list of passwords; an item that names a user (`- user: ana`) gives no password.

Only ``re``; patterns compiled on first use.
"""

from __future__ import annotations

from store.privacy.candidates import USER_WORDS, label_hits
from store.privacy.evidence import ASSIGN, decide
from store.privacy.lexicon import PREPOSITIONS
from store.privacy.rules import MEDIUM
from store.privacy.values import CACHE, P_NAME, add_span, compiled

P_HEADED = P_NAME + 500  # (a value judged by decide from its place, as a candidate's)
# A heading's line: `#`s, or a bold line, or words that end in `:` (its label found among them).
_HEADING = r"[+-]?[ \t]*(?:#{1,6}[ \t]+[^\n]{1,80}|\*\*[^*\n]{1,80}\*\*:?|[^\n:=`]{1,80}:)[ \t]*\Z"
# What may follow the label in a heading: a plural's or an inflection's letters, a preposition's
# phrase (`by machine`, `for the lab`), an aside in parentheses, a closing bold mark, a colon.
_AFTER_LABEL = r"(?:[^\W\d_]{{0,3}})(?:[ \t]+(?:{preps})\b[^\n:*()]{{0,40}})?(?:[ \t]*\([^()\n]{{0,40}}\))?[ \t]*(?:\*\*)?:?[ \t]*\Z"
# A list's item: its mark, a name (bold or not) and its separator, the value to the line's end.
_ITEM = r"[+-]?[ \t]*(?:[-*+]|\d{1,2}[.)])[ \t]+(?:\*\*([^*\n]{1,80}?)(?::\*\*|\*\*:)|([^:\n`*]{1,60}?):)[ \t]+(\S[^\n]*?)[ \t]*(?:\n|\Z)"


def passwords_under_a_heading(text, low, anchors, found):
    """Each item's value of a list under a heading that names passwords (the module's docstring)."""
    done = -1
    for s, e, kind, _single in label_hits(low, anchors):
        if kind != "password" or s < done or (e - s < 5 and low[s:e].isascii()):
            continue  # (`pass`, `pwd`, `mdp`: a name's piece or code's word, no heading's subject)
        # (a heading's line is short: its ends looked for within reach, not over a long line; its first or
        # last character read before the pattern; ASCII labels under 5 letters skipped: ~4 -> ~0.4 ms on
        # the cat MB, ~3 on dense_u)
        ls = text.rfind("\n", s - 90 if s > 90 else 0, s) + 1
        le = text.find("\n", e, e + 90)
        if le < 0 or le - ls > 90 or (ls == 0 and s > 90):
            continue
        done = le
        if text[ls:ls + 3].lstrip("+- \t")[:1] not in ("#", "*") and text[le - 1:le] not in (":", "*") \
                and text[le - 2:le] not in (":\r", "*\r"):
            continue
        if compiled("headed-heading", _HEADING).match(text, ls, le) is None or not _names_the_list(low, e, le):
            continue
        _items(text, le + 1, found)


def _names_the_list(low, e, le):
    rx = CACHE.get("headed-after-label")
    if rx is None:
        preps = sorted(set(PREPOSITIONS) | {"by", "in", "per"}, key=len, reverse=True)  # (`Passwords by machine`)
        rx = compiled("headed-after-label", _AFTER_LABEL.format(preps="|".join(preps)))  # (kept in CACHE by its name)
    return rx.match(low, e, le) is not None


def _items(text, at, found):
    """The values of the list's items from `at` (a blank line before the first allowed)."""
    blank = compiled("headed-blank", r"[+-]?[ \t]*\r?\n").match(text, at)
    if blank is not None:
        at = blank.end()
    item = compiled("headed-item", _ITEM)
    while at and at < len(text):
        m = item.match(text, at)
        if m is None:
            return
        name = (m.group(1) or m.group(2)).strip().lower()
        s, e = m.span(3)
        if text[s] in "`\"'" and e - s > 2 and text[e - 1] == text[s]:
            s, e = s + 1, e - 1
        value = text[s:e]
        if " " not in value and not any(w in USER_WORDS for w in compiled("headed-words", r"[^\W\d_]+").findall(name)) \
                and ((value.isdigit() and 4 <= len(value) <= 12) or decide(value, MEDIUM, ASSIGN, alone=True)):
            add_span(found, text, s, e, P_HEADED, "password")
        at = m.end()
