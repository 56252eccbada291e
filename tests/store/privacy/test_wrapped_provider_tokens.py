"""A provider's token hard-wrapped onto the lines below (a terminal's or a mail client's wrap, a
tool's indented output): each line below that holds token characters alone, right after the
token's end at its line's end, is the rest of it and goes too; the next line of other text stays."""

from __future__ import annotations

import pytest

from store.privacy import clean_text
from tests.privacy_eval import gen

B = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
HEAD = "sk-" + "proj-" + gen("wrap-head", 40, B)
TAIL1 = gen("wrap-tail-1", 76, B)
TAIL2 = gen("wrap-tail-2", 37, B)


@pytest.mark.parametrize("indent", ["", "    "])
def test_the_wrapped_rest_of_a_token_goes(indent):
    text = "it keeps asking for the key. The API key is " + HEAD + "\n" + indent + TAIL1 + "\n" + indent + TAIL2 + \
        "\nAI_MODEL=gpt-4o\nplease fix the form next"
    want = "it keeps asking for the key. The API key is [REDACTED:openai_key]\n" + indent + "[REDACTED:openai_key]\n" + \
        indent + "[REDACTED:openai_key]\nAI_MODEL=gpt-4o\nplease fix the form next"
    assert clean_text(text) == want


@pytest.mark.parametrize("below", [
    "Next steps: restart the server",
    "deadbeef",
    "",
])  # fmt: skip
def test_a_line_of_other_text_below_stays(below):
    text = "OPENAI_API_KEY=" + HEAD + "\n" + below + "\n"
    assert clean_text(text) == "OPENAI_API_KEY=[REDACTED:openai_key]\n" + below + "\n"


@pytest.mark.parametrize("below", [
    "release-notes-draft-2026",
    "deploy_staging_eu_west_17",
])  # fmt: skip
def test_a_name_of_words_and_numbers_below_a_whole_token_stays(below):
    """A name below a token (a label, a build's or a test's name) is not the token's rest: a
    wrapped token's lines are as random as its first."""
    text = "GITHUB_TOKEN=ghp_" + gen("wrap-gh", 36, B[:62]) + "\n" + below + "\nnext"
    assert clean_text(text) == "GITHUB_TOKEN=[REDACTED:github_token]\n" + below + "\nnext"
