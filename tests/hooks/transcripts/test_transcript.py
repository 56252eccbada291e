"""hooks.transcripts: transcript lines -> the hook events (and so the memories) they record."""
from __future__ import annotations

import copy
import json
import os
import time
from pathlib import Path

import pytest

from hooks.capture import capture_observations
from hooks.event import prune_event
from hooks.transcripts import (
    TranscriptReader,
    claude_projects_dir,
    find_transcripts,
    session_id_for_path,
)
from store.config import defaults
from store.privacy import clean_value
from tests.hooks.transcripts import (
    PAYLOADS,
    PUBLIC,
    SAMPLE,
    Transcript,
    load_public,
    sample_times,
)

COMPARED = ("session_id", "prompt_id", "tool_use_id", "tool_name", "type", "cwd", "file_path",
            "content", "tags", "importance", "error_text")  # fmt: skip


def read(*paths, config=None, **kw):
    """(events, observations, reader) for files read in order by one reader."""
    config = config or defaults()
    reader = TranscriptReader(config, **kw)
    events = [e for p in paths for e in reader.read_file(p)]
    obs = [o for e in events for o in capture_observations(e, config)]
    return events, obs, reader


def read_t(tmp_path, *transcripts, **kw):
    paths = [t.write(tmp_path / f"t{i}.jsonl") for i, t in enumerate(transcripts)]
    return read(*paths, **kw)


def hook_observations(event: dict, raw_size: int = 0) -> list[dict]:
    """What the hook stores for one event: prune, privacy filter, capture (the hook's order)."""
    return capture_observations(clean_value(prune_event(event, raw_size)), defaults())


def by_type(obs, kind):
    return [o for o in obs if o["type"] == kind]


# ------------------------------------------------------------- the real transcript
def test_the_real_transcript_gives_what_the_hooks_gave_field_by_field():
    _events, imported, reader = read(SAMPLE)
    hooked = []
    for path in sorted(PAYLOADS.glob("*.json")):
        hooked.extend(hook_observations(json.loads(path.read_text(encoding="utf-8"))))
    assert hooked, "no payloads"
    key = lambda o: (o["tool_use_id"] or "", o["type"])  # noqa: E731
    assert sorted(map(key, imported)) == sorted(map(key, hooked))
    imported_by = {key(o): o for o in imported}
    for h in hooked:
        i = imported_by[key(h)]
        for field in COMPARED:
            assert i[field] == h[field], (field, i[field], h[field])
        assert i["source"] == "import" and h["source"] == "hook"
    # the transcript's times, not "now": a re-import dedupes against these
    first, last = sample_times()
    assert all(first <= o["created_at"] <= last for o in imported)
    assert reader.stats["malformed"] == 0


def test_the_real_transcript_private_block_and_noise():
    _events, obs, reader = read(SAMPLE)
    (prompt,) = by_type(obs, "prompt")
    assert prompt["content"] == "Fix the add function in calc.py and document it."
    assert "hunter2" not in json.dumps(obs)
    assert "db-7.corp.local" not in json.dumps(obs)  # a private block inside a Write
    skipped = reader.stats["skipped_by"]
    assert skipped["queue-operation"] == 2 and skipped["attachment"] == 2
    assert skipped["last-prompt"] == 1
    # the NotebookEdit refused before it ran (<tool_use_error>): no hook fired for it
    assert skipped["tool call that did not run"] == 1
    assert not [o for o in obs if o["tool_name"] == "NotebookEdit"]
    assert reader.stats["tool_calls"] == 11 and reader.stats["errors"] == 2


def test_every_public_transcript_line_is_taken(tmp_path):
    names = sorted(p.name for p in PUBLIC.glob("transcript-*.json"))
    assert len(names) >= 6
    lines = [json.dumps(load_public(n)) for n in names]
    path = tmp_path / "public.jsonl"
    path.write_text("\n".join(lines) + "\n")
    events, obs, reader = read(path)
    assert reader.stats["malformed"] == 0
    assert reader.stats["skipped_by"]["summary"] == 1  # an old session title, not work
    assert reader.stats["skipped_by"]["attachment"] == 1  # a SessionStart hook's output
    assert "HOUSE STYLE" not in json.dumps(events)
    (prompt,) = by_type(obs, "prompt")
    assert prompt["content"] == "How do I start this locally? I want to put it on netlify after"
    assert prompt["cwd"] == "/Users/ana/code/recipe site"
    # the two results whose calls are not among these lines are not guessed at, nor is the
    # `npm run build` call, whose result is not here: all three are counted as unpaired
    assert "result without its call" not in reader.stats["skipped_by"]
    assert reader.unpaired_calls() == 3


