"""A team cache pulled before schema 4 gets its short-term index filled when a team command opens it."""

from store.search import match as matching
from store.search import short_terms
from team import cache
from tests.store.search.test_short_terms import add, expected_tails, tails, truth, v3


def test_a_cache_from_before_schema_4_is_backfilled_when_opened_for_writing(tmp_path):
    path = str(tmp_path / "team.db")
    conn = cache.open_cache(path)
    ids = [add(conn, f"팀원 {i} 배포 버그") for i in range(300)]
    conn.close()
    v3(path)

    opened = cache.open_cache(path)
    assert short_terms.pending_below(opened) is None
    assert tails(opened) == expected_tails(opened) != set()
    assert matching.select_matching(opened, "버그") == truth(opened, "버그") == ids[::-1]
    opened.close()
