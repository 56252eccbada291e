"""Team search: the local search's contract, asked of the server (or of the team cache offline).

The same terms (`store.search.query_terms`), the same routing (`_term_plan`),
the same ranking (coverage x relevance x importance x recency) and the same
snippets; only the indexes differ: a `tsvector` (unaccented, stemmed, no stop
words) for words, `pg_trgm` for substrings and Korean.  Every term reaches
PostgreSQL as a parameter of plainto_tsquery / phraseto_tsquery / ILIKE, so
nothing typed is syntax.
"""

from __future__ import annotations

import math
import sqlite3
import time

import psycopg

from store.search import (
    CANDIDATES_PER_TERM,
    HIGHLIGHT,
    RANK_POOL,
    TOKEN,
    has_case,
    make_snippet,
    query_terms,
    unspaced,
)
from store.search import search as local_search
from team import cache, server
from team.server_migrate import GRAMS_EXPRESSION, SUBSTRING_EXPRESSION

RANK_WEIGHTS = "{0.5, 0.5, 0.75, 1.0}"  # D content, B file path, A tags: as the local bm25 weights
HIT_COLUMNS = ("id", "author", "session_id", "tool_name", "type", "project", "project_name",
               "file_path", "content", "tags", "importance", "created_at")  # fmt: skip


def _like_pattern(term: str) -> str:
    return "%" + term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


class _Filters:
    def __init__(self, origin: str | None, project_name, type, author):
        self.sql, self.params = "", []
        if origin:
            self.sql += " AND origin <> %s"
            self.params.append(origin)
        for column, value in (("project_name", project_name), ("type", type), ("author", author)):
            if value:
                values = list(value) if isinstance(value, (list, tuple, set)) else [value]
                self.sql += f" AND {column} = ANY(%s)"
                self.params.append([str(v) for v in values])


class _Plan:
    """How the server finds one term, routed as `store.search.plan_term` routes it:
    `sql` a condition on team_memory, `params` its values, `words` the plain text for
    ts_rank (None: a substring term, no relevance); `check` / `check_params` the same
    condition for testing a row directly (without what only serves an index); `phrase`
    whether the index can only narrow it (every candidate row is read to check it)."""

    def __init__(self, sql: str, params: list, words: str | None, check: str | None = None,
                 check_params: list | None = None, phrase: bool = False):  # fmt: skip
        self.sql, self.params, self.words, self.phrase = sql, params, words, phrase
        self.check = check or sql
        self.check_params = params if check_params is None else check_params


def _exists(pg, sql: str, params: list, top: int) -> bool:
    """Whether any memory matches: the newest rows tested first (a common term is there),
    then the index."""
    _set(pg, TESTING_ROWS)
    recent = pg.execute(f"SELECT 1 FROM team_memory WHERE id > %s AND {sql} LIMIT 1",
                        [top - PROBE, *params], prepare=False).fetchone()  # fmt: skip
    _set(pg, THROUGH_INDEXES)
    if recent is not None:
        return True
    return pg.execute(f"SELECT 1 FROM team_memory WHERE {sql} LIMIT 1", params, prepare=False).fetchone() is not None


def _substring_plan(term: str) -> _Plan:
    # Scripts without case (Hangul, digits) compare bytes with LIKE, many times faster than ILIKE.
    like = "ILIKE" if has_case(term) else "LIKE"
    if len(term) < 3 and all(unspaced(ch) for ch in term):  # too short for trigrams: the grams index
        # strpos, not LIKE: the trigram index would offer to answer a LIKE it cannot narrow.
        check = f"strpos({SUBSTRING_EXPRESSION}, %s) > 0"
        return _Plan(f"{GRAMS_EXPRESSION} @> ARRAY[%s]::text[] AND {check}", [term, term], None, check, [term])
    # The pattern reaches the planner only at run time ((SELECT %s): its default 0.5%
    # selectivity): given it, the planner rated a long substring like `omponent` rare
    # (88 rows, not 48,480 trigram candidates at 1M) and skipped AND-ing the id window
    # into the bitmap, so every window rechecked the whole table's candidates (4 s).
    return _Plan(f"{SUBSTRING_EXPRESSION} {like} (SELECT %s::text)", [_like_pattern(term)], None)


