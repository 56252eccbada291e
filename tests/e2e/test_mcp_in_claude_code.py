"""memlane's MCP server in a real Claude Code: the model looks memory up itself, mid-session.

`memlane install` registers the server in a temporary HOME's ~/.claude.json; a first
session leaves a memory; in a second one the scripted model searches for a word of it,
fetches the hit's full text and its timeline, and each next request the CLI sends must
carry those answers. After `memlane uninstall` a third session offers no memlane tool.
"""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess

import pytest

from tests.e2e.claude_session import requests_sent, run_claude_session
from tui.commands import cli

WORD = "quokkaflux"
TOOLS = {"mcp__memlane__search", "mcp__memlane__timeline", "mcp__memlane__get_memories"}


def _tool_results(body: dict) -> dict[str, str]:
    """tool_use_id -> the text of its tool_result, over a request's messages."""
    results = {}
    for message in body.get("messages", []):
        content = message.get("content")
        for block in content if isinstance(content, list) else []:
            if isinstance(block, dict) and block.get("type") == "tool_result":
                parts = block.get("content")
                if isinstance(parts, list):
                    parts = "\n".join(p.get("text", "") for p in parts if isinstance(p, dict))
                results[block.get("tool_use_id")] = parts or ""
    return results


def _tool_names(body: dict) -> set[str]:
    return {t.get("name") for t in body.get("tools") or []}


@pytest.mark.e2e
def test_the_model_searches_memory_and_gets_the_memory_back(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    for name in ("MEMLANE_DB", "MEMLANE_HOME", "MEMLANE_DISABLE", "CLAUDE_CONFIG_DIR"):
        monkeypatch.delenv(name, raising=False)
    # The CLI waits for an alwaysLoad server up to this long (default 5 s), then goes on
    # without it; under a load of 16 the server's start alone took 3-5 s.
    monkeypatch.setenv("MCP_CONNECT_TIMEOUT_MS", "60000")
    assert cli.main(["install"]) == 0
    entry = json.loads((home / ".claude.json").read_text())["mcpServers"]["memlane"]
    assert entry["args"][-1] == "mcp"

    project = tmp_path / "rates"
    project.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    limiter = project / "limiter.py"
    limiter.write_text("WINDOW = 10\n")
    run_claude_session(home, project, [
        {"name": "Read", "input": {"file_path": str(limiter)}},  # the CLI edits only what was read
        {"name": "Edit", "input": {"file_path": str(limiter), "old_string": "WINDOW = 10",
                                   "new_string": f"WINDOW = 60  # {WORD} burst window"}},
        {"text": "Widened the window."},
    ], "widen the rate limiter window")  # fmt: skip
    conn = sqlite3.connect(home / ".claude" / "memlane" / "memory.db")
    (edit_id,) = conn.execute("SELECT id FROM memory WHERE type = 'file_edit' AND content LIKE ?",
                              (f"%{WORD}%",)).fetchone()  # fmt: skip
    conn.close()

    log = tmp_path / "second.jsonl"
    run_claude_session(home, project, [
        {"name": "mcp__memlane__search", "input": {"query": WORD}},
        {"name": "mcp__memlane__get_memories", "input": {"ids": [edit_id]}},
        {"name": "mcp__memlane__timeline", "input": {"id": edit_id, "before": 2, "after": 2}},
        {"text": "The window was widened to 60 earlier."},
    ], "what did we change in the limiter before?", log=log)  # fmt: skip
    bodies = [b for b in requests_sent(log) if b.get("tools")]
    assert len(bodies) == 4, [sorted(_tool_names(b))[:3] for b in bodies]
    assert TOOLS <= _tool_names(bodies[0])  # offered from the first request on

    search = list(_tool_results(bodies[1]).values())
    assert len(search) == 1
    lines = search[0].splitlines()
    assert lines[0].startswith(f'1 memory matching "{WORD}"')
    assert re.match(rf"#{edit_id} \d{{4}}-\d\d-\d\d \d\d:\d\d rates file_edit limiter\.py: .*{WORD}", lines[1])

    full = [t for t in _tool_results(bodies[2]).values() if t not in search]
    assert len(full) == 1 and full[0].startswith(f"== #{edit_id} ")
    assert f"+WINDOW = 60  # {WORD} burst window" in full[0] and f"file {limiter}" in full[0]

    timeline = [t for t in _tool_results(bodies[3]).values() if t not in search + full]
    assert len(timeline) == 1 and timeline[0].startswith("Session ")
    assert any(line.startswith(f"> #{edit_id} ") for line in timeline[0].splitlines())
    assert "widen the rate limiter window" in timeline[0]  # the prompt before the edit

    conn = sqlite3.connect(home / ".claude" / "memlane" / "memory.db")
    stored = [r[0] for r in conn.execute("SELECT tool_name FROM memory WHERE tool_name LIKE 'mcp%'")]
    conn.close()
    assert stored == []  # memlane's own answers are not stored again

    assert cli.main(["uninstall"]) == 0
    leftover = home / ".claude.json"
    assert not leftover.exists() or "memlane" not in json.dumps(json.loads(leftover.read_text()).get("mcpServers", {}))
    log = tmp_path / "third.jsonl"
    run_claude_session(home, project, [{"text": "ok"}], "hello", log=log)
    bodies = [b for b in requests_sent(log) if b.get("tools")]
    assert bodies and not any(n.startswith("mcp__memlane") for b in bodies for n in _tool_names(b))

