"""How the privacy filter's finders look, as opposed to what they decide: shortcuts that skip
text must never skip a secret (the same output as without them: test_filter_unchanged.py)."""

import re

import pytest

from store.privacy import find_secrets
from store.privacy.commands import _TOOL_WORD
from store.privacy.rules import COMMAND_LINE


def test_every_command_line_tool_is_one_run_of_tool_characters():
    # commands._tool_words skips a tool that is not one of its line's runs: a tool of other
    # characters (a space, a dot) would never be found
    for tools, _sub, _forms in COMMAND_LINE:
        for tool in tools:
            assert re.fullmatch(_TOOL_WORD, tool.lower()), tool


def test_a_flag_of_many_tools_is_read_on_short_and_long_lines():
    secret = "Xk9vQ2mZ7pLw"
    filler = "echo step done; " * 60  # a line far longer than a segment
    for text in (f"mysql -u root -p{secret} app", f"{filler}\nmysql -u root -p{secret} app",
                 f"{filler}mysql -u root -p{secret} app", f"x\n{filler}| mysql -u root -p{secret}"):
        spans = find_secrets(text)
        assert [text[s:e] for _k, s, e in spans] == [secret], text
    assert not find_secrets(f"{filler}grep -p{secret} notes.txt")  # -p of a tool that takes no password


def test_a_flag_of_few_tools_is_read_where_its_tool_stands_on_its_line():
    # commands._tool_near looks for the tool from the flag's line start (400 characters at most):
    # the position rule alone, on short and long lines, and never by a tool of the line above
    from store.privacy import Look
    from store.privacy.commands import command_lines

    secret = "Xk9vQ2mZ7pLw"
    filler = "echo step done; " * 60

    def found_by_position(text):
        look = Look(text)
        command_lines(look.text, look.low, look.anchors, look.found)
        return [text[s:e] for s, _p, e, _k in look.found]

    for text in (f"keytool -list -storepass {secret}", f"{filler}\nkeytool -list -storepass {secret}",
                 f"{filler}keytool -list -storepass {secret}", f"x\n{filler}| keytool -storepass {secret}"):
        assert found_by_position(text) == [secret], text
    assert found_by_position(f"keytool -list\n -storepass {secret}") == []  # the tool is the line above's
    assert found_by_position(f"keytool {filler} -storepass {secret}") == []  # beyond a segment's reach


def _places(text, literal):
    out, at = [], text.find(literal)
    while at >= 0:
        out.append(at)
        at = text.find(literal, at + 1)
    return out


def _found_as_a_find_finds_them(text, note="", literals=None):
    """Every literal the filter looks for in `text` (or each of `literals`) is found by the first
    pass where a find of it finds it, and `present` holds exactly the literals that stand; the
    anchors, for what a test checks more."""
    from store.privacy import _literals_for, _lower
    from store.privacy.anchors import Anchors

    low = _lower(text)
    if literals is None:
        literals = _literals_for(low)
    anchors = Anchors(low, literals)
    assert anchors.present == {lit for lit in literals if lit in low}, note
    for literal in literals:
        assert anchors.at(literal) == _places_of_the_word(low, literal), (literal, note)
    return anchors


def _places_of_the_word(low, literal):
    """_places, less those where the literal begins another word (anchors.OTHER_WORDS: `author`)."""
    from store.privacy.anchors import OTHER_WORDS

    endings = OTHER_WORDS.get(literal, ())
    n = len(literal)
    return [p for p in _places(low, literal)
            if not any(low.startswith(end, p + n) and not low[p + n + len(end):p + n + len(end) + 1].isalpha()
                       for end in endings)]  # fmt: skip


def test_the_one_pass_finds_every_place_of_every_literal_in_a_large_text():
    from store.privacy.anchors import ONE_PASS_FROM

    lines = ["DB_PASSWORD=Xk9vQ2mZ7pLw passwd pwd pw key api key private key token", "mysql -u root -pX /p:x",
             "пароль: 秘密 密码：abc contraseña パスワード", "passpasswordpassw pwpwd keykey tokentoken", "İstanbul ς ẞ"]
    # with and without wide characters, and with a few (each read in the one-byte copy, not past
    # WIDE_BY_FIND of them)
    few = "\n".join(lines[:2] + lines[3:]) * 700 + "\n" + lines[2] + "?? ¿" * 50 + lines[2]
    for text in ("\n".join(lines * 900), "\n".join(lines[:2] + lines[3:]) * 700, few):
        assert len(text) > ONE_PASS_FROM
        _found_as_a_find_finds_them(text)


def test_the_start_words_in_the_pass_are_rules_starts_and_found_as_a_find_finds_them():
    """START_WORDS_IN_THE_PASS: each is a start of a rule (Rule.starts), one of the literals of
    the one pass, and its places there are a find's, in ASCII and wide texts."""
    from store.privacy import START_WORDS_IN_THE_PASS, _literals, _literals_for, _lower
    from store.privacy.anchors import ONE_PASS_FROM, Anchors
    from store.privacy.rules import TOKEN_RULES

    starts = {lit for rule in TOKEN_RULES for lit, _offset in rule.starts}
    assert set(START_WORDS_IN_THE_PASS) <= starts & set(_literals(True))
    line = "machine h login u password p\nsignin sign_in(a, 'b') https://x.example/hooks/ printf machinemachine\n" \
        "default echo 'x' | sudo -S kinit; config set a b; docker login --password-stdin echoecho\n"
    for text in (line * 1_000, (line + "İé 秘密\n") * 900, line):
        low = _lower(text)
        anchors = Anchors(low, _literals_for(low))
        for word in START_WORDS_IN_THE_PASS:
            assert anchors.at(word) == _places(low, word), word
            assert word in anchors.present
    assert len(line * 1_000) > ONE_PASS_FROM


