"""store.reading.ledger: the injection ledger, vetoes and pins, and how they follow what they are about."""

from __future__ import annotations

import pytest

from store.database import connection as db
from store.forgetting import erase as forget
from store.forgetting.retention import run_retention
from store.reading import ledger
from store.writing import writer
from tests.store.conftest import file_bytes, ts

PROJECT = "/work/shop"


def add(conn, session, content, *, prompt_id="p1", mtype="command", file_path=None, created_at=None, **extra):
    obs = {"session_id": session, "prompt_id": prompt_id, "cwd": PROJECT, "type": mtype, "content": content,
           "file_path": file_path, "created_at": created_at, **extra}  # fmt: skip
    return writer.add_memory(conn, obs)


@pytest.fixture
def task(conn):
    """A past task (session `work`) and a later prompt (session `ask`) that was given it."""
    ids = {
        "prompt": add(conn, "work", "make the refresh token last 14 days", mtype="prompt"),
        "edit": add(conn, "work", "REFRESH_TTL = timedelta(days=14)", mtype="file_edit", file_path=f"{PROJECT}/tokens.py"),
        "command": add(conn, "work", "$ pytest -q tests/test_tokens.py\n8 passed"),
        "asked": add(conn, "ask", "how long does the refresh token live?", mtype="prompt", prompt_id="q1"),
    }  # fmt: skip
    return ids


def record(conn, ids, memory_ids, **kw):
    values = {"session_id": "ask", "prompt_id": "q1", "event": "prompt", "project": PROJECT, "reason": "chosen",
              "memory_ids": memory_ids, "chars": 400, "score": 9.0, "runner_up": 2.0, "share": 0.8,
              "task": ("work", "p1")}  # fmt: skip
    values.update(kw)
    return ledger.record(conn, **values)


def test_a_decision_is_recorded_with_the_prompt_it_answers_and_what_it_sent(conn, task):
    injection = record(conn, task, [task["prompt"], task["edit"]])
    [row] = ledger.entries(conn)
    assert row["id"] == injection and row["prompt_memory_id"] == task["asked"]
    assert row["prompt"] == "how long does the refresh token live?"
    assert [i["memory_id"] for i in row["items"]] == [task["prompt"], task["edit"]]
    assert (row["reason"], row["injected"], row["chars"], row["acted"]) == ("chosen", 2, 400, None)
    assert ledger.pointers(conn, [task["asked"]]) == {task["asked"]: (("work", "p1"), PROJECT, [task["prompt"], task["edit"]])}


def test_a_silent_decision_keeps_its_reason_and_numbers(conn, task):
    record(conn, task, [], reason="tie", chars=0, score=3.0, runner_up=2.5)
    [row] = ledger.entries(conn)
    assert (row["reason"], row["injected"], row["score"], row["runner_up"], row["items"]) == ("tie", 0, 3.0, 2.5, [])
    assert ledger.pointers(conn, [task["asked"]]) == {}  # silence points nowhere


def test_memories_forgotten_before_the_record_are_left_out(conn, task):
    forget.forget(conn, ids=[task["edit"]])
    record(conn, task, [task["edit"], task["command"]])
    assert [i["memory_id"] for i in ledger.entries(conn)[0]["items"]] == [task["command"]]
    forget.forget(conn, ids=[task["command"]])
    assert record(conn, task, [task["command"]]) is None
    assert ledger.entries(conn) == []


def test_forgetting_the_prompt_forgets_its_ledger_rows(conn, task):
    record(conn, task, [task["edit"]])
    record(conn, task, [], reason="weak")
    forget.forget(conn, ids=[task["asked"]])
    assert ledger.entries(conn) == [] and ledger.count_entries(conn) == 0


def test_a_row_goes_with_the_last_memory_it_sent(conn, task):
    record(conn, task, [task["edit"], task["command"]])
    forget.forget(conn, ids=[task["edit"]])
    assert [i["memory_id"] for i in ledger.entries(conn)[0]["items"]] == [task["command"]]
    forget.forget(conn, query="pytest")
    assert ledger.entries(conn) == []
    assert conn.execute("SELECT count(*) FROM injection_item").fetchone()[0] == 0


def test_forgetting_a_session_forgets_its_session_start_rows(conn, task):
    ledger.record(conn, session_id="ask", prompt_id=None, event="start", project=PROJECT, reason="start",
                  memory_ids=[task["edit"]], chars=300)  # fmt: skip
    forget.forget(conn, session="ask")
    assert ledger.entries(conn) == []


