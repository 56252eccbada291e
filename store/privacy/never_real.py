"""What real Claude Code transcripts hold in a secret's place that is none (the classes part A of
the real-transcript bench found, bench/bench_real_transcripts.py):

- code where a value would stand: a regular expression (a character class or an escape's class
  with its quantifier: ``grep -oE 'glpat-[A-Za-z0-9._-]+'``, ``[A-Fa-f0-9]{32}``), a framework's
  validation rule (rule words joined by ``|``, Laravel's ``'required|min:8|confirmed'``; a help
  listing's ``plugin|plugins``: words as alternatives);
- an algorithm's name given to an option of a password tool (``mkpasswd -m yescrypt``): the
  method the hash is made with, not the password a positional rule looks for;
- a tool's help listing (a command's names, then its description) and a word of prose after a
  label in a sentence (read by candidates.py: help_rows, label_in_a_sentence);
- a public fixture: a seed phrase made of one word repeated (Hardhat's ``test test … junk``,
  BIP-39's ``abandon … about`` test vector): a wallet's twelve or more words are drawn from
  2,048, one that makes half of them is no draw;
- a deliberately wrong input: a value that says so (``wrongpassword``, ``invalid_token``,
  ``bad-key``: sent to see a login fail), and a token's, key's or cookie's value that is the word
  ``test`` (a token is random, never a word; a password may be one: ``password=test`` stays);
- a test's input: a password a test's client sends to the app in its own process (sent_by_a_test_client)
  or a test types into an object it built (a dialog's field: typed_by_a_test), an assertion after it.

Only ``re``; patterns compiled on first use.
"""

from __future__ import annotations

from store.privacy.values import compiled, line_bounds, looks_random

_QUANTIFIER = r"(?:[+*?]|\{\d{1,4}(?:,\d{0,4})?\})"
# A regular expression's class with its quantifier: a bracket that holds a range or an escape's
# class (`[A-Za-z0-9._-]+`, `[\w.]{8,}`), or an escape's class alone (`\d{6}`, `\w+`). (Whether one
# is there, not where: a bracket is read from the first `[` of its run of characters, the run's end
# looked for once; read from each `[`, `[a` repeated took 9 s at 32,000 characters.)
REGEX_CLASS = (r"(?<![^\]\s])[^\[\]\s]*+\[(?=[^\]\s]*+\]" + _QUANTIFIER + r")"
               r"[^\]\s]*?(?:[A-Za-z0-9]-[A-Za-z0-9]|\\[dwsDWS])"
               + r"|\\[dwsDWS]" + _QUANTIFIER)
# A validation rule: two rule words or more joined by `|`, each with its arguments after a `:`
# (`required|min:8|confirmed`, `nullable|string|size:64`, `exists:roles,name`).
_RULE = r"[a-z][a-z_]{1,30}(?::[\w.,-]{0,40})?"
VALIDATION_RULE = _RULE + r"(?:\|" + _RULE + r")+"
# The name of a hash, a key derivation, a cipher or a key's type (crypt(5)'s methods, digests).
ALGORITHM = (r"(?i)(?:gost-)?yescrypt|s?crypt|bcrypt(?:-a)?|sha-?(?:1|224|256|384|512)(?:-?crypt)?|md5(?:-?crypt)?"
             r"|sunmd5|bsdicrypt|descrypt|des|nt|argon2(?:id|i|d)?|pbkdf2(?:[-_]sha-?\d{3})?|apr1|blowfish"
             r"|aes-?(?:128|192|256)(?:-[a-z]{3})?|rsa|dsa|ecdsa|ed25519")


def code_in_a_value(value: str) -> bool:
    """`value` is code: a regular expression's class and quantifier in it, or a validation rule."""
    if ("[" in value or "\\" in value) and compiled("never-regex-class", REGEX_CLASS).search(value) is not None:
        return True
    return "|" in value and compiled("never-validation-rule", VALIDATION_RULE).fullmatch(value) is not None


def names_an_algorithm(flag: str, word: str) -> bool:
    """`word`, right after `flag` on a command line, is that option's value, an algorithm's name
    (`-m yescrypt`, `--method sha-512`): not a positional argument."""
    return flag[:1] == "-" and len(flag) > 1 and not flag[1:].isdigit() \
        and compiled("algorithm-name", ALGORITHM).fullmatch(word) is not None


