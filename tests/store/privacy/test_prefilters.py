"""The cheap early rejects in front of the privacy filter's costlier steps: each must say
"cannot match" only where the step it stands in front of cannot match (the filter's decisions
stay those of test_filter_unchanged.py; here each shortcut is checked alone, on texts built to
sit at its edges)."""

import itertools
import random
import re

import pytest

from store.privacy import never


def _befores():
    """Texts that end as a label of an id or a user would (and many that nearly do)."""
    words = ["id", "ID", "Id", "ids", "user", "USER", "username", "user_name", "userName", "login", "email",
             "account", "sid", "SSID", "appId", "client_id", "pid", "token", "key", "name", "grid", "uſer", "K", "idſ"]
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
        if not never._may_end_in_id_label(before.lower().rstrip(" \t\"'\\"), before):
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


def test_a_long_line_tried_only_where_a_credentials_match_can_start_gives_every_match():
    from store.privacy import _lower, find_secrets
    from store.privacy.candidates import _credential_matches, _read_by_places
    from store.privacy.lexicon import CREDENTIAL_LABELS
    from store.privacy.values import CACHE

    find_secrets("Login: admin / Xk9vQ2mZ7pLw")  # compiles the finder's pattern
    rx = CACHE["user-and-password"]
    rng = random.Random(5)
    labels = sorted(CREDENTIAL_LABELS)
    uncased = [label for label in labels if label.lower() == label.upper()]
    pws = ["password", "PASSWORD", "Passwort", "mot de passe", "pw", "contraseña", "Пароль", "ŞIFRE", "ΚΩΔΙΚΌΣ",
           "κωδικός", "Mật khẩu"]
    filler = ["the", " ", "  ", "\t", "\xa0", "—", "本", "🦝", "|", "/", " / ", ":", "=", "a.b", "x" * 25]
    cased_filler = ["é", "Ä", "Жд", "ñ", "Ř"]  # letters of a case that a label's letter does not stand for
    odd = ["\u017f", "\u0131", "\u1c81", "\u0130", "\u03a3"]  # ſ ı ᲁ İ Σ: each lowered so that a place is missed

    def name():  # a run of name characters of 1 to 24 (a match's first branch takes 2 to 20)
        return "".join(rng.choice("abcXYZ019_.-") for _ in range(rng.randint(1, 24)))

    def snippet(cased):
        label = rng.choice(labels if cased else uncased)
        label = rng.choice([label, label.upper(), label.title()])
        if cased and rng.random() < 0.5:  # letters that match another ignoring case
            label = label.replace("s", "\u017f").replace("i", "\u0131").replace("k", "\u212a").replace("д", "\u1c81")
        pw = rng.choice(pws if cased else pws[:5])
        space = rng.choice(["", " ", "\t", "  "])
        head = rng.choice([label, f"{name()}{space}/{space}{pw}", label + " " + name()])
        sep = rng.choice([":", ": ", " = ", " is ", " are: ", " "])
        return f"{head}{sep}{name()}{space}{rng.choice(['/', '|', ':'])}{space}{name()}"

    matched = tried_at_starts = cased_at_starts = 0
    for n in range(600):
        cased = n % 3 == 0  # a third of the lines hold cased letters that match another: read whole
        parts = []
        while sum(map(len, parts)) < 2100:
            parts.append(snippet(cased) if rng.random() < 0.3 else rng.choice(filler))
            if n % 3 == 1 and rng.random() < 0.02:
                parts.append(rng.choice(cased_filler))
        if cased and rng.random() < 0.5:
            parts.insert(rng.randrange(len(parts)), rng.choice(odd))
        text = "".join(parts)
        low = _lower(text)
        by_places = _read_by_places(text)
        tried_at_starts += by_places
        cased_at_starts += by_places and any(ch in text for ch in cased_filler)
        want = [m.span(2) for m in rx.finditer(text, 0, len(text))]
        got = [m.span(2) for m in _credential_matches(text, low, rx, 0, len(text))]
        assert got == want, text
        if not low.isascii():  # read in the one-byte copy a long text beyond ASCII has (anchors.raw)
            raw = low.encode("latin-1", "replace")
            assert [m.span(2) for m in _credential_matches(text, low, rx, 0, len(text), raw)] == want, text
        matched += len(want)
    # the lines hold matches; most take the shortcut, those with letters of a case among them
    assert matched > 1500 and tried_at_starts >= 390 and cased_at_starts >= 150


