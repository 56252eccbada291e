"""A substring term (routed to the trigram index) beside a word term: `nginx config`, where
no memory holds "nginx" as a word.  The word index drives the query; a rare substring
narrows it through its trigram candidates instead of being looked for in the text of
every memory holding the word (3 s at 1M memories to find none)."""

from __future__ import annotations

import pytest

from store.database import connection as db
from store.search import match as matching
from store.search import search
from store.search.paging import first_page
from store.writing import writer

# One worker runs this module's tests (tests/conftest.py), so that its four corpora (up to 100,000
# memories) are built once, not once on each worker its tests reach.
pytestmark = pytest.mark.xdist_group("substring-beside-words")


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    """6,200 memories hold the word `config` (past the 5,000-id chunk and the 500-hit
    ranking pool); 3 of them also hold `nginx` inside a longer word, 1 holds it without
    `config`, and some hold `ngin` / `ginx` apart (trigrams, not the substring)."""
    conn = db.connect(str(tmp_path_factory.mktemp("substring") / "memory.db"))
    batch = []
    for n in range(6200):
        content = f"load the config for service {n}"
        if n in (10, 3000, 6100):
            content = f"load the config of mynginx{n} upstream, the Проверкаошибки{n} step"
        elif n % 97 == 0:
            content += " ngin-ginx"
        batch.append({"session_id": f"s{n % 30}", "type": "command", "content": content,
                      "cwd": "/nonexistent/app"})  # fmt: skip
        if len(batch) == 1000:
            writer.add_memories(conn, batch)
            batch = []
    writer.add_memories(conn, batch + [{"session_id": "s1", "type": "command",
                                        "content": "restart mynginx now", "cwd": "/nonexistent/app"}])
    yield conn
    conn.close()


def truth(conn, *terms: str) -> list[int]:
    rows = conn.execute("SELECT id, content FROM memory ORDER BY id DESC").fetchall()
    return [i for i, content in rows if all(t in content.lower() for t in terms)]


def texts_read(monkeypatch, run) -> int:
    """How many memories' texts `run` looks a term up in.  A term with case outside ASCII
    is looked for through `fold` (called by SQLite once per text), so counting its calls
    counts the texts read, whatever the machine."""
    calls: list[int] = []
    real = matching.fold
    monkeypatch.setattr(matching, "fold", lambda text: calls.append(1) or real(text))
    run()
    monkeypatch.setattr(matching, "fold", real)
    return len(calls)


def test_a_rare_substring_beside_a_common_word_narrows_the_scan_and_finds_the_same(big, monkeypatch):
    plans = matching.plan_terms(big, ["nginx", "config"])
    assert [plan.route for plan in plans] == ["trigram", "words"] and plans[0].narrows
    wanted = truth(big, "nginx", "config")
    assert len(wanted) == 3
    assert matching.select_matching(big, "nginx config") == wanted
    assert [row["id"] for row in search(big, "nginx config", limit=10)] == wanted
    assert truth(big, "ошибк", "config") == wanted
    narrowed = texts_read(monkeypatch, lambda: matching.select_matching(big, "ошибк config"))
    assert matching.select_matching(big, "ошибк config") == wanted
    monkeypatch.setattr(matching, "WORDS_CHECKED_BELOW", 10**9)  # as before: checked per word match
    assert not matching.plan_terms(big, ["nginx", "config"])[0].narrows
    checked = texts_read(monkeypatch, lambda: matching.select_matching(big, "ошибк config"))
    assert matching.select_matching(big, "ошибк config") == matching.select_matching(big, "nginx config") == wanted
    assert narrowed <= 2 * 3 and checked > 2 * 6000  # its 3 candidates (text and tags), not 6,200


def test_a_substring_no_memory_holds_beside_a_common_word_reads_no_text(big, monkeypatch):
    """No memory holds all the terms: the first page falls back to those holding most of
    them, and finding that out no longer reads the text of every memory holding the word."""
    rows, summary = first_page(big, "Зыхвь config", limit=60)
    assert summary["all_terms"] is False and rows and all("config" in r["content"] for r in rows)
    assert texts_read(monkeypatch, lambda: first_page(big, "Зыхвь config", limit=60)) == 0


