"""Candidates that files and tools' formats hold where no name stands right before the value:
found by the format's structure, judged by store/privacy/evidence.py `decide` (the one decision).

- A CSV's secret column (a password manager's export, a spreadsheet of accounts): a header line
  of names, one of which names a secret (`login_password`, `Password`, `"password"`), and each
  row's field in that column.
- A setter's name and value as arguments, its line found by a value flag (`az pipelines variable
  create --name apiKey --value X`, `drone secret add --name docker_password --data X`,
  PlistBuddy's `Set :ApiToken X`, `plutil -replace ClientSecret -string X`, a form's
  `key=DB_PASSWORD` then `value=X`): a setter's verb (or a subcommand's part: `put-parameter`)
  or a naming flag before an argument that names a secret, the value next or after the flag.
- A user and its password after a flag or key that names a login (`--user root:X`,
  `login=ana:X`): the user stays.
- LDIF's base64 value (`userPassword:: X`): the attribute names the secret, `::` says base64.
- A short password label opening a comment (`ssh web1 # pw X`, `-- pwd X`).
- A row inserted into a table of accounts without a column list: its value of a password's shape.
- The `<Value>` child of an element named for a secret (Windows' unattend.xml), or the `<value>`
  after a `<name>` that names one (a Hadoop or Hive property).
- A password after a scheme's tag that says it is in clear (Dovecot's `{PLAIN}X`, `{CLEARTEXT}X`).
- An object named by a secret whose keys are hosts (Composer's `"gitlab-token": {"host": X}`).
- A header written as a name/value object (a HAR entry's `{"name": "Cookie", "value": …}`):
  read as the header line, by the whole filter.
- A JSON string inside a text (a tool's answer holding a file as JSON, a HAR entry's body):
  its escapes read back (`\\"`, `\\n`), the whole filter run over what it says, the spans
  mapped back to the escaped text.

Each finder's data is beside it; the literals they are found by join the one pass
(store/privacy/anchors.py) through `literals()`.
"""

from __future__ import annotations

from store.privacy.evidence import ASSIGN, POSITION, SPACE, decide, shape
from store.privacy.names import name_verdict
from store.privacy.rules import MEDIUM, STRONG
from store.privacy.values import VALUE_MEMOS, add_span, compiled, line_bounds, remember

P_FORMAT = 3500  # between a name's find (P_NAME) and an entropy one (P_RANDOM)

# The words a CSV header's secret column or an LDIF attribute is found by (its cell also judged
# by name_verdict: `login_password`, `Password`, `pwd`).
CSV_WORDS = ("password", "passwd", "pass", "pwd", "secret", "token")
# A setter's verbs (a word of its own on a command line, or a subcommand's first or last part:
# `put-parameter`, `env:set`) and the flags that name what is set or give its value.
SETTER_VERBS = frozenset("set add create put update replace store write -replace".split())
NAMING_FLAGS = frozenset("--name -n --key -k --secret-name --variable --var".split())
VALUE_FLAGS = frozenset("--value -v --data -d --body -b -string --secret-value --string --text".split())
# What a setter's line is found by: a value flag, a form's `value=`, PlistBuddy's `Set :`.  (A
# setter's verb alone, `travis env set API_KEY X`, would need a pass over every ` set `: ~4 ms a
# MB of any text, for a form the value flags mostly cover.)
SETTER_LITERALS = ("--value", "--data", "-string", "--body", "value=", "set :")
LDIF_LITERAL = ":: "
# A short label that opens a comment after a command or code (`ssh web1 # pw X`, `-- pwd X`): the
# comment's marks and the labels (the longer ones, `# password X`, are the lexicon's: candidates.py).
COMMENT_MARKS = ("# ", "// ", "-- ")
COMMENT_LABELS = ("pw", "pwd", "pass", "passwd", "pword")
COMMENT_LITERALS = tuple(mark + label + " " for mark in COMMENT_MARKS for label in COMMENT_LABELS)
# A JSON object named by a secret whose keys are hosts (Composer's auth.json: `"github-oauth":
# {"github.com": X}`, `"gitlab-token": {"gitlab.example.com": X}`): each host's
# value is its secret.  Found by the parent's name closing before its object.
HOST_PARENT_LITERALS = ('token": {', 'oauth": {', 'secret": {', 'tokens": {', 'secrets": {')
# Flags and keys a `user:password` value follows.
LOGIN_LITERALS = ("--user", "--cred", "--basic-auth", "--auth", "login=")


