"""Which memories match a query: complete, unranked, every term required.

This is the selection every caller that acts on "all of them" uses: forget
(CLI and the Cleanup pane), the Cleanup filter, counts, and the set that search
ranks.  It never widens: a memory matches only if it matches every term.

Each term is routed where it can be found completely:
  - a word (letters and digits of a spaced script: Latin, Cyrillic, Greek...)
    -> the word index, which folds case and Latin accents for every script
    (`ошибка` finds `Ошибка`, `ecole` finds `ÉCOLE`; `ß` and `ss` are tried both
    ways); a word no memory holds as a word is looked for as a substring;
  - words joined by punctuation (`config.json`) -> a phrase in the word index,
    checked against the text itself;
  - anything else of 3+ characters (Chinese, Japanese, Korean with its
    particles, substrings) -> the trigram index (trigrams ANDed), checked;
  - shorter ones of Chinese, Japanese, Korean, Thai... (`错误`, `버그`) -> the
    trigram index's vocabulary by prefix, and the last characters of each text
    (`store.search.short_terms`), checked; a rare one leads even beside index terms,
    which are then looked up per candidate;
  - other short non-ASCII terms with case (`éa`) -> the text itself (a scan,
    narrowed by the other terms when there are any).
Greek words are tried with every accent a monotonic word can have (one tonos, a
dialytika), since neither index drops Greek accents.
Checks fold case as Python does (`casefold`, accents dropped), not SQLite's
ASCII-only `lower()`.  Results stream newest first by keyset (`id < last`), a
chunk at a time, so the cost is linear in the matches.
"""

from __future__ import annotations

import heapq
import sqlite3
import unicodedata
from collections.abc import Iterator
from itertools import chain, islice

from store.database import chunks, placeholders
from store.search import short_terms
from store.search.terms import TOKEN, Filters, fold, fts_quote, has_case, query_terms, unspaced

CHUNK = 5000  # ids fetched per keyset step
# A substring term beside word terms is checked in the text of each word match while the
# words have fewer than this many matches (a few ms of texts at most); more, and the word
# matches are narrowed to the substring's trigram candidates first, window by window.
WORDS_CHECKED_BELOW = 2_000
# The narrowing reads both indexes a window of ids at a time, newest first: the first
# window spans this many ids, each next one 4 times more, so a page that fills early
# reads only the newest ids' index entries, and a pair no memory holds reads each index
# once (in ~6 windows at 1M).  A window's trigram candidates are what SQLite keeps.
FIRST_WINDOW = 16_384
WINDOW_GROWTH = 4
# Reading a trigram candidate off the index costs ~1/60 of checking a word match's text
# (at 1M: 45 ms for `andl`'s 885k candidates, 300 ms for the 100k texts holding `code`):
# when the first window holds more than this many candidates per word match, the word
# matches' texts are checked instead (`andl support`: 7.5k word matches, 885k candidates).
CANDIDATES_PER_WORD_MATCH = 30
# The facts of a narrowed query's newest ids are read in one statement of this many ids at
# most (SQLite takes 32,766 parameters): each statement weighs every word's doclist again.
FACTS_IN_ONE = 30_000
# Listing a window's candidates into a map of its ids costs ~100 ns a candidate more than
# SQLite's own list, and saves ~35 ns per word match tested: the map is used when the
# first window holds at least this many word matches per candidate (`mmutabl edit` at
# 1M: 331k hold `edit`, 12.4k the substring's trigrams).
WORD_MATCHES_PER_MAPPED_CANDIDATE = 4
# A narrowing substring's trigram is left out of its MATCH when its doclist spans this many
# times the pages of its rarest one's and about as many as half of the memories' would.
COMMON_TRIGRAM_RATIO = 2
COMMON_TRIGRAM_MEMORIES_PER_PAGE = 4_000


