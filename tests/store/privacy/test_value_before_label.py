"""The value before its label in prose (`X is the password`): the label is a word, and the letters
after it its inflection, not another word that starts with a piece of one (`author`, `passage`)."""

import pytest

from store.privacy import clean_text


@pytest.mark.parametrize("word", ["author", "authors", "passage", "passages", "pwned", "pwnage"])
def test_a_word_that_starts_with_a_piece_of_a_secret_word_labels_nothing(word):
    for value in ("hunter2", "Gx7.kP2m", "jdoe42"):
        text = f"{value} is the {word}."
        assert clean_text(text) == text


@pytest.mark.parametrize("text, value", [
    ("hunter2 is the password.", "hunter2"),
    ("Gx7.kP2m is the pass.", "Gx7.kP2m"),
    ("Gx7.kP2m is the pwd", "Gx7.kP2m"),
    ("Xk3pQz9w ist das Passwortes.", "Xk3pQz9w"),
    ("Xk3pQz9w er adgangskoden.", "Xk3pQz9w"),
    ("Xk3pQz9w est le mot de passe.", "Xk3pQz9w"),
])  # fmt: skip
def test_a_label_and_its_inflection_still_label_the_value_before_them(text, value):
    assert value not in clean_text(text)
