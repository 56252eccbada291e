"""Values in a key's or a token's place whose form no issued key takes, and small places (judged
by never.never_secret after its other classes).  A key or a token is made by a machine: random.

- a run of lower-case words joined by ``_``, ``-`` or ``.`` found as a key or a token
  (``sua_chave_prod``: a stand-in written in any language, or a name), not a password's (a
  person may make one of words);
- a word in a title's case after a name and a space only (``DEPLOY_TOKEN Permissions``, a CI
  log's heading): a token is no word;
- a file's name alone on its line (a ``.gitignore``'s ``.credentials.json`` below a comment that
  says credentials): lower-case words, a dot and an extension of letters;
- a URL a webhook's rule found whose secret part is a template's reference (``/bot${token}/``,
  ``{{ hook_token }}``, ``%(token)s``): the code that builds the URL, no random part left in it;
  or whose path holds words alone (``/api/webhooks/your/webhook``): no digit, no random part;
- a value given to a command's option that names an id (``--chart-id "V"``, found by the entropy
  rule for a token's name elsewhere on its line), not a secret's id (``--secret-id``,
  ``--session-id``: CREDENTIAL_PART).

Only ``re``; patterns compiled on first use.
"""

from __future__ import annotations

from store.privacy.never_real_places import CREDENTIAL_PART, THING_NAME
from store.privacy.values import compiled, looks_random

# A file's name: lower-case words (a digit may end one) joined by `.`, `_` or `-`, a leading dot
# or none, then its extension of letters.
FILE_NAME = r"\.?[a-z][a-z0-9]*(?:[._-][a-z][a-z0-9]*)*\.[a-z]{2,5}"
# A template's reference: `${name}`, `{{ name }}`, `%(name)s`, `{name}`, `<name>`, `$name`.
TEMPLATE_REF = (r"\$\{[^{}\s]{1,60}\}|\{\{[^{}\n]{1,60}\}\}|%\([A-Za-z_]\w{0,40}\)s|\{[A-Za-z_]\w{0,40}\}"
                r"|<[A-Za-z_][\w-]{0,40}>|\$[A-Za-z_]\w{0,40}")
# An option that names an id, its value after spaces (a quote may open it): `--chart-id "`, `--tableId `.
ID_OPTION = r"(?:^|[\s\"'])--?(?:([A-Za-z][\w-]{0,40}?)(?:[-_]id|Id|ID)|id)[ \t]+[\"']?\Z"
_KEY_KINDS = frozenset(("token", "api_key"))


def no_key_takes(text: str, s: int, e: int, kind: str, value: str, last: str) -> bool:
    """text[s:e] (`value`: less its quotes; `last`: the character before it) is one of the
    module's classes."""
    if kind == "webhook":
        return _template_in_a_url(text, s, e) or _words_in_a_url(text[s:e])
    if kind == "password":
        return False
    first = value[0]
    if kind in _KEY_KINDS and first.isalpha() and value.isascii():
        if compiled("never-real-thing-name", THING_NAME).fullmatch(value) is not None and not looks_random(value):
            return True  # (lower-case words: no key's form)
        if last == " " and 4 <= len(value) <= 24 and value.isalpha() and value.istitle() \
                and text[s - 2:s - 1].isalnum() and text[e:e + 1] in ("\n", "\r", ""):
            return True  # (a heading's word after a name and a space, its line's last)
    if (first == "." or first.islower()) and (last == "\n" or s == 0) and text[e:e + 1] in ("\n", "\r", "") \
            and compiled("never-forms-file-name", FILE_NAME).fullmatch(value) is not None:
        return True
    return kind == "high_entropy" and (last == " " or last == '"' or last == "'") and _after_an_id_option(text, s)


def _template_in_a_url(text: str, s: int, e: int) -> bool:
    """The URL at text[s:e] holds a template's reference (read on to its close where the span stops
    inside it) and, without its references, no part of it looks random."""
    url = text[s:e]
    if "{" not in url and "%(" not in url and "<" not in url and "$" not in url:
        return False
    if url.endswith(("{", "{{")):
        close = text.find("}", e, e + 80)
        if close < 0:
            return False
        url = text[s:close + 2 if text[close + 1:close + 2] == "}" else close + 1]
    rest, n = compiled("never-forms-template", TEMPLATE_REF).subn(" ", url.partition("://")[2])
    return n > 0 and not _a_random_part(rest)


def _words_in_a_url(url: str) -> bool:
    """The webhook's URL `url` holds words where its id and its token stand, no digit in its path
    and no part of it random (`https://chat.example.com/api/webhooks/your/webhook`,
    `…/hooks/catch/ID/TOKEN`): a stand-in, as an issued hook always holds a number or a random part."""
    path = url.partition("://")[2].partition("/")[2]
    return bool(path) and not any(ch.isdigit() for ch in path) and not _a_random_part(path)


def _a_random_part(rest: str) -> bool:
    """A part of a URL's `rest` (split at its marks) of 12 characters or more that looks random."""
    return any(len(part) >= 12 and looks_random(part)
               for part in compiled("never-forms-url-parts", r"[/?&=#:.\s]+").split(rest))


def _after_an_id_option(text: str, s: int) -> bool:
    """The value at `s` follows an option that names an id (ID_OPTION), not a credential's id."""
    m = compiled("never-forms-id-option", ID_OPTION).search(text, s - 60 if s > 60 else 0, s)
    return m is not None and not compiled("never-real-credential-part", CREDENTIAL_PART).search((m.group(1) or "").lower())
