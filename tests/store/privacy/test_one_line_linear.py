"""A text of one long line (a JSON-escaped output, its line breaks written `\\n`) costs as long as
its length, not as its places times its length."""

import re

from store.privacy import Look, _within_reach
from store.privacy.declared import _store_setters
from store.privacy.rules import TOKEN_RULES
from tests.store.test_privacy import linear


def _setters_of(look):
    _store_setters(look)
    return len(look.found)


def test_a_line_of_secret_setters_is_linear():
    # the piped value's `echo` was looked for from the line's start at each setter
    make = lambda n: Look(("echo x; doppler secrets set API_TOKEN " + "x" * 100 + "\\n") * n)
    assert linear(_setters_of, make, 2_000) == 0


def test_a_line_of_here_strings_is_linear():
    # each `<<<`'s line was read from its start again for the starts before it (`sudo -S`)
    rule = next(rule for rule in TOKEN_RULES if rule.reach == ("<<<", None))

    def here_strings(n):
        low = ("sudo -S x <<< y " + "z" * 100 + "\\n") * n
        return low, [m.start() for m in re.finditer("<<<", low)]

    def reach(made):
        return len(_within_reach(made[0], rule, made[1]))

    assert linear(reach, here_strings, 4_000) == 4_000
