"""Reading a substring's matches window by window through the trigram index rechecks only
that window's rows.  A substring whose trigrams are common (`omponent`: omp mpo pon one nen
ent, all in `compose the exponent`) looked rare to the planner, which then filtered the id
window after rechecking every candidate of the whole table, in every window (4 s at 1M).
The table is made large enough (80,000 rows, written server-side) for that plan to appear."""

import json
import os

import psycopg
import pytest

from team import search as team_search
from team import server
from tests.team.conftest import TeamServer

# One worker runs this module's tests (tests/conftest.py), so that the team server's 80,000 rows
# are built once, not once on each worker its tests reach.
pytestmark = pytest.mark.xdist_group("team-search-windows")

ROWS = 80_000
MATCH_EVERY = 200  # `the component N renders`: 0.5%, too few for the planner's histogram to see
LOOKALIKE_EVERY = 10  # `compose the exponent N`: every trigram of `omponent`, not it
WINDOW = 5_000  # ids in the window read: fewer than the table's 8,400 trigram candidates
READER = "reader-machine"  # the searching machine's origin (no row is its own)


@pytest.fixture(scope="module")
def team(pg_server):
    team = TeamServer(pg_server, f"windows_{os.getpid()}")
    with psycopg.connect(team.admin_url, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO team_memory (owner, author, origin, local_id, session_id, tool_name, type, project,"
            " project_name, content, tags, importance, created_at)"
            " SELECT 'dana', 'dana', 'dana-machine', i, 's-1', 'Bash', 'command', '/work/shop-api', 'shop-api',"
            "  CASE WHEN i %% %s = 0 THEN 'the component ' || i || ' renders'"
            "       WHEN i %% %s = 1 THEN 'compose the exponent ' || i ELSE 'routine build step ' || i END,"
            "  '', 1, '2026-01-01T00:00:00.000000Z'"
            " FROM generate_series(1, %s) AS i",
            (MATCH_EVERY, LOOKALIKE_EVERY, ROWS),
        )
        conn.execute("ANALYZE team_memory")  # the planner sees the table as autovacuum would show it
    return team


def _matching(ids) -> list[str]:
    return [f"the component {i} renders" for i in ids if i % MATCH_EVERY == 0]


def _heap_rows_read(team, term: str, low: int, high: int) -> tuple[int, dict]:
    """Rows the index-window query for `term` fetched from the table (kept or not), and its plan."""
    pg = server.connect(team.url("lee"))
    try:
        with pg.transaction():
            top = team_search._newest_id(pg)
            plans = [team_search._plan(pg, term, top)]
            team_search._set(pg, team_search.THROUGH_INDEXES)
            sql, values = team_search._window_query(plans, team_search._Filters(READER, None, None, None),
                                                    500, low, high, direct=False)  # fmt: skip
            plan = pg.execute(f"EXPLAIN (ANALYZE, FORMAT JSON) {sql}", values, prepare=False).fetchone()[0]
    finally:
        pg.close()
    plan = (plan if isinstance(plan, list) else json.loads(plan))[0]["Plan"]
    scans, todo = [], [plan]
    while todo:
        node = todo.pop()
        scans += [node] if node["Node Type"] in ("Bitmap Heap Scan", "Index Scan", "Seq Scan") else []
        todo += node.get("Plans", [])
    read = sum(n["Actual Rows"] + n.get("Rows Removed by Index Recheck", 0) + n.get("Rows Removed by Filter", 0)
               for n in scans)  # fmt: skip
    return read, plan


def test_a_common_substring_is_rechecked_only_inside_the_window(team):
    read, plan = _heap_rows_read(team, "omponent", ROWS - WINDOW, ROWS)
    assert read <= WINDOW, json.dumps(plan, indent=1)


def _search(team, query: str, limit: int) -> list[str]:
    pg = server.connect(team.url("lee"))
    try:
        return [h["content"] for h in team_search.search_server(pg, query, origin=READER, limit=limit)]
    finally:
        pg.close()


def test_the_index_windows_find_every_match_of_the_substring(team, monkeypatch):
    monkeypatch.setattr(team_search, "SCAN_BUDGET", 0)  # the index windows only, from the first
    monkeypatch.setattr(team_search, "FIRST_WINDOW", WINDOW)
    assert sorted(_search(team, "omponent", 500)) == sorted(_matching(range(1, ROWS + 1)))


def test_the_newest_matches_of_a_common_substring_come_first(team):
    hits = _search(team, "omponent", 20)  # equal scores: the newest first
    assert hits == _matching(range(ROWS, 0, -1))[:20]
