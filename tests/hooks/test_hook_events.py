"""Every event the real Claude Code CLI sends, through `memlane-hook`: what ends up
stored, what is printed, and what is left alone.

Two ways in: the real process (`python -m hooks.main`, `python -m hooks`) and
`hooks.main.main()` with stdin patched (fast, for the payload corpus).
"""

from __future__ import annotations

import io
import json
import os
import string
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hooks import main as hook_main
from store.database import connection as db
from store.triage.groups import set_error_status
from store.writing import writer
from tests.secret_shapes import gen
from tests.shared_payloads import PAYLOADS
from tests.shared_payloads import PUBLIC_PAYLOADS as PUBLIC
from tests.timing import HANG

REPO = Path(__file__).resolve().parents[2]

SESSION = "064029b2-9298-429a-987c-019be7412488"



def payload(name: str) -> dict:
    return json.loads((PAYLOADS / f"{name}.json").read_text())


def hook_payload_files() -> list[Path]:
    files = sorted(PAYLOADS.glob("*.json")) + sorted(PUBLIC.glob("hook-*.json"))
    return [f for f in files if not f.name.startswith("transcript")]


def run_hook(event, *, module: str = "hooks.main", extra_env: dict | None = None):
    data = event if isinstance(event, bytes) else json.dumps(event).encode()
    environ = dict(os.environ, PYTHONPATH=str(REPO), **(extra_env or {}))
    return subprocess.run(
        [sys.executable, "-m", module], input=data, capture_output=True, env=environ, timeout=60
    )


def call_main(event, monkeypatch, capsys) -> tuple[str, str]:
    data = event if isinstance(event, bytes) else json.dumps(event).encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    assert hook_main.main() == 0
    out, err = capsys.readouterr()
    return out, err


def rows(path: str, sql: str, params=()) -> list[tuple]:
    conn = db.connect(path)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


# ---------------------------------------------------------------- every payload


@pytest.mark.parametrize("path", hook_payload_files(), ids=lambda p: p.name)
def test_every_real_payload_is_taken_without_error(env, monkeypatch, capsys, path):
    event = json.loads(path.read_text())
    out, err = call_main(path.read_bytes(), monkeypatch, capsys)
    assert err == ""  # no [memlane] complaint: the event was understood
    name = event.get("hook_event_name")
    if name == "UserPromptSubmit" and out:
        json.loads(out)["hookSpecificOutput"]["additionalContext"]
    elif name == "SessionStart":
        assert out == "" or out.startswith("<memory-context")
    else:
        assert out == ""
    assert not os.path.exists(env.mhome / "memlane.log")


def test_the_public_payloads_all_land(env, monkeypatch, capsys):
    for path in hook_payload_files():
        call_main(path.read_bytes(), monkeypatch, capsys)
    types = dict(rows(env.db, "SELECT type, count(*) FROM memory GROUP BY type"))
    # edits (Edit + MultiEdit, both corpora), writes, commands, errors, subagents, web, mcp, prompts
    for mtype in ("file_edit", "file_write", "command", "error", "subagent", "web", "mcp", "prompt"):
        assert types.get(mtype, 0) >= 1, (mtype, types)
    # Read/Grep/TodoWrite-without-news, PreToolUse, Notification, SubagentStop: nothing
    assert "file_read" not in types and "search" not in types


# ---------------------------------------------------------------- a whole session


SESSION_ORDER = [
    "session-start", "user-prompt-submit", "pre-tool-use-bash", "post-tool-use-edit",
    "post-tool-use-write", "post-tool-use-bash", "post-tool-use-bash-ls",
    "post-tool-use-bash-stderr-exit0", "post-tool-use-failure-bash", "post-tool-use-failure-webfetch",
    "post-tool-use-read", "post-tool-use-taskcreate", "post-tool-use-bash-git-commit", "stop",
    "session-end",
]  # fmt: skip


