"""Korean text: Hangul detection, the particles and stop words a search term drops, and
the verb endings recall strips from a prompt's words.

Korean writes particles and endings onto the word ("인증에서" is "인증" + "에서"), so a
term is looked for without them.  Standard library only: the hook path imports it.
"""

from __future__ import annotations

import re

# Hangul syllables.  HANGUL, the pattern, is compiled when first asked for (see __getattr__):
# compiling its range fills a 64K-entry table (~0.7-1 ms of a prompt hook), and `has_hangul`
# needs it only for a long text that is not ASCII.
_HANGUL = r"[\uac00-\ud7a3]"
_SHORT = 256  # a term, a word, a glossary form: a look at each character beats compiling

# Particles and endings that follow a word ("인증에서" -> "인증"), longest first.
PARTICLES = sorted(
    """은 는 이 가 을 를 에 의 도 만 와 과 로 으로 에서 에게 한테 까지 부터 처럼 보다 이랑 랑 하고
    에는 에서는 으로는 로는 이나 나 이라도 라도 조차 마저 께서 이에요 예요 입니다 인가요 인데""".split(),
    key=len,
    reverse=True,
)
STOP_WORDS = frozenset("그리고 그런데 하지만 그래서 이 그 저 것 수 좀 및 등 왜 어떻게 무엇 뭐 어디".split())

# Verb endings after a noun (수정해줘, 만료되면, 실패했던), longest first.
VERB_ENDINGS = sorted(
    """해줘 해주세요 해주라 해봐 해요 했어 했어요 했다 했던 했는데 했을 하는 하던 하면 하고 해서 하다
    한다 할 한 합니다 됐어 됐다 됐던 되는 되던 되면 되고 돼서 되어 된다 된 될 됩니다 시켜줘 시켜
    되 돼 됐 해 했 하""".split(),
    key=len,
    reverse=True,
)
# More endings of verbs and adjectives after a noun (계산돼요 -> 계산, 실패해요 -> 실패).
MORE_VERB_ENDINGS = sorted(
    """돼요 되요 됐어요 됐나요 되나요 돼서 됐는데 해요 해서 했는데 했었지 했더라 했나요 하나요 나요 났어요
    났어 나는 난 했지 해야 하려면 되는데 되지 돼야 였지 이었지 였더라 이었더라""".split(),
    key=len,
    reverse=True,
)
# Endings that only verbs and adjectives take (풀리는, 나던, 바꿔줘, 있어요).
VERBAL_FINALS = ("는", "던", "줘", "요", "까", "죠", "네", "니다", "세요", "였지", "었지", "았지", "했지",
                 "더라", "었나", "였나")  # fmt: skip
# Forms of the auxiliary verbs 있다/없다/되다/하다 (있었지, 없어, 되어, 했는데): AUXILIARY, a
# pattern compiled when first asked for (see __getattr__), so a prompt without Korean never
# pays for it (~0.5 ms in every prompt hook).
_AUXILIARY = r"^(?:있|없|되|돼|됐|했|하|해|할|한)(?:었|았|어|는|고|지|다|요|서|까|면|니|게|던|을|나|네|죠)"
# ... and those verbs written alone, their ending gone ("어디서 해?", "이거 돼?", "설정 안 했어").
AUXILIARY_ALONE = frozenset("있 없 되 돼 됐 된 될 했 하 해 할 한".split())


def has_hangul(text: str) -> bool:
    if text.isascii():
        return False
    if len(text) <= _SHORT:
        return any("\uac00" <= ch <= "\ud7a3" for ch in text)
    return (globals().get("HANGUL") or __getattr__("HANGUL")).search(text) is not None


def strip_ending(word: str, endings: list[str]) -> str:
    """`word` without the first of `endings` (longest first) it ends in, when a stem of two
    characters or more is left."""
    for ending in endings:
        if word.endswith(ending) and len(word) - len(ending) >= 2:
            return word[: -len(ending)]
    return word


def strip_particle(word: str) -> str:
    """`word` without its particle ("인증에서" -> "인증"); other words as they are."""
    if not has_hangul(word[-1:]):
        return word
    return strip_ending(word, PARTICLES)


def verb_stem(word: str) -> str:
    """`word` without a verb ending after its noun ("수정해줘" -> "수정", "계산돼요" -> "계산")."""
    return strip_ending(strip_ending(word, VERB_ENDINGS), MORE_VERB_ENDINGS)


def __getattr__(name: str):
    if name in ("AUXILIARY", "HANGUL"):
        pattern = globals()[name] = re.compile(_AUXILIARY if name == "AUXILIARY" else _HANGUL)
        return pattern
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
