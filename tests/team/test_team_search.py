"""The server answers a query as the local store does: same terms, routing, safety, ranking."""

import os

import pytest

from store.search import search
from team import cache, server
from team.search import search_server, search_team
from tests.team.conftest import Machine, TeamServer

CORPUS = [
    "pytest fixture leaks the postgres connection in conftest",
    "Fixed the failing login test: the session cookie expired",
    "edit config.json to raise the rate-limit for user_id lookups",
    "café menu endpoint returns 500 when the price is null",
    "인증에서 토큰이 만료되어 로그인 실패",
    "디버그 로그를 켜고 버그를 재현했다",
    "npm ERR! peer dependency conflict with react@18",
    "the deploy script uses rsync over ssh to the staging host",
    "SELECT * FROM users WHERE name LIKE '%bob%' was slow",
    "refactored PaymentService.charge() into smaller functions",
]
QUERIES = ["fixture", "postgres connection", "failed login", "config.json", "user_id", "rate-limit",
           "cafe", "café", "인증", "버그", "ession", "react@18", "rsync staging", "paymentservice",
           "charge", "'%bob%'", "LIKE", "nothing matches this", "login OR deploy", 'fixture" AND "x',
           "conn*", "NEAR(a b)", "\\", "'", ":*", "a & b | !c", "tok:*"]  # fmt: skip


@pytest.fixture(scope="module")
def shared(pg_server, tmp_path_factory):
    """Built once for the module: dana shared CORPUS, lee reads it (tests only read)."""
    team = TeamServer(pg_server, f"search_{os.getpid()}")
    folder = tmp_path_factory.mktemp("search")
    dana, lee = (Machine(folder / n, team.url(n), n) for n in ("dana", "lee"))
    dana.remember(CORPUS)
    dana.sync()
    return dana, lee


def _server_hits(lee, query, **kw):
    pg = server.connect(lee.settings["url"])
    try:
        return search_server(pg, query, origin=cache.origin(lee.local), **kw)
    finally:
        pg.close()


@pytest.mark.parametrize("query", QUERIES)
def test_the_server_finds_what_the_authors_local_search_finds(shared, query):
    dana, lee = shared
    local = [h["content"] for h in search(dana.local, query, limit=50)]
    remote = [h["content"] for h in _server_hits(lee, query, limit=50)]
    assert sorted(remote) == sorted(local)


def test_results_come_with_author_snippet_and_ranking(shared):
    _dana, lee = shared
    hits = _server_hits(lee, "login session", marks=("[", "]"))
    assert hits[0]["content"].startswith("Fixed the failing login test")
    assert hits[0]["author"] == "dana" and hits[0]["matched_terms"] == 2
    assert "[login]" in hits[0]["snippet"] and "[session]" in hits[0]["snippet"]
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)


def test_own_rows_are_left_out_of_the_server_answer(shared):
    dana, _lee = shared
    assert _server_hits(dana, "fixture") == []


def test_search_team_merges_local_and_team_and_falls_back_to_the_cache_offline(machines):
    dana, lee = machines
    dana.remember(CORPUS)
    dana.sync()
    lee.remember(["lee wrote about the fixture teardown order"])
    lee.sync()
    hits, note = search_team(lee.local, lee.team, lee.settings, "fixture")
    assert note is None
    assert {(h["author"], h["content"][:20]) for h in hits} == {
        ("", "lee wrote about the "), ("dana", "pytest fixture leaks")}
    lee.settings["url"] = "postgresql://lee@127.0.0.1:1/nowhere"
    hits, note = search_team(lee.local, lee.team, lee.settings, "fixture")
    assert note.startswith("the team server postgresql://127.0.0.1:1/nowhere cannot be reached")
    assert {h["author"] for h in hits} == {"", "dana"}


def test_past_the_candidate_cap_the_newest_matches_rank(machines):
    dana, lee = machines
    dana.remember([f"flaky retry number {i}" for i in range(900)])
    dana.sync(batch=500)
    hits = _server_hits(lee, "flaky retry", limit=30)
    assert len(hits) == 30
    assert hits[0]["content"] == "flaky retry number 899"