def _spread_trigrams(term: str) -> list[str]:
    """A substring's distinct trigrams, 8 spread ones at most."""
    grams = [term[i : i + 3] for i in range(len(term) - 2)]
    if len(grams) > 8:
        step = (len(grams) - 1) / 7
        grams = [grams[round(i * step)] for i in range(8)]
    return list(dict.fromkeys(grams))


def trigram_match(term: str) -> str:
    """A trigram-index MATCH for a substring: its trigrams ANDed (8 spread ones at most:
    selective enough, and every caller checks the text itself or only counts)."""
    return " AND ".join(fts_quote(g) for g in _spread_trigrams(term))


def trigram_pages(conn: sqlite3.Connection, grams: list[str]) -> dict[str, int]:
    """About how many pages of the trigram index each trigram's doclist spans, summed over
    its segments, read off the index's b-tree of leaf pages (`memory_trigrams_idx`: a row
    for each leaf page a new term starts on, keyed `0` + the term) instead of the doclists
    themselves: ~0.1 ms for 8 trigrams, where counting `tab`'s 864k memories at 1M reads
    for 21 ms.  A trigram's pages from the one its term starts on to the next page another
    term starts on (or the segment's end)."""
    keys = {g: b"0" + g.lower().encode() for g in grams}
    values = ", ".join("(?)" for _ in keys)
    sql = (f"WITH k(key) AS (VALUES {values}), s AS (SELECT segid, max(pgno) AS last FROM memory_trigrams_idx"
           " GROUP BY segid) SELECT k.key, sum(coalesce((SELECT min(pgno) FROM memory_trigrams_idx n"
           " WHERE n.segid = s.segid AND n.term > k.key), s.last + 1) - (SELECT max(pgno)"
           " FROM memory_trigrams_idx p WHERE p.segid = s.segid AND p.term <= k.key)) FROM k, s GROUP BY k.key")  # fmt: skip
    pages = dict(conn.execute(sql, list(dict.fromkeys(keys.values()))).fetchall())
    return {g: pages.get(key) or 0 for g, key in keys.items()}


_GREEK_TONOS = dict(zip("αεηιουω", "άέήίόύώ", strict=True))
_GREEK_DIALYTIKA = {"ι": "ϊ", "υ": "ϋ"}
_GREEK_BOTH = {"ι": "ΐ", "υ": "ΰ"}
MAX_GREEK_VARIANTS = 100


def _greek_bare(ch: str) -> str:
    if not "\u0370" <= ch <= "\u03ff":
        return ch
    return "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c)) or ch


def greek_variants(term: str) -> list[str]:
    """`term` and its spellings with every accent a monotonic Greek word may carry (at
    most one tonos and one dialytika): neither index folds Greek accents, so `σφαλμα`
    and `σφάλμα` are different tokens, and capitals are written without the tonos."""
    if not any("\u0370" <= ch <= "\u03ff" for ch in term):
        return [term]
    bare = "".join(_greek_bare(ch) for ch in term)
    vowels = [i for i, ch in enumerate(bare) if ch in _GREEK_TONOS]
    iotas = [i for i, ch in enumerate(bare) if ch in _GREEK_DIALYTIKA]
    found = dict.fromkeys([term, bare])
    for tonos in [None, *vowels]:
        for dialytika in [None, *iotas]:
            chars = list(bare)
            if tonos is not None and tonos == dialytika:
                chars[tonos] = _GREEK_BOTH[bare[tonos]]
            else:
                if tonos is not None:
                    chars[tonos] = _GREEK_TONOS[bare[tonos]]
                if dialytika is not None:
                    chars[dialytika] = _GREEK_DIALYTIKA[bare[dialytika]]
            found["".join(chars)] = None
    return list(found)[:MAX_GREEK_VARIANTS]


def _word_variants(term: str) -> str:
    """The word-index MATCH for one word, with `ß` and `ss` tried both ways and a Greek
    word with each of its accent spellings."""
    variants = dict.fromkeys([term, term.replace("ß", "ss"), term.replace("ss", "ß"), *greek_variants(term)])
    if len(variants) == 1:
        return fts_quote(term)
    return "(" + " OR ".join(fts_quote(v) for v in variants) + ")"


