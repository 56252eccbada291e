"""The one search: safe for anything typed, literal where it must be, ranked as a person expects."""

import pytest

from store.search import query_terms, search
from store.search import rank as search_mod
from store.search.terms import MAX_TERMS
from tests.store.conftest import add, ts


def ids(hits):
    return [h["id"] for h in hits]


HOSTILE = [
    '"', '"unbalanced', "a AND", "OR", "NOT x", "NEAR(a b)", "NEAR(", "content:secret", "col:term",
    "*", "a*", "^start", "-x", "'; DROP TABLE memory; --", "😀", "🔥 fire", "\x00", "a\x00b",
    "x" * 10_000, "", "   ", "(", ")", "{}", "[]", "\\", "%", "_", "%_%", "'", "''", "\u202e", "\u200b",
    "AND OR NOT", "a:b:c", "+", "c++ OR", "\ud800",
]  # fmt: skip


@pytest.mark.parametrize("query", HOSTILE)
def test_anything_typed_is_safe(conn, query):
    add(conn, "ordinary text about the deploy script")
    hits = search(conn, query)
    assert isinstance(hits, list)
    assert conn.execute("SELECT count(*) FROM memory").fetchone()[0] == 1  # nothing dropped


@pytest.mark.parametrize(
    "needle",
    ["v0.13.0b2", "config.json", "rate-limit", "user_id", "C++", "user@example.com"],
)
def test_punctuated_terms_find_text_that_contains_them(conn, needle):
    target = add(conn, f"we changed {needle} in the release notes")
    add(conn, "nothing relevant: version zero, configuration, rate limit, user, c, example")
    assert ids(search(conn, needle)) == [target]


def test_fts_syntax_is_searched_as_literal_words(conn):
    target = add(conn, "the NEAR miss happened AND nobody noticed")
    assert ids(search(conn, "NEAR AND")) == [target]
    assert ids(search(conn, '"nobody noticed')) == [target]
    sql = add(conn, "someone typed '; DROP TABLE memory; -- into the form")
    assert sql in ids(search(conn, "'; DROP TABLE memory; --"))


def test_emoji_are_literal_terms(conn):
    target = add(conn, "deploy finished 🚀 at noon")
    add(conn, "deploy finished at night")
    assert ids(search(conn, "🚀")) == [target]


def test_korean_short_terms_go_through_like_and_find_words_with_particles(conn):
    bug = add(conn, "로그인 버그를 고쳤습니다")
    debug = add(conn, "디버그 모드를 켰다")
    auth = add(conn, "인증 토큰 갱신")
    add(conn, "전혀 관계없는 내용")
    assert set(ids(search(conn, "버그"))) == {bug, debug}
    assert ids(search(conn, "인증")) == [auth]


def test_korean_particles_in_the_query_do_not_have_to_match(conn):
    target = add(conn, "인증 모듈 오류 수정")
    assert ids(search(conn, "인증에서 오류가")) == [target]


def test_trigram_finds_substrings_the_word_index_misses(conn):
    target = add(conn, "loaded the configuration from settings")
    assert ids(search(conn, "onfigur")) == [target]
    assert ids(search(conn, "데이터베이스")) == []
    kor = add(conn, "데이터베이스를 마이그레이션했다")
    assert ids(search(conn, "데이터베이스")) == [kor]
    assert ids(search(conn, "마이그레이")) == [kor]


def test_words_are_stemmed(conn):
    target = add(conn, "the tests were failing after the upgrade")
    assert ids(search(conn, "failed test")) == [target]


def test_all_terms_must_match_when_some_memory_has_them_all(conn):
    both = add(conn, "the docker build is slow")
    add(conn, "docker compose up")
    add(conn, "the build passed")
    assert ids(search(conn, "docker build")) == [both]


def test_plain_language_question_finds_most_terms_when_none_has_all(conn):
    target = add(conn, "fixed the session token expiry in the login handler")
    add(conn, "updated the README")
    hits = search(conn, "how do I fix the login token when the session expires in production?")
    assert ids(hits) == [target]
    assert hits[0]["matched_terms"] < hits[0]["total_terms"]


def test_stop_words_alone_are_still_searched(conn):
    target = add(conn, "to be or not to be")
    assert ids(search(conn, "to be")) == [target]


def test_errors_outrank_routine_observations_that_match_as_well(conn):
    routine = add(conn, "npm test ran the payment suite", type="command", importance=1)
    error = add(conn, "npm test failed in the payment suite", type="error", importance=3)
    assert ids(search(conn, "payment suite")) == [error, routine]


def test_last_week_beats_last_year(conn):
    old = add(conn, "rotated the redis password", days_ago=365)
    new = add(conn, "rotated the redis password", days_ago=7, session="s2")
    assert ids(search(conn, "redis password")) == [new, old]


def test_filters(conn):
    a = add(conn, "cache warmup", session="a", type="command", tool_name="Bash", importance=1)
    b = add(conn, "cache warmup failed", session="b", type="error", tool_name="Bash", importance=3)
    c = add(conn, "cache warmup edit", session="b", type="file_edit", tool_name="Edit", days_ago=10)
    assert set(ids(search(conn, "cache", session="b"))) == {b, c}
    assert ids(search(conn, "cache", type="error")) == [b]
    assert set(ids(search(conn, "cache", type=["command", "file_edit"]))) == {a, c}
    assert ids(search(conn, "cache", tool="Edit")) == [c]
    assert ids(search(conn, "cache", min_importance=3)) == [b]
    assert set(ids(search(conn, "cache", since=ts(1)))) == {a, b}
    assert ids(search(conn, "cache", until=ts(1))) == [c]
    assert set(ids(search(conn, "cache", exclude_session="b"))) == {a}


