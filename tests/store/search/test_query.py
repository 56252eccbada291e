"""One search is one `Query` value (terms, filters, sort), built once by its caller: the
page, the count and the next pages take it as it is, and the filters have one list of
names that every entry point accepts."""

import pytest

import store.search.query as query_module
from store.search import (
    FILTER_NAMES,
    Query,
    count_hits,
    first_page,
    search,
    search_page,
    search_summary,
)
from tests.store.conftest import add


@pytest.fixture
def stocked(conn):
    for i in range(30):
        add(conn, f"$ deploy api\nExit code 1\nerror {i}: timeout talking to the registry", type="error",
            session=f"s{i % 3}")  # fmt: skip
    add(conn, "the deploy of the api is slow, why?", type="prompt", session="s9")
    return conn


def test_a_page_its_count_and_the_next_pages_never_read_the_text_again(stocked, monkeypatch):
    asked = Query.of("why does the api deploy time out?", type="error")

    def parsed_again(text):
        raise AssertionError(f"{text!r} was turned into terms again")

    monkeypatch.setattr(query_module, "query_terms", parsed_again)
    rows, summary = first_page(stocked, asked, limit=10)
    start, more, again = search_page(stocked, asked, after_id=rows[-1]["id"], limit=10)
    assert len(rows) == 10 and start == 10 and len(more) == 10
    assert search_summary(stocked, asked)["total"] == count_hits(stocked, asked) == again["total"] == 30
    assert [h["id"] for h in search(stocked, asked, limit=20)] == [h["id"] for h in rows + more]


def test_a_query_gives_what_its_text_and_filters_give(stocked):
    for text, filters in (("deploy", {}), ("deploy timeout", {"type": "error", "session": ["s1", "s2"]}),
                          ("", {"type": "prompt"}), ("((", {}), ("api", {"sort": "date"})):  # fmt: skip
        asked = Query.of(text, **filters)
        assert [h["id"] for h in search(stocked, asked, limit=50)] == [
            h["id"] for h in search(stocked, text, limit=50, **filters)
        ]
        assert count_hits(stocked, asked) == count_hits(stocked, text, **filters)


@pytest.mark.parametrize("name", FILTER_NAMES)
def test_every_filter_name_is_taken_by_every_entry_point(stocked, name):
    value = 2 if name == "min_importance" else "2000-01-01T00:00:00Z" if name in ("since", "until") else "none"
    for call in (lambda: search(stocked, "deploy", **{name: value}),
                 lambda: search_summary(stocked, "deploy", **{name: value}),
                 lambda: count_hits(stocked, "deploy", **{name: value}),
                 lambda: first_page(stocked, "deploy", limit=5, **{name: value}),
                 lambda: search_page(stocked, "deploy", limit=5, **{name: value}),
                 lambda: Query.of("deploy", **{name: value})):  # fmt: skip
        call()


def test_a_name_that_is_no_filter_is_refused_by_name(stocked):
    with pytest.raises(TypeError, match="'projekt' is not a search filter"):
        search(stocked, "deploy", projekt="/x")
    with pytest.raises(TypeError, match="carries its filters"):
        search(stocked, Query.of("deploy"), type="error")
