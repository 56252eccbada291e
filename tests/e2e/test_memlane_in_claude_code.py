"""memlane installed into a real Claude Code: what a session stores, and what the next one is told.

`memlane install` writes the hooks into a temporary HOME; the real CLI runs a
scripted session (edits, a passing and a failing command, private text, a fake
API key); then the database is checked, including its raw bytes, and a second
session's request to the model must carry a <memory-context> about the first.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

from hooks.client import server_status
from tests.e2e.claude_session import (
    SessionState,
    requests_sent,
    run_claude_session,
    text_sent_to_model,
)
from tui.commands import cli

PRIVATE = "zebra-horse-battery-42"
FAKE_KEY = "sk-ant-api03-" + "Q7mZ2xR9tL4vB8nK1pW6yH3jD5fG0sA" + "cE2uI7oP4qT9wX1z"


def _install(home: Path, monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(home))
    for name in ("MEMLANE_DB", "MEMLANE_HOME", "MEMLANE_DISABLE", "CLAUDE_CONFIG_DIR"):
        monkeypatch.delenv(name, raising=False)
    assert cli.main(["install"]) == 0
    settings = json.loads((home / ".claude" / "settings.json").read_text())
    assert {"SessionStart", "UserPromptSubmit", "PostToolUse", "PostToolUseFailure", "Stop",
            "SessionEnd"} <= set(settings["hooks"])  # fmt: skip


def _project(path: Path) -> Path:
    path.mkdir()
    (path / "calc.py").write_text("def add(a, b):\n    return a - b\n")
    subprocess.run(["git", "init", "-q"], cwd=path, check=True)
    return path


def _database_bytes(home: Path) -> bytes:
    folder = home / ".claude" / "memlane"
    return b"".join(p.read_bytes() for p in folder.rglob("*") if p.is_file())


def _first_steps(project: Path) -> list:
    calc = str(project / "calc.py")
    return [
        {"name": "Read", "input": {"file_path": calc}},
        {"name": "Edit", "input": {"file_path": calc, "old_string": "return a - b",
                                   "new_string": "return a + b"}},  # fmt: skip
        {"name": "Bash", "input": {"command": "python3 -c 'import calc; assert calc.add(2, 3) == 5; print(\"sum ok\")'",
                                   "description": "check the sum"}},  # fmt: skip
        {"name": "Bash", "input": {"command": "python3 -c 'import jwt_auth_helpers_missing'",
                                   "description": "a failing import"}},  # fmt: skip
        {"name": "Write", "input": {"file_path": str(project / "settings.env"),
                                    "content": f"ANTHROPIC_API_KEY={FAKE_KEY}\nMODE=dev\n"}},  # fmt: skip
        {"text": "Fixed the add function in calc.py."},
    ]


# One worker runs this module's tests, so that they share its first session (tests/conftest.py).
pytestmark = pytest.mark.xdist_group("e2e-memlane-session")


@pytest.fixture(scope="module")
def first_session(tmp_path_factory):
    """memlane installed, then one real session (edits, a passing and a failing command,
    private text, a fake API key), kept: each test of the module goes on from it."""
    state = SessionState(tmp_path_factory.mktemp("first-session"))
    home, project = state.root / "home", _project(state.root / "calc-app")
    with pytest.MonkeyPatch.context() as mp:
        _install(home, mp)
        result = run_claude_session(
            home, project, _first_steps(project),
            f"fix the add function in calc.py <private>the staging password is {PRIVATE}</private>",
        )
    raw = _database_bytes(home)  # every byte memlane wrote, WAL too, as the session left them
    # The hooks as installed: the first ran by itself and started the store's hook server,
    # which ran the later ones (how many depends on how fast it started on this machine).
    served = server_status(str(home / ".claude" / "memlane" / "memory.db"))
    assert served is not None and served["events"] >= 1, served
    state.keep()
    return state, result, raw


@pytest.fixture
def after_first_session(first_session, monkeypatch):
    """(home, project, the first session's result, memlane's bytes), as that session left them."""
    state, result, raw = first_session
    state.put_back()
    monkeypatch.setenv("HOME", str(state.root / "home"))
    for name in ("MEMLANE_DB", "MEMLANE_HOME", "MEMLANE_DISABLE", "CLAUDE_CONFIG_DIR"):
        monkeypatch.delenv(name, raising=False)
    return state.root / "home", state.root / "calc-app", result, raw


@pytest.mark.e2e
def test_a_real_session_is_remembered_and_recalled(after_first_session, tmp_path):
    home, project, first, raw = after_first_session
    calc = str(project / "calc.py")
    db_path = home / ".claude" / "memlane" / "memory.db"
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    memories = [dict(r) for r in conn.execute("SELECT * FROM memory ORDER BY id")]
    by_type = {}
    for memory in memories:
        by_type.setdefault(memory["type"], []).append(memory)
    assert all(m["session_id"] == first["session_id"] for m in memories)
    assert by_type["prompt"][0]["content"] == "fix the add function in calc.py"
    assert any("return a + b" in m["content"] and m["file_path"] == calc for m in by_type["file_edit"])
    assert any("sum ok" in m["content"] for m in by_type["command"])
    (error,) = by_type["error"]
    assert error["importance"] == 3 and "jwt_auth_helpers_missing" in error["content"]
    group = conn.execute("SELECT * FROM error_group WHERE id = ?", (error["error_group_id"],)).fetchone()
    assert group["status"] == "open" and "ModuleNotFoundError" in group["signature"]
    session = conn.execute("SELECT * FROM session WHERE session_id = ?", (first["session_id"],)).fetchone()
    assert session["project"] == str(project) and session["ended_at"] is not None
    assert "calc.py" in session["summary"] and "Errors (1)" in session["summary"]
    conn.close()

    assert PRIVATE.encode() not in raw
    assert FAKE_KEY.encode() not in raw and FAKE_KEY[:24].encode() not in raw
    assert b"[REDACTED:anthropic_key]" in raw

    log = tmp_path / "second.jsonl"
    run_claude_session(home, project, [{"text": "Looking at it."}],
                       "the add function in calc.py gives a wrong sum again", log=log)  # fmt: skip
    sent = text_sent_to_model(log)
    assert sent.count("<memory-context") >= 2  # the SessionStart digest and the prompt's recall
    assert "calc.py" in sent and "jwt_auth_helpers_missing" in sent  # the open error is shown
    assert PRIVATE not in sent and FAKE_KEY not in sent
    assert requests_sent(log), "the second session reached the model"


@pytest.mark.e2e
def test_an_unrelated_prompt_gets_no_recall(after_first_session, tmp_path):
    home, project, _first, _raw = after_first_session  # a store that holds calc.py's fix and its error
    log = tmp_path / "second.jsonl"
    run_claude_session(home, project, [{"text": "A haiku."}],
                       "write a haiku about autumn leaves falling", log=log)  # fmt: skip
    prompt_contexts = [
        m.get("content") for body in requests_sent(log) for m in body.get("messages", [])
        if isinstance(m.get("content"), str) and "UserPromptSubmit" in m.get("content")
        and "<memory-context" in m.get("content")
    ]  # fmt: skip
    assert prompt_contexts == []
    assert os.path.exists(home / ".claude" / "memlane" / "memory.db")