def _mixed_texts(literals, seed, size):
    """Texts past ONE_PASS_FROM made of the rules' literals, their pieces and their overlaps
    (`passpassword`, `apikey`, a literal run into the next), separators, wide characters and
    characters whose lowercase is longer or contextual, with a literal at each end."""
    import random

    rng = random.Random(seed)
    lits = sorted(literals)
    pieces = [" ", "\n", "\t", "=", ":", "|", "/", "-", "_", "(", '"', "'", "x", "9", "é", "İ", "ς", "秘密", "🙂"]
    out = [rng.choice(lits)]
    total = 0
    while total < size:
        lit = rng.choice(lits)
        kind = rng.randrange(6)
        if kind == 0:
            part = lit[: rng.randrange(1, len(lit) + 1)]  # a prefix: a near miss
        elif kind == 1:
            part = lit[rng.randrange(len(lit)) :]  # a suffix: the end of a literal that overlaps the next
        elif kind == 2:
            part = lit * rng.randrange(1, 4)  # repeated, touching itself
        elif kind == 3:
            part = rng.choice(pieces)
        else:
            part = lit
        out.append(part)
        total += len(part)
    out.append(rng.choice(lits))
    return "".join(out)


def test_the_one_pass_finds_what_a_find_per_literal_finds_on_generated_texts():
    from store.privacy import _literals, _literals_for, _lower
    from store.privacy.anchors import ONE_PASS_FROM

    every = _literals()
    for seed in range(12):
        text = _mixed_texts(every, seed, ONE_PASS_FROM + 2_000)
        if seed % 3 == 0:  # ASCII only: the one-byte path and the ASCII literals
            text = text.encode("ascii", "ignore").decode()
        elif seed % 3 == 1:  # upper case, lowered as the filter lowers it
            text = text.upper()
        low = _lower(text)
        for literals in (_literals_for(low), every):
            anchors = _found_as_a_find_finds_them(text, seed, literals)
            for literal in literals:
                assert bool(anchors.count(literal, first=True)) == (literal in low), (seed, literal)


@pytest.mark.parametrize("one_pass", [False, True], ids=["a find per literal", "the one pass"])
def test_short_and_empty_texts_give_what_a_find_per_literal_gives(monkeypatch, one_pass):
    # short texts take either way: a find per literal, or the one pass once a process has
    # compiled it (ONE_PASS_ONCE_BUILT)
    from store.privacy import _literals
    from store.privacy import anchors as module

    limit = 0 if one_pass else 10**9
    monkeypatch.setattr(module, "ONE_PASS_FROM", limit)
    monkeypatch.setattr(module, "ONE_PASS_ONCE_BUILT", limit)
    every = _literals()
    texts = ["", "p", "passpassword", "apikey", "key", "| :aa", "パスワード", "PASSWORD İ"]
    texts += [_mixed_texts(every, seed, size) for seed in range(30) for size in (300, 3_000)]
    for text in texts:
        _found_as_a_find_finds_them(text, text, every)


def test_the_one_pass_finds_a_literal_at_each_end_of_a_large_text():
    from store.privacy import _literals, _literals_for, _lower
    from store.privacy.anchors import ONE_PASS_FROM, Anchors

    every = _literals()
    assert max(map(len, every)) < 100
    for i, literal in enumerate(every):
        filler = ("0.1 é " if i % 2 else "0.1 + ") * (ONE_PASS_FROM // 6 + 1)
        low = _lower(literal + filler + literal)
        literals = _literals_for(low)
        assert literal in literals
        anchors = Anchors(low, literals)
        assert anchors.at(literal) == _places(low, literal), literal
        # the filler repeats every 6 characters: a literal (under 100) stands in the large text
        # if and only if it stands in the same text with 600 characters of filler
        short = _lower(literal + filler[:600] + literal)
        assert anchors.present == {lit for lit in literals if lit in short}, literal


def test_any_table_of_literals_is_found_as_a_find_per_literal_finds_it():
    # the literal table grows (lexicon words, rules' anchors): whatever it holds (literals that
    # are prefixes of others, that overlap themselves, of one character, of common letters that
    # share a first one, beyond ASCII) the one pass finds what a find per literal finds
    import random

    from store.privacy.anchors import ONE_PASS_FROM, Anchors

    alphabet = "seatoin ||::kzp-(é秘"
    for seed in range(8):
        rng = random.Random(seed)
        literals = {"".join(rng.choice(alphabet) for _ in range(rng.randrange(1 if seed % 2 else 3, 7)))
                    for _ in range(60)}
        literals |= {"".join(rng.choice("seatoin ") for _ in range(rng.randrange(3, 7))) for _ in range(40)}
        literals |= {"sess", "session", "sessions", "secret", "seed", "pass", "password", "key", "| "}
        literals = tuple(sorted(literals))
        low = "".join(rng.choice(alphabet + "xyz\n") for _ in range(ONE_PASS_FROM + 500))
        low += "".join(rng.choice(literals) for _ in range(3_000))
        anchors = Anchors(low, literals)
        assert anchors.present == {lit for lit in literals if lit in low}, seed
        for literal in literals:
            assert anchors.count(literal) == low.count(literal), (seed, literal)  # before and after `at`
            assert anchors.at(literal) == _places(low, literal), (seed, literal)
            assert anchors.count(literal) == low.count(literal), (seed, literal)
        if seed == 0:  # each literal alone in a large text: one inside another is its only place
            filler = "xyz" * (ONE_PASS_FROM // 3)
            for alone in literals:
                low = filler + alone + filler
                assert Anchors(low, literals).present == {lit for lit in literals if lit in low}, alone


def test_long_runs_are_the_maximal_runs_of_run_characters():
    import random

    from store.privacy.anchors import RUN_CHARS, RUN_MIN, long_runs

    reference = re.compile("[" + re.escape("".join(sorted(RUN_CHARS))) + "]{" + str(RUN_MIN) + ",}")
    rng = random.Random(3)
    alphabet = "aZ9+/_-.~$=" * 6 + " \n\t:é€İ🙂\x00\xff"
    texts = ["", "a" * RUN_MIN, "a" * (RUN_MIN - 1), "é" + "a" * RUN_MIN + "🙂", "x" * 40 + " " + "y" * 20]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randrange(300))) for _ in range(400)]
    for text in texts:
        assert long_runs(text) == [m.span() for m in reference.finditer(text)], text


