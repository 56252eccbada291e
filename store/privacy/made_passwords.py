"""A password a person made of a word and a secret's word (`shopapp_pass`, `kids_password`) has the
shape of a secret's name (never._secret_name); where it stands tells the two apart: a literal's
place (a SQL string after PASSWORD, a shell assignment before a command, a quoted string after a
password's label in code, a Markdown code span after a bold label, a help text's default, a shell's
or Compose's substitution's default, a client's `-u user:`, an environment variable's unquoted value) holds a value, not a reference to a name (`${DB_PASSWORD}`,
`password=db_password`, a YAML key defined elsewhere in the same text).

Such a value no finder by a label takes (evidence.password_like reads snake_case as a name):
made_passwords_in_slots proposes it wherever one of these places holds it, in any syntax of
the place (a bold Markdown label or a plain one, `PGPASSWORD\\=` escaped, a help text's
default), and never_secret judges it by the same places."""

from re import escape

from store.privacy.lexicon import CONNECTORS, LABELS, PREPOSITIONS
from store.privacy.values import CACHE, P_NAME, add_span, compiled

P_MADE = P_NAME + 500  # (a value judged by its place, as a candidate's: candidates.P_CANDIDATE)

# A made password's shape: lowercase words joined by `_`, the last a password's word.
_MADE = r"[a-z][a-z0-9]*(?:_[a-z][a-z0-9]*)*_(?:pass|password|passwd|pwd|pw)\Z"
# ... its words joined by `-`: taken after a client's user alone (`-u qa:qa-staging-pw`); elsewhere
# as often words of prose or a wrong password's (`"not-the-password"`)
_MADE_HYPHENED = r"[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*-(?:pass|password|passwd|pwd|pw)\Z"
# Before a quoted literal: a password's label, then `=`, `:`, `=>`, SQL's space alone or its
# function's parenthesis (`PASSWORD('x')`), or SQL's `IDENTIFIED BY`.
_QUOTED_AFTER = r"(?i)(?:pass(?:word|wd)?[\"']?[ \t]*(?:=>|[:=]|(?<=[dD]) )|(?-i:PASSWORD)\(|identified[ \t]+by[ \t]+)[ \t]*\Z"
# Before a code span: a label that says password, bold or not (`**Password**: `, `password `).
_SPAN_AFTER = r"(?i)(?:\*\*[^*\n]{{0,30}}|\b)(?:{pw})[^\W\d_]{{0,4}}:?(?:\*\*)?:?[ \t]*\Z"
# Before an environment variable's value: its name that says password (compose, a shell's prefix,
# after a word: `then PGPASSWORD=`); not in a comment (`# DB_PASSWORD=rag_password`: a template's
# line left out, its value an example).
_ENV_AFTER = r"(?:^|[\n;&|(→]|\\n|(?<![#/\s])[ \t])[ \t]*(?:-[ \t]+)?[A-Z][A-Z0-9_]*(?:PASS|PASSWORD|PASSWD|PWD)[ \t]*(?:\\?=|:[ \t]+)\Z"
# Before a command-line flag's quoted value (`--password="`; unquoted, `--password db_password`
# may name the secret it asks for), a Kubernetes env entry's
# (`- name: DB_PASSWORD` then `value: `), an element's (`<password>`).
_FLAG_AFTER = r"(?i)(?:^|[ \t])--?(?:[a-z][\w-]*[_-])?pass(?:word|wd)?(?:=|[ \t]+)\Z"
_ENTRY_AFTER = r"(?i)name:[ \t]*[\"']?[a-z0-9_]*pass(?:word|wd)?[a-z0-9_]*[\"']?[ \t]*\r?\n[ \t]*value:[ \t]*\Z"
_ELEMENT_AFTER = r"(?i)<[\w:.-]*pass(?:word|wd)?>\Z"
_DEFAULT_AFTER = r"(?i)pass(?:word|wd)?\b[^\n]{0,60}\(default:[ \t]*\Z"
# Before the password of a client's `-u user:password` (curl, httpie, wget's `--user`): a login, not
# a name (`curl -u qa:qa-staging-pw`).
_USER_COLON_AFTER = r"(?:^|[ \t])(?:-u|--user|--auth|-a)[ \t=]*[\"']?[^\s:\"'@/]{1,64}:\Z"
# Before a substitution's default (`${REDIS_PASSWORD:-redis_dev_pw}`, `:=`, `-`): a variable that
# says password, unset, falls back to the literal.
_SUBSTITUTED_AFTER = r"(?i)\$\{[a-z_][\w.]{0,80}?(?:pass(?:word|wd)?|pwd|pw)[\w.]{0,40}:?[-=]\Z"
# Before a value that ends its line: a label that says password (the lexicon's, any language) at the
# line's start, a qualifier after it allowed (`Password for ana: `), a list's item's or one that
# starts with a capital letter or in another language than English (`- db password: `,
# `**Password:** `, `DB_PASSWORD: `, `contraseña: `); not code's lower-case key (`password:
# db_password` in a JS object: a variable).
_LINE_AFTER = r"(?m)^[ \t]*(?:[-*+][ \t]+(?:\*\*)?|(?:\*\*)?(?=[A-Z]|(?!pass)(?i:{pw})))(?i:[^\W\d_][\w -]{{0,30}}?[ _-])?" \
    r"(?i:{pw})[^\W\d_]{{0,4}}(?:[ \t]+(?:{preps})(?:[ \t]+[\w.@-]{{1,40}}){{1,3}})?(?::(?:\*\*)?|\*\*:)[ \t]+\Z"
