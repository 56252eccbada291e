from __future__ import annotations

import json

import pytest

from store.writing.summary import MAX_SUMMARY_CHARS, build_summary
from tests.shared_payloads import PAYLOADS


def mem(type_, content, tool_name=None, file_path=None, tags="", created_at=None):
    return {"type": type_, "content": content, "tool_name": tool_name, "file_path": file_path,
            "tags": tags, "created_at": created_at}


SESSION = [
    mem("prompt", "fix the add function\nit subtracts instead of adding"),
    mem("file_edit", "Edit src/config.ts (+1 -1)\n-a\n+b", "Edit", "/p/src/config.ts", "edit config.ts"),
    mem("file_edit", "Edit src/handler.ts (+2 -0)", "Edit", "/p/src/handler.ts"),
    mem("file_edit", "Edit src/config.ts (+1 -1)", "Edit", "/p/src/config.ts"),
    mem("file_write", "Write src/schema.ts (created, 10 lines)", "Write", "/p/src/schema.ts", "write created schema.ts"),
    mem("command", "$ npm test\n10 passing", "Bash", tags="bash npm test"),
    mem("error", "$ cat /tmp/missing.txt\nExit code 1\nENOENT /tmp/missing.txt", "Bash", tags="error bash"),
    mem("command", "fix add\n[git commit 0697bc8 on master]\n$ git commit -am 'fix add'", "Bash",
        tags="bash git commit"),
    mem("command", "$ npm test\n10 passing", "Bash", tags="bash npm test"),
]


def test_typical_session():
    text = build_summary(SESSION, "2026-05-01T10:00:00Z", "2026-05-01T10:02:00Z")
    lines = text.splitlines()
    assert lines[0] == "Task: fix the add function"
    assert lines[1] == "Edited 3 files: config.ts, handler.ts, schema.ts"
    assert lines[2] == 'Commands: npm test; git commit -m "fix add"'
    assert lines[3] == "Errors (1): ENOENT /tmp/missing.txt"
    assert lines[-1] == "[9 observations, 2m, tools: Bash/Edit/Write]"
    assert len(text) <= MAX_SUMMARY_CHARS


def test_deterministic():
    a = build_summary(SESSION, "2026-05-01T10:00:00Z", "2026-05-01T10:02:00Z")
    b = build_summary([dict(m) for m in SESSION], "2026-05-01T10:00:00Z", "2026-05-01T10:02:00Z")
    assert a == b


def test_empty_session():
    assert build_summary([], None, None) == ""
    assert build_summary(None, "2026-05-01T10:00:00Z", None) == ""


def test_without_prompt_edits_lead():
    text = build_summary(SESSION[1:3], None, None)
    assert text.splitlines()[0] == "Edited 2 files: config.ts, handler.ts"
    assert text.splitlines()[-1] == "[2 observations, tools: Edit]"


def test_only_created_files():
    text = build_summary([SESSION[4]], None, None)
    assert text.startswith("Created 1 file: schema.ts")


def test_more_prompts_and_other_types():
    mems = [
        mem("prompt", "first task"), mem("prompt", "second"), mem("prompt", "third"),
        mem("subagent", "Subagent: x", "Agent"), mem("web", "WebFetch https://x", "WebFetch"),
        mem("web", "WebSearch: y", "WebSearch"), mem("mcp", "MCP github/get_issue", "mcp__github__get_issue"),
    ]
    text = build_summary(mems, None, None)
    lines = text.splitlines()
    assert lines[0] == "Task: first task (+2 more prompts)"
    assert "Also: 1 subagent, 2 web, 1 MCP call" in lines
    assert "mcp:github" in lines[-1]


