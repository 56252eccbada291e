"""Values of real Claude Code transcripts that are never secrets, by what they are and where they
stand (judged by never.never_secret after its other classes):

- an id or a name under a label that merely ends in ``key`` (a name whose word before ``key``
  does not make it a credential's: ``data-offset-key``, ``rowKey``, ``TELL_WEIGHT_KEY``): a short
  value of an id's structure (a head with a letter and one to three small counters: ``3holr-0-0``,
  ``row-12``), or words of lower case joined by ``_``, ``-`` or ``.``, a version after them or none
  (``dice_roll_history_v1``: the name a cache or a storage key gives a thing), or such words after
  one to three small numbers (``story_key: 2-1-nano-stores-and-formatting``: a numbered item's slug);
- a value already masked: a word in capitals between runs of ``*`` (``***REMOVED***``, as a
  cleaner of a repository's history writes it, ``**HIDDEN**``; the span may stop before the closing
  run), a provider's prefix and a few characters cut by an ellipsis (``glpat-7Hq2zB…``,
  ``glpat-XXXXXX…``: a display of a token's first characters; not a password's); a word that says
  masked in brackets (``[masked]``, ``<redacted len=108>``, after a cut token or not: ``sk-ant…<redacted``);
- a thing's name with a short digest after it under such a label (``project_key: widgetLib-3c9e1f7a``:
  words of letters, then six to twelve hex digits, a digit among them): the handle a tool gives a
  project or a cache, made from its name and a hash of its path; a key is random throughout;
- a document's handle a service calls a token: a value under a name that ends in ``token``, in an
  object one of whose members names a document's kind as its type (``"docs_token": "…",
  "docs_type": "docx"``, ``"type": "sheet"``): a token that has a document's type is that
  document's id (a credential's object says ``"token_type": "bearer"``, no document's kind);
- not a value at all: a field of a time (``18:25:30`` of ``18:23:15-18:25:30.``, which a rule of
  colon-separated fields reads as a password's), a bare argument in parentheses right after a
  function's name of several words (a deploy log's ``functions[updateUserPassword(us-central1)]``:
  a name with a secret's word in it is no label of its argument; a random value there is still a
  secret by its own shape);
- a service's id of a prefix and `_` in a URL's query (a deployment's ``?dpl=dpl_…`` in a browser's
  stack trace, ``&build=bld_…``), read by the entropy rule for a secret word elsewhere on its line:
  its head (a short word of lower case) and the query's name say what it is; not where either
  names a credential (``?token=``, ``?sig=``, ``sk_``, ``tok_``) or a provider's prefix starts it;
- a URL's port and path read by the entropy rule as one run (``localhost:8080/api/v2/tables/
  m2k…/records``: the run starts after the port's `:`), where no segment of the path is random by
  itself (each is a value of its own: a random one of 16 characters or more stays, but for a
  record's id after its collection's plural, ``/workflows/Bv3…``; not after ``/tokens/``) and one is a word;
- ciphertext made to be committed: lines of base64 (a key's body by their shape, with no BEGIN
  line) right below a line that says the file is encrypted (strongbox's ``# STRONGBOX ENCRYPTED
  RESOURCE``, a git filter's header), as an age or PGP message is (never.public_blocks); not below
  one that names a key or a PEM's ``Proc-Type: 4,ENCRYPTED`` (an encrypted private key is a key).

Only ``re``; patterns compiled on first use.
"""

from __future__ import annotations

from store.privacy.names import name_verdict
from store.privacy.rules import PROVIDERS, STRONG
from store.privacy.values import CACHE, compiled, looks_random

# An id's structure: a short head of id characters with a letter, then one to three small counters
# (Draft.js's offset keys `3holr-0-0`, a list's `row-12`, `node:4:2`; not a key of digit groups,
# `4821-7730-1954`, `KX7P-2231-8890`).
COUNTED_ID = r"(?=[0-9]*[A-Za-z])[A-Za-z0-9]{1,12}(?:[-_.:]\d{1,3}){1,3}"
# A name of a thing: words of lower case joined, a version after them (not a passphrase's number).
THING_NAME = r"[a-z]{2,20}(?:[-_.][a-z]{2,20})+(?:[-_.]v\d{1,3})?"