def literals() -> tuple:
    """What this module's finders are found by (store/privacy/anchors.py's one pass)."""
    return SETTER_LITERALS + LOGIN_LITERALS + COMMENT_LITERALS + HOST_PARENT_LITERALS + (LDIF_LITERAL, '\\"', "<value>", "</", " /d ", "-value ")


def find(look, find_secrets):
    """Every finder of this module over the text `look` holds (store/privacy/__init__.py Look);
    `find_secrets`: the whole filter, for what a JSON string or a header object says."""
    text, low, anchors, found = look.text, look.low, look.anchors, look.found
    present = anchors.present
    if ("," in text or ";" in text) and not present.isdisjoint(CSV_WORDS):
        _csv_columns(text, low, anchors, found)
    if LDIF_LITERAL in present:
        # (an attribute's name stands right before its `::`: a classifier's `Language :: Python`, 1,234
        # a MB of pip inspect's output, is no line to read)
        places = [at for at in anchors.at(LDIF_LITERAL) if at and (text[at - 1].isalnum() or text[at - 1] in "_-")]
        for ls, le in _lines(low, places):
            _ldif_base64(text, ls, le, found)
    if not present.isdisjoint(SETTER_LITERALS):
        places = sorted(at for lit in SETTER_LITERALS if lit in present for at in anchors.at(lit))
        for ls, le in _lines(low, places):
            _setter_line(text, ls, le, found)
    if not present.isdisjoint(LOGIN_LITERALS):
        _user_and_password(text, low, anchors, found)
    if not present.isdisjoint(COMMENT_LITERALS):
        _comment_labels(text, anchors, found)
    if "insert" in present:
        _account_rows(text, anchors.at("insert"), found)
    if "<value>" in present:
        _value_elements(text, low, anchors.at("<value>"), found)
    if "{" in text and ("{plain}" in low or "{clear" in low):
        _clear_schemes(text, low, found)  # (not in the one pass: `{` stands thousands of times a MB of code)
    if "</" in present:
        _attributed_elements(text, anchors.at("</"), found)
    if " /d " in present or "-value " in present:
        _value_flag_after_a_name_flag(text, sorted(anchors.at(" /d ") + anchors.at("-value ")), found)
    if not present.isdisjoint(HOST_PARENT_LITERALS):
        _hosts_under_a_secret(text, low, anchors, found)
    if '"value"' in present:
        _header_objects(text, anchors.at('"value"'), found, find_secrets)
    if '\\"' in present:
        _json_strings(text, anchors.at('\\"'), found, find_secrets)


def _lines(low, places):
    """(start, end) of the lines `places` (sorted) stand on, each once, of 1,000 characters or less
    (a command line or a file's line, not a document on one line)."""
    done = -1
    for at in places:
        if at < done:
            continue
        ls, le = line_bounds(low, at)
        done = le
        if le - ls <= 1000:
            yield ls, le


def _take(text, found, s, e, strength, style, kind, alone=False):
    if e > s and decide(text[s:e], strength, style, alone):
        add_span(found, text, s, e, P_FORMAT, kind)


# ------------------------------------------------------------------------------ CSV columns
_CSV_FIELD = r"(?:\"[A-Za-z_][\w .()/-]{0,39}\"|[A-Za-z_][\w.()/-]{0,39}(?: [\w.()/-]{1,20})?)"


