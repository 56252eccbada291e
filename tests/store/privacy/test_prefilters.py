"""The cheap early rejects in front of the privacy filter's costlier steps: each must say
"cannot match" only where the step it stands in front of cannot match (the filter's decisions
stay those of test_filter_unchanged.py; here each shortcut is checked alone, on texts built to
sit at its edges)."""

import itertools
import random
import re

from store.privacy import never


def _befores():
    """Texts that end as a label of an id or a user would (and many that nearly do)."""
    words = ["id", "ID", "Id", "ids", "user", "USER", "username", "user_name", "userName", "login", "email",
             "account", "sid", "SSID", "appId", "client_id", "pid", "token", "key", "name", "grid", "uſer", "K"]
    tails = ["", "\"", "'", " ", "\t"]
    seps = [":", "=", "\uff1a", "-", " ", ""]
    posts = ["", " ", "\t", "\"", "'", " \"", "\t'", " x"]
    heads = ["", "a ", "the ", "--from-literal=", "{\"", "X", "é "]
    for head, word, tail, sep, post in itertools.product(heads, words, tails, seps, posts):
        yield (head + word + tail + sep + post)[-40:]
    rng = random.Random(7)
    alphabet = "aAdDiIsSuUeErRnN_- \t\"':=\uff1a"
    for _ in range(20_000):
        yield "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))


def test_a_before_that_cannot_end_in_an_id_label_never_matches_the_label():
    id_label = re.compile(never.ID_LABEL)
    ruled_out = 0
    for before in _befores():
        if not never._may_end_in_id_label(before):
            ruled_out += 1
            assert id_label.search(before) is None, repr(before)
    assert ruled_out > 10_000  # the shortcut does rule out most texts