def test_holds_answers_as_in_does_on_large_texts():
    # values.holds: `needle in text`, by a regex from the needle's first rare character on a
    # large text (the needle at each end, across lines, cut short, absent)
    from store.privacy.values import HOLDS_BY_REGEX_FROM, holds

    filler = "ab-cd |x\n" * (HOLDS_BY_REGEX_FROM // 9 + 1)
    for needle in ("|-", "| -", "|:-", "-+-", ',"', "||", "??", "\n$ ", "-----BEGIN "):
        for text in (filler, needle + filler, filler + needle, filler + needle[:-1], needle[1:] + filler,
                     filler[:-1] + needle[:1] + "\n" + needle[1:], needle[:1] + filler + needle[1:]):
            assert holds(text, needle) == (needle in text), (needle, text[:8], text[-8:])
            assert holds(text[-40:], needle) == (needle in text[-40:])


def test_table_rules_are_the_lines_the_rule_pattern_matches():
    import random

    from store.privacy.candidates import _table_rules

    rule = re.compile(r"(?m)^[ \t]*[|+]?[ \t:]*-[-+|: \t]*\n")
    rng = random.Random(5)
    texts = ["", "-\n", "|---|\n", "a|---|\n", "- x -\n", "+--+--+\n|a|b|\n", " :-- | --: \nx",
             " src/a.py | 12 +++---\n", "++-\n", "x+-\n", "\t+-\n", "+-\n", ":|-\n", "| :-\n", "a -\n-\n"]
    texts += ["".join(rng.choice(" \t|+:-\nax") for _ in range(rng.randrange(40))) for _ in range(3000)]
    texts += ["".join(rng.choice(["+", "-", "|", ":", " ", "\t", "\n", "a", "--", "++", "|-", "+-", " 12 "])
                      for _ in range(rng.randrange(30))) for _ in range(3000)]
    for text in texts:
        assert list(_table_rules(text)) == [m.start() for m in rule.finditer(text)], text


def test_user_password_at_host_is_found_past_other_colons_and_addresses():
    # the pattern is tried only after the last `:` before `@` (values a password can hold)
    secret = "Xk9vQ2mZ7p"
    for text in (f"Author: Ana <ana@example.com>\nproxy: http {'a' * 150} bob:{secret}@proxy.example.com",
                 f"Date: 12:30 rsync -e ssh bob:{secret}@10.0.0.7:/srv ana@example.com"):
        assert [text[s:e] for _k, s, e in find_secrets(text)] == [secret], text
    for text in ("Author: Ana <ana@example.com>", "at 12:30 ana@example.com wrote", "key: a b@example.com",
                 "x:ab@example.com"):
        assert not find_secrets(text), text


def test_a_getter_is_found_from_its_return_of_a_literal_as_from_every_return():
    # fallbacks_and_returns reads only the windows of lines that hold `return "…"` (`must`)
    import random

    from store.privacy import _lower
    from store.privacy.candidates import _lines_matching
    from store.privacy.values import compiled

    find_secrets('def get_token():\n    return "Xk9vQ2mZ7pLw"')  # compiles the getter's patterns
    getter, must = compiled("getter", ""), compiled("getter-return", "")
    parts = ["def get_token():\n", "    return 'abc'\n", "    return x\n", "  # c\n", "\n", "@dec\n", "fn key() ",
             "function password() {\n", ' return "pw" }\n', "RETURN 'X'\n", "return\t'q'\n", "def a(): return 'b'\n"]
    rng = random.Random(4)
    for _ in range(3000):
        text = "".join(rng.choice(parts) for _ in range(rng.randrange(14)))
        low = _lower(text)
        every = [m.span() for m in _lines_matching(text, low, ("return",), getter, back=3)]
        assert [m.span() for m in _lines_matching(text, low, ("return",), getter, back=3, must=must)] == every, text


def test_the_fallbacks_lines_found_by_the_anchors_are_those_a_scan_of_each_needle_finds():
    """fallbacks_and_returns's needles (` or `, `||`, `??`, `return`) found by the text's anchors
    (overlapping places too, in the one-byte copy of a wide text): the same matches as a scan of
    each needle, long texts and texts beyond ASCII too."""
    import random

    from store.privacy import Look
    from store.privacy.candidates import _lines_matching
    from store.privacy.values import compiled

    find_secrets('PASSWORD = os.getenv("P") or "Xk9vQ2mZ7pLw"\ndef get_token():\n    return "Xk9vQ2mZ7pLw"')
    fallback, getter = compiled("fallback", ""), compiled("getter", "")
    parts = ['PASSWORD = os.getenv("P") or "Xk9vQ2"\n', "token = a || 'b'\n", "key = a ?? 'c';\n", " or ", " OR ",
             "|||", "???", " or or ", "x = y or 'z'\n", "\n", "é", "İ", "🙂", "def get_key():\n", "  return 'r'\n", "a" * 40]
    rng = random.Random(8)
    for n in range(400):
        text = "".join(rng.choice(parts) for _ in range(rng.randrange(30)))
        if n % 4 == 0:
            text = (text + "\n") * (60_000 // (len(text) + 1) + 1)  # past the one-pass size
        look = Look(text)
        for needles, rx, back in (([" or ", "||", "??"], fallback, 0), (["return"], getter, 3)):
            every = [m.span() for m in _lines_matching(text, look.low, needles, rx, back=back)]
            got = [m.span() for m in _lines_matching(text, look.low, needles, rx, back=back, anchors=look.anchors)]
            assert got == every, text[:300]


def test_a_run_without_a_path_character_holds_one_token_start_at_most_its_own():
    """_provider_tokens reads a run without `/`, `+` or `=` from its start alone (where that is a
    letter or a digit: every provider's prefix starts so), without rules.TOKEN_RUN: the pattern
    finds there that one start, or none, and in a run with them what it finds is read by it."""
    import random

    from store.privacy.anchors import long_runs
    from store.privacy.rules import TOKEN_RUN

    rx = re.compile(TOKEN_RUN)
    rng = random.Random(9)
    alphabet = "aZ9_-.~$+/=" * 3 + " \n:éİ🙂"
    texts = ["", "a" * 16, "_" + "a" * 20, "a" * 15 + "/" + "b" * 16, "x=" + "A1" * 9 + "+" * 3 + "-" * 16]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randrange(90))) for _ in range(5000)]
    # the same runs again in other places (each run's starts are read once a text)
    texts += [" ".join(texts[-40:]) + "\n" + "é".join(texts[-40:]), ("src/a/" + "b" * 20 + " ") * 9,
              "a" * 20 + "/b " + "b/" + "a" * 20 + " " + "a" * 20 + "/b"]
    for text in texts:
        for a, b in long_runs(text):
            if not any(ch in text[a:b] for ch in "/+="):
                assert [m.start() for m in rx.finditer(text, a, b)] == ([a] if text[a].isalnum() else []), text


