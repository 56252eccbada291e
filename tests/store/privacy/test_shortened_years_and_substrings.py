"""Values that are no secret by what they are and where they stand: a value shown shortened around
an ellipsis (an address's or a key's ends, a JWT's header alone), a year that ends a phrase after a
code's word with only a space (a search query's `... authentication 2024`), a shell's substring of a
variable (`${token:0:12}`).  A whole secret of the nearest shape stays redacted."""

from __future__ import annotations

from tests.privacy_eval import gen
from tests.store.privacy import kept, redacted


def test_an_address_shortened_around_an_ellipsis_is_kept():
    kept("The swap went through a router; the user sold token Y (`0x9b1e\u2026c04a`, 6 decimals) for ETH.\n")
    kept("password reset sent from wallet 7Fq2\u2026Lp9d\n")


def test_a_jwt_header_alone_before_an_ellipsis_is_kept():
    kept('curl -s http://localhost:3000/api/check -d \'{"token":"eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9..."}\'\n')


def test_a_whole_secret_before_an_ellipsis_stays_redacted():
    v = gen("shortened-whole", 30)
    redacted("token: " + v + "\u2026\n", v)
    jwt = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c2VyLTQyIiwicm9sZSI6ImFkbWluIn0."
           + gen("shortened-sig", 43) + "...")
    redacted('{"token":"' + jwt + '"}', jwt[:-3])


def test_a_year_after_a_codes_words_in_a_search_is_kept():
    kept('Searching the web for "magic link login code authentication 2024" returned nothing useful.\n')
    kept('{"search_query":"room invite code verification 2023"}')


def test_a_code_said_with_its_label_stays_redacted():
    redacted("my verification code is 2024, it expires in 5 minutes", "2024")
    redacted("verification code: 2024", "2024")
    redacted("your verification code 481902 expires soon", "481902")


def test_a_shell_substring_of_a_variable_is_kept():
    kept('echo "token: ${token:0:12}..."\n')
    kept("echo ${API_KEY:0:6}\n")


def test_a_default_after_a_variable_stays_redacted():
    v = gen("substring-default", 26)
    redacted("export TOKEN=${TOKEN:-" + v + "}\n", v)
