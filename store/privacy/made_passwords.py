"""A password a person made of a word and a secret's word (`shopapp_pass`, `kids_password`) has the
shape of a secret's name (never._secret_name); where it stands tells the two apart: a literal's
place (a SQL string after PASSWORD, a shell assignment before a command, a quoted string after a
password's label in code, a Markdown code span after a bold label, a help text's default, an
environment variable's unquoted value) holds a value, not a reference to a name (`${DB_PASSWORD}`,
`password=db_password`, a YAML key defined elsewhere in the same text)."""

from store.privacy.values import compiled

# A made password's shape: lowercase words joined by `_`, the last a password's word.
_MADE = r"[a-z][a-z0-9]*(?:_[a-z][a-z0-9]*)*_(?:pass|password|passwd|pwd|pw)\Z"
# Before a quoted literal: a password's label, then `=`, `:`, `=>` or (SQL) a space alone.
_QUOTED_AFTER = r"(?i)pass(?:word|wd)?[\"']?[ \t]*(?:=>|[:=]|(?<=[dD]) )[ \t]*\Z"
# Before a code span: a bold label that says password (`**Password**: `, `**DB password:** `).
_SPAN_AFTER = r"(?i)\*\*[^*\n]{0,30}pass(?:word|wd)?:?\*\*:?[ \t]*\Z"
# Before an environment variable's value: its name that says password (compose, a shell's prefix).
_ENV_AFTER = r"(?:^|[\n;&|(→]|\\n)[ \t]*(?:-[ \t]+)?[A-Z][A-Z0-9_]*(?:PASS|PASSWORD|PASSWD|PWD)[ \t]*(?:\\?=|:[ \t]+)\Z"
_DEFAULT_AFTER = r"(?i)pass(?:word|wd)?\b[^\n]{0,60}\(default:[ \t]*\Z"


def made_password_literal(text: str, s: int, e: int, value: str) -> bool:
    """`value` (in text[s:e], a name by its shape) is a password a person made where a literal stands."""
    if not value.endswith(("pass", "password", "passwd", "pwd", "pw")) or "_" not in value \
            or not compiled("made-password", _MADE).match(value):
        return False
    at = text.find(value, s, e + 1)
    if at < 0:
        return False
    end = at + len(value)
    mark, after = text[at - 1:at], text[end:end + 1]
    lo = at - 80 if at > 80 else 0
    if mark in "'\"" and mark and after == mark:
        place = compiled("made-quoted", _QUOTED_AFTER).search(text, lo, at - 1)
    elif mark == "`" and after == "`":
        place = compiled("made-span", _SPAN_AFTER).search(text, lo, at - 1)
    elif after == ")":
        place = compiled("made-default", _DEFAULT_AFTER).search(text, lo, at)
    else:  # unquoted: an environment variable's, to its line's end or before a command
        place = compiled("made-env", _ENV_AFTER).search(text, lo, at)
        if place and not (after in ("", "\n", "\r") or text[end:end + 2] in ("\\n", "\\r") or compiled("made-command", r"[ \t]+[a-z][\w.-]*(?:[ \t]|\Z)").match(text, end)):
            place = None
    return place is not None and not _named_elsewhere(text, value, at)


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
        i = text.find(value, end)
    return False
