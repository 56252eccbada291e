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