class TermPlan:
    """How one term is found: `route` is "words", "trigram", "short" or "scan"; `match`
    the index MATCH (words/trigram); `check` the text to look for in the memory itself
    (None: the index is exact); `folded` whether the check folds case beyond ASCII."""

    __slots__ = ("term", "route", "match", "check", "folded", "narrows", "_found")

    def __init__(self, term: str, route: str, match: str, check: str | None, folded: bool):
        self.term, self.route, self.match, self.check, self.folded = term, route, match, check, folded
        self.narrows = False  # a trigram term beside common word terms (`plan_terms`)
        self._found: dict[str, object] = {}

    def short_parts(self, conn: sqlite3.Connection) -> tuple[list[str], list[int], int]:
        """A "short" term's trigrams (those starting with it), its tail candidates and
        how many memories it may match at most, read once per plan: a ranking's later
        pages reuse them (what was deleted since fails the check; what arrived since is
        above every later page)."""
        if "trigrams" not in self._found:
            found = short_terms.prefix_trigrams(conn, self.term)
            self._found["trigrams"] = [trigram for trigram, _ in found]
            self._found["tail"] = tail = short_terms.tail_candidates(conn, self.term)
            self._found["most"] = sum(docs for _, docs in found) + len(tail)
        return self._found["trigrams"], self._found["tail"], self._found["most"]

    def prefix_candidates(self, conn: sqlite3.Connection) -> list[int]:
        if "prefix" not in self._found:
            self._found["prefix"] = short_terms.prefix_candidates(conn, self.term)
        return self._found["prefix"]

    def check_sql(self, with_path: bool) -> tuple[str, list[str]]:
        """A condition on `m` that holds when the memory contains the checked text."""
        columns = ["m.content", "m.tags"] + (["coalesce(m.file_path, '')"] if with_path else [])
        if self.folded:
            wrap = "instr(memlane_fold({}), ?)"
        elif self.check.isascii():
            wrap = "instr(lower({}), ?)"
        else:
            wrap = "instr({}, ?)"
        return "(" + " OR ".join(wrap.format(c) for c in columns) + ")", [self.check] * len(columns)


def _substring_plan(term: str) -> TermPlan:
    folded = not term.isascii() and has_case(term)
    check = fold(term) if folded else term
    if len(term) >= 3:
        variants = greek_variants(term)
        if len(variants) == 1:
            return TermPlan(term, "trigram", trigram_match(term), check, folded)
        match = " OR ".join("(" + trigram_match(v) + ")" for v in variants)
        return TermPlan(term, "trigram", match, check, folded)
    if short_terms.usable(term, folded):
        return TermPlan(term, "short", "", check, folded)
    return TermPlan(term, "scan", "", check, folded)


def plan_term(conn: sqlite3.Connection, term: str) -> TermPlan:
    """Where one term is found (see the module's docstring)."""
    tokens = TOKEN.findall(term)
    if len(tokens) == 1 and tokens[0] == term and not unspaced(term):
        match = _word_variants(term)
        if len(term) < 3 and term.isascii():
            return TermPlan(term, "words", match, None, False)
        if conn.execute("SELECT 1 FROM memory_words WHERE memory_words MATCH ? LIMIT 1", (match,)).fetchone():
            return TermPlan(term, "words", match, None, False)
        return _substring_plan(term)
    if term.isascii() and tokens and max(len(t) for t in tokens) >= 2:
        match = fts_quote(" ".join(tokens))
        if conn.execute("SELECT 1 FROM memory_words WHERE memory_words MATCH ? LIMIT 1", (match,)).fetchone():
            return TermPlan(term, "words", match, term, False)
    return _substring_plan(term)


