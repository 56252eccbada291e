"""What stands where a secret's value would, and is none (never.py's never_secret asks, last):

- a shell's redirection after a command that takes or prints a secret (``2>&1``, ``2>``,
  ``>/dev/null``): the command's plumbing, not its argument;
- a reference to a secret by its name in the environment, a mark before it (``?JWT_SECRET`` of
  ``${JWT_SECRET:?JWT_SECRET must be set}``, ``%API_TOKEN``; PowerShell's ``$env:NAME``, LiteLLM's
  ``os.environ/NAME``, whatever the name), or a word that names where the
  secret is read from, that name after it (``env API_TOKEN``, ``file DB_PASSWORD``);
- a description of the value in brackets, written where it is masked (``[set, 128 chars]``,
  ``(hidden, 24 chars)``, ``[not shown]``): words and counts, no token of mixed letters and digits;
- a value alone on its line below a name that says public (`cat public.key`, `id_ed25519.pub`);
- a value whose label names the public handle of a secret, not the secret (a token's
  ``accessor``, a key's ``fingerprint``, ``thumbprint``, ``checksum``, ``digest``), whatever
  separates the two (a colon, an equals sign, a flag, a table's spaces).
"""
from __future__ import annotations

from store.privacy.values import compiled

# A shell's redirection of a stream: `2>`, `2>&1`, `&>`, `>>`, `2>/dev/null`, `1>&-`.
REDIRECTION = r"[0-9&]?>>?(?:&[0-9-]?|/dev/null)?\Z"
# A name of the environment (upper case, words joined by `_`) one of whose words says secret.
ENV_SECRET_NAME = (r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_?(?:PASSWORD|PASSWD|PASS|PWD|SECRET|TOKEN|KEY|APIKEY|CREDENTIALS?|CREDS)"
                   r"(?:_[A-Z0-9]+)*")
# What may stand before such a name in a reference: `${X:?X must be set}`'s `?`, `%X%`, `$X`.
_REFERENCE_MARKS = "?:!%$@-"
# A description in brackets: words and counts, separated by spaces and punctuation.
# (a path's `~/.` among them: `[stored in ~/.env]` says where the value is kept)
DESCRIPTION = r"(?:[a-z]+|[A-Z]+|[0-9]+)(?:[ ,.;:/'~-]+(?:[a-z]+|[A-Z]+|[0-9]+))+"
_CLOSING = {"[": "]", "(": ")", "<": ">"}
# The labels of a secret's public handle (the last word of a label, lowercased).
HANDLE_LABELS = ("accessor", "fingerprint", "thumbprint", "checksum", "digest")


def stand_in(text: str, s: int, e: int, value: str, last: str, end: str) -> bool:
    """text[s:e] (`value`: less its quotes; `last`: the character before it; `end`: the 40
    characters before it, lowercased, less the spaces and quotes that end them) is one of the
    module's classes."""
    first = value[0]
    # (each class read only where its first or last character can stand: one set lookup each for
    # most values, which start with a letter or a digit after a label)
    if first in _MARKED_FIRSTS:
        if first in "0123456789&>" and ">" in value and compiled("stand-in-redirection", REDIRECTION).match(value):
            return True
        if first in _REFERENCE_MARKS and compiled(
                "stand-in-env-name", r"(?:(?i:env:)[A-Za-z_]\w{0,80}|" + ENV_SECRET_NAME + r")%?\Z").match(
                    value.lstrip(_REFERENCE_MARKS)):
            return True
        if first in _CLOSING:  # (where the value starts: its span may start at a quote or a line break)
            return _description(text, text.find(first, s))
    if last in _MARKED_LASTS:
        # (after a space, only where a space or a line break stands before it too: an indent, not
        # a label's `: ` before most values; of the dense MB's 7,970 spans after a space, 862 read)
        if (last == "\n" or (last == " " and text[s - 2:s - 1] in (" ", "\n"))) and _below_a_public_name(text, s):
            return True
        if last in _CLOSING:
            return _description(text, s - 1)
    if first == "o" and "/" in value and compiled("stand-in-environ-path", r"os\.environ/[A-Za-z_]\w{0,80}\Z").match(value):
        return True  # LiteLLM's `api_key: os.environ/OPENAI_API_KEY`: the variable the key is read from
    if value.isalpha() and value.islower() and len(value) <= 8 and text[e:e + 1] in (" ", "\t") \
            and compiled("stand-in-env-after", r"[ \t]+" + ENV_SECRET_NAME + r"(?![\w-])").match(text, e):
        return True
    return end.rstrip(":= \t\"'").endswith(HANDLE_LABELS)


_MARKED_FIRSTS = frozenset("0123456789&>" + _REFERENCE_MARKS + "[(<")
_MARKED_LASTS = frozenset("\n [(<")


def _description(text: str, at: int) -> bool:
    """text[at] opens a bracket that closes on its line around a description (DESCRIPTION)."""
    close = text.find(_CLOSING[text[at]], at + 1, at + 80)
    if close < 0 or text.find("\n", at, close) >= 0:
        return False
    return compiled("stand-in-description", DESCRIPTION + r"\Z").match(text, at + 1, close) is not None


def _below_a_public_name(text: str, s: int) -> bool:
    """text[s:] starts its line (after its indent) below a line that ends in a name saying public
    (`cat /etc/wireguard/public.key`, `id_ed25519.pub`, `pubkey:`): a public key, shown."""
    ls = text.rfind("\n", max(0, s - 200), s)
    if ls <= 0 or text[ls + 1:s].strip(" \t"):
        return False
    above = text[text.rfind("\n", max(0, ls - 200), ls) + 1:ls].rstrip(" \t:").lower()
    return compiled("stand-in-public-name", r"(?:^|[\s/\"'])[\w.-]*(?:public|pub\b|\.pub|pubkey)[\w.-]*\Z").search(above) is not None
