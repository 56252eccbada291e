"""Labels inflected away from the lexicon's stem (Hungarian jelszó -> jelszavam, Polish hasło ->
hasła, Czech heslo -> heslem) still label their value; words that only look alike do not."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "Marmot!2025"


@pytest.mark.parametrize("label", ["A jelszavam: ", "Jelszava: ", "Hasła do serwera: ", "Přihlaste se heslem ",
                                   "Hesla k wifi: "])  # fmt: skip
def test_an_inflected_label_labels_its_value(label):
    assert clean_text(label + PW) == label + "[REDACTED:password]"


@pytest.mark.parametrize("line", ["Haslam said it works", "Haslam said: fine", "hasla hasla"])
def test_a_word_that_only_looks_alike_is_not_a_label(line):
    assert clean_text(line) == line