def test_a_real_session_through_the_real_process(env):
    outputs = {}
    for name in SESSION_ORDER:
        result = run_hook(payload(name))
        assert result.returncode == 0, name
        assert result.stderr == b"", (name, result.stderr)
        outputs[name] = result.stdout
    # nothing printed but context (none here: an empty memory, then unrelated to nothing)
    assert all(out == b"" for out in outputs.values()), outputs

    memories = rows(env.db, "SELECT type, content, importance, error_group_id FROM memory ORDER BY id")
    types = [m[0] for m in memories]
    assert types == ["prompt", "file_edit", "file_write", "command", "command", "error", "error",
                     "observation", "command"]  # fmt: skip
    everything = "\n".join(m[1] for m in memories)
    assert "Fix the add function in calc.py and document it." in everything
    assert "hunter2" not in everything and "db-7.corp.local" not in everything  # <private> gone
    assert "return a + b" in everything and "한국어 설명" in everything
    assert "README.md\nnb.ipynb" not in everything  # `ls` is noise
    errors = [m for m in memories if m[0] == "error"]
    assert all(m[2] == 3 and m[3] is not None for m in errors)
    groups = rows(env.db, "SELECT status, count, tool_name FROM error_group ORDER BY id")
    assert groups == [("open", 1, "Bash"), ("open", 1, "WebFetch")]

    session = rows(env.db, "SELECT project_name, ended_at, end_reason, duration_s, summary, "
                           "memory_count, error_count FROM session")[0]  # fmt: skip
    name, ended_at, reason, duration, summary, count, error_count = session
    assert name == "calc-app" and ended_at and reason == "other" and duration is not None
    assert summary.startswith("Task: Fix the add function in calc.py and document it.")
    assert "calc.py" in summary and "Errors (2)" in summary
    assert (count, error_count) == (9, 2)


def test_python_dash_m_hooks_works_too(env):
    result = run_hook(payload("post-tool-use-edit"), module="hooks")
    assert result.returncode == 0 and result.stdout == b"" and result.stderr == b""
    assert rows(env.db, "SELECT type FROM memory") == [("file_edit",)]


def test_failure_event_stores_an_open_error_and_a_resolved_group_seen_again_is_regressed(env):
    first = payload("post-tool-use-failure-bash")
    assert run_hook(first).returncode == 0
    (content, importance, group), = rows(env.db, "SELECT content, importance, error_group_id FROM memory")
    assert importance == 3 and "ModuleNotFoundError: No module named jwt" in content
    conn = db.connect(env.db)
    set_error_status(conn, group, "resolved")
    conn.close()
    again = dict(first, session_id="another-session", tool_use_id="toolu_99999")  # the same error, later
    assert run_hook(again).returncode == 0
    assert rows(env.db, "SELECT status, count FROM error_group WHERE id = ?", (group,)) == [("regressed", 2)]


# ---------------------------------------------------------------- private turns


def test_an_entirely_private_prompt_and_its_turn_are_not_stored(env):
    start = payload("session-start")
    private = dict(payload("user-prompt-submit"), prompt_id="turn-private",
                   prompt="<private>rotate the prod db password to Tr0ub4dor and deploy</private>")  # fmt: skip
    edit = dict(payload("post-tool-use-edit"), prompt_id="turn-private")
    failure = dict(payload("post-tool-use-failure-bash"), prompt_id="turn-private")
    for event in (start, private, edit, failure):
        result = run_hook(event)
        assert result.returncode == 0 and result.stdout == b"" and result.stderr == b""
    assert rows(env.db, "SELECT count(*) FROM memory") == [(0,)]
    assert rows(env.db, "SELECT count(*) FROM error_group") == [(0,)]
    # the next, ordinary turn is stored again
    normal = dict(payload("user-prompt-submit"), prompt_id="turn-normal")
    commit = dict(payload("post-tool-use-bash-git-commit"), prompt_id="turn-normal")
    for event in (normal, commit):
        assert run_hook(event).returncode == 0
    assert rows(env.db, "SELECT type FROM memory ORDER BY id") == [("prompt",), ("command",)]
    # a late event of the private turn is still dropped
    assert run_hook(dict(edit, tool_use_id="toolu_late")).returncode == 0
    assert rows(env.db, "SELECT count(*) FROM memory") == [(2,)]
    everything = " ".join(r[0] for r in rows(env.db, "SELECT content FROM memory"))
    assert "Tr0ub4dor" not in everything


