"""The capture rules, driven by hook events captured from the real Claude Code CLI.

tests/fixtures/payloads/         : CLI 2.1.197, captured with tests/e2e/harness
tests/fixtures/payloads-public/  : the shapes of older CLI versions, macOS/Linux/Windows
"""
from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from hooks.capture import capture_observations, observations_from_event
from store.config import defaults
from store.text import MAX_CONTENT_CHARS
from tests.hooks.capture.test_shell import TAGGED_COMMANDS

REPO = Path(__file__).resolve().parents[3]
from tests.shared_payloads import PAYLOADS  # noqa: E402
from tests.shared_payloads import PUBLIC_PAYLOADS as PUBLIC  # noqa: E402

OBS_KEYS = {
    "session_id", "prompt_id", "tool_use_id", "tool_name", "type", "cwd", "file_path",
    "content", "tags", "importance", "created_at", "error_text", "source",
}
TYPES = {
    "prompt", "file_edit", "file_write", "command", "error", "observation", "response",
    "compact_summary", "subagent", "web", "mcp", "notebook_edit", "file_read", "search",
}


def load(name: str) -> dict:
    path = PAYLOADS / name if (PAYLOADS / name).exists() else PUBLIC / name
    return json.loads(path.read_text(encoding="utf-8"))


def cfg(**overrides) -> dict:
    c = defaults()
    c.update(overrides)
    return c


def capture(event: dict, **overrides) -> list[dict]:
    obs = capture_observations(event, cfg(**overrides))  # no safety net: a crash fails the test
    for o in obs:
        check_contract(o)
    return obs


def one(event: dict, **overrides) -> dict:
    obs = capture(event, **overrides)
    assert len(obs) == 1, obs
    return obs[0]


def check_contract(o: dict) -> None:
    assert set(o) == OBS_KEYS
    assert isinstance(o["session_id"], str) and o["session_id"]
    assert o["type"] in TYPES
    assert isinstance(o["content"], str) and o["content"].strip()
    assert len(o["content"]) <= MAX_CONTENT_CHARS
    assert isinstance(o["tags"], str)
    assert o["importance"] in (1, 2, 3)
    assert o["source"] in ("hook", "import")
    for key in ("prompt_id", "tool_use_id", "tool_name", "cwd", "file_path", "created_at", "error_text"):
        assert o[key] is None or isinstance(o[key], str)


def tags(o: dict) -> list[str]:
    return o["tags"].split()


def all_payload_events():
    for path in sorted(PAYLOADS.glob("*.json")) + sorted(PUBLIC.glob("*.json")):
        yield pytest.param(json.loads(path.read_text(encoding="utf-8")), id=path.name)
    sample = PAYLOADS / "transcript-sample.jsonl"
    for i, line in enumerate(sample.read_text(encoding="utf-8").splitlines()):
        if line.strip():
            yield pytest.param(json.loads(line), id=f"transcript-sample.jsonl:{i + 1}")


# ------------------------------------------------------------- every payload
@pytest.mark.parametrize("event", list(all_payload_events()))
@pytest.mark.parametrize("everything_on", [False, True])
def test_every_real_payload_is_taken(event, everything_on):
    overrides = {"capture_read": True, "capture_grep": True, "capture_glob": True} if everything_on else {}
    obs = capture(event, **overrides)
    assert isinstance(obs, list)
    for o in obs:
        assert o["session_id"] == event["session_id"]
        assert o["cwd"] == event.get("cwd")
        assert o["tool_use_id"] == event.get("tool_use_id")
        assert o["prompt_id"] == event.get("prompt_id")
        assert o["tool_name"] == event.get("tool_name")
        assert o["source"] == "hook"
        assert o["created_at"] is None


def test_both_payload_dirs_are_present_and_non_trivial():
    assert len(list(PAYLOADS.glob("*.json"))) >= 10
    assert len(list(PUBLIC.glob("*.json"))) >= 20


@pytest.mark.parametrize(
    "name",
    ["session-start.json", "session-end.json", "stop.json", "pre-tool-use-bash.json",
     "hook-Notification-permission_prompt__jim-at-jibba-harness-lab.json",
     "hook-SubagentStop__asp2131-cka-buddy.json",
     "hook-PreToolUse-WebFetch-in-subagent__noahmbrown2-pixel-ice-hockey-game.json",
     "transcript-user-prompt-v2.1.146__jim-at-jibba-harness-lab.json"],
)
def test_events_without_memories(name):
    assert capture(load(name)) == []


