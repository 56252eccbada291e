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
from store.privacy.never_real_places import CREDENTIAL_PART, provider_prefixes
from store.privacy.values import compiled

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


# Whether a value can be an id is told by two `find`s of it (~0.1 ms a MB each) where the URLs
# are more than this many times the values (a URL read ~3 us).
URLS_A_FIND = 64


def ids_by_their_role(text: str, spans: list, urls: list) -> list:
    """`spans` ((kind, start, end), sorted) less those whose value the text shows to be an id
    (see above); `urls`: where `://` stands in the text, in order."""
    # Only a value a name or the entropy rule found (_NAMED_KINDS) can be dropped, and only where it
    # stands as a URL's path segment or a query's value (a `/` or a `=` before it): without one, the
    # text's URLs are not read (real output holds thousands: pip's JSON ~5,500, ~15 ms a MB, for a
    # span of no such kind).
    if not _can_be_ids(text, spans, len(urls) // URLS_A_FIND):
        return spans
    places = _id_places_in_urls(text, urls)
    if not places:
        return spans
    # (the URLs' places first, then the spans of their lengths alone: ~17 -> ~3 ms on the dense_u
    # MB's 20,000 spans and 1,500 URLs, where a set of every span's value was built)
    sizes = {len(v) for v in places}
    named, labelled, guarded = set(), set(), set()
    for k, s, e in spans:
        if e - s in sizes:
            v = text[s:e]
            if v in places:
                if k not in _NAMED_KINDS:
                    guarded.add(v)  # (a provider's, a header's, a JWT)
                else:
                    named.add(v)
                    if k != "high_entropy":
                        labelled.add(v)
    ids = set()
    for v in named.difference(guarded):
        in_query, (a, b) = places[v]
        # (a value the entropy rule alone found, for a secret's word elsewhere on its line, needs no
        # other place in a query: the query's name is its own, and says what it is)
        if (in_query and v not in labelled) or _stands_elsewhere(text, v, a, b):
            if not _a_credentials_head(v) and not _in_a_credentials_place(text, v):
                ids.add(v)
    if not ids:
        return spans
    return [span for span in spans if text[span[1]:span[2]] not in ids]


def _can_be_ids(text, spans, most):
    """Whether a span of `spans` of _NAMED_KINDS may stand in a URL as an id: told by two `find`s of
    each such value while they are `most` at most, else said so (the URLs read then)."""
    wanted = set()
    for k, s, e in spans:
        if k in _NAMED_KINDS and e - s >= 8:
            if len(wanted) == most:
                return True
            wanted.add(text[s:e])
    return any("/" + v in text or "=" + v in text for v in wanted)


def _id_places_in_urls(text: str, urls: list) -> dict:
    """Value -> (in a query, the URL's (start, end)) of each value of 8 characters or more that
    stands in a URL of the text as an id: a path segment after a thing's word (THING_SEGMENT, not
    a credential's), or a query's value whose name is none."""
    places = {}
    thing = compiled("roles-thing-segment", THING_SEGMENT)
    credential = compiled("never-real-credential-part", CREDENTIAL_PART)
    rx = compiled("roles-url", URL)
    scheme = compiled("roles-scheme", r"[A-Za-z][A-Za-z0-9+.-]{1,15}\Z")
    done = 0
    for at in urls:
        if at < done:
            continue  # (a `://` inside the URL just read: a query's URL, `?continue=https://…`)
        head = scheme.search(text, at - 16 if at > 16 else 0, at)
        m = rx.match(text, head.start()) if head is not None else None
        if m is None:
            continue
        done = m.end()
        span = (m.start(), done)
        rest, _q, query = m.group(0).partition("#")[0].partition("://")[2].partition("?")
        segments = rest.split("/")
        for i in range(2, len(segments)):  # (the host is no segment)
            seg = segments[i]
            if len(seg) >= 8 and thing.fullmatch(segments[i - 1]) and not credential.search(segments[i - 1]):
                places.setdefault(seg, (False, span))
        for pair in query.split("&") if query else ():
            name, eq, value = pair.partition("=")
            if len(value) >= 8 and name and (not credential.search(name.lower()) or _a_public_challenge(name)) \
                    and name_verdict(name) is None:
                places.setdefault(value, (True, span))
    return places


def _a_credentials_head(value: str) -> bool:
    """`value` starts with a credential's head (`sk_`, `rk_`, `tok-`: CREDENTIAL_PART) or a
    provider's prefix: a key's shape, whatever its place says."""
    m = compiled("roles-head", r"([a-z]{1,8})[_-]").match(value)
    if m is not None and compiled("never-real-credential-part", CREDENTIAL_PART).search(m.group(1)):
        return True
    return value.startswith(provider_prefixes())


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
            if j > 0 and before[j - 1] in "?&#;" and credential.search(before[j:k].lower()) \
                    and not _a_public_challenge(before[j:k]):
                return True
        if before.endswith(":") and text[i + len(value):i + len(value) + 1] == "@":
            return True
        i = text.find(value, i + len(value))
    return seen >= 200


def _a_public_challenge(name: str) -> bool:
    """A query's name that ends in `challenge` (PKCE's `code_challenge`): the hash of a verifier
    the client keeps, sent in the clear by design; the verifier and the code stay credentials."""
    return name.lower().replace("-", "_").endswith("challenge")