# Before a value in prose: `password is `, `Passwort ist `, `senha é ` (the value ends a clause or its line).
_SAID_AFTER = r"(?i)(?<!\w)(?:{pw})[^\W\d_]{{0,4}}[ \t]+(?:{conn})[ \t]+\Z"


def _slot(name: str, template: str):
    """`template` with the lexicon's password labels (`{pw}`), connectors and prepositions, compiled once."""
    rx = CACHE.get(name)
    if rx is None:
        labels = sorted({label for label, kind in LABELS.items() if kind == "password"} | {"pass", "passwd", "pwd"},
                        key=len, reverse=True)
        alt = lambda words: "|".join(escape(w) for w in sorted(words, key=len, reverse=True))  # noqa: E731
        rx = compiled(name, template.format(pw=alt(labels), conn=alt(CONNECTORS), preps=alt(PREPOSITIONS)))
    return rx


def made_password_literal(text: str, s: int, e: int, value: str) -> bool:
    """`value` (in text[s:e], a name by its shape) is a password a person made where a literal stands."""
    if not value.endswith(("pass", "password", "passwd", "pwd", "pw")):
        return False
    if "_" not in value or not compiled("made-password", _MADE).match(value):
        if "-" not in value or not compiled("made-password-hyphened", _MADE_HYPHENED).match(value):
            return False
        at = text.find(value, s, e + 1)
        return at > 0 and text[at - 1] == ":" and _slot_before(text, at, "user-colon") is not None \
            and not _named_elsewhere(text, value, at)
    at = text.find(value, s, e + 1)
    return at >= 0 and _in_a_slot(text, at, at + len(value)) and not _named_elsewhere(text, value, at)


def _in_a_slot(text: str, at: int, end: int) -> bool:
    """text[at:end] stands where a password's literal does (the module's docstring)."""
    mark, after = text[at - 1:at], text[end:end + 1]
    if mark == "." or (after and after in "([") or mark.isalnum():
        return False  # `self.db_pass`, `get_user_password(`, `creds[`: code's names (most places in code)
    lo = at - 80 if at > 80 else 0
    if mark in "'\"" and mark and after == mark:
        place = _slot_before(text, at, "quoted", 1) or _slot_before(text, at, "flag", 1) \
            or _slot_before(text, at, "entry", 1)
    elif mark == "`" and after == "`":
        place = _slot("made-span", _SPAN_AFTER).search(text, lo, at - 1)
    elif after == ")":
        place = _slot_before(text, at, "default")
    elif mark == ":":
        place = _slot_before(text, at, "user-colon")
    elif after == "}" and mark in "-=":
        place = _slot_before(text, at, "substituted")
    elif after == "<":
        place = _slot_before(text, at, "element")
    else:  # unquoted: an environment variable's, to its line's end or before a command
        place = _slot_before(text, at, "env")
        line_end = after in ("", "\n", "\r") or text[end:end + 2] in ("\\n", "\\r")
        command = compiled("made-command", r"[ \t]+(?:--?[A-Za-z]|[a-z][\w.:/@-]*(?:[ \t]|\Z))").match(text, end)
        if place and not (line_end or command):
            place = None
        if place is None and line_end:
            ls = text.rfind("\n", lo, at) + 1  # (the label at its line's start: matched there alone)
            place = _slot_before(text, at, "entry") \
                or (_slot("made-line", _LINE_AFTER).match(text, ls, at) if ls or not lo else None)
        if place is None and (line_end or after in " .,;") and _after_a_connector(text, lo, at):
            place = _slot("made-said", _SAID_AFTER).search(text, lo, at)
    return place is not None


