"""One search as its caller asks it: the terms (parsed once), the filters, the order.

A caller (the CLI, the app's Search pane, the MCP tool) builds one `Query` from what a
person typed and hands the same value to the page, the count and the next pages; none
of them reads the text again.  `Query.of` is where text becomes terms and where the
filters are named (`store.search.terms.FILTER_NAMES`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from store.search.question import is_question
from store.search.terms import Filters, query_terms

SORTS = ("relevance", "date")


@dataclass(frozen=True)
class Query:
    """`terms`: the searchable terms (none: the newest memories the filters let through);
    `filters`; `sort` "relevance" or "date" (the same hits, newest first); `question`:
    the text asks in a sentence (`store.search.question.is_question`), so ranking may
    widen to some of its words; `text`: what was typed, for what a caller shows."""

    terms: tuple[str, ...] = ()
    filters: Filters = field(default_factory=Filters)
    sort: str = "relevance"
    question: bool = False
    text: str = ""

    @classmethod
    def of(cls, text: object = "", *, sort: str | None = None, **filters: object) -> Query:
        """The query for what was typed and the filters (FILTER_NAMES, by name); anything
        typed is accepted (a non-string searches nothing: the newest, filtered)."""
        typed = text if isinstance(text, str) else ""
        return cls(tuple(query_terms(typed)), Filters(**filters), "date" if sort == "date" else "relevance",
                   is_question(typed), typed)  # fmt: skip

    @property
    def unspelled(self) -> bool:
        """Something was typed but none of it is searchable (only punctuation): no memory
        is spelled that way, so nothing matches (never everything)."""
        return not self.terms and bool(self.text.strip())

    @property
    def key(self) -> tuple:
        """What decides the order of the hits (`sort` only reorders them)."""
        return (self.terms, self.filters.key, self.question)

    def sorted_by(self, sort: str) -> Query:
        return replace(self, sort="date" if sort == "date" else "relevance")


def as_query(query: object, filters: dict) -> Query:
    """`query` as a Query: a Query as it is (then `filters` must be empty: they are in it),
    else built from the text and the filters by name (`sort` among them)."""
    if isinstance(query, Query):
        if filters:
            raise TypeError(f"a Query carries its filters; {sorted(filters)[0]!r} was given beside it")
        return query
    return Query.of(query, **filters)
