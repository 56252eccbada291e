"""Recall never injects a question as an answer (issue 37): a past turn whose only memory
holding the prompt's words is its own prompt, itself a question, restates the new prompt
and answers nothing, so it is not a block, even though work followed it."""

from __future__ import annotations

from hooks.recall import choose
from tests.hooks.recall.recall_store import CURRENT, PROJECT, everyday, task


def test_a_past_question_that_only_restates_the_prompt_is_not_a_block(conn):
    everyday(conn, 30)
    task(conn, "asked-then-else", ("prompt", "how long does the flamingo refresh token live?"),
         ("command", "$ git status\nnothing to commit, working tree clean"))  # fmt: skip
    decision = choose.decide(conn, "how long does the flamingo refresh token live?", project=PROJECT,
                             session_id=CURRENT, limit=5)  # fmt: skip
    assert decision["memories"] == [] and decision["reason"] == "asked"


def test_a_question_whose_turn_holds_the_answer_is_still_sent(conn):
    everyday(conn, 30)
    ids = task(conn, "asked-and-fixed", ("prompt", "why does the flamingo refresh token expire daily?"),
               ("file_edit", "Edit tokens.py\n-FLAMINGO_REFRESH_TTL = 1 day\n+FLAMINGO_REFRESH_TTL = 14 days  # refresh token",
                "src/auth/tokens.py"))  # fmt: skip
    decision = choose.decide(conn, "why does the flamingo refresh token expire daily?", project=PROJECT,
                             session_id=CURRENT, limit=5)  # fmt: skip
    assert ids[1] in {m["id"] for m in decision["memories"]}
