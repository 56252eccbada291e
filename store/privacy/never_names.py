"""Names that stand where a secret's value would, and are none (judged by never.never_secret):

- a header's name listed after ``Authorization`` (a CORS list of allowed or exposed headers,
  ``["Authorization", "Content-Type"]``, ``.allowedHeaders("Authorization","Cache-Control")``):
  the header rule reads a quoted word after ``"Authorization",`` as the header's value, as in
  ``Header.Set("Authorization", "Token X")``; a header's name is words of letters joined by ``-``
  (``X-Api-Key``, ``X-B3-TraceId``), which no token is;
- an authentication method's name under a label that names a method (``--auth-local=scram-sha-256``,
  ``--auth-host=md5``, ``auth_method: "oauth2"``): the way a server checks a password, not one;
- a cookie an analytics library names an anonymous id (``rl_anonymous_id=…``, ``ajs_anonymous_id=…``,
  ``anonymousId=…``): it tells one browser from another to the analytics, whatever its encoding
  (a uuid in quotes, a library's own encryption of one), and signs nobody in; a session's cookie
  (``session=``, ``sid=``, ``connect.sid=``) is no anonymous id;
- a Go struct's field type after a field named for a secret (``Token  *oauth2.Token``, ``Secret
  corev1.SecretKeySelector``): a type's name with its package's before it, or where ``struct {``
  opens above;
- an example's value: words joined by ``-`` or ``_`` of which one is ``example`` (``sk-example-123``,
  ``tok_example_123``), or runs of letters and of digits each in order (``abc123def456``) on a line
  that says it gives an example (``e.g.``, ``for example``, a doctest's ``>>>``);
- a test's fixture password: a value that opens with a word that says test (``test``, ``fake``,
  ``dummy``, ``mock``, ``sample``, ``example``), a few letters and digits after it at most
  (``testpass123``, ``fakepassword1``), in a test's code (a test function, a fixture, a test class
  or a test runner's case within 3,000 characters before it), its line naming no host.  A weak password anywhere else
  (``POSTGRES_PASSWORD: testpass123`` in a compose file) is a password someone may use, and stays.

And the other way: words that hold a secret's word read as a label (``myapp-secret``) are a value
where they stand as a secret's value: the default of a placeholder named for a secret
(``${OAUTH_CLIENT_SECRET:myapp-secret}``), or a value with an environment's word assigned to a
name of a secret (``ADMIN_TOKEN = "admin-token-dev"``, ``admin.token=reporting-token-local``: a
development service's token, chosen, of four words at most and none a test's; a secret's name in a
store is under a name that says name).

Only ``re``; patterns compiled on first use.
"""

from __future__ import annotations

from store.privacy.names import name_verdict
from store.privacy.never_real import ALGORITHM
from store.privacy.rules import COOKIE_WORDS
from store.privacy.values import compiled, looks_random

# A header's name: two words or more of letters (a digit after the first letter) joined by `-`, each
# in a title's case or capitals (`Content-Type`, `X-CSRF-Token`, `X-B3-TraceId`), or all in lower case.
HEADER_NAME = (r"[A-Z][A-Za-z0-9]{0,30}(?:-[A-Z][A-Za-z0-9]{0,30}){1,5}|[a-z][a-z0-9]{0,30}(?:-[a-z][a-z0-9]{0,30}){1,5}")
# `"Authorization", "` right before the value: the header's name as an item of a list or a call's argument.
AFTER_AUTHORIZATION_ITEM = r"(?i)authorization([\"'])[ \t]*,[ \t]*\1\Z"


def a_headers_name(text: str, s: int, value: str) -> bool:
    """`value` at `s` is a header's name listed after `"Authorization",` (see above): the words of a
    header's name, none of them random."""
    if s < 16 or text[s - 1] not in "\"'":
        return False
    if compiled("never-after-authorization-item", AFTER_AUTHORIZATION_ITEM).search(text, s - 40 if s > 40 else 0, s) is None:
        return False
    return compiled("never-header-name", HEADER_NAME).fullmatch(value) is not None \
        and not any(looks_random(word) for word in value.split("-"))


# The names of the ways a server authenticates a client (PostgreSQL's pg_hba methods, SASL's
# mechanisms, OAuth's): what a label of a method takes.
AUTH_METHOD = (r"(?i)scram-sha-(?:1|256|512)(?:-plus)?|trust|reject|peer|ident|password|gss(?:api)?|sspi|ldap|radius"
               r"|cert|pam|bsd|kerberos|ntlm|negotiate|plain|login|cram-md5|digest-md5|oauth(?:2|bearer)?|xoauth2"
               r"|saml|oidc|basic|digest|bearer|none|anonymous|external")
