"""Hostile texts the hook must read in bounded work (a hook runs on every tool call): each case is
the text that made one finder or class quadratic, its output asserted, and the structural fact that
bounds its work (a pattern read once a line, windows read once, a pattern that cannot backtrack)."""

import re
import subprocess
import sys
from pathlib import Path

from store.privacy import candidates, clean_text, members, never, never_code, never_real, processes
from tests.store.privacy import redacted

ROOT = Path(__file__).resolve().parents[3]


def _cleaned_in_a_child(text):
    """clean_text(text) in a child process: a pattern that backtracks again fails by the timeout
    instead of hanging the suite."""
    code = "import sys\nfrom store.privacy import clean_text\nsys.stdout.write(clean_text(sys.stdin.read()))\n"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, input=text, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_a_line_of_acl_heads_reads_the_rule_words_once():
    # `user u on ` repeated: the lazy rule was tried from each `user` to the line's end
    text = "user u on " * 20_000 + "\n>"
    calls = []
    compiled = members.compiled

    def counting(name, pattern):
        rx = compiled(name, pattern)
        if name != "acl-rule-words":
            return rx

        class Counted:
            def match(self, *args):
                calls.append(args[1:])
                return rx.match(*args)
        return Counted()

    members.compiled = counting
    try:
        found = []
        members.acl_rule_passwords(text, found)
    finally:
        members.compiled = compiled
    assert found == []
    assert len(calls) == 1  # the line's words read once, not once a `user`
    got = []
    members.acl_rule_passwords('"user worker on >Xk9#mP2qLw7 ~jobs:* +@list"', got)
    assert [(s, e, kind) for s, _priority, e, kind in got] == [(17, 28, "password")]


def test_a_line_of_command_not_found_is_read_in_one_window():
    text = "command not found" * 3_000
    places = list(range(0, len(text), 17))
    assert processes._answer_windows(text, places) == [(0, len(text))]
    # lines apart stay apart: each its own line
    lines = "zsh: command not found: Xk9#mP2qLw7\n" * 3
    windows = processes._answer_windows(lines, [lines.index("command", k) for k in (0, 36, 72)])
    assert windows == [(0, 35), (36, 71), (72, 107)]
    assert clean_text("zsh: command not found: Xk9#mP2qLw7") == "zsh: command not found: [REDACTED:password]"
    assert clean_text("'" + "a" * 130 + " is not recognized") == "'" + "a" * 130 + " is not recognized"


def test_an_encrypted_name_is_tried_at_a_word_start_only():
    rx = re.compile(never_code.ENCRYPTED_NAME)
    # a look-behind to a word's start, the word's rest possessive: no start inside a word, no
    # reading back into it
    assert never_code.ENCRYPTED_NAME.startswith(r"(?i)(?<![\w-])") and r"[\w-]*+" in never_code.ENCRYPTED_NAME
    assert rx.search("a" * 100_000 + "encryptedx\n") is None
    assert rx.search("a" * 100_000 + "ncrypted:\n") is None
    m = rx.search("spec:\n  encryptedData:\n    k: v")
    assert (m.end(), m.group(1)) == (len("spec:\n  encryptedData:\n"), "\n")


def test_a_getter_flag_is_read_from_its_end():
    # the same answers as GETTER_FLAG, the whole pattern, on its cases
    rx = re.compile(never.GETTER_FLAG)
    cases = ("aws apigateway get-api-key --api-key ", "aws iam delete-access-key --user-name x --access-key ",
             "x get-api-key --other ", "x get-api-key | y --api-key ", "x get-api-keys --api-key ",
             "x show-a-b --a-b=\"", "x get-api --api-key ", " get-api-key --api-key " * 2_000)
    for head in cases:
        text = head + "Xk9mP2qLw7Zr"
        s = len(head)
        expected = rx.search(text, never._line_start(text, s, 300), s) is not None
        assert never._getter_flag(text, s) == expected, head
    text = " get-api-key --api-key Xk9mP2qLw7Zr" * 30_000
    # each value's line read 300 characters back at most, the flag once
    assert never._getter_flag(text, len(text) - 12) is True


