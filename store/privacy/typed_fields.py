"""A password typed into a page by a browser tool: its call names the field it types into in
words (`{"element": "Password input", "ref": "e12", "text": "X"}`, a Playwright server's `type`
and `fill_form` tools) and gives what it types apart from that name, so the value's key
(`text`, `value`) names nothing.  The element's words name a password's field (a word the
name rule reads as a password's, in any language of the lexicon: `Password`, `Passwort-Feld`,
`input[type="password"]`), and the value typed there is a password, judged as one under a
password's key (one typed into a field named in words, as a password's shape: not a plain word).

An RPA workflow's typing action says the same on one line: its `Text` argument is what it types,
its target's name stands before it (UiPath's `<ui:TypeInto DisplayName="Type Into 'password'"
Text="X">`, Power Automate Desktop's `Control: appmask['Web Page']['Input password'] Text: $'''X'''`).
A `Text` after a password's word on its line, of a password's shape, is a password."""

from __future__ import annotations

from store.privacy.names import name_verdict
from store.privacy.values import (
    P_NAME,
    add_span,
    compiled,
    credential_like,
    is_reference,
    matches_where,
)

# The members a browser tool names its field by in words (any of them a password's name), by a name
# (the whole a password's: `Password`, `DB_PASSWORD`; not `password_min_length`), and those it gives
# the typed value in.
ELEMENT_KEYS = ("element", "label")
NAME_KEYS = ("name", "selector")
VALUE_KEYS = ("text", "value")


def typed_password_key(src: dict):
    """The key of `src` (a tool call's input) whose string is typed into a password's field, or None."""
    for key in ELEMENT_KEYS + NAME_KEYS:
        element = src.get(key)
        if isinstance(element, str) and element and (_names_a_password_field(element) if key in ELEMENT_KEYS
                                                     else _a_password_name(element)):
            for value_key in VALUE_KEYS:
                value = src.get(value_key)
                if isinstance(value, str):
                    # (a field named in words may be no input: `Password strength`, `strong`)
                    return value_key if key in NAME_KEYS or credential_like(value) else None
            return None
    return None


def _names_a_password_field(element: str) -> bool:
    """`element`'s words (200 characters at most) hold a password's name."""
    for word in compiled("typed-field-words", r"[^\W\d_]{2,40}").findall(element[:200]):
        verdict = name_verdict(word)
        if verdict is not None and verdict[0] == "password":
            return True
    return False


def _a_password_name(name: str) -> bool:
    """`name` names a password whole, or is a selector of a password's input (`input[type="password"]`)."""
    if len(name) > 200:
        return False
    verdict = name_verdict(name)
    return (verdict is not None and verdict[0] == "password") \
        or compiled("typed-password-selector", r"(?i)type=[\"']?password\b").search(name) is not None


# A `Text` argument and its quoted value: `Text="X"`, `Text: $'''X'''`, `Text: 'X'`.
TEXT_ARGUMENT = r"\bText(?:=|:[ \t]*)(?:\$'''([^'\n]{1,128})'''|\"([^\"\n]{1,128})\"|'([^'\n]{1,128})')"
# How far before a `Text` its target's name is looked for on its line, and how many a text's are read.
TARGET_REACH, MAX_TEXTS = 240, 200


def typed_text_arguments(text: str, found) -> None:
    """Each `Text` argument typed into a password's field (see above)."""
    for m in matches_where(text, "Text", "typed-text-argument", TEXT_ARGUMENT, MAX_TEXTS):
        g = 1 if m.group(1) is not None else 2 if m.group(2) is not None else 3
        value = m.group(g)
        if not credential_like(value) or is_reference(value):
            continue
        lo = max(text.rfind("\n", 0, m.start()) + 1, m.start() - TARGET_REACH)
        if _names_a_password_field(text[lo:m.start()]):
            add_span(found, text, m.start(g), m.end(g), P_NAME + 600, "password")
