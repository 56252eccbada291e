"""The one search: every caller (hook, CLI, app, importer) finds memories here.

A query is split into terms; each term goes where it can be found fast:
  - words (ASCII letters and digits) -> the word index (porter-stemmed FTS5);
  - words joined by punctuation (`config.json`, `user_id`, `rate-limit`) -> a
    phrase in the word index, then checked against the text itself;
  - 3+ characters the word index misses (substrings, Korean) -> the trigram
    index (its trigrams ANDed; it stores no positions), then checked;
  - shorter non-ASCII terms (`버그`) -> LIKE on the memory table.
Every term is quoted before it reaches FTS5, so nothing typed is syntax.

Ranking is bounded: each term contributes at most CANDIDATES_PER_TERM of its
newest matches, so a common term costs the same at 100k memories as at 1M.
The memories that match every term win; when none does, those matching most
of them come back.  Score = text relevance (bm25) x importance x recency.
"""

from __future__ import annotations

import math
import re
import sqlite3

from store.db import dicts

CANDIDATES_PER_TERM = 400
LIKE_WINDOW = 20_000  # newest memories a LIKE scan reads; older ones are reached by prefix
MAX_TERMS = 12
MAX_QUERY_CHARS = 1000
HIGHLIGHT = ("\x02", "\x03")
SNIPPET_CHARS = 160
SNIPPET_LEAD = 24  # context before the first match: a narrow column still shows the match

_STOP_WORDS = frozenset(
    """a an and are as at be but by can could did do does doing for from had has have how i if
    in into is it its me my of on or our please should so than that the their them then there
    these they this to was we were what when where which who why will with would you your
    about after again all also any before being both each few just more most no not now only
    other out over same some such too under until up very via want need make get let lets
    hey hi hello thanks thank could would might must shall""".split()
)
# Korean particles and endings that follow a word ("인증에서" -> "인증").
_KOREAN_PARTICLES = sorted(
    """은 는 이 가 을 를 에 의 도 만 와 과 로 으로 에서 에게 한테 까지 부터 처럼 보다 이랑 랑 하고
    에는 에서는 으로는 로는 이나 나 이라도 라도 조차 마저 께서 이에요 예요 입니다 인가요 인데""".split(),
    key=len,
    reverse=True,
)
_KOREAN_STOP = frozenset("그리고 그런데 하지만 그래서 이 그 저 것 수 좀 및 등 왜 어떻게 무엇 뭐 어디".split())
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_TOKEN = re.compile(r"[^\W_]+")
_EDGE_PUNCT = "\"'`()[]{}<>,;!?*^:.|"


def _korean_stem(word: str) -> str:
    if not _HANGUL.search(word[-1:]):
        return word
    for particle in _KOREAN_PARTICLES:
        if word.endswith(particle) and len(word) - len(particle) >= 2:
            return word[: -len(particle)]
    return word


def query_terms(query: object) -> list[str]:
    """The searchable terms of what a person typed: cleaned, lowercased, de-duplicated."""
    if not isinstance(query, str):
        return []
    text = "".join(ch if ch.isprintable() or ch in " \t\n" else " " for ch in query[:MAX_QUERY_CHARS])
    raw = []
    for piece in text.split():
        piece = piece.strip(_EDGE_PUNCT).lstrip("-+").casefold()
        if piece and (_TOKEN.search(piece) or not piece.isascii()):  # emoji are literal terms
            raw.append(piece)
    terms: list[str] = []
    for piece in raw:
        if _HANGUL.search(piece):
            piece = _korean_stem(piece)
        if piece not in terms:
            terms.append(piece)
    meaningful = [t for t in terms if t not in _STOP_WORDS and t not in _KOREAN_STOP]
    return (meaningful or terms)[:MAX_TERMS]


def _fts_quote(token: str) -> str:
    return '"' + token.replace('"', '""') + '"'


def _like_escape(term: str) -> str:
    return term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