def test_retention_removes_ledger_rows_with_their_memories(conn):
    old = add(conn, "old", "an old prompt about caching", mtype="prompt", created_at=ts(days_ago=200),
              received_at=ts(days_ago=200))
    sent = add(conn, "old-task", "$ redis-cli info", created_at=ts(days_ago=200), received_at=ts(days_ago=200))
    ledger.record(conn, session_id="old", prompt_id="p1", event="prompt", project=PROJECT, reason="chosen",
                  memory_ids=[sent], chars=100)  # fmt: skip
    assert ledger.entries(conn)[0]["prompt_memory_id"] == old
    run_retention(conn, 90, force=True)
    assert ledger.entries(conn) == []


def test_the_ledger_holds_no_text_so_a_forget_leaves_none_of_it_on_disk(conn, db_path, task):
    record(conn, task, [task["edit"]])
    forget.forget(conn, ids=[task["asked"], task["edit"]])
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert b"refresh token live" not in file_bytes(db_path)
    assert b"REFRESH_TTL" not in file_bytes(db_path)


def test_acting_marks_the_items_used_and_the_turn_closes_the_rest(conn, task):
    first = record(conn, task, [task["edit"], task["command"]])
    second = record(conn, task, [task["prompt"]])
    waiting = ledger.awaiting_items(conn, "ask")
    assert {(w["injection_id"], w["memory_id"]) for w in waiting} == {
        (first, task["edit"]), (first, task["command"]), (second, task["prompt"])}  # fmt: skip
    assert next(w for w in waiting if w["memory_id"] == task["edit"])["file_path"] == f"{PROJECT}/tokens.py"
    ledger.mark_used(conn, [(first, task["edit"], "file")])
    assert ledger.close_turn(conn, "ask") == 1
    rows = {r["id"]: r for r in ledger.entries(conn)}
    assert (rows[first]["acted"], rows[first]["acted_how"]) == (1, "file")
    assert [i["used"] for i in rows[first]["items"]] == [True, False]
    assert rows[second]["acted"] == 0
    assert ledger.awaiting_items(conn, "ask") == []


def test_one_call_judges_an_event_of_the_turn(conn, task):
    first = record(conn, task, [task["edit"], task["command"]])
    second = record(conn, task, [task["prompt"]])
    assert ledger.judge_turn(conn, "ask", {"file": "tokens.py", "command": "ls"}) is True  # the second still waits
    assert ledger.judge_turn(conn, "ask", {"command": "cd x && pytest -q tests/test_tokens.py -x"}) is True
    assert ledger.judge_turn(conn, "ask", {"shown": {task["prompt"]}}) is False  # every injection acted on
    rows = {r["id"]: r for r in ledger.entries(conn)}
    assert (rows[first]["acted"], rows[first]["acted_how"]) == (1, "file")
    assert [i["used"] for i in rows[first]["items"]] == [True, False]  # judged: later events no longer count
    assert (rows[second]["acted"], rows[second]["acted_how"]) == (1, "show")


def test_the_turns_end_judges_the_rest_not_acted(conn, task):
    first = record(conn, task, [task["command"]])
    assert ledger.judge_turn(conn, "ask", {"command": "pytest -q tests/test_tokens.py_old"}) is True  # not its command
    assert ledger.judge_turn(conn, "ask", {"shown": {999}}, ends_turn=True) is False
    assert ledger.entries(conn)[0]["acted"] == 0 and ledger.entries(conn)[0]["id"] == first
    second = record(conn, task, [task["edit"]])
    assert ledger.judge_turn(conn, "ask", None) is False  # Stop
    assert {r["id"]: r["acted"] for r in ledger.entries(conn)}[second] == 0


