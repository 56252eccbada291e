"""Korean text: Hangul detection, and the particles and stop words a search term drops.

Korean writes particles and endings onto the word ("인증에서" is "인증" + "에서"), so a
term is looked for without them.  Standard library only: the hook path imports it.
"""

from __future__ import annotations

import re

HANGUL = re.compile(r"[\uac00-\ud7a3]")

# Particles and endings that follow a word ("인증에서" -> "인증"), longest first.
PARTICLES = sorted(
    """은 는 이 가 을 를 에 의 도 만 와 과 로 으로 에서 에게 한테 까지 부터 처럼 보다 이랑 랑 하고
    에는 에서는 으로는 로는 이나 나 이라도 라도 조차 마저 께서 이에요 예요 입니다 인가요 인데""".split(),
    key=len,
    reverse=True,
)
STOP_WORDS = frozenset("그리고 그런데 하지만 그래서 이 그 저 것 수 좀 및 등 왜 어떻게 무엇 뭐 어디".split())


def has_hangul(text: str) -> bool:
    return HANGUL.search(text) is not None


def strip_ending(word: str, endings: list[str]) -> str:
    """`word` without the first of `endings` (longest first) it ends in, when a stem of two
    characters or more is left."""
    for ending in endings:
        if word.endswith(ending) and len(word) - len(ending) >= 2:
            return word[: -len(ending)]
    return word


def strip_particle(word: str) -> str:
    """`word` without its particle ("인증에서" -> "인증"); other words as they are."""
    if not HANGUL.search(word[-1:]):
        return word
    return strip_ending(word, PARTICLES)