def plan_terms(conn: sqlite3.Connection, terms: list[str]) -> list[TermPlan]:
    plans = [plan_term(conn, t) for t in terms]
    if any(p.folded for p in plans):
        conn.create_function("memlane_fold", 1, fold, deterministic=True)
    words = [p for p in plans if p.route == "words"]
    if words and any(p.route == "trigram" for p in plans):
        # The word index drives, and a substring term was checked in the text of every word
        # match: `nginx config` read the text of each of the 200k memories holding "config"
        # at 1M (3 s) to find that none holds "nginx"; `uccessfull code`, whose substring
        # 82k memories hold, read the 100k holding "code" (0.3 s).  Past a few word
        # matches, the substring's trigram candidates narrow them first (`_window_chunks`).
        found = conn.execute(
            "SELECT count(*) FROM (SELECT 1 FROM memory_words WHERE memory_words MATCH ? LIMIT ?)",
            (" AND ".join(p.match for p in words), WORDS_CHECKED_BELOW),
        ).fetchone()[0]
        for plan in plans:
            plan.narrows = plan.route == "trigram" and found >= WORDS_CHECKED_BELOW
    return plans


_FACTS = ", {relevance}, m.importance, julianday(m.created_at)"


def _driver_sql(plans: list[TermPlan], filters: Filters, facts: bool = False) -> tuple[str, list[object], str]:
    """The keyset query (without its `< ?`, order and limit) and the id column it pages on.
    `facts`: each row also carries (bm25 relevance or NULL, importance, julian day created)."""
    words = [p for p in plans if p.route == "words"]
    trigrams = [p for p in plans if p.route == "trigram"]
    params: list[object] = []
    extra = ""
    if words:
        if facts:
            extra = _FACTS.format(relevance="-bm25(memory_words, 1.0, 2.0, 1.5)")
        if facts or filters.sql or any(p.check is not None for p in plans):
            sql = (f"SELECT m.id{extra} FROM memory_words JOIN memory m ON m.id = memory_words.rowid "
                   "WHERE memory_words MATCH ?")  # fmt: skip
        else:  # nothing reads the row: the index's rowids are the ids (a count of a common
            # pair at 1M: 730k lookups in `memory`, three quarters of its time, saved)
            sql = "SELECT memory_words.rowid FROM memory_words WHERE memory_words MATCH ?"
        params.append(" AND ".join(p.match for p in words))
        key = "memory_words.rowid"
    elif trigrams:
        extra = _FACTS.format(relevance="NULL") if facts else ""
        sql = (f"SELECT m.id{extra} FROM memory_trigrams JOIN memory m ON m.id = memory_trigrams.rowid "
               "WHERE memory_trigrams MATCH ?")  # fmt: skip
        params.append(" AND ".join(p.match for p in trigrams))
        key = "memory_trigrams.rowid"
    else:
        extra = _FACTS.format(relevance="NULL") if facts else ""
        sql, key = f"SELECT m.id{extra} FROM memory m WHERE 1", "m.id"
    sql += filters.sql
    params += filters.params
    for plan in plans:
        if plan.check is not None:
            condition, values = plan.check_sql(with_path=plan.route == "words")
            sql += " AND " + condition
            params += values
    return sql, params, key


def _short_lead(conn: sqlite3.Connection, plans: list[TermPlan]) -> TermPlan | None:
    """The short term that leads the query, if one does: the one with the fewest
    candidates, when no index term is there or it has few enough (see store.search.short_terms)."""
    shorts = [p for p in plans if p.route == "short"]
    if not shorts:
        return None
    lead = min(shorts, key=lambda p: p.short_parts(conn)[2])
    indexed = any(p.route in ("words", "trigram") for p in plans)
    return lead if not indexed or lead.short_parts(conn)[2] <= short_terms.LEAD_MAX_CANDIDATES else None