def test_public_error_result_pairs_with_its_call(tmp_path):
    error_line = load_public("transcript-user-tool_result-error-v2.1.146__jim-at-jibba-harness-lab.json")
    call_line = load_public("transcript-assistant-tool_use-v2.1.146__jim-at-jibba-harness-lab.json")
    call_line["message"]["content"][0]["id"] = error_line["message"]["content"][0]["tool_use_id"]
    call_line["message"]["content"][0]["input"]["command"] = "ls && cat package.json"
    path = tmp_path / "pair.jsonl"
    path.write_text(json.dumps(call_line) + "\n" + json.dumps(error_line) + "\n")
    _events, obs, _reader = read(path)
    (err,) = obs
    assert err["type"] == "error" and err["importance"] == 3
    assert err["error_text"].startswith("Exit code 1\nlogs/")  # not "Error: Exit code 1"
    assert err["content"].startswith("$ ls && cat package.json\nExit code 1")


# ------------------------------------------------------------------ generated cases
def test_tool_calls_pair_by_id_and_errors_become_error_memories(tmp_path):
    t = Transcript()
    t.prompt("fix the tests")
    t.bash("pytest -q", "3 passed")
    t.failing_bash("npm test", "Error: ENOENT: no such file or directory, open 'x.json'")
    t.text()
    _events, obs, reader = read_t(tmp_path, t)
    assert [o["type"] for o in obs] == ["prompt", "command", "error"]
    cmd, err = obs[1], obs[2]
    assert cmd["content"] == "$ pytest -q\n3 passed" and cmd["tool_use_id"]
    assert err["error_text"] == "Exit code 1\nError: ENOENT: no such file or directory, open 'x.json'"
    assert err["source"] == "import"
    assert reader.stats["errors"] == 1


def test_an_assistant_message_split_over_lines_is_joined(tmp_path):
    t = Transcript()
    t.prompt("do two things at once")
    a = t.tool_use("Bash", {"command": "make build"}, message_id="msg_same")
    b = t.tool_use("Bash", {"command": "npm test"}, message_id="msg_same")
    t.tool_use("Bash", {"command": "make build"}, tool_id=a, message_id="msg_same")  # written again
    t.tool_result(b, "ok b", result={"stdout": "ok b", "stderr": ""})
    t.tool_result(a, "ok a", result={"stdout": "ok a", "stderr": ""})
    _events, obs, reader = read_t(tmp_path, t)
    commands = sorted(o["content"] for o in by_type(obs, "command"))
    assert commands == ["$ make build\nok a", "$ npm test\nok b"]
    assert reader.stats["tool_calls"] == 2 and reader.unpaired_calls() == 0


def test_lines_copied_by_resume_or_fork_are_read_once(tmp_path):
    original = Transcript(session_id="orig")
    original.prompt("first task")
    original.bash("make build", "built")
    fork = Transcript(session_id="fork")
    fork.lines = copy.deepcopy(original.lines)  # the copied history, same uuids
    fork.t, fork.parent = original.t, original.parent
    fork.prompt("second task")
    fork.bash("make test", "tested")
    _events, obs, reader = read_t(tmp_path, original, fork)
    assert [(o["session_id"], o["content"]) for o in obs] == [
        ("orig", "first task"), ("orig", "$ make build\nbuilt"),
        ("fork", "second task"), ("fork", "$ make test\ntested"),
    ]  # fmt: skip
    assert reader.stats["skipped_by"]["copied line"] == 3