class _Filters:
    """The SQL for the search filters, over the memory table aliased `m`."""

    def __init__(self, project, session, type, tool, min_importance, since, until, exclude_session):
        clauses: list[str] = []
        params: list[object] = []
        for column, value in (("m.project", project), ("m.session_id", session),
                              ("m.type", type), ("m.tool_name", tool)):  # fmt: skip
            if value is None or value == "":
                continue
            if isinstance(value, (list, tuple, set, frozenset)):
                values = [str(v) for v in value]
                if not values:
                    clauses.append("0")
                    continue
                clauses.append(f"{column} IN ({', '.join('?' for _ in values)})")
                params.extend(values)
            else:
                clauses.append(f"{column} = ?")
                params.append(str(value))
        if isinstance(min_importance, int) and min_importance > 1:
            clauses.append("m.importance >= ?")
            params.append(min_importance)
        if since:
            clauses.append("m.created_at >= ?")
            params.append(str(since))
        if until:
            clauses.append("m.created_at < ?")
            params.append(str(until))
        if exclude_session:
            clauses.append("m.session_id != ?")
            params.append(str(exclude_session))
        self.sql = "".join(" AND " + c for c in clauses)
        self.params = params


def _word_candidates(conn, match: str, filters: _Filters, literal: str | None, limit: int):
    sql = (
        "SELECT m.id, bm25(memory_words, 1.0, 2.0, 1.5), m.importance, julianday(m.created_at) FROM memory_words "
        "JOIN memory m ON m.id = memory_words.rowid "
        "WHERE memory_words MATCH ?" + filters.sql
    )
    params: list[object] = [match, *filters.params]
    if literal is not None:
        sql += " AND (instr(lower(m.content), ?) OR instr(lower(m.tags), ?) OR instr(lower(coalesce(m.file_path, '')), ?))"
        params += [literal, literal, literal]
    sql += " ORDER BY memory_words.rowid DESC LIMIT ?"
    params.append(limit)
    return {row[0]: (-row[1], row[2], row[3]) for row in conn.execute(sql, params)}


def _trigram_match(term: str) -> str:
    """A trigram-index MATCH for a substring: its trigrams ANDed (8 spread ones at most:
    selective enough, and every caller checks the text itself or only counts)."""
    grams = [term[i : i + 3] for i in range(len(term) - 2)]
    if len(grams) > 8:
        step = (len(grams) - 1) / 7
        grams = [grams[round(i * step)] for i in range(8)]
    return " AND ".join(_fts_quote(g) for g in dict.fromkeys(grams))


def _trigram_candidates(conn, term: str, filters: _Filters, limit: int):
    match = _trigram_match(term)
    sql = (
        "SELECT m.id, m.importance, julianday(m.created_at) FROM memory_trigrams JOIN memory m ON m.id = memory_trigrams.rowid "
        "WHERE memory_trigrams MATCH ?" + filters.sql +
        " AND (instr(lower(m.content), ?) OR instr(lower(m.tags), ?))"
        " ORDER BY memory_trigrams.rowid DESC LIMIT ?"
    )  # fmt: skip
    return {row[0]: (None, row[1], row[2]) for row in conn.execute(sql, [match, *filters.params, term, term, limit])}


def _like_candidates(conn, term: str, filters: _Filters, limit: int):
    """A short non-ASCII term (`버그`): word-initial matches over all history through the
    word index's prefix query, plus substring matches (`디버그`) among the newest
    LIKE_WINDOW memories, so a rare term never scans the whole table."""
    found = {}
    if not term.isascii():
        sql = (
            "SELECT m.id, m.importance, julianday(m.created_at) FROM memory_words "
            "JOIN memory m ON m.id = memory_words.rowid WHERE memory_words MATCH ?" + filters.sql +
            " ORDER BY memory_words.rowid DESC LIMIT ?"
        )  # fmt: skip
        for row in conn.execute(sql, [_fts_quote(term) + "*", *filters.params, limit]):
            found[row[0]] = (None, row[1], row[2])
        if len(found) >= limit:
            return found
    pattern = "%" + _like_escape(term) + "%"
    sql = (
        "SELECT m.id, m.importance, julianday(m.created_at) FROM memory m "
        "WHERE m.id > (SELECT coalesce(max(id), 0) FROM memory) - ? "
        "AND (m.content LIKE ? ESCAPE '\\' OR m.tags LIKE ? ESCAPE '\\')"
        + filters.sql + " ORDER BY m.id DESC LIMIT ?"
    )  # fmt: skip
    for row in conn.execute(sql, [LIKE_WINDOW, pattern, pattern, *filters.params, limit]):
        found.setdefault(row[0], (None, row[1], row[2]))
    return found


