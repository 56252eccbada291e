"""A fork (`claude --resume ID --fork-session`), end to end with the real Claude Code CLI: it is
stored as its own session linked to the session it was forked from, and its start gets only
what is new since that session's last block (asserted on what the model was sent).

Claude Code 2.1.197 sends the fork's SessionStart as `source: "resume"` under the parent's
id; every later event carries the fork's own id (docs/claude-code-facts.md)."""

from __future__ import annotations

import io
import json
import sqlite3
import subprocess
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from tests.e2e.claude_session import clean_env, requests_sent, run_claude_session
from tests.e2e.test_memlane_in_claude_code import _install
from tui.commands import cli


def _last_request_text(log: Path) -> str:
    parts = []
    for message in requests_sent(log)[-1].get("messages", []):
        content = message.get("content")
        blocks = [content] if isinstance(content, str) else [b.get("text", "") for b in content or [] if isinstance(b, dict)]
        parts += blocks
    return "\n".join(parts)


def _rows(home: Path, sql: str, *params) -> list[tuple]:
    conn = sqlite3.connect(home / ".claude" / "memlane" / "memory.db")
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def _ledger(home: Path) -> list[dict]:
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(["--db", str(home / ".claude" / "memlane" / "memory.db"), "ledger", "--json"]) == 0
    return json.loads(out.getvalue())


def _write(path: Path, content: str) -> dict:
    return {"name": "Write", "input": {"file_path": str(path), "content": content}}


@pytest.mark.e2e
def test_a_fork_is_its_own_session_linked_to_its_parent_and_gets_only_whats_new(tmp_path, monkeypatch):
    for name, value in clean_env().items():
        monkeypatch.setenv(name, value)
    home = tmp_path / "home"
    _install(home, monkeypatch)
    project = tmp_path / "shop-api"
    project.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)

    run_claude_session(home, project, [_write(project / "deploy.sh", "#!/bin/sh\n. ./staging.env\n"),
                                       {"text": "Written."}], "write the deploy script")  # fmt: skip
    log = tmp_path / "parent.jsonl"
    parent = run_claude_session(home, project, [{"text": "Tokens next."}], "what is next?", log=log)["session_id"]
    first_block = _last_request_text(log)
    [deploy_line] = [line for line in first_block.split("\n") if line.startswith("- [deploy.sh]")]
    run_claude_session(home, project, [_write(project / "billing.py", "RATE = 0.2\n"), {"text": "Written."}],
                       "add the billing rate")  # fmt: skip

    log = tmp_path / "fork.jsonl"
    fork = run_claude_session(home, project, [{"text": "Trying the other way."}], "try it another way",
                              log=log, resume=parent, fork=True)["session_id"]  # fmt: skip
    assert fork != parent
    sent = _last_request_text(log)
    assert "what is next?" in sent  # the fork holds the parent's conversation...
    assert sent.count(deploy_line) == 1  # ...with the parent's block in it, not sent again
    [billing_line] = [line for line in sent.split("\n") if line.startswith("- [billing.py]")]  # new since: sent
    assert sent.count(billing_line) == 1

    assert _rows(home, "SELECT forked_from FROM session WHERE session_id = ?", fork) == [(parent,)]
    assert _rows(home, "SELECT forked_from FROM session WHERE session_id = ?", parent) == [(None,)]
    [(ended,)] = _rows(home, "SELECT ended_at FROM session WHERE session_id = ?", parent)
    assert ended is not None  # the fork's start (sent under the parent's id) does not leave it open
    prompts = _rows(home, "SELECT session_id FROM memory WHERE type = 'prompt' AND content = 'try it another way'")
    assert prompts == [(fork,)]
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(["--db", str(home / ".claude" / "memlane" / "memory.db"), "sessions", "--format", "json"]) == 0
    assert {s["session_id"]: s["forked_from"] for s in json.loads(out.getvalue())}[fork] == parent
    starts = {(r["session_id"], r["reason"]) for r in _ledger(home) if r["event"] == "start"}
    assert (fork, "resume_new") in starts and (parent, "start") in starts
    assert not any(session == parent and reason != "start" for session, reason in starts)
