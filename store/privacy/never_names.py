"""Names that stand where a secret's value would, and are none (judged by never.never_secret):

- a header's name listed after ``Authorization`` (a CORS list of allowed or exposed headers,
  ``["Authorization", "Content-Type"]``, ``.allowedHeaders("Authorization","Cache-Control")``):
  the header rule reads a quoted word after ``"Authorization",`` as the header's value, as in
  ``Header.Set("Authorization", "Token X")``; a header's name is words of letters joined by ``-``
  (``X-Api-Key``, ``X-B3-TraceId``), which no token is;

Only ``re``; patterns compiled on first use.
"""

from __future__ import annotations

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