def test_at_most_lists_a_literal_up_to_its_limit_and_at_goes_on_from_there():
    """commands.py asks whether a trigger stands more than MANY_PLACES times, then for its places:
    at_most answers both in one scan, as count() then at() would."""
    from store.privacy import _literals_for, _lower
    from store.privacy.anchors import ONE_PASS_FROM, Anchors

    text = ("use the user; net use x: /user:ana; abab aba " * 3000)[: ONE_PASS_FROM + 50_000]
    low = _lower(text)
    literals = _literals_for(low)
    for literal in ("use", "user", "net use", "abab", "aba", "key", "nowhere", "password"):
        for limit in (0, 1, 5, 2_999, 3_000, 3_001, 100_000):
            anchors = Anchors(low, literals)
            got = anchors.at_most(literal, limit)
            expected = Anchors(low, literals)
            if expected.count(literal) <= limit:
                assert got == _places(low, literal), (literal, limit)
            else:
                assert got is None, (literal, limit)
            assert anchors.at(literal) == _places(low, literal), (literal, limit)


@pytest.mark.parametrize("seed", range(3))
def test_a_literal_asked_for_later_has_every_place_in_any_order_of_asking(seed):
    """A literal not found by the first pass is read from the places of one found before that
    stands inside it (`user` from `use`, `echo ` from `echo`, `createuser` from `user`), or by the
    engine from its first character (`??`, `||`, which overlap themselves), or by `find`; in the
    one-byte copy of a wide text a `?` stands for any character beyond Latin-1, so `??` there is
    checked in the text.  Whatever was asked before, each answer is every place, overlapping
    ones too, and at_most agrees."""
    import random

    from store.privacy import _literals_for, _lower
    from store.privacy.anchors import ONE_PASS_FROM, Anchors

    rng = random.Random(seed)
    pieces = ["use", "user", "createuser", "setuser", "echo", "echo ", "??", "???", "|||", "||", "net", "config",
              " as ", " or ", "insert", "rman", "identified", "default", "x" * 40, "\n", " ", "?", "|", "é", "한국",
              "🙂", "ab", "s", "e", "a? ?"]
    text = "".join(rng.choice(pieces) for _ in range(ONE_PASS_FROM // 3))
    if seed == 2:
        text = text.encode("ascii", "replace").decode("ascii")  # (no one-byte copy)
    low = _lower(text)
    literals = _literals_for(low)
    asked = ["use", "user", "createuser", "setuser", "echo", "echo ", "??", "||", "net", "config", " as ", " or ",
             "insert", "rman", "identified", "default", "a? ", "? ?", "nowhere", "|", "???", "|||"]
    for order in range(6):
        anchors = Anchors(low, literals)
        rng.shuffle(asked)
        for literal in asked:
            if rng.random() < 0.5:
                limit = rng.choice((0, 3, 100, 10_000))
                got = anchors.at_most(literal, limit)
                assert got is None or got == _places(low, literal), (literal, limit)
            assert anchors.at(literal) == _places(low, literal), (literal, order)
            assert bool(anchors.count(literal, first=True)) == (literal in low), literal


@pytest.mark.parametrize("seed", range(6))
def test_a_long_text_lowered_in_pieces_is_the_text_lowered_whole(monkeypatch, seed):
    """_lower lowers a long text beyond ASCII in pieces (the ASCII ones the fast way): the copy is
    the one a single lowering gives, whatever stands at the pieces' ends (Σ, İ, ß, ǅ, ﬀ)."""
    import random

    import store.privacy as privacy

    rng = random.Random(seed)
    alphabet = ["a", "B", "İ", "ß", "Ω", "ǅ", "ﬀ", "ẞ", "K", "x" * 50, "\n", " ", "é", "ΐ", "ŉ", "I", "ς", "σ", "Σ"]
    if seed % 3 == 1:
        alphabet.remove("Σ")
    elif seed % 3 == 2:
        alphabet.remove("İ")  # (Σ without İ: lowered whole, Σ by its neighbours)
    text = "".join(rng.choice(alphabet) for _ in range(30_000))
    whole = privacy._lower(text)
    monkeypatch.setattr(privacy, "LOWER_IN_PIECES_FROM", 0)
    assert privacy._lower(text) == whole
    monkeypatch.setattr(privacy, "LOWER_IN_PIECES_FROM", 10**9)
    assert privacy._lower(text) == whole


def test_string_lists_are_what_the_pattern_finds_scanning_the_text():
    """_arrays's lists of strings are found from the brackets and parentheses a quote follows
    (the parentheses' from the one pass's places): the same matches as the pattern's scan of the
    whole text, nested and overlapping ones too, in a short text and past the one pass's size."""
    import random

    from store.privacy import Look
    from store.privacy.candidates import _string_lists
    from store.privacy.values import CACHE

    find_secrets('run(["ssh", "-p", "22"])')  # (the pattern compiled as the filter compiles it)
    rng = random.Random(11)
    pieces = ["[", "(", '"', "'", ",", " ", "\t", "\n", "a", "x(", '"a",', "'b'", "]", ")", '("', "['", "( ", "(\t"]
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 400))) for _ in range(300)]
    rx = CACHE["string-list"]
    for text in [*texts, "".join(texts)]:
        got = [m.span() for m in _string_lists(rx, text, Look(text).anchors)]
        assert got == [m.span() for m in rx.finditer(text)], text