# ------------------------------------------------------------- prompts
def test_user_prompt_submit():
    ev = load("user-prompt-submit.json")
    o = one(ev)
    assert o["type"] == "prompt"
    assert o["importance"] == 2
    assert o["content"] == ev["prompt"]
    assert o["prompt_id"] == ev["prompt_id"]
    assert o["tool_name"] is None


def test_user_prompt_windows_payload():
    ev = load("hook-UserPromptSubmit__noahmbrown2-pixel-ice-hockey-game.json")
    o = one(ev)
    assert o["content"].startswith("make a newsroom tab in the game")
    assert o["cwd"] == "C:\\Users\\dev\\Project"


def test_legacy_user_prompt_field():
    ev = load("user-prompt-submit.json")
    ev["user_prompt"] = ev.pop("prompt")
    assert one(ev)["content"] == ev["user_prompt"]


@pytest.mark.parametrize("prompt", ["", "   \n\t", None, 42, ["x"]])
def test_empty_or_bad_prompt(prompt):
    ev = load("user-prompt-submit.json")
    ev["prompt"] = prompt
    assert capture(ev) == []


# ------------------------------------------------------------- Edit
def test_edit_diff_summary():
    ev = load("post-tool-use-edit.json")
    o = one(ev)
    assert o["type"] == "file_edit"
    assert o["file_path"] == "/home/dev/calc-app/src/calc.py"
    first, *rest = o["content"].splitlines()
    assert first.startswith("Edit src/calc.py")
    assert "+1 -1" in first
    assert rest == ["-    return a - b", "+    return a + b"]
    assert "calc.py" in tags(o) and "edit" in tags(o)
    assert o["importance"] == 2


@pytest.mark.parametrize(
    "name", ["post-tool-use-edit.json", "hook-PostToolUse-Edit__jim-at-jibba-harness-lab.json"]
)
def test_original_file_never_appears(name):
    ev = load(name)
    original = ev["tool_response"]["originalFile"]
    o = one(ev)
    assert original not in o["content"]
    assert original.strip() not in o["content"]
    if "Surrogate-Control-Extra" in original:  # context of the public payload, not in the diff
        assert "Surrogate-Control-Extra" not in o["content"]


def test_original_file_not_used_even_without_patch():
    ev = load("post-tool-use-edit.json")
    ev["tool_response"] = {"originalFile": "SECRET ORIGINAL CONTENT\n" * 50}
    o = one(ev)
    assert "SECRET ORIGINAL" not in o["content"]
    assert o["content"].splitlines()[1:] == ["-return a - b", "+return a + b"]  # old/new strings


def test_edit_fallback_to_old_new_strings():
    ev = load("hook-PostToolUse-Edit__jim-at-jibba-harness-lab.json")
    del ev["tool_response"]["structuredPatch"]
    o = one(ev)
    lines = o["content"].splitlines()
    assert lines[0] == "Edit deploy.toml (+2 -2)"
    assert '+  run = "make site"' in lines
    assert "-  dir = \"site\"" in lines
    assert " [deploy]" not in lines and "-[deploy]" not in lines  # common line dropped


def test_edit_large_patch_is_capped():
    ev = load("post-tool-use-edit.json")
    ev["tool_response"]["structuredPatch"] = [
        {"oldStart": 1, "oldLines": 100, "newStart": 1, "newLines": 100,
         "lines": [f"-old {i}" for i in range(100)] + [f"+new {i}" for i in range(100)]}
    ]
    o = one(ev)
    lines = o["content"].splitlines()
    assert "+100 -100" in lines[0]
    assert len(lines) <= 33
    assert any("more lines" in line for line in lines)


def test_multiedit_legacy():
    ev = load("hook-PostToolUse-MultiEdit-legacy__Tar-ive-CADS-Visualizer.json")
    o = one(ev)
    assert o["type"] == "file_edit"
    assert o["tool_name"] == "MultiEdit"
    assert o["content"].startswith("Edit .github/workflows/ci.yml (+")
    assert "Wait for the preview deployment" in o["content"]
    assert o["tool_use_id"] is None  # old payloads have no tool_use_id
    assert "multiedit" in tags(o) and "ci.yml" in tags(o)


