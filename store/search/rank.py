"""Ranking: every caller (hook, CLI, app, importer) gets its hits in this order.

Which memories match is `store.search.match`'s job: every memory holding every term,
complete (see there for how each term is routed and how case is folded).  This
module ranks them, once per (query, filters, database version): the order is
kept, so every page is cut from the same list, no page repeats or skips a
memory, the count is the length of that list, and a deep page costs what the
first does.

How far ranking goes: the newest RANK_POOL matches are scored and come first,
best first; every older match follows, newest first (`Ranking.ranked` says
where, and the Search pane says so).  Scoring every match of a term with 100k
matches by bm25 costs ~100 ms per 25k matches and grows with them; the newest
500 come from one query (bm25, importance and age read with the ids) at any
size, and recency is part of the score anyway.  The older matches are read only
when a page or the count reaches them.
Score = text relevance (bm25) x importance x recency.

When no memory matches every term of a query of several (a question shares only some
words with its answer), or only a few past prompts that asked it do, memories are
ranked by relevance over any of its content words (`_rank_any_terms`: BM25 summed
over the terms, each term's newest CANDIDATES_PER_TERM matches read): a search may
widen, a selection (forget) never does.  The best REFINED of those are then weighed by
their rows: a memory whose head (a prompt, the command run, the file edited, the commit
message) holds the terms goes up, a past prompt that asks goes down, an answering turn's
memories lift each other, and a repeat of a better-ranked memory's text goes down.
"""

from __future__ import annotations

import heapq
import math
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field

from store.database import chunks, dicts, placeholders
from store.search.match import (
    TermPlan,
    count_words_only,
    match_ids,
    newest_with_facts,
    plan_term,
    plan_terms,
)
from store.search.per_connection import PerConnection
from store.search.query import Query, as_query
from store.search.question import content_terms, is_question, time_window
from store.search.terms import Filters, fts_quote

CANDIDATES_PER_TERM = 400
RANK_POOL = 500  # the newest matches scored (the largest page search gives); older ones follow by date
MAX_LIMIT = 500  # the most rows one search call returns
HIGHLIGHT = ("\x02", "\x03")
SNIPPET_CHARS = 160
SNIPPET_LEAD = 24  # context before the first match: a narrow column still shows the match
_CACHED_RANKINGS = 8  # per connection
# Fewer memories than this hold every term, all of them past questions: rank over any word.
ANY_TERMS_BELOW = 10
QUESTION_PENALTY = 0.1  # a past prompt that asks ranks at a tenth, below the memories that answer
COVERAGE_FLOOR = 0.5  # a memory holding one word of several keeps this share of its relevance
REFINED = 100  # the best of a ranking over any word that are weighed by their rows too
SESSION_SHARE = 0.25  # of the best other memory of the same session, added to a memory's score
IN_TIME_NAMED = 2.0  # a memory of the time a question names ("in May", "last week", "2025")
# A memory that says what a better-ranked one already says (the same failing command run
# again, in another session) keeps this share of its score for each copy above it: ten
# copies of one error would otherwise fill the first page and push the answer off it.
REPEAT_SHARE = 0.5
GIST_CHARS = 200  # how much of a memory's text decides that it repeats another
GIST_LINES = 3  # ... at most: a command, its exit code and the error's first line
HEAD_WEIGHT = 0.5  # the share a memory's score grows by when its head holds every term