def test_private_turn_without_prompt_ids_lasts_until_the_next_prompt(env):
    def old(event):  # Claude Code before 2.1 sent no prompt_id
        event = dict(event)
        event.pop("prompt_id", None)
        return event

    private = old(dict(payload("user-prompt-submit"), prompt="<private>secret plan</private>"))
    for event in (private, old(payload("post-tool-use-edit"))):
        assert run_hook(event).returncode == 0
    assert rows(env.db, "SELECT count(*) FROM memory") == [(0,)]
    for event in (old(payload("user-prompt-submit")), old(payload("post-tool-use-edit"))):
        assert run_hook(event).returncode == 0
    assert rows(env.db, "SELECT type FROM memory ORDER BY id") == [("prompt",), ("file_edit",)]


def test_a_partly_private_prompt_is_stored_without_its_private_part(env):
    assert run_hook(payload("user-prompt-submit")).returncode == 0
    assert rows(env.db, "SELECT content FROM memory") == [
        ("Fix the add function in calc.py and document it.",)
    ]


def test_secrets_are_redacted_before_anything_is_stored(env):
    event = dict(payload("post-tool-use-bash"))
    event["tool_input"] = {"command": "deploy --token ghp_abcdefghijklmnopqrstuvwxyz0123456789 && npm run release"}
    aws_key = "AKIA" + gen("hook-aws-key", 16, string.ascii_uppercase + "234567")  # (AWS's shape, not its doc's example)
    event["tool_response"] = {"stdout": f"AWS key {aws_key} used", "stderr": "", "interrupted": False}
    assert run_hook(event).returncode == 0
    (content,), = rows(env.db, "SELECT content FROM memory")
    assert "ghp_abcdefghijklmnopqrstuvwxyz0123456789" not in content
    assert aws_key not in content and "[REDACTED:" in content


# ---------------------------------------------------------------- sessions


@pytest.mark.parametrize("source", ["startup", "resume", "clear", "compact"])
def test_session_start_opens_or_reopens_the_session(env, source):
    end = payload("session-end")
    assert run_hook(payload("session-start")).returncode == 0
    assert run_hook(end).returncode == 0
    assert rows(env.db, "SELECT ended_at IS NOT NULL FROM session") == [(1,)]
    again = dict(payload("session-start"), source=source)
    result = run_hook(again)
    assert result.returncode == 0 and result.stderr == b""
    assert rows(env.db, "SELECT session_id, ended_at, end_reason FROM session") == [(SESSION, None, None)]


def test_the_first_prompt_gives_a_session_its_summary_before_its_first_stop(env):
    """Sessions lists the session being worked on with its task, not "—", during a first
    turn that may run for minutes; later prompts leave the summary to Stop."""
    run_hook(payload("session-start"))
    assert rows(env.db, "SELECT summary FROM session") == [("",)]
    assert run_hook(payload("user-prompt-submit")).returncode == 0
    (summary,), = rows(env.db, "SELECT summary FROM session")
    assert summary.splitlines()[0] == "Task: Fix the add function in calc.py and document it."
    run_hook(payload("post-tool-use-edit"))
    run_hook(dict(payload("user-prompt-submit"), prompt="now add a test for it"))
    assert rows(env.db, "SELECT summary FROM session") == [(summary,)]


def test_stop_builds_the_summary_and_stop_hook_active_does_nothing(env):
    for name in ("session-start", "user-prompt-submit", "post-tool-use-edit"):
        run_hook(payload(name))
    (before,), = rows(env.db, "SELECT summary FROM session")
    active = dict(payload("stop"), stop_hook_active=True)
    assert run_hook(active).returncode == 0
    assert rows(env.db, "SELECT summary FROM session") == [(before,)]
    assert "Edited" not in before  # the edit came after the summary the prompt gave
    result = run_hook(payload("stop"))
    assert result.returncode == 0 and result.stdout == b""
    (summary,), = rows(env.db, "SELECT summary FROM session")
    assert summary.splitlines()[:2] == [
        "Task: Fix the add function in calc.py and document it.", "Edited 1 file: calc.py",
    ]