# A numbered item's name: one to three small numbers, then words of lower case (a word may be a
# count and its unit, `24h`), `-` or `_` between (a story's, an epic's, a migration's key:
# `2-1-nano-stores-and-formatting`, `0007_add_index`).
NUMBERED_NAME = r"(?:\d{1,4}[-_.]){1,3}(?:[a-z]{2,20}|\d{1,4}[a-z]{1,3})(?:[-_](?:[a-z]{2,20}|\d{1,4}[a-z]{0,3}))+"
# A thing's name and a short digest of it: words of letters, then 6-12 hex digits, a digit among them.
NAME_AND_DIGEST = r"[A-Za-z]{2,30}(?:[-_.][A-Za-z]{2,30}){0,4}[-_](?=[a-f]*[0-9])[0-9a-f]{6,12}"
# A member of an object whose name ends in `type` or `kind` and whose value is a document's kind
# (a file's format or a document service's kinds of document), read in the object's text.
DOCUMENT_TYPE = (r"(?i)(?:type|kind)\\?[\"']?[ \t]*[:=][ \t]*\\?[\"']?"
                 r"(?:docx?|docs|document|sheets?|spreadsheet|slides|presentation|wiki|pdf|xlsx|pptx|folder)\\?[\"'\s,}]")

# A mask: a word in capitals after a run of `*`, a run after it or not (the span may stop before it).
STARRED_WORD = r"\*{2,}[ ]?[A-Z][A-Z_ -]{1,30}[ ]?\*{0,8}"
# A display cut to a token's first characters: a provider's prefix, eight characters at most, an ellipsis.
# (a token's, not a password's: a password a sentence's ellipsis ends is whole, `super-Secret1…`)
CUT_TOKEN = r"[a-z]{2,8}[_-](?:[a-z]{2,6}[_-])*[A-Za-z0-9]{0,8}(?:\u2026|\.{3})"
# A mark a tool or a script writes where it masked a value: a word that says so in brackets, the
# bracket's rest after a blank (`<redacted len=108>`) or none (the span may stop before it), after a
# provider's prefix and a few characters cut by an ellipsis or not (`sk-ant…<redacted …>`, `[masked]`).
MASK_MARK = (r"(?:[A-Za-z0-9_-]{0,12}(?:\u2026|\.{3}))?[\[<(](?i:redacted|masked|hidden|omitted|removed|filtered)"
             r"(?:[ \t:=][^\]>)\n]{0,40})?[\]>)]?")

# A service's id: a short head of lower case, `_`, a run of letters and digits (no second head:
# `sk_live_…` is a key's); after the `?` of a URL or a file's name (a `.` or `/` before it).
PREFIXED_ID = r"([a-z]{2,8})_[A-Za-z0-9]{12,64}"
QUERY_NAME = r"[./][^?]*\?(?:[^#]*[&;])?([A-Za-z][\w.-]{0,30})=\Z"
# A URL up to its host, before the `:` of a port.
URL_TO_HOST = r"[A-Za-z][A-Za-z0-9+.-]*://(?:[\w.%-]+@)?[A-Za-z0-9.-]+\Z"
# What makes a head or a query's name a credential's, however short (`sk`, `rk`, `tok`, `sig`, `hmac`),
# or a link's grant (`?bearer=`, `?share=`, `?invite=`, a reset's or a magic login's).
CREDENTIAL_PART = (r"\A[a-z]{0,2}k\Z|tok|tkn|pat|sec|sig|key|pw|pas|auth|ses|cred|jwt|otp|code|hmac|hash|priv|api"
                   r"|live|test|nonce|ticket|bear|acc|shar|invit|grant|magic|login|reset|verif|confirm")

# A time or a range of two (`18:23:15-18:25:30`, `7:05`), read over the run of digits and marks around a value.
TIME_RUN = r"\d{1,2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:[-~]\d{1,2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)?\.?"
_TIME_CHARS = frozenset("0123456789:.-~")
# A function's name of several words (camelCase or snake_case) right before its `(`.
FUNCTION_NAME = r"(?<![\w$])[A-Za-z_$][\w$]*(?:[a-z0-9][A-Z]|[A-Za-z0-9]_[A-Za-z])[\w$]*\(\Z"