def test_edit_outside_cwd_uses_basename():
    ev = load("post-tool-use-edit.json")
    ev["tool_input"]["file_path"] = "/etc/hosts"
    ev["tool_response"]["filePath"] = "/etc/hosts"
    assert one(ev)["content"].startswith("Edit hosts ")


# ------------------------------------------------------------- Write
def test_write_created():
    ev = load("post-tool-use-write.json")
    o = one(ev)
    assert o["type"] == "file_write"
    assert o["file_path"] == "/home/dev/calc-app/README.md"
    lines = o["content"].splitlines()
    assert lines[0] == "Write README.md (created, 4 lines)"
    assert "# Calc" in lines
    assert "덧셈 계산기" in o["content"]
    assert "created" in tags(o)


def test_write_updated_preview_is_short():
    ev = load("post-tool-use-write.json")
    body = "".join(f"line {i} " + "x" * 50 + "\n" for i in range(500))
    ev["tool_input"]["content"] = body
    ev["tool_response"].update(type="update", content=body, originalFile="OLD FILE TEXT")
    o = one(ev)
    assert o["content"].startswith("Write README.md (updated, 500 lines)")
    assert "line 0 " in o["content"] and "line 499" not in o["content"]
    assert len(o["content"]) < 800
    assert "OLD FILE TEXT" not in o["content"]


def test_write_public_payload():
    o = one(load("hook-PostToolUse-Write-create__jim-at-jibba-harness-lab.json"))
    assert o["content"].startswith("Write .gitignore (created, 3 lines)")


# ------------------------------------------------------------- skipped directories
@pytest.mark.parametrize(
    "path",
    [
        "/home/dev/calc-app/node_modules/lodash/index.js",
        "/home/dev/calc-app/.venv/lib/python3.11/site-packages/x.py",
        "/home/dev/calc-app/dist/bundle.js",
        "/home/dev/calc-app/src/__pycache__/calc.cpython-311.pyc",
        "/home/dev/calc-app/.git/config",
        "/home/dev/calc-app/target/debug/build.rs",
        "C:\\Users\\mrgue\\proj\\node_modules\\react\\index.js",
        "C:/Users/mrgue/proj/.next/server/app.js",
    ],
)
def test_dependency_and_build_paths_are_skipped(path):
    edit = load("post-tool-use-edit.json")
    edit["tool_input"]["file_path"] = path
    edit["tool_response"]["filePath"] = path
    assert capture(edit) == []
    write = load("post-tool-use-write.json")
    write["tool_input"]["file_path"] = path
    write["tool_response"]["filePath"] = path
    assert capture(write) == []
    read = load("post-tool-use-read.json")
    read["tool_input"]["file_path"] = path
    assert capture(read, capture_read=True) == []


def test_project_living_under_a_build_dir_is_not_skipped():
    ev = load("post-tool-use-edit.json")
    ev["cwd"] = "/home/dev/build/calc-app"
    ev["tool_input"]["file_path"] = "/home/dev/build/calc-app/src/calc.py"
    assert one(ev)["content"].startswith("Edit src/calc.py")


def test_windows_paths_are_made_relative():
    ev = load("post-tool-use-edit.json")
    ev["cwd"] = "C:\\Users\\mrgue\\CLAUDE CODE\\restaurant-margin"
    ev["tool_input"]["file_path"] = "C:\\Users\\mrgue\\CLAUDE CODE\\restaurant-margin\\client\\src\\App.tsx"
    o = one(ev)
    assert o["content"].startswith("Edit client/src/App.tsx")
    assert "app.tsx" in tags(o)


# ------------------------------------------------------------- Bash
def test_bash_meaningful_command_with_output():
    ev = load("post-tool-use-bash.json")
    o = one(ev)
    assert o["type"] == "command"
    assert o["importance"] == 1
    assert o["content"].splitlines()[0] == "$ " + ev["tool_input"]["command"]
    assert o["content"].splitlines()[1] == "ok"
    assert "bash" in tags(o) and "python3" in tags(o)


def test_bash_ls_is_skipped():
    assert capture(load("post-tool-use-bash-ls.json")) == []


def test_bash_stderr_with_exit_zero_is_a_command():
    o = one(load("post-tool-use-bash-stderr-exit0.json"))
    assert o["type"] == "command"
    assert "npm warn Unknown cli config" in o["content"]
    assert "npm" in tags(o) and "install" in tags(o)


