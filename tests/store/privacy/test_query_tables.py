"""A query's output table (MySQL's borders, psql's rule under a header without outer pipes, a
Markdown table) with a column headed by a secret's name: that column's cells go; a hash column,
a boolean or NULL there is kept."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "Marmot!2025"


@pytest.mark.parametrize("text", [
    f"+----------+--------------+\n| user     | password     |\n+----------+--------------+\n| admin    | {PW}  |\n+----------+--------------+",
    f" user  | api_token\n-------+-----------\n admin | {PW}\n(1 row)",
    f"| id | email | password |\n+----+-------+----------+\n| 1 | ana@example.com | {PW} |",
    f"| user | password |\n|------|----------|\n| admin | {PW} |",
])  # fmt: skip
def test_the_secret_column_goes_and_the_others_stay(text):
    cleaned = clean_text(text)
    assert PW not in cleaned and "admin" in cleaned or "ana@example.com" in cleaned


@pytest.mark.parametrize("text", [
    "+----+----------------+\n| id | password_hash  |\n+----+----------------+\n| 1  | $2b$12$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234 |",
    " user  | password_set\n-------+--------------\n admin | t\n(1 row)",
    "+-------+----------+\n| user  | password |\n+-------+----------+\n| admin | NULL     |\n+-------+----------+",
])  # fmt: skip
def test_hashes_booleans_and_null_are_kept(text):
    assert clean_text(text) == text
