"""Secrets whose name and value stand apart, or that a position alone names: a header after an
escaped line break (a client's debug dump of the bytes it sent), a table drawn with box
characters, a value on the line after its name or its operator, a command's option on a
continued line."""

from __future__ import annotations

import pytest

from store.privacy import clean_text
from tests.privacy_eval import b64, random_secret

BASIC = b64("sync:" + random_secret("apart-basic", 14))
TOKEN = random_secret("apart-token", 22)


@pytest.mark.parametrize("text", [
    f"send: b'GET /v2/orders HTTP/1.1\\r\\nHost: api.example\\r\\nAuthorization: Basic {BASIC}\\r\\n\\r\\n'",
    f'"request": "POST /x HTTP/1.1\\nAuthorization: Token {TOKEN}\\nAccept: */*"',
    f"header: Accept: */*\\tProxy-Authorization: Basic {BASIC}",
])  # fmt: skip
def test_a_header_after_an_escaped_line_break_is_read_as_a_header(text):
    out = clean_text(text)
    assert BASIC not in out and TOKEN not in out
    assert "Authorization: " in out


@pytest.mark.parametrize("text", [
    "send: b'GET / HTTP/1.1\\r\\nAuthorization: Basic realm\\r\\n'",
    "the docs say\\nAuthorization header missing",
])  # fmt: skip
def test_a_scheme_word_or_prose_after_an_escaped_line_break_is_kept(text):
    assert clean_text(text) == text


PG = "Moth" + "!Reef" + "27"


@pytest.mark.parametrize("row", [
    f"\u2551 PGPASSWORD \u2502 {PG}                  \u2551",
    f"\u2503 PGPASSWORD \u2503 {PG} \u2503",
    f"\u2551 PGPASSWORD \u2551 {PG} \u2551",
])  # fmt: skip
def test_a_row_drawn_with_any_box_bar_holds_its_value_in_the_next_cell(row):
    text = f"\u2554\u2550\u2550 Variables \u2550\u2550\u2557\n\u2551 PGHOST     \u2502 db.internal \u2551\n{row}\n"
    out = clean_text(text)
    assert PG not in out and "PGPASSWORD" in out and "db.internal" in out


PW = "Gla" + "cier*Hum" + "61"


@pytest.mark.parametrize("code", [
    f'conf.db["password"] =\n  "{PW}"\nreturn conf\n',
    f"db_password =\n    '{PW}';\n",
    f'$config[\'smtp_pass\'] =>\n    "{PW}",\n',
    f'Password :=\n\t"{PW}"\n',
    f'DATABASES["default"][\n    "PASSWORD"\n] = "{PW}"\n',
])  # fmt: skip
def test_a_literal_on_the_line_after_its_name_or_its_operator_is_the_names_value(code):
    assert PW not in clean_text(code)


@pytest.mark.parametrize("code", [
    'conf.db["password"] =\n  os.environ["DB_PASSWORD"]\n',
    'password =\n  "changeme"\n',
    'password =\n  "prefix-" + suffix\n',
    'if password ==\n  "Gla' + 'cier*Hum61":\n',
    'DATABASES["default"][\n    "PASSWORD"\n] = get_secret("db")\n',
    'password_help =\n  "Enter your password"\n',
])  # fmt: skip
def test_a_reference_a_placeholder_or_a_partial_literal_below_the_name_is_kept(code):
    assert clean_text(code) == code
