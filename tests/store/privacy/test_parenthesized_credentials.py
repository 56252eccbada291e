"""A credential given in a remark in parentheses in prose (`SSH: root@host (password: X)`): the
value ends at the closing parenthesis and goes; a call's named argument (`f(password: pw)`)
is code and stays."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "Pelican2031@#Dock"


@pytest.mark.parametrize("template", [
    "SSH: [admin@10.44.3.2](mailto:admin@10.44.3.2) (password: {})",
    "log in to the panel as ops (password: {}) and restart it",
])  # fmt: skip
def test_a_password_in_a_remark_goes(template):
    assert clean_text(template.format(PW)) == template.format("[REDACTED:password]")


@pytest.mark.parametrize("line", [
    "let session = try await client.login(user: name, password: typed)",
    "the form asks for two fields (password: required)",
])  # fmt: skip
def test_code_and_prose_without_a_value_are_kept(line):
    assert clean_text(line) == line
