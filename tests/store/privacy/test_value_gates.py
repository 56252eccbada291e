"""The shortcuts of store/privacy/values.py's verdicts on a value: each gives the verdict its plain
reading gives."""

import random

from store.privacy import values
from store.privacy.rules import CONSTANTS, PLACEHOLDER_CHARS, PLACEHOLDER_WORDS


def _plain_is_reference(value):
    v = value.strip()
    if not v:
        return True
    if "{" in v or "%" in v:
        bare = values.compiled("placeholders", r"\{[^{}\n]*\}|%(?:\([A-Za-z_]\w*\))?[sdr]").sub("", v)
        if not any(ch.isalnum() for ch in bare):
            return True
    low = v.lower()
    if low in CONSTANTS or low in PLACEHOLDER_WORDS:
        return True
    if len(v) >= 3 and set(v) <= PLACEHOLDER_CHARS:
        return True
    if v[0] in values._ASCII_ALNUM:
        return False
    return values.compiled("reference", values._REFERENCE).match(v) is not None


def test_a_reference_is_read_as_its_plain_reading_reads_it():
    """_is_reference reads the placeholder characters by stripping them, and a value that starts
    with a letter or a digit by its first (x and X are the only such placeholder characters)."""
    assert {ch for ch in PLACEHOLDER_CHARS if ch in values._ASCII_ALNUM} == {"x", "X"}
    rng = random.Random(9)
    parts = ["x", "X", "*", ".", "-", "_", "\u2022", "a", "Z", "0", "$", "{", "}", "%s", "${X}", "<", ">", "@", "#",
             " ", "\t", "None", "TRUE", "pass", "token", "é", "[REDACTED]", "\u212a"]
    kinds = {True: 0, False: 0}
    for _ in range(60_000):
        value = "".join(rng.choice(parts) for _ in range(rng.randint(0, 6)))
        got = values._is_reference(value)
        assert got == _plain_is_reference(value), repr(value)
        kinds[got] += 1
    assert min(kinds.values()) > 5_000