def test_a_long_lines_directive_context_read_at_its_end_is_the_whole_lines():
    from store.privacy.candidates import _directive_context
    from store.privacy.lexicon import DIRECTIVE_VERBS

    def whole(low, s):  # the same steps over the whole line
        before = low[low.rfind("\n", 0, s) + 1:s].strip(" \t+-")
        if not before:
            return True
        before = re.sub(r"(?:[ \t]+--?[\w-]+)+\Z", "", before)
        before = re.sub(r"[ \t]+(?:the|a|an|my|your|our|this|that|its|new|same)\Z", "", before)
        return before.endswith(DIRECTIVE_VERBS)

    rng = random.Random(3)
    pieces = list(DIRECTIVE_VERBS) + [" --flag", " -f", "\t--x-y", " the", " a", " new", " ", "  " * 40, "\t",
                                      "word", "é", "\"", ":", ",", "{", "-", "+", "x" * 60, " --" + "z" * 300]
    answers = set()
    for _ in range(3000):
        parts = [rng.choice(pieces) for _ in range(rng.randint(1, 60))]
        if rng.random() < 0.5:
            parts = [rng.choice(["{\"a\": ", "x: ", "k,"])] * rng.randint(1, 100) + parts  # a long head
        low = "".join(parts) + " password"
        s = len(low) - len("password")
        answers.add(whole(low, s))
        assert _directive_context(low, s) == whole(low, s), low
    assert answers == {True, False}


def test_a_call_tried_from_a_names_first_letter_only_is_found_as_from_every_character():
    from store.privacy import find_secrets
    from store.privacy.values import CACHE

    find_secrets('login("me", "Xk9vQ2mZ7pLw") with a password')  # compiles the finder's pattern
    fast = CACHE["call"]
    every = re.compile(fast.pattern.replace("(?<![A-Za-z_$])", "", 1))
    assert every.pattern != fast.pattern
    rng = random.Random(9)
    pieces = ["a", "Zb", "_", "$", "9", "é", "ñ1", "login", "x.y", "::", "->", ".", " ", "\t", "<T>", "<", ">", "!",
              "(", ")", "\"", ",", "set_password", "$el", "1a", "Ωx"]  # fmt: skip
    found = 0
    for _ in range(20_000):
        line = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 14)))
        want = [(m.span(), m.group(1)) for m in every.finditer(line)]
        assert [(m.span(), m.group(1)) for m in fast.finditer(line)] == want, line
        found += len(want)
    assert found > 1_000


def test_a_value_the_reference_and_name_shortcuts_rule_out_never_matches_their_patterns():
    from store.privacy import values

    path = re.compile(never.PATH_OR_REFERENCE)
    reference = re.compile(values._REFERENCE)
    name_shape = re.compile(r"[A-Za-z]+(?:[_./-][A-Za-z]+)+(?:[_.-][vV]?\d{1,4})?\Z")
    rng = random.Random(13)
    alphabet = "aZ09$#{}%<>@[]()_./-=!*sdrR \t\né"
    for _ in range(50_000):
        value = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12)))
        if value[0] in values._ASCII_ALNUM:
            assert reference.match(value) is None, repr(value)
        if not any(sep in value for sep in "_-./"):
            assert name_shape.match(value) is None, repr(value)
        if "." not in value:
            assert path.fullmatch(value) is None and path.fullmatch("os" + value) is None, repr(value)
    assert reference.match("${TOKEN}") and name_shape.match("db-password") and path.fullmatch("./pw.txt")


def test_a_long_lines_credentials_shortcut_tries_every_branch_of_the_pattern():
    """On a line of 2,000+ characters the user-and-password pattern is tried only where a match
    can start: a sentence that logs in with a user and password is caught there as on a short line."""
    from store.privacy import redact_secrets

    said = "log in with admin / Hunter2-Secret!x9"
    short = redact_secrets(said)
    assert "Hunter2" not in short
    long = redact_secrets("word " * 500 + said + " word" * 500)
    assert short in long