@dataclass
class Ranking:
    """One query's whole order: the `head` (the newest RANK_POOL matches, best first by
    score), then every older match newest first.  The older ones are read only when a
    page or the count needs them (`rest`), so a first page costs the same for a term
    with 100 matches as for one with 100k.  `all_terms` False: these match most
    terms, not all (and the head is the whole list)."""

    head: list[int]
    all_terms: bool
    scores: dict[int, float] = field(default_factory=dict)
    matched: dict[int, int] = field(default_factory=dict)
    rest: Callable[[], list[int]] | None = None  # the older matches, newest first
    rest_count: Callable[[], int | None] | None = None  # how many they are, without listing them
    _ids: list[int] | None = None
    _positions: dict[int, int] | None = None

    @property
    def ranked(self) -> int:
        return len(self.head)

    @property
    def ids(self) -> list[int]:
        if self._ids is None:
            self._ids = self.head + (self.rest() if self.rest is not None else [])
        return self._ids

    @property
    def total(self) -> int:
        """How many hits the whole list holds: the older matches are counted by the index
        when it can (a common pair's 870k ids are not listed to count them)."""
        if self._ids is None and self.rest is not None and self.rest_count is not None:
            older = self.rest_count()
            if older is not None:
                return len(self.head) + older
        return len(self.ids)

    def page(self, offset: int, limit: int) -> list[int]:
        if offset + limit <= len(self.head):
            return self.head[offset : offset + limit]
        return self.ids[offset : offset + limit]

    def position_after(self, memory_id: int) -> int | None:
        """Where the page after `memory_id` starts (keyset paging), None if it is gone."""
        if self._positions is None:
            self._positions = {m: n for n, m in enumerate(self.ids)}
        at = self._positions.get(memory_id)
        return None if at is None else at + 1


_cache = PerConnection(_CACHED_RANKINGS)


def ranking(conn: sqlite3.Connection, query: Query) -> Ranking:
    """The one order of the hits for this query's terms and filters (cached per
    connection until the database changes).  A question in a sentence (`Query.question`)
    that only a few memories answer with every word gets those holding some of its
    words ranked beside them."""
    return _cache.get(conn, query.key, lambda: _rank(conn, list(query.terms), query.filters, query.question))


def _rank(conn, terms: list[str], filters: Filters, question: bool = False) -> Ranking:
    plans = plan_terms(conn, terms)
    newest = newest_with_facts(conn, plans, filters, RANK_POOL + 1) if plans else []
    few = len(newest) < ANY_TERMS_BELOW
    if len(terms) > 1 and (not newest or few and (question or _only_questions(conn, newest))):
        return _rank_any_terms(conn, terms, filters, newest)
    if newest:
        return _rank_all_terms(conn, terms, plans, filters, newest)
    return Ranking([], True)


def _score(n_matched: int, n_terms: int, rel: float | None, top_relevance: float,
           importance: int | None, created_at: float | None, today: float) -> float:  # fmt: skip
    coverage = n_matched / n_terms
    rel = (top_relevance / 2 if rel is None else rel) / top_relevance
    return coverage * (0.5 + 0.5 * rel) * _weight(importance) * _recency(created_at, today)


def _weight(importance: int | None) -> float:
    return 1.0 + 0.35 * (max(1, min(3, importance or 1)) - 1)


def _recency(created_at: float | None, today: float) -> float:
    age = max(0.0, today - (created_at or today))
    return 0.6 + 0.4 * math.exp(-age / 30.0)


def _rank_all_terms(conn, terms, plans, filters: Filters, newest: list[tuple]) -> Ranking:
    pool = newest[:RANK_POOL]
    top_relevance = max((r[1] or 0.0 for r in pool), default=0.0) or 1.0
    today = conn.execute("SELECT julianday('now')").fetchone()[0]
    n = len(plans)
    scores = {i: _score(n, n, rel, top_relevance, imp, created, today) for i, rel, imp, created in pool}
    head = sorted(scores, key=lambda i: (scores[i], i), reverse=True)
    rest = rest_count = None
    if len(newest) > RANK_POOL:
        below = pool[-1][0]

        def rest() -> list[int]:
            return match_ids(conn, terms, filters, plans=plans, below=below)

        def rest_count() -> int | None:
            return count_words_only(conn, plans, filters, below)

    return Ranking(head, True, scores, rest=rest, rest_count=rest_count)