# A row of a tool's help listing: a command's or an option's names (`plugin|plugins`, `-h, --help`,
# an argument's `[options]` after them), a gap, then a description: words one space apart
# (`Manage authentication`), where a table's row has a third cell.
HELP_ROW = (r"[ \t]*[\w@./-]+(?:[|,][ \t]*[\w@./-]+)*(?:[ \t]+[\[<][^\]>\n]{1,30}[\]>])*(?: {2,}|\t+)"
            r"[A-Za-z][a-z'-]*(?: [^\s]+)+[ \t]*")  # (one space between its words: no third cell)


def help_rows(text: str, ls: int, le: int) -> bool:
    """The line text[ls:le] and the line below it are rows of a help listing (HELP_ROW): names and
    their descriptions, not a table's header above its values."""
    if le >= len(text):
        return False
    rx = compiled("help-row", HELP_ROW)
    return rx.fullmatch(text, ls, le) is not None and rx.fullmatch(text, *line_bounds(text, le + 1)) is not None


# A verb or preposition of prose that a label follows in a sentence (`… with x-api-key authentication.`).
_PROSE_BEFORE_LABEL = frozenset(("with", "using", "use", "uses", "via"))


def label_in_a_sentence(low: str, s: int) -> bool:
    """The label at `s` follows a verb or preposition of prose (_PROSE_BEFORE_LABEL, an article
    between allowed) with two words or more before it on its line: a word after it is the sentence's."""
    words = low[low.rfind("\n", 0, s) + 1:s].split()
    if words and words[-1] in ("the", "a", "an"):
        words.pop()
    return len(words) >= 3 and words[-1] in _PROSE_BEFORE_LABEL


# A value that says it is wrong: the word, then the secret's word it stands for (or nothing).
WRONG_VALUE = (r"(?i)(?:wrong|invalid|incorrect|bad|bogus|fake)[_-]?"
               r"(?:password|passwd|pass|pwd|pw|token|secret|key|api[_-]?key|credentials?|creds?|cookie)?")


def fixture_or_wrong(value: str, kind: str, text: str = None, s: int = 0) -> bool:
    """`value`, found as `kind` (at text[s:] where given), is a public fixture or a deliberately
    wrong input (see above)."""
    if kind == "seed_phrase":
        words = value.lower().split()
        return len(words) >= 12 and 2 * max(words.count(w) for w in set(words)) >= len(words)
    if not value[0].isalpha() or len(value) > 80:
        return False  # (most values: the patterns below start with a letter and are short)
    if kind != "password" and ("-" in value or "_" in value) and _says_it_is_a_test(value):
        return True
    if len(value) > 20:
        return False
    if value.lower() in ("test", "testing"):
        return kind != "password" or (text is not None and _a_test_accounts_login(text, s))
    return compiled("never-wrong-value", WRONG_VALUE).fullmatch(value) is not None


# An aside that opens an example (`(e.g. -H "X-Api-Key: abc123")`, `(for example token=abc)`,
# `(z. B. …)`, `(p. ej. …)`), not closed before the value on its line.
EXAMPLE_ASIDE = r"\((?i:e\.[ \t]?g\.|eg[.,:]|for example|for instance|example:|ex[.:]|z\.[ \t]?b\.|p\.[ \t]?ej\.|par exemple|por ejemplo|por exemplo)[^()\n]*\Z"


def in_an_example_aside(text: str, s: int, value: str) -> bool:
    """The value at `s`, short and not random, stands in an aside that opens an example on its line
    (a help text's `(e.g. -H "X-Api-Key: abc123")`): how a value is written, not one."""
    if len(value) > 16:
        return False
    ls = text.rfind("\n", s - 200 if s > 200 else 0, s) + 1
    at = text.rfind("(", ls, s)
    return at >= 0 and compiled("never-example-aside", EXAMPLE_ASIDE).match(text, at, s) is not None \
        and not looks_random(value)