def _csv_columns(text, low, anchors, found):
    # what follows the word to its field's end (`password_hash`, `Password (old)`: a word
    # character first), then a separator, the line's end or a quote's; None where the word ends no
    # field of a header (most places: prose, code, a JSON key), without a match object
    field_end = compiled("csv-word-field-end", r"(?:\w[\w .()/-]*+)?+(?=[,;\r\n]|\"[,;]|\Z)").match
    done = set()
    for word in CSV_WORDS:
        n = len(word)
        for at in anchors.at(word) if word in anchors.present else ():
            if field_end(low, at + n) is None:
                continue
            ls = low.rfind("\n", 0, at) + 1
            if ls in done:
                continue
            done.add(ls)
            le = low.find("\n", at)
            sep = _csv_separator(low, ls, le)
            if sep is None:
                continue  # a header has rows below it and three fields or more
            m = _csv_header(sep).match(text, ls)
            if m is None or m.end() != le:
                continue
            names = [cell.strip(" \t\r\"") for cell in text[ls:le].split(sep)]
            for index, name in enumerate(names):
                verdict = name_verdict(name)
                if verdict is not None and verdict[1] >= MEDIUM:
                    _csv_rows(text, le + 1, index, len(names), verdict, found, sep)


def _csv_separator(low, ls, le):
    """The separator of the header line low[ls:le]: `,`, or `;` (a spreadsheet's export where the
    comma is the decimal mark) where no comma parts three fields; None for no header.  (A tab's
    columns are an aligned table's: candidates._aligned_tables.)"""
    if le < 0:
        return None
    for sep in (",", ";"):
        if low.count(sep, ls, le) >= 2:
            return sep
    return None


def _csv_header(sep):
    return compiled("csv-header" + sep, r"[ \t]*" + _CSV_FIELD + r"(?:" + sep + _CSV_FIELD + r"){2,40}[ \t]*\r?(?=\n)")


def _csv_fields(text, pos, end, sep=","):
    """(start, end) of each field of the CSV row text[pos:end] (a quoted field: inside its quotes)."""
    rx = compiled("csv-field" + sep, r"\"((?:[^\"\n]|\"\")*)\"|([^" + sep + r"\n]*)")
    out = []
    while True:
        m = rx.match(text, pos, end)
        out.append(m.span(1) if m.group(1) is not None else m.span(2))
        pos = m.end()
        if pos >= end or text[pos] != sep:
            return out
        pos += 1


def _csv_rows(text, pos, index, count, verdict, found, sep=","):
    """The field at `index` of each row from `pos` on, while rows have `count` fields (one more or
    less: a trailing separator) and no blank line comes."""
    n = len(text)
    for _ in range(2000):
        if pos >= n:
            return
        eol = text.find("\n", pos)
        eol = n if eol < 0 else eol
        if not text[pos:eol].strip():
            return
        fields = _csv_fields(text, pos, eol, sep)
        if abs(len(fields) - count) > 1 or index >= len(fields):
            return
        s, e = fields[index]
        _take(text, found, s, e, verdict[1], SPACE, verdict[0])
        pos = eol + 1


# ------------------------------------------------------------------------------ LDIF
def _ldif_base64(text, ls, le, found):
    """`userPassword:: X`: an attribute that names a secret, its value in base64."""
    m = compiled("ldif-base64", r"([A-Za-z][\w-]{0,60}):: ?([A-Za-z0-9+/]{4,1000}={0,2})[ \t]*\r?$").match(text, ls, le)
    if m is not None:
        verdict = name_verdict(m.group(1))
        if verdict is not None and verdict[1] >= MEDIUM:
            _take(text, found, m.start(2), m.end(2), verdict[1], ASSIGN, verdict[0], alone=True)


# ------------------------------------------------------------------------------ setters
_ARG = r"\"[^\"\n]*\"|'[^'\n]*'|[^\s\"']+"


# A setter's line has no more arguments than this (more: a sentence, a list).
_SETTER_MAX_WORDS = 60


def _words(text, ls, le):
    """(start, end) of each argument of the line text[ls:le], inside its quotes; a quoted argument
    of several words (`-c "Set :ApiToken X"`) gives its words too.  Past _SETTER_MAX_WORDS, no
    more (a line of prose: a commit message's holds the value flags it names)."""
    out = []
    for m in compiled("setter-arg", _ARG).finditer(text, ls, le):
        s, e = m.span()
        if text[s] in "\"'":
            s, e = s + 1, e - 1
            inner = list(compiled("setter-inner", r"\S+").finditer(text, s, e))
            if len(inner) > 1:
                out += [w.span() for w in inner]
                continue
        out.append((s, e))
        if len(out) > _SETTER_MAX_WORDS:
            break
    return out


