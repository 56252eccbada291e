"""Calls that never ran are not errors, and neither is a command the user interrupted
(issue 35, defect 4): the `cd` sandbox refusal, a permission denied by a rule or the
user, a user's PreToolUse hook answering BLOCKED; `Exit code 137` before the interrupt
marker.  Shown on the corpus session `refusals` (tests/fixtures/real_sessions)."""

from __future__ import annotations

import io
import json
import sqlite3

import pytest

from hooks.capture import capture_observations, never_ran, was_interrupted, was_refused
from tests.fixtures import import_into, real_session


def kept(db: str) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT type, importance, tags, content FROM memory WHERE type != 'prompt' "
                            "ORDER BY id").fetchall()  # fmt: skip
    finally:
        conn.close()


def test_import_keeps_only_the_real_failure_as_an_error(homes):
    session = real_session("refusals")
    report = import_into(str(homes / "imported.db"), session.transcripts)
    rows = kept(str(homes / "imported.db"))
    assert [r[:2] for r in rows] == [("observation", 1), ("error", 3)]
    assert rows[0][3] == "Interrupted: $ terraform plan -out=plan.bin"
    assert "interrupted" in rows[0][2].split()
    assert rows[1][3].startswith("$ terraform validate\nExit code 1")
    assert report["errors"] == 1
    conn = sqlite3.connect(homes / "imported.db")
    assert conn.execute("SELECT error_count FROM session").fetchone() == (1,)
    conn.close()


def test_the_hook_stores_the_interrupted_command_as_interrupted(homes):
    from hooks import main as hook_main

    for event in real_session("refusals").hook_events:
        run = hook_main.run_hook(io.BytesIO(json.dumps(event).encode()))
        if run.conn is not None:
            run.conn.close()
        assert run.message is None, run.message
    rows = kept(str(homes / "memlane" / "hooks.db"))
    assert [r[:2] for r in rows] == [("observation", 1), ("error", 3)]
    assert rows[0][3] == "Interrupted: $ terraform plan -out=plan.bin"


REFUSED = [
    "cd in '/home/dev/other' was blocked. For security, Claude Code may only change directories "
    "to the allowed working directories for this session: '/home/dev/infra'.",
    "ERROR: cd to '/Users/a/b' was blocked. For security, Claude Code may only change directories "
    "to child directories of the original working directory (/Users/a/c) for this session.",
    "Permission to use Bash with command rm -rf build \\\n  dist has been denied.",
    "Error: Permission to use Bash with command git push has been denied.",
    "PreToolUse:Bash hook error: [~/.claude/hooks/guard.sh]: BLOCKED: force pushes are not allowed",
    "Hook PreToolUse:Bash denied this tool",
    "File is in a directory that is denied by your permission settings.",
]


@pytest.mark.parametrize("text", REFUSED)
def test_a_refusal_reaching_the_hook_is_stored_as_refused(text):
    """Should a PostToolUseFailure carry a refusal, it is a `refused` observation."""
    event = {"session_id": "s", "hook_event_name": "PostToolUseFailure", "tool_name": "Bash",
             "cwd": "/home/dev/infra", "tool_input": {"command": "git push --force origin main"},
             "error": text, "is_interrupt": False}  # fmt: skip
    assert never_ran(text) and never_ran("Error: " + text) and was_refused(text)
    (obs,) = capture_observations(event, {})
    assert obs["type"] == "observation" and obs["importance"] == 1
    assert obs["content"].startswith("Refused: $ git push --force origin main\n")
    assert "refused" in obs["tags"].split() and obs["error_text"] is None


@pytest.mark.parametrize("text", ["Exit code 137\n[Request interrupted by user for tool use]",
                                  "Exit code 143\n[Request interrupted by user for tool use]\nPING"])
def test_an_exit_code_before_the_interrupt_marker_is_an_interrupt(text):
    assert was_interrupted(text) and not never_ran(text)
    event = {"session_id": "s", "hook_event_name": "PostToolUseFailure", "tool_name": "Bash",
             "tool_input": {"command": "ping example.com"}, "error": text, "is_interrupt": False}
    (obs,) = capture_observations(event, {})
    assert obs["type"] == "observation" and "interrupted" in obs["tags"].split()


@pytest.mark.parametrize("text", ["Exit code 1\nError: cd to the folder failed",
                                  "Exit code 2\nls: cannot access 'x': No such file or directory",
                                  "Exit code 137\nKilled", "Permission denied (publickey)."])
def test_real_failures_stay_errors(text):
    assert not was_interrupted(text) and not never_ran(text)
    event = {"session_id": "s", "hook_event_name": "PostToolUseFailure", "tool_name": "Bash",
             "tool_input": {"command": "make"}, "error": text, "is_interrupt": False}
    (obs,) = capture_observations(event, {})
    assert obs["type"] == "error"
