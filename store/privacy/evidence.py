"""The one decision for a value candidate (store/privacy/candidates.py finds them): is it a secret?

A candidate comes with the evidence of where it stands:

- its LABEL and how sure the label makes us (`strength`: STRONG for ``password``, ``Passwort``,
  ``密码``, a secret-printing position; MEDIUM; WEAK for ``key``);
- its STYLE, how the value is tied to the label: ``assign`` (an explicit separator: ``:``,
  ``=``, ``：``, a table column, a plist/Kubernetes/Terraform pair), ``prose`` (a connector
  word: ``is``, ``ist``, ``は``), ``space`` (a directive: ``requirepass X``) or ``position`` (the
  password slot of a call, an SQL statement, an exec array);

and its SHAPE, judged here (on the value's first line: one written as an escape, `\\n` in JSON
printed as text, ends it too): random-looking (store/privacy/values.py `looks_random`),
password-like (mixed character classes, a length of a password, not a word, number, path,
name of code or version), or a plain word.

The rule: a literal that is a reference, a placeholder, a constant or a word of prose is never
a secret; a random-looking one always is, once any label stands by it; a password-like one is,
under a STRONG or MEDIUM label in any style; a plain word is only when it stands alone after an
explicit separator of a STRONG label (``Passwort: geheim``) or in a password position.
"""

from __future__ import annotations

from store.privacy.lexicon import FUNCTION_WORDS
from store.privacy.never import first_line
from store.privacy.rules import CONSTANTS, MEDIUM, NOT_SECRET_WORDS, PLACEHOLDER_WORDS, STRONG
from store.privacy.users import a_user_at_a_host
from store.privacy.values import (
    DOTTED,
    VALUE_MEMOS,
    compiled,
    dotted_password,
    is_reference,
    looks_random,
    mixed_parts,
    remember,
)

ASSIGN, PROSE, SPACE, POSITION = "assign", "prose", "space", "position"
# a secret's noun in a sentence, the value after it with no separator (`smtp pass X until the vault
# is back`): a random-looking value, or a password-like one of three character classes or more
# (`token e2e-tests` and `pass expired123` are words of prose: `-`, `_`, `.` and `/` join words)
SENTENCE = "sentence"


def password_like(value: str) -> bool:
    """A literal a person would use as a password: 6-128 characters without spaces, two or more of
    lower, upper, digit and symbol (or letters and digits), not a path, URL, number, version,
    dotted name or identifier of code."""
    n = len(value)
    if n < 6 or n > 128 or compiled("space", r"\s").search(value) is not None:
        return False
    if value.startswith(("/", "./", "../", "~/", "http://", "https://", "$", "%", "{", "<", "(", "[")):
        return False
    if value[1:3] in (":\\", ":/") and value[0].isalpha():
        return False  # C:\Users\ana, D:/data: a Windows path
    if "@" in value and a_user_at_a_host(value) is not None:
        return False  # an e-mail address or a login's target: a user, not a password
    if value.isascii():  # the classes present, by C calls (most values are ASCII)
        lower, upper = value.upper() != value, value.lower() != value
        digit = compiled("digit", "[0-9]").search(value) is not None
        symbol = not value.isalnum()
    else:
        lower = upper = digit = symbol = 0
        for ch in value:
            if ch.isdigit():
                digit += 1
            elif ch.islower():
                lower += 1
            elif ch.isupper():
                upper += 1
            else:
                symbol += 1
    if not (lower or upper):
        return False  # a number, a date
    if value[-1] in ":?" and value[:-1].isalpha():
        return False  # `Password:`: a prompt, a label
    classes = (lower > 0) + (upper > 0) + (digit > 0) + (symbol > 0)
    if classes < 2:
        return False
    if not digit and not symbol:
        return False  # camelCase, Title: a name
    # (the patterns below only where what they need stands: a dot, a lower-case word, a
    # parenthesis; most values a dense text holds have none of these)
    dot = "." in value
    if dot and compiled("ev-version", r"v?\d+(?:\.\d+)+\S*\Z").match(value):
        return False
    if dot and compiled("dotted", DOTTED).match(value) and not mixed_parts(value):
        return False  # os.path, np.float64, self.token: names of code (not Gx7.kP2m)
    if dot and ":" in value and compiled("ev-entry-point", r"[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+:[A-Za-z_]+\Z").match(value):
        return False  # pkg.web.server_v2:app, svc.main:create_app: a module and its attribute (uvicorn's target)
    if not digit and any(ch in "()[]{}<>" for ch in value):
        return False  # Optional[str], f(x): code
    if not digit and "/" in value and compiled("ev-path", r"[\w.@:-]+(?:/[\w.@:-]*)+\Z").match(value):
        return False  # secret/app/db: a path
    if not upper and compiled("ev-snake", r"_*[a-z]+(?:[_-](?:[a-z]+|v?\d{1,4}))+\Z").match(value):
        return False  # app_db_v2, reset-v2, node-18: names in lower case, a version among their words
    if symbol and not digit and compiled("ev-ident", r"[A-Za-z]+(?:[_.-][A-Za-z]+)+\Z").match(value):
        return False  # snake_case, kebab-case, dotted.words: names
    return "(" not in value or not compiled("ev-call", r".*\w\(").match(value)


_JOINERS = str.maketrans("", "", "-_./")


def character_classes(value: str) -> int:
    """How many of lower case, upper case, digit and other characters `value` holds."""
    return ((value.upper() != value) + (value.lower() != value) + any(ch.isdigit() for ch in value)
            + any(not ch.isalnum() for ch in value))


