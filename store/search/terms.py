"""What a person typed, as search terms: cleaned, lowercased, Korean particles dropped, stop
words left out; how the checks fold case; the one FTS5 quoting; the filters (their one
list of names) and their SQL.

Standard library only: the hook's recall reads its terms here too.
"""

from __future__ import annotations

import re
import unicodedata

from store.database import placeholders
from store.language import korean

MAX_TERMS = 12
MAX_QUERY_CHARS = 1000

STOP_WORDS = frozenset(
    """a an and are as at be but by can could did do does doing for from had has have how i if
    in into is it its me my of on or our please should so than that the their them then there
    these they this to was we were what when where which who why will with would you your
    about after again all also any before being both each few just more most no not now only
    other out over same some such too under until up very via want need make get let lets
    hey hi hello thanks thank could would might must shall""".split()
)
TOKEN = re.compile(r"[^\W_]+")
_EDGE_PUNCT = "\"'`()[]{}<>,;!?*^:.|"
# Scripts written without spaces between words: the word index holds a whole run
# of them as one token, so their terms are found as substrings.  Code point ranges,
# not a regex class: compiling one that spans the CJK extension planes took 25 ms.
_UNSPACED_RANGES = (
    (0x0E00, 0x0EFF), (0x1000, 0x109F), (0x1100, 0x11FF), (0x3040, 0x30FF), (0x3100, 0x31FF),
    (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xA960, 0xA97F), (0xAC00, 0xD7AF), (0xF900, 0xFAFF),
    (0xFF66, 0xFF9F), (0x20000, 0x3FFFF),
)  # fmt: skip


def unspaced(term: str) -> bool:
    return any(lo <= ord(ch) <= hi for ch in term if ord(ch) >= 0x0E00 for lo, hi in _UNSPACED_RANGES)


def query_terms(query: object) -> list[str]:
    """The searchable terms of what a person typed: cleaned, lowercased, de-duplicated.

    `lower()`, not `casefold()`: the term must stay as the index spells it
    (`straße`, not `strasse`); the checks fold both sides themselves."""
    if not isinstance(query, str):
        return []
    text = "".join(ch if ch.isprintable() or ch in " \t\n" else " " for ch in query[:MAX_QUERY_CHARS])
    raw = []
    for piece in text.split():
        # Turkish İ lowercases to i + a combining dot, which would split the word.
        piece = unicodedata.normalize("NFC", piece.strip(_EDGE_PUNCT).lstrip("-+").lower()).replace("i\u0307", "i")
        if piece and (TOKEN.search(piece) or not piece.isascii()):  # emoji are literal terms
            raw.append(piece)
    terms: list[str] = []
    for piece in raw:
        if korean.has_hangul(piece):
            piece = korean.strip_particle(piece)
        if piece not in terms:
            terms.append(piece)
    meaningful = [t for t in terms if t not in STOP_WORDS and t not in korean.STOP_WORDS]
    return (meaningful or terms)[:MAX_TERMS]


def fold(text: object) -> str:
    """Text as the checks compare it: case folded (ß -> ss, İ -> i), accents dropped."""
    if not isinstance(text, str):
        return ""
    if text.isascii():
        return text.lower()
    folded = unicodedata.normalize("NFKD", text.casefold())
    # NFC again: Hangul syllables decompose into jamo, which are not accents.  The marks
    # of scripts written without spaces are letters' parts, not accents (が is not か).
    return unicodedata.normalize(
        "NFC", "".join(ch for ch in folded if not unicodedata.combining(ch) or unspaced(ch))
    )


def has_case(term: str) -> bool:
    return any(ch.lower() != ch.upper() for ch in term) or fold(term) != term


def fts_quote(token: str) -> str:
    return '"' + token.replace('"', '""') + '"'


# The one list of what a search may be narrowed by: every caller passes these by name
# (search, its count, its pages, the Search pane, the MCP tool, forget).
FILTER_NAMES = ("project", "session", "type", "tool", "min_importance", "since", "until",
                "exclude_session", "file_path")  # fmt: skip
_COLUMNS = (("project", "m.project"), ("session", "m.session_id"), ("type", "m.type"),
            ("tool", "m.tool_name"), ("file_path", "m.file_path"))  # fmt: skip


class Filters:
    """The SQL for the search filters (FILTER_NAMES, by name), over the memory table
    aliased `m`.  A name that is not a filter is a TypeError, as a misspelled keyword is."""

    def __init__(self, **values: object):
        unknown = sorted(set(values) - set(FILTER_NAMES))
        if unknown:
            raise TypeError(f"{unknown[0]!r} is not a search filter (filters: {', '.join(FILTER_NAMES)})")
        self.values = {name: values.get(name) for name in FILTER_NAMES}
        clauses: list[str] = []
        params: list[object] = []
        for name, column in _COLUMNS:
            value = self.values[name]
            if value is None or value == "":
                continue
            if isinstance(value, (list, tuple, set, frozenset)):
                listed = [str(v) for v in value]
                if not listed:
                    clauses.append("0")
                    continue
                clauses.append(f"{column} IN ({placeholders(len(listed))})")
                params.extend(listed)
            else:
                clauses.append(f"{column} = ?")
                params.append(str(value))
        min_importance, since, until = self.values["min_importance"], self.values["since"], self.values["until"]
        if isinstance(min_importance, int) and min_importance > 1:
            clauses.append("m.importance >= ?")
            params.append(min_importance)
        if since:
            clauses.append("m.created_at >= ?")
            params.append(str(since))
        if until:
            clauses.append("m.created_at < ?")
            params.append(str(until))
        if self.values["exclude_session"]:
            clauses.append("m.session_id != ?")
            params.append(str(self.values["exclude_session"]))
        self.sql = "".join(" AND " + c for c in clauses)
        self.params = params

    @property
    def key(self) -> tuple:
        return (self.sql, tuple(self.params))
