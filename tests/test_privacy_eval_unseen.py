"""The unseen part of the labelled privacy set (tests/privacy_eval/unseen.py) is sound as a
labelled set: it loads, every positive holds its secrets in the value the filter is given, no
negative is empty, its families are its own (no other part names them) and of 6 to 15 cases.

These tests never run the filter: the part is measured by bench/bench_privacy.py alone."""

import json
from collections import Counter

from tests.privacy_eval import dev, held, unseen


def _flat(value) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def test_unseen_part_is_big_and_realistic():
    cases = unseen.cases()
    positives = [c for c in cases if c.positive]
    negatives = [c for c in cases if not c.positive]
    assert len(positives) >= 350 and len(negatives) >= 350
    assert len({c.family for c in positives}) >= 35 and len({c.family for c in negatives}) >= 35
    assert all(c.realistic for c in cases)


def test_every_positive_holds_its_secrets():
    for case in unseen.positives():
        text = _flat(case.value)
        missing = [s for s in case.secrets if not s or s not in text]
        assert not missing, (case.family, missing)
        assert all(len(s) >= 6 for s in case.secrets), (case.family, case.secrets)


def test_no_negative_is_empty():
    for case in unseen.negatives():
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


def test_families_are_new_and_sized():
    sizes = Counter(c.family for c in unseen.cases())
    assert all(6 <= n <= 15 for n in sizes.values()), sizes
    others = {c.family for part in (dev, held) for c in part.cases()}
    assert not set(sizes) & others, set(sizes) & others
    positive = {c.family for c in unseen.cases() if c.positive}
    negative = {c.family for c in unseen.cases() if not c.positive}
    assert not positive & negative
