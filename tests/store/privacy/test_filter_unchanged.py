"""The whole labelled set (tests/privacy_eval/, dev and held) and the old shape corpus
(tests/secret_shapes.py) through the filter give the output recorded in filter_outputs.json.

A change to how the filter runs (which finder looks where, what is found once and shared) must
not change what it redacts: a case whose output differs is named here.  A change that is meant
to change what is redacted (a quality change, measured by bench/bench_privacy.py) records the new
output with `python -m tests.store.privacy.test_filter_unchanged --record`, and its commit says
which cases changed and why.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

RECORD = Path(__file__).with_name("filter_outputs.json")


def _digest(value) -> str:
    return hashlib.sha256(json.dumps(value, ensure_ascii=False, sort_keys=True).encode()).hexdigest()[:16]


def outputs(privacy=None, piece: int | None = None) -> dict:
    """`{part: {"<family> <digest of the case>": digest of the filtered value}}` for every
    labelled case and every old shape (keyed by what it is, so a case added elsewhere in the set
    moves no other); `privacy`: the filter's package (store.privacy unless given); `piece`: only
    the cases whose key is in that one of the PIECES (`in_piece`)."""
    if privacy is None:
        import store.privacy as privacy
    from tests.privacy_eval import dev, held
    from tests.secret_shapes import SHAPES

    got = {}
    for name, part in (("dev", dev), ("held", held)):
        cases = {}
        for case in part.cases():
            value = case.value
            key = f"{case.family} {_digest(value)}"
            if not in_piece(key, piece):
                continue
            after = privacy.clean_text(value) if isinstance(value, str) else privacy.Cleaner().value(value)
            cases[key] = _digest(after)
        got[name] = cases
    got["shapes"] = {key: _digest(privacy.clean_text(text)) for key, text in
                     ((f"{family} {shape} {_digest(text)}", text) for family, shape, text, _secrets in SHAPES)
                     if in_piece(key, piece)}  # fmt: skip
    return got


# A run over the whole set (~50 s of CPU for the one pass's, ~25 s for the plain one's, and more as
# the set grows) passed pytest's 300 s timeout as one test on a loaded machine.  In pieces (each case in one, by its key),
# workers share it and no piece nears the timeout; together they check every case.
PIECES = 4


def in_piece(key: str, piece: int | None) -> bool:
    return piece is None or int(hashlib.sha256(key.encode()).hexdigest()[:8], 16) % PIECES == piece


@pytest.mark.parametrize("piece", range(PIECES))
def test_every_labelled_case_and_shape_is_filtered_as_recorded(piece):
    _assert_as_recorded(outputs(piece=piece), piece)


@pytest.mark.parametrize("piece", range(PIECES))
def test_the_cases_read_by_the_one_pass_are_filtered_as_recorded(monkeypatch, piece):
    # the cases are short: a process that filters only them finds each literal by a find of its
    # own; one that has compiled the one pass (store/privacy/anchors.py) reads them with it
    from store.privacy import anchors

    monkeypatch.setattr(anchors, "ONE_PASS_FROM", 0)
    monkeypatch.setattr(anchors, "ONE_PASS_ONCE_BUILT", 0)
    _assert_as_recorded(outputs(piece=piece), piece)


def test_the_pieces_share_out_every_case():
    keys = [key for part in json.loads(RECORD.read_text(encoding="utf-8")).values() for key in part]
    sizes = [sum(in_piece(key, piece) for key in keys) for piece in range(PIECES)]
    assert sum(sizes) == len(keys) and min(sizes) > len(keys) // (2 * PIECES)


def _assert_as_recorded(now, piece=None):
    recorded = {part: {key: out for key, out in cases.items() if in_piece(key, piece)}
                for part, cases in json.loads(RECORD.read_text(encoding="utf-8")).items()}  # fmt: skip
    changed = [f"{part}: {key}" for part in sorted(set(recorded) | set(now))
               for key in sorted(set(recorded.get(part, {})) | set(now.get(part, {})))
               if recorded.get(part, {}).get(key) != now.get(part, {}).get(key)]  # fmt: skip
    assert sum(len(v) for v in now.values()) > 4000 // (1 if piece is None else PIECES)  # the whole set (or piece)
    assert not changed, (f"{len(changed)} outputs differ from the record: a change to how the filter runs must "
                         "not change them; a meant change records them with `python -m "
                         "tests.store.privacy.test_filter_unchanged --record`: " + ", ".join(changed[:20]))


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: python -m tests.store.privacy.test_filter_unchanged --record")
    RECORD.write_text(json.dumps(outputs(), indent=0, sort_keys=True) + "\n", encoding="utf-8")


def test_the_lowercased_copy_keeps_each_character_in_its_place():
    from store.privacy import _lower

    for text in ("İSTANBUL şifre: Xk9#vQ2!mZ", "ΚΩΔΙΚΟΣ İ", "password: a", "İ" * 3 + "ABC", "ΟΔΟΣ ΣΑΣ"):
        low = _lower(text)
        assert len(low) == len(text)
        assert low == "".join(ch if len(ch.lower()) != 1 else ch.lower() for ch in text) or "İ" not in text
    assert _lower("İstanbul PASSWORD=x") == "İstanbul password=x"  # İ (the one that lengthens) stays
