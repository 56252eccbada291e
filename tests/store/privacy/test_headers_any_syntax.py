"""An Authorization header in any tool's syntax: `Name: value`, a web server's or a proxy's
`Authorization "Basic X"`, a call's `("Authorization", "Token X")`; the scheme word stays."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

BASIC = "YWRtaW46U3VtbWVyMjAyNCE="
TOKEN = "Zk82mPqL1xQw93mT"


@pytest.mark.parametrize(("line", "expected"), [
    (f'proxy_set_header Authorization "Basic {BASIC}";', 'proxy_set_header Authorization "Basic [REDACTED:basic_auth]";'),
    (f'RequestHeader set Authorization "Basic {BASIC}"', 'RequestHeader set Authorization "Basic [REDACTED:basic_auth]"'),
    (f'req.Header.Set("Authorization", "Basic {BASIC}")', 'req.Header.Set("Authorization", "Basic [REDACTED:basic_auth]")'),
    (f'.header("Authorization", "Token {TOKEN}")', '.header("Authorization", "Token [REDACTED:token]")'),
    (f'http-request set-header Authorization "Key {TOKEN}"', 'http-request set-header Authorization "Key [REDACTED:token]"'),
])  # fmt: skip
def test_the_credential_goes_whatever_separates_it_from_the_header_name(line, expected):
    assert clean_text(line) == expected


@pytest.mark.parametrize("line", [
    "the authorization header is required", "Authorization header missing",
    "proxy_set_header Authorization $http_authorization;", 'proxy_set_header Authorization "";',
    'authorization "https://auth.example.com/oauth/authorize"', 'req.Header.Set("Authorization", "Bearer "+token)',
])  # fmt: skip
def test_prose_a_variable_or_a_url_after_the_header_name_is_kept(line):
    assert clean_text(line) == line
