"""`Password:X` with no space after the colon, where the value ends a quoted string (a user's
message quoted in a summary, a line of credentials in quotes): the value goes, as it does
when the colon has a space after it or the line ends there."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "Tarn51!!Tarn51!!Ops"


@pytest.mark.parametrize("template", [
    '   - Credentials the user gave: "server : 10.20.30.40 Login:admin Port 3306 Password:{}"',
    "note: 'db Password:{}'",
    'he wrote "Secret:{}" in the chat',
])  # fmt: skip
def test_the_value_before_the_closing_quote_goes(template):
    assert clean_text(template.format(PW)) == template.format("[REDACTED:password]").replace(
        "Secret:[REDACTED:password]", "Secret:[REDACTED:secret]")


@pytest.mark.parametrize("line", [
    'print("Password:" + entered)', 'label = "Token:{token}"', 'scope = "secret:read"',
    'msg = "Password:required"',
])  # fmt: skip
def test_a_label_in_a_string_is_kept(line):
    assert clean_text(line) == line


@pytest.mark.parametrize("line", [
    'SecretId = "arn:aws:secretsmanager:us-east-2:210987654321:secret:prod/Ledger-q1W2e3"',
    'SECRET_ID = "ARN:AWS:SECRETSMANAGER:US-EAST-2:210987654321:SECRET:RDS!CLUSTER-7F3A2B1C-QWERTY"',
])  # fmt: skip
def test_an_arn_of_a_secret_is_kept(line):
    assert clean_text(line) == line
