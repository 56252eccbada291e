"""values._looks_random reads a segment's words by one search and the entropy by a table: the
verdicts are those of reading the segment piece by piece and of the sum of -p*log2(p)."""

import random
import re
from collections import Counter
from math import log2

from store.privacy import values
from store.privacy.rules import ENTROPY_MAX_CHARS


def _pieces_wordish(segment):
    if len(segment) >= 7 and not segment.isdigit() and all(ch in "0123456789abcdefABCDEF" for ch in segment):
        return True
    singles = numbers = 0
    for piece in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", segment):
        if piece.isdigit():
            numbers += 1
            if len(piece) > 6 or numbers > 2:
                return False
        elif len(piece) == 1:
            singles += 1
            if singles > 1:
                return False
    return True


def test_a_segment_reads_as_words_as_its_pieces_say():
    rng = random.Random(7)
    for alphabet in ("ABab01", "Aa1", "ABCDEFabcdef0123456789", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"):
        for _ in range(5000):
            segment = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 24)))
            assert values._wordish(segment) == _pieces_wordish(segment), segment
    for segment in ("AuthTokenProvider2", "kSecImportExportPassphrase", "CTestCRLF", "ABc", "aB", "G41q", "a1b2c3", "1234567x"):
        assert values._wordish(segment) == _pieces_wordish(segment), segment


def _entropy_enough(v):
    n = len(v)
    return -sum([c / n * log2(c / n) for c in Counter(v).values()]) >= min(3.8, log2(n) * 0.8)


def test_the_entropy_bound_is_decided_as_the_sum_of_its_terms_does():
    # 25 characters, two of them 5 times and 15 once: an entropy one float step below its bound
    # (the table's reading is 0 from it: the sum decides); values of entropies about the bound, and
    # of the longest length judged (its counts the table's last)
    cases = ["aaaaabbbbbCDEFGHIJKLMNOPQ", "ab" * 500, "a" * 999 + "b",
             "".join(chr(65 + i % 26) + chr(97 + i % 26) for i in range(ENTROPY_MAX_CHARS // 2))]
    rng = random.Random(3)
    for n in (16, 17, 27, 28, 32, 64, 200, ENTROPY_MAX_CHARS):
        for kinds in (2, 8, 12, 13, 14, 16, 32, 62):
            alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"[:kinds]
            cases.append("".join(alphabet[i % kinds] for i in range(n)))
            cases.append("".join(rng.choice(alphabet) for _ in range(n)))
    for v in cases:
        assert values._entropy_enough(v, len(v)) == _entropy_enough(v), v
