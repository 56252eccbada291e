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


def _texts_before_a_label():
    """Texts a label may follow: connectors of prose, values, short words, spaces, quotes, digits."""
    from store.privacy.lexicon import VALUE_FIRST_CONNECTORS

    rng = random.Random(11)
    parts = list(VALUE_FIRST_CONNECTORS) + ["Gx7.kP2m", "hunter2", "the", "das", "le", "a", "l'", "x²", "ñ", "_",
                                             " ", " ", "\t", "'", "\"", ",", ";", "-", "—", "7", "(", "\n", "é"]
    for _ in range(30_000):
        yield "".join(rng.choice(parts) for _ in range(rng.randint(1, 9)))


def test_a_text_the_value_first_shortcuts_rule_out_never_matches_the_whole_pattern():
    from store.privacy import find_secrets
    from store.privacy.values import CACHE

    find_secrets("Gx7.kP2m is the password.\n" * 40)  # compiles the finder's patterns (a text of many labels)
    whole, tail = CACHE["value-first-label"], CACHE["value-first-tail"]
    ruled_out = 0
    for before in _texts_before_a_label():
        prev = before[-1]
        if (prev not in " \t'" and (not prev.isalnum() or prev.isdecimal())) or tail.search(before) is None:
            ruled_out += 1
            assert whole.search(before) is None, repr(before)
    assert ruled_out > 10_000
