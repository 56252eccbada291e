"""A file as a tool shows it, its lines numbered (Claude Code's Read: ``     3→text``; ``cat -n``:
``     3<TAB>text``): the finders read the file's lines, not the numbers, so that what holds at
the start of a line (an INI key, a directive, a Kubernetes ``name:``/``value:`` pair) holds
there too.  `numbered(text)` gives the text without its numbers and the map of a position back.
"""

from __future__ import annotations

from bisect import bisect_right

from store.privacy.values import compiled

_PREFIX = r"(?m)^ {0,8}\d{1,7}(?:\u2192|\t)"


def numbered(text: str):
    """(text without the line numbers, position map) when most lines of `text` start with a
    tool's line number, else None."""
    first = text.lstrip(" \n")[:1]
    if not first.isdigit() or ("\t" not in text and "\u2192" not in text):
        return None  # (a number's mark, without the pattern: a session id starts with a digit)
    marks = list(compiled("numbered-prefix", _PREFIX).finditer(text))
    if not marks:
        return None
    lines = text.count("\n") + 1
    if len(marks) * 5 < lines * 4:  # a numbered listing, not a number that starts a line of prose
        return None
    parts, starts, shifts = [], [], []
    pos = removed = 0
    for m in marks:
        parts.append(text[pos:m.start()])
        starts.append(m.start() - removed)
        removed += m.end() - m.start()
        shifts.append(removed)
        pos = m.end()
    parts.append(text[pos:])
    stripped = "".join(parts)

    def back(at: int, end: bool = False) -> int:
        """Where position `at` of the stripped text stands in `text` (`end`: an end of a span)."""
        i = bisect_right(starts, at - 1 if end and at else at) - 1
        return at + (shifts[i] if i >= 0 else 0)

    return stripped, back
