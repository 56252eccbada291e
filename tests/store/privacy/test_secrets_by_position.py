"""Secrets that a position names: a quoted argument of a setter whose name holds a secret word
(`.withSMTPServerPassword("X")`)."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

DOTTED = "raven" + ".Slate" + "77"


@pytest.mark.parametrize("line", [
    f'        .withSMTPServerPassword("{DOTTED}")',
    f"    builder.password('{DOTTED}')",
    f'client.setAuthToken("{DOTTED}");',
])  # fmt: skip
def test_a_dotted_password_quoted_in_a_secret_setter_is_redacted(line):
    assert DOTTED not in clean_text(line)


@pytest.mark.parametrize("line", [
    "        .withPasswordEncoder(pair.Item2)",
    '    label.text("Pair.Item2")',
    '    assertThat(getPassword("pair.Item2"))',
])  # fmt: skip
def test_a_dotted_member_not_quoted_or_read_back_is_kept(line):
    assert clean_text(line) == line

