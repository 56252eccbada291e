"""A prompt that names a past session by the name Claude Code shows for it (its /rename, its
generated title) gets that session's task (issue 39 item 5), found through an index of the
names, never a scan; a prompt holding only part of a name, or a one-word name, does not."""

from __future__ import annotations

from hooks.recall import named
from store.writing import writer
from tests.hooks.recall.recall_store import CURRENT, PROJECT, everyday, injected, sessions_of, task


def named_task(conn, session: str, title: str, *memories, kind: str = "custom") -> None:
    task(conn, session, *memories)
    writer.note_session(conn, session, title=title, title_kind=kind)


def test_a_prompt_naming_a_session_gets_its_task_however_the_name_is_typed(conn):
    everyday(conn)
    named_task(conn, "s-flaky", "flaky-login-test",
               ("prompt", "the login test fails one run in five on CI"),
               ("file_edit", "Edit tests/login.spec.ts (+1 -1)\n-  await page.click(btn)\n+  await btn.waitFor()",
                "tests/login.spec.ts"))  # fmt: skip
    named_task(conn, "s-other", "orders export", ("prompt", "export the orders as csv"))
    for prompt in ("continue the flaky-login-test fix", "Flaky Login Test: is it green now?",
                   "what did we do in 'flaky login test'?", "flaky_login_test 세션 이어서 해줘"):  # fmt: skip
        block = injected(conn, prompt)
        assert sessions_of(conn, block) == {"s-flaky"}, prompt
        assert "the login test fails one run in five on CI" in block  # the task it was


def test_part_of_a_name_or_a_one_word_name_is_not_a_name(conn):
    named_task(conn, "s-flaky", "flaky-login-test", ("prompt", "the login test fails one run in five on CI"))
    named_task(conn, "s-tests", "tests", ("prompt", "make the suite faster"))
    assert named.named_session(conn, "add a login test for the admin page", project=PROJECT, session_id=CURRENT) is None
    assert named.named_session(conn, "run the tests please", project=PROJECT, session_id=CURRENT) is None
    assert named.named_session(conn, "a flaky login", project=PROJECT, session_id=CURRENT) is None


def test_the_asking_session_is_never_its_own_answer_and_the_longest_name_wins(conn):
    named_task(conn, CURRENT, "refresh token 14d", ("prompt", "make refresh tokens last 14 days"))
    assert named.named_session(conn, "the refresh token 14d work", project=PROJECT, session_id=CURRENT) is None
    named_task(conn, "s-short", "refresh token", ("prompt", "rotate refresh tokens"))
    named_task(conn, "s-long", "refresh token 14d rollout", ("prompt", "roll out the 14 day tokens"))
    found = named.named_session(conn, "back to refresh token 14d rollout, step two", project=PROJECT, session_id=CURRENT)
    assert found == "s-long"


def test_a_fork_is_not_sent_the_session_it_was_forked_from(conn):
    named_task(conn, "s-parent", "refresh token 14d", ("prompt", "make refresh tokens last 14 days"))
    conn.execute("UPDATE session SET forked_from = 's-parent', title = 'refresh token 14d' WHERE session_id = ?",
                 (CURRENT,))  # fmt: skip
    assert named.named_session(conn, "the refresh token 14d work", project=PROJECT, session_id=CURRENT) is None
    assert named.named_session(conn, "the refresh token 14d work", project=PROJECT, session_id="other") == "s-parent"


def test_the_name_is_found_through_its_index(conn):
    keys = named.candidates("continue the flaky-login-test fix")
    plan = conn.execute(f"EXPLAIN QUERY PLAN SELECT session_id FROM session WHERE {named.KEY_SQL} IN "
                        f"({','.join('?' * len(keys))}) AND session_id != ?", (*keys, CURRENT)).fetchall()  # fmt: skip
    assert any("USING INDEX session_title_key" in row[-1] for row in plan), plan
    assert "flaky login test" in keys and len(keys) <= 7 * named.MAX_NAME_WORDS


def test_a_vetoed_memory_of_the_named_session_is_not_sent(conn):
    ids = task(conn, "s-flaky", ("prompt", "the login test fails one run in five on CI"),
               ("file_edit", "Edit tests/login.spec.ts (+1 -1)\n-  x\n+  y", "tests/login.spec.ts"))  # fmt: skip
    writer.note_session(conn, "s-flaky", title="flaky-login-test", title_kind="custom")
    decision = named.named_decision(conn, "continue the flaky-login-test fix", project=PROJECT,
                                    session_id=CURRENT, limit=5, skip=frozenset({ids[1]}))  # fmt: skip
    assert decision["reason"] == "named" and [m["id"] for m in decision["memories"]] == [ids[0]]
