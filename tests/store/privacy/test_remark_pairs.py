"""A credential in a remark in parentheses in prose whose value is letters and digits, alone or
after other pairs of the remark (`a login (user: X, password: Y)`): the remark opens after a
blank, so `(` is no call's; a call's named argument (`login(user: u, password: pw)`) stays code,
and a word for a value (`(password: required)`) stays a word."""

from __future__ import annotations

import pytest

from store.privacy import clean_text
from tests.privacy_eval import random_secret

PW = random_secret("remark-pairs", 12)
SYM = "Lantern" + "4417" + "%&" + "Quay"


@pytest.mark.parametrize("template", [
    "- Staging database account (login: ops_reader, pass: {}) for the nightly export",
    "  - qa-lead@corp.test (password: {}) - Reviewer role",
    "The router's panel (host: 192.168.7.1, user: admin, password: {}) was reset.",
    "Kopie der Zugangsdaten (Benutzer: ops, Passwort: {}) im Tresor abgelegt",
])  # fmt: skip
def test_a_plain_password_in_a_remark_goes(template):
    assert clean_text(template.format(PW)) == template.format("[REDACTED:password]")


def test_a_password_of_words_and_digits_in_a_remark_goes():
    line = "  - Shared sandbox (user: tide, password: {})"
    value = "tide" + "_7" + "wave"
    assert clean_text(line.format(value)) == line.format("[REDACTED:password]")


def test_a_password_after_other_pairs_of_a_remark_goes():
    line = "Mailbox for alerts (address: alerts@corp.test, password: {})"
    assert clean_text(line.format(SYM)) == line.format("[REDACTED:password]")


@pytest.mark.parametrize("line", [
    "let session = try await client.login(user: name, password: typed2)",
    "session = client.login(user: name, password: pw2)",
    "the form asks for two fields (user: required, password: required)",
    "see the settings (password: hidden) before you start",
    "keep the variable (password: new_value) as it was",
    "client.login(user: u, password: pass_2)",
])  # fmt: skip
def test_code_and_words_are_kept(line):
    assert clean_text(line) == line