def _term_plan(term: str) -> tuple[str, str | None, bool]:
    """(word-index MATCH or '', literal to verify or None, may fall back to trigram/LIKE)."""
    tokens = _TOKEN.findall(term)
    ascii_word = term.isascii()
    if ascii_word and len(tokens) == 1 and tokens[0] == term:
        return _fts_quote(term), None, len(term) >= 3
    if ascii_word and tokens and max(len(t) for t in tokens) >= 2:
        return _fts_quote(" ".join(tokens)), term, True
    # Anything else (Korean words usually carry particles, C++, emoji) is found
    # as a substring: the trigram index, or LIKE below 3 characters.
    return "", None, True


def term_frequency(conn, term: str, *, exclude_session: str | None = None, cap: int = 2000) -> int | None:
    """How many memories outside `exclude_session` match `term`, counted up to `cap`
    (per-prompt recall weighs terms by rarity).  The term is routed as search routes
    it; substring counts come from the index alone.  None if it cannot be counted."""
    match, _literal, _fallback = _term_plan(term)
    table = "memory_words"
    if not match:
        if len(term) >= 3:
            match, table = _trigram_match(term), "memory_trigrams"
        elif not term.isascii():
            match = _fts_quote(term) + "*"  # as _like_candidates' prefix route
        else:
            return None
    sql = (
        f"SELECT count(*) FROM (SELECT 1 FROM {table} JOIN memory m ON m.id = {table}.rowid "
        f"WHERE {table} MATCH ? AND m.session_id != ? LIMIT ?)"
    )
    try:
        return conn.execute(sql, (match, exclude_session or "", cap)).fetchone()[0]
    except sqlite3.Error:
        return None


def _candidates_for_term(conn, term: str, filters: _Filters, per_term: int):
    """Matches of one term: {memory id: bm25 relevance or None}."""
    match, literal, fallback = _term_plan(term)
    found: dict[int, float | None] = {}
    if match:
        found = _word_candidates(conn, match, filters, literal, per_term)
    if not found and fallback:
        if len(term) >= 3:
            found = _trigram_candidates(conn, term, filters, per_term)
        else:
            found = _like_candidates(conn, term, filters, per_term)
    return found


def _all_terms_word_match(conn, terms: list[str], filters: _Filters, limit: int):
    """Memories matching every term in the word index (exact, not bounded per term)."""
    parts = []
    for term in terms:
        match, literal, _ = _term_plan(term)
        if not match or literal is not None:
            return {}
        parts.append(match)
    return _word_candidates(conn, " AND ".join(parts), filters, None, limit)


def _snippet(text: str, terms: list[str], marks: tuple[str, str]) -> str:
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
    if not ids:
        return {}
    cursor = conn.execute(f"SELECT * FROM memory WHERE id IN ({', '.join('?' for _ in ids)})", ids)
    return {row["id"]: row for row in dicts(cursor)}


def search(
    conn: sqlite3.Connection,
    query: object = "",
    *,
    project=None,
    session=None,
    type=None,
    tool=None,
    min_importance: int | None = None,
    since: str | None = None,
    until: str | None = None,
    limit: int = 20,
    offset: int = 0,
    exclude_session: str | None = None,
    marks: tuple[str, str] = HIGHLIGHT,
    depth: int = 0,
    order: str = "relevance",
) -> list[dict]:
    """Ranked memories matching `query` and the filters, each with a snippet.

    `order` "date": the same hits, newest first.

    Filters take a value or a list of values.  No query text: filters only,
    newest first.  Never raises for anything typed into `query`.  A page ranks as
    many candidates as a page ending at `offset + limit` needs, or at `depth` if
    deeper: a caller paging back up from the last hit passes the hit count, so
    every page comes from the same ranking.
    """
    limit = max(0, min(int(limit), 500))
    offset = max(0, int(offset))
    filters = _Filters(project, session, type, tool, min_importance, since, until, exclude_session)
    terms = query_terms(query)
    if not terms:
        if isinstance(query, str) and query.strip():
            return []  # only punctuation: nothing is spelled that way
        return _newest(conn, filters, limit, offset, marks)
    ranked = _ranked(conn, terms, filters, max(limit + offset, depth))
    if order == "date":
        ranked.sort(key=lambda hit: hit[2], reverse=True)  # ids grow with time
    page = ranked[offset : offset + limit]
    rows = _rows(conn, [memory_id for _, _, memory_id in page])
    hits = []
    for n_matched, score, memory_id in page:
        row = rows.get(memory_id)
        if row is None:
            continue
        row.update(score=round(score, 6), matched_terms=n_matched, total_terms=len(terms),
                   snippet=_snippet(row["content"], terms, marks))  # fmt: skip
        hits.append(row)
    return hits


