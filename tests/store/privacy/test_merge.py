"""find_secrets judges the spans its finders found (never.py has the last word) and merges those it
keeps into one span each where they overlap, of the kind of the most specific rule (store/privacy/
__init__.py _find).  A span inside the one being merged, of a rule no more specific, is not judged:
kept or dropped, the merged span stays the same.  Checked against the merge of every span judged,
under verdicts that drop spans at random (a verdict of a span's place and class, as never_secret's)."""

import zlib

import store.privacy as privacy
from store.privacy.never import NEVER_CLASS
from tests.secret_shapes import SHAPES


def _verdict(seed: int):
    def dropped(text, s, e, kind, blocks=None):
        return zlib.crc32(f"{seed}:{s}:{e}:{NEVER_CLASS.get(kind, '')}".encode()) % 3 == 0

    return dropped


def _merged(found, dropped, text):
    """Every span judged, those kept merged (the merge as it reads without a span left unjudged)."""
    merged, cur = [], None
    for s, p, e, k in sorted(found):
        if dropped(text, s, e, k):
            continue
        if cur is not None and s < cur[2]:
            cur[2] = max(cur[2], e)
            if p < cur[1]:
                cur[1], cur[3] = p, k
        else:
            if cur is not None:
                merged.append((cur[3], cur[0], cur[2]))
            cur = [s, p, e, k]
    if cur is not None:
        merged.append((cur[3], cur[0], cur[2]))
    return merged


def _overlapping(look):
    """A span from the middle of every third span found to past its end (the finders' own spans
    nest or stand apart), of the same rule and of one less and one more specific."""
    for i, (s, p, e, k) in enumerate(list(look.found)):
        if i % 3 == 0:
            look.found.append((s + (e - s) // 2, p + (i % 9 // 3) - 1, e + 3, k))


def test_a_span_left_unjudged_inside_a_merged_one_changes_nothing(monkeypatch):
    seen = []
    monkeypatch.setattr(privacy, "FINDERS", privacy.FINDERS + (
        ("spans that run past another's end", _overlapping, "this test"),
        ("what was found", lambda look: seen.append((look.text, list(look.found))), "this test"),))
    text = "\n".join("# " + case[2] for case in SHAPES)  # (`# `: no file's numbered lines)
    unjudged = more_specific = longer = 0
    for seed in range(6):
        dropped = _verdict(seed)
        monkeypatch.setattr(privacy, "never_secret", dropped)
        seen.clear()
        got = privacy.find_secrets(text)
        found = sorted([f for t, f in seen if t == text][-1])
        assert got == _merged(found, dropped, text)
        for a, b in zip(found, found[1:]):
            if b[0] < a[2] and b[2] <= a[2]:
                unjudged += b[1] >= a[1]
                more_specific += b[1] < a[1]  # (judged: kept, it gives the merged span its kind)
            longer += b[0] < a[2] < b[2]  # (judged: kept, it makes the merged span longer)
    assert unjudged > 1_000 and more_specific > 12 and longer > 1_000