def passphrase_like(value: str) -> bool:
    """A pass phrase of several words (`correct horse battery staple`, `blue Anchor rusty 1987
    kettle`): 3 to 8 words of letters or digits, none a word of prose's grammar (`required for
    every login`, `see the vault` are sentences)."""
    words = value.split(" ")
    if not 3 <= len(words) <= 8 or len(value) > 100:
        return False
    for w in words:
        if not (2 <= len(w) <= 14 and w.isalnum()) or w.lower() in NOT_SECRET_WORDS or w.lower() in _PROSE_GLUE:
            return False
    return True


# Words of prose's grammar beyond rules.NOT_SECRET_WORDS (a quoted sentence is not a pass phrase).
_PROSE_GLUE = frozenset("was were been being has had do does did its our my their his her we they he she "
                        "all any each every some no none more most less only also just than then there".split())


# the constants an option is set to (`ignoreHTTPSErrors:true`, `verify=None`)
_CONSTANT_ENDS = ("true", "false", "null", "none", "nil", "undefined")
# the styles a sentence ties a value to its label with (not ASSIGN, where code stands)
_SAID = frozenset((PROSE, SENTENCE, SPACE))


def shape(value: str) -> str:
    """"random", "password", "word" (a plain word) or "other"."""
    if looks_random(value):
        return "random"
    if password_like(value):
        return "password"
    if value.isalpha():
        return "word"
    return "other"


def decide(value: str, strength: int, style: str, alone: bool = False) -> bool:
    """Whether `value`, found with this evidence, is a secret (see the module docstring).
    `alone`: nothing but punctuation follows it on its line.  (The decision on the same value and
    evidence is kept: store/privacy/values.py VALUE_MEMOS.)"""
    key = (value, strength, style, alone)
    got = _DECISIONS.get(key)
    if got is None:
        got = remember(_DECISIONS, key, _decide(value, strength, style, alone))
    return got


_DECISIONS: dict = {}
VALUE_MEMOS.append(_DECISIONS)


def _decide(value, strength, style, alone):
    v = value.strip()
    if "\\" in v:
        v = first_line(v)  # `CI\\nd8f13a2` in JSON printed as text: the value ends at the escaped break
    if not v or len(v) > 512 or is_reference(v):
        return False
    low = v.lower()
    if low in NOT_SECRET_WORDS or low in CONSTANTS or low in PLACEHOLDER_WORDS or low in FUNCTION_WORDS:
        return False
    if v[0] in "([" and v[-1] in ")]" and (" " in v or v[1:-1].isalpha()):
        return False  # `(in vault)`, `[ask Ana]`, `(redacted)`: an aside or a stand-in word in the value's place
    # (each pattern below only where the character it starts with or needs stands: most values)
    if v[0] == "-" and compiled("ev-flag", r"--?[A-Za-z][\w.-]*(?:=|\Z)").match(v) and (style == SPACE or v[1] == "-"):
        return False  # `api-key" --project=x`, `--token to pass a token`: a flag, not the value
    if low.endswith(_CONSTANT_ENDS) and compiled("ev-setting", r"[A-Za-z_][\w.-]*[:=](?i:true|false|null|none|nil|undefined)\Z").match(v):
        return False  # `Pass ignoreHTTPSErrors:true to …`: an option set to a constant, not a value
    if low.startswith("data:"):
        return False  # a data: URL (an image, a file) is content
    if "/" in v and compiled("ev-host-path", r"[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?(?:/[\w.-]+)+(?::[\w.-]+)?(?:@sha256:[0-9a-f]+)?\Z").match(v):
        return False  # ghcr.io/acme/api:1.4, registry.example.com:5000/app: an image or a host's path
    if style != ASSIGN and style != POSITION and v[-1] in "!?" and v.rstrip("!?").isalpha() \
            and v.rstrip("!?").islower():
        return False  # `No API key needed!`: a word of the sentence and its mark, where no separator gives a value
    kind = shape(v)
    if kind == "random":
        return True
    if kind == "other" and style in _SAID and strength >= MEDIUM and "." in v and dotted_password(v):
        return True
    if kind == "password" and style == SENTENCE and ("/" in v or "\\" in v):
        return False  # `pass Work/GitHub2`: a password store's entry, a path
    if kind == "password":
        return strength >= MEDIUM and (style != SENTENCE or character_classes(v.strip("-_./").translate(_JOINERS)) >= 3)
    if style == SENTENCE:
        return False
    if strength < STRONG:
        return False
    if style == POSITION:
        return len(v) >= 3 and not (v.isalpha() and v.islower() and len(v) < 5)
    if style == ASSIGN and alone:
        return len(v) >= 4 and (kind == "word" or not compiled("ev-code", r".*[()\[\]{};]").match(v))
    if style == PROSE and alone and len(v) >= 4 and (
            (v.isdigit() and len(v) <= 12) or (v.isalpha() and v[0].isupper() and v[1:].islower())):
        # `the password is 482913`, `A senha é Sunshine`: a number, or a capital mid-sentence,
        # that ends the clause (a lower-case word there is mostly a state: incorrect, required)
        return True
    if style == SPACE and alone and kind == "other":
        # `requirepass Gx7.kP2m`, `github.token 482913`: alone after a directive, a value of no
        # word's shape (a plain word there may be prose: `Password changed`)
        return len(v) >= 4 and any(ch.isdigit() for ch in v) and not compiled("ev-code", r".*[()\[\]{};]").match(v)
    return False
