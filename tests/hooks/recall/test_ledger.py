"""The injection ledger through the real hook: every decision recorded, vetoes and pins
obeyed, "was it used" judged from the rest of the turn, and rows forgotten with their memories."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from bench import hook_events as ev
from hooks import main as hook_main
from store.database import connection as db
from store.reading import ledger

REPO = Path(__file__).resolve().parents[3]
CWD = "/home/dev/shop-api"
TOKENS = ("tokens", CWD, "users have to log in again every day; make the refresh token last 14 days",
          [("src/auth/tokens.py", "REFRESH_TTL = timedelta(days=1)", "REFRESH_TTL = timedelta(days=14)")],
          [("pytest -q tests/test_tokens.py", "8 passed in 0.41s")], None, "refresh token expiry now 14 days")  # fmt: skip
PARAPHRASE = "how long is the refresh token valid now?"
UNRELATED = "write a haiku about autumn leaves"


def hook(event: dict) -> str:
    """One hook run, in process (as `memlane-hook` runs it); returns what it printed."""
    out = io.StringIO()
    with redirect_stdout(out):
        run = hook_main.run_hook(io.BytesIO(json.dumps(event).encode()))
    if run.conn is not None:
        run.conn.close()
    assert run.message is None, run.message
    return out.getvalue()


def ask(session: str, prompt: str = PARAPHRASE, pid: str = "q1") -> str:
    """A new session's start and prompt; returns the prompt's block ('' when silent)."""
    hook(ev.start(session, CWD))
    out = hook(ev.event("user-prompt-submit", session, CWD, pid, 1, prompt=prompt))
    return json.loads(out)["hookSpecificOutput"]["additionalContext"] if out else ""


def ids(block: str) -> list[int]:
    return [int(n) for n in re.findall(r"^- \[#(\d+)\]", block, re.M)]


@pytest.fixture
def store(env):
    for event in ev.task_events("work", TOKENS):
        hook(event)
    conn = db.connect(env.db)
    yield conn
    conn.close()


def memory(conn, sql: str) -> int:
    return conn.execute(f"SELECT id FROM memory WHERE session_id = 'work' AND {sql}").fetchone()[0]


def test_an_injection_is_recorded_with_what_the_model_was_sent(store):
    block = ask("later")
    assert block
    [row] = [r for r in ledger.entries(store, session_id="later") if r["event"] == "prompt"]
    assert row["prompt"] == PARAPHRASE and row["session_id"] == "later"
    assert [i["memory_id"] for i in row["items"]] == ids(block)
    assert (row["reason"], row["chars"], row["task_session_id"]) == ("chosen", len(block), "work")
    assert row["score"] > 0 and row["runner_up"] is not None and row["acted"] is None


def test_a_silent_prompt_is_recorded_with_why(store):
    assert ask("later", UNRELATED) == ""
    [row] = [r for r in ledger.entries(store, session_id="later") if r["event"] == "prompt"]
    assert row["injected"] == 0 and row["items"] == [] and row["reason"] in ledger.SILENT
    assert row["prompt"] == UNRELATED


def test_every_session_start_is_recorded(store):
    ask("later")
    starts = [r for r in ledger.entries(store) if r["event"] == "start" and r["session_id"] == "later"]
    [row] = starts
    assert row["reason"] == "start" and row["injected"] > 0  # the task's changes were offered


def test_a_vetoed_memory_is_never_injected_again(store):
    first = ids(ask("one"))
    vetoed = first[1]
    ledger.veto(store, "memory", vetoed)
    for n in range(3):
        block = ask(f"again-{n}")
        assert vetoed not in ids(block)
        assert f"#{vetoed}]" not in hook(ev.start(f"start-{n}", CWD))  # nor at a session's start
    assert ids(block)  # the rest of the task still comes


def test_a_vetoed_file_and_its_memories_are_never_injected(store):
    edit = memory(store, "type = 'file_edit'")
    ledger.veto(store, "file", f"{CWD}/src/auth/tokens.py")
    block = ask("later")
    assert block and edit not in ids(block) and "auth/tokens.py" not in block
    assert "REFRESH_TTL" not in hook(ev.start("fresh", CWD))


def test_vetoing_every_memory_of_the_task_makes_recall_silent(store):
    for memory_id in ids(ask("one")):
        ledger.veto(store, "memory", memory_id)
    for row in store.execute("SELECT id FROM memory WHERE session_id = 'work'"):
        ledger.veto(store, "memory", row[0])
    assert ask("two") == ""
    ledger.unveto(store, "memory", memory(store, "type = 'prompt'"))
    assert ask("three")  # reversible


def test_a_pinned_memory_is_offered_at_every_session_start(store):
    command = memory(store, "type = 'command' AND content LIKE '$ pytest%'")
    ledger.pin(store, command)
    block = hook(ev.start("fresh", CWD))
    pinned = block.split("## Pinned\n")[1].split("\n## ")[0]
    assert f"[#{command}]" in pinned
    [row] = [r for r in ledger.entries(store) if r["session_id"] == "fresh"]
    assert command in [i["memory_id"] for i in row["items"]]
    assert "## Pinned" not in hook(ev.start("elsewhere", "/home/dev/other-project"))
    ledger.unpin(store, command)
    assert "## Pinned" not in hook(ev.start("fresh-2", CWD))


def verdict(conn, session: str, prompt_id: str = "q1") -> tuple:
    row = next(r for r in ledger.entries(conn, session_id=session) if r["prompt_id"] == prompt_id)
    return row["acted"], row["acted_how"], [i["memory_id"] for i in row["items"] if i["used"]]


def test_editing_the_injected_file_is_acting_on_it(store):
    ask("later")
    hook(ev.edit("later", CWD, "q1", 5, "src/auth/tokens.py", "days=14", "days=30"))
    assert verdict(store, "later") == (1, "file", [memory(store, "type = 'file_edit'")])


def test_reading_the_injected_file_is_acting_on_it_though_reads_are_not_stored(store, env):
    ask("later")
    hook(ev.read("later", CWD, "q1", 5, "src/auth/tokens.py", "REFRESH_TTL = timedelta(days=14)"))
    assert verdict(store, "later")[:2] == (1, "file")
    assert store.execute("SELECT count(*) FROM memory WHERE type = 'file_read'").fetchone()[0] == 0
    assert not os.listdir(env.mhome / "recall-waiting")  # judged: nothing more to watch


def test_running_the_injected_command_is_acting_on_it(store):
    block = ask("later")
    command = memory(store, "content LIKE '$ pytest%'")
    assert command in ids(block)
    hook(ev.bash("later", CWD, "q1", 5, "cd /home/dev/shop-api &&  pytest -q tests/test_tokens.py -x", "8 passed"))
    assert verdict(store, "later") == (1, "command", [command])


def test_opening_an_injected_memory_is_acting_on_it(store):
    shown = ids(ask("mcp"))[0]
    hook(ev.event("post-tool-use-bash", "mcp", CWD, "q1", 5, tool_name="mcp__memlane__get_memories",
                  tool_input={"ids": [shown, 999999]}, tool_response=[{"type": "text", "text": "..."}]))  # fmt: skip
    assert verdict(store, "mcp") == (1, "show", [shown])
    shown = ids(ask("slash"))[0]
    hook(ev.event("user-prompt-submit", "slash", CWD, "q2", 5, prompt=f"/memory show #{shown}"))
    assert verdict(store, "slash") == (1, "show", [shown])


def test_a_turn_that_ends_without_using_it_is_not_acted_on(store, env):
    ask("later")
    hook(ev.bash("later", CWD, "q1", 5, "ls -la", "total 0"))
    assert verdict(store, "later")[0] is None  # the turn goes on
    assert os.listdir(env.mhome / "recall-waiting")
    hook(ev.event("stop", "later", CWD, "q1", 6))
    assert verdict(store, "later") == (0, None, [])
    assert not os.listdir(env.mhome / "recall-waiting")


def test_the_next_prompt_ends_the_turn(store):
    ask("later")
    hook(ev.event("user-prompt-submit", "later", CWD, "q2", 5, prompt=UNRELATED))
    assert verdict(store, "later")[0] == 0


def test_another_session_pays_no_database_for_a_read(store, env, monkeypatch):
    ask("later")
    opened = []
    real = db.connect
    monkeypatch.setattr(db, "connect", lambda *a, **k: opened.append(a) or real(*a, **k))
    hook(ev.read("someone-else", CWD, "z1", 1, "src/auth/tokens.py"))
    assert opened == []


def run_process(event: dict, env_vars: dict | None = None) -> subprocess.CompletedProcess:
    environ = dict(os.environ, PYTHONPATH=str(REPO), **(env_vars or {}))
    return subprocess.run([sys.executable, "-m", "hooks.main"], input=json.dumps(event).encode(),
                          capture_output=True, env=environ, timeout=60)  # fmt: skip


def test_the_hook_process_records_and_forget_and_retention_remove_the_rows(store, env):
    from store.forgetting import erase as forget
    from store.forgetting.retention import run_retention

    run_process(ev.start("later", CWD))
    done = run_process(ev.event("user-prompt-submit", "later", CWD, "q1", 1, prompt=PARAPHRASE))
    assert done.returncode == 0 and done.stderr == b""
    sent = ids(json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"])
    assert [i["memory_id"] for i in ledger.entries(store)[0]["items"]] == sent
    forget.forget(store, session="later")
    assert {r["session_id"] for r in ledger.entries(store)} == {"work"}  # the task's own rows
    run_process(ev.event("user-prompt-submit", "again", CWD, "q1", 1, prompt=PARAPHRASE))
    store.execute("UPDATE memory SET created_at = '2020-01-01T00:00:00.000000Z', "
                  "received_at = '2020-01-01T00:00:00.000000Z'")  # retention's clock
    run_retention(store, 90, force=True)
    assert ledger.entries(store) == []


def test_a_ledger_that_cannot_be_written_does_not_stop_the_block(store, env):
    store.execute("DROP TABLE injection_item")
    done = run_process(ev.event("user-prompt-submit", "later", CWD, "q1", 1, prompt=PARAPHRASE))
    assert done.returncode == 0
    assert json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert done.stderr.decode().startswith("[memlane] UserPromptSubmit: could not record what was injected")


def test_a_prompt_that_only_names_the_injected_file_and_command_is_not_using_them(store):
    ask("later")
    hook(ev.event("user-prompt-submit", "later", CWD, "q2", 5,
                  prompt="now open src/auth/tokens.py and run pytest -q tests/test_tokens.py"))  # fmt: skip
    assert verdict(store, "later") == (0, None, [])  # a prompt asks; only the model's steps use


def test_a_longer_command_that_only_contains_the_injected_one_is_not_running_it(store):
    block = ask("later")
    assert memory(store, "content LIKE '$ pytest%'") in ids(block)
    hook(ev.bash("later", CWD, "q1", 5, "pytest -q tests/test_tokens.py_old/test_x.py", "1 passed"))
    hook(ev.event("stop", "later", CWD, "q1", 6))
    assert verdict(store, "later") == (0, None, [])