def _plan(pg, term: str, top: int) -> _Plan:
    tokens = TOKEN.findall(term)
    if len(tokens) == 1 and tokens[0] == term and not unspaced(term):
        words = _Plan("tsv @@ plainto_tsquery('memlane', %s)", [term], term)
        if (len(term) < 3 and term.isascii()) or _exists(pg, words.sql, words.params, top):
            return words
        return _substring_plan(term)
    if term.isascii() and tokens and max(len(t) for t in tokens) >= 2:
        phrase = " ".join(tokens)
        sql = ("(tsv @@ phraseto_tsquery('memlane', %s) AND "
               "strpos(lower(tags || ' ' || content || ' ' || coalesce(file_path, '')), %s) > 0)")  # fmt: skip
        if _exists(pg, "tsv @@ phraseto_tsquery('memlane', %s)", [phrase], top):
            return _Plan(sql, [phrase, term], phrase, phrase=True)
    return _substring_plan(term)


# Where a search reads its matches (the planner, left to choose, walked the id index
# backwards testing every row until enough matched: seconds for a rare term at 1M; or it
# read a common term's whole index entry, every window again):
#   1. the newest rows, tested directly, while the term proves common enough that its
#      newest matches are near (at most SCAN_BUDGET rows: a common term ends here);
#   2. then through the text indexes, window by window of ids back from there (a rarer
#      term: its index entries are short), each window as wide as the matches found so far
#      say the rest needs (at most WINDOW_GROWTH times the last).
PROBE = 2_048  # the newest rows tested first
SCAN_BUDGET = 65_536  # rows tested directly at most (~1.5 us each against the tsvector): a phrase
WORDS_SCAN_BUDGET = 16_384  # ... when every term is a word (its index windows read only matches)
SUBSTRING_SCAN_BUDGET = 4_096  # ... when a term is a substring (~10 us each: the text itself)
FIRST_WINDOW = 16_384  # ids in the first index window; each next is WINDOW_GROWTH times wider
WINDOW_GROWTH = 4
TESTING_ROWS = ("SET LOCAL enable_bitmapscan = off", "SET LOCAL enable_indexscan = on")
THROUGH_INDEXES = ("SET LOCAL enable_bitmapscan = on", "SET LOCAL enable_indexscan = off")


def _newest_id(pg) -> int:
    """The newest id; from here on this transaction never reads the whole table."""
    top = pg.execute("SELECT coalesce(max(id), 0) FROM team_memory").fetchone()[0]
    pg.execute("SET LOCAL enable_seqscan = off")
    # Room for a common trigram's bitmap to stay exact: a lossy one made every row of its
    # pages be tested again (1.2 s for a 64k-id window at 1M).
    pg.execute("SET LOCAL work_mem = '32MB'")
    return top


def _newest(pg, plans: list[_Plan], filters: _Filters, limit: int, top: int) -> list[tuple]:
    """(id, relevance or None, importance, created_at) of the newest `limit` matches of
    every plan at or below `top`, newest first."""
    found: list[tuple] = []
    _set(pg, TESTING_ROWS)
    budget = _scan_budget(plans)
    high, width, tested = top, PROBE, 0
    while high > 0 and len(found) < limit:
        low = max(0, high - width)
        found += _newest_between(pg, plans, filters, limit - len(found), low, high, direct=True)
        tested, high = tested + high - low, low
        wanted = (limit - len(found)) * tested / max(1, len(found))  # rows to test at this rate
        if len(found) >= limit or tested + wanted > budget:
            break
        width = int(wanted * 1.25) + 1
    _set(pg, THROUGH_INDEXES)
    width = FIRST_WINDOW
    if found:  # every window reads the term's whole index entry: as few as the rate allows
        width = max(width, min(_rest_width(limit, len(found), tested), width * WINDOW_GROWTH**2))
    while high > 0 and len(found) < limit:
        low = max(0, high - width)
        found += _newest_between(pg, plans, filters, limit - len(found), low, high, direct=False)
        tested, high, width = tested + high - low, low, width * WINDOW_GROWTH
        if found:  # no wider than the rest needs: a window's cost is its candidates
            width = min(width, max(FIRST_WINDOW, _rest_width(limit, len(found), tested)))
    return found