def _keyset_chunks(conn: sqlite3.Connection, sql: str, params: list[object], key: str,
                   below: int | None, chunk: int) -> Iterator[list[tuple]]:  # fmt: skip
    """The rows of a `_driver_sql` query, newest first, `chunk` at a time by keyset."""
    last = below
    while True:
        step_sql = sql + (f" AND {key} < ?" if last is not None else "") + f" ORDER BY {key} DESC LIMIT ?"
        rows = conn.execute(step_sql, params + ([last] if last is not None else []) + [chunk]).fetchall()
        if rows:
            yield rows
        if len(rows) < chunk:
            return
        last = rows[-1][0]


def _narrows(plans: list[TermPlan]) -> bool:
    """Whether a word-driven query is narrowed by a trigram MATCH (`plan_terms`)."""
    return any(p.narrows for p in plans) and any(p.route == "words" for p in plans)  # a plan alone drives itself


def _narrowing(conn: sqlite3.Connection, plans: list[TermPlan]) -> str | None:
    """The trigram MATCH that narrows a word-driven query (`plan_terms`), if any."""
    if not _narrows(plans):
        return None
    return " AND ".join(_narrowing_match(conn, p) for p in plans if p.narrows)


def _narrowing_match(conn: sqlite3.Connection, plan: TermPlan) -> str:
    """A narrowing substring's MATCH without the trigrams that most memories hold: they narrow
    little and cost most of the AND (`mmutabl`: `tab` is in 864k of 1M memories, `mmu` in
    12.4k; the AND 5.9 ms, `mmu` alone 0.4, the same 12.4k).  Only the narrowing drops them:
    its candidates are checked in the text (the substring itself), so they may be more."""
    if "narrowing" not in plan._found:
        grams = _spread_trigrams(plan.term)
        if len(greek_variants(plan.term)) > 1 or len(grams) < 2:
            plan._found["narrowing"] = plan.match
        else:
            pages = trigram_pages(conn, grams)
            rarest = min(pages.values())
            common = max(COMMON_TRIGRAM_RATIO * rarest, _memory_pages(conn))
            kept = [g for g in grams if pages[g] < common] or grams
            plan._found["narrowing"] = " AND ".join(fts_quote(g) for g in kept)
    return plan._found["narrowing"]


def _memory_pages(conn: sqlite3.Connection) -> float:
    """The pages of the trigram index a trigram half of the memories hold spans, about
    (detail=none: ~2 bytes of doclist a memory, ~2,000 memories a page)."""
    return (conn.execute("SELECT max(id) FROM memory").fetchone()[0] or 0) / COMMON_TRIGRAM_MEMORIES_PER_PAGE


def _window_chunks(conn: sqlite3.Connection, sql: str, params: list[object], key: str, words_match: str,
                   narrowing: str, below: int | None, chunk: int) -> Iterator[list[tuple]]:  # fmt: skip
    """The rows of a word-driven `_driver_sql` query narrowed to the memories a trigram
    MATCH finds, newest first, `chunk` at a time: both indexes are read one window of ids
    at a time (FIRST_WINDOW), so the trigram candidates are never listed whole and the
    word matches' texts are read only where both indexes agree.  `+`: a filter on the
    word scan; as an index constraint FTS5 would run the word MATCH once per candidate."""
    hi = below if below is not None else (conn.execute("SELECT max(id) FROM memory").fetchone()[0] or 0) + 1
    span = FIRST_WINDOW
    lo = max(0, hi - span)
    words = conn.execute("SELECT count(*) FROM memory_words WHERE memory_words MATCH ? AND rowid < ? AND rowid >= ?",
                         (words_match, hi, lo)).fetchone()[0]  # fmt: skip
    candidates = conn.execute("SELECT count(*) FROM memory_trigrams WHERE memory_trigrams MATCH ?"
                              " AND rowid < ? AND rowid >= ?", (narrowing, hi, lo)).fetchone()[0]  # fmt: skip
    if candidates > CANDIDATES_PER_WORD_MATCH * max(1, words):
        yield from _keyset_chunks(conn, sql, params, key, below, chunk)
        return
    by_map = candidates * WORD_MATCHES_PER_MAPPED_CANDIDATE <= words
    window = f" AND {key} < ? AND {key} >= ?"
    if by_map:
        step_sql = sql + window + f" AND substr(?, {key} - ?, 1) = x'01' ORDER BY {key} DESC LIMIT ?"
        in_window = _candidate_map(_candidates(conn, narrowing, hi, lo), hi, lo)
    else:
        step_sql = (sql + window + f" AND +{key} IN (SELECT rowid FROM memory_trigrams"
                    f" WHERE memory_trigrams MATCH ? AND rowid < ? AND rowid >= ?) ORDER BY {key} DESC LIMIT ?")  # fmt: skip
    while hi > 0:
        if not by_map:
            rows = conn.execute(step_sql, [*params, hi, lo, narrowing, hi, lo, chunk]).fetchall()
        elif in_window is None:  # no candidate in the window: its word matches are not read
            rows = []
        else:
            rows = conn.execute(step_sql, [*params, hi, lo, in_window, lo - 1, chunk]).fetchall()
        if rows:
            yield rows
        if len(rows) == chunk:  # the window goes on below the last row (its map still holds)
            hi = rows[-1][0]
        else:
            hi, span = lo, span * WINDOW_GROWTH
            lo = max(0, hi - span)
            if by_map and hi > 0:
                in_window = _candidate_map(_candidates(conn, narrowing, hi, lo), hi, lo)