# The slots read right before a value, by name: what ends there (the module's patterns above).
_SLOTS = {"quoted": _QUOTED_AFTER, "flag": _FLAG_AFTER, "entry": _ENTRY_AFTER, "default": _DEFAULT_AFTER,
          "user-colon": _USER_COLON_AFTER, "substituted": _SUBSTITUTED_AFTER, "element": _ELEMENT_AFTER,
          "env": _ENV_AFTER}


def _slot_before(text: str, at: int, name: str, quote: int = 0):
    """The slot `name` (_SLOTS) ending right before the value at `at` (before its opening quote,
    `quote` 1), read within 80 characters: its match, or None."""
    return compiled("made-" + name, _SLOTS[name]).search(text, at - 80 if at > 80 else 0, at - quote)


def _after_a_connector(text: str, lo: int, at: int) -> bool:
    """The word before text[at] (and its blanks) ends one of the lexicon's connectors (`is`, `ist`,
    `set to`): read before _SAID_AFTER's search, whose labels' alternation costs at each place."""
    words = CACHE.get("made-connector-ends")
    if words is None:
        words = CACHE["made-connector-ends"] = frozenset(c.split()[-1] for c in CONNECTORS)
    head = text[lo:at].rstrip(" \t")
    return head[max(head.rfind(" "), head.rfind("\t")) + 1:].lower() in words


def _named_elsewhere(text: str, value: str, at: int) -> bool:
    """`value` stands elsewhere in the text as a name: a key at its line's start (`db_password:`),
    a list's item (`- db_password`), a variable or a path's part (`$db_password`, `secrets/db_password`):
    the value refers to it."""
    i = text.find(value)
    while i >= 0:
        end = i + len(value)
        if i != at:
            if text[i - 1:i] in ("$", "{", "/"):
                return True
            head = text[text.rfind("\n", 0, i) + 1:i].strip(" \t")
            if (head == "" and text[end:end + 1] == ":") or (head == "-" and text[end:end + 1] in ("\n", "\r", "")):
                return True
            if text[i - 1:i] == "." or text[end:end + 1] == "(" or _a_name_before(text, i, head, end):
                return True
        i = text.find(value, end)
    return False


def _a_name_before(text: str, i: int, head: str, end: int) -> bool:
    """text[i:end] is a user's or a database's name (`-U x`, `user: 'x'`, `CREATE DATABASE x`), or a
    variable code declares (`x = ...`, `const x =`, `let x:`)."""
    if compiled("made-user-before", r"(?i)(?:\buser(?:name)?|\brole|\bowner|\bdb|database|dbname|-U)[\"'`\]]?[ \t]*[:=]?[ \t]*[\"'`]?\Z") \
            .search(text, i - 24 if i > 24 else 0, i):
        return True
    return head in ("", "const", "let", "var", "local", "my") \
        and compiled("made-assigned", r"[ \t]*(?::[ \t]*[\w\[\]]+[ \t]*)?=(?!=)").match(text, end) is not None


def made_passwords_in_slots(text: str, anchors, found: list) -> None:
    """Each made password (`_MADE`) standing where a password's literal does (_in_a_slot, any of
    the module docstring's places), as a `password` find; never_secret judges it by the same places
    (made_password_literal) and keeps it where the text uses it as a name."""
    # (from the one pass's places of `pass` and `pw`, those after a `_`: no find of its own over the
    # text; ~0.5 ms on the cat MB, ~3.7 on dense_u, ~0.1 on gitstat)
    for word in ("pass", "pw"):
        if word not in anchors.present:
            continue
        for at in anchors.at(word):
            if text[at - 1:at] != "_" or not ("a" <= text[at:at + 1] <= "z"):
                continue
            end = compiled("made-tail", r"[a-z0-9_]*").match(text, at).end()
            start = at - 1
            while start and ("a" <= text[start - 1] <= "z" or text[start - 1] == "_" or "0" <= text[start - 1] <= "9"):
                start -= 1
            if (not start or not text[start - 1].isalnum()) and compiled("made-password", _MADE).match(text, start, end) \
                    and _in_a_slot(text, start, end):
                add_span(found, text, start, end, P_MADE, "password")
