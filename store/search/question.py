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

from store import korean

# Words a question is asked with, that an answer does not hold for being one.
QUESTION_WORDS = frozenset(
    """again ago last time times anything something thing things happened happen use used
    using one ones ever still actually kind sort way ways whose whom which what when why how
    did does done do know remember recall tell show said say mean means means think forgot
    yesterday today week weeks month months year years day days earlier before later lately
    recently currently now these those is are was were been got""".split()
)
_KOREAN_QUESTION_WORDS = frozenset("뭐 뭐였지 뭐였어 뭐야 뭐로 무슨 어떤 어떻게 왜 몇 언제 어디 어디서 어디에 얼마 얼마나 얼마로 있어 있어요 했지 했어 했어요 했었지 됐어".split())
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
        if term in QUESTION_WORDS or term in _KOREAN_QUESTION_WORDS:
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
    if not text:
        return False
    first = text.strip().splitlines()[0] if text.strip() else ""
    if first.rstrip().endswith(("?", "？")):
        return True
    if len(first) > 200:
        return False
    if _INTERROGATIVE_START.match(first):
        return True
    return bool(korean.has_hangul(first) and _KOREAN_QUESTION_WORD.search(first)
                and _KOREAN_QUESTION_END.search(first))  # fmt: skip