def _setter_line(text, ls, le, found):
    words = _words(text, ls, le)
    if len(words) < 3 or len(words) > _SETTER_MAX_WORDS:
        return
    low = [text[s:e].lower() for s, e in words]
    verb = next((i for i, w in enumerate(low) if _setter_verb(w)), None)
    for i in range(1, len(words) - 1):
        s, e = words[i]
        raw = text[s:e]
        pair = raw[:4].lower() in ("key=", "name")
        if pair:  # a form's or query's `key=NAME` then `value=X`
            if not raw.lower().startswith(("key=", "name=")):
                continue
            raw = raw.split("=", 1)[1]
        elif verb is None or i <= verb or i > verb + 4 or low[i].startswith("-") or (
                i - 1 != verb and low[i - 1].startswith("-") and low[i - 1] not in NAMING_FLAGS):
            continue  # a name: among the first arguments after the verb (`defaults write DOMAIN KEY`), or a naming flag's
        name = raw.lstrip(":").rsplit("/", 1)[-1]
        verdict = name_verdict(name) if name else None
        if verdict is None or verdict[1] < MEDIUM:
            continue
        span = _setter_value(text, words, low, i, pair)
        if span is not None:
            _take(text, found, span[0], span[1], verdict[1], SPACE, verdict[0])


def _setter_verb(word):
    """`set`, `put-parameter`, `store-secret`, `env:set`, `set-credentials`: a setter's verb, alone
    or as a subcommand's first or last part."""
    if word in SETTER_VERBS:
        return True
    parts = compiled("setter-parts", r"[-:_]").split(word)
    return len(parts) > 1 and (parts[0] in SETTER_VERBS or parts[-1] in SETTER_VERBS) and parts[0] != ""


def _setter_value(text, words, low, i, pair):
    """The value of the name at words[i]: the next argument when it is no flag, else the one after
    a value flag (`--value X`, `--data=X`) among the next few, or a form's `value=X`."""
    for j in range(i + 1, min(len(words), i + 6)):
        w = low[j]
        s, e = words[j]
        if pair:
            if w.startswith("value="):
                return s + 6, e
            continue
        if j == i + 1 and not w.startswith("-"):
            return s, e
        flag, eq, _ = w.partition("=")
        if flag in VALUE_FLAGS:
            if eq:
                return s + len(flag) + 1, e
            return words[j + 1] if j + 1 < len(words) else None
    return None


# ------------------------------------------------------------------------------ user:password
def _user_and_password(text, low, anchors, found):
    rx = compiled("login-flag", r"(?:--(?:user|creds|credentials|basic-auth|auth)[ =]|(?<![\w-])login=)[\"']?"
                                r"([^\s:\"'@/$`]{1,64}):([^\s\"'@`]{1,128})")
    for lit in LOGIN_LITERALS:
        for at in anchors.at(lit) if lit in anchors.present else ():
            # (the flag or key stands at `at`: the pattern matched there, where a search from it
            # read up to 220 characters for a match that had to start there)
            m = rx.match(text, at, min(len(text), at + 220))
            if m is not None:
                _take(text, found, m.start(2), m.end(2), MEDIUM + 1, SPACE, "password")


# ------------------------------------------------------------------------------ a comment's label
def _comment_labels(text, anchors, found):
    """`ssh deploy@web1 # pw X`: a short password label opening a comment, one value after it
    that ends the line (`# pw in 1Password`, `# pass the flag` are prose: more than one word)."""
    rx = compiled("comment-label", r"[ \t]*(\S{4,128})[ \t]*\r?(?:\n|\Z)")
    for lit in COMMENT_LITERALS:
        for at in anchors.at(lit) if lit in anchors.present else ():
            if at and text[at - 1] not in " \t":
                continue  # a comment after something on its line, or at its start
            m = rx.match(text, at + len(lit))
            if m is not None:
                _take(text, found, m.start(1), m.end(1), STRONG, SPACE, "password", alone=True)


# ------------------------------------------------------------------------------ a password's clear scheme
# A password scheme's tag that says the password follows in clear (Dovecot's passwd-file and
# userdb, `user:{PLAIN}X:uid:gid::home`, LDAP's): the tags of a hash (`{SSHA}`, `{ARGON2ID}`) say
# a hash follows (never.py keeps those).
CLEAR_SCHEMES = ("{plain}", "{cleartext}", "{clear}")


