"""Code that names a secret without holding one keeps every character, each beside the same
syntax holding a real one (which still goes)."""

from __future__ import annotations

from store.privacy import Cleaner, clean_text

PW = "Zq7#rTm2Lp"
RANDOM = "q8Vn3KxT7mWz2RbL9cYd4HsP"


def test_a_keyring_call_keeps_its_service_and_user_and_loses_only_the_password():
    assert clean_text('keyring.set_password("memlane", "token", value)') == 'keyring.set_password("memlane", "token", value)'
    assert clean_text('keyring.set_password("memlane", "ana", "' + PW + '")') == (
        'keyring.set_password("memlane", "ana", "[REDACTED:password]")')
    assert clean_text('keyring.set_password("memlane", "api", "' + RANDOM + '")') == (
        'keyring.set_password("memlane", "api", "[REDACTED:password]")')
    assert clean_text('user.set_password("' + PW + '")') == 'user.set_password("[REDACTED:password]")'


def test_a_bare_identifier_after_let_const_or_var_is_a_variable():
    for line in ("let token=next", "let token = next;", "const secret=cfg", "var password=input", "let mut token=tok"):
        assert clean_text(line) == line
    assert "[REDACTED" in clean_text('let token="' + PW + '"')
    assert "[REDACTED" in clean_text("TOKEN=" + PW)  # a shell's assignment: a literal


def test_a_command_substitution_that_prints_a_secret_is_not_itself_one():
    for line in ("TOKEN=`gh auth token`", "export GITHUB_TOKEN=`gh auth token`", "PW=`pass show work/db`",
                 "TOKEN=$(gh auth token)"):  # fmt: skip
        assert clean_text(line) == line
    # what it printed is: the command's output goes whole
    event = {"hook_event_name": "PostToolUse", "tool_name": "Bash",
             "tool_input": {"command": "gh auth token"}, "tool_response": {"stdout": "gho_" + RANDOM + "abcdefghijkl"}}  # fmt: skip
    assert Cleaner().value(event)["tool_response"]["stdout"] == "[REDACTED:secret_output]"


def test_a_constructor_call_is_not_a_password():
    for line in ("let password = String::new();", "let mut password = String::new();", "pwd = Vec::new();"):
        assert clean_text(line) == line
    assert "[REDACTED" in clean_text("pwd = " + PW + ";")