def _candidates(conn: sqlite3.Connection, narrowing: str, hi: int, lo: int) -> list[int]:
    """The trigram MATCH's candidates among ids [lo, hi), in no order."""
    found = conn.execute("SELECT group_concat(rowid) FROM memory_trigrams WHERE memory_trigrams MATCH ?"
                         " AND rowid < ? AND rowid >= ?", (narrowing, hi, lo)).fetchone()[0]  # fmt: skip
    return [int(i) for i in found.split(",")] if found else []


def _candidate_map(candidates: list[int], hi: int, lo: int) -> bytes | None:
    """One byte per id of [lo, hi), 1 where a candidate is (None: no candidate).  Testing a
    word match against it (`substr`) costs ~25 ns; looking it up in SQLite's list of the
    window's candidates ~65 ns, and most word matches are tested."""
    if not candidates:
        return None
    marks = bytearray(hi - lo)
    for memory_id in candidates:
        marks[memory_id - lo] = 1
    return bytes(marks)


def _driver_chunks(conn: sqlite3.Connection, plans: list[TermPlan], filters: Filters, *, facts: bool,
                   below: int | None, chunk: int) -> Iterator[list[tuple]]:  # fmt: skip
    sql, params, key = _driver_sql(plans, filters, facts=facts)
    narrowing = _narrowing(conn, plans)
    if narrowing is None:
        return _keyset_chunks(conn, sql, params, key, below, chunk)
    words_match = " AND ".join(p.match for p in plans if p.route == "words")
    return _window_chunks(conn, sql, params, key, words_match, narrowing, below, chunk)


def _keyset_rows(conn: sqlite3.Connection, sql: str, params: list[object], key: str,
                 below: int | None, chunk: int) -> Iterator[tuple]:  # fmt: skip
    for rows in _keyset_chunks(conn, sql, params, key, below, chunk):
        yield from rows


def _conditions(plans: list[TermPlan]) -> tuple[str, list[object]]:
    """Every planned term as a condition on `m` (for candidates that no index chose)."""
    sql, params = "", []
    for plan in plans:
        if plan.route in ("words", "trigram"):  # the index too, so no route widens what matches
            table = "memory_words" if plan.route == "words" else "memory_trigrams"
            sql += f" AND EXISTS (SELECT 1 FROM {table} WHERE {table} MATCH ? AND {table}.rowid = m.id)"
            params.append(plan.match)
        if plan.check is not None:
            condition, values = plan.check_sql(with_path=plan.route == "words")
            sql += " AND " + condition
            params += values
    return sql, params