def test_bash_chained_public_payload():
    o = one(load("hook-PostToolUse-Bash__jim-at-jibba-harness-lab.json"))
    assert "mv photos public/" in o["content"]
    assert "moved" in o["content"].splitlines()


def test_bash_return_code_interpretation_in_subagent():
    ev = load("hook-PostToolUse-Bash-returnCodeInterpretation__Okamionly-restaurant-margin.json")
    o = one(ev)
    assert "No matches found" in o["content"]
    assert "tsc" in tags(o) and "build" in tags(o)


def bash_event(command: str, stdout: str = "", stderr: str = "") -> dict:
    ev = load("post-tool-use-bash.json")
    ev["tool_input"]["command"] = command
    ev["tool_response"].update(stdout=stdout, stderr=stderr)
    return ev


@pytest.mark.parametrize(
    "command",
    ["ls -la", "cat package.json", "pwd", "cd src", "echo hi", "head -5 a.txt", "tail -f log",
     "which node", "wc -l *.py", "clear", "true", "sleep 2", "find . -name '*.py'", "tree -L 2",
     "grep -rn foo src", "rg TODO", "ls | grep x", "cat a | head -3 && echo done",
     "git status", "git diff HEAD~1", "git log --oneline -5", "  ", "echo x > /dev/null 2>&1"],
)
def test_trivial_commands_are_skipped(command):
    assert capture(bash_event(command, stdout="out")) == []


@pytest.mark.parametrize("command, tag", TAGGED_COMMANDS)
def test_meaningful_commands_are_kept(command, tag):
    o = one(bash_event(command, stdout="done"))
    assert o["type"] == "command"
    assert tag in tags(o), o["tags"]


def test_bash_long_output_keeps_head_and_tail():
    out = "\n".join(f"line {i}" for i in range(200))
    o = one(bash_event("npm test", stdout=out, stderr="1 failing"))
    lines = o["content"].splitlines()
    assert lines[0] == "$ npm test"
    assert "line 0" in lines and "line 14" in lines and "line 15" not in lines
    assert "line 199" in lines
    assert any(line.startswith("… ") and "lines …" in line for line in lines)
    assert lines[-1] == "1 failing"  # stderr after stdout
    assert len(lines) <= 1 + 15 + 1 + 15


def test_bash_huge_output_is_capped():
    out = "x" * 100_000
    o = one(bash_event("make", stdout=out))
    assert len(o["content"]) <= MAX_CONTENT_CHARS


def test_bash_string_response():
    ev = bash_event("npm run lint")
    ev["tool_response"] = "lint ok"
    assert one(ev)["content"].splitlines()[1] == "lint ok"


# ------------------------------------------------------------- git commit
def test_git_commit_keeps_its_message():
    ev = load("post-tool-use-bash-git-commit.json")
    o = one(ev)
    assert o["type"] == "command"
    assert o["importance"] == 2
    assert o["content"].splitlines()[0] == "fix add"
    assert ev["tool_response"]["gitOperation"]["commit"]["sha"] in o["content"]
    assert "git commit" in o["tags"]
    assert "$ git -c user.email=a@b -c user.name=t commit -am 'fix add'" in o["content"]


@pytest.mark.parametrize(
    "command, message",
    [
        ('git commit -m "Add login form"', "Add login form"),
        ("git commit -am 'wip: tidy'", "wip: tidy"),
        ('git commit --message="feat: x"', "feat: x"),
        ('git commit --message "feat: y"', "feat: y"),
        ('git add -A && git commit -m "one" -m "two"', "one\n\ntwo"),
        ("git commit -m \"$(cat <<'EOF'\nFix the add function\n\nIt subtracted.\n\n"
         "🤖 Generated with [Claude Code](https://claude.com/claude-code)\n\n"
         "Co-Authored-By: Claude <noreply@anthropic.com>\nEOF\n)\"",
         "Fix the add function\n\nIt subtracted."),
    ],
)
def test_git_commit_message_parsing(command, message):
    o = one(bash_event(command, stdout="[main abc1234] whatever\n 1 file changed"))
    assert o["content"].startswith(message + "\n")
    assert o["importance"] == 2
    assert "Co-Authored-By" not in o["content"].split("\n$ ")[0]


def test_git_commit_message_from_stdout_when_no_flag():
    o = one(bash_event("git commit --no-edit", stdout="[feature/x 1a2b3c4] Merge branch 'main'\n"))
    assert o["content"].startswith("Merge branch 'main'\n")
    assert "on feature/x" in o["content"]