# A label that names a method (`--auth-local=`, `--auth-host=`, `--auth=`, `auth_method:`, `authMethod =`,
# `auth-mechanism`), its quotes and separator after it.
METHOD_LABEL = (r"(?i)(?:--auth(?:-(?:local|host))?=|auth[_-]?(?:method|mechanism|type)[\"']?[ \t]*[:=][ \t]*[\"']?)\Z")


def an_auth_methods_name(text: str, s: int, value: str) -> bool:
    """`value` at `s` is the name of an authentication method (or of the hash it checks with,
    `md5`) under a label that names a method (see above)."""
    if len(value) > 20 or compiled("never-method-label", METHOD_LABEL).search(text, s - 30 if s > 30 else 0, s) is None:
        return False
    return compiled("never-auth-method", AUTH_METHOD).fullmatch(value) is not None \
        or compiled("algorithm-name", ALGORITHM).fullmatch(value) is not None


# A cookie's name, its `=`, then its value's characters up to the span (the span may start inside the
# value: `rl_anonymous_id=RudderEncrypt%3A<span>`, found by its random run).
COOKIE_NAME = r"(?<![\w.-])([\w.-]{1,60})=[^\s;=\"']{0,40}\Z"
# An anonymous id's cookie: a library's prefix (`rl_`, `ajs_`), or none, then `anonymous_id`, `anonymousId`, `anon_id`.
ANONYMOUS_ID = r"([A-Za-z]{1,8}_)?[Aa]non(?:ymous)?_?[Ii][Dd]"


def an_anonymous_id_cookie(text: str, s: int) -> bool:
    """The cookie's value at (or around) `s` is an analytics library's (see above): its name says it holds an
    anonymous id, or its name has the prefix of such a cookie on the same line (`rl_page_init_referrer`
    beside `rl_anonymous_id`: the library's other cookies, encoded alike) and holds no word of a
    session's cookie (rules.COOKIE_WORDS: `rl_session` stays)."""
    m = compiled("never-cookie-name", COOKIE_NAME).search(text, s - 102 if s > 102 else 0, s)
    if m is None:
        return False
    name = m.group(1)
    if compiled("never-anonymous-id", ANONYMOUS_ID).fullmatch(name) is not None:
        return True
    head, sep, _ = name.partition("_")
    if not sep or not 1 < len(head) <= 8 or any(w in name.lower() for w in COOKIE_WORDS):
        return False
    lo = s - 4000 if s > 4000 else 0  # (a header's line: a cookie is looked for 4,000 characters around at most)
    ls, le = text.rfind("\n", lo, s) + 1, text.find("\n", s, s + 4000)
    line = text[ls or lo:le if le >= 0 else s + 4000]
    return any(m.group(1) and m.group(1).lower() == (head + "_").lower()
               for m in compiled("never-anonymous-id-cookie", r"(?<![\w.-])" + ANONYMOUS_ID + "=").finditer(line))


# A Go field's type: pointers and slices, a package, then a type's exported name (`*oauth2.Token`, `[]*v1.Secret`).
# (the type's name words of capitals then two small letters or more, short numbers, capitals at its end:
# `SecretKeySelector`, `HTTPClient`, `Sha256Hash`; not `Qx7vLp2Nz9Rw`; each run taken whole)
GO_TYPE = r"(?:\*|\[\])*+(?:[a-z][a-z0-9_]{0,30}\.)?(?=[A-Z])(?:[A-Z]*+[a-z]{2,}+|[0-9]{1,3}+)*+[A-Z]*+"
# A struct's field (an exported name) and the blanks before its type, from the line's start.
GO_FIELD = r"[ \t+-]*[A-Z][A-Za-z0-9_]{0,40}[ \t]+\Z"


def a_go_fields_type(text: str, s: int, value: str) -> bool:
    """`value` at `s` is the type of a Go struct's field (see above): no word of it random."""
    ls = text.rfind("\n", 0, s) + 1
    if compiled("never-go-type", GO_TYPE).fullmatch(value) is None \
            or compiled("never-go-field", GO_FIELD).match(text, ls, s) is None:
        return False
    return ("." in value or text.rfind("struct {", s - 3000 if s > 3000 else 0, ls) >= 0)


_EXAMPLE_WORDS = frozenset(("example", "examples", "sample"))
# What says a line gives an example: `e.g.`, `for example`, `Example:`, a doctest's prompt (not a
# domain's or a path's `example`: `ops@acme.example`).
EXAMPLE_LINE = r"(?i)\be\.g\.|(?<![\w.@/-])example\b(?![.@/-]\w)|>>> "


