"""English spellings of Hangul loanwords: the conventions, cheapest first, bounded."""

from __future__ import annotations

import pytest

from hooks.recall import terms
from store.language.loanwords import MAX_SYLLABLES, MIN_LETTERS, spellings


@pytest.mark.parametrize("hangul, english", [
    ("웹훅", "webhook"),  # ㅞ is "we", ㅜ may be "oo"
    ("도커", "docker"),  # ㅋ after an open syllable may be "ck", ㅓ is "er"
    ("마이그레이션", "migration"),  # 마이 and 레이 are one vowel each, 션 is "tion"
    ("타임아웃", "timeout"),  # a final ㅁ may carry a silent e
    ("인덱스", "index"),  # ㄱ before ㅅ is "x"
    ("리프레시", "refresh"),  # a final 시 is "sh", an open ㅡ is silent
    ("플러그인", "plugin"),  # the ㄹ of 플 and of 러 are one "l"
    ("페이지", "page"),  # a final 지 is "ge"
    ("크론", "cron"),
    ("폴리시", "policy"),  # a final 시 may be "cy" ...
    ("프록시", "proxy"),  # ... or "sy", and ㄱ before it makes the "x"
])  # fmt: skip
def test_a_loanword_spells_its_english_word_within_the_tried_spellings(hangul, english):
    assert english in spellings(hangul, terms.LOANWORD_SPELLINGS)


def test_the_plainest_spelling_comes_first():
    assert spellings("테스트", 5)[0] == "test"
    assert spellings("레디스", 5)[0] == "redis"


def test_spellings_are_bounded_unique_and_long_enough():
    for word in ("웹훅", "마이그레이션", "환불", "결제"):
        out = spellings(word, 40)
        assert 0 < len(out) <= 40
        assert len(out) == len(set(out))
        assert all(len(s) >= MIN_LETTERS and s.isascii() and s.isalpha() for s in out)
    assert len(spellings("마이그레이션", 1000)) > len(spellings("마이그레이션", 40))


@pytest.mark.parametrize("word", ["", "webhook", "웹hook", "ㅋㅋ", "가" * (MAX_SYLLABLES + 1), "값", "😀"])
def test_what_is_not_a_short_hangul_word_has_no_spelling(word):
    assert spellings(word, 50) == []


def test_no_spellings_asked_none_given():
    assert spellings("웹훅", 0) == []


@pytest.mark.parametrize("hangul, english", [("번들", "bundle"), ("샘플", "sample"), ("테이블", "table")])
def test_a_last_syllable_of_eu_and_rieul_is_spelled_le(hangul, english):
    assert english in spellings(hangul, terms.LOANWORD_SPELLINGS)