# ------------------------------------------------------------- failures
def test_failing_bash_is_an_importance_3_error():
    ev = load("post-tool-use-failure-bash.json")
    o = one(ev)
    assert o["type"] == "error"
    assert o["importance"] == 3
    assert o["content"].startswith("$ python3 -c 'raise SystemExit(")
    assert "ModuleNotFoundError: No module named jwt" in o["content"]
    assert o["error_text"] == ev["error"]
    assert "error" in tags(o)


def test_failing_webfetch_is_an_error():
    ev = load("post-tool-use-failure-webfetch.json")
    o = one(ev)
    assert o["type"] == "error" and o["importance"] == 3
    assert o["content"].startswith("WebFetch https://example.com/")
    assert "Unable to verify" in o["error_text"]


def test_failing_bash_windows_public_payload():
    ev = load("hook-PostToolUseFailure-Bash__noahmbrown2-pixel-ice-hockey-game.json")
    o = one(ev)
    assert o["type"] == "error"
    assert 'npm error Invalid name: ".e2e-tools"' in o["error_text"]
    assert "npm" in tags(o)


def test_interrupt_is_a_low_importance_observation():
    ev = load("post-tool-use-failure-bash.json")
    ev["is_interrupt"] = True
    ev["error"] = "The user doesn't want to proceed with this tool use."
    o = one(ev)
    assert o["type"] == "observation"
    assert o["importance"] == 1
    assert o["error_text"] is None
    assert o["content"].startswith("Interrupted: $ python3")


def test_failing_read_is_skipped_unless_read_capture_is_on():
    ev = load("post-tool-use-failure-webfetch.json")
    ev.update(tool_name="Read", tool_input={"file_path": "/home/dev/calc-app/missing.py"},
              error="File does not exist.")
    assert capture(ev) == []
    o = one(ev, capture_read=True)
    assert o["type"] == "error" and o["content"].startswith("Read missing.py")


def test_failure_error_is_capped():
    ev = load("post-tool-use-failure-bash.json")
    ev["error"] = "Exit code 1\n" + "traceback line\n" * 5000
    o = one(ev)
    assert len(o["content"]) <= MAX_CONTENT_CHARS
    assert len(o["error_text"]) <= MAX_CONTENT_CHARS


# ------------------------------------------------------------- NotebookEdit
def notebook_event(**tool_input) -> dict:
    ev = load("post-tool-use-edit.json")
    ev["tool_name"] = "NotebookEdit"
    ev["tool_input"] = {"notebook_path": "/home/dev/calc-app/nb.ipynb", "cell_id": "c1",
                        "new_source": "print(2)", **tool_input}
    ev["tool_response"] = {"new_source": "print(2)", "cell_id": "c1", "cell_type": "code",
                           "language": "python", "edit_mode": "replace", "error": "",
                           "notebook_path": "/home/dev/calc-app/nb.ipynb",
                           "original_file": '{"cells": ["ORIGINAL NOTEBOOK"]}',
                           "updated_file": '{"cells": ["UPDATED NOTEBOOK"]}'}
    return ev


def test_notebook_edit():
    o = one(notebook_event())
    assert o["type"] == "notebook_edit"
    assert o["file_path"] == "/home/dev/calc-app/nb.ipynb"
    assert o["content"].startswith("NotebookEdit nb.ipynb replace cell c1")
    assert "print(2)" in o["content"]
    assert "ORIGINAL NOTEBOOK" not in o["content"] and "UPDATED NOTEBOOK" not in o["content"]


def test_notebook_insert_mode():
    o = one(notebook_event(edit_mode="insert", cell_type="markdown", new_source="# Title"))
    assert "insert cell c1 (markdown)" in o["content"]


# ------------------------------------------------------------- Agent / Task
def test_task_sync_legacy_result():
    o = one(load("hook-PostToolUse-Task-sync-legacy__kesslerio-attio-mcp-server.json"))
    assert o["type"] == "subagent"
    first = o["content"].splitlines()[0]
    assert first == "Subagent (ci-fixer): Fix failing CI checks in PR 57"
    assert "Result: ## ✅ PR #57 CI Checks Fixed" in o["content"]
    assert len(o["content"]) < 2000


def test_task_async_launch():
    o = one(load("hook-PostToolUse-Task-async__asp2131-cka-buddy.json"))
    assert o["content"].startswith("Subagent (Explore): Explore terminal chart drawing")
    assert "Launched in background (agent a3f9c2e71b0d84c56)" in o["content"]


