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

from store.search import HIGHLIGHT, LIKE_WINDOW, _snippet, _term_plan, query_terms
from store.search import search as local_search
from team import cache, server
from team.server_migrate import SUBSTRING_EXPRESSION

CANDIDATES_PER_TERM = 400
RANK_WEIGHTS = "{0.5, 0.5, 0.75, 1.0}"  # D content, B file path, A tags: as the local bm25 weights
HIT_COLUMNS = ("id", "author", "session_id", "tool_name", "type", "project", "project_name",
               "file_path", "content", "tags", "importance", "created_at")  # fmt: skip


def _like_escape(term: str) -> str:
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


def _words(pg, tsquery_sql: str, query_param: str, filters: _Filters, literal: str | None, limit: int):
    # Rank only the newest `limit` matches: ts_rank reads each row's whole tsvector.
    inner = f"SELECT id, tsv, importance, created_at FROM team_memory WHERE tsv @@ {tsquery_sql}" + filters.sql
    params: list = [query_param, *filters.params]
    if literal is not None:
        inner += " AND strpos(lower(tags || ' ' || content || ' ' || coalesce(file_path, '')), %s) > 0"
        params.append(literal)
    inner += " ORDER BY id DESC LIMIT %s"
    sql = f"SELECT s.id, ts_rank('{RANK_WEIGHTS}', s.tsv, {tsquery_sql}), s.importance, s.created_at FROM ({inner}) s"
    return {r[0]: (r[1], r[2], r[3]) for r in pg.execute(sql, [query_param, *params, limit])}


def _substrings(pg, term: str, filters: _Filters, limit: int, window: bool = False):
    # Hangul (and digits, symbols) have no case: LIKE compares bytes, many times faster than ILIKE.
    like = "LIKE" if term.lower() == term.upper() else "ILIKE"
    sql = f"SELECT id, importance, created_at FROM team_memory WHERE {SUBSTRING_EXPRESSION} {like} %s"
    params: list = [_like_escape(term)]
    if window:  # a 1-2 character term has no trigram: only the newest memories are read
        sql += " AND id > (SELECT coalesce(max(id), 0) FROM team_memory) - %s"
        params.append(LIKE_WINDOW)
    sql += filters.sql + " ORDER BY id DESC LIMIT %s"
    return {r[0]: (None, r[1], r[2]) for r in pg.execute(sql, [*params, *filters.params, limit])}


def _prefix(pg, term: str, filters: _Filters, limit: int):
    quoted = "'" + term.replace("\\", "\\\\").replace("'", "''") + "':*"  # one quoted lexeme: no syntax
    return {k: (None, v[1], v[2]) for k, v in
            _words(pg, "to_tsquery('memlane', %s)", quoted, filters, None, limit).items()}  # fmt: skip


def _candidates_for_term(pg, term: str, filters: _Filters, per_term: int):
    match, literal, fallback = _term_plan(term)
    found = {}
    if match:
        if literal is None:
            found = _words(pg, "plainto_tsquery('memlane', %s)", term, filters, None, per_term)
        else:
            words = " ".join(match.strip('"').replace('""', '"').split())
            found = _words(pg, "phraseto_tsquery('memlane', %s)", words, filters, literal, per_term)
    if not found and fallback:
        if len(term) >= 3:
            found = _substrings(pg, term, filters, per_term)
        else:
            if not term.isascii():
                found = _prefix(pg, term, filters, per_term)
            if len(found) < per_term:
                for k, v in _substrings(pg, term, filters, per_term, window=True).items():
                    found.setdefault(k, v)
    return found


def _ranked(pg, terms: list[str], filters: _Filters, wanted: int) -> list[tuple[int, float, int]]:
    per_term = max(CANDIDATES_PER_TERM, wanted)
    matched: dict[int, int] = {}
    relevance: dict[int, float] = {}
    facts: dict[int, tuple] = {}
    full = {}
    if len(terms) > 1 and all(_term_plan(t)[0] and _term_plan(t)[1] is None for t in terms):
        full = _words(pg, "plainto_tsquery('memlane', %s)", " ".join(terms), filters, None, per_term)
    for memory_id, (rel, importance, created_at) in full.items():
        matched[memory_id], facts[memory_id], relevance[memory_id] = len(terms), (importance, created_at), rel
    if len(full) < wanted:
        for term in terms:
            for memory_id, (rel, importance, created_at) in _candidates_for_term(pg, term, filters, per_term).items():
                if memory_id in full:
                    continue
                matched[memory_id] = matched.get(memory_id, 0) + 1
                facts[memory_id] = (importance, created_at)
                if rel is not None:
                    relevance[memory_id] = relevance.get(memory_id, 0.0) + rel
    if not matched:
        return []
    best = max(matched.values())
    needed = len(terms) if best == len(terms) else max(1, math.ceil(len(terms) / 2))
    chosen = [i for i, n in matched.items() if n >= needed]
    top = max((relevance.get(i, 0.0) for i in chosen), default=0.0) or 1.0
    scored = [(matched[i], score(matched[i] / len(terms), relevance.get(i, top / 2) / top, *facts[i]), i)
              for i in chosen]  # fmt: skip
    scored.sort(reverse=True)
    return scored


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
        page = _ranked(pg, terms, filters, limit)[:limit]
        ids = [i for _, _, i in page]
        rows = {r[0]: r for r in pg.execute(f"SELECT {cols} FROM team_memory WHERE id = ANY(%s)", (ids,))}
    return [_hit(rows[i], terms, marks, s, n, len(terms)) for n, s, i in page if i in rows]


def _hit(row, terms, marks, score_, matched, total) -> dict:
    hit = dict(zip(HIT_COLUMNS, row))
    hit.update(source="team", score=round(score_, 6), matched_terms=matched, total_terms=total,
               snippet=_snippet(hit["content"], terms, marks))  # fmt: skip
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
