"""Finding terms of one or two characters (`错误`, `버그`, `が`) without reading every memory.

Neither full-text index holds them: the word index keeps a whole run of Chinese,
Japanese or Korean as one token, and a trigram needs three characters.  But the
trigram tokenizer keeps every three characters in a row, spaces included, so each
occurrence of a short term that has a character or two after it starts a trigram;
`memory_trigram_terms` (the trigram index's vocabulary, which stores nothing of
its own) lists the memories holding any trigram that starts with the term.  The
occurrences left are the last one or two characters of a memory's text or tags:
`memory_tail` holds those characters, kept by triggers.  Together they give every
memory that can hold the term (and a few more); the caller checks the text itself.

Only terms whose characters have no case and fold to themselves use this (the
trigram tokenizer folds case, the check may fold more); others are checked
against every memory's text, as before.

Memories stored before `memory_tail` existed (schema 4) are added to it by
`backfill`, in short transactions, from the detached maintenance process; until
it has reached them, their last characters are read from their text.
"""

from __future__ import annotations

import sqlite3

from store.database import TAIL_BACKFILL_KEY, TAIL_FIRST_CODE_POINT
from store.search.per_connection import PerConnection

MAX_CHARS = 2
MAX_PREFIX_TRIGRAMS = 200  # more, and the OR costs more per row than reading every posting once
# A short term with at most this many candidates leads a query beside words or
# substrings, which are then looked up per candidate (~50-110 us each at 100k for a
# common word): at most ~100 ms, where reading every match of a common word to find
# the few that also hold the short term took ~1 s (measured: `session 캐시`).
LEAD_MAX_CANDIDATES = 1000
BACKFILL_BATCH = 5000  # memories per transaction: a hook waiting for the lock waits ~10 ms


def usable(term: str, folded: bool) -> bool:
    """Whether `term` can be found here: 1-2 characters from U+0E00 on, with no case
    to fold (the check compares it as typed)."""
    return 0 < len(term) <= MAX_CHARS and not folded and all(ord(ch) >= TAIL_FIRST_CODE_POINT for ch in term)


def _after_prefix(term: str) -> str | None:
    """The smallest string above every string that starts with `term` (None: no bound)."""
    code = ord(term[-1]) + 1
    if 0xD800 <= code <= 0xDFFF:  # surrogates cannot be stored: skip past them
        code = 0xE000
    if code > 0x10FFFF:
        return None
    return term[:-1] + chr(code)


def pending_below(conn: sqlite3.Connection) -> int | None:
    """The id below which memories are not in `memory_tail` yet (None: all are)."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (TAIL_BACKFILL_KEY,)).fetchone()
    return None if row is None else int(row[0])


def _prefix_bounds(term: str) -> tuple[str, list[object]]:
    upper = _after_prefix(term)
    return ("term >= ?" + (" AND term < ?" if upper else ""), [term] + ([upper] if upper else []))


# A term typed on (`인증` in `인증 오`, then `인증 오류`) is planned again for each key's search,
# and counting the memories of each trigram reads its whole doclist (~5 ms for a common
# Korean pair at 1M): its trigrams are kept per connection until the database changes.
KEPT_TERMS = 64  # per connection
_found = PerConnection(KEPT_TERMS)


def prefix_trigrams(conn: sqlite3.Connection, term: str) -> list[tuple[str, int]]:
    """The trigrams in the index that start with `term`, each with how many memories hold it
    (kept per connection until the database changes)."""

    def read() -> list[tuple[str, int]]:
        where, params = _prefix_bounds(term)
        return conn.execute(f"SELECT term, doc FROM memory_trigram_vocab WHERE {where}", params).fetchall()

    return list(_found.get(conn, term, read))


def prefix_match(trigrams: list[str]) -> str:
    """A trigram-index MATCH for any of these trigrams (FTS5 streams it newest first)."""
    return " OR ".join('"' + t.replace('"', '""') + '"' for t in trigrams)


def prefix_candidates(conn: sqlite3.Connection, term: str) -> list[int]:
    """Every memory holding a trigram that starts with `term`, newest first (read whole:
    for a term with too many trigrams to OR in one MATCH)."""
    where, params = _prefix_bounds(term)
    rows = conn.execute(f"SELECT doc FROM memory_trigram_terms WHERE {where}", params)
    return sorted({row[0] for row in rows}, reverse=True)


def tail_candidates(conn: sqlite3.Connection, term: str) -> list[int]:
    """Every memory whose text or tags may end in `term` (its first character among their
    last two), newest first; memories the backfill has not reached are read whole."""
    ids = {row[0] for row in conn.execute("SELECT memory_id FROM memory_tail WHERE ch = ?", (term[0],))}
    below = pending_below(conn)
    if below is not None:
        ids.update(row[0] for row in conn.execute(
            "SELECT id FROM memory WHERE id < ? AND (instr(substr(content, -2), ?) OR instr(substr(tags, -2), ?))",
            (below, term[0], term[0]),
        ))  # fmt: skip
    return sorted(ids, reverse=True)


def backfill(conn: sqlite3.Connection, batch: int = BACKFILL_BATCH) -> int:
    """Add the memories stored before schema 4 to `memory_tail`, newest first, one short
    transaction per `batch` of ids; returns how many transactions it took.  Safe to run
    from several processes at once and to stop at any point."""
    from store.database import write

    steps = 0
    while True:
        with write(conn):
            below = pending_below(conn)
            if below is None:
                return steps
            lowest = conn.execute("SELECT min(id) FROM memory WHERE id < ?", (below,)).fetchone()[0]
            start = below if lowest is None else max(lowest, below - batch)
            conn.execute(
                f"""INSERT OR IGNORE INTO memory_tail (ch, memory_id)
                SELECT last.value, m.id FROM memory m, json_each(json_array(substr(m.content, -1),
                    substr(m.content, -2, 1), substr(m.tags, -1), substr(m.tags, -2, 1))) AS last
                WHERE m.id >= ? AND m.id < ? AND unicode(last.value) >= {TAIL_FIRST_CODE_POINT}""",
                (start, below),
            )
            if start <= (lowest if lowest is not None else below):
                conn.execute("DELETE FROM meta WHERE key = ?", (TAIL_BACKFILL_KEY,))
            else:
                conn.execute("UPDATE meta SET value = ? WHERE key = ?", (str(start), TAIL_BACKFILL_KEY))
        steps += 1