def test_session_end_closes_and_summarises_the_session(env):
    for name in ("session-start", "user-prompt-submit", "post-tool-use-edit"):
        run_hook(payload(name))
    result = run_hook(payload("session-end"))  # within Claude Code's 1.5 s: bench/bench_hook.py
    assert result.returncode == 0 and result.stdout == b"" and result.stderr == b""
    (ended_at, reason, duration, summary), = rows(
        env.db, "SELECT ended_at, end_reason, duration_s, summary FROM session"
    )
    assert ended_at and reason == "other" and duration >= 0 and "calc.py" in summary


def test_an_event_without_session_id_stores_nothing(env):
    for name in ("session-start", "user-prompt-submit", "post-tool-use-edit", "session-end"):
        event = payload(name)
        del event["session_id"]
        result = run_hook(event)
        assert result.returncode == 0 and result.stdout == b""
    assert not os.path.exists(env.db) or rows(env.db, "SELECT count(*) FROM memory") == [(0,)]


def test_other_events_are_ignored_quietly(env):
    for event in (payload("pre-tool-use-bash"), json.loads((PUBLIC / "hook-SubagentStop__asp2131-cka-buddy.json").read_text()),
                  {"session_id": "x", "hook_event_name": "SomethingNew", "cwd": "/tmp"}):  # fmt: skip
        result = run_hook(event)
        assert (result.returncode, result.stdout, result.stderr) == (0, b"", b"")
    assert not os.path.exists(env.db)


def test_compaction_instructions_and_summaries_are_kept(env):
    pre = {"session_id": SESSION, "cwd": "/home/dev/calc-app", "hook_event_name": "PreCompact",
           "trigger": "manual", "custom_instructions": "keep the calc.py decisions"}  # fmt: skip
    pre_null = dict(pre, trigger="auto", custom_instructions=None)
    post = {"session_id": SESSION, "cwd": "/home/dev/calc-app", "hook_event_name": "PostCompact",
            "trigger": "manual", "compact_summary": "We fixed add() in calc.py and documented it."}  # fmt: skip
    for event in (pre, pre_null, post):
        result = run_hook(event)
        assert (result.returncode, result.stdout, result.stderr) == (0, b"", b"")
    contents = [r[0] for r in rows(env.db, "SELECT content FROM memory WHERE type = 'compact_summary' ORDER BY id")]
    assert contents == ["Compaction instructions: keep the calc.py decisions",
                        "We fixed add() in calc.py and documented it."]  # fmt: skip


def test_excluded_projects_store_nothing_and_inject_nothing(env):
    conn = db.connect(env.db)
    writer.start_session(conn, "old", "/home/dev/calc-app")
    writer.add_memory(conn, {"session_id": "old", "type": "file_edit", "cwd": "/home/dev/calc-app",
                             "content": "Edit src/calc.py: fix the add function"})  # fmt: skip
    conn.close()
    (env.mhome / "config.toml").write_text('exclude_projects = ["/home/dev/calc-*"]\n')
    before = rows(env.db, "SELECT count(*) FROM memory")
    for name in SESSION_ORDER:
        result = run_hook(payload(name))
        assert (result.returncode, result.stdout, result.stderr) == (0, b"", b""), name
    assert rows(env.db, "SELECT count(*) FROM memory") == before
    assert rows(env.db, "SELECT session_id FROM session") == [("old",)]


def test_project_is_the_sessions_even_after_the_model_cds(env):
    start = dict(payload("session-start"), cwd=str(env.tmp))
    (env.tmp / "sub").mkdir()
    edit = dict(payload("post-tool-use-edit"), cwd=str(env.tmp / "sub"))
    for event in (start, edit):
        assert run_hook(event).returncode == 0
    assert rows(env.db, "SELECT DISTINCT project FROM memory") == [(str(env.tmp),)]


