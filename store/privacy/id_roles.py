"""A value a program names a ``token`` or a ``key`` whose role the same text shows is an id.

A vendor may call a document's, a table's or a folder's handle a token (``"sheet_token": "…"``,
``--doc-token``): the name says secret, the value's other places say what it is.  When a value
appears more than once, its clearest place tells: the same value standing as a URL's path
segment right after a word that names a thing (``/sheets/<v>``, ``/d/<v>/edit``), or as the
value of a URL's query whose name is no credential's (``?doc=<v>``), is that thing's id, and so
are its other places.  Not where any place of it is a credential's: an Authorization header
(``Bearer <v>``, ``token <v>``), a query or a fragment that names one (``?access_token=<v>``,
``#token=<v>``), a URL's password (``://user:<v>@``), a span a provider's shape or a header's
rule found; nor a path segment after a version (``/v2/<key>``: a node provider's key is its
URL's path) or after a credential's word (``/key/<v>``).

Only ``re``; patterns compiled on first use.
"""

from __future__ import annotations

from store.privacy.names import name_verdict
from store.privacy.never_real_places import CREDENTIAL_PART
from store.privacy.rules import PROVIDERS
from store.privacy.values import CACHE, compiled

# The kinds a value's name or its shape found: those a place elsewhere may show to be an id's.
_NAMED_KINDS = frozenset(("token", "secret", "api_key", "high_entropy"))
# A URL: its scheme, then what a URL holds up to a space, a quote, a bracket or an escape.
URL = r"[A-Za-z][A-Za-z0-9+.-]{1,15}://[^\s\"'`<>\\]{3,2000}"
# A word that names a thing before its id in a URL's path (`sheets`, `d`, `base`, `file-view`).
THING_SEGMENT = r"[a-z][a-z_-]{0,30}"
# What stands right before a value in a credential's place: an Authorization header's scheme or
# its name, a header's rule, a URL's user and `:` (its `@` after the value is read apart).
CREDENTIAL_BEFORE = (r"(?i)(?:\b(?:bearer|basic|token)[ \t]+|authorization[\"']?[ \t]*[:=][ \t]*[\"']?"
                     r"|\b(?:bearer|basic)[ \t]*[:=][ \t]*[\"']?)\Z")


def ids_by_their_role(text: str, spans: list) -> list:
    """`spans` ((kind, start, end), sorted) less those whose value the text shows to be an id
    (see above)."""
    named = {text[s:e] for k, s, e in spans if k in _NAMED_KINDS and e - s >= 8}
    if not named:
        return spans
    by_shape = named.difference(text[s:e] for k, s, e in spans if k != "high_entropy")
    ids = _ids_in_urls(text, named, by_shape)
    if not ids:
        return spans
    guarded = {text[s:e] for k, s, e in spans if k not in _NAMED_KINDS}  # (a provider's, a header's, a JWT)
    ids = {v for v in ids if v not in guarded and not _a_credentials_head(v) and not _in_a_credentials_place(text, v)}
    if not ids:
        return spans
    return [span for span in spans if text[span[1]:span[2]] not in ids]


def _ids_in_urls(text: str, named: set, by_shape: set) -> set:
    """The values of `named` that stand in a URL of the text as an id and elsewhere too: a path
    segment after a thing's word (THING_SEGMENT, not a credential's), or a query's value whose name
    is none.  A value of `by_shape` (found by the entropy rule alone, for a secret's word elsewhere
    on its line) needs no other place in a query: the query's name is its own, and says what it is."""
    ids = set()
    thing = compiled("roles-thing-segment", THING_SEGMENT)
    credential = compiled("never-real-credential-part", CREDENTIAL_PART)
    at = text.find("://")
    rx = compiled("roles-url", URL)
    while at >= 0:
        a = at - 1
        while a > 0 and at - a < 16 and (text[a - 1].isalnum() or text[a - 1] in "+.-"):
            a -= 1
        m = rx.match(text, a)
        if m is None:
            at = text.find("://", at + 3)
            continue
        url = m.group(0).partition("#")[0]
        rest, _q, query = url[m.group(0).find("://") + 3:].partition("?")
        segments = rest.split("/")[1:]  # (the host is no segment)
        for i in range(1, len(segments)):
            seg = segments[i]
            if seg in named and thing.fullmatch(segments[i - 1]) and not credential.search(segments[i - 1]) \
                    and _stands_elsewhere(text, seg, m.start(), m.end()):
                ids.add(seg)
        for pair in query.split("&") if query else ():
            name, eq, value = pair.partition("=")
            if eq and value in named and name and not credential.search(name.lower()) and name_verdict(name) is None \
                    and (value in by_shape or _stands_elsewhere(text, value, m.start(), m.end())):
                ids.add(value)
        at = text.find("://", m.end())
    return ids


def _a_credentials_head(value: str) -> bool:
    """`value` starts with a credential's head (`sk_`, `rk_`, `tok-`: CREDENTIAL_PART) or a
    provider's prefix: a key's shape, whatever its place says."""
    m = compiled("roles-head", r"([a-z]{1,8})[_-]").match(value)
    if m is not None and compiled("never-real-credential-part", CREDENTIAL_PART).search(m.group(1)):
        return True
    prefixes = CACHE.get("provider prefixes")
    if prefixes is None:  # (every provider's prefix, rules.PROVIDERS)
        prefixes = CACHE["provider prefixes"] = tuple(p for _kind, ps, _pattern in PROVIDERS for p in ps)
    return value.startswith(prefixes)


def _stands_elsewhere(text: str, value: str, a: int, b: int) -> bool:
    """`value` stands in the text outside text[a:b] (the URL where it was read)."""
    i = text.find(value)
    return i >= 0 and (i < a or text.find(value, b) >= 0)


def _in_a_credentials_place(text: str, value: str) -> bool:
    """Some place of `value` in the text is a credential's: after an Authorization header's scheme
    or name (CREDENTIAL_BEFORE), as a query's or a fragment's value whose name is a credential's,
    or as a URL's password (`:` before it, `@` after)."""
    credential = compiled("never-real-credential-part", CREDENTIAL_PART)
    before_rx = compiled("roles-credential-before", CREDENTIAL_BEFORE)
    i = text.find(value)
    seen = 0
    while i >= 0 and seen < 200:
        seen += 1
        before = text[max(0, i - 60):i]
        if before_rx.search(before) is not None:
            return True
        if before.endswith("=") and before[-2:-1] != "=":
            k = len(before) - 1
            j = k
            while j > 0 and (before[j - 1].isalnum() or before[j - 1] in "_.-"):
                j -= 1
            if j > 0 and before[j - 1] in "?&#;" and credential.search(before[j:k].lower()):
                return True
        if before.endswith(":") and text[i + len(value):i + len(value) + 1] == "@":
            return True
        i = text.find(value, i + len(value))
    return seen >= 200