def _clear_schemes(text, low, found):
    """`{PLAIN}X`: X, to a blank, a quote or the passwd-file's next `:` field."""
    rx = compiled("clear-scheme-value", r"[^\s:\"'<>]{1,128}")
    for lit in CLEAR_SCHEMES:
        at = low.find(lit)
        while at >= 0:
            m = rx.match(text, at + len(lit))
            if m is not None:
                _take(text, found, m.start(), m.end(), STRONG, ASSIGN, "password")
            at = low.find(lit, at + len(lit))


# ------------------------------------------------------------------------------ a secret's <Value>
def _value_elements(text, low, places, found):
    """`<Password>\n  <Value>X</Value>\n  <PlainText>true</PlainText>\n</Password>` (Windows'
    unattend.xml, a .NET settings file): an element named for a secret whose first child is its
    `<Value>`; or a `<name>` naming a secret, then its sibling `<value>` (a Hadoop property): the
    name's strength is the evidence (a `secret.key`'s is weak: its value must look random)."""
    parent = compiled("value-parent", r"<([A-Za-z][\w:.-]{0,60})(?:[ \t][^<>\n]{0,200})?>\s{0,200}\Z")
    sibling = compiled("value-sibling-name", r"<name>[ \t]*([\w.:-]{1,120})[ \t]*</name>\s{0,200}\Z")
    for at in places:
        lt = low.rfind("<", max(0, at - 260), at)
        m = parent.match(text, lt, at) if lt >= 0 else None
        if m is None and lt > 0:
            # a property's `<name>` then its `<value>`, siblings (Hadoop's, Hive's site files):
            # the name's text names the value
            lt = low.rfind("<name>", max(0, at - 340), lt)
            m = sibling.match(low, lt, at) if lt >= 0 else None
            verdict = name_verdict(text[m.start(1):m.end(1)]) if m is not None else None
        elif m is not None:
            verdict = name_verdict(m.group(1).rsplit(":", 1)[-1])
            verdict = verdict if verdict is not None and verdict[1] >= MEDIUM else None
        else:
            continue
        end = low.find("</value>", at + 7, at + 520)
        if verdict is not None and end > at + 7 and "<" not in text[at + 7:end]:
            _take(text, found, at + 7, end, verdict[1], ASSIGN, verdict[0], alone=True)


# ------------------------------------------------------------------------------ an element with attributes
def _attributed_elements(text, places, found):
    """`<Pass encoding="base64">X</Pass>`, `<wsse:Password Type="...#PasswordText">X</wsse:Password>`:
    an element named for a secret whose opening tag has attributes (names.py reads `<password>X`
    alone), found from its closing tag (`places`: where `</` stands).  An attribute that says the
    text is a digest, a hash or encrypted leaves it."""
    closing = compiled("closing-tag", r"</([\w:.-]{1,120})>")
    opening = compiled("attributed-tag", r"<([\w:.-]{1,120})[ \t]([^<>\n]{1,300})>")
    for c in places:
        m = closing.match(text, c)
        gt = text.rfind(">", max(0, c - 500), c)
        lt = text.rfind("<", max(0, gt - 320), gt) if m is not None and gt > 0 else -1
        if lt < 0 or gt + 1 == c or "<" in text[gt + 1:c] or "\n" in text[gt + 1:c]:
            continue
        o = opening.match(text, lt)
        if o is None or o.end() != gt + 1 or o.group(1) != m.group(1):
            continue
        attrs = o.group(2).lower()
        if any(word in attrs for word in ("digest", "hash", "crypt", "cipher")):
            continue
        verdict = name_verdict(m.group(1).rsplit(":", 1)[-1])
        if verdict is not None and verdict[1] >= MEDIUM:
            _take(text, found, gt + 1, c, verdict[1], ASSIGN, verdict[0], alone=True)