def never_in_real(text: str, s: int, e: int, kind: str, value: str, end: str) -> bool:
    """Whether the value at `s` (`value`: the span less its quotes) is one of the classes above
    (`end`: the 40 characters before it, lowercased, less the spaces, quotes and backslashes that
    end them)."""
    sep = end[-1:]
    # (each class behind a test of one or two characters: of the dense MB's ~20,500 spans asked,
    # ~11,000 stand after `=` or `:`, ~300 of them after a name ending in `key`)
    if sep == "=" or sep == ":":
        if "key" in end[-7:] and len(value) <= 64 and end[:-1].rstrip(" \t\"'\\").endswith("key") \
                and (compiled("never-real-counted-id", COUNTED_ID).fullmatch(value)
                     or compiled("never-real-thing-name", THING_NAME).fullmatch(value)
                     or (value[0].isdigit() and compiled("never-real-numbered-name", NUMBERED_NAME).fullmatch(value))
                     or compiled("never-real-name-and-digest", NAME_AND_DIGEST).fullmatch(value)) \
                and _under_a_weak_key_label(text, s):
            return True
        if "token" in end[-8:] and kind != "password" and end[:-1].rstrip(" \t\"'\\").endswith("token") \
                and _in_an_object_of_a_documents_type(text, s, e):
            return True
        if sep == ":" and value[0].isdigit() and text[s - 1] == ":" and _in_a_time(text, s, e):
            return True
        if sep == ":" and kind == "high_entropy" and text[s - 1] == ":" and value[0].isdigit() \
                and _a_path_after_a_port(text, s, value):
            return True
        if sep == "=" and kind == "high_entropy" and text[s - 1] == "=" and "_" in value[2:9] \
                and _prefixed_id_in_a_query(text, s, value):
            return True
    elif sep == "(" and text[s - 1] == "(" and text[e:e + 1] == ")" and kind != "high_entropy" and compiled(
            "never-real-function-name", FUNCTION_NAME).search(text, s - 80 if s > 80 else 0, s) is not None:
        return not looks_random(value)  # (a random value is a secret by itself, whatever names it)
    first = value[0]
    if (first in "[<(" or "\u2026" in value or "..." in value) and compiled("never-real-mask-mark", MASK_MARK).fullmatch(
            value + text[e:e + 1] if text[e:e + 1] in " \t]>)" else value) is not None:
        return True
    return (first == "*" and compiled("never-real-starred-word", STARRED_WORD).fullmatch(value) is not None) \
        or (value[-1] in "\u2026." and first.isalpha() and len(value) <= 32 and kind != "password"
            and compiled("never-real-cut-token", CUT_TOKEN).fullmatch(value) is not None)


def _under_a_weak_key_label(text: str, s: int) -> bool:
    """The label right before `s` (its separator, quotes and spaces between) is a name whose last
    word is `key` and whose word before it does not make it a credential's (names.name_verdict:
    less than STRONG): `data-offset-key`, `sortKey`, `key`; not `api_key`, `secretKey`."""
    before = text[s - 60 if s > 60 else 0:s].rstrip(" \t\"'`\\")
    if not before or before[-1] not in ":=":
        return False
    before = before[:-1].rstrip(" \t\"'`\\")
    i = len(before)
    while i > 0 and (before[i - 1].isalnum() or before[i - 1] in "_-.") and before[i - 1].isascii():
        i -= 1
    name = before[i:]
    verdict = name_verdict(name) if name else None
    return verdict is not None and verdict[1] < STRONG and name[-3:].lower() == "key"


