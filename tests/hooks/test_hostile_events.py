"""Events built to hurt: huge counts of tiny JSON values, deep nesting, backtracking
`secret_patterns`, and a `<private>` block left open across events.  Each finishes quickly
with a clear outcome, and private text never lands."""

from __future__ import annotations

import io
import json

from hooks import event as hook_event
from hooks import main as hook_main
from store.config import load_config
from store.database import connection as db
from tests.hooks.test_fail_open import SESSION, assert_failed_open, run_hook
from tests.hooks.test_hook_events import payload, rows
from tests.hooks.transcripts import Transcript
from tui.commands import importer


def mcp_event(response) -> dict:
    return {"session_id": SESSION, "cwd": "/home/dev/app", "hook_event_name": "PostToolUse",
            "prompt_id": "p1", "tool_name": "mcp__data__dump", "tool_use_id": "toolu_1",
            "tool_input": {"table": "events"}, "tool_response": response}  # fmt: skip


# ---------------------------------------------------------------- bounded work


def test_millions_of_empty_objects_are_refused_before_parsing(env):
    data = json.dumps(mcp_event([{}] * 3_900_000)).encode()
    assert len(data) > 15_000_000
    result = run_hook(data)
    line = assert_failed_open(result, env, mentions="JSON objects and arrays")
    assert "3900" in line  # how fast (CPU) is bench/bench_hostile.py's; a hang fails run_hook's timeout


def test_millions_of_short_strings_are_cut_to_a_bounded_memory(env):
    data = json.dumps(mcp_event(["ab"] * 2_200_000)).encode()
    run = hook_main.run_hook(io.BytesIO(data))
    hook_main._finish(run)
    assert run.message is None
    (content,), = rows(env.db, "SELECT content FROM memory")
    assert content.startswith("MCP data/dump") and len(content) <= 4000


def test_a_wide_object_keeps_its_first_items_and_says_how_many_went():
    event = {"tool_response": {f"k{i}": i for i in range(5000)}, "deep": [[[[[["x"]]]]]]}
    capped = hook_event.cap_strings(event)
    assert len(capped["tool_response"]) == hook_event.MAX_ITEMS + 1
    assert capped["tool_response"]["…"] == f"… {5000 - hook_event.MAX_ITEMS} more items"
    assert capped["deep"] == [[[[[["x"]]]]]]  # shallow nesting is kept as it is


def test_nesting_past_the_cap_becomes_a_note(monkeypatch):
    monkeypatch.setattr(hook_event, "MAX_DEPTH", 3)
    capped = hook_event.cap_strings({"a": {"b": {"c": {"d": 1}}}})
    assert capped == {"a": {"b": {"c": "… nested deeper than 3 levels"}}}


def test_the_event_keeps_its_own_fields_when_the_value_budget_runs_out(monkeypatch):
    monkeypatch.setattr(hook_event, "MAX_VALUES", 50)
    event = dict(mcp_event([["x"] * 40 for _ in range(40)]))
    capped = hook_event.cap_strings(event)
    for key in ("session_id", "hook_event_name", "tool_name", "tool_input"):
        assert capped[key] == event[key]


# ---------------------------------------------------------------- secret_patterns


def test_a_backtracking_secret_pattern_is_refused_at_load(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('secret_patterns = ["(a+)+$", "ACME-[0-9]{6}", "\\\\w+@\\\\w+\\\\.corp"]\n')
    loaded, warnings = load_config(config)
    assert loaded["secret_patterns"] == ["ACME-[0-9]{6}"]
    assert any("(a+)+$" in w and "repeat inside a repeat" in w for w in warnings), warnings
    assert any("@" in w and "corp" in w and "backtracks" in w for w in warnings), warnings


def assert_refused_pattern_reported(env, capsys, setting: str, pattern: str, session: str) -> None:
    """With `setting = [pattern]` in config.toml, doctor says the pattern is refused, and a
    session's start through the hook succeeds and writes it to memlane's log."""
    env.mhome.mkdir(parents=True)
    (env.mhome / "config.toml").write_text(f"{setting} = {json.dumps([pattern])}\n")
    from tui.commands.cli import main

    main(["doctor"])
    out = capsys.readouterr().out
    assert pattern in out and "refused" in out
    assert run_hook(dict(payload("session-start"), session_id=session)).returncode == 0
    assert pattern in (env.mhome / "memlane.log").read_text()


def test_doctor_and_the_log_report_a_refused_pattern(env, capsys):
    assert_refused_pattern_reported(env, capsys, "secret_patterns", "(x|xx)*y", SESSION)
    # the hook still runs, with the built-in rules, quickly
    prompt = dict(payload("user-prompt-submit"), session_id=SESSION, prompt="x" * 28 + " password=hunter22")
    result = run_hook(prompt)
    assert result.returncode == 0
    assert "hunter22" not in " ".join(r[0] for r in rows(env.db, "SELECT content FROM memory"))


# ---------------------------------------------------------------- <private> left open


def test_a_private_block_left_open_hides_the_rest_of_its_turn(env):
    opened = dict(payload("user-prompt-submit"), session_id=SESSION, prompt_id="turn-1",
                  prompt="deploy the app <private>the vault code is 7781")  # fmt: skip
    echo = dict(payload("post-tool-use-bash-git-commit"), session_id=SESSION, prompt_id="turn-1")
    echo["tool_input"] = {"command": "git commit -m 'vault 7781 and more</private> done'"}
    closing = dict(payload("user-prompt-submit"), session_id=SESSION, prompt_id="turn-2",
                   prompt="and 9932 too</private> now run the tests")  # fmt: skip
    later = dict(payload("post-tool-use-bash-git-commit"), session_id=SESSION, prompt_id="turn-2")
    for event in (opened, echo, closing, later):
        assert run_hook(event).returncode == 0
    stored = rows(env.db, "SELECT type, content FROM memory ORDER BY id")
    everything = " ".join(content for _, content in stored)
    assert "7781" not in everything and "9932" not in everything
    assert [t for t, _ in stored] == ["prompt", "prompt", "command"]  # the open turn's tool call went
    assert stored[0][1].startswith("deploy the app") and stored[1][1].strip() == "now run the tests"


def test_the_importer_follows_the_same_rule(env, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))
    t = Transcript(session_id=SESSION, cwd="/home/dev/app")
    t.prompt("deploy the app <private>the vault code is 7781")
    t.bash("make deploy VAULT=7781", "deployed with 7781")
    t.prompt("and 9932 too</private> now run the tests")
    t.bash("make test", "all green")
    path = t.write(tmp_path / "s.jsonl")
    assert importer.main([str(path), "--no-progress"]) == 0
    capsys.readouterr()
    conn = db.connect(env.db)
    try:
        stored = conn.execute("SELECT type, content FROM memory ORDER BY created_at").fetchall()
    finally:
        conn.close()
    everything = " ".join(content for _, content in stored)
    assert "7781" not in everything and "9932" not in everything
    assert [t for t, _ in stored] == ["prompt", "prompt", "command"]