# ------------------------------------------------------------------------------ a name's flag, then its value's
def _value_flag_after_a_name_flag(text, places, found):
    """`reg add ... /v DefaultPassword /t REG_SZ /d X`, `Set-ItemProperty -Name DefaultPassword
    -Value X`: a flag names a secret, a later flag of the same command line gives its value
    (`places`: where ` /d ` or `-value ` stands)."""
    name_flag = compiled("name-flag", r"(?:(?<=[ \t])/v|(?<=[ \t])-[Nn]ame)[ \t]+[\"']?([\w.-]{1,60})[\"']?((?:[ \t]+[^\s|;&]+){0,6}?)[ \t]*\Z")
    value = compiled("flag-value", r"[ \t]*(?:\"([^\"\n]{1,300})\"|'([^'\n]{1,300})'|([^\s\"'|;&]{1,300}))")
    for p in places:
        ls = text.rfind("\n", max(0, p - 300), p) + 1
        m = name_flag.search(text, ls, p + (text[p] == " "))
        flag_end = text.find(" ", p + 2)
        v = value.match(text, flag_end) if m is not None and flag_end > 0 else None
        if v is None:
            continue
        verdict = name_verdict(m.group(1))
        g = 1 if v.start(1) >= 0 else 2 if v.start(2) >= 0 else 3
        if verdict is not None and verdict[1] >= MEDIUM:
            _take(text, found, v.start(g), v.end(g), verdict[1], ASSIGN, verdict[0])


# ------------------------------------------------------------------------------ hosts under a secret
def _hosts_under_a_secret(text, low, anchors, found):
    """`"gitlab-token": {"gitlab.com": "X", "git.example.com": "Y"}`: an object named by a secret,
    its keys hosts, each value a host's secret (judged as a MEDIUM label's value)."""
    parent = compiled("host-parent", r"\"([\w.-]{1,60})\"[ \t]*:[ \t]*\{")
    child = compiled("host-child", r"\s*\"((?:[\w-]+\.)+[A-Za-z]{2,24}(?::\d{1,5})?)\"[ \t]*:[ \t]*\"([^\"\\\n]{1,300})\"\s*,?")
    for lit in HOST_PARENT_LITERALS:
        for at in anchors.at(lit) if lit in anchors.present else ():
            q = low.rfind('"', max(0, at - 62), at)
            m = parent.match(text, q) if q >= 0 else None
            if m is None or m.end() != at + len(lit):
                continue
            verdict = name_verdict(m.group(1))
            if verdict is None or verdict[1] < MEDIUM:
                continue
            pos = m.end()
            for _ in range(50):
                c = child.match(text, pos)
                if c is None:
                    break
                _take(text, found, c.start(2), c.end(2), MEDIUM, ASSIGN, verdict[0])
                pos = c.end()


# ------------------------------------------------------------------------------ accounts' rows
# Words of a table's name that say it holds accounts (its rows: a user, an e-mail, a password).
ACCOUNT_TABLE_WORDS = frozenset("user users account accounts admin admins member members login logins credential "
                                "credentials operator operators staff customer customers employee employees".split())


def _account_rows(text, places, found):
    """`INSERT INTO users VALUES (1, 'admin', 'a@example.com', 'X', NOW())`: no column list says
    which value is the password, but a table of accounts holds one, and the quoted value of a
    password's shape among a row of names, addresses and dates is it (a hash or an id is not)."""
    rx = compiled("sql-insert-bare", r"(?is)insert[ \t]+into[ \t]+[`\"\[]?(?:\w+[`\"\]]?\.[`\"\[]?)?(\w{1,40})[`\"\]]?\s*values\s*\(")
    for at in places:
        if text[at + 6:at + 7] not in (" ", "\t"):
            continue  # `insertions(+)`, `insertBefore`: no statement (most places; the pattern's first test)
        m = rx.match(text, at)
        if m is None or not any(w in ACCOUNT_TABLE_WORDS for w in m.group(1).lower().split("_")):
            continue
        for s, e in _quoted_values(text, m.end()):
            value = text[s:e]
            if e - s < 6:
                continue
            if compiled("hex-or-uuid", r"[0-9a-fA-F-]{16,}").fullmatch(value):
                continue  # an id, a hash
            if shape(value) in ("password", "random"):
                _take(text, found, s, e, MEDIUM, POSITION, "password")