def test_table_heads_found_from_their_rules_are_the_patterns_own_matches():
    """A table's header is looked for above its rule only; the matches are those of the pattern
    tried at every line start, on texts of table-like lines: rules under rules, a rule first,
    headers without pipes, borders, blank and unfinished lines."""
    from store.privacy import candidates

    head = re.compile(r"(?m)^[ \t]*\|?([^\n|]*(?:\|[^\n|]*)+?)\|?[ \t]*\n[ \t]*[|+]?[ \t:]*-[-+|: \t]*\n")
    lines = ["| user | password |", "|---|---|", "+----+----+", " name | token ", "------+------", ":--|--:",
             "a | b", "| x |", "-", "", "  ", "| --- |", "plain text", "- item", "|", "x||y", "+-+", " | :-: |"]
    rng = random.Random(11)
    found = 0
    for _ in range(4_000):
        text = "\n".join(rng.choice(lines) for _ in range(rng.randint(0, 9))) + rng.choice(["", "\n"])
        want = [m.span() for m in head.finditer(text)]
        assert [m.span() for m in candidates._table_heads(text)] == want, repr(text)
        found += len(want)
    assert found > 1_000  # the texts do hold tables


def test_the_run_of_flags_ending_a_line_is_found_where_the_pattern_finds_it():
    from store.privacy.candidates import _flags_start

    flags = re.compile(r"(?:[ \t]+--?[\w-]+)+\Z")  # what _directive_context removes from a line's end
    rng = random.Random(5)
    parts = ["-", "--", " ", "\t", "a", "_", "1", ".", "é", "²", "x", "\r", "-p", " --force", "set"]
    found = 0
    for _ in range(30_000):
        line = "".join(rng.choice(parts) for _ in range(rng.randint(0, 12)))
        m = flags.search(line)
        assert _flags_start(line, 0, len(line)) == (m.start() if m else -1), repr(line)
        found += m is not None
    assert found > 1_000


def test_a_text_that_cannot_end_as_an_assignment_never_matches_the_call_owner():
    from store.privacy.candidates import _may_end_assigning

    owner = re.compile(r"([A-Za-z_][\w.-]*)[\"']?[ \t]*(?:=|:=|:)[ \t]*(?:new[ \t]+)?\Z")
    rng = random.Random(6)
    parts = ["a", "b_", "=", ":", " ", "\t", "new", "renew", "\"", "'", ".", "-", "x1", ":="]
    ruled_out = 0
    for _ in range(30_000):
        text = "".join(rng.choice(parts) for _ in range(rng.randint(0, 8)))
        a = rng.randint(0, len(text))
        if not _may_end_assigning(text, a, len(text)):
            ruled_out += 1
            assert owner.search(text, a, len(text)) is None, repr(text)
    assert ruled_out > 5_000


def test_a_window_without_a_schemes_dollar_holds_no_crypt_hash_head():
    head = re.compile(r"(?<![^\s\"'`=:(\[{,])" + never.CRYPT_HASH.split(r"\$[^")[0] + r"\$")
    rng = random.Random(8)
    parts = ["$", "$2b$", "$argon2id$", "$6$", "$y$", "pbkdf2_sha256$", "bcrypt$", "scrypt$", "$PASS", "${x}",
             "$(cmd)", "a", "2", "t", " ", "=", "\"", "sha", "$gy$", "$7$", "$1$", "$sha512$", "$scrypt$"]
    for _ in range(30_000):
        text = "".join(rng.choice(parts) for _ in range(rng.randint(0, 10)))
        s = rng.randint(0, len(text))
        e = rng.randint(s, len(text))
        head_found = head.search(text, max(0, s - 120), min(len(text), s + 40))
        if head_found is not None and head_found.start() <= s:
            assert never._crypt_hash(text, s, e) == (re.compile(never.CRYPT_HASH).fullmatch(
                text, head_found.start(), re.compile(r"[^\s\"'`]*").match(text, e, min(len(text), e + 400)).end())
                is not None), repr(text)
        else:
            assert not never._crypt_hash(text, s, e), repr(text)


def _heads(items, size):
    """{(head, whole)}: every match of the parsed regular expression `items` starts with one of
    the heads (each `size` characters at most), and `whole` says the head is the whole match
    (so what follows it in a longer pattern comes next).  Where the tree cannot be read on (a
    class of many characters, an optional part), the heads end there: still the start of every
    match, only shorter."""
    acc = {("", True)}
    for op, av in items:
        short = [len(head) for head, whole in acc if whole and len(head) < size]
        if not short:
            break
        part = _item_heads(op, av, size - min(short))
        if part is not None and len(part) * len(acc) > 20_000:
            part = None  # (too many to list: the heads end here)
        nxt = set()
        for head, whole in acc:
            if not whole or len(head) >= size:
                nxt.add((head, False))
            elif part is None:
                nxt.add((head, False))
            else:
                nxt.update(((head + more)[:size], more_whole and len(head + more) <= size) for more, more_whole in part)
        acc = nxt
    return acc