def test_project_filter_uses_the_git_top_level(conn, tmp_path):
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "src").mkdir()
    inside = add(conn, "refactor the parser", cwd=str(repo / "src"))
    add(conn, "refactor the parser elsewhere", cwd=str(tmp_path), session="s2")
    assert ids(search(conn, "parser", project=str(repo))) == [inside]


def test_no_query_means_filters_only_newest_first(conn):
    first = add(conn, "one", days_ago=2)
    second = add(conn, "two", days_ago=1)
    third = add(conn, "three", type="error", importance=3)
    assert ids(search(conn, "")) == [third, second, first]
    assert ids(search(conn, None, type="error")) == [third]


def test_pages_do_not_overlap_and_cover_everything(conn):
    made = {add(conn, f"deploy number {i} finished", session=f"s{i}") for i in range(45)}
    seen = []
    for page in range(5):
        seen += ids(search(conn, "deploy", limit=10, offset=page * 10))
    assert len(seen) == len(set(seen)) == 45
    assert set(seen) == made


def test_snippet_highlights_the_match(conn):
    add(conn, "a long preamble " * 20 + "then the important webhook retry logic " + "tail " * 40)
    hit = search(conn, "webhook", marks=("[", "]"))[0]
    assert "[webhook]" in hit["snippet"]
    assert hit["snippet"].startswith("…") and len(hit["snippet"]) < 200


def test_edits_and_deletes_change_results_at_once(conn):
    target = add(conn, "the flamingo parser is broken")
    assert ids(search(conn, "flamingo")) == [target]
    conn.execute("UPDATE memory SET content = 'the heron parser is broken' WHERE id = ?", (target,))
    assert ids(search(conn, "flamingo")) == []
    assert ids(search(conn, "heron")) == [target]
    assert ids(search(conn, "ero")) == [target]  # 3+ characters: substrings count
    assert ids(search(conn, "heron pars")) == [target]
    conn.execute("DELETE FROM memory WHERE id = ?", (target,))
    assert ids(search(conn, "heron")) == []
    assert ids(search(conn, "eron")) == []


def test_a_common_term_ranks_a_bounded_number_of_candidates(conn, monkeypatch):
    monkeypatch.setattr(search_mod, "CANDIDATES_PER_TERM", 5)
    for i in range(30):
        add(conn, f"build step {i}", session=f"s{i}")
    hits = search(conn, "build", limit=3)
    assert len(hits) == 3
    assert all(h["content"].startswith("build step 2") for h in hits)  # the newest


def test_count_hits_finds_the_last_page_even_past_the_candidate_bound(conn, monkeypatch):
    monkeypatch.setattr(search_mod, "CANDIDATES_PER_TERM", 5)  # deep pages rank more candidates
    for i in range(30):  # the oldest four matter most: they rank first once they are candidates
        add(conn, f"build step {i}", session=f"s{i}", importance=3 if i < 4 else 1)
    add(conn, "unrelated note")
    total = search_mod.count_hits(conn, "build")
    assert total == 30
    last = search(conn, "build", limit=4, offset=total - 4)
    assert len(last) == 4 and search(conn, "build", limit=4, offset=total) == []
    everything = ids(search(conn, "build", limit=50))
    assert ids(last) == everything[-4:]
    # Paging back up from there: the pages above rank as deep as the last one did.
    assert ids(search(conn, "build", limit=4, offset=total - 8, depth=total)) == everything[-8:-4]
    assert search_mod.count_hits(conn, "") == 31  # no query: every memory the filters let through
    assert search_mod.count_hits(conn, "", type="error") == 0
    assert search_mod.count_hits(conn, "(") == search_mod.count_hits(conn, "zebra") == 0


def test_query_terms_cleaning():
    assert query_terms("How do I fix the Login?") == ["fix", "login"]
    assert query_terms('"quoted" (paren) [x]') == ["quoted", "paren", "x"]
    assert query_terms("버그를 인증에서") == ["버그", "인증"]
    assert query_terms(12) == []
    assert len(query_terms(" ".join(f"w{i}" for i in range(100)))) == MAX_TERMS


def test_a_common_pair_is_counted_by_the_index_without_listing_its_matches(conn, monkeypatch):
    from store.search import count_hits, search_page, select_matching
    from store.writing import writer

    def memory(content: str, session: str) -> dict:
        return {"session_id": session, "type": "command", "content": content, "cwd": "/nonexistent/app"}

    # past the ranked head (RANK_POOL): the older 700 are counted
    writer.add_memories(conn, [memory(f"deploy api step {i}", "web" if i % 3 else "app")
                               for i in range(1200)] + [memory(f"deploy only, step {i}", "app")
                                                        for i in range(300)])  # fmt: skip
    assert search_mod.RANK_POOL < 1200
    listed = []
    real = search_mod.match_ids
    monkeypatch.setattr(search_mod, "match_ids", lambda *a, **k: listed.append(1) or real(*a, **k))
    assert count_hits(conn, "deploy api") == 1200 == len(select_matching(conn, "deploy api"))
    assert listed == []  # the index counted the older 700; their ids were not listed
    start, last_page, summary = search_page(conn, "deploy api", offset=None, limit=20)
    assert summary["total"] == 1200 and start == 1180 and len(last_page) == 20
    # a filter reads the memory row: those are listed to count them, and agree
    assert count_hits(conn, "deploy api", session="web") == 800 == len(select_matching(conn, "deploy api", session="web"))