def test_agent_new_name_with_string_response():
    ev = load("hook-PostToolUse-Task-sync-legacy__kesslerio-attio-mcp-server.json")
    ev["tool_name"] = "Agent"
    ev["tool_response"] = "Found 3 call sites of add()."
    o = one(ev)
    assert o["tool_name"] == "Agent"
    assert "Result: Found 3 call sites of add()." in o["content"]


# ------------------------------------------------------------- web
def test_webfetch():
    o = one(load("hook-PostToolUse-WebFetch__Tar-ive-CADS-Visualizer.json"))
    assert o["type"] == "web"
    assert o["content"].startswith("WebFetch https://open-meteo.com/en/docs")
    assert "Prompt: Summarise how to call the forecast endpoint" in o["content"]
    assert "open-meteo.com" in tags(o)


def test_websearch():
    ev = load("hook-PostToolUse-WebFetch__Tar-ive-CADS-Visualizer.json")
    ev["tool_name"] = "WebSearch"
    ev["tool_input"] = {"query": "textual datatable cursor"}
    ev["tool_response"] = {
        "query": "textual datatable cursor",
        "results": [{"tool_use_id": "x", "content": [
            {"title": "DataTable - Textual", "url": "https://textual.textualize.io/widgets/data_table/"}]},
            "Some text summary"],
        "durationSeconds": 2.1,
    }
    o = one(ev)
    assert o["type"] == "web"
    assert o["content"].startswith("WebSearch: textual datatable cursor")
    assert "DataTable - Textual" in o["content"]


# ------------------------------------------------------------- MCP
def test_mcp_list_response():
    ev = load("hook-PostToolUse-mcp__kesslerio-attio-mcp-server.json")
    assert isinstance(ev["tool_response"], list)
    o = one(ev)
    assert o["type"] == "mcp"
    first = o["content"].splitlines()[0]
    assert first == "MCP github/get_pull_request_status owner=ana-dev repo=weather-dash pullNumber=57"
    assert '"state":"pending"' in o["content"]
    assert "mcp" in tags(o) and "github" in tags(o)


def test_memlanes_own_mcp_tools_are_not_captured():
    # their answers are memories already; a copy would outlive `memlane forget`
    ev = load("hook-PostToolUse-mcp__kesslerio-attio-mcp-server.json")
    ev["tool_name"] = "mcp__memlane__get_memories"
    ev["tool_input"] = {"ids": [12]}
    assert capture(ev) == []
    ev["hook_event_name"], ev["error"] = "PostToolUseFailure", "Error executing tool get_memories"
    assert capture(ev) == []
    ev["tool_name"] = "mcp__memlane_fork__search"  # another server's tools still are
    assert capture(ev) != []


def test_mcp_argument_summary_is_capped():
    ev = load("hook-PostToolUse-mcp__kesslerio-attio-mcp-server.json")
    ev["tool_input"] = {f"k{i}": "v" * 100 for i in range(20)}
    o = one(ev)
    assert len(o["content"].splitlines()[0]) <= len("MCP github/get_pull_request_status ") + 200


# ------------------------------------------------------------- Read / Grep / Glob
def test_read_is_off_by_default_and_on_by_config():
    ev = load("post-tool-use-read.json")
    assert capture(ev) == []
    o = one(ev, capture_read=True)
    assert o["type"] == "file_read"
    assert o["content"] == "Read src/calc.py (3 lines)"
    assert o["file_path"] == "/home/dev/calc-app/src/calc.py"
    assert "def add" not in o["content"]  # file content is never stored


def test_read_public_payload():
    ev = load("hook-PostToolUse-Read__jim-at-jibba-harness-lab.json")
    assert capture(ev) == []
    assert one(ev, capture_read=True)["content"] == "Read logs/stop.json (14 lines)"


def test_grep_and_glob_off_by_default_and_on_by_config():
    ev = load("hook-PostToolUse-Grep-content__Okamionly-restaurant-margin.json")
    assert capture(ev) == []
    assert capture(ev, capture_read=True) == []
    o = one(ev, capture_grep=True)
    assert o["type"] == "search"
    assert o["content"].startswith('Grep "stripe" in web/package.json')
    glob = dict(ev, tool_name="Glob", tool_input={"pattern": "**/*.tsx"},
                tool_response={"filenames": ["a.tsx"], "numFiles": 1, "truncated": False})
    assert capture(glob) == []
    assert one(glob, capture_glob=True)["content"] == "Glob **/*.tsx -> 1 files"