def _rank_any_terms(conn, terms: list[str], filters: Filters, every_term: list[tuple]) -> Ranking:
    """No memory holds every term (a question shares only some words with its answer), or
    only a few past questions do: rank by relevance over any of the question's
    content words (`store.search.question`).  Relevance is BM25 summed over the terms
    (each term's bm25 on the word index, its columns weighted; a substring term, which
    the trigram index cannot score, counts its rarity), read from each term's newest
    CANDIDATES_PER_TERM matches, so the cost is that of one term's first page per term
    at any size.  A past prompt that is itself a question ranks below what answered it."""
    today = conn.execute("SELECT julianday('now')").fetchone()[0]
    content, window = time_window(terms, today)
    plans = [_with_forms(plan) for plan in plan_terms(conn, content_terms(content) if content else terms)]
    total = conn.execute("SELECT max(id) FROM memory").fetchone()[0] or 1
    relevance: dict[int, float] = {}
    matched: dict[int, int] = {}
    facts: dict[int, tuple] = {}
    groups = _with_english(conn, plans)
    for group in groups:
        found: dict[int, float] = {}  # a term's best relevance in each memory, over its spellings
        for plan in group:
            rows = newest_with_facts(conn, [plan], filters, CANDIDATES_PER_TERM)
            rarity = math.log(1 + (total - len(rows) + 0.5) / (len(rows) + 0.5))
            for memory_id, rel, importance, created in rows:
                facts[memory_id] = (importance, created)
                found[memory_id] = max(found.get(memory_id, 0.0), rarity if rel is None else rel)
        for memory_id, rel in found.items():
            matched[memory_id] = matched.get(memory_id, 0) + 1
            relevance[memory_id] = relevance.get(memory_id, 0.0) + rel
    for memory_id, rel, importance, created in every_term:  # they hold all the words
        facts[memory_id] = (importance, created)
        matched[memory_id] = len(plans)
        relevance[memory_id] = max(relevance.get(memory_id, 0.0), rel or 0.0)
    if not matched:
        return Ranking([], False)
    scores = {}
    for memory_id, n in matched.items():
        importance, created = facts[memory_id]
        coverage = n / len(plans)
        score = relevance.get(memory_id, 0.0) * (COVERAGE_FLOOR + (1 - COVERAGE_FLOOR) * coverage)
        score *= _weight(importance) * _recency(created, today)
        if window and created is not None and window[0] <= created < window[1]:
            score *= IN_TIME_NAMED
        scores[memory_id] = score
    # The best REFINED are weighed further, which reads their rows: past questions go down,
    # the memories of an answering turn up.  The others follow by the score above.
    best = heapq.nlargest(REFINED, scores, key=lambda i: (scores[i], i))
    session_of, asking, gist_of, head_of = _turn_facts(conn, best)
    refined = {i: scores[i] * (QUESTION_PENALTY if i in asking else 1.0) for i in best}
    refined = _head_weighted(refined, head_of, groups)
    if SESSION_SHARE:
        refined = _with_session(refined, session_of)
    refined = _repeats_lowered(refined, gist_of)
    rest = sorted(set(scores) - set(refined), key=lambda i: (scores[i], i), reverse=True)
    ordered = sorted(refined, key=lambda i: (refined[i], i), reverse=True) + rest
    scores.update(refined)
    all_terms = len(ordered) == len(every_term)
    return Ranking(ordered, all_terms, scores, {i: matched[i] for i in ordered})


def _with_session(scores: dict[int, float], session_of: dict[int, str]) -> dict[int, float]:
    """Each memory's score plus a share of the best other memory of its session: a question
    is answered by a turn (a prompt, then its edits, commands, errors and commit), and the
    words it shares with the answer are spread over that turn's memories."""
    best: dict[str, list[float]] = {}
    for memory_id, score in scores.items():
        top = best.setdefault(session_of.get(memory_id, ""), [0.0, 0.0])
        if score > top[0]:
            top[0], top[1] = score, top[0]
        elif score > top[1]:
            top[1] = score
    boosted = {}
    for memory_id, score in scores.items():
        first, second = best[session_of.get(memory_id, "")]
        other = second if score >= first else first
        boosted[memory_id] = score + SESSION_SHARE * other
    return boosted