def _item_heads(op, av, size):
    from re import _constants as c  # (the parser's own names: a test reads the pattern's tree)

    if op in (c.AT, c.ASSERT, c.ASSERT_NOT):
        return {("", True)}  # zero-width: no character of the match
    if op is c.LITERAL:
        return {(chr(av), True)}
    if op is c.IN and all(kind in (c.LITERAL, c.RANGE) for kind, _v in av):
        chars = [ch for kind, v in av for ch in ([v] if kind is c.LITERAL else range(v[0], v[1] + 1))]
        return {(chr(ch), True) for ch in chars} if len(chars) <= 64 else None
    if op is c.SUBPATTERN:
        return _heads(av[3], size)
    if op is c.BRANCH:
        return set().union(*(_heads(alt, size) for alt in av[1]))
    if op in (c.MAX_REPEAT, c.MIN_REPEAT) and av[0] >= 1:
        heads = _heads(list(av[2]) * min(av[0], size), size)
        return heads if av[0] == av[1] else {(head, False) for head, _whole in heads}
    return None


def test_every_providers_match_where_its_bucket_is_tried_starts_with_one_of_its_prefixes():
    """_provider_tokens tries a provider's pattern where the first two characters of one of its
    prefixes stand (its buckets), and now only where one of its prefixes does: each pattern's
    matches that start with a bucket's two characters all start with one (read from the pattern's
    tree, not from examples; a Discord token's `[MNO]…` starts otherwise, but never in a bucket
    it is not in)."""
    from re import _parser

    from store.privacy.rules import PROVIDERS

    for kind, prefixes, pattern in PROVIDERS:
        keys = tuple({prefix[:2] for prefix in prefixes})
        for head, _whole in _heads(_parser.parse(pattern), max(len(p) for p in prefixes)):
            assert len(head) >= 2, (kind, pattern, head)
            if head.startswith(keys):
                assert head.startswith(prefixes), (kind, prefixes, head)


def test_a_seek_tried_only_at_newlines_before_a_long_run_finds_every_place_a_scan_finds():
    """A seek of SEEK_BEFORE_A_RUN (a key body's line: a newline, one of ` \\t+-` or none, 48
    base64 characters) is tried only at the newlines a long run starts one or two characters
    after: the places are those of a scan of the seek over the whole text."""
    from store.privacy import SEEK_BEFORE_A_RUN, _starts
    from store.privacy.anchors import Anchors, long_runs
    from store.privacy.rules import TOKEN_RULES

    rules = [(i, rule) for i, rule in enumerate(TOKEN_RULES) if rule.seek in SEEK_BEFORE_A_RUN]
    assert rules
    rng = random.Random(11)
    pieces = ["\n", " ", "\t", "+", "-", "=", "_", ".", ":", "é", "🙂", "A" * 20, "b9/+" * 6, "Zz0" * 9, "x" * 47,
              "Q" * 48, "\n+", "\n-", "\n ", "\n\t", "\n\n", "\r\n"]
    texts = ["", "\n" + "A" * 48, "A" * 48, "\n " + "a1" * 24, "\n-" + "9" * 47 + "z", "\n+" + "/" * 48, "\n  " + "a" * 60]
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randrange(60))) for _ in range(4000)]
    for i, rule in rules:
        for text in texts:
            anchors = Anchors(text.lower(), ())
            whole = _starts(text, text.lower(), anchors, rule, i)
            assert _starts(text, text.lower(), anchors, rule, i, long_runs(text)) == whole, repr(text)