def count_hits(
    conn: sqlite3.Connection, query: object = "", *, project=None, session=None, type=None,
    tool=None, min_importance: int | None = None, since: str | None = None,
    until: str | None = None, exclude_session: str | None = None, order: str = "relevance",
) -> int:  # fmt: skip
    """How many hits `search` has for `query` and the filters, so a caller can ask for
    the last page: `search(..., offset=max(0, count - limit), limit=limit)` (`order` does
    not change which memories match)."""
    filters = _Filters(project, session, type, tool, min_importance, since, until, exclude_session)
    terms = query_terms(query)
    if not terms:
        if isinstance(query, str) and query.strip():
            return 0
        sql = "SELECT count(*) FROM memory m WHERE 1" + filters.sql
        return conn.execute(sql, filters.params).fetchone()[0]
    # The deeper a page, the more candidates search ranks (see _ranked), so the last page
    # is the end of the ranking of every match (no term has more matches than max(id)).
    every_match = conn.execute("SELECT coalesce(max(id), 0) FROM memory").fetchone()[0]
    return len(_ranked(conn, terms, filters, every_match))


def _ranked(conn, terms: list[str], filters: _Filters, wanted: int) -> list[tuple[int, float, int]]:
    """(terms matched, score, id) of the hits, best first, ranking enough candidates for
    the first `wanted` of them."""
    per_term = max(CANDIDATES_PER_TERM, wanted)
    matched: dict[int, int] = {}
    relevance: dict[int, float] = {}
    facts: dict[int, tuple] = {}  # id -> (importance, julian day created)
    # Every term in the word index: the exact AND query alone fills a page most of the time.
    full = _all_terms_word_match(conn, terms, filters, per_term) if len(terms) > 1 else {}
    for memory_id, (rel, importance, created_at) in full.items():
        matched[memory_id] = len(terms)
        facts[memory_id] = (importance, created_at)
        relevance[memory_id] = rel
    if len(full) < wanted:
        for term in terms:
            for memory_id, (rel, importance, created_at) in _candidates_for_term(
                conn, term, filters, per_term
            ).items():
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
    top_relevance = max((relevance.get(i, 0.0) for i in chosen), default=0.0) or 1.0
    today = _julian_now(conn)
    scored = []
    for memory_id in chosen:
        importance, created_at = facts[memory_id]
        coverage = matched[memory_id] / len(terms)
        rel = relevance.get(memory_id, top_relevance / 2) / top_relevance
        weight = 1.0 + 0.35 * (max(1, min(3, importance or 1)) - 1)
        age = max(0.0, today - (created_at or today))
        recency = 0.6 + 0.4 * math.exp(-age / 30.0)
        score = coverage * (0.5 + 0.5 * rel) * weight * recency
        scored.append((matched[memory_id], score, memory_id))
    scored.sort(reverse=True)
    return scored


def _julian_now(conn) -> float:
    return conn.execute("SELECT julianday('now')").fetchone()[0]


def _newest(conn, filters: _Filters, limit: int, offset: int, marks) -> list[dict]:
    cursor = conn.execute(
        "SELECT m.* FROM memory m WHERE 1" + filters.sql + " ORDER BY m.id DESC LIMIT ? OFFSET ?",
        [*filters.params, limit, offset],
    )
    hits = []
    for row in dicts(cursor):
        row.update(score=0.0, matched_terms=0, total_terms=0, snippet=_snippet(row["content"], [], marks))
        hits.append(row)
    return hits
