"""The per-prompt relevance model: concepts from a prompt, rarity from the store,
whole tasks as documents, the margin rule.  Each test builds a store where the
answer follows from the rule's idea (a distinctive word, a tie, a big session),
not from where its numbers happen to sit: the numbers are read from the module."""

from __future__ import annotations

import pytest

from hooks.recall import choose, terms
from store.writing import writer
from tests.hooks.recall.recall_store import (
    CURRENT,
    PROJECT,
    block_ids,
    everyday,
    injected,
    sessions_of,
    task,
)

# ------------------------------------------------------------------ concepts


def concept(prompt: str, term: str) -> dict:
    return next(c for c in terms.recall_concepts(prompt) if c["term"] == term)


def test_words_typed_like_code_are_marked():
    concepts = {c["term"]: c for c in terms.recall_concepts("dev server says ECONNREFUSED in rounding.py, error 429")}
    assert concepts["econnrefused"]["code"] and concepts["rounding.py"]["code"] and concepts["429"]["code"]
    assert not concepts["server"]["code"]


def test_a_file_name_also_matches_by_its_base_name():
    assert '"rounding"' in concept("rounding.py gives the wrong cents", "rounding.py")["match"]


def test_korean_particles_and_verb_endings_come_off():
    words = [c["term"] for c in terms.recall_concepts("환불 금액이 또 틀리게 계산돼요")]
    assert "금액" in words and "계산" in words
    assert concept("환불 금액이 또 틀리게 계산돼요", "또")["generic"]


def test_neighbouring_specific_words_become_a_phrase():
    pairs = [c["term"] for c in terms.recall_concepts("the refresh token expires too early") if c.get("pair")]
    assert "refresh token" in pairs
    assert not any("the" in p.split() for p in pairs)


def test_an_inflected_english_word_matches_its_stem(conn):
    task(conn, "s-exp", ("prompt", "session tokens expired after a minute"), ("command", "$ pytest -q\n3 passed"))
    everyday(conn, 10)
    assert sessions_of(conn, injected(conn, "token expiry is still wrong")) == {"s-exp"}


# ------------------------------------------------------------------ rarity and tasks


def test_rarity_comes_from_the_store(conn):
    everyday(conn, 30)
    task(conn, "s-rare", ("prompt", "the orders api drops the idempotency key"))
    scored = choose.score_tasks(conn, "orders idempotency", session_id=CURRENT)
    weight = dict(zip([c["term"] for c in scored["concepts"]], scored["weights"]))
    assert weight["idempotency"] > 2 * weight["orders"]


def test_a_task_is_judged_as_one_document(conn):
    # The prompt names the file, the failing command names the symptom.
    task(conn, "s-calc", ("prompt", "fix the add function in calc.py"),
         ("error", "$ pytest tests/test_calc.py\nAssertionError: overflow in add"))  # fmt: skip
    task(conn, "s-parser", ("prompt", "tidy the docstrings in parser.py"))
    task(conn, "s-report", ("error", "$ ./report --sum\nValueError: overflow in totals"))
    everyday(conn, 10)
    block = injected(conn, "calc.py overflows again")
    assert sessions_of(conn, block) == {"s-calc"}
    assert "prompt: fix the add function in calc.py" in block  # the task's prompt says what it was


def test_a_paraphrase_sharing_only_an_error_name_finds_its_task(conn):
    everyday(conn)
    task(conn, "s-proxy", ("prompt", "the frontend cannot talk to the api in development"),
         ("error", "$ npm run dev\n[vite] http proxy error: /api/users\nError: connect ECONNREFUSED 127.0.0.1:8000"),
         ("command", "fix vite proxy target\n[git commit 1a2b3c4 on main]"))  # fmt: skip
    assert sessions_of(conn, injected(conn, "the dev server cannot reach the backend, ECONNREFUSED")) == {"s-proxy"}