def test_a_flag_skipped_by_how_it_starts_is_one_no_form_of_the_table_may_be():
    """command_lines skips a flag whose first characters no flag of COMMAND_LINE starts with (nor
    a cluster of one of its letters): each flag so skipped has no entries."""
    from store.privacy.commands import _command_index, _flag_entries, _flag_starts

    flags, _words = _command_index()
    twos, threes, cluster = _flag_starts(flags)
    rx = re.compile(r"(?:--?|/)[a-z0-9][\w.-]*:?")
    keys = sorted(flags)
    rng = random.Random(3)
    alphabet = "-/:abnpuwks09._é"
    tokens = [k + tail for k in keys for tail in ("", ":", "x", "-file", "b")]
    tokens += ["-" + "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 7))) for _ in range(20_000)]
    tokens += ["/" + "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 5))) for _ in range(5_000)]
    tried = 0
    for token in tokens:
        low = " " + token.lower()
        m = rx.match(low, 1)
        if m is None:
            continue
        skipped = low[1:3] not in twos and low[1:4] not in threes and (low[2:3] == "-" or cluster.isdisjoint(low[2:6]))
        if skipped:
            for written in (token, token.upper()):
                assert _flag_entries(m.group(), written[:m.end() - 1], flags)[0] == [], token
        tried += 1
    assert tried > 10_000


def test_a_names_line_tail_pattern_says_what_a_strip_and_three_tests_said():
    """value_below_a_name tests the rest of a line by one pattern: name characters and closing
    marks, then nothing, spaces, or a character past ASCII."""
    from store.privacy.processes import _NAME_LINE_TAIL

    tail = re.compile(_NAME_LINE_TAIL)
    ascii_name = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-\"',:"
    rng = random.Random(5)
    alphabet = "aZ9_.-\"',: \t\r\x0b\x85\xa0é中=#/"
    for _ in range(30_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        for p in range(len(text) + 1):
            rest = text[p:].lstrip(ascii_name)
            strip_says = not (rest and rest[0] < "\x80" and not rest.isspace())
            assert (tail.match(text, p, len(text)) is not None) == strip_says, repr(text)


def test_a_nouns_trigger_dropped_by_the_character_after_it_starts_no_noun():
    """noun_in_a_sentence keeps a trigger's place only when the character after it may end a noun
    or go on to a longer one: every noun, in any case, followed by a space or a tab, is kept."""
    from store.privacy.processes import _NOUN_NEXT, _NOUN_TRIGGERS, SENTENCE_NOUNS

    for noun in SENTENCE_NOUNS:
        for written in (noun, noun.upper(), noun.title()):
            for after in " \t":
                text = written + after
                trigger = next(w for w in _NOUN_TRIGGERS if noun.startswith(w))
                assert text[len(trigger)] in _NOUN_NEXT[trigger], text
    # and what it drops: the letters no noun goes on with
    assert "x" not in _NOUN_NEXT["pw"] and "=" not in _NOUN_NEXT["token"]


def test_a_commands_segment_found_by_two_patterns_is_the_one_twelve_finds_gave():
    """commands._segment: the last stop before a place (`.*` run to it, stepped back) and the first
    after, as a find for each stop gave them (a `$(` last: the segment ends at its `)`)."""
    from store.privacy.commands import _segment

    def by_finds(low, at):
        stops = ("\n", "|", ";", "&", "`", "$(")
        start, opened = max(0, at - 400), -1
        for stop in stops:
            i = low.rfind(stop, start, at)
            if i >= 0:
                start, opened = i + len(stop), (i if stop == "$(" else -1)
        end = min(len(low), at + 400)
        for stop in stops:
            i = low.find(stop, at, end)
            if i >= 0:
                end = i
        if opened >= 0:
            i = low.find(")", at, end)
            end = i if i >= 0 else end
        return start, end

    rng = random.Random(9)
    alphabet = "ab -$()|;&`\n"
    for _ in range(6_000):
        low = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 24)))
        if rng.random() < 0.1:
            low = "x" * rng.randint(390, 410) + low + "y" * rng.randint(0, 420)
        for at in range(0, len(low) + 1, 1 if len(low) < 40 else 7):
            assert _segment(low, at) == by_finds(low, at), (low, at)


def test_an_ascii_line_without_a_login_stem_holds_no_login_word():
    """user_slash_password skips an ASCII line's head holding none of _LOGIN_STEMS (lowercased)
    without its pattern: the pattern finds a login word in no such head."""
    from store.privacy.processes import _LOGIN_STEMS, _LOGIN_WORDS

    login = re.compile(r".*\b" + _LOGIN_WORDS + r"\b")
    words = ["login", "Log In", "LOG-IN", "log\tin", "signin", "Sign-In", "creds", "Credentials", "user",
             "USERNAME", "account", "Admin", "root", "logi", "sign", "cred", "use", "acount", "rot", "x"]
    rng = random.Random(4)
    matched = 0
    for _ in range(20_000):
        head = "".join(rng.choice(words + [" ", "-", "_", ":", "/", "(", "é"]) for _ in range(rng.randint(0, 6)))
        if login.match(head) is not None:
            matched += 1
            assert not head.isascii() or any(stem in head.lower() for stem in _LOGIN_STEMS), head
    assert matched > 1000