# A login's user that is a test's: the word `test`, or an address whose local part or domain says
# test or example (`test@test.com`, `qa@example.org`, `ana@shop.test`).
TEST_ACCOUNT = (r"(?i)[\"']?(?:e-?mail|user(?:name)?|login)[\"']?[ \t]*[:=][ \t]*[\"']?"
                r"(?:test(?:ing)?|test[\w.+-]*@[\w.-]+|[\w.+-]+@(?:[\w-]+\.)*(?:test|example)(?:\.[a-z]{2,6})?)[\"']?"
                r"(?:[ \t]*[,&;][ \t]*|[ \t]+)[\"']?(?:pass(?:word)?|pwd)[\"']?[ \t]*[:=][ \t]*[\"']?\Z")


def _a_test_accounts_login(text: str, s: int) -> bool:
    """The password `test` at `s` follows a test account's user in the same request
    (`{"email":"test@test.com","password":"test"}`): a probe of the login, not an account's."""
    return compiled("never-test-account", TEST_ACCOUNT).search(text, s - 120 if s > 120 else 0, s) is not None


# Words that say a value is a test's or an example's, when they open or close a value of words,
# and the secret's words it then names itself by.
_FIXTURE_WORDS = frozenset(("test", "tests", "testing", "dummy", "example", "sample", "mock"))
_SELF_NAMES = frozenset(("secret", "key", "token", "signing", "session", "jwt", "hmac", "api", "auth"))


def _says_it_is_a_test(value: str) -> bool:
    """`value` is three words or more of lower-case letters or digits joined by `-` or `_` (a `!`
    may end it), the first or the last a test's or an example's, another the secret's kind
    (`test-signing-key-32-chars!`, `example_session_secret`): the value says what it is.  (Not a
    password: a test account's on a live app says test too, `test-shopname-123`; not a random part
    among words, not `Test-9fQ2vLk8`: a word of letters and digits mixed is no word.)"""
    words = compiled("never-fixture-split", r"[-_]").split(value.rstrip("!"))
    return len(words) >= 3 and (words[0] in _FIXTURE_WORDS or words[-1] in _FIXTURE_WORDS) \
        and all(w.isdigit() or (w.isalpha() and w.islower()) for w in words) \
        and any(w in _SELF_NAMES for w in words)


def first_characters_shown(value: str) -> bool:
    """`value`, before an ellipsis, is a secret's first characters: six or more letters and digits,
    both, after any prefix (`27d75616...`, `4e9d07b1a2...`); not a prefix alone (`sk-...`), a mask
    (`XXXXXX…`) nor a JWT's head (`eyJhbGciOi...`, the same in every token).  (A token's display,
    its prefix and a few characters, `glpat-7Hq2zB…`, is kept: never_real_places.CUT_TOKEN.)"""
    run = value.rsplit("-", 1)[-1].rsplit("_", 1)[-1]
    return len(run) >= 6 and run.isascii() and run.isalnum() and not value.startswith("eyJ") \
        and not run.isdigit() and not run.isalpha()


def word_in_a_tokens_place(text: str, s: int, e: int, kind: str, value: str) -> bool:
    """`value` (letters alone, in one case or a title's) at `s`, found as a token or a secret, is a
    word, not a generated value: the first word of a sentence after a label's `: ` (`error checking
    token: missing audience claim`, `Webhook Secret: Stored in the vault`), or a command's flag's
    fixed word (`--connection-token=localdev`: an editor's server, a token of letters in lower case
    is no random one).  (`JWT_SECRET=mysecret npm start`: a weak secret after `=`, kept.)"""
    if len(value) > 12 or not (value.islower() or value.istitle()):
        return False
    if text[s - 2:s] == ": ":
        return compiled("never-sentence-goes-on", r" [a-z]+\b").match(text, e) is not None
    return kind == "token" and value.islower() and text[s - 1:s] == "=" \
        and compiled("never-token-flag", r"--[a-z]+(?:-[a-z]+)*-token=\Z").search(text, s - 40 if s > 40 else 0, s) is not None