# ------------------------------------------------------------- tasks and todos
def test_task_create_is_an_observation():
    o = one(load("post-tool-use-taskcreate.json"))
    assert o["type"] == "observation"
    assert o["content"] == "Task created #1: write tests\nadd unit tests for calc"


def test_task_update_only_when_completed():
    ev = load("post-tool-use-taskcreate.json")
    ev["tool_name"] = "TaskUpdate"
    ev["tool_input"] = {"taskId": "1", "status": "in_progress"}
    assert capture(ev) == []
    ev["tool_input"] = {"taskId": "1", "status": "completed", "subject": "write tests"}
    assert one(ev)["content"] == "Task completed #1: write tests"


def test_todowrite_only_newly_completed_items():
    ev = load("hook-PostToolUse-TodoWrite__kesslerio-attio-mcp-server.json")
    assert capture(ev) == []  # only a status change to in_progress
    ev["tool_response"]["newTodos"][0]["status"] = "completed"
    o = one(ev)
    assert o["content"].startswith("Completed: PR #57 (P0): fix the failing CI checks")


def test_unknown_tool_is_skipped():
    ev = load("post-tool-use-taskcreate.json")
    ev["tool_name"] = "SomeFutureTool"
    assert capture(ev) == []


# ------------------------------------------------------------- compaction
def test_precompact_without_instructions():
    assert capture(load("hook-PreCompact-auto__Okamionly-restaurant-margin.json")) == []
    assert capture(load("hook-PreCompact-manual__kesslerio-attio-mcp-server.json")) == []


def test_precompact_with_instructions():
    ev = load("hook-PreCompact-manual__kesslerio-attio-mcp-server.json")
    ev["custom_instructions"] = "keep the auth decisions"
    o = one(ev)
    assert o["type"] == "compact_summary" and o["importance"] == 2
    assert "keep the auth decisions" in o["content"]


def test_postcompact_summary():
    ev = load("hook-PreCompact-auto__Okamionly-restaurant-margin.json")
    ev["hook_event_name"] = "PostCompact"
    ev["compact_summary"] = "We fixed the add function and wrote tests."
    o = one(ev)
    assert o["type"] == "compact_summary"
    assert o["content"] == "We fixed the add function and wrote tests."
    ev["compact_summary"] = None
    assert capture(ev) == []


# ------------------------------------------------------------- config switches
def test_capture_disabled_tools():
    assert capture(load("post-tool-use-edit.json"), capture_disabled_tools=["Edit"]) == []
    mcp = load("hook-PostToolUse-mcp__kesslerio-attio-mcp-server.json")
    assert capture(mcp, capture_disabled_tools=["mcp__github__get_pull_request_status"]) == []
    assert capture(load("post-tool-use-failure-bash.json"), capture_disabled_tools=["Bash"]) == []
    assert len(capture(load("post-tool-use-edit.json"), capture_disabled_tools=["Write"])) == 1


def test_excluded_project_yields_nothing():
    assert capture(load("post-tool-use-edit.json"), exclude_projects=["/home/dev/calc-*"]) == []
    assert capture(load("user-prompt-submit.json"), exclude_projects=["/home/dev/calc-app"]) == []
    assert len(capture(load("post-tool-use-edit.json"), exclude_projects=["/other/*"])) == 1


def test_missing_or_bad_config_uses_defaults():
    ev = load("post-tool-use-read.json")
    assert capture_observations(ev, None) == []
    assert capture_observations(ev, {}) == []
    assert len(capture_observations(load("post-tool-use-edit.json"), None)) == 1
    assert len(capture_observations(load("post-tool-use-edit.json"), {"capture_disabled_tools": 5})) == 1


# ------------------------------------------------------------- source / timestamps
def test_import_source_and_timestamp():
    ev = load("post-tool-use-edit.json")
    ev["_source"] = "import"
    ev["_timestamp"] = "2026-01-02T03:04:05.000Z"
    o = one(ev)
    assert o["source"] == "import"
    assert o["created_at"] == "2026-01-02T03:04:05.000Z"


