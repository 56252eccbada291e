"""Secrets a user typed into a prompt, of shapes real transcripts held and the filter let through
whole: `pass:` as the password's label beside a login or an e-mail address (the value may hold a
`$`, or end the prompt before a full stop).  Neighbours where `pass` is a test's result, a flag
or a setting keep every word."""

from __future__ import annotations

import pytest

from store.privacy import clean_text


@pytest.mark.parametrize(("prompt", "expected"), [
    ("Acme.io console  login: jane.doe@example.org  pass: Quarry912$Quarry912$   you'll need to "
     "help move the box to IPv4 and then update the domain",
     "Acme.io console  login: jane.doe@example.org  pass: [REDACTED:password]   you'll need to "
     "help move the box to IPv4 and then update the domain"),
    ("jane.doe@example.org  pass: QXbirch528.", "jane.doe@example.org  pass: [REDACTED:password]."),
    ("the panel: ops@example.net pass: Harbor77$x then restart it",
     "the panel: ops@example.net pass: [REDACTED:password] then restart it"),
    ("user: deploy  pass: Lantern42!  and check the logs",
     "user: deploy  pass: [REDACTED:password]  and check the logs"),
])  # fmt: skip
def test_pass_beside_a_login_or_an_email_labels_a_password(prompt, expected):
    assert clean_text(prompt) == expected


@pytest.mark.parametrize("line", [
    "jane.doe@example.org  pass: true",
    "login: jane.doe@example.org  pass: false",
    "all tests pass: 12 of 12",
    "tests pass: 3/3",
    "jane.doe@example.org  pass: 3/3",
    "login: jane.doe@example.org  pass: see the vault for it",
    "ci@example.org reports: lint pass: ok",
])  # fmt: skip
def test_pass_as_a_result_or_a_setting_is_kept(line):
    assert clean_text(line) == line
