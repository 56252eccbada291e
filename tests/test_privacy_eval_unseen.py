"""The unseen parts of the labelled privacy set (tests/privacy_eval/unseen.py, unseen_two.py,
unseen_three.py, unseen_four.py, unseen_five.py, unseen_six.py, unseen_seven.py, unseen_eight.py) are
sound as labelled sets: each of the eight loads, every positive holds its secrets in the value the
filter is given, no negative is empty, its families are its own (no other part names them) and of 6
(the fourth: 4; the fifth, the sixth, the seventh and the eighth: 5) to 6, 8, 16 or 17 cases.

These tests never run the filter: the parts are measured by bench/bench_privacy.py alone."""

import json
from collections import Counter

import pytest

from tests.privacy_eval import (
    dev,
    held,
    unseen,
    unseen_eight,
    unseen_five,
    unseen_four,
    unseen_seven,
    unseen_six,
    unseen_three,
    unseen_two,
)

PARTS = [unseen, unseen_two, unseen_three, unseen_four, unseen_five, unseen_six, unseen_seven, unseen_eight]
# each part's least: positives and negatives, then families of each; its smallest and largest family;
# whether a family holds only positives or only negatives (the third part's families hold both)
SIZES = {unseen: (350, 35, 6, 16, True), unseen_two: (320, 22, 6, 16, True), unseen_three: (280, 40, 6, 17, False),
         unseen_four: (94, 18, 4, 8, True), unseen_five: (95, 18, 5, 6, True),
         unseen_six: (95, 18, 5, 6, True), unseen_seven: (95, 18, 5, 6, True),
         unseen_eight: (95, 18, 5, 6, True)}


def _flat(value) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


@pytest.mark.parametrize("part", PARTS, ids=lambda p: p.__name__.rsplit(".", 1)[-1])
def test_unseen_part_is_big_and_realistic(part):
    cases = part.cases()
    positives = [c for c in cases if c.positive]
    negatives = [c for c in cases if not c.positive]
    least, families, _smallest, _largest, _split = SIZES[part]
    assert len(positives) >= least and len(negatives) >= least
    assert len({c.family for c in positives}) >= families and len({c.family for c in negatives}) >= families
    assert all(c.realistic for c in cases)


@pytest.mark.parametrize("part", PARTS, ids=lambda p: p.__name__.rsplit(".", 1)[-1])
def test_every_positive_holds_its_secrets(part):
    for case in (c for c in part.cases() if c.positive):
        text = _flat(case.value)
        missing = [s for s in case.secrets if not s or s not in text]
        assert not missing, (case.family, missing)
        assert all(len(s) >= 6 for s in case.secrets), (case.family, case.secrets)


@pytest.mark.parametrize("part", PARTS, ids=lambda p: p.__name__.rsplit(".", 1)[-1])
def test_no_negative_is_empty(part):
    for case in (c for c in part.cases() if not c.positive):
        assert not case.secrets
        assert case.value, case.family
        strings = []
        stack = [case.value]
        while stack:
            v = stack.pop()
            if isinstance(v, str):
                strings.append(v)
            elif isinstance(v, dict):
                stack.extend(v.values())
            elif isinstance(v, list):
                stack.extend(v)
        # the text that is judged: the prompt, the command, the output, the file
        judged = [s for s in strings if len(s) > 20 and not s.startswith(("/home/dev/.claude/", "toolu_"))]
        assert judged, case.family


@pytest.mark.parametrize("part", PARTS, ids=lambda p: p.__name__.rsplit(".", 1)[-1])
def test_families_are_new_and_sized(part):
    sizes = Counter(c.family for c in part.cases())
    _least, _families, smallest, largest, split = SIZES[part]
    assert all(smallest <= n <= largest for n in sizes.values()), sizes
    others = {c.family for other in [dev, held, *PARTS] if other is not part for c in other.cases()}
    assert not set(sizes) & others, set(sizes) & others
    positive = {c.family for c in part.cases() if c.positive}
    negative = {c.family for c in part.cases() if not c.positive}
    assert not (positive & negative) if split else positive == negative
