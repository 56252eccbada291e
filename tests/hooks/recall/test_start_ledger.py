"""The SessionStart hook's view of everything that enters the context: Claude Code's own
memory files and memlane's block in one ledger row, nothing the memory files already say,
and a resumed session given only what is new since its last block (hook level: the same
events the real CLI sends, docs/claude-code-facts.md; the e2e test drives the real CLI)."""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stdout

import pytest

from bench import hook_events as ev
from hooks import main as hook_main
from store.claude_memory.files import folder_name
from store.database import connection as db
from store.reading import ledger

PROMPT = "users have to log in again every day; make the refresh token last 14 days"


def hook(event: dict) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        run = hook_main.run_hook(io.BytesIO(json.dumps(event).encode()))
    if run.conn is not None:
        run.conn.close()
    assert run.message is None, run.message
    return out.getvalue()


def work(session: str, cwd: str, path: str, old: str, new: str, command: str) -> None:
    pid = f"{session}-p1"
    for event in (ev.start(session, cwd), ev.event("user-prompt-submit", session, cwd, pid, 1, prompt=PROMPT),
                  ev.edit(session, cwd, pid, 2, path, old, new),
                  ev.event("post-tool-use-bash", session, cwd, pid, 3,
                           tool_input={"command": command, "description": "run"},
                           tool_response={"stdout": "ok", "stderr": "", "interrupted": False}),
                  ev.event("stop", session, cwd, pid, 4)):  # fmt: skip
        hook(event)


def start(session: str, cwd: str, source: str = "startup") -> str:
    made = ev.start(session, cwd)
    made["source"] = source
    return hook(made)


@pytest.fixture
def project(env):
    folder = env.tmp / "shop-api"
    (folder / ".git").mkdir(parents=True)
    (env.home / ".claude").mkdir(parents=True, exist_ok=True)
    (env.home / ".claude" / "CLAUDE.md").write_text("Answer briefly.\n" * 40)  # 640 bytes
    (folder / "CLAUDE.md").write_text("Run make test before every commit.\n")
    memory = env.home / ".claude" / "projects" / folder_name(str(folder)) / "memory"
    memory.mkdir(parents=True)
    (memory / "MEMORY.md").write_text("# Memory\n- the deploy script reads DEPLOY_TARGET from staging.env\n")
    return folder


def _start_row(env, session: str) -> dict:
    conn = db.connect(env.db)
    try:
        return [r for r in ledger.entries(conn, session_id=session) if r["event"] == "start"][0]
    finally:
        conn.close()


def test_a_start_records_claude_codes_files_and_memlanes_block_as_one_budget(env, project):
    work("past", str(project), "src/tokens.py", "days=1", "days=14", "pytest -q tests/test_tokens.py")
    block = start("now", str(project))
    assert "<memory-context" in block
    row = _start_row(env, "now")
    files = [(c["source"], c["kind"], c["bytes"], c["tokens"]) for c in row["context"] if c["source"] != "left_out"]
    assert files[:2] == [("claude_md", "user", 640, 160), ("claude_md", "project", 35, 9)]
    assert files[2][:2] == ("auto_memory", "auto_index") and files[2][3] == (files[2][2] + 3) // 4
    sent = block.strip().encode()
    assert files[3] == ("memlane", "start", len(sent), (len(sent) + 3) // 4)
    conn = db.connect(env.db)
    budget = ledger.session_budget(conn, "now")
    conn.close()
    assert budget["claude_md"] == 169 and budget["memlane"] == files[3][3]
    assert budget["total"] == 169 + files[2][3] + files[3][3] and budget["files"] == 3


def test_the_digest_leaves_out_what_a_loaded_memory_file_already_says(env, project):
    work("past", str(project), "deploy.sh", "echo", "read DEPLOY_TARGET from staging.env",
         "bash deploy.sh --target staging")  # fmt: skip
    work("past2", str(project), "src/tokens.py", "days=1", "days=14", "pytest -q tests/test_tokens.py")
    block = start("now", str(project))
    assert "tokens.py" in block and "DEPLOY_TARGET" not in block
    row = _start_row(env, "now")
    [said] = [c for c in row["context"] if c["source"] == "left_out"]
    assert said["kind"] == "in_memory_files" and said["path"].endswith("MEMORY.md")
    conn = db.connect(env.db)
    assert "DEPLOY_TARGET" in conn.execute("SELECT content FROM memory WHERE id = ?", (said["memory_id"],)).fetchone()[0]
    conn.close()


def test_without_the_memory_file_the_same_memory_is_sent(env, project):
    (env.home / ".claude" / "projects" / folder_name(str(project)) / "memory" / "MEMORY.md").unlink()
    work("past", str(project), "deploy.sh", "echo", "read DEPLOY_TARGET from staging.env",
         "bash deploy.sh --target staging")  # fmt: skip
    assert "DEPLOY_TARGET" in start("now", str(project))


def test_a_resumed_session_gets_only_what_is_new_since_its_last_block(env, project):
    work("past", str(project), "src/tokens.py", "days=1", "days=14", "pytest -q tests/test_tokens.py")
    first = start("now", str(project))
    assert "tokens.py" in first
    assert start("now", str(project), source="resume") == ""  # nothing new: no block again
    row = _start_row(env, "now")
    assert row["reason"] == "resumed" and row["injected"] == 0
    assert {c["kind"] for c in row["context"] if c["source"] == "left_out"} == {"sent_before"}
    work("other", str(project), "src/cart.py", "total = sum(x)", "total = round(sum(x), 2)", "pytest -q tests/test_cart.py")
    again = start("now", str(project), source="resume")
    assert "cart.py" in again and "tokens.py" not in again
    assert _start_row(env, "now")["reason"] == "resume_new"
    assert re.findall(r"^- \[", again, re.M)  # a block of its own, with only the new lines


def test_a_fresh_start_of_the_same_project_still_gets_the_whole_digest(env, project):
    work("past", str(project), "src/tokens.py", "days=1", "days=14", "pytest -q tests/test_tokens.py")
    start("one", str(project))
    assert "tokens.py" in start("two", str(project))  # another session: not resumed
    assert "tokens.py" in start("one", str(project), source="compact")  # compaction drops the old block
