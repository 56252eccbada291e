"""A login and its password joined by a colon as one word, wherever a tool takes them
(`--create-admin ana:X`, `user add app:X`, `addauth digest admin:X`, `curl -fsu admin:X`, a URL's
`https://ana@corp.local:X@host`): no flag nor label names the password, the pair's shape does.  The
word stands alone (a command's argument, a quoted string), its login is a login's shape (a lower-case
name or an e-mail address) and what follows the colon a password's: a random value, or a made one of
lower and upper case, digits and a symbol (`Heron!Pass47`, `Birch-Hollow-62`).  An image's tag
(`node:20.11-alpine`), a host's port, a digest (`sha256:…`), a key of a map (`app:web`) or a time
have no such shape and stay.  In a sentence that says to use the pair (`use admin:X and the
header`, `test it with admin:X at host`), a weaker password's shape is enough (evidence.password_like:
letters and digits, `admin123`)."""

from store.privacy.evidence import password_like
from store.privacy.values import P_RANDOM, add_span, all_hex, compiled, looks_random

# The password: after the colon, up to a blank, a quote or the end (or the `@` of a URL's host).
_AFTER_COLON = r":([^\s\"'`/:@,;{}()\[\]<>|\\=]{8,64})(?=[\s\"'`]|\\[nrt\"]|@|\Z)"
_LOGIN = r"(?:[a-z][a-z0-9._-]{2,31}|[A-Za-z0-9._+-]{1,64}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)\Z"
_LOGIN_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-@")
# What stands before a word of its own: a blank, a quote, `=` (`--user=`), or `//` (a URL's login).
_WORD_START = frozenset(" \t\n\"'`=")
_MADE_SYMBOLS = frozenset("!#$%&*+=?^~-_.")
# (below the other finders': a value one of them finds keeps the kind it gives)
P_JOINED = P_RANDOM + 500


def made_password(value: str) -> bool:
    """Lower case, upper case, a digit and a symbol, not a version (`Ubuntu-22.04`) nor a word
    joined to a number alone (`Build-7`): a password a person made."""
    if value.isalnum() or not value.isascii():
        return False
    if value.lower() == value or value.upper() == value or not any(ch.isdigit() for ch in value):
        return False
    if not _MADE_SYMBOLS.intersection(value) and not any(not ch.isalnum() for ch in value):
        return False
    if compiled("joined-version", r".*\d\.\d").match(value):
        return False
    if not _MADE_SYMBOLS.difference("-_.").intersection(value):
        # joined by `-`, `_` or `.` alone: words of a capital and lower case (`Pa55` too) and a
        # number of two digits or more (`Birch-Hollow-62`), not names (`MyService-2`, `Linux-X64-8c`)
        return sum(ch.isdigit() for ch in value) >= 2 and compiled(
            "joined-made-words", r"(?:[A-Z][a-z0-9]*[a-z][a-z0-9]*|\d{2,})(?:[-_.](?:[A-Z][a-z0-9]*[a-z][a-z0-9]*|\d{2,}))+\Z"
        ).match(value) is not None
    return sum(ch.isalpha() for ch in value) >= 5


def _class_of(ch: str) -> int:
    return 0 if ch.islower() else 1 if ch.isupper() else 2 if ch.isdigit() else 3


def short_random(value: str) -> bool:
    """A random value too short for looks_random (10-15 characters, `ldIqO9q7doJd`): its case and
    digits change six times or more (words of code change at their joins: `ServiceAccount2`)."""
    if not 10 <= len(value) <= 15 or not value.isalnum():
        return False
    changes = sum(_class_of(a) != _class_of(b) for a, b in zip(value, value[1:]))
    return changes >= 6


def _password_shape(value: str) -> bool:
    if made_password(value):
        return True
    if len(value) < 10 or all_hex(value):
        return False  # a digest's hex
    return looks_random(value) or short_random(value)


def _login_before(text: str, colon: int):
    """Where the login ending at text[colon] starts, or -1: a login's shape, as a word of its own."""
    start = colon
    while start > 0 and colon - start < 80 and text[start - 1] in _LOGIN_CHARS:
        start -= 1
    if start == colon or not compiled("joined-login", _LOGIN).match(text, start, colon):
        return -1
    before = text[start - 1:start]
    if before and before not in _WORD_START and not (before == "/" and text[start - 2:start] == "//"):
        return -1
    return start


def joined_logins(text: str, found: list) -> None:
    """Each `login:password` word (the module's docstring), its password as a `password` find."""
    if ":" not in text:
        return
    for m in compiled("joined-after-colon", _AFTER_COLON).finditer(text):
        if _login_before(text, m.start()) < 0:
            continue
        if text[m.end():m.end() + 1] == "@" and "@" not in text[max(0, m.start() - 80):m.start()]:
            continue  # `user:password@host`: user_password_at's
        if not _password_shape(m.group(1)) and not (password_like(m.group(1)) and _used_in_a_sentence(text, m.start())):
            continue
        add_span(found, text, m.start(1), m.end(1), P_JOINED, "password")


# A word of prose that gives the pair to use, right before its login: `use`, `with`, `using`, `as`.
USED_BEFORE = r"(?i)(?:^|[\s(])(?:use|using|with|via|as|creds?|credentials|login|log[ \t]?in)[ \t]+\Z"


def _used_in_a_sentence(text: str, colon: int) -> bool:
    """The login before text[colon] follows a word of prose that gives the pair to use."""
    start = _login_before(text, colon)
    return start > 0 and compiled("joined-used-before", USED_BEFORE).search(text, max(0, start - 20), start) is not None