def test_korean_paraphrase_finds_a_korean_task(conn):
    everyday(conn)
    task(conn, "s-refund", ("prompt", "결제 모듈 환불 로직 수정해줘. 부분 환불일 때 금액이 전체 금액으로 계산돼"),
         ("file_edit", "Edit src/payments/refund.ts (+1 -1)", "src/payments/refund.ts"))  # fmt: skip
    task(conn, "s-pay", ("prompt", "결제 페이지 버튼 색을 바꿔줘"))
    assert sessions_of(conn, injected(conn, "환불 금액이 또 틀리게 계산돼요")) == {"s-refund"}


# ------------------------------------------------------------------ the margin rule


def test_words_every_task_shares_inject_nothing(conn):
    everyday(conn)
    assert injected(conn, "update the orders api tests") == ""


def test_two_sessions_holding_the_same_words_tie_and_nothing_is_injected(conn):
    everyday(conn)
    for session in ("s-one", "s-two"):
        task(conn, session, ("file_edit", "Edit celeryconfig.py (+1 -1)\n+worker_concurrency = 8", "celeryconfig.py"))
    assert injected(conn, "celeryconfig.py needs a beat schedule") == ""
    task(conn, "s-three", ("prompt", "celeryconfig.py beat schedule for the nightly report"),
         ("file_edit", "Edit celeryconfig.py (+1)\n+beat_schedule = {'nightly-report': crontab(hour=2)}",
          "celeryconfig.py"))  # fmt: skip
    assert sessions_of(conn, injected(conn, "celeryconfig.py needs a beat schedule")) == {"s-three"}


def test_choose_tasks_applies_the_margin_and_the_share():
    def scored(best: float, rival: float, total: float = 10.0) -> dict:
        tasks = {("a", "p"): {"score": best, "strong": 1, "project": PROJECT, "ids": {1: {0}}},
                 ("b", "p"): {"score": rival, "strong": 1, "project": PROJECT, "ids": {2: {0}}}}  # fmt: skip
        return {"tasks": tasks, "total": total, "concepts": [], "weights": []}

    share = choose.MIN_SHARE * 10.0
    assert choose.choose_tasks(scored(share * 2, share * 2 / choose.MARGIN * 0.99), project=PROJECT) == [("a", "p")]
    assert choose.choose_tasks(scored(share * 2, share * 2 / choose.MARGIN * 1.01), project=PROJECT) == []
    assert choose.choose_tasks(scored(share * 0.99, 0.0), project=PROJECT) == []  # too little of the prompt
    assert choose.choose_tasks(scored(share * 1.01, 0.0), project=PROJECT) == [("a", "p")]
    # generic words alone never make a match
    generic = scored(share * 3, 0.0)
    generic["tasks"][("a", "p")]["strong"] = 0
    assert choose.choose_tasks(generic, project=PROJECT) == []


def test_a_big_session_holding_the_words_by_chance_loses_to_a_small_task(conn):
    writer.start_session(conn, "s-long", PROJECT)
    for i in range(200):  # an imported session without prompt ids: one document
        writer.add_memory(conn, {"session_id": "s-long", "type": "command", "cwd": PROJECT,
                                 "content": f"$ make step-{i}\n" + ("nightly export ran " if i % 50 == 0 else "ok")
                                 + (" with gzip" if i % 70 == 1 else "")})  # fmt: skip
    task(conn, "s-export", ("prompt", "compress the nightly export with gzip"),
         ("command", "nightly export compressed with gzip\n[git commit 1a2b3c4 on main]"))
    scored = choose.score_tasks(conn, "nightly export gzip", session_id=CURRENT)
    long_score = scored["tasks"][("s-long", None)]["score"]
    assert scored["tasks"][("s-export", "p1")]["score"] > long_score
    assert sessions_of(conn, injected(conn, "nightly export gzip")) == {"s-export"}