@pytest.mark.parametrize("text", [
    "<command-name>/clear</command-name>\n<command-message>clear</command-message>\n<command-args></command-args>",
    "<local-command-stdout>Set model to opus</local-command-stdout>",
    "<local-command-caveat>Caveat: The messages below were generated by the user while running local commands.</local-command-caveat>",
    "<bash-input>ls</bash-input>",
    "<bash-stdout>a.txt</bash-stdout><bash-stderr></bash-stderr>",
    "[Request interrupted by user]",
    "[Request interrupted by user for tool use]",
])  # fmt: skip
def test_local_command_artefacts_and_markers_are_not_prompts(tmp_path, text):
    t = Transcript()
    t.prompt(text)
    _events, obs, reader = read_t(tmp_path, t)
    assert obs == []
    assert reader.stats["skipped"] >= 1 and reader.stats["malformed"] == 0


def test_meta_progress_snapshots_and_attachments_are_skipped(tmp_path):
    t = Transcript()
    t.prompt("real work")
    t.user("<system-reminder>Caveat: meta</system-reminder>", isMeta=True)
    t.attachment({"type": "hook_additional_context", "hookName": "UserPromptSubmit",
                  "content": ["<memory-context>Earlier: you fixed auth.py</memory-context>"]})  # fmt: skip
    t.common("progress", data={"type": "hook_progress", "hookEvent": "PostToolUse"}, toolUseID="x")
    t.raw(json.dumps({"type": "file-history-snapshot", "messageId": "m", "snapshot": {},
                      "isSnapshotUpdate": False}))  # fmt: skip
    t.raw(json.dumps({"type": "custom-title", "customTitle": "t", "sessionId": "sess-1"}))
    t.common("system", subtype="informational", content="ok", level="info")
    events, obs, reader = read_t(tmp_path, t)
    assert [o["content"] for o in obs] == ["real work"]
    assert "Earlier: you fixed" not in json.dumps(events)
    by = reader.stats["skipped_by"]
    for kind in ("isMeta", "attachment", "progress", "file-history-snapshot", "queue-operation",
                 "custom-title", "system"):  # fmt: skip
        assert by.get(kind), kind
    assert reader.stats["malformed"] == 0


def test_memlane_context_in_a_prompt_is_never_stored(tmp_path):
    t = Transcript()
    t.prompt("<memory-context>Relevant: fixed auth.py</memory-context>\nnow fix the login form")
    _events, obs, _reader = read_t(tmp_path, t)
    (prompt,) = obs
    assert prompt["content"] == "now fix the login form"


def test_compaction_summary_and_instructions(tmp_path):
    t = Transcript()
    t.prompt("long work")
    t.user("<command-name>/compact</command-name>\n<command-message>compact</command-message>\n"
           "<command-args>keep the API notes</command-args>")  # fmt: skip
    t.common("system", subtype="compact_boundary", content="Conversation compacted",
             compactMetadata={"trigger": "manual", "preTokens": 150000})  # fmt: skip
    t.user("This session is being continued from a previous conversation that ran out of context. "
           "The summary below covers the earlier portion of the conversation.\n\n"
           "Summary:\n1. Primary Request: fix auth.py token expiry\n\n"
           "If you need specific details from before compaction (like exact code snippets, error "
           "messages, or content you generated), read the full transcript at: /x.jsonl\n"
           "Continue the conversation from where it left off without asking the user any further "
           "questions.", isCompactSummary=True, isVisibleInTranscriptOnly=True)  # fmt: skip
    _events, obs, _reader = read_t(tmp_path, t)
    summaries = by_type(obs, "compact_summary")
    assert [s["content"] for s in summaries] == [
        "Compaction instructions: keep the API notes",
        "Summary:\n1. Primary Request: fix auth.py token expiry",
    ]
    assert "manual" in summaries[1]["tags"].split()


