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
    listed once (candidates.label_hits), as the second hit at a place was read the same and
    skipped; so is `pass` where a label that starts with it stands (`password`, `passphrase`):
    the finders fed by the hits find what they found with both."""
    from operator import itemgetter

    from store.privacy.values import forget_values

    twice = dropped = 0
    texts = list(_texts(13, 1500)) + ["token\tsecret\tuser\nabc  Gx7.kP2m  x\n" * 3, "Gx7.kP2m is the secret.\n" * 40]
    texts += ["Gx7.kP2m is the password.\n", "Gx7.kP2m is the passwords.\n", "Gx7.kP2m is the passwordxyz.\n",
              "the passphrase is Gx7.kP2m\n", "passcode: 4921\n", "PASSWORD\tuser\nGx7.kP2m\tana\n",
              "Password for the elastic user reset.\nNew value: Gx7.kP2m\n", "requirepassword Gx7.kP2m\n",
              "--password Gx7.kP2m\n", "Passwortx: Gx7.kP2m\n", "pass\u212aey: Gx7.kP2m\n"]
    for text in texts:
        finds = []
        for both in (False, True):
            forget_values()
            look = Look(text)
            hits = candidates.label_hits(look.low, look.anchors)
            places = {(s, e) for s, e, _kind, _single in hits}
            starts = {s for s, _e, _kind, _single in hits}
            missing = [(at, at + len(word)) for word in candidates.NAME_WORDS if word in look.anchors.present
                       for at in look.anchors.at(word) if (at, at + len(word)) not in places]
            # (a trigger is left out only where a label that starts with it stands)
            assert all(at in starts and any(look.low.startswith(label, at) for label, triggers in candidates._covering().items()
                                            if look.low.startswith(triggers[0], at)) for at, _e in missing)
            if both:
                extra = [(at, at + len(word), "password", True) for word in ("token", "secret")
                         if word in look.anchors.present for at in look.anchors.at(word)]
                extra += [(at, e, "password", True) for at, e in missing]
                twice += len(extra)
                dropped += len(missing)
                hits = sorted(sorted(hits + extra, key=itemgetter(1), reverse=True), key=itemgetter(0))
                assert len(hits) == candidates._label_hits_counted(candidates.label_hits(look.low, look.anchors), look.anchors)
                look.anchors.memo["label hits"] = hits
            found = []
            for finder in (candidates._labels, candidates.value_before_label, candidates._aligned_tables,
                           candidates._value_below_its_name):
                finder(look.text, look.low, look.anchors, found)
            finds.append(sorted(found))
        assert finds[0] == finds[1], repr(text)
    assert twice > 500
    assert dropped > 100


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


def test_a_directive_s_article_is_cut_as_the_article_pattern_cuts_it():
    """_directive_context reads a line less its last article (`SetEnv the PASSWORD`) from its last
    blank: what the substitution of its pattern leaves, on lines built of articles, blanks, words
    that end as an article does (`data`, `item`) and other characters."""
    import re

    article = re.compile(r"[ \t]+(?:the|a|an|my|your|our|this|that|its|new|same)\Z")
    rng = random.Random(3)
    pieces = [" ", "\t", "  ", "the", "a", "an", "my", "your", "our", "this", "that", "its", "new", "same",
              "x", "data", "item", "-", "\n", "é", "th", "e", "setenv"]
    for _ in range(50_000):
        line = "".join(rng.choice(pieces) for _ in range(rng.randrange(9)))
        assert line[:candidates._without_article(line, 0, len(line))] == article.sub("", line), repr(line)


def test_the_value_first_tail_is_found_in_the_clause_s_end_as_in_the_whole_clause():
    """value_before_label searches the end of its pattern ("value-first-tail") in the last
    characters before a label, not its whole clause: a match stands there whenever one stands in
    the clause, with connectors, words, apostrophes and runs of blanks of any length before it."""
    from store.privacy.candidates import VALUE_FIRST_CONNECTORS, _tail_stands
    from store.privacy.values import compiled

    tail = compiled("value-first-tail", r"(?:" + "|".join(sorted(VALUE_FIRST_CONNECTORS, key=len, reverse=True))
                    + r")[ \t]+(?:[^\W\d_]{1,8}'?[ \t]*){0,2}\Z")  # fmt: skip
    rng = random.Random(9)
    pieces = [" ", "\t", " " * 30, "\t" * 20, "'", "x", "abcdefgh", "abcdefghi", "é", "9", "-", *VALUE_FIRST_CONNECTORS]
    for _ in range(30_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(40)))
        start = rng.randrange(len(text) + 1)
        for s in (len(text), rng.randrange(start, len(text) + 1)):
            assert _tail_stands(tail, text, start, s) == (tail.search(text, start, s) is not None), (text, start, s)


def test_use_x_as_the_password_is_searched_where_its_words_can_stand():
    """_value_first searches its pattern around each ` as ` only where the window holds one of its
    label's words and one of its verbs (in ASCII, where the case-blind pattern reads what the
    lowercased copy holds): the same finds as the search at every ` as `."""
    from store.privacy.candidates import P_CANDIDATE, _take, _value_first
    from store.privacy.values import compiled

    rng = random.Random(12)
    pieces = [" ", " as ", "use", "USE", "Used", "using", "with", "WITH", "try", "because", "Gx7.kP2m", "'hunter2'",
              "the", "my", "password", "PIN", "token", "secret", "api key", "key", "\n", "x" * 30, "ſ", "K", "é",
              "uſe", "wıth", "passphrase"]
    verbs = ["use", "USE", "Used", "using", "with", "WITH", "try", "uſe", "wıth", "trying", "fuse"]
    labels = ["password", "PIN", "token", "secret", "api key", "key", "passphrase", "paſſword", "Key"]
    taken = 0
    for _ in range(4_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 12)))
        text += rng.choice(verbs) + " " + rng.choice(["Gx7.kP2m", "'hunter2'", "`Zq9!mR4t`"]) + " as "
        text += rng.choice(["", "the ", "my ", "our new "]) + rng.choice(labels)
        text += "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 6)))
        look = Look(text)
        got = []
        _value_first(text, look.low, look.anchors, got)
        rx = compiled("value-first", "")  # (compiled by the call above)
        every = []
        for at in look.anchors.at(" as "):
            start = max(0, look.low.rfind("\n", 0, at) + 1, at - 150)
            m = rx.search(text, start, min(len(text), at + 60))
            if m is not None:
                strength = WEAK if m.group(2).lower() == "key" else STRONG
                _take(text, every, m.span(1), strength, candidates.PROSE,
                      "password" if m.group(2).lower().startswith("pass") else "secret")
        assert got == every, text
        assert all(f[1] == P_CANDIDATE for f in got)
        taken += bool(got)
    assert taken > 100


def test_the_patterns_after_a_label_need_a_letter_where_they_are_not_tried():
    """After a label, the qualifier's pattern is tried only where blanks then a letter (`[^\\W\\d_]`)
    or a bracket follow, the connector's and the changed-to preposition's where blanks then a
    letter do (the connector's also right at the letter), the compound's head where a blank then a
    blank or a-z does: where each is not tried, it matches nothing."""
    from store.privacy.values import CACHE

    candidates._changed_to("x to y", "x to y", 0, 1, 1, STRONG, "password", [])  # (compiles the patterns)
    candidates._after_label("password manager", "password manager", 0, 8, "password", STRONG, False, [])
    qualifier, connector, verb = candidates._qualifier(), candidates._connector(), CACHE["verb-preposition"]
    head = CACHE["compound-head"]
    rng = random.Random(29)
    parts = [" ", "\t", "  ", "\n", "for", "the", "db", "is", "to", "a", "en", "de", ":", "=", "-", "(x)", "[db]",
             "\uff08x\uff09", "\u3010x\u3011", "'elastic'", "é", "ñ", "\u00b2", "3", "_", "Gx7.kP2m", "est", "ist",
             "\u3092", "\u306f", "\uc744", "\u5bc6", "\u0436", "X", ".", ",", "\u2014", "\u00a0"]
    ruled_out = 0
    for _ in range(20_000):
        low = "".join(rng.choice(parts) for _ in range(rng.randint(1, 8))).lower()
        for i in range(len(low)):
            j = i
            while j < len(low) and low[j] in " \t":
                j += 1
            lead = low[j:j + 1]
            letter = lead.isalnum() and not lead.isdecimal() and lead != "_"
            if not ((letter and j > i) or (lead and lead in "(\uff08[\u3010")):
                ruled_out += 1
                assert qualifier.match(low, i) is None, repr(low)
            if not letter:
                assert connector.match(low, i) is None, repr(low)
            if not (letter and j > i):
                assert verb.match(low, i) is None, repr(low)
            if not ("a" <= low[i + 1:i + 2] <= "z" or low[i + 1:i + 2] in ("\t", " ")):
                assert head.match(low, i) is None, repr(low)
    assert ruled_out > 10_000


def test_a_parent_s_mapping_is_searched_only_after_its_name_s_separator():
    """_under_secret_parent searches a mapping or a list of objects after a plural secret word only
    where "secret-parent-opens" matches at the word: where it does not, no match of either search
    holds the word."""
    from store.privacy.values import CACHE

    look = Look("db_secrets: {a: 'Gx7.kP2m'}\napi_tokens = [ {a: 'Gx7.kP2m'} ]\n")  # (compiles the patterns)
    candidates._under_secret_parent(look.text, look.low, look.anchors, [])
    opens, inline, listed = (CACHE[name] for name in ("secret-parent-opens", "secret-parent-inline", "secret-parent-list"))
    rng = random.Random(31)
    parts = ["secrets", "tokens", "passwords", "creds", "db_", "x.", "-", "\"", "'", " ", "\t", ":", "=", "=>", "{", "[",
             "[ {", "\n", "é", "test_", "[error0-", "]", "::", "a" * 30]
    ruled_out = 0
    for _ in range(20_000):
        low = "".join(rng.choice(parts) for _ in range(rng.randint(1, 10)))
        for at in range(len(low)):
            if not low.startswith(("secrets", "tokens", "passwords", "creds"), at):
                continue
            if opens.match(low, at, at + 80) is None:
                ruled_out += 1
                for rx, reach in ((inline, 40), (listed, 80)):
                    m = rx.search(low, max(0, at - 40), at + reach)
                    assert m is None or not m.start() <= at < m.end(), repr(low)
    assert ruled_out > 5_000


def test_a_callee_s_path_is_walked_back_to_where_the_pattern_finds_its_call():
    """_calls_on_line strips a callee's ASCII characters before a `(` in one call, then walks on a
    character at a time: it yields what the pattern finds over the whole line (names of ASCII and
    not, `::`, `->`, PowerShell's `[Type]::`, generics, runs longer than the window)."""
    rx = candidates.compiled("call-test", r"(?<![A-Za-z_$])([A-Za-z_$][\w$]*+(?:(?:\.|::|->)[A-Za-z_$][\w$]*+)*+)[ \t]*\(")
    rng = random.Random(37)
    parts = ["a", "Z", "9", "_", "$", ".", "::", "->", "[", "]", "é", "Ж", "\u00b2", " ", "/", "x" * 300, "(", "(\"a\")", ",",
             "!", "<T>", ">", "\t"]
    for _ in range(5_000):
        text = "".join(rng.choice(parts) for _ in range(rng.randint(1, 12))) + "()"
        got = [m.span() for m in candidates._calls_on_line(rx, text, 0, len(text))]
        assert got == [m.span() for m in rx.finditer(text)], repr(text)


def test_a_line_of_code_before_a_label_is_told_as_by_the_lazy_pattern():
    """"label-line-code" (a command's or a CSV header's character before a label that ends its
    line) reads the line's head by a possessive run: it matches where the lazy pattern it replaced
    matched, on lines of every character it looks for, a line break and others."""
    import re

    lazy = re.compile(r"[^\n]*?[|;$(){}=<>\"`,]")
    candidates._after_label("a\npassword\n", "a\npassword\n", 2, 10, "password", STRONG, False, [])
    rx = candidates.CACHE["label-line-code"]  # (the pattern the label finder compiled)
    rng = random.Random(41)
    chars = list("|;$(){}=<>\"`,") + ["\n", "a", " ", "\t", "é", "-", "/", ":", "x" * 40]
    for _ in range(20_000):
        text = "".join(rng.choice(chars) for _ in range(rng.randint(0, 12)))
        for ls in range(len(text) + 1):
            for s in range(ls, len(text) + 1):
                assert (rx.match(text, ls, s) is None) == (lazy.match(text, ls, s) is None), (repr(text), ls, s)


def test_a_name_is_read_back_to_its_start_past_the_64_characters_stripped_at_once():
    """_labels strips a name's characters before its label from a slice of 64, then goes on one by
    one: a flag's dash before a name of any length is found (`--aaa…_password: X` is a flag, not a
    label), and a name without one still takes its value."""
    from store.privacy.values import forget_values

    for k in (0, 1, 40, 55, 56, 57, 60, 63, 64, 65, 100, 190):
        for name in ("a" * k + "_password", ("a.b-" * k)[:k] + "_password"):
            for head, taken in (("--", False), ("x ", True)):
                text = head + name + ": Gx7.kP2m (change after first login)\n"
                forget_values()
                look = Look(text)
                found = []
                candidates._labels(look.text, look.low, look.anchors, found)
                assert bool(found) == taken, (k, repr(text), found)


def test_an_ascii_word_after_a_directive_is_taken_only_random_or_alone_as_a_config_s_value():
    """candidates._after_space returns before the line's context for an ASCII word that decide()
    does not take after a space (not random) and that is short or not alone: no strength and
    no style it would be judged with takes it."""
    import random

    from store.privacy.evidence import ASSIGN, SPACE, decide
    from store.privacy.values import forget_values

    rng = random.Random(5)
    words = ["word", "is", "the", "Sunshine", "admin", "changeme", "secret", "password", "expired", "abc",
             "hunter", "TOKEN", "PASSWORD", "required", "none", "null", "true", "xkcd", "Orchid"]
    words += ["".join(rng.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(rng.randint(1, 60)))
              for _ in range(400)]
    skipped = 0
    for word in words:
        forget_values()
        for strength in (WEAK, MEDIUM, STRONG):
            if decide(word, strength, SPACE):
                continue
            for alone in (False, True):
                if len(word) >= 4 and alone:
                    continue
                skipped += 1
                for judged in (strength, STRONG):
                    for style in (ASSIGN, SPACE):
                        assert not decide(word, judged, style, alone=alone), (word, strength, judged, style, alone)
    assert skipped > 500


def test_the_preposition_test_before_changed_to_holds_wherever_its_pattern_matches():
    """candidates._after_label_words calls _changed_to after a word only where one of
    "verb-preposition"'s words and a blank start after the label's blanks: wherever the pattern
    matches, that test holds (words that start with a preposition, tabs, scripts beyond ASCII)."""
    from store.privacy.lexicon import AFTER_VERB_PREPOSITIONS
    from store.privacy.values import compiled

    rng = random.Random(5)
    words = list(AFTER_VERB_PREPOSITIONS) + ["tower", "another", "into", "parallel", "enter", "dot", "nada", "вход",
                                             "إلىه", "àla", "zum", "aufs", "Gx7.kP2m", "x"]
    candidates._changed_to("", "", 0, 0, 0, MEDIUM, "password", [])  # (compiles "verb-preposition")
    rx = compiled("verb-preposition", "")
    matched = 0
    for _ in range(3000):
        low = "пароль" + "".join(rng.choice([" ", "\t", "  ", " \t"]) + rng.choice(words) for _ in range(rng.randint(1, 3)))
        low += rng.choice(["", " ", "\n", "\t"])
        i = 6
        j = i
        while j < len(low) and low[j] in " \t":
            j += 1
        if rx.match(low, i) is not None:
            matched += 1
            assert j > i and low.startswith(candidates._PREPOSITION_BLANK, j), low
    assert matched > 500


def test_a_value_after_a_verb_of_changing_and_its_preposition_is_still_taken():
    for text, value in (("cambié la contraseña a Gx7.kP2m mañana", "Gx7.kP2m"),
                        ("поменял пароль на\tQw9#rT4z вчера", "Qw9#rT4z"),
                        ("I changed the password to  Xk2$mN8p today", "Xk2$mN8p")):
        look = Look(text)
        found = []
        candidates.find(text, look.low, look.anchors, found, None)
        assert value in [text[f[0]:f[2]] for f in found], text


def test_the_two_letters_tested_before_the_compound_head_pattern_start_every_head_it_finds():
    """candidates._after_label tries "compound-head" after a blank and a letter only where a head's
    first two letters stand there: wherever the pattern finds a head, they do (heads, their
    prefixes and longer words, one blank or more, digits and letters beyond ASCII after them)."""
    from store.privacy.lexicon import COMPOUND_HEADS
    from store.privacy.values import compiled

    rng = random.Random(6)
    heads = sorted(COMPOUND_HEADS)
    rx = compiled("compound-head", r"[ \t]+([a-z]{2,12})\b")
    found = 0
    for _ in range(4000):
        head = rng.choice(heads)
        word = rng.choice([head, head[:2], head[:-1], head + "s", "x" + head, head + "é", head + "2", "the", "a"])
        low = "password" + rng.choice([" ", "\t", "  ", " \t"]) + word + rng.choice(["", " ", ":", "\n", "_x"])
        i = 8
        m = rx.match(low, i)
        if m is not None and m.group(1) in COMPOUND_HEADS:
            found += 1
            assert low[i + 1] in " \t" or low[i + 1:i + 3] in candidates._HEAD_STARTS, low
    assert found > 400