def _quoted_values(text, i):
    """(start, end) inside the quotes of each quoted value of the row that opens before `i`, to its
    closing parenthesis (a call among the values, `NOW()`, `md5('x')`, is stepped over whole)."""
    item = compiled("sql-row-item", r"\s*(?:'((?:[^'\\\n]|\\.|''){0,300})'|\"([^\"\n]{0,300})\"|[\w.]+\([^()\n]{0,200}\)|[^,()'\"\n]{0,100})\s*([,)])")
    out = []
    for _ in range(100):
        m = item.match(text, i)
        if m is None:
            return out
        g = 1 if m.group(1) is not None else 2 if m.group(2) is not None else 0
        if g:
            out.append(m.span(g))
        if m.group(3) == ")":
            return out
        i = m.end()
    return out


# ------------------------------------------------------------------------------ headers as objects
def _header_objects(text, places, found, find_secrets):
    """A header written as a name/value object (a HAR entry's, Postman's, a fetch's list of
    headers: `{"name": "Cookie", "value": "sessionid=X; theme=dark"}`): read as the header line
    `Cookie: sessionid=X; theme=dark`, by the whole filter (the Cookie, Authorization rules)."""
    rx = compiled("header-object", r"\"name\"[ \t]*:[ \t]*\"([A-Za-z][\w-]{1,60})\"[ \t]*,[ \t]*\"value\"[ \t]*:[ \t]*\"([^\"\\\n]{1,4000})\"")
    for at in places:
        if text.find('"name"', max(0, at - 90), at + 6) < 0:
            continue  # (a `"name"` starts before the value's key or none of this layout stands here; a
            # find in the whole text instead cost ~0.7 ms a MB of this machine's output, holding none)
        m = rx.search(text, max(0, at - 90), at + 4100)
        if m is None or not m.start(2) - 12 <= at < m.start(2):
            continue
        name = m.group(1)
        view = f"{name}: {m.group(2)}"
        shift = m.start(2) - len(name) - 2
        for kind, a, b in find_secrets(view):
            if a >= len(name) + 2:
                add_span(found, text, a + shift, b + shift, P_FORMAT, kind)


# ------------------------------------------------------------------------------ JSON strings
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f"}
_ESCAPE = r'\\(?:u([0-9a-fA-F]{4})|(["\\/ntrbf])|)'  # (the empty branch: an escape that is not JSON's)


def _json_strings(text, places, found, find_secrets):
    """A JSON string literal that holds escaped quotes (a document inside a document): what it
    says, filtered whole, its spans mapped back.  Only the lines that hold an escaped quote are
    read, each by one scan of its string literals."""
    # a literal, or (group 2 empty) a quote its line ends after with no closing one: each quote up
    # to there is escaped, so none opens a literal either (tried again at each of them, a text cut
    # inside a long string was read quadratically: ~7 ms on the pip inspect MB, whose last line is
    # a README's description cut in its middle)
    rx = compiled("json-string-or-open", r'"([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)("?)')
    done = -1
    for at in places:  # (where `\\"` stands, found by the one pass)
        if at < done:
            continue
        ls, le = line_bounds(text, at)
        done = le
        if not _hinted(text, max(0, at - 1), le):
            continue
        for m in rx.finditer(text, ls, le):
            s, e = m.span(1)
            if not m.group(2) or e - s > 100_000 or text.find('\\"', s, e) < 0:
                continue
            literal = text[s:e] if e - s <= _LITERAL_MEMO_MAX else None
            spans = _LITERAL_FINDS.get(literal) if literal is not None else None
            if spans is None:
                spans = _literal_finds(text, s, e, find_secrets)
                if literal is not None:
                    remember(_LITERAL_FINDS, literal, spans)
            for kind, a, b in spans:
                add_span(found, text, s + a, s + b, P_FORMAT, kind)


# A string literal (as written, escaped) -> its finds, relative to its start (values.VALUE_MEMOS):
# a log repeats the same JSON body, a package index the same README (61 distinct of 129 literals
# read on the realistic MB: ~5 % of its time; 3 of 5 on pip's JSON).  Literals up to this many
# characters (a key is kept whole).
_LITERAL_FINDS: dict = {}
VALUE_MEMOS.append(_LITERAL_FINDS)
_LITERAL_MEMO_MAX = 10_000