def test_an_escaped_break_is_looked_for_within_its_window():
    text = "token " + "a" * 3000 + "\\n" + "b" * 2500 + " tok Xk9mP2qLw7Zr "
    s = text.index("Xk9")
    # (the escaped break 2,500 characters back, beyond the 2,000 read: the value's line is a line)
    assert never._escaped_line_without_secret_word(text, s, s + 12) is False


def test_a_clients_line_of_many_p_flags_is_read_once():
    # the client's `-p` looked ahead for, its line then read possessive: no step back to each `-p`
    assert r"(?=[^\n]*?[ \t]-p(?:[ \t]|\r?\n))[^\n]*+" in processes._ASKING
    rx = re.compile(processes._HEAD + processes._ASKING + r"\r?\n" + processes._HEAD + r"(\S{6,128})[ \t]*\r?(?:\n|\Z)")
    assert rx.match("mysql" + " -p" * 20_000 + "\nab\n") is None
    assert rx.match("mysql -u root -p\nXk9#mP2qLw7\n").group(1) == "Xk9#mP2qLw7"
    assert rx.match("mysql -u root -p -h db\nXk9#mP2qLw7\n").group(1) == "Xk9#mP2qLw7"
    assert rx.match("mysql -pX\nXk9#mP2qLw7\n") is None


def _counting_compiled(module, wanted, calls):
    """`module.compiled`, counting the calls of `match`, `search` and `finditer` on the pattern named `wanted`."""
    compiled = module.compiled

    def counting(name, *args):
        rx = compiled(name, *args)
        if name != wanted:
            return rx

        class Counted:
            def match(self, *args):
                calls.append(args[1:])
                return rx.match(*args)

            def search(self, *args):
                calls.append(args[1:])
                return rx.search(*args)

            def finditer(self, *args):
                calls.append(args[1:])
                return rx.finditer(*args)
        return Counted()
    return compiled, counting


def test_a_tab_listings_header_is_read_once_for_the_values_below_it():
    # a header line of 2,000 cells, then values on one line: the header was split and matched
    # again for each value (1 MB of tab-separated columns: over 20 s)
    header = "\t".join(["NAME", "DIGEST"] * 1_000)
    row = "".join(f"\tpassword\tXk9mP2qLw7Zr{k:04d}" for k in range(300))
    text = header + "\n" + row
    calls = []
    compiled, counting = _counting_compiled(never, "never-tab-header", calls)
    never.compiled = counting
    try:
        answers = [never._tab_column_not_secret(text, m.start() + 1) for m in re.finditer("\t", text) if m.start() > len(header)]
    finally:
        never.compiled = compiled
    assert len(calls) <= 2_000  # each cell of the header once, not once a value
    # the same answers as read alone: the value after the row's first tab stands in column 1, DIGEST
    assert answers == [k % 2 == 0 for k in range(600)]
    assert never._tab_column_not_secret("NAME\tDIGEST\nx\tXk9mP2qLw7Zr", 14) is True
    assert never._tab_column_not_secret("NAME\tTOKEN\nx\tXk9mP2qLw7Zr", 13) is False


def test_a_qualifiers_end_is_looked_for_once_a_line():
    # a line of labels then a word, no colon: each label's look for a colon read to the line's end
    text = "the password is hunter2 and " * 2_000
    calls = []
    compiled, counting = _counting_compiled(candidates, "qualifier-end", calls)
    candidates.compiled = counting
    try:
        clean_text(text)
    finally:
        candidates.compiled = compiled
    assert len(calls) <= 2
    assert clean_text("the password for the db: Xk9mP2qLw7Zr") == "the password for the db: [REDACTED:password]"


class _CountingRfind(str):
    """A text that counts the characters its `rfind` of a line break reads."""

    read = 0

    def rfind(self, sub, start=0, end=None):
        end = len(self) if end is None else end
        if sub == "\n":
            _CountingRfind.read += max(0, end - max(start, 0))
        return str.rfind(self, sub, start, end)