def test_a_substring_beside_a_rare_word_is_checked_per_word_match_and_agrees(big):
    plans = matching.plan_terms(big, ["ynginx", "restart"])  # 1 memory holds `restart`
    assert plans[0].route == "trigram" and not plans[0].narrows
    assert matching.select_matching(big, "ynginx restart") == truth(big, "ynginx", "restart") != []


def test_a_substring_with_many_candidates_per_word_match_is_checked_per_word_match(big, monkeypatch):
    monkeypatch.setattr(matching, "CANDIDATES_PER_WORD_MATCH", 0)  # any candidate is too many
    checked = texts_read(monkeypatch, lambda: matching.select_matching(big, "ошибк config"))
    assert checked > 2 * 6000  # each memory holding `config`, not the substring's 3 candidates
    assert matching.select_matching(big, "ошибк config") == truth(big, "ошибк", "config")


@pytest.fixture(scope="module")
def common(tmp_path_factory):
    """6,000 memories hold `ошибкаN` (a substring of 6,000 trigram candidates, past the
    5,000 under which one narrowed before) and 6,000 others the word `deploy`; 3 hold both."""
    conn = db.connect(str(tmp_path_factory.mktemp("common") / "memory.db"))
    batch = []
    for n in range(12_000):
        content = f"ошибка{n} в сборке" if n % 2 else f"deploy step {n}"
        if n in (11, 5001, 9001):
            content = f"deploy: ошибка{n} в сборке"
        batch.append({"session_id": f"s{n % 30}", "type": "command", "content": content, "cwd": "/nonexistent/app"})
        if len(batch) == 1000:
            writer.add_memories(conn, batch)
            batch = []
    yield conn
    conn.close()


def test_a_common_substring_beside_a_common_word_they_rarely_share_reads_few_texts(common, monkeypatch):
    plans = matching.plan_terms(common, ["ошибк", "deploy"])
    assert plans[0].route == "trigram" and plans[0].narrows
    wanted = truth(common, "ошибк", "deploy")
    assert len(wanted) == 3
    read = texts_read(monkeypatch, lambda: matching.select_matching(common, "ошибк deploy"))
    assert matching.select_matching(common, "ошибк deploy") == wanted
    assert read <= 2 * 3  # the texts of the 3 memories holding both, not of the 6,000 holding the word


