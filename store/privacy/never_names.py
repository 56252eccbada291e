"""Names that stand where a secret's value would, and are none (judged by never.never_secret):

- a header's name listed after ``Authorization`` (a CORS list of allowed or exposed headers,
  ``["Authorization", "Content-Type"]``, ``.allowedHeaders("Authorization","Cache-Control")``):
  the header rule reads a quoted word after ``"Authorization",`` as the header's value, as in
  ``Header.Set("Authorization", "Token X")``; a header's name is words of letters joined by ``-``
  (``X-Api-Key``, ``X-B3-TraceId``), which no token is;
- an authentication method's name under a label that names a method (``--auth-local=scram-sha-256``,
  ``--auth-host=md5``, ``auth_method: "oauth2"``): the way a server checks a password, not one.

Only ``re``; patterns compiled on first use.
"""

from __future__ import annotations

from store.privacy.never_real import ALGORITHM
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