def test_old_formats(tmp_path):
    """MultiEdit, the Task tool, results without tool_use_id, no permissionMode / promptId,
    Windows paths and `summary` lines (Claude Code 1.0.x - 2.0.x)."""
    multi = load_public("hook-PostToolUse-MultiEdit-legacy__Tar-ive-CADS-Visualizer.json")
    task = load_public("hook-PostToolUse-Task-sync-legacy__kesslerio-attio-mcp-server.json")
    t = Transcript(cwd="C:\\Users\\noah\\Project", version="1.0.103", with_prompt_ids=False)
    t.raw(json.dumps({"type": "summary", "summary": "Config UI fixes", "leafUuid": "abc"}))
    t.prompt("update the CI workflow", permissionMode=None)
    t.lines[-1].pop("permissionMode")
    t.call("MultiEdit", multi["tool_input"], "Applied 1 edit", result=multi["tool_response"])
    t.call("Task", task["tool_input"], task["tool_response"]["content"],
           result=task["tool_response"])  # fmt: skip
    use = t.tool_use("Edit", {"file_path": "C:\\Users\\noah\\Project\\src\\app.py",
                              "old_string": "a = 1", "new_string": "a = 2"})  # fmt: skip
    t.tool_result(use, "The file has been updated.", include_id=False, sourceToolAssistantUUID=t.parent)
    _events, obs, reader = read_t(tmp_path, t)
    assert reader.stats["malformed"] == 0
    assert reader.stats["skipped_by"]["summary"] == 1
    kinds = [(o["type"], o["tool_name"]) for o in obs]
    assert kinds == [("prompt", None), ("file_edit", "MultiEdit"), ("subagent", "Task"),
                     ("file_edit", "Edit")]  # fmt: skip
    # the same memories the hook made from those payloads, in this cwd
    assert obs[1]["content"] == hook_observations(dict(multi, cwd=t.cwd))[0]["content"]
    assert obs[2]["content"] == hook_observations(dict(task, cwd=t.cwd))[0]["content"]
    assert obs[3]["content"].startswith("Edit src/app.py (+1 -1)")
    assert obs[3]["tool_use_id"]  # taken from the call the result answers


def test_relative_paths_become_absolute_like_the_hook_sees_them(tmp_path):
    t = Transcript(cwd="/home/dev/app")
    t.prompt("write it")
    t.call("Write", {"file_path": "src/new.py", "content": "x = 1\n"}, "File created successfully",
           result={"type": "create", "filePath": "/home/dev/app/src/new.py", "content": "x = 1\n"})  # fmt: skip
    _events, obs, _reader = read_t(tmp_path, t)
    assert obs[1]["file_path"] == "/home/dev/app/src/new.py"


@pytest.mark.parametrize("content", [
    "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>",
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a "
    "file edit, the new_string was NOT written to the file). STOP what you are doing.",
    "Permission to use Bash with command rm -rf / has been denied.",
    "Permission for this tool use was denied. The tool use was rejected.",
    "Execution stopped by PreToolUse hook: not allowed",
])  # fmt: skip
def test_calls_that_never_ran_are_not_errors(tmp_path, content):
    t = Transcript()
    t.prompt("try")
    t.call("Bash", {"command": "rm -rf build"}, content, result=f"Error: {content}", is_error=True)
    _events, obs, reader = read_t(tmp_path, t)
    assert by_type(obs, "error") == []
    assert reader.stats["skipped_by"]["tool call that did not run"] == 1


def test_an_interrupted_call_is_a_low_importance_observation(tmp_path):
    t = Transcript()
    t.prompt("run the long build")
    content = ("The user doesn't want to take this action right now. STOP what you are doing and "
               "wait for the user to tell you how to proceed.")  # fmt: skip
    t.call("Bash", {"command": "make all"}, content, result=content, is_error=True)
    _events, obs, reader = read_t(tmp_path, t)
    (obs_,) = [o for o in obs if o["tool_name"] == "Bash"]
    assert obs_["type"] == "observation" and obs_["importance"] == 1
    assert obs_["content"] == "Interrupted: $ make all"
    assert reader.stats["errors"] == 0


