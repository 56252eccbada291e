"""One or two CJK / Hangul / kana characters (`버그`, `错`) on the server: found through the
grams index (not by reading every row), completely, and only where they occur."""

import os
import re

import pytest

from store.search import unspaced
from team import cache, server
from team.search import _plan, search_server
from team.server_migrate import UNSPACED_CLASS
from tests.team.conftest import Machine, TeamServer

# One worker runs this module's tests (tests/conftest.py), so that the shared corpus on the team
# server is built once, not once on each worker its tests reach.
pytestmark = pytest.mark.xdist_group("team-search-short-terms")

RARE = 37  # memories holding each rare short term, among FILLER others
FILLER = 3000  # past RANK_POOL (400) and the 2,000-row push batch


@pytest.fixture(scope="module")
def shared(pg_server, tmp_path_factory):
    team = TeamServer(pg_server, f"short_{os.getpid()}")
    folder = tmp_path_factory.mktemp("short")
    dana, lee = (Machine(folder / n, team.url(n), n) for n in ("dana", "lee"))
    texts = [f"routine build step {i} 로그 출력 정상 completed" for i in range(FILLER)]
    texts += [f"결제 모듈 버그 재현 {i}" for i in range(RARE)]
    texts += [f"数据库连接错误 retry {i}" for i in range(RARE)]
    texts += [f"ログイン画面 {i}" for i in range(RARE)]
    texts += ["버 그 (apart: not the word)", "错 alone", "mixed a버그b inside ASCII"]
    dana.remember(texts)
    dana.sync()
    return dana, lee, team


def _hits(lee, query, limit=500):
    pg = server.connect(lee.settings["url"])
    try:
        return search_server(pg, query, origin=cache.origin(lee.local), limit=limit)
    finally:
        pg.close()


@pytest.mark.parametrize(("query", "expected"), [
    ("버그", {f"결제 모듈 버그 재현 {i}" for i in range(RARE)} | {"mixed a버그b inside ASCII"}),
    ("错", {f"数据库连接错误 retry {i}" for i in range(RARE)} | {"错 alone"}),
    ("ロ", {f"ログイン画面 {i}" for i in range(RARE)}),
    ("버그 재현", {f"결제 모듈 버그 재현 {i}" for i in range(RARE)}),
])  # fmt: skip
def test_a_short_term_finds_every_memory_holding_it_and_no_other(shared, query, expected):
    _dana, lee, _team = shared
    assert {h["content"] for h in _hits(lee, query)} == expected


def test_a_short_term_is_looked_up_in_the_grams_index_not_read_from_every_row(shared):
    _dana, lee, team = shared
    pg = server.connect(lee.settings["url"])
    try:
        plan = _plan(pg, "버그", 10**9)
        pg.execute("SET enable_seqscan = off")  # a tiny table: show that the index can answer at all
        explain = "\n".join(r[0] for r in pg.execute(f"EXPLAIN SELECT id FROM team_memory WHERE {plan.sql}",
                                                     plan.params))  # fmt: skip
    finally:
        pg.close()
    assert "team_memory_unspaced" in explain


def test_the_servers_script_class_is_the_stores_unspaced_rule():
    pattern = re.compile(f"[{UNSPACED_CLASS}]")
    for code in [*range(0x0E00 - 64, 0xFFFF + 1), *range(0x1FFF0, 0x20010), *range(0x3FFF0, 0x40010)]:
        ch = chr(code)
        if 0xD800 <= code <= 0xDFFF:
            continue
        assert bool(pattern.fullmatch(ch)) == unspaced(ch), hex(code)


def test_a_server_at_schema_1_is_refused_until_init_then_finds_short_terms(pg_server, tmp_path, monkeypatch):
    from team import server_migrate

    team = TeamServer.__new__(TeamServer)
    team.pg, team.name = pg_server, f"v1_{os.getpid()}"
    team.admin_url = pg_server.create_database(team.name)
    monkeypatch.setattr(server_migrate, "SERVER_SCHEMA_VERSION", 1)
    assert server_migrate.upgrade(team.admin_url) == (0, 1)
    monkeypatch.undo()
    dana = Machine(tmp_path / "dana", team.url("dana"), "dana")
    dana.remember(["결제 버그 재현", "unrelated"])
    with pytest.raises(server.TeamError, match="has memlane schema 1; this memlane knows 2: an admin runs"):
        server.connect(team.url("dana"))
    assert server_migrate.upgrade(team.admin_url) == (1, 2)
    dana.sync()
    lee = Machine(tmp_path / "lee", team.url("lee"), "lee")
    assert [h["content"] for h in _hits(lee, "버그")] == ["결제 버그 재현"]


@pytest.mark.parametrize("query", ["버그", "routine", "build step 12", "错 retry", "로그 completed", "ロ", "outine", "nothing"])
@pytest.mark.parametrize("probe, budget", [(5, 60), (5, 10**9), (1, 0)])  # both ways, rows only, indexes only
def test_the_way_matches_are_read_changes_no_result(shared, monkeypatch, query, probe, budget):
    """Matches are read from the newest rows, tested directly, then through the indexes window
    by window: with narrow windows (hundreds here, past RANK_POOL) and either way alone, a
    query returns exactly what one pass over everything returns."""
    from team import search as team_search

    _dana, lee, _team = shared
    monkeypatch.setattr(team_search, "SCAN_BUDGET", 0)
    monkeypatch.setattr(team_search, "FIRST_WINDOW", 10**9)
    whole = [(h["id"], round(h["score"], 4)) for h in _hits(lee, query, limit=500)]
    for name, value in (("PROBE", probe), ("SCAN_BUDGET", budget), ("FIRST_WINDOW", 7), ("WINDOW_GROWTH", 2)):
        monkeypatch.setattr(team_search, name, value)
    assert [(h["id"], round(h["score"], 4)) for h in _hits(lee, query, limit=500)] == whole
    assert bool(whole) == (query != "nothing")
