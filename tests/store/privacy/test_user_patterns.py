"""A person's regular expression is counted in a helper process that gives up after a time limit."""

import pytest

from store.privacy.user_patterns import PatternRefused, count_in_time
from tests.timing import finishes


def test_counts_what_a_redaction_would_replace():
    assert count_in_time(r"\d+", "a1 b22 c") == 2
    assert count_in_time("x", "no match here") == 0
    assert count_in_time("é", "café é " + "\ud800") == 2  # any text survives the trip


def test_an_invalid_pattern_is_refused_with_one_sentence():
    with pytest.raises(PatternRefused, match=r"^Not a valid regular expression: missing \)"):
        count_in_time("(", "text")


def test_a_runaway_pattern_is_stopped_at_the_limit_and_the_next_count_still_works():
    with pytest.raises(PatternRefused, match="^Too slow to use"):  # uncut, it runs for hours
        finishes(count_in_time, "(a+)+$", "a" * 40 + "b", limit=0.3)
    assert count_in_time("a+", "a" * 40 + "b") == 1  # a fresh helper


def test_the_not_secret_patterns_probe_matches_whole_where_the_secret_patterns_probe_does_not():
    # finditer stops at the first match of a long run of digits; fullmatch on a value ending in a
    # character the pattern refuses tries every split: the keep check must probe whole matches
    from store.privacy.user_patterns import not_secret_pattern_problem, secret_pattern_problem

    assert secret_pattern_problem(r"\d+\d+\d+") is None
    assert "backtracks" in not_secret_pattern_problem(r"\d+\d+\d+")


def test_the_unmistakable_secrets_are_fresh_and_of_their_shapes():
    from store.privacy.user_patterns import unmistakable_secrets

    first, second = dict(unmistakable_secrets()), dict(unmistakable_secrets())
    token = first["a random 40-character token"]
    assert len(token) == 40 and token.isalnum() and token != second["a random 40-character token"]
    assert any(c.islower() for c in token) and any(c.isupper() for c in token) and any(c.isdigit() for c in token)


def test_the_keep_probe_is_as_long_as_the_longest_value_the_filter_tries():
    import store.privacy
    from store.privacy import user_patterns

    assert user_patterns.KEEP_MAX_CHARS == store.privacy.KEEP_MAX_CHARS
