"""A case-blind rule's literal is found where the text holds it with İ, ı or ſ for its i or s, long
wide texts too (read from the one-byte copy's `?`s), as in the text folded to ASCII."""

import random


def _folded_places(low, literal):
    folded = low.translate(str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s"}))
    places, at = [], folded.find(literal)
    while at >= 0:
        places.append(at)
        at = folded.find(literal, at + 1)
    return places


def test_a_case_blind_literal_is_found_where_the_folded_text_holds_it():
    from store.privacy import ONE_PASS_FROM, Look, _case_blind_places

    parts = ["identified", "ıdentıfıed", "İdentified", "identıfied", "İ", "ı", "ſ", "s", "ſecret", "i", "x" * 40,
             "0110", "é", "한", "\n", " by 'p'"]
    rng = random.Random(3)
    wide_read = 0
    for n in range(150):
        text = "".join(rng.choice(parts) for _ in range(rng.randrange(40)))
        if n % 3 == 1:  # a long text with a few characters beyond Latin-1: read at its copy's `?`s
            cut = rng.randrange(len(text) + 1)
            text = text[:cut] + "a b, c.\n" * (ONE_PASS_FROM // 8) + text[cut:]
        elif n % 3 == 2 and text:  # one with many: found in the text
            text = text * (ONE_PASS_FROM // len(text) + 1)
        look = Look(text)
        wide_read += look.anchors.raw is not None and text.count("?") + 1 < len(look.anchors.raw.split(b"?")) < 1000
        for literal in ("identified", "secret"):
            assert _case_blind_places(look.low, look.anchors, literal) == _folded_places(look.low, literal), text[:200]
    assert wide_read > 20