def _rest_width(limit: int, found: int, tested: int) -> int:
    """Ids that should hold the `limit - found` matches still wanted, at the rate found so far."""
    return int((limit - found) * tested / found * 1.5) + 1


def _scan_budget(plans: list[_Plan]) -> int:
    """Rows worth testing directly before the indexes: many for a phrase (through the index
    every row holding its words is read and checked), fewer for words (an index window reads
    only their matches: 65,536 rows tested directly was the word route's 300 ms p99 at 1M)."""
    if not all(p.words for p in plans):
        return min(SCAN_BUDGET, SUBSTRING_SCAN_BUDGET)
    return SCAN_BUDGET if any(p.phrase for p in plans) else min(SCAN_BUDGET, WORDS_SCAN_BUDGET)


def _set(pg, settings: tuple[str, ...]) -> None:
    for sql in settings:
        pg.execute(sql)


def _newest_between(pg, plans: list[_Plan], filters: _Filters, limit: int, low: int, high: int, *,
                    direct: bool) -> list[tuple]:  # fmt: skip
    sql, values = _window_query(plans, filters, limit, low, high, direct=direct)
    # Never a prepared statement: a generic plan cannot see how common this term is.
    return pg.execute(sql, values, prepare=False).fetchall()


def _window_query(plans: list[_Plan], filters: _Filters, limit: int, low: int, high: int, *,
                  direct: bool) -> tuple[str, list]:  # fmt: skip
    """The SQL and values reading the newest `limit` matches with ids in (low, high]."""
    where = " AND ".join(p.check if direct else p.sql for p in plans)
    params = [v for p in plans for v in (p.check_params if direct else p.params)]
    words = " ".join(p.words for p in plans if p.words)
    inner = (f"SELECT id, tsv, importance, created_at FROM team_memory WHERE {where}{filters.sql} "
             "AND id > %s AND id <= %s ORDER BY id DESC LIMIT %s")  # fmt: skip
    # Rank only the newest `limit` matches: ts_rank reads each row's whole tsvector.
    rank = f"ts_rank('{RANK_WEIGHTS}', s.tsv, plainto_tsquery('memlane', %s))" if words else "NULL::real"
    sql = f"SELECT s.id, {rank}, s.importance, s.created_at FROM ({inner}) s ORDER BY s.id DESC"
    return sql, ([words] if words else []) + params + filters.params + [low, high, limit]


def _ranked(pg, terms: list[str], filters: _Filters, top: int) -> list[tuple[int, float, int]]:
    """(terms matched, score, id), best first: every term's matches (the newest RANK_POOL
    scored), or, when no memory has every term, those with most of them."""
    plans = [_plan(pg, t, top) for t in terms]
    n = len(plans)
    rows = _newest(pg, plans, filters, RANK_POOL, top)
    if rows:
        best = max((r[1] or 0.0 for r in rows), default=0.0) or 1.0
        scored = [(n, score(1.0, (best / 2 if r[1] is None else r[1]) / best, r[2], r[3]), r[0]) for r in rows]
        return sorted(scored, key=lambda x: (x[1], x[2]), reverse=True)
    if n < 2:
        return []
    matched: dict[int, int] = {}
    relevance: dict[int, float] = {}
    facts: dict[int, tuple] = {}
    for plan in plans:
        for memory_id, rel, importance, created_at in _newest(pg, [plan], filters, CANDIDATES_PER_TERM, top):
            matched[memory_id] = matched.get(memory_id, 0) + 1
            facts[memory_id] = (importance, created_at)
            if rel is not None:
                relevance[memory_id] = relevance.get(memory_id, 0.0) + rel
    needed = max(1, math.ceil(n / 2))
    pool = [i for i, k in matched.items() if k >= needed]
    top = max((relevance.get(i, 0.0) for i in pool), default=0.0) or 1.0
    scored = [(matched[i], score(matched[i] / n, relevance.get(i, top / 2) / top, *facts[i]), i) for i in pool]
    return sorted(scored, reverse=True)


