"""The ENTROPY rule reads a line's random values before its secret words: what it takes is the
same whichever it reads first, and wherever on the line the word that says secret stands."""

from store.privacy import Look
from store.privacy.names import random_values
from tests.store.test_privacy import linear

RANDOM = "kQ8vZ2mX7pL4wN9rT5yB3"


def randoms(text):
    look = Look(text)
    random_values(look.text, look.low, look.hits, look.runs, look.found)
    return [text[s:e] for s, _prio, e, _kind in look.found]


def test_a_random_value_goes_when_a_later_word_of_its_line_says_secret():
    # `auth` in `author` says nothing; `sessions` does, after the value
    assert randoms(f"author {RANDOM} sessions") == [RANDOM]
    assert randoms(f"author x\nauthor {RANDOM} sessions\nauthor y") == [RANDOM]


def test_a_random_value_stays_where_no_word_of_its_line_says_secret():
    assert randoms(f"author {RANDOM} keyboard") == []
    assert randoms(f"author {RANDOM}\ntoken") == []  # (the word is on the next line)


def test_a_line_of_words_that_say_secret_and_nothing_random_gives_nothing():
    line = "tests/store/privacy/test_secret_outputs.py::test_a_secret_field_read_out_is_a_password"
    assert randoms("\n".join([line] * 50)) == []


def test_a_random_value_in_a_run_with_an_equals_sign_or_a_dollar_is_the_patterns_match():
    assert randoms(f"token: a={RANDOM}") == [RANDOM]
    assert randoms(f"token: {RANDOM}$x") == [RANDOM]
    assert randoms(f"token: {RANDOM}==") == [RANDOM + "=="]


def test_a_random_value_on_a_long_line_is_read_around_each_word():
    far = "w " * 3000
    assert randoms(f"token {RANDOM} {far}") == [RANDOM]
    assert randoms(f"{far} {RANDOM} {far} token") == []  # (more than 2,000 characters from the word)


def _random_values_of(look):
    random_values(look.text, look.low, look.hits, look.runs, look.found)
    return len(look.found)


def test_a_line_of_thousands_of_secret_words_inside_one_word_is_linear():
    # each word of the line was read from its start again at each of its hits
    assert linear(_random_values_of, lambda n: Look("abcdefghtoken" * n), 2_000) == 0


def test_a_line_of_thousands_of_secret_words_inside_one_run_is_linear():
    # the line's start and end were looked for again at each hit
    assert linear(_random_values_of, lambda n: Look("aB3dE5fG7hJ9kL1mN2token" * n), 80_000) == 0