def test_subagent_transcripts_join_their_session(tmp_path):
    projects = tmp_path / "projects"
    main = Transcript(session_id="parent-1")
    main.prompt("look into the tests")
    agent_call = main.call("Agent", {"description": "check tests", "prompt": "run the tests",
                                     "subagent_type": "general-purpose"}, "all green",
                           result={"status": "completed", "content": [{"type": "text", "text": "all green"}],
                                   "totalDurationMs": 1805, "totalToolUseCount": 2})  # fmt: skip
    main.write_in(projects)
    sub = Transcript(session_id="parent-1", sidechain=True, agent_id="a1b2c3")
    sub.prompt_id = main.prompt_id
    sub.user("run the tests")  # the task prompt: not the user's
    sub.call("Bash", {"command": "pytest -q"}, "5 passed", is_error=False)  # no toolUseResult
    sub.call("Agent", {"description": "nested", "prompt": "go deeper"},
             [{"type": "text", "text": "deep result"},
              {"type": "text", "text": "agentId: a9 (use SendMessage with to: 'a9')\n"
                                       "<usage>subagent_tokens: 15\ntool_uses: 7\nduration_ms: 1442</usage>"}])  # fmt: skip
    sub.write_in(projects)
    files, missing = find_transcripts([projects])
    assert missing == [] and [Path(f).name for f in files] == ["parent-1.jsonl", "agent-a1b2c3.jsonl"]
    _events, obs, reader = read(*files)
    assert {o["session_id"] for o in obs} == {"parent-1"}
    assert [o["content"] for o in by_type(obs, "prompt")] == ["look into the tests"]
    assert reader.stats["skipped_by"]["subagent task prompt"] == 1
    (cmd,) = by_type(obs, "command")
    assert cmd["content"] == "$ pytest -q\n5 passed"
    nested = [o for o in by_type(obs, "subagent") if o["tool_use_id"] != agent_call]
    assert nested[0]["content"] == "Subagent: nested\nPrompt: go deeper\nResult: deep result\n[7 tool uses, 1s]"


def test_a_private_prompt_hides_its_whole_turn(tmp_path):
    projects = tmp_path / "projects"
    t = Transcript(session_id="priv")
    t.prompt("<private>check my bank statement at /home/me/bank.csv</private>")
    t.bash("python3 parse_bank.py", "balance 1234")
    private_prompt = t.prompt_id
    t.prompt("now fix the build")
    t.bash("make build", "ok")
    t.write_in(projects)
    sub = Transcript(session_id="priv", sidechain=True, agent_id="s1", start="2026-03-01T10:00:01")
    sub.prompt_id = private_prompt
    sub.bash("cat bank.csv", "secret rows")  # a subagent of the private turn
    sub.write_in(projects)
    files, _ = find_transcripts([projects])
    events, obs, reader = read(*files)
    assert [o["content"] for o in obs] == ["now fix the build", "$ make build\nok"]
    assert "bank" not in json.dumps(events)
    assert reader.stats["skipped_by"]["private prompt"] == 1
    assert reader.stats["skipped_by"]["private turn"] == 2


def test_a_private_prompt_without_prompt_ids_hides_until_the_next_prompt(tmp_path):
    t = Transcript(with_prompt_ids=False, version="1.0.80")
    t.prompt("<private>secret plan</private>")
    t.bash("make secret", "ok")
    t.prompt("public work")
    t.bash("make public", "ok")
    _events, obs, _reader = read_t(tmp_path, t)
    assert [o["content"] for o in obs] == ["public work", "$ make public\nok"]


def test_secrets_are_redacted_before_capture(tmp_path):
    t = Transcript()
    t.prompt("deploy with API_KEY=sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789")
    t.bash("curl -H 'Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345' https://x",
           "token=ghp_abcdefghijklmnopqrstuvwxyz0123456789")  # fmt: skip
    events, obs, _reader = read_t(tmp_path, t)
    text = json.dumps(events) + json.dumps(obs)
    for secret in ("sk-ant-api03", "abcdefghijklmnopqrstuvwxyz012345", "ghp_abcdef"):
        assert secret not in text
    assert "[REDACTED:" in obs[0]["content"]


def test_the_fast_filter_is_exactly_clean_value(tmp_path):
    """The reader cleans with store.privacy.Cleaner(memo=True): it must give clean_value's answer."""
    reader = TranscriptReader({"secret_patterns": ["CUSTOM-[0-9]+"]})
    values = [json.loads(line) for line in SAMPLE.read_text().splitlines()]
    values += [load_public(p.name) for p in sorted(PUBLIC.glob("*.json"))]
    values += [
        {"password": "hunter2", "token": "$TOKEN", "api_key": "", "nested": [{"secret": "x"}],
         "client_secret": "<placeholder>", "note": "password=hunter2 CUSTOM-42", "n": 3},
        ["<private>a", "b</private>", "sk-ant-" + "x" * 30],
    ]  # fmt: skip
    for value in values * 2:  # twice: the second round comes from the memo
        assert reader.cleaner.value(value) == clean_value(value, ["CUSTOM-[0-9]+"])