def words_in_a_keys_place(value: str) -> bool:
    """`value`, found as an API key or a token, is words a person reads, not a credential: a
    machine issues those in ASCII and one run, and `value` holds a space between words or a letter
    outside ASCII, each of its words letters alone, none a random run (a translation's
    `"apiKey": "Clé d'accès"`, `token: Tilgangsnøkkel`).  (Not for a password or a secret, which a
    person chooses: `Paris en été`, `Contraseña1` stay secrets.)"""
    if value.isascii() and " " not in value:
        return False
    words = [w for w in compiled("never-key-words", r"[\s\-/'\u2019]+").split(value.strip("?!.:,;\u2026()\"")) if w]
    return bool(words) and len(value) <= 80 and all(w.isalpha() and not (w.isascii() and looks_random(w)) for w in words)


def sent_by_a_test_client(text: str, s: int, e: int) -> bool:
    """The password at `s` is sent by a test's client to the app under test: inside a call on its
    line whose first argument is a quoted path with no host (`client.post('/auth/register', json=
    {...})`, supertest's `agent.post("/login").send({...})`: the app runs in the test's process, on
    its own database), an assertion on the answer within the next three lines.  (A call to a host,
    or one nothing asserts on, may log in to a real account: kept.)"""
    ls = text.rfind("\n", 0, s) + 1
    if compiled("never-test-client-call", r"\.(?:post|put|patch)\([ \t]*[\"']/[\w/.-]*[\"']").search(text, ls, s) is None:
        return False
    if not text[s:e].isalpha() and _in_a_script_a_shell_runs(text, s):
        return False  # (a word alone, `'other'`, `'wrong'`, is still a test's input there: a duplicate's, a wrong one's)
    return _asserted_below(text, e, 3, ("assert", "expect(", "self.assert"))


def typed_by_a_test(text: str, s: int, e: int) -> bool:
    """The password at `s` is typed by a test into an object the test itself built: a call of a
    member of that object on the value's line (`dialog.password.setText("X")`, `form.fill("X")`),
    the object assigned from a constructor's call (`dialog = SignInDialog(store)`) in the same
    test function (`def test_…`, the nearest `def` above, 2,000 characters at most), an assertion
    within the next four lines.  (An object built in the test runs in its process: a dialog, a
    form, no account anywhere; a call of a module's or a page's, `page.fill(…)` on a browser
    that the test did not build, is not taken.)"""
    ls = text.rfind("\n", 0, s) + 1
    m = compiled("never-typed-call", r"[ \t+]*([A-Za-z_]\w{0,40})(?:\.\w{1,40}){1,3}\([ \t]*[\"']\Z").match(text, ls, s)
    if m is None:
        return False
    lo = s - 2000 if s > 2000 else 0
    head = text.rfind("def ", lo, ls)
    if head < 0 or not text.startswith("def test", head) or text[head - 1:head] not in (" ", "\t", "\n", "+"):
        return False
    receiver = m.group(1)
    built = compiled("never-typed-built", r"\b([A-Za-z_]\w{0,40})[ \t]*=[ \t]*[A-Z]\w{0,60}\(")
    if not any(b.group(1) == receiver for b in built.finditer(text, head, ls)):
        return False
    return _asserted_below(text, e, 4, ("assert", "self.assert"), " \t+")


def _asserted_below(text: str, e: int, lines: int, starts: tuple, indent: str | None = None) -> bool:
    """One of the `lines` lines after the line of the value ending at `e` (400 characters at most)
    starts, less its `indent` (blanks where None; a diff's `+` too where given), with one of `starts`:
    the test asserts on what it did."""
    le = text.find("\n", e)
    if le < 0:
        return False
    below = text[le:le + 400].split("\n", lines + 1)[1:lines + 1]
    return any(line.lstrip(indent).startswith(starts) for line in below)


def _in_a_script_a_shell_runs(text: str, s: int) -> bool:
    """`s` stands inside a script a shell's command line gives its interpreter (`$ python -c "…`,
    `node -e "…`, its string still open): a run against the app as it is configured, its own
    database, not a test suite's, so the account it makes is one that stays."""
    lo = s - 4000 if s > 4000 else 0
    opened = -1
    for m in compiled("never-inline-script", r"(?:python[\d.]*|node|ruby|php|perl)[ \t]+-[ce][ \t]+\"").finditer(text, lo, s):
        opened = m.end()
    return opened >= 0 and "\"" not in text[opened:s]
