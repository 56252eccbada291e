"""A value of words one of which says secret (`db_password`, `jwt-secret-key`) is a name of a
secret; but one that ends in a year (`harbor_pass_2026`) is a password a person made of words:
a name is versioned by `v2`, `_2`, a key's size (`rsa-key-2048`), not by a year."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

YEAR = str(2000 + 26)
WORDS = ("heron_pass_" + YEAR, "orbit-jobs-token-value-" + YEAR, "kestrel-secret-" + YEAR)


@pytest.mark.parametrize("template", [
    "define('DB_PASS', '{}');",
    "JOBS_TOKEN={}",
    "WEBHOOK_SECRET={}",
    "  - Local database (user: heron, password: {})",
])  # fmt: skip
@pytest.mark.parametrize("value", WORDS)
def test_words_and_a_year_are_a_password(template, value):
    assert clean_text(template.format(value)) == template.format("[REDACTED:" + _kind(template) + "]")


def _kind(template):
    return "token" if "TOKEN" in template else "secret" if "SECRET" in template else "password"


@pytest.mark.parametrize("line", [
    "password: db_password_v2",
    "DB_PASSWORD=db_password_2",
    "key_file: rsa-key-2048",
    "secretName: tls-secret-4096",
    "DB_PASSWORD_SECRET=prod/db-password-" + YEAR,
    "token: api-token-v3",
    "JWT_SECRET=JWT_SECRET_" + YEAR,
])  # fmt: skip
def test_names_of_secrets_are_kept(line):
    assert clean_text(line) == line
