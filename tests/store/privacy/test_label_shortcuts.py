"""The label finder's shortcuts where it reads a secret word's place (store/privacy/candidates.py):
each must give what the step it skips gives, on texts built to sit at its edges (names of ASCII
and not, quoted values of every quote, values alone below, prose after a value)."""

import random

from store.privacy import Look, candidates
from store.privacy.rules import MEDIUM, STRONG, WEAK


def _texts(seed, count):
    rng = random.Random(seed)
    words = ["password", "PASSWORD", "db_password", "pass", "pw", "pwd", "token", "api_token", "secret",
             "client_secret", "auth", "masterauth", "requirepass", "psk", "apikey", "api-key", "passwort",
             "contraseña", "wachtwoord", "пароль", "パスワード", "Lozinka", "key", "wifi key"]
    glue = ["", "_", "-", ".", "--", "\\n", "é", "ñ", "Ж", "密", "x" * 79, "a" * 85, "Ab3", "é" * 3, "\u00b2"]
    seps = ["=", ": ", ":", " = ", "\uff1a", "\uff1d", " ", "\t", " is ", " -> ", ", ", " - ", "\n", "=\"", ":'"]
    values = ["Gx7.kP2m", "\"Gx7.kP2m\"", "'hunter2'", "«Gx7 kP2m»", "« Gx7.kP2m »", "„Gx7“", "“Gx7.kP2m”",
              "\"\"", "hunter2 (change after first login)", "Gx7.kP2m (don't share)", "admin123 — rotate",
              "\n  Gx7.kP2m\n", "${DB_PASSWORD}", "x", ""]
    for _ in range(count):
        parts = []
        for _ in range(rng.randint(1, 4)):
            parts.append(rng.choice(glue) + rng.choice(words) + rng.choice(glue) + rng.choice(seps)
                         + rng.choice(values) + rng.choice(["\n", " ", "; ", ""]))
        yield "".join(parts)


def _directive_value_read_whole(text, j, ch, strength, kind):
    """candidates._after_separator for a name's value (directive_name) without its early returns:
    value_at read at every place."""
    from store.privacy.evidence import PROSE, decide
    from store.privacy.values import add_span, compiled

    found = []
    k = j + 1
    while k < len(text) and text[k] in "*_":
        k += 1
    span = candidates.value_at(text, k)
    if span is None and strength >= STRONG and ch in ":\uff1a":
        below = candidates.value_below(text, k, True)
        if below is not None:
            candidates._take(text, found, below, strength, PROSE, kind)
        return found
    if span is not None and strength >= STRONG and ch in ":=\uff1a" and ((candidates._prose_follows(text, span[1]) and (
            ch != "=" or compiled("aside", r"[ \t]+[(（\u2014\u2013]").match(text, span[1])))
            or (ch == "=" and candidates._assigned_in_a_sentence(text, j, span))):
        if decide(text[span[0]:span[1]], strength, PROSE):
            add_span(found, text, span[0], span[1], candidates.P_CANDIDATE, kind)
    return found


def test_a_directive_names_value_the_label_finder_skips_is_one_it_would_not_take():
    """candidates._after_separator returns at once for a name's value that is WEAK or MEDIUM, after
    a full-width `=`, or quoted: value_at's span there is never followed by prose, and no value
    stands alone below it."""
    taken = 0
    for text in _texts(9, 4000):
        for ch in (":", "=", "\uff1a", "\uff1d"):
            j = text.find(ch)
            if j < 0:
                continue
            for strength in (WEAK, MEDIUM, STRONG):
                found = []
                candidates._after_separator(text, j, ch, strength, True, "password", found)
                whole = _directive_value_read_whole(text, j, ch, strength, "password")
                assert found == whole, (repr(text), ch, strength)
                taken += bool(whole)
    assert taken > 100  # (the texts hold values the whole reading takes)