def _candidate_rows(conn: sqlite3.Connection, ids: list[int], plans: list[TermPlan], filters: Filters,
                    facts: bool, below: int | None) -> Iterator[tuple]:  # fmt: skip
    """The rows of these candidate ids (newest first) that match every planned term."""
    if below is not None:
        ids = [i for i in ids if i < below]
    extra = _FACTS.format(relevance="NULL") if facts else ""
    conditions, params = _conditions(plans)
    for batch in chunks(ids):
        marks = placeholders(len(batch))
        yield from conn.execute(
            f"SELECT m.id{extra} FROM memory m WHERE m.id IN ({marks}){filters.sql}{conditions} ORDER BY m.id DESC",
            [*batch, *filters.params, *params],
        )
        yield (batch[-1] - 0.5,)  # checked down to here: merged, the next batch waits until needed


def _checked_below(row: tuple) -> bool:
    """A `_candidate_rows` mark, not a memory's row."""
    return isinstance(row[0], float)


def _short_rows(conn: sqlite3.Connection, lead: TermPlan, plans: list[TermPlan], filters: Filters, *,
                facts: bool = False, below: int | None = None, chunk: int = CHUNK) -> Iterator[tuple]:  # fmt: skip
    """Rows (as `_driver_sql` selects them) of the memories matching every planned term,
    newest first, led by a short term: the trigrams starting with it (one OR MATCH,
    which FTS5 streams newest first, so a first page reads only its rows), merged with
    the memories whose text ends in it (see store.search.short_terms).  Led this way, no
    memory gets a bm25 relevance: ranking falls back on importance and age."""
    trigrams, tail, _ = lead.short_parts(conn)
    streams = [_candidate_rows(conn, tail, plans, filters, facts, below)]
    if len(trigrams) > short_terms.MAX_PREFIX_TRIGRAMS:
        streams.append(_candidate_rows(conn, lead.prefix_candidates(conn), plans, filters, facts, below))
    elif trigrams:
        extra = _FACTS.format(relevance="NULL") if facts else ""
        conditions, params = _conditions(plans)
        sql = (f"SELECT m.id{extra} FROM memory_trigrams JOIN memory m ON m.id = memory_trigrams.rowid "
               f"WHERE memory_trigrams MATCH ?{filters.sql}{conditions}")  # fmt: skip
        params = [short_terms.prefix_match(trigrams), *filters.params, *params]
        streams.append(_keyset_rows(conn, sql, params, "memory_trigrams.rowid", below, chunk))
    last = None
    for row in heapq.merge(*streams, key=lambda row: -row[0]):
        # A batch of candidates with no match left its stream's next row unknown: merged, that
        # stream checked every batch until it found one (`세션` at 1M: 31 batches of its 31k
        # tail candidates, 40 ms, for a page the trigrams filled from the newest 3); its mark
        # (just below the batch) holds the merge there until the other streams pass it.
        if _checked_below(row):
            continue
        if row[0] != last:
            last = row[0]
            yield row


def iter_match_chunks(
    conn: sqlite3.Connection, terms: list[str], filters: Filters, *, chunk: int = CHUNK,
    plans: list[TermPlan] | None = None, below: int | None = None,
) -> Iterator[list[int]]:  # fmt: skip
    """Every memory matching every term and the filters, newest first, `chunk` ids at a
    time (only ids below `below`, when given)."""
    if not terms:
        return
    plans = plans if plans is not None else plan_terms(conn, terms)
    lead = _short_lead(conn, plans)
    if lead is None:  # whole chunks as SQLite returns them (a row at a time cost a third more)
        for rows in _driver_chunks(conn, plans, filters, facts=False, below=below, chunk=chunk):
            yield [row[0] for row in rows]
        return
    rows = _short_rows(conn, lead, plans, filters, below=below, chunk=chunk)
    while ids := [row[0] for row in islice(rows, chunk)]:
        yield ids


