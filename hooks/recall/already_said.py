"""Does a loaded memory file already say it?  The SessionStart digest leaves out a line that
Claude Code's own memory (CLAUDE.md, MEMORY.md), loaded at the same start, already says.

A line is "said" when at least SAID_SHARE of its words (three letters or more, a few
function words aside, a plural's `s` ignored) stand within one passage of a loaded file: a
line with the lines next to it.  A line of fewer than MIN_WORDS such words is never judged
said: too little to tell.
"""

from __future__ import annotations

import re

SAID_SHARE = 0.8
MIN_WORDS = 4
_WORD = re.compile(r"[^\W_]{3,}")
_STOP = frozenset(
    "the and for with that this from into not are was were has have had but you your our its "
    "use uses used when then than also all any can will should must "
    # the words memlane's own lines are framed in (`Edit src/a.py (+1 -1)`, `Edited 1 file`)
    "edit edited write wrote created updated file files command commands".split()
)


def words(text: str) -> set[str]:
    out = set()
    for w in _WORD.findall(text.casefold()):
        if w in _STOP:
            continue
        out.add(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w)
    return out


class SaidIndex:
    """The passages of the memory files loaded at this start (entries of
    `store.claude_memory.loaded_files(..., with_text=True)`)."""

    def __init__(self, files: list[dict]) -> None:
        self.passages: list[tuple[str, set[str]]] = []
        for entry in files:
            text = entry.get("text") if entry.get("loaded") else None
            if not text:
                continue
            lines = [words(line) for line in text.split("\n")]
            lines = [w for w in lines if w]
            for i, here in enumerate(lines):
                passage = here.union(*lines[max(0, i - 1) : i + 2])
                self.passages.append((entry["path"], passage))

    def __bool__(self) -> bool:
        return bool(self.passages)

    def where(self, text: str) -> str | None:
        """The path of a loaded file that already says `text`, or None."""
        wanted = words(text)
        if len(wanted) < MIN_WORDS:
            return None
        need = SAID_SHARE * len(wanted)
        for path, passage in self.passages:
            if len(wanted & passage) >= need:
                return path
        return None
