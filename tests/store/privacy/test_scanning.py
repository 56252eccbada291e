"""How the privacy filter's finders look, as opposed to what they decide: shortcuts that skip
text must never skip a secret (the same output as without them: test_filter_unchanged.py)."""

import re

from store.privacy import find_secrets
from store.privacy.commands import _TOOL_WORD
from store.privacy.rules import COMMAND_LINE


def test_every_command_line_tool_is_one_run_of_tool_characters():
    # commands._tool_words skips a tool that is not one of its line's runs: a tool of other
    # characters (a space, a dot) would never be found
    for tools, _sub, _forms in COMMAND_LINE:
        for tool in tools:
            assert re.fullmatch(_TOOL_WORD, tool.lower()), tool


def test_a_flag_of_many_tools_is_read_on_short_and_long_lines():
    secret = "Xk9vQ2mZ7pLw"
    filler = "echo step done; " * 60  # a line far longer than a segment
    for text in (f"mysql -u root -p{secret} app", f"{filler}\nmysql -u root -p{secret} app",
                 f"{filler}mysql -u root -p{secret} app", f"x\n{filler}| mysql -u root -p{secret}"):
        spans = find_secrets(text)
        assert [text[s:e] for _k, s, e in spans] == [secret], text
    assert not find_secrets(f"{filler}grep -p{secret} notes.txt")  # -p of a tool that takes no password


def _places(text, literal):
    out, at = [], text.find(literal)
    while at >= 0:
        out.append(at)
        at = text.find(literal, at + 1)
    return out


def test_the_one_pass_finds_every_place_of_every_literal_in_a_large_text():
    from store.privacy import _literals_for, _lower
    from store.privacy.anchors import ONE_PASS_FROM, Anchors

    lines = ["DB_PASSWORD=Xk9vQ2mZ7pLw passwd pwd pw key api key private key token", "mysql -u root -pX /p:x",
             "пароль: 秘密 密码：abc contraseña パスワード", "passpasswordpassw pwpwd keykey tokentoken", "İstanbul ς ẞ"]
    for text in ("\n".join(lines * 900), "\n".join(lines[:2] + lines[3:]) * 700):  # with and without wide characters
        assert len(text) > ONE_PASS_FROM
        low = _lower(text)
        literals = _literals_for(low)
        anchors = Anchors(low, literals)
        for literal in literals:
            assert anchors.at(literal) == _places(low, literal), literal
        assert anchors.present == {lit for lit in literals if lit in low}
