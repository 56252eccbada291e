"""A question in a sentence, as ranking reads it: the words that carry its content, and
whether a memory is itself a question.

`terms.query_terms` already drops the common stop words (every caller, forget
included, selects with those terms).  Ranking a search over *any* of the words
(`store.search.rank`) drops more: the words a question is asked with
("again", "last", "happened", Korean verb endings such as 했지 or 뭐였어), which
every memory might hold and none answers with.  A past prompt that is a question
("what did we decide about X?") shares the most words with a new question and
answers nothing: `is_question` tells ranking to put it below what answers.

Standard library only.
"""

from __future__ import annotations

import re

from store.language import korean
from store.search.terms import STOP_WORDS

# Words a question is asked with, that an answer does not hold for being one.
QUESTION_WORDS = frozenset(
    """again ago last time times anything something thing things happened happen use used
    using one ones ever still actually kind sort way ways whose whom which what when why how
    did does done do know remember recall tell show said say mean means means think forgot
    yesterday today week weeks month months year years day days earlier before later lately
    recently currently now these those is are was were been got""".split()
)
# ... and in Korean: 때 "when" (돌렸을 때), 거/것 "thing", 번 "times" (몇 번), 원인/이유 "cause"/"reason".
_KOREAN_QUESTION_WORDS = frozenset(
    """뭐 뭐였지 뭐였어 뭐야 뭐로 무슨 어떤 어떻게 왜 몇 언제 어디 어디서 어디에 얼마 얼마나 얼마로 있어 있어요
    했지 했어 했어요 했었지 됐어 때 거 것 번 원인 이유""".split()
)
_POSSESSIVE = re.compile(r"(?<=\w)['’]s?$")
_INTERROGATIVE_START = re.compile(
    r"^\s*(what|which|why|how|where|when|who|did|do|does|is|are|was|were|can|could|should|have|has)\b",
    re.IGNORECASE,
)
_KOREAN_QUESTION_END = re.compile(r"(까|나요|니|지|죠|냐|어|야|요)\s*[?？]?\s*$")
_KOREAN_QUESTION_WORD = re.compile(r"(뭐|무슨|어떻게|왜|몇|언제|어디|얼마)")


def content_terms(terms: list[str]) -> list[str]:
    """The terms that carry a question's content (all of them when none would be left)."""
    kept = []
    for term in terms:
        term = _POSSESSIVE.sub("", term)  # Caroline's -> caroline: her memories say her name
        if term in QUESTION_WORDS or term in _KOREAN_QUESTION_WORDS or term in STOP_WORDS:
            continue
        if korean.has_hangul(term):
            stem = korean.verb_stem(term)
            if stem in _KOREAN_QUESTION_WORDS or len(stem) < 2 and stem != term:
                continue
            term = stem
        if term not in kept:
            kept.append(term)
    return kept or terms


def is_question(text: str | None) -> bool:
    """Whether a prompt asks rather than tells: it ends in a question mark, opens with a
    question word, or (Korean) holds one and ends as a question."""
    if not isinstance(text, str) or not text.strip():
        return False
    first = text.strip().splitlines()[0]
    if first.rstrip().endswith(("?", "？")):
        return True
    if len(first) > 200:
        return False
    if _INTERROGATIVE_START.match(first):
        return True
    return bool(korean.has_hangul(first) and _KOREAN_QUESTION_WORD.search(first)
                and _KOREAN_QUESTION_END.search(first))  # fmt: skip


_MONTHS = {name: n for n, names in enumerate(
    (("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",),
     ("june", "jun"), ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"),
     ("october", "oct"), ("november", "nov"), ("december", "dec")), start=1) for name in names}  # fmt: skip
_KOREAN_MONTH = re.compile(r"^(1[0-2]|[1-9])월$")
_YEAR = re.compile(r"^(19|20)\d\d$")


def time_window(terms: list[str], today: float) -> tuple[list[str], tuple[float, float] | None]:
    """The terms without those that name a time, and the window they name in julian days
    ("may" / "5월": the last May before today; "2025"; "last week"; "yesterday"), or None.
    A memory's words never say when it was written: its time does."""
    kept, window = [], None
    for n, term in enumerate(terms):
        month = _MONTHS.get(term) if term != "may" or _month_context(terms, n) else None
        korean_month = _KOREAN_MONTH.match(term)
        if month or korean_month:
            window = _month_window(month or int(korean_month.group(1)), today)
        elif _YEAR.match(term):
            window = _year_window(int(term))
        elif term in ("yesterday", "어제"):
            window = (today - 2, today)
        elif term in ("week", "지난주", "이번주") and n and terms[n - 1] in ("last", "this", "past"):
            window = (today - 14, today) if terms[n - 1] == "last" else (today - 7, today)
        elif term in ("지난주",):
            window = (today - 14, today)
        else:
            kept.append(term)
    return kept, window


def _month_context(terms: list[str], n: int) -> bool:
    """`may` names a month unless it opens the question ("may I ..."), or beside a year."""
    return n > 0 or any(_YEAR.match(t) for t in terms)


def _julian(year: int, month: int, day: int) -> float:
    """The Julian day (SQLite's julianday) of that date's midnight, UTC."""
    from datetime import date

    return date(year, month, day).toordinal() + 1721424.5


def _month_window(month: int, today: float) -> tuple[float, float]:
    year = int((today - _julian(2000, 1, 1)) // 365.2425) + 2000
    for y in (year + 1, year, year - 1, year - 2):
        start = _julian(y, month, 1)
        if start <= today:
            end = _julian(y + (month == 12), month % 12 + 1, 1)
            return start, end
    return _julian(year, month, 1), _julian(year, month, 28)


def _year_window(year: int) -> tuple[float, float]:
    return _julian(year, 1, 1), _julian(year + 1, 1, 1)
