"""The layouts finder (store/privacy/layouts.py) reads a name once, however many secret words it holds."""

from store.privacy import Look, _find
from store.privacy.layouts import find
from tests.store.test_privacy import linear


def _layouts_of(look):
    find(look, _find)
    return len(look.found)


def test_a_line_that_is_one_long_name_of_secret_words_is_linear():
    # the name's end was looked for again from each of its hits, to the end of the line
    assert linear(_layouts_of, lambda n: Look("aB3dE5fG7hJ9kL1mN2token" * n), 40_000) == 0