@pytest.fixture(scope="module")
def past_caps(tmp_path_factory):
    """58,500 memories, inserted as rows (the writer's filters would take a minute): 52,000
    hold `ошибкаN` (past the 50,000 trigram candidates over which the substring used to be
    checked in the text of every word match), 6,500 the word `deploy` (past the 5,000-id
    chunk, the 500-hit ranking pool and WORDS_CHECKED_BELOW), 3 both; every third of
    the rest holds the word `step` too (13k: past a window of ids and a chunk)."""
    conn = db.connect(str(tmp_path_factory.mktemp("past_caps") / "memory.db"))
    rows = []
    for n in range(58_500):
        content = f"deploy the build {n}" if n % 9 == 0 else f"ошибка{n}" + (" step" if n % 3 == 0 else "")
        if n in (20, 30_001, 58_001):
            content = f"deploy: ошибка{n} в сборке"
        rows.append((f"s{n % 30}", "command", "/nonexistent/app", "app", content, "", 1, f"h{n}",
                     "2026-11-01 10:00:00", "test"))  # fmt: skip
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO memory(session_id, type, project, project_name, content, tags, importance,"
                     " content_hash, created_at, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)  # fmt: skip
    conn.execute("COMMIT")
    yield conn
    conn.close()


def test_a_substring_of_52k_candidates_beside_a_word_of_6k_reads_only_the_texts_holding_both(past_caps, monkeypatch):
    """`uccessfull code` at 1M: 82k memories hold the substring, 100k the word, none both;
    finding that out read the text of each memory holding `code` (0.3 s of CPU)."""
    wanted = truth(past_caps, "ошибк", "deploy")
    assert len(wanted) == 3 and len(truth(past_caps, "ошибк")) > 50_000 and len(truth(past_caps, "deploy")) > 6_000
    read = texts_read(monkeypatch, lambda: matching.select_matching(past_caps, "ошибк deploy"))
    assert matching.select_matching(past_caps, "ошибк deploy") == wanted
    assert [row["id"] for row in search(past_caps, "ошибк deploy", limit=10)] == wanted
    assert read <= 2 * 3  # text and tags of the 3 memories holding both, not of the 6,500 holding `deploy`
    plans = matching.plan_terms(past_caps, ["ошибк", "deploy"])
    assert [plan.route for plan in plans] == ["trigram", "words"] and plans[0].narrows


def test_a_substring_beside_a_word_they_often_share_lists_them_all_newest_first(past_caps):
    """13k memories hold both: the windows of ids and the chunks within them meet exactly."""
    wanted = truth(past_caps, "шибка", " step")
    assert len(wanted) > 2 * matching.CHUNK
    assert matching.select_matching(past_caps, "шибка step") == wanted
    assert matching.match_ids(past_caps, ["шибка", "step"], below=wanted[7000]) == wanted[7001:]
    page = [row["id"] for row in search(past_caps, "шибка step", limit=20)]
    assert len(page) == 20 and set(page) <= set(wanted)
    assert matching.plan_terms(past_caps, ["шибка", "step"])[0].narrows


@pytest.mark.parametrize("in_one", [30_000, 7])
@pytest.mark.parametrize("terms", [("шибка", "step"), ("ошибк", "deploy")])  # 13k hold both; 3, ids apart
def test_a_narrowed_querys_facts_are_a_plain_evaluations_weighed_once(past_caps, monkeypatch, in_one, terms):
    """The newest matches with their facts (bm25, importance, day) as ranking reads them:
    the same as the query evaluated plainly (no narrowing, one statement), past the windows
    of ids, the ranking pool and, at 7, the ids read back per statement; and bm25, which
    reads each word's whole doclist per statement, is in one statement (it was in each window)."""
    monkeypatch.setattr(matching, "FACTS_IN_ONE", in_one, raising=False)
    plans = matching.plan_terms(past_caps, list(terms))
    assert plans[0].narrows
    limit = 501
    weighed: list[str] = []
    past_caps.set_trace_callback(lambda sql: weighed.append(sql) if "bm25(" in sql else None)
    narrowed = matching.newest_with_facts(past_caps, plans, matching.Filters(), limit)
    past_caps.set_trace_callback(None)
    for plan in plans:
        plan.narrows = False
    plain = matching.newest_with_facts(past_caps, plans, matching.Filters(), limit)
    assert len(plain) in (limit, 3) and [tuple(row) for row in narrowed] == [tuple(row) for row in plain]
    assert len(weighed) == -(-len(plain) // in_one)


@pytest.fixture(scope="module")
def sparse(tmp_path_factory):
    """100,000 memories, inserted as rows: 80k hold the word `edit` (past every window of
    ids but the last, the 5,000-id chunk, the ranking pool); every 7th holds `immutable`
    (~10k: far fewer than `edit`, so each window's candidates are kept in a map of its
    ids) but none of ids 40,000-69,999 (whole windows without a candidate); every 31st
    holds `mmuta tabl`, all of its trigrams but not the substring; 9 in 10 hold `table`
    (the substring's trigrams `tab` and `abl` are common); `omega` is never beside it.
    Written years ago, so a score's recency no longer moves while the test runs."""
    conn = db.connect(str(tmp_path_factory.mktemp("sparse") / "memory.db"))
    rows = []
    for n in range(100_000):
        words = ["edit" if n % 5 else "view", "table" if n % 10 else "row", f"n{n}"]
        if n % 7 == 0 and not 40_000 <= n < 70_000:
            words.append(f"immutable{n}")
        elif n % 31 == 0:
            words.append("mmuta tabl")
        else:
            words.append("omega")
        rows.append((f"s{n % 30}", "command", "/nonexistent/app", "app", " ".join(words), "", 1 + n % 3,
                     f"h{n}", f"2020-11-{1 + n % 28:02d} 10:00:00", "test"))  # fmt: skip
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO memory(session_id, type, project, project_name, content, tags, importance,"
                     " content_hash, created_at, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)  # fmt: skip
    conn.execute("COMMIT")
    yield conn
    conn.close()


def _ranked_anew(conn, query: str, limit: int = 500) -> list[tuple[int, float]]:
    """The hits and scores of `query` ranked on a new connection (rankings are kept per
    connection)."""
    other = db.connect(conn.execute("PRAGMA database_list").fetchone()[2])
    try:
        return [(row["id"], row["score"]) for row in search(other, query, limit=limit)]
    finally:
        other.close()


def _statements(conn, run) -> list[str]:
    seen: list[str] = []
    conn.set_trace_callback(seen.append)
    try:
        run()
    finally:
        conn.set_trace_callback(None)
    return seen


@pytest.mark.parametrize("chunk", [matching.CHUNK, 700])
def test_a_map_of_each_windows_candidates_finds_what_the_list_of_them_found(sparse, monkeypatch, chunk):
    """A substring far rarer than its word (`mmutabl edit` at 1M: 12.4k and 331k memories)
    is tested against a map of each window's candidates instead of SQLite's list of them:
    the same memories in the same order, past every window, chunk and the ranking pool,
    and windows without a candidate read no word match."""
    terms = ["mmutabl", "edit"]
    wanted = truth(sparse, "mmutabl", "edit")
    assert len(wanted) > matching.CHUNK and len(truth(sparse, "edit")) > 4 * matching.FIRST_WINDOW

    def run() -> list[int]:
        return [i for ids in matching.iter_match_chunks(sparse, terms, matching.Filters(), chunk=chunk) for i in ids]

    statements = _statements(sparse, run)
    mapped = run()
    assert any("substr(" in s for s in statements) and not any(" IN (SELECT rowid FROM memory_trigrams" in s
                                                              for s in statements)  # fmt: skip
    word_reads = [s for s in statements if "memory_words MATCH" in s and "substr(" in s]
    below = [matching.match_ids(sparse, terms, below=wanted[n]) for n in (0, 777, 6000)]
    plans = matching.plan_terms(sparse, terms)
    facts = matching.newest_with_facts(sparse, plans, matching.Filters(), 501)
    page = [(row["id"], row["score"]) for row in search(sparse, "mmutabl edit", limit=500)]
    monkeypatch.setattr(matching, "WORD_MATCHES_PER_MAPPED_CANDIDATE", 10**9)  # as before: SQLite's list
    assert not any("substr(" in s for s in _statements(sparse, run))
    assert mapped == run() == wanted
    assert below == [matching.match_ids(sparse, terms, below=wanted[n]) for n in (0, 777, 6000)]
    assert below[1] == wanted[778:]
    plans = matching.plan_terms(sparse, terms)
    assert [tuple(r) for r in facts] == [tuple(r) for r in matching.newest_with_facts(sparse, plans, matching.Filters(), 501)]
    assert page == _ranked_anew(sparse, "mmutabl edit")
    assert len(word_reads) < len(statements)  # the windows of ids 40,000-69,999 read no word match


def test_a_substring_never_beside_a_word_finds_none_and_ranks_as_before(sparse, monkeypatch):
    assert truth(sparse, "mmutabl", "omega") == [] and matching.select_matching(sparse, "mmutabl omega") == []
    page = [(row["id"], row["score"]) for row in search(sparse, "mmutabl omega", limit=200)]
    monkeypatch.setattr(matching, "WORD_MATCHES_PER_MAPPED_CANDIDATE", 10**9)
    assert page and page == _ranked_anew(sparse, "mmutabl omega", limit=200)


def test_a_narrowing_substring_leaves_out_the_trigrams_most_memories_hold(sparse, monkeypatch):
    """`tab` and `abl` (9 in 10 memories hold `table`) narrow little and cost most of the
    trigrams' AND: the narrowing MATCH leaves them out, and finds the same memories."""
    pages = matching.trigram_pages(sparse, ["mmu", "tab", "abl"])
    assert pages["tab"] > 2 * pages["mmu"] and pages["abl"] > 2 * pages["mmu"]
    plans = matching.plan_terms(sparse, ["mmutabl", "edit"])
    narrowing = matching._narrowing(sparse, plans)
    assert '"mmu"' in narrowing and '"tab"' not in narrowing and '"abl"' not in narrowing
    dropped = matching.select_matching(sparse, "mmutabl edit")
    monkeypatch.setattr(matching, "COMMON_TRIGRAM_RATIO", 10**9)
    plans = matching.plan_terms(sparse, ["mmutabl", "edit"])
    assert '"tab"' in matching._narrowing(sparse, plans)
    assert dropped == matching.match_ids(sparse, ["mmutabl", "edit"], plans=plans) == truth(sparse, "mmutabl", "edit")