def test_retention_runs_in_the_background_at_most_once_a_day(env):
    conn = db.connect(env.db)
    writer.start_session(conn, "ancient", "/home/dev/calc-app", started_at="2020-01-01T00:00:00Z")
    writer.add_memory(conn, {"session_id": "ancient", "type": "command", "cwd": "/home/dev/calc-app",
                             "content": "$ make old-thing", "created_at": "2020-01-01T00:00:00Z",
                             "received_at": "2020-01-01T00:00:00Z"})  # fmt: skip
    writer.add_memory(conn, {"session_id": "ancient", "type": "file_edit", "cwd": "/home/dev/calc-app",
                             "content": "Edit recent.py", "importance": 2})  # fmt: skip
    conn.close()
    result = run_hook(payload("session-start"))
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout.startswith(b"<memory-context")  # the context was not held up
    deadline = time.monotonic() + HANG  # the background run, on a busy machine
    while time.monotonic() < deadline:
        if rows(env.db, "SELECT count(*) FROM memory WHERE content = '$ make old-thing'") == [(0,)]:
            break
        time.sleep(0.1)
    assert rows(env.db, "SELECT content FROM memory") == [("Edit recent.py",)]
    assert rows(env.db, "SELECT count(*) FROM meta WHERE key = 'retention_last_run'") == [(1,)]
    conn = db.connect(env.db)
    from store.forgetting.retention import retention_due

    assert not retention_due(conn)  # the next SessionStart today does not start it again
    conn.close()


# ---------------------------------------------------------------- what the hot path loads

IMPORT_PROBE = """
import io, json, sys
from hooks.main import run_hook
event = open(sys.argv[1], "rb").read()
run = run_hook(io.BytesIO(event))
assert run.message is None, run.message
costly = ("dataclasses", "typing", "logging", "tomllib", "subprocess", "importlib", "warnings", "peewee", "textual",
          "rich", "tui")
# Asked for by what an Edit does not need: the shell reader (Bash calls), the recall ledger (a
# stat of its marker is enough), the spool's code (a look into its folder is enough) and the
# failed-call rules (failures only).
not_for_an_edit = ("hooks.capture.shell", "hooks.recall", "hooks.recall.ledger", "store.writing.queue",
                   "hooks.capture.refusals")
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in costly or m in not_for_an_edit)))
"""


def test_the_post_tool_use_path_loads_nothing_costly(env):
    conn = db.connect(env.db)  # an existing database: creating one is allowed to cost more
    conn.close()
    (env.mhome / "config.toml").write_text('max_inject = 3\nexclude_projects = ["/nowhere/*"]\n')
    environ = dict(os.environ, PYTHONPATH=str(REPO))
    probe = [sys.executable, "-c", IMPORT_PROBE, str(PAYLOADS / "post-tool-use-edit.json")]
    subprocess.run(probe, env=environ, check=True, capture_output=True)  # first run reads the TOML
    result = subprocess.run(probe, env=environ, check=True, capture_output=True)
    assert json.loads(result.stdout) == []
    assert rows(env.db, "SELECT count(*) FROM memory") == [(1,)]


COMPILE_PROBE = """
import json, re
compiled = []
real = re.compile
re.compile = lambda pattern, flags=0: compiled.append(str(pattern)) or real(pattern, flags)
from hooks.capture import observations_from_event
import hooks.main, hooks.turns, hooks.recall.ledger, store.privacy, store.writing.queue, store.database.connection, store.writing.writer
import store.writing.summary, store.times, store.display  # a prompt's summary, and what recall's blocks import
import hooks.recall.blocks, store.language.korean  # every prompt with recall, Korean or not
print(json.dumps(compiled))
"""


