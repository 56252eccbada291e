"""The glossary recall reads a word's other forms in: compounds written joined, apart or
hyphenated are one word, and everyday developer words have their Korean translation."""

from __future__ import annotations

import pytest

from store.language.glossary import apart, join_compounds, same_as
from store.search.recall import word_match


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("users can't log in", "users can't login"),
        ("the sign-up form", "the signup form"),
        ("users get logged out", "users get logout"),
        ("Read timed out", "Read timeout"),
        ("the test keeps timing out", "the test keeps timeout"),
        ("재색인이 시간 초과로 실패해요", "재색인이 시간초과로 실패해요"),
    ],
)
def test_a_compound_written_apart_is_read_as_one_word(typed, read):
    assert join_compounds(typed) == read


@pytest.mark.parametrize("typed", ["log into the staging box", "the login page", "a time outside", "blog in"])
def test_words_that_only_look_like_a_compound_stay_apart(typed):
    assert join_compounds(typed) == typed


def test_a_compound_also_matches_its_parts_side_by_side():
    assert apart("login") == "log in"
    assert word_match(["login"], []) == '"login" OR "log in"'
    assert word_match([], ["시간초과"]) == '"시간초과"* OR "시간 초과"*'


def test_a_translated_korean_word_names_the_english_one():
    assert "fail" in same_as("실패") and "실패" in same_as("failed")
    assert "request" in same_as("요청") and "timeout" in same_as("시간초과")


def test_how_many_days_and_at_most_name_their_english_words():
    # "백업은 며칠 동안 보관돼?" of a task that expires dumps after 30 days; "연결 수 제한" of "max clients".
    assert "days" in same_as("며칠") and "max" in same_as("제한") and "제한" in same_as("maximum")


def test_keeping_a_login_is_staying_signed_in():
    assert {"stay", "keep"} <= set(same_as("유지"))