def _head_weighted(scores: dict[int, float], head_of: dict[int, str],
                   groups: list[list[TermPlan]]) -> dict[int, float]:  # fmt: skip
    """Each memory's score, raised by HEAD_WEIGHT times the share of the question's terms
    its head holds: a prompt, the command run, the file edited, the commit's message say
    what the memory is about; its output only mentions things."""
    patterns = []
    for group in groups:
        words = [w.replace('""', '"') for plan in group for w in _QUOTED.findall(plan.match or "")] or [group[0].term]
        parts = (re.escape(w[:-2]) + r"\w*" if len(w) > 5 and w.isascii() else re.escape(w) for w in words)
        patterns.append(re.compile("|".join(parts), re.IGNORECASE))
    if not patterns:
        return scores
    weighted = {}
    for memory_id, score in scores.items():
        head = head_of.get(memory_id, "")
        found = sum(1 for pattern in patterns if pattern.search(head))
        weighted[memory_id] = score * (1 + HEAD_WEIGHT * found / len(patterns))
    return weighted


_QUOTED = re.compile(r'"((?:[^"]|"")*)"')


def _repeats_lowered(scores: dict[int, float], gist_of: dict[int, str]) -> dict[int, float]:
    """Each memory's score, lowered by REPEAT_SHARE for every better-scored memory whose
    text it repeats (its first GIST_LINES lines, at most GIST_CHARS characters, numbers
    aside: the same failing command says the same first lines, whatever it printed after)."""
    seen: dict[str, int] = {}
    lowered = {}
    for memory_id in sorted(scores, key=lambda i: (scores[i], i), reverse=True):
        gist = gist_of.get(memory_id)
        copies = seen.get(gist, 0) if gist is not None else 0
        if gist is not None:
            seen[gist] = copies + 1
        lowered[memory_id] = scores[memory_id] * REPEAT_SHARE**copies
    return lowered


_DIGITS = re.compile(r"\d+")


def _with_forms(plan: TermPlan) -> TermPlan:
    """A word's plan that also finds the forms the porter-stemmed index cannot join to it
    (`bought` finds `buy` and `buying`, `buy` finds `bought`; `store.search.word_forms`)."""
    word = plan.term
    if not (word.isascii() and word.isalpha()):
        return plan
    from store.search.word_forms import other_forms

    forms = other_forms(word)
    if not forms:
        return plan
    match = " OR ".join(fts_quote(w) for w in [word, *forms])
    return TermPlan(word, "words", f"({match})", None, False)


def _with_english(conn, plans: list[TermPlan]) -> list[list[TermPlan]]:
    """Each term's plans: itself, and for a Korean word the English words it stands for
    that this store holds (`store.search.korean_english`: 센트리 -> sentry, 결제 ->
    payment), since Korean questions are mostly about work done in English words."""
    from store.search.korean_english import english_words

    groups = []
    for plan in plans:
        english = english_words(conn, plan.term)
        match = " OR ".join(fts_quote(w) for w in english)
        groups.append([plan, TermPlan(plan.term, "words", f"({match})", None, False)] if english else [plan])
    return groups


def _only_questions(conn, rows: list[tuple]) -> bool:
    """Every memory holding every term is a past prompt that asked (a few at most): they
    restate the question, and the answer is among the memories holding some of its words."""
    return len(rows) < ANY_TERMS_BELOW and len(_questions(conn, [r[0] for r in rows])) == len(rows)


def _questions(conn, ids: list[int]) -> set[int]:
    """Which of these memories are prompts that ask a question."""
    return _turn_facts(conn, ids)[1]


def _turn_facts(conn, ids: list[int]) -> tuple[dict[int, str], set[int], dict[int, str], dict[int, str]]:
    """Of these memories, in one read: each one's session, which are prompts that ask, and
    each one's gist (the start of its text, numbers aside: what a repeat of it shares)."""
    session_of: dict[int, str] = {}
    asking: set[int] = set()
    gist_of: dict[int, str] = {}
    head_of: dict[int, str] = {}
    for chunk in chunks(ids):
        sql = (f"SELECT id, session_id, type, substr(content, 1, {max(400, GIST_CHARS)}) "
               f"FROM memory WHERE id IN ({placeholders(len(chunk))})")  # fmt: skip
        for memory_id, session, mtype, start in conn.execute(sql, chunk):
            session_of[memory_id] = session
            gist = "\n".join(start[:GIST_CHARS].split("\n", GIST_LINES)[:GIST_LINES])
            gist_of[memory_id] = mtype + _DIGITS.sub("0", " ".join(gist.split()))
            head_of[memory_id] = start if mtype == "prompt" else start.split("\n", 1)[0]
            if mtype == "prompt" and is_question(start):
                asking.add(memory_id)
    return session_of, asking, gist_of, head_of


