"""The Search pane's first page, without waiting for the exact count of a common word.

`store.search.search_page` answers a page with its summary, and the summary's
total is the length of the whole ranking: for a word with 50k matches that means
reading every match (~100-300 ms at 100k memories) before the first hit can be
shown.  The first page needs only the ranked head, so it comes back at once; the
count is known then too when every match is in the head, and otherwise is taken
apart (`store.search.search_summary`, the same ranking, so it equals what paging
delivers).  No textual here: plain functions over `store/`.
"""

from __future__ import annotations

import sqlite3

from store.search.query import Query, as_query
from store.search.rank import search, sorted_ranking


def first_page(conn: sqlite3.Connection, query: Query | object, *, limit: int,
               **filters) -> tuple[list[dict], dict]:  # fmt: skip
    """The first `limit` hits for `query` (a Query, or the text and the filters by name),
    and what `search_summary` says of them, with `total` -1 when counting would cost
    more than the page (count apart with `search_summary`; `ranked` and `all_terms` are
    already right)."""
    query = as_query(query, filters)
    rows = search(conn, query, offset=0, limit=limit)
    if not query.terms:
        if query.unspelled:
            return rows, {"total": 0, "ranked": 0, "all_terms": True}  # only punctuation
        return rows, {"total": -1, "ranked": 0, "all_terms": True}  # the newest: a count of every row
    order = sorted_ranking(conn, query)
    # More matches than the ranked head: counting reads them all.
    total = -1 if order.rest is not None else len(order.ids)
    return rows, {"total": total, "ranked": order.ranked, "all_terms": order.all_terms}