def _literal_finds(text, s, e, find_secrets):
    """(kind, start, end) of each find in the string literal text[s:e], relative to `s`: what it
    says, filtered whole, each span mapped back onto the escaped literal."""
    if not _hinted(text, s, e):
        return ()  # (no secret's key in what it says)
    view = _unescaped(text, s, e)
    spans = find_secrets(view) if view is not None else ()
    if not spans:
        return ()
    place = _place_back(text, s, e)
    return tuple((kind, place(a)[0] - s, place(b - 1)[1] - s) for kind, a, b in spans if b > a)


def _hinted(text, start, end):
    """Whether text[start:end] holds a key of the document inside that names a secret
    (`\\"password\\":`), or a pair's `\\"key\\":`, or a block named for one (HCL's `variable
    \\"db_password\\" {`): a string of prose or code that merely holds quotes (a package's
    description) is not read again.  Each escaped key that a `:` or `{` follows is read by one
    scan, and its name alone tested for the words: the name is the whole run of name characters
    between its escaped quotes (a quote or a backslash is none).  (A search of the pattern of
    key and words before each escaped quote, the words tried at each of the name's characters
    after up to 40 of them, cost 6.1 ms on the realistic MB's lines, 1.7 so.)"""
    words = compiled("json-hint-name", r"(?i)[\w.-]{0,40}(?:pass|secret|token|key|auth|pw|cookie|sess|cred|login|name|kty)[\w.-]{0,40}").fullmatch
    for m in compiled("json-key", r'\\"([\w.-]++)\\+"[ \t]*[:{]').finditer(text, start, end):
        if words(text, m.start(1), m.end(1)) is not None:
            return True
    return False


# Each of JSON's escapes but `\\\\` and `\\u`, and what it reads.
_SIMPLE_ESCAPES = (('\\"', '"'), ("\\/", "/"), ("\\n", "\n"), ("\\t", "\t"), ("\\r", "\r"), ("\\b", "\b"), ("\\f", "\f"))


def _unescaped(text, s, e):
    """text[s:e] with its JSON escapes read (None when an escape is not JSON's), by `str` methods
    (an escape at a time cost 1.1 ms on the realistic MB's strings, 0.5 so): the pairs of
    backslashes split it (read from the left as the escapes are), so each backslash left escapes
    the character after it; each escape is replaced alone, a `\\uXXXX` last (what one reads, a
    backslash, is read no further)."""
    parts = text[s:e].split("\\\\")
    odd = compiled("json-escape-odd", r'\\(?![\"/ntrbf]|u[0-9a-fA-F]{4})').search
    if any(odd(part) for part in parts):
        return None
    for i, part in enumerate(parts):
        if "\\" in part:
            for escape, char in _SIMPLE_ESCAPES:
                part = part.replace(escape, char)
            if "\\u" in part:
                part = compiled("json-escape-u", r"\\u([0-9a-fA-F]{4})").sub(_code_point, part)
            parts[i] = part
    return "\\".join(parts)


def _code_point(m):
    return chr(int(m.group(1), 16))


def _place_back(text, s, e):
    """A function of an index of what _unescaped reads from text[s:e]: where that character's
    escape or itself starts and ends in `text` (lists of every character's places cost ~1.8 ms on
    the pip inspect MB, for the one span a README's string gave)."""
    escapes = [m.span() for m in compiled("json-escape", _ESCAPE).finditer(text, s, e)]
    read_at = []  # each escape's index in what is read
    dropped = 0
    for a, b in escapes:
        read_at.append(a - s - dropped)
        dropped += b - a - 1

    def place(v):
        lo, hi = 0, len(read_at)
        while lo < hi:  # lo: how many escapes are read at or before v
            mid = (lo + hi) // 2
            if read_at[mid] <= v:
                lo = mid + 1
            else:
                hi = mid
        if not lo:
            return s + v, s + v + 1
        if read_at[lo - 1] == v:
            return escapes[lo - 1]
        at = escapes[lo - 1][1] + v - read_at[lo - 1] - 1
        return at, at + 1

    return place