def test_a_rule_with_a_reach_is_tried_where_a_scan_from_every_start_finds_it(monkeypatch):
    """Rule.reach (`IDENTIFIED BY` within 205 characters of `user`/`role`/`login`): the places
    found back from `identified` give the matches every `user` gives, with ı, İ or ſ in the text
    too (a case-blind pattern reads them as ASCII letters: their places are looked at too)."""
    import random

    import store.privacy as privacy
    from store.privacy.anchors import ONE_PASS_FROM
    from store.privacy.rules import TOKEN_RULES

    reaching = [i for i, rule in enumerate(TOKEN_RULES) if rule.reach is not None]
    assert {TOKEN_RULES[i].reach for i in reaching} >= {("identified", 205), ("<<<", None)}
    rng = random.Random(5)
    pieces = ["user ", "ROLE app ", "login x ", "Users ", "identified by 'pw1' ", "IDENTIFIED BY \"p2\" ",
              "ıdentified by 'p3' ", "İDENTIFIED BY 'p4' ", "uſer ", ";", "\n", "a" * 60, " ", "é",
              "identıfıed by 'p5' ", "IDENTIFİED BY 'p6' ", "ıdentıfıed by 'p7' ", "ſ", "ı", "İ", "identif",
              # (`<<<` on the line of a start: sudo -S, passwd, chpasswd, kinit, --password-stdin, a secret's set)
              "sudo -S ", "sudo -u x -S ", "chpasswd ", "vncpasswd ", "passwd ", "kinit ", "--password-stdin ",
              "gh secret set X ", "--with-token ", "<<< 'pw8' ", "<<<pw9 ", "|", "SUDO -S "]  # fmt: skip
    for n in range(800):
        index = reaching[n % len(reaching)]
        rule = TOKEN_RULES[index]
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 120)))
        if n % 3 == 0:
            text = text.encode("ascii", "ignore").decode()
        elif n % 3 == 1:  # past the one-pass size (and WIDE_BY_FIND): the places found by the passes
            text = text * (ONE_PASS_FROM // len(text) + 1)
        look = privacy.Look(text)
        got = [m.span() for m in privacy._matches(text, look.low, look.anchors, rule, index)]
        monkeypatch.setattr(rule, "reach", None)
        every = [m.span() for m in privacy._matches(text, look.low, privacy.Look(text).anchors, rule, index)]
        monkeypatch.undo()
        assert got == every, text


def test_literals_read_by_another_letters_tree_are_found_where_a_find_finds_them():
    """A literal of common letters found by the tree of a letter it holds (not its first: ` as `,
    `nenosiri`, ` from stdin`, `insert`, and the `h` group's, whose own tree is dissolved): its
    places are a find's, overlapping ones too, at the text's ends, beside the tree's own literals
    and in a wide text's one-byte copy."""
    from store.privacy import _literals_for, _lower
    from store.privacy.anchors import ONE_PASS_FROM, _build

    low = _lower("x")
    literals = _literals_for(low)
    tries = _build(literals)[5]
    attached = [lit for _rx, items in tries for lit, k in items if k]
    assert {" as ", "nenosiri", " from stdin", "insert", "one time", "heslo", "haslo"} <= set(attached)
    body = " ".join(attached + ["as as as ", "nenosirinenosiri", "insertsecret", "sessinsert", "rmanachine",
                                "hasloheslo", "heslemheslu", "salthesla"])
    filler = "qzx " * (ONE_PASS_FROM // 4)
    for text in (body + filler + body + " as", " as " + filler + body, filler + body + "é秘 as " + body + "İ"):
        _found_as_a_find_finds_them(text)


def test_literals_that_stand_together_at_one_pivot_are_all_found():
    """Two literals of one pivot that can stand at one place (`http` and `printf` in
    `httprintf`, `('` and `auth(` in `auth('`): the tree's capture names the first, and each
    other is found too, at the text's ends and in a wide text's one-byte copy."""
    from store.privacy import _literals_for, _lower
    from store.privacy.anchors import ONE_PASS_FROM, _build, _together

    literals = _literals_for(_lower("x"))
    by_pivot = _build(literals)[1]
    pairs = []
    for ch, items in by_pivot.items():
        if ch.isascii():
            pairs += [(a, ja, b, jb) for a, ja in items for b, jb in items if a < b and _together(a, ja, b, jb)]
    assert len(pairs) > 100  # (`http` and every literal that starts at its `p`, ...)
    joined = []
    for a, ja, b, jb in pairs:
        at = max(ja, jb)
        chars = [" "] * (at + max(len(a) - ja, len(b) - jb))
        chars[at - ja:at - ja + len(a)] = a
        chars[at - jb:at - jb + len(b)] = b
        joined.append("".join(chars))
    body = "|".join(joined)
    filler = "qzx " * (ONE_PASS_FROM // 4)
    for text in (body + filler, filler + "é秘" + body):
        _found_as_a_find_finds_them(text)


def test_a_long_text_with_few_characters_beyond_latin1_is_read_for_every_literal():
    """A long text that holds a few characters beyond Latin-1 (box drawing, a Korean or Japanese
    label) is read for every literal of the lexicon, each such character where it stands: the
    literals found are those a find finds, in each script, and none that is absent."""
    from store.privacy import Look, _literals
    from store.privacy.anchors import ONE_PASS_FROM

    words = [lit for lit in _literals() if not lit.isascii()][::7]
    body = " ".join(["│ 비밀번호: x", "パスワード=y", "пароль z", "Ünïcödé"] + words)
    for text in ("qzx " * (ONE_PASS_FROM // 4) + body, body + "qzx " * (ONE_PASS_FROM // 4) + body + "İ"):
        look = Look(text)
        assert look.anchors.present == {lit for lit in _literals() if lit in look.low}
        for literal in _literals():
            assert look.anchors.at(literal) == _places(look.low, literal), literal


def test_literals_read_together_by_one_pass_stand_where_a_find_finds_them():
    """`,user` and `, user` (inside `use`, whose places are not listed) are told present by one
    pass for both: each is present exactly where it stands, alone, both, or neither, and at the
    text's ends."""
    from store.privacy import _literals_for, _lower
    from store.privacy.anchors import ONE_PASS_FROM, Anchors

    filler = "qzx use user " * (ONE_PASS_FROM // 13)
    for body in ("", "a,user", "a, user", "a, user b,user", ",user", ", user"):
        for text in (filler + body, body + filler, filler + body + "é"):
            low = _lower(text)
            anchors = Anchors(low, _literals_for(low))
            for literal in (",user", ", user", "user", "use"):
                assert (literal in anchors.present) == (literal in low), (body, literal)
                assert anchors.at(literal) == _places(low, literal), (body, literal)


def test_a_long_texts_runs_read_from_its_lowercased_copy_are_the_texts_own():
    """Look reads a long text's runs from the one-byte copy of its lowercased copy: the runs are
    those of the text itself, with capitals of ASCII and of Latin-1, a dotted İ, a Σ, and a
    Kelvin sign (lowered to an ASCII `k`: that text's runs are read from the text)."""
    from store.privacy import Look
    from store.privacy.anchors import ONE_PASS_FROM, long_runs

    piece = "ABCDEFGHIJKLMNOPQRST ÀÉÎÕÜ" + "x" * 20 + "İSTANBUL" + "Y" * 16 + "ΣΑΣ " + "z9+/=" * 5 + "秘 "
    filler = "Qzx_" * (ONE_PASS_FROM // 4)
    for text in (filler + piece, piece + filler + piece, filler + "a" * 10 + "\u212a" + "b" * 10 + piece):
        assert Look(text).runs == long_runs(text)


def test_literals_of_a_dissolved_pivot_are_found_where_a_find_finds_them():
    """A pivot whose every literal is read at another pivot or by a letter's tree has no pass of
    its own (`x`: `expect` at its `p`, `setx` in the `s` tree; `_`, `y`, `z`, ...): each of its
    literals is found where a find finds it, overlapping ones and the other literals of those
    pivots and trees too, at the text's ends and in a wide text's one-byte copy."""
    from store.privacy import _literals_for, _lower
    from store.privacy.anchors import ONE_PASS_FROM, RARITY, _build

    literals = _literals_for(_lower("x"))
    by_pivot = _build(literals)[1]
    assert not {"x", "y", "z", "_"} & set(by_pivot)
    moved = [lit for lit in literals if lit.isascii() and min(lit, key=RARITY.find) in "xyz_=>"]
    assert {"expect", "setx", "community", "rocommunity", "authorization", "create_superuser("} <= set(moved)
    body = " ".join(moved + ["rocommunity6rocommunity", "setxsetx", "expectexpdp", "authorizationauthorization",
                             "> user > hmget ", "name=\"code=-", "simple_bind_s(bind_s("])
    filler = "qzx " * (ONE_PASS_FROM // 4)
    for text in (body + filler + body, filler + body, body + "é秘" + filler + body + "İ"):
        _found_as_a_find_finds_them(text)


def test_two_literals_of_one_pass_are_each_found_where_a_find_finds_them():
    """`key` and `token`, read by one pass at their `k` (each named by its capture), and `| default`
    and `|default` by one at their `|` (`| `, which can stand where `| default` does, by its own):
    each is found where a find finds it, side by side, at the text's ends, where the pivot stands
    a few times and where it stands thousands of times, in a wide text's one-byte copy too."""
    from store.privacy import _literals_for, _lower
    from store.privacy.anchors import ONE_PASS_FROM, Anchors, _build

    shared = [lits for lit, (_rx, _bytes_rx, lits, _pivot), _extended in _build(_literals_for(_lower("x")))[4]
              if lit is None]
    assert [lit for lit, _j in shared[0]] == ["key", "token"]
    assert [["| default", "|default"]] == [[lit for lit, _j in lits] for lits in shared if lits[0][0].startswith("|")]
    body = "keytokenkey tokey tokenken kkey token |default| default|| default | |defaul | defaul |"
    for filler in ("qzx " * (ONE_PASS_FROM // 4), "kqz " * (ONE_PASS_FROM // 4), "q| z" * (ONE_PASS_FROM // 4)):
        for text in (body + filler + body, filler + body + "é秘" + body):
            low = _lower(text)
            anchors = Anchors(low, _literals_for(low))
            for literal in ("key", "token", "| default", "|default", "| "):
                assert anchors.at(literal) == _places(low, literal), literal


def test_a_long_text_beyond_ascii_in_every_piece_is_lowered_whole_as_in_pieces(monkeypatch):
    """A long text whose first pieces all hold characters beyond ASCII (Korean scattered through
    output) is lowered whole, not in pieces: the same copy either way, Σ and İ in it too."""
    import store.privacy as privacy

    text = ("Token 비밀번호 ΣΟΦΙΑ İstanbul Kelvin \u212a " * 2_000) + "ASCII ONLY AFTER " * 5_000
    assert not any(text[at:at + 2048].isascii() for at in range(0, privacy.WHOLE_AFTER_WIDE_PIECES * 2048, 2048))
    assert privacy._lower_in_pieces(text) is None
    whole = privacy._lower(text)
    monkeypatch.setattr(privacy, "WHOLE_AFTER_WIDE_PIECES", 10**9)
    assert privacy._lower_in_pieces(text) == whole
    monkeypatch.setattr(privacy, "LOWER_IN_PIECES_FROM", 10**9)
    assert privacy._lower(text) == whole


def test_matches_from_tries_each_place_not_inside_the_last_match():
    """values.matches_from tries the places without a step of Python at each: the same matches
    as trying each place in turn, passing over the places inside a match (one running to the
    text's end too), repeated places, and empty matches."""
    import random

    from store.privacy.values import matches_from

    def each_in_turn(rx, text, places):
        pos = 0
        for at in places:
            if at >= pos:
                m = rx.match(text, at)
                if m is not None:
                    yield m
                    pos = m.end() if m.end() > at else at + 1

    rng = random.Random(11)
    patterns = [re.compile(p) for p in (r"a*", r"ab?c?", r"\?sig=\S*", r"(?<=b)a+", r"c|")]
    for _ in range(3000):
        text = "".join(rng.choice(["a", "b", "c", "?sig=", " ", "\n"]) for _ in range(rng.randrange(40)))
        places = sorted(rng.randrange(len(text) + 1) for _ in range(rng.randrange(30)))
        for rx in patterns:
            got = [m.span() for m in matches_from(rx, text, iter(places))]
            assert got == [m.span() for m in each_in_turn(rx, text, places)], (rx, text, places)


def test_a_runs_provider_tokens_read_once_hold_where_what_follows_it_differs():
    """A run's tokens are read once a text, but what follows a run can change them: a `%` lengthens
    a URL-encoded Slack cookie past the run, a letter beyond ASCII refuses a token's end.  Each
    copy of the run is judged as if it stood alone (fails where the first reading is reused)."""
    from store.privacy import _provider_tokens
    from store.privacy.anchors import long_runs

    cookie = "xoxd-" + "Ab1" * 8
    key = "sk-" + "Zq9" * 8
    for first, then in (("%2Fmore ", " "), (" ", "%2Fmore "), ("é ", " "), (" ", "é ")):
        for token in (cookie, key):
            text = "a " + token + first + "b " + token + then
            found = []
            _provider_tokens(text, long_runs(text), found)
            alone = []
            for part in (text[: text.index("b ")], text[text.index("b ") :]):
                got = []
                _provider_tokens(part, long_runs(part), got)
                alone.append([(s, e) for s, _p, e, _k in got])
            offset = text.index("b ")
            expected = alone[0] + [(s + offset, e + offset) for s, e in alone[1]]
            assert [(s, e) for s, _p, e, _k in found] == expected, text
            assert len(expected) >= 1, text


def test_a_command_line_met_again_gives_the_spans_it_gives_alone():
    """command_lines reads a short line once a text (a flag's and a trigger's passwords never
    cross a line break): each copy of a line, first in the text, after others, last without its
    line break or beside a line too long to be read once, gives the spans it gives alone."""
    from store.privacy import Look, command_lines

    lines = ["mysql -u root -pS3cretPw1 app", "sshpass -p Pw9xYz12 ssh h", "net use Z: \\\\fs\\s Pw8qQ9zz /user:ana",
             "echo x | mysql -u a -pPw7kK2mm", "x" * 500 + " mysql -u root -pPw5aB7cd db",
             "x" * 500 + " net use Z: \\\\fs\\s Pw6qQ9zz /user:ana"]

    def spans(text):
        look = Look(text)
        command_lines(text, look.low, look.anchors, look.found)
        return sorted((s, e) for s, _p, e, _k in look.found)

    alone = {line: spans(line) for line in lines}
    assert all(alone[line] for line in lines)
    for order in (lines, lines[::-1], lines + lines, [lines[0]] * 3):
        text = "\n".join(order)
        expected, pos = [], 0
        for line in order:
            expected += [(s + pos, e + pos) for s, e in alone[line]]
            pos += len(line) + 1
        assert spans(text) == sorted(expected), text


def test_a_layouts_line_met_again_gives_the_spans_it_gives_alone():
    """layouts reads a pair's or a directive's line once a text: each copy of such a line gives the
    spans it gives alone, but an indented directive, which its block's header above decides (not
    kept: the same line under another header gives another answer)."""
    from store.privacy import Look, _find
    from store.privacy.layouts import _at_names

    def spans(text):
        look = Look(text)
        found = []
        _at_names(text, look.hits, found, _find)
        return sorted((s, e, k) for s, _p, e, k in found)

    lines = ["/user add name=ana password=Xy7pQ2zz group=full", "key-string 0 Tq8vX2pLm", "enable secret 0 Pz9kQ4vT",
             "requirepass Kq7vX2pLm9", 'psql "host=db user=app password=Wq8zT3vN"', "requirepass Kq7vX2pLm9 "]
    alone = {line: spans(line) for line in lines}
    assert all(alone[line] for line in lines)
    for order in (lines, lines[::-1], lines + lines):
        text = "\n".join(order)
        expected, pos = [], 0
        for line in order:
            expected += [(s + pos, e + pos, k) for s, e, k in alone[line]]
            pos += len(line) + 1
        assert spans(text) == sorted(expected), text
    block = "radius-server host 10.0.0.1\n key Abc123xyz9\n"
    other = "interface eth0\n key Abc123xyz9\n"
    assert spans(block) and not spans(other)
    assert spans(block + other) == spans(block) and spans(other + block) == [(s + len(other), e + len(other), k)
                                                                             for s, e, k in spans(block)]


def test_each_label_is_found_by_the_first_longest_literal_it_holds():
    # candidates._keys reads the literals in all the labels at once: the same table as a test of
    # each literal, longest first, in each label
    from store.privacy import candidates
    from store.privacy.rules import NAME_TRIGGERS

    base = sorted(set(NAME_TRIGGERS) | {"secret", "token", "pass", "auth"}, key=len, reverse=True)
    labels = set(candidates.LABELS) | set(candidates.OTP_LABELS) | set(candidates.SEED_LABELS) \
        | set(candidates.CODE_LABELS) | set(candidates.WALLET_LABELS)
    expected = {}
    for label in labels:
        key = next((b for b in base if b in label), label)
        expected[label] = (key, label.index(key))
    assert candidates._keys() == expected
    assert sum(key != label for label, (key, _offset) in expected.items()) > 40  # (many found from another)


@pytest.mark.parametrize("split_from", [1, 10**9])
def test_a_dense_pivot_read_by_passes_of_its_own_finds_every_place(monkeypatch, split_from):
    # where a pivot stands densely (find's `/`, ls -l's `-`), the one or two literals that end at
    # it are found by passes of their own (anchors.SPLIT_FROM): never (1) and always (10**9), the
    # places are a find's
    from store.privacy import anchors

    monkeypatch.setattr(anchors, "SPLIT_FROM", split_from)
    text = "\n".join(f"/usr/lib/python3.11/pkg{i}/m.py -rw-r--r-- 1 dev\t-x =-y a / b key=1 pass /p:x ://h"
                     for i in range(2000))
    _found_as_a_find_finds_them(text)
