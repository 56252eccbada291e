"""An element's closing tag right after a labelled bare value ends it (a prompt wrapped in tags,
`... password: X</user_request>`, HTML's `<li>token: X</li>`): the value goes, the tag stays; a
word or a type's name for a value stays."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "Fjord" + "6093" + "!:" + "%"


@pytest.mark.parametrize("line", [
    "<request>install it, user: ops@corp.test, password: {}</request>",
    "<li>admin password: {}</li>",
    "the panel's password: {}</note> then restart",
])  # fmt: skip
def test_a_value_before_a_closing_tag_goes(line):
    assert clean_text(line.format(PW)) == line.format("[REDACTED:password]")


@pytest.mark.parametrize("line", [
    "<td>password: required</td>",
    "<li>token: TokenType</li>",
    "<dd>password: ********</dd>",
])  # fmt: skip
def test_words_before_a_closing_tag_are_kept(line):
    assert clean_text(line) == line
