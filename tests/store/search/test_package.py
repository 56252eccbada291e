"""`store.search` is the one door to search: every public name resolves, and what the hook
imports of it (terms and matching) never loads the ranking (dataclasses, weak caches)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import store.search

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("name", store.search.__all__)
def test_every_public_name_resolves(name):
    assert getattr(store.search, name) is not None


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'ranking_cache'"):
        store.search.ranking_cache  # noqa: B018


def test_the_hooks_terms_and_matching_leave_ranking_unloaded():
    code = ("import sys, json\nfrom store.search import query_terms, fts_quote, MAX_QUERY_CHARS\n"
            "from store.search.match import select_matching\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('store') or m == 'dataclasses')))")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = json.loads(out.stdout)
    assert "store.search.terms" in loaded and "store.search.match" in loaded
    assert not {"store.search.rank", "store.search.paging", "dataclasses"} & set(loaded)
