"""The English words a Korean word of a question stands for, among those this store holds.

Korean developers ask about work done in English words: `센트리 노이즈` for Sentry's
noise, `번들 크기` for the bundle size, `결제 클라이언트` for the payments client.  A
Hangul loanword is spelled back (`store.language.loanwords`); a native word of everyday software
work is translated by the glossary's rows (`store.language.glossary`: 결제 "payment"), by the
Kubernetes and React documentation's Korean glossaries (`store.search.korean_terms`: 출력
"output"), or by memlane's own tables there (갱신 "renew", 바꿨 "changed"), the word read
as typed or by its longest known start (호출하게 -> 호출 "call").  A
spelling is kept only when some memory holds it as a word (one index probe each), so a
guess that names nothing the user wrote costs a probe and finds nothing.

Standard library only.
"""

from __future__ import annotations

import sqlite3

from store.language import korean

SPELLINGS_TRIED = 160  # English spellings of a loanword probed, cheapest first
SPELLINGS_KEPT = 2  # ... of which this many found ones stand for it
# A word of 4-6 syllables that spells no English word may spell two (cut after 2+ syllables,
# each part's cheapest spellings probed).
MIN_COMPOUND_SYLLABLES, MAX_COMPOUND_SYLLABLES = 4, 6
PART_SPELLINGS_TRIED = 60


def english_words(conn: sqlite3.Connection, term: str) -> list[str]:
    """English words the Hangul `term` stands for that some memory holds ([] for others)."""
    if not korean.has_hangul(term) or not term.isalpha():
        return []
    translated = _translated(term)
    if translated:
        return translated
    from store.language import spellings
    from store.search.recall import known_words  # the one probe of 'does a memory hold it'

    return known_words(conn, spellings(term, SPELLINGS_TRIED), want=SPELLINGS_KEPT) or _two_words(conn, term)


# One-syllable particles that `store.language.korean.strip_particle` may have taken from a
# word's own last syllable (재시도 "retry" read as 재시 + 도 "also").
_TAKEN_PARTICLES = ("도", "이", "가", "은", "는", "을", "를", "에", "의", "만", "와", "과", "로", "나")
MAX_ENDING_SYLLABLES = 3  # what may follow a known word's start: a particle or a verb's ending


def _translated(term: str) -> list[str]:
    """The English words of the tables for `term`: as typed; with a particle-like last
    syllable given back; or its longest known start of 2+ syllables followed by at most
    MAX_ENDING_SYLLABLES (호출하게 "to call" -> 호출, 바꿨지 "did we change" -> 바꿨)."""
    for word in (term, *(term + p for p in _TAKEN_PARTICLES)):
        found = _english_of(word)
        if found:
            return found
    for cut in range(len(term) - 1, max(1, len(term) - MAX_ENDING_SYLLABLES - 1), -1):
        found = _english_of(term[:cut])
        if found:
            return found
    return []


def _english_of(word: str) -> list[str]:
    from store.language import same_as
    from store.search.korean_terms import ENGLISH

    return [w for w in same_as(word) if w.isascii()] or list(ENGLISH.get(word, ()))


def _two_words(conn: sqlite3.Connection, term: str) -> list[str]:
    """Two English words written as one Hangul word (프리커밋 "pre-commit", 로드밸런서 "load
    balancer"): each part at each cut spelled apart, the pair kept when some memory holds
    the two words side by side (a phrase probe), so a pair of guesses names only what
    the user wrote."""
    from store.language import spellings
    from store.search.recall import known_words

    if not MIN_COMPOUND_SYLLABLES <= len(term) <= MAX_COMPOUND_SYLLABLES:
        return []
    for cut in range(2, len(term) - 1):
        parts = [known_words(conn, spellings(part, PART_SPELLINGS_TRIED, min_letters=3), want=SPELLINGS_KEPT)
                 for part in (term[:cut], term[cut:])]  # fmt: skip
        if all(parts):
            pairs = [f"{first} {second}" for first in parts[0] for second in parts[1]]
            found = known_words(conn, pairs, want=1)
            if found:
                return found
    return []
