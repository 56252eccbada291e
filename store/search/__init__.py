"""The one search, for every caller (hook, CLI, app, importer, team): the public names.

    terms.py        what a person typed, as terms; folding; fts_quote; Filters, FILTER_NAMES
    query.py        Query: one search (terms, filters, sort), built once by its caller
    match.py        which memories match every term: complete, unranked (forget selects here)
    short_terms.py  1-2 character terms of scripts written without spaces
    rank.py         ranking, pages, counts and snippets
    question.py     a question's content words, its time, whether a prompt asks
    korean_english.py  the English words a Korean word of a question stands for
    korean_terms.py    data: Korean words of software work and their English (two glossaries, memlane's own)
    paging.py       the Search pane's first page without waiting for a count
    per_connection.py  results kept per connection until the database changes

Callers import from `store.search`, never a module's constants.  The names are
loaded when first asked for (PEP 562), so the hook, which needs only `terms` and
`match`, never pays for ranking.
"""

from __future__ import annotations

from store.faces import lazy_face

_HOMES = {
    "terms": ("FILTER_NAMES", "MAX_QUERY_CHARS", "MAX_TERMS", "TOKEN", "Filters", "fold", "fts_quote",
              "has_case", "query_terms", "unspaced"),
    "query": ("Query",),
    "match": ("iter_match_chunks", "match_ids", "plan_term", "select_matching"),
    "rank": ("CANDIDATES_PER_TERM", "HIGHLIGHT", "MAX_LIMIT", "RANK_POOL", "SNIPPET_LEAD", "count_hits",
             "make_snippet", "search", "search_page", "search_summary", "sorted_ranking",
             "term_frequency"),
    "paging": ("first_page",),
    "question": ("is_question",),
    "short_terms": ("backfill", "pending_below"),
    "recall": ("POSTINGS_CAP", "QUESTION_TYPES", "known_words", "matching_ids", "memory_count",
               "memory_keys", "task_facts", "task_memories", "turn_prompts", "word_match"),
}  # fmt: skip
__getattr__, __dir__, __all__ = lazy_face(__name__, _HOMES)