def test_the_hook_path_compiles_no_pattern_at_import():
    """A pattern compiled at import is paid by every hook process, whatever its event needs:
    the PostToolUse path's modules, and those a prompt adds, compile theirs when first used
    (store.display's two took ~0.6 ms of every prompt hook, which shows nothing)."""
    environ = dict(os.environ, PYTHONPATH=str(REPO))
    result = subprocess.run([sys.executable, "-c", COMPILE_PROBE], env=environ, check=True, capture_output=True)
    assert json.loads(result.stdout) == []


def test_a_prompt_with_injection_off_loads_no_recall(env):
    """With injection off (MEMLANE_DISABLE=1) a prompt is only stored: the switch is asked of
    store.config, so not one of recall's modules is loaded (blocks was, for the switch alone)."""
    probe = (
        "import io, json, sys\nfrom hooks.main import run_hook\n"
        "run = run_hook(io.BytesIO(open(sys.argv[1], 'rb').read()))\nassert run.message is None, run.message\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('hooks.recall', 'store.search')))))"
    )
    environ = dict(os.environ, PYTHONPATH=str(REPO), MEMLANE_DISABLE="1")
    command = [sys.executable, "-c", probe, str(PAYLOADS / "user-prompt-submit.json")]
    result = subprocess.run(command, env=environ, check=True, capture_output=True)
    assert json.loads(result.stdout) == []
    assert rows(env.db, "SELECT count(*) FROM memory") == [(1,)]  # the prompt was stored


def test_config_problems_are_said_once_a_session_not_on_every_tool_call(env):
    env.mhome.mkdir(parents=True)
    (env.mhome / "config.toml").write_text('max_inject = "lots"\n')
    start = run_hook(payload("session-start"))
    assert start.returncode == 0
    assert start.stderr.decode().splitlines() == [
        "[memlane] SessionStart: config: 'max_inject' must be an integer, got a string; using the default 5."
    ]
    for name in ("user-prompt-submit", "post-tool-use-edit", "stop", "session-end"):
        result = run_hook(payload(name))
        assert (result.returncode, result.stderr) == (0, b""), name


def test_private_turn_markers_are_small_and_pruned(env):
    from hooks import background

    private = dict(payload("user-prompt-submit"), prompt="<private>x</private>")
    assert run_hook(private).returncode == 0
    folder = env.mhome / "private-turns"
    (marker,) = list(folder.iterdir())
    assert marker.read_text().splitlines() == ["33c8fc43-a145-4a9d-8989-e545f0516656"] * 2
    assert "private" not in marker.read_text() and marker.stat().st_size < 200
    assert background.prune_markers(str(env.mhome)) == 0  # fresh: kept
    old = time.time() - 3 * 86400
    os.utime(marker, (old, old))
    assert background.prune_markers(str(env.mhome)) == 1
    assert list(folder.iterdir()) == []


def test_a_lone_surrogate_in_session_id_is_stored_not_dropped(env):
    # JSON can carry "\ud800", which SQLite cannot take: the event used to vanish without a word.
    base = '{"session_id": "ab\\ud800cd", "cwd": "/tmp", "hook_event_name": "%s", "source": "startup", ' \
           '"tool_name": "Bash", "tool_use_id": "t1", "tool_input": {"command": "make build"}, ' \
           '"tool_response": {"stdout": "built ok", "stderr": ""}}'  # fmt: skip
    for name in ("SessionStart", "PostToolUse", "SessionEnd"):
        result = subprocess.run([sys.executable, "-m", "hooks.main"], input=(base % name).encode(),
                                capture_output=True, env=dict(os.environ, PYTHONPATH=str(REPO)), timeout=60)  # fmt: skip
        assert result.returncode == 0
        assert result.stderr.decode().startswith(f"[memlane] {name}: the session id holds characters")
    # Kept, under the safe id every event of that session gets (tests/hooks/test_session_ids.py).
    ((session_id, content),) = rows(env.db, "SELECT session_id, content FROM memory")
    assert session_id.startswith("x-") and content == "$ make build\nbuilt ok"
    (ended,) = rows(env.db, "SELECT ended_at FROM session WHERE session_id = ?", (session_id,))
    assert ended[0]