def test_vetoes_cover_a_memory_a_file_and_an_error_group_and_are_reversible(conn, task):
    failing = add(conn, "work", "$ npm test\nFAIL tokens", mtype="error", error_text="FAIL tokens expired")
    group = conn.execute("SELECT error_group_id FROM memory WHERE id = ?", (failing,)).fetchone()[0]
    assert group is not None
    ledger.veto(conn, "memory", task["command"])
    ledger.veto(conn, "file", f"{PROJECT}/tokens.py")
    ledger.veto(conn, "error_group", group)
    assert ledger.vetoed_ids(conn) == {task["command"], task["edit"], failing}
    assert ledger.veto(conn, "memory", task["command"]) == ledger.vetoes(conn)[-1]["id"]  # once only
    assert [v["kind"] for v in ledger.vetoes(conn)] == ["error_group", "file", "memory"]
    assert ledger.unveto(conn, "file", f"{PROJECT}/tokens.py")
    assert not ledger.unveto(conn, "file", f"{PROJECT}/tokens.py")
    assert ledger.vetoed_ids(conn) == {task["command"], failing}


def test_a_veto_of_a_forgotten_memory_or_group_goes_with_it(conn, task):
    failing = add(conn, "work", "$ npm test\nFAIL tokens", mtype="error", error_text="FAIL tokens expired")
    group = conn.execute("SELECT error_group_id FROM memory WHERE id = ?", (failing,)).fetchone()[0]
    ledger.veto(conn, "memory", task["command"])
    ledger.veto(conn, "error_group", group)
    forget.forget(conn, ids=[task["command"], failing])
    assert ledger.vetoes(conn) == []


def test_pins_belong_to_the_memory_project_and_go_with_the_memory(conn, task):
    assert ledger.pin(conn, task["edit"])
    assert not ledger.pin(conn, 999_999)
    assert [m["id"] for m in ledger.pins(conn, PROJECT)] == [task["edit"]]
    assert ledger.pins(conn, "/elsewhere") == []
    assert ledger.unpin(conn, task["edit"]) and ledger.pins(conn) == []
    ledger.pin(conn, task["edit"])
    forget.forget(conn, ids=[task["edit"]])
    assert ledger.pins(conn) == []


def test_hit_rates_count_judged_injections_per_project_and_type(conn, task):
    acted = record(conn, task, [task["edit"], task["command"]])
    record(conn, task, [task["prompt"]])
    ledger.mark_used(conn, [(acted, task["edit"], "file")])
    ledger.close_turn(conn, "ask")
    record(conn, task, [task["command"]])  # the turn goes on: not judged yet
    record(conn, task, [], reason="tie")  # silence is no injection
    rates = ledger.hit_rates(conn, ts(days_ago=30))
    assert (rates["injected"], rates["judged"], rates["acted"]) == (3, 2, 1)
    assert rates["projects"] == [{"project": PROJECT, "name": "shop", "injected": 3, "judged": 2, "acted": 1}]
    types = {t["type"]: t for t in rates["types"]}
    assert types["file_edit"] == {"type": "file_edit", "sent": 1, "judged": 1, "used": 1}
    assert types["command"] == {"type": "command", "sent": 2, "judged": 1, "used": 0}
    assert ledger.hit_rates(conn, ts(days_ago=-1))["injected"] == 0


def test_entries_page_newest_first_and_filter(conn, task):
    ids = [record(conn, task, [task["edit"]]) for _ in range(5)]
    ledger.record(conn, session_id="work", prompt_id="p1", event="prompt", project="/other", reason="nothing",
                  memory_ids=[])  # fmt: skip
    assert [r["id"] for r in ledger.entries(conn, limit=3, session_id="ask")] == ids[::-1][:3]
    assert [r["id"] for r in ledger.entries(conn, before_id=ids[2], session_id="ask")] == ids[:2][::-1]
    assert [r["project"] for r in ledger.entries(conn, project="/other")] == ["/other"]
    assert len(ledger.entries(conn, injected_only=True)) == 5


def test_a_version_4_database_gets_the_ledger(db_path, tmp_path):
    conn = db.connect(db_path)
    add(conn, "s", "kept across the upgrade")
    for table in ("injection", "injection_item", "recall_veto", "recall_pin"):
        conn.execute(f"DROP TABLE {table}")
    for name in [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE name LIKE 'ledger_%'")]:
        conn.execute(f"DROP TRIGGER {name}")
    conn.execute("PRAGMA user_version = 4")
    conn.close()
    upgraded = db.connect(db_path)
    fresh = db.connect(str(tmp_path / "new.db"))
    names = "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
    assert upgraded.execute(names).fetchall() == fresh.execute(names).fetchall()
    memory = upgraded.execute("SELECT id FROM memory").fetchone()[0]
    ledger.pin(upgraded, memory)
    forget.forget(upgraded, ids=[memory])
    assert ledger.pins(upgraded) == []