def term_frequency(conn, term: str, *, exclude_session: str | None = None, cap: int = 2000) -> int | None:
    """How many memories outside `exclude_session` match `term`, counted up to `cap`
    (per-prompt recall weighs terms by rarity).  The term is routed as search routes
    it; substring counts come from the index alone.  None if it cannot be counted."""
    try:
        plan = plan_term(conn, term)
    except sqlite3.Error:
        return None
    table, match = "memory_words", plan.match
    if plan.route == "trigram":
        table = "memory_trigrams"
    elif plan.route in ("scan", "short"):
        if term.isascii():
            return None
        match = fts_quote(term) + "*"  # word-initial matches, from the index alone
    sql = (
        f"SELECT count(*) FROM (SELECT 1 FROM {table} JOIN memory m ON m.id = {table}.rowid "
        f"WHERE {table} MATCH ? AND m.session_id != ? LIMIT ?)"
    )
    try:
        return conn.execute(sql, (match, exclude_session or "", cap)).fetchone()[0]
    except sqlite3.Error:
        return None


def make_snippet(text: str, terms: list[str], marks: tuple[str, str]) -> str:
    text = " ".join(text.split())
    if not terms:
        return text[:SNIPPET_CHARS] + ("…" if len(text) > SNIPPET_CHARS else "")
    # Stemmed words match other endings ("failing" for "failed"): mark the whole word.
    parts = sorted(
        (re.escape(t[:-2]) + r"\w*" if len(t) > 5 and t.isascii() and t.isalnum() else re.escape(t))
        for t in terms
    )
    pattern = re.compile("|".join(sorted(parts, key=len, reverse=True)), re.IGNORECASE)
    first = pattern.search(text)
    start = 0
    if first and first.start() > SNIPPET_LEAD:
        start = first.start() - SNIPPET_LEAD
        space = text.find(" ", start)
        if 0 <= space < first.start():
            start = space + 1
    window = text[start : start + SNIPPET_CHARS]
    body = pattern.sub(lambda m: marks[0] + m.group(0) + marks[1], window)
    return ("…" if start else "") + body + ("…" if start + SNIPPET_CHARS < len(text) else "")


def _rows(conn, ids: list[int]) -> dict[int, dict]:
    found: dict[int, dict] = {}
    for chunk in chunks(ids):
        cursor = conn.execute(f"SELECT * FROM memory WHERE id IN ({placeholders(len(chunk))})", chunk)
        found.update((row["id"], row) for row in dicts(cursor))
    return found


def search(
    conn: sqlite3.Connection,
    query: Query | object = "",
    *,
    limit: int = 20,
    offset: int = 0,
    marks: tuple[str, str] = HIGHLIGHT,
    depth: int = 0,
    after_id: int | None = None,
    **filters,
) -> list[dict]:
    """Ranked memories matching `query` and the filters, each with a snippet.

    `query`: a `Query` (its terms, filters and sort), or what was typed, with the
    filters (FILTER_NAMES, each a value or a list of values) and `sort` ("date": the
    same hits, newest first) by name.  No query text: filters only, newest first.
    Never raises for anything typed.  Pages come from one ranking per query, filters
    and database version: by `offset`, or by keyset with `after_id` (the last id of
    the previous page; the page after it, even if memories arrived meanwhile).
    `depth` is accepted and ignored (every page now comes from the same ranking).
    """
    query = as_query(query, filters)
    limit = max(0, min(int(limit), MAX_LIMIT))
    offset = max(0, int(offset))
    if not query.terms:
        if query.unspelled:
            return []  # only punctuation: nothing is spelled that way
        return _newest(conn, query.filters, limit, offset, marks, after_id)
    order = sorted_ranking(conn, query)
    if after_id is not None:
        offset = order.position_after(int(after_id))
        if offset is None:
            return []
    page = order.page(offset, limit)
    rows = _rows(conn, page)
    terms = list(query.terms)
    hits = []
    for memory_id in page:
        row = rows.get(memory_id)
        if row is None:
            continue
        row.update(score=round(order.scores.get(memory_id, 0.0), 6),
                   matched_terms=order.matched.get(memory_id, len(terms)), total_terms=len(terms),
                   snippet=make_snippet(row["content"], terms, marks))  # fmt: skip
        hits.append(row)
    return hits