@pytest.mark.parametrize(
    "start, end, expected",
    [
        ("2026-05-01T10:00:00Z", "2026-05-01T10:00:45Z", "45s"),
        ("2026-05-01T10:00:00+00:00", "2026-05-01T10:30:00+00:00", "30m"),
        ("2026-05-01T10:00:00", "2026-05-01T14:05:00", "4h 05m"),
        ("2026-05-01T10:00:00.123Z", "2026-05-01 10:01:40.123", "1m"),
    ],
)
def test_durations(start, end, expected):
    last = build_summary(SESSION[1:2] * 2, start, end).splitlines()[-1]
    assert last == f"[2 observations, {expected}, tools: Edit]"


@pytest.mark.parametrize(
    "start, end",
    [("garbage", "2026-05-01T10:00:00Z"), ("2026-05-01T10:00:00Z", "2026-04-01T10:00:00Z"),
     (None, "x"), (5, 6)],
)
def test_bad_times_are_ignored(start, end):
    assert build_summary(SESSION[1:2], start, end).splitlines()[-1] == "[1 observation, tools: Edit]"


def test_long_session_stays_under_limit():
    mems = [mem("prompt", "p" * 5000)]
    mems += [mem("file_edit", f"Edit f{i}", "Edit", f"/p/very/long/directory/name/file_number_{i}.ts") for i in range(200)]
    mems += [mem("command", f"$ npm run script-{i} --with --many --flags " + "x" * 200, "Bash") for i in range(100)]
    mems += [mem("error", "$ x\nExit code 1\n" + "E" * 3000, "Bash") for _ in range(50)]
    mems += [mem("mcp", "MCP", f"mcp__server{i}__tool") for i in range(20)]
    text = build_summary(mems, "2026-05-01T10:00:00Z", "2026-05-01T18:00:00Z")
    assert len(text) <= MAX_SUMMARY_CHARS
    lines = text.splitlines()
    assert lines[0].startswith("Task: ppp")
    assert lines[1].startswith("Edited 200 files: file_number_0.ts") and "more" in lines[1]
    assert lines[-1].startswith("[371 observations, 8h 00m, tools: ")


def test_wrong_types_do_not_raise():
    mems = [None, "x", {"type": None, "content": None}, {"type": "file_edit", "content": 5, "file_path": 7},
            {"type": "command", "content": ""}, {"type": "error"}, {"type": "prompt", "content": "  "}]
    text = build_summary(mems, None, None)
    assert text.splitlines()[-1].startswith("[5 observations")


def test_from_real_payload_observations():
    from hooks.capture import capture_observations
    from store.config import defaults

    mems = []
    for name in ["user-prompt-submit.json", "post-tool-use-read.json", "post-tool-use-edit.json",
                 "post-tool-use-write.json", "post-tool-use-bash.json", "post-tool-use-failure-bash.json",
                 "post-tool-use-bash-stderr-exit0.json", "post-tool-use-failure-webfetch.json",
                 "post-tool-use-taskcreate.json", "post-tool-use-bash-git-commit.json", "post-tool-use-bash-ls.json"]:
        mems += capture_observations(json.loads((PAYLOADS / name).read_text(encoding="utf-8")), defaults())
    text = build_summary(mems, "2026-05-01T10:00:00Z", "2026-05-01T10:00:30Z")
    lines = text.splitlines()
    assert lines[0].startswith("Task: Fix the add function in calc.py")
    assert lines[1] == "Edited 2 files: calc.py, README.md"
    assert 'git commit -m "fix add"' in lines[2]
    assert lines[3] == "Errors (2): boom: ModuleNotFoundError: No module named jwt"
    assert lines[-1].startswith("[9 observations, 30s, tools: Bash/")


@pytest.mark.parametrize("seconds", [45, 600, 3900, 26 * 3600 + 59])
def test_the_summary_says_a_length_as_the_app_and_the_cli_do(seconds):
    from datetime import datetime, timedelta

    from store.times import duration

    start = datetime(2026, 5, 1, 10, 0)
    end = (start + timedelta(seconds=seconds)).isoformat()
    last = build_summary(SESSION[1:2] * 2, start.isoformat(), end).splitlines()[-1]
    assert last == f"[2 observations, {duration(seconds)}, tools: Edit]"