def match_ids(conn: sqlite3.Connection, terms: list[str], filters: Filters | None = None, *,
              plans: list[TermPlan] | None = None, below: int | None = None,
              limit: int | None = None) -> list[int]:  # fmt: skip
    """The complete selection for already parsed terms, newest first (the newest
    `limit` of it, when given)."""
    found: list[int] = []
    chunk = CHUNK if limit is None else min(CHUNK, limit)
    for ids in iter_match_chunks(conn, terms, filters or Filters(), chunk=chunk, plans=plans, below=below):
        found += ids
        if limit is not None and len(found) >= limit:
            return found[:limit]
    return found


def count_words_only(conn: sqlite3.Connection, plans: list[TermPlan], filters: Filters,
                     below: int | None = None) -> int | None:  # fmt: skip
    """How many memories (below `below`) match terms the word index finds exactly, counted
    by the index alone; None when a term needs its text checked, a substring or short
    term is among them, or a filter reads the memory row (then only listing them counts).
    The word index holds exactly the memories' rows (kept by triggers), so its count is
    theirs: a two-word search that most of 1M memories match counts in ~60 ms of CPU,
    where listing their ids took ~1.5 s."""
    if not plans or filters.sql or any(p.route != "words" or p.check is not None for p in plans):
        return None
    sql = "SELECT count(*) FROM memory_words WHERE memory_words MATCH ?"
    params: list[object] = [" AND ".join(p.match for p in plans)]
    if below is not None:
        sql += " AND rowid < ?"
        params.append(below)
    return conn.execute(sql, params).fetchone()[0]


def select_matching(conn: sqlite3.Connection, query: object, **filters) -> list[int]:
    """Every memory matching every term of `query` and the filters, newest first.

    Nothing typed that is searchable selects nothing (never everything)."""
    terms = query_terms(query)
    if not terms:
        return []
    return match_ids(conn, terms, Filters(**filters))


def newest_with_facts(conn: sqlite3.Connection, plans: list[TermPlan], filters: Filters,
                      limit: int) -> list[tuple[int, float | None, int, float]]:  # fmt: skip
    """The newest `limit` memories matching every planned term, each as (id, bm25
    relevance or None, importance, julian day created): what ranking needs, in one query."""
    lead = _short_lead(conn, plans)
    if lead is not None:
        return list(islice(_short_rows(conn, lead, plans, filters, facts=True, chunk=limit), limit))
    if _narrows(plans):
        # The ids window by window, then their facts in one statement: FTS5's bm25 reads the
        # whole doclist of each word once per statement to weigh it (~19 ms for a word most
        # of 1M memories hold), so facts read window by window paid that in every window.
        rows = chain.from_iterable(_driver_chunks(conn, plans, filters, facts=False, below=None, chunk=limit))
        ids = [row[0] for row in islice(rows, limit)]
        return _facts_of(conn, plans, filters, ids)
    sql, params, key = _driver_sql(plans, filters, facts=True)
    return conn.execute(sql + f" ORDER BY {key} DESC LIMIT ?", params + [limit]).fetchall()


def _facts_of(conn: sqlite3.Connection, plans: list[TermPlan], filters: Filters,
              ids: list[int]) -> list[tuple[int, float | None, int, float]]:  # fmt: skip
    """(id, bm25 relevance, importance, julian day created) of these ids, newest first: ids a
    word-driven query found, read again by the same query within their span (so the word
    index's bm25 is that of the query), in one statement."""
    if not ids:
        return []
    sql, params, key = _driver_sql(plans, filters, facts=True)
    found: list[tuple] = []
    for part in chunks(ids, FACTS_IN_ONE):  # newest first: each part spans ids below the one before
        step_sql = (sql + f" AND {key} <= ? AND {key} >= ? AND +{key} IN ({placeholders(len(part))})"
                    f" ORDER BY {key} DESC")  # fmt: skip
        found += conn.execute(step_sql, [*params, part[0], part[-1], *part]).fetchall()
    return found