def search_page(conn: sqlite3.Connection, query: Query | object = "", *, after_id: int | None = None,
                offset: int | None = 0, limit: int = 20, **filters) -> tuple[int, list[dict], dict]:  # fmt: skip
    """One page for a list that scrolls through a search: (where the page starts in the
    whole list, its hits, `search_summary`).  By keyset (`after_id`: the page after
    that hit), by `offset`, or (offset None) the last page.  All come from the one
    ranking, so the summary's total is exactly what paging delivers."""
    query = as_query(query, filters)
    summary = search_summary(conn, query)
    limit = max(0, min(int(limit), 500))
    if after_id is not None and query.terms:
        start = sorted_ranking(conn, query).position_after(int(after_id))
        if start is None:  # the hit is gone (forgotten): carry on from the offset given
            start = offset or 0
    elif offset is None:
        start = max(0, summary["total"] - limit)
    else:
        start = max(0, int(offset))
    return start, search(conn, query, offset=start, limit=limit), summary


def sorted_ranking(conn: sqlite3.Connection, query: Query) -> Ranking:
    """The ranking, or for `sort` "date" the same hits newest first: the head (the newest
    matches) by id, then the older ones, which already come newest first."""
    order = ranking(conn, query)
    if query.sort != "date":
        return order
    return Ranking(sorted(order.head, reverse=True), order.all_terms, order.scores, order.matched,
                   order.rest, order.rest_count)  # fmt: skip


def count_hits(conn: sqlite3.Connection, query: Query | object = "", **filters) -> int:
    """How many hits `search` pages through for `query` and the filters (the same
    ranking), so a caller can ask for the last page: `search(..., offset=count - limit)`.
    `sort` does not change which memories match."""
    return search_summary(conn, query, **filters)["total"]


def search_summary(conn: sqlite3.Connection, query: Query | object = "", **filters) -> dict:
    """What a list of hits says about itself: {total, ranked (how many come first by
    score; the rest are newest first), all_terms (False: they match most terms)}.
    `sort` does not change which memories match."""
    query = as_query(query, filters)
    if not query.terms:
        if query.unspelled:
            return {"total": 0, "ranked": 0, "all_terms": True}
        sql = "SELECT count(*) FROM memory m WHERE 1" + query.filters.sql
        return {"total": conn.execute(sql, query.filters.params).fetchone()[0], "ranked": 0, "all_terms": True}
    order = ranking(conn, query)
    return {"total": order.total, "ranked": order.ranked, "all_terms": order.all_terms}


def _newest(conn, filters: Filters, limit: int, offset: int, marks, after_id: int | None = None) -> list[dict]:
    """The newest memories by when they happened (not by id: an import's are older than
    its ids), by keyset after `after_id`, else by offset."""
    from store.reading import BY_TIME, time_keyset

    if after_id is not None:
        keyset, params = time_keyset(conn, after_id)
        sql = "SELECT m.* FROM memory m WHERE 1" + keyset + filters.sql + BY_TIME + " LIMIT ?"
        params = [*params, *filters.params, limit]
    else:
        sql = "SELECT m.* FROM memory m WHERE 1" + filters.sql + BY_TIME + " LIMIT ? OFFSET ?"
        params = [*filters.params, limit, offset]
    hits = []
    for row in dicts(conn.execute(sql, params)):
        row.update(score=0.0, matched_terms=0, total_terms=0, snippet=make_snippet(row["content"], [], marks))
        hits.append(row)
    return hits