def test_malformed_lines_are_counted_and_the_rest_is_read(tmp_path):
    t = Transcript()
    t.prompt("first")
    t.raw("{not json")
    t.raw("[1, 2, 3]")
    t.raw(json.dumps({"type": "brand-new-kind", "sessionId": "sess-1"}))
    t.bash("make build", "ok")
    path = t.write(tmp_path / "t.jsonl")
    with open(path, "a", encoding="utf-8") as f:
        f.write('{"parentUuid": "x", "type": "user", "message": {"role": "us')  # cut off mid-write
    _events, obs, reader = read(path)
    assert [o["content"] for o in obs] == ["first", "$ make build\nok"]
    assert reader.stats["malformed"] == 4
    assert reader.stats["malformed_by"] == {"not JSON": 2, "not an object": 1, "unknown type": 1}


def test_since_and_project_filters(tmp_path):
    a = Transcript(session_id="a", cwd="/home/dev/shop-api", start="2026-01-10T09:00:00")
    a.prompt("old work")
    a.bash("make old", "ok")
    b = Transcript(session_id="b", cwd="/home/dev/shop-api/sub", start="2026-02-10T09:00:00")
    b.prompt("new work")
    c = Transcript(session_id="c", cwd="/home/dev/blog", start="2026-02-11T09:00:00")
    c.prompt("blog work")
    _e, obs, reader = read_t(tmp_path, a, b, c, since="2026-02-01T00:00:00Z")
    assert [o["content"] for o in obs] == ["new work", "blog work"]
    assert reader.stats["skipped_by"]["before --since"] == 2
    keep = lambda cwd: cwd.startswith("/home/dev/shop-api")  # noqa: E731
    _e, obs, reader = read_t(tmp_path, a, b, c, keep_cwd=keep)
    assert [o["content"] for o in obs] == ["old work", "$ make old\nok", "new work"]
    assert reader.sessions["c"]["events"] == 0 and reader.sessions["a"]["events"] == 2


def test_sessions_record_their_span_and_cwd(tmp_path):
    t = Transcript(session_id="span", start="2026-03-01T10:00:00")
    t.prompt("x")
    t.bash("make", "ok")
    t.text()
    _e, _obs, reader = read_t(tmp_path, t)
    info = reader.sessions["span"]
    assert info["cwd"] == "/home/dev/app"
    assert info["first"] == "2026-03-01T10:00:01.000000Z" and info["last"] > info["first"]


# ------------------------------------------------------------------------- files
def test_find_transcripts_orders_sessions_and_reports_missing(tmp_path):
    projects = tmp_path / "projects"
    old = Transcript(session_id="old").write_in(projects)
    new = Transcript(session_id="new").write_in(projects)
    sub = Transcript(session_id="new", sidechain=True, agent_id="z").write_in(projects)
    (projects / "notes.txt").write_text("not a transcript")
    now = time.time()
    os.utime(old, (now - 100, now - 100))
    os.utime(sub, (now - 50, now - 50))  # a subagent file older than its main file
    os.utime(new, (now, now))
    files, missing = find_transcripts([projects, tmp_path / "nope"])
    assert [Path(f).name for f in files] == ["old.jsonl", "new.jsonl", "agent-z.jsonl"]
    assert missing == [str(tmp_path / "nope")]
    files, _ = find_transcripts([projects], since_epoch=now - 10)
    assert [Path(f).name for f in files] == ["new.jsonl"]


def test_session_ids_from_paths():
    assert session_id_for_path("/p/-home-x/abc.jsonl") == "abc"
    assert session_id_for_path("/p/-home-x/abc/subagents/agent-1.jsonl") == "abc"
    assert session_id_for_path("/p/-home-x/agent-1.jsonl") is None


def test_claude_config_dir_is_respected(monkeypatch, tmp_path):
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "cfg"))
    assert claude_projects_dir() == str(tmp_path / "cfg" / "projects")
    monkeypatch.delenv("CLAUDE_CONFIG_DIR")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert claude_projects_dir() == str(tmp_path / ".claude" / "projects")


def test_a_file_that_cannot_be_read(tmp_path):
    reader = TranscriptReader(defaults())
    assert list(reader.read_file(tmp_path / "gone.jsonl")) == []
    assert reader.stats["malformed_by"] == {"unreadable file": 1}