def _in_an_object_of_a_documents_type(text: str, s: int, e: int) -> bool:
    """The value at text[s:e] is a member of an object (the `{` before it, the `}` after it, 400
    characters each way at most, no other brace between) one of whose members names a document's
    kind as its type (DOCUMENT_TYPE)."""
    lo = text.rfind("{", s - 400 if s > 400 else 0, s)
    if lo < 0 or text.find("}", lo, s) >= 0:
        return False
    hi = text.find("}", e, e + 400)
    if hi < 0 or text.find("{", e, hi) >= 0:
        return False
    rx = compiled("never-real-document-type", DOCUMENT_TYPE)
    return rx.search(text, lo, s) is not None or rx.search(text, e, hi + 1) is not None


def _prefixed_id_in_a_query(text: str, s: int, value: str) -> bool:
    """`value` (right after a `=`) is a PREFIXED_ID and the value of a URL's query (its name
    QUERY_NAME's), neither its head nor the name a credential's (CREDENTIAL_PART, names.name_verdict)
    and no provider's prefix starting it."""
    m = compiled("never-real-prefixed-id", PREFIXED_ID).fullmatch(value)
    if m is None:
        return False
    a = s - 1
    while a > 0 and s - a < 300 and not text[a - 1].isspace() and text[a - 1] not in "\"'`<>(":
        a -= 1
    q = compiled("never-real-query-name", QUERY_NAME).search(text, a, s)
    if q is None:
        return False
    credential = compiled("never-real-credential-part", CREDENTIAL_PART)
    name = q.group(1).lower()
    if credential.search(m.group(1)) or credential.search(name) or name_verdict(name) is not None:
        return False
    return not value.startswith(provider_prefixes())


def provider_prefixes() -> tuple:
    """Every provider's prefix (rules.PROVIDERS), made once (values.CACHE)."""
    prefixes = CACHE.get("provider prefixes")
    if prefixes is None:
        prefixes = CACHE["provider prefixes"] = tuple(p for _kind, ps, _pattern in PROVIDERS for p in ps)
    return prefixes


def _a_path_after_a_port(text: str, s: int, value: str) -> bool:
    """`value` is a port and a path right after a URL's host and `:`, no segment of it random by
    itself and one a word of lower case (see above)."""
    port, slash, path = value.partition("/")
    if not slash or not port.isdigit() or len(port) > 5 or compiled(
            "never-real-url-to-host", URL_TO_HOST).search(text, s - 101 if s > 101 else 0, s - 1) is None:
        return False
    segments = path.split("/")
    return any(len(seg) >= 3 and seg.isalpha() and seg.islower() for seg in segments) \
        and not any(len(seg) >= 16 and looks_random(seg) and not (i and _a_collection(segments[i - 1]))
                    for i, seg in enumerate(segments))


def _a_collection(segment: str) -> bool:
    """`segment` names a collection of records (`workflows`, `users`: a plural word of lower case),
    so the segment after it is a record's id, random or not; not a credential's collection (`tokens`,
    `keys`, `sessions`, `invites`: CREDENTIAL_PART; `hooks`, whose member's path is the webhook's
    secret), whose member is the credential."""
    return len(segment) >= 4 and segment[-1] == "s" and segment.isalpha() and segment.islower() \
        and "hook" not in segment and compiled("never-real-credential-part", CREDENTIAL_PART).search(segment) is None


def _in_a_time(text: str, s: int, e: int) -> bool:
    """text[s:e] lies in a run of digits and marks that is a time or a range of two (TIME_RUN)."""
    a, b = s, e
    while a > 0 and s - a < 40 and text[a - 1] in _TIME_CHARS:
        a -= 1
    while b < len(text) and b - e < 40 and text[b] in _TIME_CHARS:
        b += 1
    return compiled("never-real-time-run", TIME_RUN).fullmatch(text, a, b) is not None


def ciphertext_under_its_header(text: str, s: int) -> bool:
    """The key's body found at `s` (kind `private_key`) is ciphertext below its tool's header (see above)."""
    ls = text.rfind("\n", s - 200 if s > 200 else 0, s)
    if ls <= 0 or text[ls + 1:s].strip(" \t+-") or text.startswith("-----", s):
        return False
    above = text[text.rfind("\n", ls - 200 if ls > 200 else 0, ls) + 1:ls].lower()
    return "encrypted" in above and "key" not in above and "private" not in above and "proc-type" not in above