def test_a_long_lines_labels_read_its_start_once():
    # a line of table rows without a line break: each label's (each bar's) line start was read
    # back to the line's start (1 MB of box-drawing bars: 12 s)
    from store.privacy import Look

    text = "\u2551 password \u2502 xxx \u2502" * 3_000
    look = Look(text)
    low = _CountingRfind(look.low)
    _CountingRfind.read = 0
    found = []
    candidates._labelled_rows(text, low, look.anchors, found)
    assert _CountingRfind.read <= 2 * len(text)  # each bar read back to the bar before it alone
    for m in re.finditer("password", low):
        candidates._directive_context(low, m.start())
    assert _CountingRfind.read <= 4 * len(text)


class _CountingIndex(str):
    """A text that counts the characters read from it one at a time."""

    read = 0

    def __getitem__(self, key):
        if not isinstance(key, slice):
            _CountingIndex.read += 1
        return str.__getitem__(self, key)


def test_a_keys_parts_run_is_read_by_the_engine():
    # each part between colons walked its run 200 characters each side, a character at a time
    # (~35,000 parts a MB of store keys: ~2 s)
    unit = "rl:" + "k" * 150 + ":Xk9mP2qLw7Zr:" + "1" * 40 + " "
    text = _CountingIndex(unit * 50)
    _CountingIndex.read = 0
    for s in range(154, len(text), len(unit)):
        assert never._a_keys_segment(text, s, s + 12, text[s:s + 12]) is True
    assert _CountingIndex.read <= 2 * 50
    # the same answers as the walk: its run's ends at a stop character or 200 characters away
    assert never._a_keys_segment("x " + "a" * 300 + ":key:Xk9mP2qLw7Zr:12", 308, 320, "Xk9mP2qLw7Zr") is False
    assert never._a_keys_segment("x ab:key:Xk9mP2qLw7Zr:12", 9, 21, "Xk9mP2qLw7Zr") is True
    assert never._a_keys_segment("x ab:key:Xk9mP2qLw7Zr:12/3", 9, 21, "Xk9mP2qLw7Zr") is False
    assert never._a_keys_segment("vault:v1:Xk9mP2qLw7Zr:12", 9, 21, "Xk9mP2qLw7Zr") is False


def test_a_long_line_of_flags_reads_each_part_once():
    # 20,000 `-p` on one line: each read the 400 characters before it for its tool's words (~5 s a MB)
    from store.privacy import Look, commands

    text = "mysql" + " -p" * 20_000 + "\nab\n"
    look = Look(text)
    read = []
    compiled = commands.compiled

    def counting(name, *args):
        rx = compiled(name, *args)
        if name != "tool-word":
            return rx

        class Counted:
            def findall(self, low, start, end):
                read.append(end - start)
                return rx.findall(low, start, end)

            def finditer(self, low, start, end):
                read.append(end - start)
                return rx.finditer(low, start, end)

            def match(self, low, start, end):
                read.append(end - start)
                return rx.match(low, start, end)
        return Counted()

    commands.compiled = counting
    try:
        found = []
        commands.command_lines(text, look.low, look.anchors, found)
    finally:
        commands.compiled = compiled
    assert found == []
    assert sum(read) <= 2 * len(text)
    # the same tools as the words before each flag, read alone
    flags, _ = commands._command_index()
    tools = commands._flag_tool_set(flags)
    low = ("psql -h x --password " + "ab " * 150 + "xmysql -p " + "redis-cli -a y ") * 40
    line = commands._LongLineTools(low, tools)
    for m in re.finditer(" -", low):
        assert set(line.words(m.start() + 1)) == set(commands._tool_words(low, m.start() + 1)) & tools
    flags = " -x" * 100 + " -p{} -h db" + " -y" * 200  # (a long line: over 400 characters after the value)
    assert clean_text("mysql" + flags.format("Xk9mP2qLw7")) == "mysql" + flags.format("[REDACTED:password]")