def score(coverage: float, rel: float, importance, created_at: str | None) -> float:
    """store.search's formula: coverage x (0.5 + 0.5 relevance) x importance weight x recency."""
    weight = 1.0 + 0.35 * (max(1, min(3, importance or 1)) - 1)
    age = max(0.0, (time.time() - _epoch(created_at)) / 86400) if created_at else 0.0
    return coverage * (0.5 + 0.5 * rel) * weight * (0.6 + 0.4 * math.exp(-age / 30.0))


def _epoch(stamp: str) -> float:
    import calendar

    try:
        return calendar.timegm(time.strptime(stamp[:19], "%Y-%m-%dT%H:%M:%S"))
    except (ValueError, TypeError):
        return time.time()


def search_server(pg: psycopg.Connection, query: object, *, origin: str | None = None, project_name=None,
                  type=None, author=None, limit: int = 20, marks=HIGHLIGHT) -> list[dict]:  # fmt: skip
    """Teammates' memories on the server matching `query`, ranked; `origin` (this machine) left out."""
    limit = max(0, min(int(limit), 500))
    terms = query_terms(query)
    filters = _Filters(origin, project_name, type, author)
    cols = ", ".join(HIT_COLUMNS)
    with pg.transaction():
        if not terms:
            if isinstance(query, str) and query.strip():
                return []
            rows = pg.execute(f"SELECT {cols} FROM team_memory WHERE true{filters.sql} ORDER BY id DESC LIMIT %s",
                              [*filters.params, limit]).fetchall()  # fmt: skip
            return [_hit(r, [], marks, 0.0, 0, 0) for r in rows]
        page = _ranked(pg, terms, filters, _newest_id(pg))[:limit]
        ids = [i for _, _, i in page]
        rows = {r[0]: r for r in pg.execute(f"SELECT {cols} FROM team_memory WHERE id = ANY(%s)", (ids,))}
    return [_hit(rows[i], terms, marks, s, n, len(terms)) for n, s, i in page if i in rows]


def _hit(row, terms, marks, score_, matched, total) -> dict:
    hit = dict(zip(HIT_COLUMNS, row))
    hit.update(source="team", score=round(score_, 6), matched_terms=matched, total_terms=total,
               snippet=make_snippet(hit["content"], terms, marks))  # fmt: skip
    return hit


def search_cache(team_db: sqlite3.Connection, query: object, *, limit: int = 20, type=None, marks=HIGHLIGHT) -> list[dict]:
    """The same search over the local team cache (offline): the one local search, plus authors."""
    hits = local_search(team_db, query, type=type, limit=limit, marks=marks)
    names = cache.authors(team_db, [h["id"] for h in hits])
    for h in hits:
        h["author"] = names.get(h["id"], "")
    return hits


def search_team(local: sqlite3.Connection, team_db: sqlite3.Connection | None, settings: dict, query: object, *,
                limit: int = 20, type=None, marks=HIGHLIGHT) -> tuple[list[dict], str | None]:  # fmt: skip
    """Local and team hits in one ranking, best first; plus a note when the server was not
    reachable and the team cache answered instead (or None)."""
    hits = local_search(local, query, type=type, limit=limit, marks=marks)
    for h in hits:
        h["author"] = ""  # this machine's own
    note = None
    team_hits: list[dict] = []
    if settings.get("url"):
        pg = None
        try:
            pg = server.connect(settings["url"], timeout_s=3)
        except server.TeamUnavailable:
            note = f"the team server {server.where(settings['url'])} cannot be reached: showing the team memories synced before."
        except server.TeamError as exc:
            note = f"{exc} Showing the team memories synced before."
        if pg is not None:
            try:
                team_hits = search_server(pg, query, origin=cache.origin(local), type=type, limit=limit, marks=marks)
            except psycopg.Error as exc:
                note = server.describe(exc, settings["url"]) + " Showing the team memories synced before."
            finally:
                pg.close()
    else:
        note = "team sharing is off (no [team] url): showing the team memories synced before."
    if note is not None and team_db is not None:
        team_hits = search_cache(team_db, query, limit=limit, type=type, marks=marks)
    merged = hits + team_hits
    if query_terms(query):
        merged.sort(key=lambda h: (-(h.get("matched_terms") or 0), -(h.get("score") or 0.0)))
    else:
        merged.sort(key=lambda h: h.get("created_at") or "", reverse=True)
    return merged[:limit], note
