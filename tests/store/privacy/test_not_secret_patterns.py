"""The person's not_secret_patterns: a value the filter would redact is kept when one of them
matches it whole, and nothing else changes."""

from __future__ import annotations

import pytest

from store.privacy import (
    KEEP_MAX_CHARS,
    Cleaner,
    UserPatterns,
    clean_text,
    clean_value,
    find_secrets,
    redact_secrets,
)

# A value the filter redacts (a random run beside a secret's name) and one of the same build.
BUILD = "b7Qx9LmZ2pVt4Kw8"
TEXT = f"export CACHE_TOKEN={BUILD}\nexport API_TOKEN=Zr4mQ8vLx2Pw9Tk7Nc3B\n"
KEEP = UserPatterns((), [r"b7Qx[0-9A-Za-z]{12}"])


def test_the_value_is_redacted_without_the_pattern():
    assert BUILD not in redact_secrets(TEXT)
    assert BUILD not in clean_text(TEXT, [])


def test_a_value_matched_whole_is_kept_and_the_rest_of_the_text_still_redacted():
    cleaned = clean_text(TEXT, KEEP)
    assert f"CACHE_TOKEN={BUILD}\n" in cleaned
    assert "Zr4mQ8vLx2Pw9Tk7Nc3B" not in cleaned and "API_TOKEN=[REDACTED:" in cleaned
    assert [text for _kind, s, e in find_secrets(TEXT, KEEP) for text in [TEXT[s:e]]] == ["Zr4mQ8vLx2Pw9Tk7Nc3B"]


def test_a_span_longer_than_what_the_pattern_matches_stays_redacted():
    part = UserPatterns((), [r"b7Qx9Lm"])  # matches the start of the value, not all of it
    assert BUILD not in clean_text(TEXT, part)
    assert "b7Qx9Lm" not in clean_text(TEXT, part)


def test_a_private_block_is_never_brought_back():
    text = f"<private>CACHE_TOKEN={BUILD}</private> and after"
    assert clean_text(text, KEEP) == " and after"
    assert BUILD not in clean_text(f"before <private>{BUILD}", KEEP)


def test_what_the_persons_own_secret_patterns_find_stays_redacted():
    both = UserPatterns([r"ACME-[0-9]{6}"], [r"ACME-[0-9]{6}"])
    assert clean_text("the ticket ACME-123456 is open", both) == "the ticket [REDACTED:custom] is open"


def test_a_value_longer_than_the_longest_tried_stays_redacted():
    long_value = "Qz" + "x7Kp" * (KEEP_MAX_CHARS // 4)
    text = f"API_TOKEN={long_value}\n"
    assert long_value not in clean_text(text, UserPatterns((), [r"Qz(?:x7Kp){1,1000}"]))
    short_value = "Qz" + "x7Kp" * 8
    assert short_value in clean_text(f"API_TOKEN={short_value}\n", UserPatterns((), [r"Qz(?:x7Kp){1,1000}"]))


def test_a_json_value_redacted_by_its_key_is_kept_too():
    event = {"tool_input": {"auth_token": BUILD, "api_token": "Zr4mQ8vLx2Pw9Tk7Nc3B"}, "text": TEXT}
    cleaned = clean_value(event, KEEP)
    assert cleaned["tool_input"]["auth_token"] == BUILD
    assert cleaned["tool_input"]["api_token"].startswith("[REDACTED:")
    assert f"CACHE_TOKEN={BUILD}" in cleaned["text"]
    assert Cleaner(KEEP, memo=True).value(event) == cleaned
    assert clean_value(event)["tool_input"]["auth_token"].startswith("[REDACTED:")


@pytest.mark.parametrize("patterns", [(), [], None, ["ACME-[0-9]{6}"]])
def test_plain_lists_of_secret_patterns_work_as_before(patterns):
    assert clean_text("ACME-123456 " + TEXT, patterns or ()).count("[REDACTED:") >= 2