def test_the_current_session_is_never_recalled(conn):
    everyday(conn, 5)
    writer.add_memory(conn, {"session_id": CURRENT, "type": "prompt", "cwd": PROJECT,
                             "content": "kafka consumer offset rebalancing stalls"})  # fmt: skip
    assert injected(conn, "kafka consumer offset rebalancing stalls again") == ""


# ------------------------------------------------------------------ what is injected


def test_at_most_max_inject_lines_best_first_and_the_pointer(conn):
    everyday(conn)
    memories = [("prompt", "verify the stripe webhook signature over the raw body")]
    memories += [("file_edit", f"Edit app/webhooks_{i}.py: stripe signature check {i}", f"app/webhooks_{i}.py")
                 for i in range(30)]  # fmt: skip
    task(conn, "s-stripe", *memories)
    for limit in (1, 3, 20):
        block = injected(conn, "the stripe webhook signature check fails", max_inject=limit)
        lines = [line for line in block.splitlines() if line.startswith("- [#")]
        assert len(lines) == limit
        assert " prompt: verify the stripe webhook signature" in lines[0]
        assert f"/memory show {block_ids(block)[0]}" in block
        assert all(len(line) <= choose.MAX_LINE_CHARS for line in block.splitlines())
    assert len(injected(conn, "the stripe webhook signature check fails", max_inject=20)) < 10_000


def test_a_session_without_prompt_ids_offers_only_what_matches(conn):
    everyday(conn, 10)
    writer.start_session(conn, "s-imported", PROJECT)
    for content in ("unrelated prompt about colours", "$ terraform apply\nacme-db-backups lifecycle rule added"):
        writer.add_memory(conn, {"session_id": "s-imported", "type": "prompt" if "prompt" in content else "command",
                                 "cwd": PROJECT, "content": content})  # fmt: skip
    block = injected(conn, "acme-db-backups lifecycle rule")
    assert "lifecycle rule added" in block and "colours" not in block


@pytest.mark.parametrize("prompt", [
    'NEAR(refund amount) OR "quoted * thing" AND -minus ^caret',
    "c++ 😀 🎉 {}[]() :: -- ** \"\" '' `rm -rf /`",
    "환불\x00금액\u202e이 또\u200b틀려요 " * 50,
    "x" * 200_000,
    "rounding.py " * 5000,
])  # fmt: skip
def test_hostile_prompts_are_text_not_syntax(conn, prompt):
    everyday(conn, 5)
    task(conn, "s-refund", ("prompt", "부분 환불 금액 계산 수정"), ("file_edit", "Edit billing/rounding.py", "billing/rounding.py"))
    block = injected(conn, prompt)  # never raises
    assert block == "" or sessions_of(conn, block) == {"s-refund"}


def test_a_match_deep_in_a_long_imported_session_is_shown(conn):
    everyday(conn, 5)
    writer.start_session(conn, "s-imported-long", PROJECT)
    for i in range(400):  # past every per-task read limit
        content = "$ ./open zeppelin hangar door\nstuck at 40%" if i == 350 else f"$ make step-{i}\nok"
        writer.add_memory(conn, {"session_id": "s-imported-long", "type": "command", "cwd": PROJECT,
                                 "content": content})  # fmt: skip
    block = injected(conn, "the zeppelin hangar door is stuck")
    assert "zeppelin hangar door" in block and sessions_of(conn, block) == {"s-imported-long"}


def test_a_word_finds_its_ly_form(conn):
    # "every night" of a task that set up a nightly dump: the stemmer keeps "nightly" apart from "night".
    task(conn, "s-nightly", ("prompt", "set up a nightly pg_dump to s3"),
         ("file_edit", "Edit backup_db.sh: pg_dump | gzip | aws s3 cp", "scripts/backup_db.sh"))  # fmt: skip
    everyday(conn, 10)
    assert sessions_of(conn, injected(conn, "what runs every night?")) == {"s-nightly"}
    assert concept("what runs every night?", "every")["generic"]
