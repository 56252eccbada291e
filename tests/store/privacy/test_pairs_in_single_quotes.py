"""A record's naming member and its value member in single quotes (a Python dict's repr, a JS
object: `{'name': 'DB_PASSWORD', 'value': 'X'}`, `{ 'key': 'SMTP_PASS', 'value': 'X' }`) hold a
secret as their double-quoted JSON form does; a value under a name that says no secret stays."""

from __future__ import annotations

import pytest

from store.privacy import clean_text
from tests.privacy_eval import random_secret

PW = "Reed" + "8820" + "#!" + "w"
TOKEN = random_secret("single-quoted-pairs", 28)


@pytest.mark.parametrize("line, value", [
    ("[{'name': 'DB_PASSWORD', 'value': '{}'}, {'name': 'DB_HOST', 'value': 'db.internal'}]", PW),
    ("    {{ 'key': 'MAIL_PASS', 'value': '{}' }},", PW),
    ("env = [{'Name': 'API_TOKEN', 'Value': '{}'}]", TOKEN),
])  # fmt: skip
def test_a_single_quoted_pair_goes(line, value):
    line = line.replace("{{", "\x00").replace("}},", "\x01")
    out = line.replace("{}", value).replace("\x00", "{").replace("\x01", "},")
    want = line.replace("{}", "[REDACTED:" + ("token" if value == TOKEN else "password") + "]").replace(
        "\x00", "{").replace("\x01", "},")
    assert clean_text(out) == want


@pytest.mark.parametrize("line", [
    "[{'name': 'DB_HOST', 'value': 'db.internal'}, {'name': 'LOG_LEVEL', 'value': 'debug'}]",
    "{'key': 'PASSWORD_MIN_LENGTH', 'value': '12'}",
])  # fmt: skip
def test_pairs_without_a_secret_are_kept(line):
    assert clean_text(line) == line
