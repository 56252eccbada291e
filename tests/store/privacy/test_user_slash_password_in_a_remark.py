"""A user and its password split by ` / ` inside a remark's parentheses on a line that says
logging in (`Log in with the test account (qa@corp.test / X)`): the password goes, as it does
after a colon; a path or a ratio in parentheses stays."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "heron" + "451"


@pytest.mark.parametrize("line", [
    "   3. Log in with test credentials (qa@corp.test / {})",
    "sign in to the staging panel (admin / {}) and check the queue",
])  # fmt: skip
def test_a_password_in_a_remark_goes(line):
    assert clean_text(line.format(PW)) == line.format("[REDACTED:password]")


@pytest.mark.parametrize("line", [
    "log in and open the file (src / main.py) first",
    "login success rate (errors / total) went up",
])  # fmt: skip
def test_other_pairs_in_a_remark_are_kept(line):
    assert clean_text(line) == line