def an_examples_value(text: str, s: int, value: str) -> bool:
    """`value` at `s` is an example's (see above), not a credential."""
    if len(value) > 40 or not value.isascii():
        return False
    words = compiled("never-example-split", r"[-_]").split(value)
    if len(words) >= 2 and _EXAMPLE_WORDS.intersection(words):
        return all(w.isalnum() and w.islower() or w.isdigit() for w in words)
    if not value.isalnum() or not _runs_in_order(value):
        return False
    ls, le = text.rfind("\n", s - 200 if s > 200 else 0, s) + 1, text.find("\n", s, s + 200)
    return compiled("never-example-line", EXAMPLE_LINE).search(text, ls or max(0, s - 200), le if le >= 0 else s + 200) \
        is not None


def _runs_in_order(value: str) -> bool:
    """`value` is two runs or more of letters and of digits, each of three characters or more one
    after another in the alphabet or in counting (`abc123def456`, `xyz789`)."""
    runs = compiled("never-example-runs", r"[a-z]+|[A-Z]+|[0-9]+").findall(value)
    return len(runs) >= 2 and "".join(runs) == value and all(len(run) >= 3 for run in runs) and all(
        all(ord(b) - ord(a) == 1 for a, b in zip(run, run[1:])) for run in runs)


# A placeholder's name and its `:` right before its default (`${OAUTH_CLIENT_SECRET:`).
PLACEHOLDER_HEAD = r"\$\{([A-Za-z_][\w.-]{0,60}):\Z"
# A name and its separator right before a value (`ADMIN_TOKEN = "`, `admin.token=`, `token: `).
NAME_BEFORE = r"(?<![\w.-])([A-Za-z_][\w.-]{0,60})[\"']?[ \t]*[:=][ \t]*[\"']?\Z"
# The words of an environment a value made for it carries (`-dev`, `local-`).
_TEST_WORDS = frozenset(("test", "tests", "testing", "fake", "dummy", "mock", "sample", "example"))
_ENVIRONMENT_WORDS = frozenset(("dev", "development", "local", "staging", "stage", "prod", "production", "sandbox",
                                "qa", "uat"))


def a_secrets_value_of_words(text: str, s: int, e: int, value: str) -> bool:
    """`value` at `s`, words with a secret's word among them, is the secret's value (see above)."""
    lo = s - 64 if s > 64 else 0
    if text[e:e + 1] == "}":
        m = compiled("never-placeholder-head", PLACEHOLDER_HEAD).search(text, lo, s)
        if m is not None:
            return _strong_name(m.group(1))
    words = compiled("never-example-split", r"[-_]").split(value.lower())
    if not 2 <= len(words) <= 4 or not _ENVIRONMENT_WORDS.intersection(words) or _TEST_WORDS.intersection(words):
        return False  # (`local_dev_token_for_tests`: a test's fixture says so)
    m = compiled("never-name-before", NAME_BEFORE).search(text, lo, s)
    return m is not None and _strong_name(m.group(1))


def _strong_name(name: str) -> bool:
    """`name` (its last dotted part) names a secret for sure (names.name_verdict's strength 3)."""
    verdict = name_verdict(name.rsplit(".", 1)[-1].replace("-", "_"))
    return verdict is not None and verdict[1] >= 3


# A fixture's password: a word that says test first, then letters (`pass`, `user`) and digits, a `!` at most.
FIXTURE_PASSWORD = r"(?i)(?:test|fake|dummy|mock|sample|example)[a-z]{0,12}[0-9]{0,6}!?"
# A test's code: a test function or case, a fixture, a test class, a test's setup.
TEST_CODE = (r"\bdef test_?\w{0,60}\(|@pytest\.fixture\b|\b(?:it|test|describe)\([ \t]*[\"'`]|@Test\b"
             r"|\bfunc Test[A-Z]\w{0,60}\(|\bclass Test\w{0,60}\b|\bsetUp\(|\bbeforeEach\(")
TEST_REACH = 3000


def a_test_fixtures_password(text: str, s: int, value: str) -> bool:
    """`value` at `s` is a test's fixture password (see above)."""
    if len(value) > 24 or compiled("never-fixture-password", FIXTURE_PASSWORD).fullmatch(value) is None:
        return False
    ls, le = text.rfind("\n", 0, s) + 1, text.find("\n", s, s + 400)
    line = text[max(ls, s - 400):le if le >= 0 else s + 400].lower()
    if "://" in line or "host" in line:
        return False  # (a test that logs in to a host by name: a server's account, not the test's own)
    return compiled("never-test-code", TEST_CODE).search(text, s - TEST_REACH if s > TEST_REACH else 0, s) is not None