# ------------------------------------------------------------- wrong types
BAD_VALUES = [None, "a string", ["a", "list"], 42, 3.5, True, {"unexpected": {"nested": [1]}}]
HOOK_FILES = sorted(PAYLOADS.glob("*.json")) + sorted(PUBLIC.glob("hook-*.json"))
ALL_ON = {"capture_read": True, "capture_grep": True, "capture_glob": True}


@pytest.mark.parametrize(
    "field",
    ["tool_input", "tool_response", "error", "prompt", "user_prompt", "cwd", "tool_name",
     "session_id", "prompt_id", "tool_use_id", "hook_event_name", "custom_instructions",
     "compact_summary", "is_interrupt", "trigger", "_timestamp", "_source"],
)
def test_wrong_types_never_raise(field):
    # Calls the rules without the catch-all safety net, so a missing guard fails here.
    from hooks.capture.rules import _observations

    for path in HOOK_FILES:
        base = json.loads(path.read_text(encoding="utf-8"))
        for value in BAD_VALUES:
            ev = copy.deepcopy(base)
            ev[field] = value
            for config in (cfg(), cfg(**ALL_ON)):
                for o in _observations(ev, config):
                    check_contract(o)


@pytest.mark.parametrize("top", ["tool_input", "tool_response"])
def test_wrong_nested_types_never_raise(top):
    from hooks.capture.rules import _observations

    for path in HOOK_FILES:
        base = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(base.get(top), dict):
            continue
        for key in base[top]:
            for value in BAD_VALUES:
                ev = copy.deepcopy(base)
                ev[top][key] = value
                for o in _observations(ev, cfg(**ALL_ON)):
                    check_contract(o)


@pytest.mark.parametrize("event", [None, [], "x", 1, {}, {"hook_event_name": "PostToolUse"},
                                   {"session_id": "s", "hook_event_name": 5}])
def test_unusable_events(event):
    assert capture_observations(event, cfg()) == []


def test_nested_wrong_types():
    ev = load("post-tool-use-edit.json")
    ev["tool_response"]["structuredPatch"] = [None, "x", {"lines": "not a list"}, {"lines": [1, None, "+ok"]}]
    o = one(ev)
    assert "+ok" in o["content"]
    ev = load("hook-PostToolUse-MultiEdit-legacy__Tar-ive-CADS-Visualizer.json")
    ev["tool_input"]["edits"] = [None, "x", {"old_string": 1, "new_string": ["y"]}]
    capture(ev)
    ev = load("hook-PostToolUse-Task-sync-legacy__kesslerio-attio-mcp-server.json")
    ev["tool_response"]["content"] = [None, {"type": "image"}, {"type": "text", "text": 5}]
    capture(ev)
    ev = load("hook-PostToolUse-TodoWrite__kesslerio-attio-mcp-server.json")
    ev["tool_response"]["newTodos"] = [None, {"status": "completed", "content": None}]
    capture(ev)


# ------------------------------------------------------------- import cost
def test_import_stays_cheap():
    code = (
        "import sys; from hooks.capture import observations_from_event; import store.config, store.text, store.paths, store.writing.summary; "
        "bad = [m for m in ('typing', 'dataclasses', 'logging', 'tomllib', 'fnmatch', 'datetime') "
        "if m in sys.modules]; print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_memory_slash_command_prompts_are_not_memories():
    from hooks.capture import capture_observations, is_memory_command
    from store.config import defaults

    base = {"hook_event_name": "UserPromptSubmit", "session_id": "s", "cwd": "/tmp"}
    for prompt in ("/memory docker build", "/memory", "  /memory --recent"):
        assert capture_observations({**base, "prompt": prompt}, defaults()) == []
        assert is_memory_command(prompt)
    kept = capture_observations({**base, "prompt": "/memoryless mode for the cache"}, defaults())
    assert [o["content"] for o in kept] == ["/memoryless mode for the cache"]


def test_a_capture_bug_stores_nothing_and_says_so(monkeypatch, tmp_path, capsys):
    from hooks.capture import rules as capture_module

    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path))

    def broken(event, config):
        raise KeyError("structuredPatch")

    monkeypatch.setattr(capture_module, "_observations", broken)
    assert observations_from_event(load("post-tool-use-edit.json"), cfg()) == []
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("[memlane] capture: could not capture PostToolUse Edit (KeyError")
    assert lines[0] in (tmp_path / "memlane.log").read_text()
    with pytest.raises(KeyError):
        capture_observations(load("post-tool-use-edit.json"), cfg())
