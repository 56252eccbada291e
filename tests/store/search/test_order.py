"""store.search with sort="date": the same hits as by relevance, newest first."""

from __future__ import annotations

from store.writing import writer
from tests.store.conftest import ts


def test_search_by_date_returns_the_same_hits_newest_first(conn):
    from store.search import count_hits, search

    for i in range(30):
        writer.add_memory(conn, {"session_id": f"d{i}", "type": "command", "created_at": ts(30 - i),
                                 "content": f"deploy step {i}" + (" deploy deploy" if i == 3 else "")})  # fmt: skip
    by_relevance = search(conn, "deploy", limit=50)
    by_date = search(conn, "deploy", limit=50, sort="date")
    assert {h["id"] for h in by_date} == {h["id"] for h in by_relevance}
    assert [h["id"] for h in by_date] == sorted((h["id"] for h in by_date), reverse=True)
    assert count_hits(conn, "deploy", sort="date") == len(by_date) == 30
