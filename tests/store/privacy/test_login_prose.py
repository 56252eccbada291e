"""Credentials written as a sentence about logging in: the user stays, the password goes; the
same sentences naming an account, a method or a place keep every word."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "N0vember!!"


@pytest.mark.parametrize(("line", "expected"), [
    (f"log in with admin / {PW}", "log in with admin / [REDACTED:password]"),
    (f"you can log in as admin with {PW}.", "you can log in as admin with [REDACTED:password]."),
    (f"sign in as ana@example.com using {PW}", "sign in as ana@example.com using [REDACTED:password]"),
    (f"ssh in as deploy with password {PW}", "ssh in as deploy with password [REDACTED:password]"),
    (f"creds are root:{PW}", "creds are root:[REDACTED:password]"),
    (f"creds: root / {PW}", "creds: root / [REDACTED:password]"),
])  # fmt: skip
def test_the_password_of_a_login_sentence_goes_and_its_user_stays(line, expected):
    assert clean_text(line) == expected


@pytest.mark.parametrize("line", [
    "log in with your GitHub account", "log in as admin with the password from the vault",
    "you can sign in as ana using SSO", "log in as admin with 2FA enabled", "connect as root with sudo",
    "ssh in as deploy with agent forwarding", "log in with Google / GitHub", "creds are in the vault",
])  # fmt: skip
def test_a_login_sentence_without_a_password_is_kept(line):
    assert clean_text(line) == line
