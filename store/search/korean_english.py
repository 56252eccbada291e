"""The English words a Korean word of a question stands for, among those this store holds.

Korean developers ask about work done in English words: `센트리 노이즈` for Sentry's
noise, `번들 크기` for the bundle size, `결제 클라이언트` for the payments client.  A
Hangul loanword is spelled back (`store.language.loanwords`); a native word of everyday software
work is translated by the glossary's rows (`store.language.glossary`: 결제 "payment").  A
spelling is kept only when some memory holds it as a word (one index probe each), so a
guess that names nothing the user wrote costs a probe and finds nothing.

Standard library only.
"""

from __future__ import annotations

import sqlite3

from store.language import korean

SPELLINGS_TRIED = 160  # English spellings of a loanword probed, cheapest first
SPELLINGS_KEPT = 2  # ... of which this many found ones stand for it


def english_words(conn: sqlite3.Connection, term: str) -> list[str]:
    """English words the Hangul `term` stands for that some memory holds ([] for others)."""
    if not korean.has_hangul(term) or not term.isalpha():
        return []
    from store.language import same_as

    translated = [w for w in same_as(term) if w.isascii()]
    if translated:
        return translated
    from store.language import spellings
    from store.search.recall import known_words  # the one probe of 'does a memory hold it'

    return known_words(conn, spellings(term, SPELLINGS_TRIED), want=SPELLINGS_KEPT)