def test_a_run_of_box_bars_takes_their_places_untested():
    # each bar a place of its literal alone: each was tested as a pivot's place (1 MB of bars: ~0.9 s)
    from store.privacy import Look, anchors

    # (past ONE_PASS_FROM: a shorter text is read by the one pass only once another text built
    # its plan, so alone this test would not read the pivots' places at all)
    text = "\u2551\u2502\u2502" * (anchors.ONE_PASS_FROM // 3 + 1) + " \u2502 password \u2502 Xk9mP2qLw7Zr \u2502"
    look = Look(text)
    wanted = [m.start() for m in re.finditer("\u2502", text)]
    assert look.anchors.at("\u2502") == wanted
    assert look.anchors.at("\u2551") == [m.start() for m in re.finditer("\u2551", text)]
    # (the tests of each pivot, as the text's anchors were built with them)
    tests = next(v for k, v in anchors.CACHE.items() if isinstance(k, tuple) and k[:1] == ("pivot tests",) and "\u2502" in v)
    read = []

    class Counted(dict):
        def __getitem__(self, ch):
            read.append(ch)
            return tests[ch]

    found = {"\u2551": [], "\u2502": []}
    raw = look.low.encode("latin-1", "replace")
    anchors._wide_places(look.low, raw, ((), frozenset("\u2551\u2502")), Counted(), found)
    assert found["\u2502"] == wanted
    assert len(read) <= anchors.WIDE_BY_FIND + 2  # the places before the pivots' own finds, tested one by one


class _CountingSlices(str):
    """A text that counts the characters of the copies made of it."""

    copied = 0

    def __getitem__(self, key):
        got = str.__getitem__(self, key)
        if isinstance(key, slice):
            _CountingSlices.copied += len(got)
        return got


def test_a_long_lines_directive_context_copies_no_line():
    # a line of tab-separated labels and values, no space: each label's context copied the line
    # before it and looked back to its start for a space (a MB of such a line: ~2 s)
    low = _CountingSlices("".join(f"\tpassword\txk9mp2qlw7zr{k:05d}" for k in range(2_000)))
    _CountingSlices.copied = 0
    answers = [candidates._directive_context(low, m.start()) for m in re.finditer("password", low)]
    assert answers == [True] + [False] * 1_999  # (the first starts its line)
    assert _CountingSlices.copied <= 50 * 2_000
    # the run of flags found as the pattern finds it, where no blank stands in the last 64 characters
    flags = re.compile(r"(?:[ \t]+--?[\w-]+)+\Z")
    for line in (" --" + "z" * 100, " x" + "z" * 100, "-" + "z" * 100, " -a --" + "z" * 80, "a\t-" + "\u00e9" * 70):
        m = flags.search(line)
        assert candidates._flags_start(line, 0, len(line)) == (m.start() if m else -1), line


def test_a_line_of_values_reads_no_line_back_and_tries_no_pair_without_a_name():
    # `value:` 20,000 times on one line: each copied the line before it (a value below its name)
    # and tried a pair's pattern over the 500 characters before it (2.4 s a MB)
    from store.privacy import Look

    text = "password\n" + "value:" * 20_000
    look = Look(text)
    low = _CountingSlices(look.low)
    _CountingSlices.copied = 0
    found = []
    candidates._value_below_its_name(text, low, look.anchors, found)
    assert _CountingSlices.copied <= len(text)
    tried = []
    compiled, counting = _counting_compiled(candidates, "pair-k8s", tried)

    candidates.compiled = counting
    try:
        candidates._pairs(text, look.low, look.anchors, [])
    finally:
        candidates.compiled = compiled
    assert tried == []  # no `name:` nor `key:` before any: the pattern not tried
    assert clean_text("Password for the [elastic] user successfully reset.\nNew value: Xk9mP2qLw7Zr") \
        == "Password for the [elastic] user successfully reset.\nNew value: [REDACTED:password]"
    assert clean_text("- key: DB_PASSWORD\n  scope: RUN_TIME\n  value: Xk9mP2qLw7Zr\n") \
        == "- key: DB_PASSWORD\n  scope: RUN_TIME\n  value: [REDACTED:password]\n"
    assert clean_text('[{"name": "DB_PASSWORD", "value": "Xk9mP2qLw7Zr"}]') == '[{"name": "DB_PASSWORD", "value": "[REDACTED:password]"}]'


def test_a_value_of_letters_after_your_is_read_in_linear_time():
    # the placeholder pattern's `your` words had an optional separator between letter runs (up to
    # 4 runs): 120 letters took 0.8 s, 600 would take minutes
    assert _cleaned_in_a_child("password: your" + "a" * 600) == "password: [REDACTED:password]"


def test_blanks_after_a_value_said_alone_are_read_once():
    # what may follow a value alone on its line: its blanks, then blanks before a dash (30,000
    # blanks: 4 s)
    blanks = " " * 200_000
    assert _cleaned_in_a_child("password is hunter2" + blanks + "x") == "password is [REDACTED:password]" + blanks + "x"


def test_blanks_after_a_label_said_below_are_read_once():
    # `[ \t]*` around `below` and an optional dash, then blanks again: a run of blanks split
    # between them in every way before the line's end failed (30,000 blanks: 10 s)
    text = "password below" + " " * 200_000 + "x"
    assert _cleaned_in_a_child(text) == text


def test_blanks_after_a_value_after_a_comma_are_read_once():
    # the sentence's end: blanks, an optional `.` or `!`, blanks (30,000 blanks: 10 s)
    text = "here is the db password, hunter2" + " " * 200_000 + "x"
    assert _cleaned_in_a_child(text) == text


def test_blanks_after_a_secrets_name_are_read_once():
    # the separator after a name: blanks, then blanks before ` as ` (20,000 tabs: 0.5 s)
    text = "password" + "\t" * 400_000 + "x"
    assert _cleaned_in_a_child(text) == text


def test_blanks_on_a_redis_replys_line_are_read_once():
    # a reply's line: blanks, the reply (blanks may be in it), blanks; a quote left open at the end
    # failed it after every split of the run between the three (2,000 blanks: 12 s, cubic)
    text = "127.0.0.1:6379> GET api_token\n" + " " * 6_000 + 'x"'
    assert _cleaned_in_a_child(text) == text
    assert clean_text('127.0.0.1:6379> GET api_token\n"Xk9#mP2qLw7zR"\n') == '127.0.0.1:6379> GET api_token\n"[REDACTED:token]"\n'


def test_blanks_after_a_clients_connect_are_read_once():
    # `connect user/pw`, then blanks, an optional `;`, blanks: a run split between the two before a
    # failing end (30,000 blanks: 15 s)
    text = "SQL> connect scott/tiger" + " " * 200_000 + "x"
    assert _cleaned_in_a_child(text) == text


def test_blanks_after_a_plural_labels_value_are_read_once():
    # the value's blanks, an optional `(note)` and `*/`, blanks again (30,000 blanks: 6 s)
    text = "passwords: hunter22" + " " * 200_000 + "x"
    assert _cleaned_in_a_child(text) == text


def test_blanks_after_a_value_below_its_label_are_read_once():
    # the value's blanks, an optional `,`, blanks again (30,000 blanks: 21 s)
    text = "password:\nhunter22" + " " * 100_000 + "\x01"
    assert _cleaned_in_a_child(text) == text


def test_blanks_after_a_labels_element_are_read_once():
    # `>`, blanks, an optional line break, blanks again before `<value>` (30,000 blanks: 0.8 s)
    text = '<add key="Password">' + " " * 600_000 + "x"
    assert _cleaned_in_a_child(text) == text


def test_blanks_after_a_default_value_are_read_once():
    # `or "X"`, blanks, an optional `;` or `)`, blanks again to the line's end (30,000 blanks: 2.8 s)
    text = 'password = os.getenv("P") or "hunter22"' + " " * 250_000 + "x"
    assert _cleaned_in_a_child(text) == text


def test_blanks_after_a_urls_closing_quote_are_read_once():
    # a URL split over lines: its quote, blanks, an optional `+`, blanks again (30,000 blanks: 4.5 s)
    text = 'url = "https://u:p\'' + " " * 200_000 + "x"
    assert _cleaned_in_a_child(text) == text


def test_a_long_line_of_redis_cli_words_is_not_read_as_a_get():
    # each `redis-cli` tried with each blank after it (60 KB: 3.2 s; this 400 KB never ended); a
    # typed GET's reply is still read
    text = "redis-cli " * 40_000 + "get\nhunter22"
    assert _cleaned_in_a_child(text) == text
    pw = "Vq8" + "rTzw2Lk"
    redacted(f"$ redis-cli -h cache GET app:db_password\n\"{pw}\"\n", pw)


def test_a_long_segment_of_a_path_under_a_password_ends_at_once():
    # a segment of letters then three digits (no name's shape): the name reader's pattern split the
    # letters in every way (38 letters never ended)
    value = "assets/" + "q" * 38 + "123"
    out = _cleaned_in_a_child(f'db_password = "{value}"\n')
    assert value not in out and "[REDACTED:" in out


def test_blanks_after_a_templates_default_are_read_once():
    # `| default`, blanks, an optional `(` or `:`, blanks again before the quote: a run split between
    # them in every way (8,000 blanks: 0.5 s, 32,000: 10 s)
    text = "password: {{ x |default" + " " * 200_000 + "x"
    assert _cleaned_in_a_child(text) == text
    assert clean_text('password: {{ .Values.db.password | default "Xk9mP2qLw7Zr" }}') \
        == 'password: {{ .Values.db.password | default "[REDACTED:password]" }}'


def test_plus_signs_after_a_netrc_login_are_read_once():
    # a netrc word (which may hold `+`) and the separators around it (which may too, as a diff's line
    # mark): a run of `+` split between them in every way (1,000: 3.5 s; this never ended)
    tail = " " + "+" * 100_000 + "\x00"
    assert _cleaned_in_a_child("password: login" + tail) == "password: [REDACTED:password]" + tail
    pw = "Xk9mP2qLw7" + "Zr"
    redacted(f"+machine api.example.com\n+login deploy\n+password {pw}\n", pw)


def test_a_value_of_open_brackets_is_read_once_for_a_class():
    # whether a value holds a regular expression's class (`[a-z]+`): looked for from each `[`, each
    # read to the run's end (`[a` repeated, 32,000 characters: 9 s)
    tail = "[a" * 100_000 + "\x00"
    assert _cleaned_in_a_child("password=" + tail) == "password=[REDACTED:password]"
    assert never_real.code_in_a_value("[A-Za-z0-9._-]{8,}") and never_real.code_in_a_value("x[^a[\\w]+")
    assert not never_real.code_in_a_value("[a-z] +") and not never_real.code_in_a_value("[ab]+")


def test_blanks_after_a_labels_preposition_are_read_once():
    # `for`, blanks, up to 40 characters of words, blanks, a connector: a run of blanks split between
    # the three (4,000 blanks: 11 s)
    text = "password for " + " " * 200_000 + "\x00"
    assert _cleaned_in_a_child(text) == text
    pw = "Xk9mP2qLw7" + "Zr"
    redacted(f"the password for the db is: {pw}", pw)


def test_blanks_after_a_plist_key_an_auth_call_or_a_getter_are_read_once():
    # a run of blanks split between two blank repeats before the pattern fails (8,000 blanks: ~6 s each)
    for head in ("<Key>", "auth(", "return\ndef A()", 'password=\n" "', "echo a|"):
        text = head + " " * 100_000 + "\x00"
        assert _cleaned_in_a_child(text) == text, head
    pw = "Xk9mP2qLw7" + "Zr"
    redacted(f"<key>DbPassword</key>\n<string>{pw}</string>", pw)
    redacted(f'requests.get(url, auth=HTTPBasicAuth("admin", "{pw}"))', pw)
    redacted(f"def get_password():\n    return \"{pw}\"", pw)


def test_a_run_of_here_string_marks_or_netrc_logins_is_read_once():
    # from each `<<<` of a run of `<` the value was read to the run's end (32,000: 11 s); from each
    # `login` of `login login ...` the entry's keywords to the end (30 KB: 1 s)
    for text in ("chpasswd" + "<" * 300_000, "password" + "login " * 100_000 + "\x00"):
        assert _cleaned_in_a_child(text) == text
    pw = "Xk9mP2qLw7" + "Zr"
    redacted(f"chpasswd <<< 'root:{pw}'", pw)
