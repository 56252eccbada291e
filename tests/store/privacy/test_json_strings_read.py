"""A document inside a JSON string (store/privacy/formats.py _json_strings): its escapes read, the
whole filter run over what it says, and each span mapped back onto the escaped text exactly, past
escapes of every length before it (`\\u00e9`, `\\\\`, `\\n`); a line cut inside a long string (a
tool's output truncated) leaves the strings before it read."""

from __future__ import annotations

import json

from store.privacy import clean_text, find_secrets

PW = "Tq8#vLm" + "2pZ9w"
HCL = ('note = "caf\u00e9 \u2603 \\\\ x / y"\nvariable "db_password" {\n  type    = string\n'
       f'  default = "{PW}"\n}}\n')  # fmt: skip


def test_a_secret_said_by_a_document_inside_a_json_string_is_mapped_back_exactly():
    text = json.dumps({"type": "tool_result", "content": HCL})
    assert "\\u00e9" in text and "\\\\\\\\" in text  # escapes of six and two characters before it
    spans = find_secrets(text)
    assert [text[s:e] for _kind, s, e in spans] == [PW]
    assert clean_text(text).replace("[REDACTED:password]", PW) == text


def test_a_line_cut_inside_a_long_string_leaves_the_strings_before_it_read():
    whole = json.dumps({"type": "tool_result", "content": HCL})
    cut = json.dumps({"description": "# A README\\n" + 'say \\"hi\\" ' * 5000})[:-100]
    for text in (f"{whole}\n{cut}", f"{cut}\n{whole}", f"{whole[:-1]}, {cut}"):
        out = clean_text(text)
        assert PW not in out and out.replace("[REDACTED:password]", PW) == text


def test_a_string_with_an_escape_json_has_not_is_not_read():
    text = json.dumps({"type": "tool_result", "content": HCL}).replace("\\u00e9", "\\x")
    assert find_secrets(text) == []
