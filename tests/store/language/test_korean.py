"""Korean morphology, one home for search and recall: particles, verb endings, Hangul."""

import pytest

from store.language.korean import has_hangul, strip_particle, verb_stem


@pytest.mark.parametrize(
    ("word", "stem"),
    [("인증에서", "인증"), ("토큰이", "토큰"), ("데이터베이스에서는", "데이터베이스"), ("인증", "인증"),
     ("책은", "책은"),  # a stem of one syllable is kept whole
     ("token", "token"), ("서버error", "서버error")],
)  # fmt: skip
def test_strip_particle(word, stem):
    assert strip_particle(word) == stem


def test_has_hangul():
    assert has_hangul("fix 인증") and not has_hangul("fix auth") and not has_hangul("ㅋㅋ")


@pytest.mark.parametrize(
    ("word", "stem"),
    [("수정해줘", "수정"), ("만료되면", "만료"), ("실패했던", "실패"), ("계산돼요", "계산"),
     ("인증", "인증"), ("해줘", "해줘")],  # no noun before the ending: kept
)  # fmt: skip
def test_verb_stem(word, stem):
    assert verb_stem(word) == stem