def test_the_label_finders_find_the_same_without_a_second_hit_of_token_and_secret():
    """`token` and `secret` are labels of the lexicon and words names end in: their places are
    listed once (candidates._label_hits), as the second hit at a place was read the same and
    skipped; the finders fed by the hits find what they found with both."""
    from operator import itemgetter

    from store.privacy.values import forget_values

    twice = 0
    texts = list(_texts(13, 1500)) + ["token\tsecret\tuser\nabc  Gx7.kP2m  x\n" * 3, "Gx7.kP2m is the secret.\n" * 40]
    for text in texts:
        finds = []
        for both in (False, True):
            forget_values()
            look = Look(text)
            hits = candidates._label_hits(look.low, look.anchors)
            places = {(s, e) for s, e, _kind, _single in hits}
            assert all((at, at + len(word)) in places for word in candidates.NAME_WORDS
                       if word in look.anchors.present for at in look.anchors.at(word))
            if both:
                extra = [(at, at + len(word), "password", True) for word in ("token", "secret")
                         if word in look.anchors.present for at in look.anchors.at(word)]
                twice += len(extra)
                hits = sorted(sorted(hits + extra, key=itemgetter(1), reverse=True), key=itemgetter(0))
                assert len(hits) == candidates._label_hits_counted(candidates._label_hits(look.low, look.anchors), look.anchors)
                look.anchors.memo["label hits"] = hits
            found = []
            for finder in (candidates._labels, candidates.value_before_label, candidates._aligned_tables):
                finder(look.text, look.low, look.anchors, found)
            finds.append(sorted(found))
        assert finds[0] == finds[1], repr(text)
    assert twice > 500


def test_the_label_patterns_tried_only_where_they_can_match_match_nowhere_else():
    """_after_label tries the arrow only at `->` `=>` and the arrows, the value element only with a
    `>` within its reach, the value attribute only after a blank: where each is not tried, it
    matches nothing."""
    from store.privacy.values import CACHE

    for text in ("x -> y", '"password" value="y" >'):  # (compiles the patterns)
        candidates._after_label(text, text, 0 if text[0] == "x" else 1, 1 if text[0] == "x" else 9, "password", STRONG, False, [])
    arrow, child, attr = (CACHE[name] for name in ("label-arrow", "value-element", "value-attribute"))
    rng = random.Random(17)
    parts = ["-", "=", ">", "->", "=>", "\u2192", "\u21d2", "\u27f6", " ", "\t", "\n", "<", "<value>", "</value>",
             "<string>", "</string>", "X", "value", "data", "=\"", "'", "\"", "a" * 60, "é"]
    ruled_out = 0
    for _ in range(30_000):
        text = "".join(rng.choice(parts) for _ in range(rng.randint(1, 12)))
        for i in range(len(text)):
            ch = text[i]
            if not (ch in "\u2192\u21d2\u27f6" or (ch in "-=" and text[i + 1:i + 2] == ">")):
                assert arrow.match(text, i) is None, repr(text)
            if text.find(">", i, i + 121) < 0:
                ruled_out += 1
                assert child.match(text, i) is None, repr(text)
            if text[i:i + 1] not in (" ", "\t"):
                assert attr.match(text, i) is None, repr(text)
    assert ruled_out > 10_000


def test_a_label_never_read_as_inflected_is_not_by_the_test_it_skips():
    """The label finder asks _inflected_label only for a label outside _NEVER_INFLECTED: for those
    inside it, on names of every shape around it, the answer is no."""
    rng = random.Random(23)
    asked = 0
    for label in sorted(candidates._NEVER_INFLECTED):
        for _ in range(300):
            head = "".join(rng.choice("abcXY_-1é") for _ in range(rng.randint(0, 5)))
            tail = "".join(rng.choice("abcsiXY_-1é ") for _ in range(rng.randint(0, 6)))
            low = (head + label + tail + " : x").lower()
            s, e = len(head), len(head) + len(label)
            for ns in range(0, s + 1):
                for ne in range(e, min(len(low), e + 6) + 1):
                    asked += 1
                    assert not candidates._inflected_label(low, ns, ne, s, e), (low, ns, ne)
    assert asked > 10_000
