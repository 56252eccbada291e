"""A secret inside a value encoded in base64: a whole configuration (JSON, an INI section, an env
file) passed as one variable or argument (`APP_CONFIG_B64=eyJkYi…`, `-e SETTINGS_B64=W3NtdHBd…`,
a CI variable pasted in a prompt).  No label stands beside such a value; its decoded text holds
one, so the value is read decoded by the same finders, and where they find a secret in it the
encoded value goes whole.  Base64 of an image, a certificate or of settings without a secret
decodes to bytes, or to text where nothing is found, and stays.

A shorter value that decodes to a login and a password joined by `:` is HTTP's Basic credential
(RFC 7617) wherever it stands: after `Basic` in prose or a backtick, printed by `base64`, a copy
of a header's; a GraphQL id (`User:1`), a cursor (`arrayconnection:10`) or a URL (`gid://…`)
decodes to a value no password's shape and stays, as a cursor's time (`created_at:2024-05-01T10:00Z`)
and a typed id, a number then a type's name and its number (GitHub's legacy node ids, `04:User5364`,
`010:Repository1308518`, in every repository and user its API lists)."""

from store.privacy.values import P_RANDOM, add_span, base64_bytes, compiled, credential_like

# Shorter base64 holds no name and value of a secret; longer is a file's content, not a setting's.
_MIN, _MAX = 40, 8_000
_BODY = r"(?<![A-Za-z0-9_.+/-])[A-Za-z0-9+/]+={0,2}(?![\w.+/=-])"
# A Basic credential's base64: padded to a multiple of four, of 16 characters (`admin:secret1`'s) at the least
_BASIC_MIN, _BASIC_MAX = 16, 400
# A login before its `:` (a name, an address)
_LOGIN = r"[\w.@+-]{1,64}"
# (below every other finder's: a value they find keeps the kind they give it, `basic_auth`)
P_ENCODED = P_RANDOM + 500
# The first character of each four of base64 whose bytes are ASCII text (a byte below 0x80 holds
# its first six bits: 0-31): bytes of an image, a hash or a key fail it at once, before a decode.
_ASCII_QUADS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef")
# What decoded configuration holds: a name and its value (`"password":"…"`, `password=…`).
_PAIRED = frozenset(":=")


def decoded_text(value: str):
    """`value`'s base64 decoded to readable text (UTF-8, no control characters but line breaks and
    tabs), or None: bytes of an image, a key or a hash."""
    raw = base64_bytes(value)
    if raw is None:
        return None
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not decoded.isprintable() and not decoded.replace("\n", "").replace("\t", "").replace("\r", "").isprintable():
        return None
    return decoded


def encoded_secrets(look, find) -> None:
    """Each base64 value of the text's long runs whose decoded text holds a secret `find` finds,
    as one find of that secret's kind."""
    text = look.text
    for s, e in look.runs:
        if e - s < _MIN:
            # (a short run is read only where it is whole base64 of ASCII: most short runs are names and ids,
            # and a regex over each of them cost ~0.2 s a MB of real output)
            if e - s >= _BASIC_MIN and not (e - s) % 4 and _ASCII_QUADS.issuperset(text[s:e:4]) \
                    and compiled("encoded-whole", r"[A-Za-z0-9+/]+={0,2}\Z").match(text, s, e) is not None \
                    and basic_credential(text[s:e]):
                add_span(look.found, text, s, e, P_ENCODED, "basic_auth")
            continue
        for m in compiled("encoded-body", _BODY).finditer(text, s, e):
            value = m.group()
            if not _BASIC_MIN <= len(value) <= _MAX or not _ASCII_QUADS.issuperset(value[0::4]):
                continue
            if len(value) <= _BASIC_MAX and not len(value) % 4 and basic_credential(value):
                add_span(look.found, text, m.start(), m.end(), P_ENCODED, "basic_auth")
                continue
            if len(value) < _MIN:
                continue
            decoded = decoded_text(value)
            if decoded is None or not _PAIRED.intersection(decoded):
                continue
            inner = find(decoded)
            if inner:
                add_span(look.found, text, m.start(), m.end(), P_ENCODED, inner[0][0])


def basic_credential(value: str) -> bool:
    """`value` (base64) decodes to a login, `:` and a password (see above)."""
    decoded = decoded_text(value)
    if decoded is None or ":" not in decoded or "\n" in decoded:
        return False
    login, _, password = decoded.partition(":")
    if login.isdigit() and compiled("basic-typed-id", r"[A-Z][A-Za-z]*\d+\Z").match(password):
        return False
    return compiled("basic-login", _LOGIN).fullmatch(login) is not None and credential_like(password) \
        and compiled("basic-not-a-time", r"[\d.:/ TZ+-]*\Z|\d{4}-\d{2}-\d{2}").match(password) is None