def test_a_one_time_codes_window_without_a_codes_digits_holds_no_code():
    """one_time_codes skips a place whose window holds no four digits in a row nor three, a space
    or a dash and three, looked for from its first three digits in a row: every match of the
    code's pattern holds them (both its branches end or start with the code's digits)."""
    from store.privacy.processes import _otp_rx

    rx = _otp_rx()
    parts = ["2FA", "otp", "MFA code", "verification code", "código de verificación", "验证码", "인증번호", "is", ":",
             " ", "：", "[", "]", "12", "235", "482913", "482 913", "482-913", "4829", "٤٨٢٩١٣", "as your", "login code",
             "x", "-", "\n"]  # fmt: skip
    rng = random.Random(12)
    matched = 0
    for _ in range(20_000):
        text = "".join(rng.choice(parts) for _ in range(rng.randint(1, 9)))
        for m in rx.finditer(text):
            matched += 1
            assert re.search(r"\d{3}[ -]\d{3}|\d{4}", m.group()), text
    assert matched > 100


@pytest.mark.parametrize("seed", range(3))
def test_a_trigger_of_many_places_looked_at_only_near_its_standing_tools_finds_the_same(seed, monkeypatch):
    """`use` and `user` stand thousands of times a MB, their one tool (`net`) as a command a few:
    only the places a standing tool's segment reaches are looked at (commands._near_standing),
    and the position rule finds what it finds looking at every place."""
    from store.privacy import Look, commands

    rng = random.Random(seed)
    pieces = ["net use Z: \\\\fs\\share Pw{n}zQx", "net user ana Sx{n}kq /add", "net.exe use Y: \\\\h\\s K{n}pw",
              "NET USE * \\\\h\\c V{n}yy", "internet use ", "net", "net ", " use ", "user ", "use", "users ",
              "\n", "| ", "; ", "`", "$(", ")", " ", "\t", "x" * 390, "y" * 120, "we use it; ", "the user ", "-net use"]

    def found(text):
        look = Look(text)
        commands.command_lines(look.text, look.low, look.anchors, look.found)
        return sorted((s, e) for s, _p, e, _k in look.found)

    text = "".join(rng.choice(pieces).replace("{n}", str(rng.randrange(1000))) for _ in range(12_000))
    assert text.count("use") > commands.MANY_PLACES
    near = found(text)
    monkeypatch.setattr(commands, "FEW_TOOLS_FIRST", 0)
    assert near == found(text)
    assert len(near) > 50


def test_user_password_at_read_by_its_runs_where_at_signs_are_dense_finds_the_same(monkeypatch):
    """Where `@` stand densely (a `git log`'s author lines), user_password_at goes on by one
    expression of a `:` then a password's run then `@` (commands._user_password_runs), from
    wherever it switches: the same spans as looking at each `@`."""
    from store.privacy import commands

    rng = random.Random(9)
    total = 0
    pieces = ["Author: Ana <ana@example.com>", "ana:Pw9x@db.example.com", "u:p@h", "admin:S3cr3t@10.0.0.7",
              "x:abc@localhost", ":", "@", "@@", "a:b:cdef@host.io", "mailto:x@y.org", " ", "\t", "\n", "/", "'", "<",
              ">", "é", "user", "12:34:56", "sha256:abcd@x.io", "p" * 130, "q" * 60, "proxy=", "rsync://"]
    for _ in range(300):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 120)))

        def spans(after, gap, text=text):
            monkeypatch.setattr(commands, "_DENSE_AFTER", after)
            monkeypatch.setattr(commands, "_DENSE_GAP", gap)
            found = []
            commands.user_password_at(text, found)
            return found

        one_by_one = spans(10**9, 1)
        assert spans(rng.randint(1, 40), 10**9) == one_by_one, text
        assert spans(1, 10**9) == one_by_one, text
        total += len(one_by_one)
    assert total > 300
