"""A secret's name and its value in syntaxes of code the first rules did not read: C#'s
auto-property initializer, an option constant before its value (PHP's curl_setopt, LDAP), an
XML element's CDATA section; the same syntaxes holding code or a reference are kept."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "Marmot!2025"


@pytest.mark.parametrize(("line", "expected"), [
    (f'public string Password {{ get; set; }} = "{PW}";', 'public string Password { get; set; } = "[REDACTED:password]";'),
    (f'public static string ApiKey {{ get; }} = "{PW}";', 'public static string ApiKey { get; } = "[REDACTED:api_key]";'),
    (f'    public string ClientSecret {{ get; init; }} = "{PW}";',
     '    public string ClientSecret { get; init; } = "[REDACTED:secret]";'),
    (f"curl_setopt($ch, CURLOPT_PASSWORD, '{PW}');", "curl_setopt($ch, CURLOPT_PASSWORD, '[REDACTED:password]');"),
    (f'ldap_set_option($c, LDAP_OPT_PASSWORD, "{PW}")', 'ldap_set_option($c, LDAP_OPT_PASSWORD, "[REDACTED:password]")'),
    (f"<password><![CDATA[{PW}]]></password>", "<password><![CDATA[[REDACTED:password]]]></password>"),
    (f'<entry key="db.password"><![CDATA[{PW}]]></entry>', '<entry key="db.password"><![CDATA[[REDACTED:password]]]></entry>'),
])  # fmt: skip
def test_the_value_goes(line, expected):
    assert clean_text(line) == expected


@pytest.mark.parametrize("line", [
    "public string Password { get; set; }", "public string ApiKey { get; set; } = string.Empty;",
    "public string Token { get; init; } = default!;", 'public string Password { get; private set; } = "";',
    'curl_setopt($ch, CURLOPT_USERPWD, $user . ":" . $pass);', 'foo(DB_PASSWORD, "DB_PASSWORD")',
    'check(TOKEN_TTL, "3600")', "<password><![CDATA[${DB_PASSWORD}]]></password>",
    "<description><![CDATA[Rotate the token weekly]]></description>",
])  # fmt: skip
def test_code_and_references_are_kept(line):
    assert clean_text(line) == line
