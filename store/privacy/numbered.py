"""A file as a tool shows it, read as the file's own lines:

- its lines numbered (Claude Code's Read: ``     3→text``; ``cat -n``: ``     3<TAB>text``);
- a diff (``git diff``, ``git log -p``, a patch, an Edit's structuredPatch lines): each changed
  or context line marked by its first character (``+DB_PASSWORD=…``, ``-  token: …``).

The finders read the lines without the numbers or marks, so that what holds at the start of a
line (an INI key, an environment assignment, a directive, a Kubernetes ``name:``/``value:`` pair)
holds there too: a `+` before ``DB_PASSWORD=`` read as an operator made its value an expression's.
`numbered(text)` and `diff_body(text)` give the text without them and the map of a position back.
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
    return _without(text, [m.span() for m in marks])


_HUNK = r"@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@[^\n]*"
_HUNK_END = r"\n(?![-+ \\\n])"  # the first line of a hunk's that no mark starts (nor `\ No newline`, nor blank)
_HUNK_MARK = r"\n[-+ ]"


def diff_body(text: str):
    """(text without the mark of each line of a diff's hunks, position map) when `text` is a diff,
    else None.  A diff: the lines after a hunk header (``@@ -3,7 +3,8 @@``) up to the first that
    no mark starts (the next file's ``diff --git``, a commit's header); or lines that each start
    with `+` or `-` (or Claude Code's ``@@`` between hunks), one of them a `+` not doubled: an
    Edit's patch lines, one added line alone (lines of `-` alone are a CLI's flags as often).
    Lines that are not marked keep their text.  (The marks are taken out, not made spaces: an
    indented ``token = name`` is code, a line's own one is not.)"""
    if text[:1] in ("+", "-") and text[1:2] != text[:1]:
        cuts, at, added = [], 0, False
        for line in text.split("\n"):
            if line[:1] in ("+", "-"):
                cuts.append(at)
                added = added or line[:1] == "+" and line[1:2] != "+"
            elif line and not line.startswith("@@"):
                cuts = None
                break
            at += len(line) + 1
        if cuts and added:
            return _without_marks(text, cuts)
    header_rx, hunk_end = compiled("diff-hunk", _HUNK), compiled("diff-hunk-end", _HUNK_END)
    mark, cuts = compiled("diff-mark", _HUNK_MARK), []
    pos = 0 if text.startswith("@@ ") else text.find("\n@@ ") + 1
    if pos == 0 and not text.startswith("@@ "):
        return None
    while True:
        header = header_rx.match(text, pos)
        if header is not None:
            end = hunk_end.search(text, header.end())
            end = len(text) if end is None else end.start()
            # (each mark is the character after a line break of the hunk: a pattern of `^` reads
            # every character, one of the break, a find's speed: ~7 -> ~3 ms a MB of `git log -p`)
            cuts += [m.start() + 1 for m in mark.finditer(text, header.end(), end)]
            pos = end
        pos = text.find("\n@@ ", pos) + 1
        if not pos:
            break
    return _without_marks(text, cuts) if cuts else None


def _without(text, cuts):
    """(`text` less the (start, end) spans `cuts`, in order, the map of a position back)."""
    parts, starts, shifts = [], [], []
    pos = removed = 0
    for start, end in cuts:
        parts.append(text[pos:start])
        starts.append(start - removed)
        removed += end - start
        shifts.append(removed)
        pos = end
    parts.append(text[pos:])
    return "".join(parts), _back(starts, shifts.__getitem__)


def _without_marks(text, marks):
    """_without for cuts of one character each, at the places `marks` (in order)."""
    # (comprehensions, not _without's loop: a diff of 17,000 lines, ~9 -> ~3 ms)
    starts = [at - i for i, at in enumerate(marks)]
    stripped = "".join([text[:marks[0]], *[text[a + 1:b] for a, b in zip(marks, marks[1:])], text[marks[-1] + 1:]])
    return stripped, _back(starts, (1).__add__)


def _back(starts, shift):
    """The map of a position of a stripped text back: `starts`, where each cut stood there, in
    order; `shift(i)`, how many characters the cuts up to the i-th took out."""

    def back(at: int, end: bool = False) -> int:
        """Where position `at` of the stripped text stands in `text` (`end`: an end of a span)."""
        i = bisect_right(starts, at - 1 if end and at else at) - 1
        return at + (shift(i) if i >= 0 else 0)

    return back
