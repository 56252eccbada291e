"""Smoke test of the e2e harness: a real Claude Code session fires real hooks."""
from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.claude_session import run_claude_session, text_sent_to_model

PROBE = "import sys, json; open(sys.argv[1], 'a').write(json.dumps(json.load(sys.stdin)) + '\\n')"
EVENTS = ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse",
          "PostToolUseFailure", "Stop", "SessionEnd"]
MARKER = "MEMLANE_E2E_SESSIONSTART_MARKER"


def _git_project(path: Path) -> Path:
    path.mkdir()
    (path / "calc.py").write_text("def add(a, b):\n    return a - b\n")
    subprocess.run(["git", "init", "-q"], cwd=path, check=True)
    return path


@pytest.mark.e2e
def test_real_cli_fires_hooks(tmp_path):
    home, events = tmp_path / "home", tmp_path / "events.jsonl"
    project = _git_project(tmp_path / "proj")
    probe = shlex.join([sys.executable, "-c", PROBE, str(events)])
    hooks = {event: [{"hooks": [{"type": "command", "command": probe}]}] for event in EVENTS}
    hooks["SessionStart"][0]["hooks"].append(
        {"type": "command", "command": f"echo {MARKER}"})
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / "settings.json").write_text(json.dumps({"hooks": hooks}))
    log = tmp_path / "requests.jsonl"

    result = run_claude_session(
        home, project,
        [{"name": "Bash", "input": {"command": "echo hi", "description": "say hi"}},
         {"text": "all done"}],
        "say hi please", log=log)

    assert result["result"] == "all done"
    seen = [json.loads(line) for line in events.read_text().splitlines()]
    by_event = {}
    for payload in seen:
        assert payload["session_id"] == result["session_id"]
        by_event.setdefault(payload["hook_event_name"], []).append(payload)

    assert by_event["SessionStart"][0]["source"] == "startup"
    assert by_event["UserPromptSubmit"][0]["prompt"] == "say hi please"
    (post,) = by_event["PostToolUse"]
    assert post["tool_name"] == "Bash"
    assert post["tool_input"]["command"] == "echo hi"
    assert post["tool_response"]["stdout"] == "hi"
    assert "PostToolUseFailure" not in by_event
    assert by_event["Stop"][0]["last_assistant_message"] == "all done"
    assert "reason" in by_event["SessionEnd"][0]

    transcript = Path(post["transcript_path"])
    assert transcript.exists() and transcript.parent.parent == home / ".claude" / "projects"
    assert MARKER in text_sent_to_model(log)
