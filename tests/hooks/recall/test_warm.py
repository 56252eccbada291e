"""Recall in a long-lived process (a resident hook server): one connection, opened once,
decides every prompt, and what another process changed meanwhile is seen at the next one.
Nothing of the store is kept between prompts."""

from __future__ import annotations

from hooks.recall import choose
from store.database import connection as db
from store.forgetting import forget_ids
from tests.hooks.recall.recall_store import CURRENT, PROJECT, everyday, task

PROMPT = "the flamingo invoice totals are off by a cent again"


def rounding_task(conn, session: str) -> list[int]:
    return task(conn, session, ("prompt", "flamingo invoice totals are off by a cent, round half up"),
                ("file_edit", "Edit billing/rounding.py: quantize(Decimal('0.01'), ROUND_HALF_UP)",
                 "billing/rounding.py"),
                ("command", "$ pytest tests/test_flamingo_invoice.py\n4 passed"))  # fmt: skip


def decide(conn) -> dict:
    return choose.decide(conn, PROMPT, project=PROJECT, session_id=CURRENT, limit=5)


def test_a_forget_by_another_process_is_seen_at_the_next_prompt(env, conn):
    everyday(conn, 30)
    ids = rounding_task(conn, "rounding")
    first = decide(conn)
    assert first["reason"] == "chosen" and {m["id"] for m in first["memories"]} <= set(ids)
    other = db.connect(env.db)  # the app or `memlane forget`, while the server keeps its connection
    forget_ids(other, ids)
    other.close()
    second = decide(conn)
    assert second["reason"] != "chosen" and second["memories"] == []


def test_work_stored_by_another_process_is_found_at_the_next_prompt(env, conn):
    everyday(conn, 30)
    assert decide(conn)["reason"] != "chosen"
    other = db.connect(env.db)
    ids = rounding_task(other, "rounding")
    other.close()
    second = decide(conn)
    assert second["reason"] == "chosen" and {m["id"] for m in second["memories"]} <= set(ids)
