"""Claude Code's own memory and memlane's, with the real CLI (tests/e2e/claude_session.py):
the ledger records the CLAUDE.md and auto memory Claude Code loaded, with their sizes; the
digest leaves out what MEMORY.md already says and a resumed session gets no block again
(asserted on what the model was sent); a transcript written while hooks were off is in
memlane after the next maintenance run; a credential Claude Code would load from its memory
file is found, and gone from what the model is sent only after the redaction."""

from __future__ import annotations

import io
import json
import os
import subprocess
import time
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from hooks import background
from hooks.recall import session_start_context
from store.claude_memory import auto_memory_dir, loaded_files
from store.claude_memory.audit import audit_files, redact_file
from store.database import connection as db
from tests.e2e.claude_session import (
    SessionState,
    clean_env,
    requests_sent,
    run_claude_session,
    text_sent_to_model,
)
from tests.e2e.test_memlane_in_claude_code import _install
from tests.secret_shapes import gen
from tui.commands import cli

CLAUDE_MD = "# shop-api\nRun the tests with `python3 -m pytest -q` before every commit.\n"


def _project(path: Path) -> Path:
    path.mkdir()
    (path / "CLAUDE.md").write_text(CLAUDE_MD)
    subprocess.run(["git", "init", "-q"], cwd=path, check=True)
    return path


def _auto_memory(home: Path, project: Path, session_id: str) -> Path:
    """The project's auto-memory folder as memlane finds it, checked against where the real
    CLI keeps the project's transcripts (and made, when the CLI has not made it yet)."""
    [transcript] = (home / ".claude" / "projects").rglob(f"{session_id}.jsonl")
    memory = Path(auto_memory_dir(str(project)))
    assert memory == transcript.parent / "memory"
    memory.mkdir(exist_ok=True)
    return memory


def _ledger(home: Path) -> list[dict]:
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(["--db", str(home / ".claude" / "memlane" / "memory.db"), "ledger", "--json"]) == 0
    return json.loads(out.getvalue())


def _last_request_text(log: Path) -> str:
    body = requests_sent(log)[-1]
    parts = []
    for message in body.get("messages", []):
        content = message.get("content")
        parts += [content] if isinstance(content, str) else [p.get("text", "") for p in content or [] if isinstance(p, dict)]
    return "\n".join(parts)


def _use_home(home: Path, monkeypatch) -> None:
    for name, value in clean_env().items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("HOME", str(home))
    for name in ("MEMLANE_DB", "MEMLANE_HOME", "MEMLANE_DISABLE", "CLAUDE_CONFIG_DIR", "CLAUDE_PROJECT_DIR"):
        monkeypatch.delenv(name, raising=False)


# One worker runs this module's tests, so that they share its first session (tests/conftest.py).
pytestmark = pytest.mark.xdist_group("e2e-claude-memory-session")


@pytest.fixture(scope="module")
def first_session(tmp_path_factory):
    """memlane installed, then one real session in a project with a CLAUDE.md (two files
    written), kept: the tests that need a session of the project before theirs go on from it."""
    state = SessionState(tmp_path_factory.mktemp("first-session"))
    home, project = state.root / "home", _project(state.root / "shop-api")
    with pytest.MonkeyPatch.context() as mp:
        _install(home, mp)
        first = run_claude_session(home, project, [
            {"name": "Write", "input": {"file_path": str(project / "deploy.sh"),
                                        "content": "#!/bin/sh\n# reads DEPLOY_TARGET from staging.env\n. ./staging.env\n"}},
            {"name": "Write", "input": {"file_path": str(project / "tokens.py"),
                                        "content": "from datetime import timedelta\nREFRESH_TTL = timedelta(days=14)\n"}},
            {"text": "Both files are written."},
        ], "write the deploy script and make refresh tokens last 14 days")  # fmt: skip
    state.keep()
    return state, first


@pytest.fixture
def after_first_session(first_session, monkeypatch):
    """(home, project, the first session's result), as that session left them."""
    state, first = first_session
    state.put_back()
    _use_home(state.root / "home", monkeypatch)
    return state.root / "home", state.root / "shop-api", first


@pytest.mark.e2e
def test_one_ledger_nothing_twice_and_no_block_again_on_resume(after_first_session, tmp_path):
    home, project, first = after_first_session

    memory = _auto_memory(home, project, first["session_id"])
    conn = db.connect(str(home / ".claude" / "memlane" / "memory.db"))
    digest = session_start_context(conn, str(project), "a-new-one", {})[0]
    conn.close()
    [deploy_line] = [line for line in digest.split("\n") if "deploy.sh" in line and line.startswith("- [deploy.sh]")]
    [tokens_line] = [line for line in digest.split("\n") if line.startswith("- [tokens.py]")]
    fact = deploy_line.split("] ", 1)[1]
    (memory / "MEMORY.md").write_text(f"# Memory\n- {fact}\n")  # what Claude wrote into its own memory

    log = tmp_path / "second.jsonl"
    second = run_claude_session(home, project, [{"text": "Ready."}], "what is next?", log=log)
    sent = text_sent_to_model(log)
    assert tokens_line in sent and fact in sent  # memlane's digest, and Claude Code's MEMORY.md
    assert deploy_line not in sent and sent.count(fact) == 1  # the fact once, from MEMORY.md
    [start] = [r for r in _ledger(home) if r["event"] == "start" and r["session_id"] == second["session_id"]]
    files = {(c["source"], Path(c["path"]).name): c for c in start["context"] if c["path"] and c["source"] != "left_out"}
    assert files[("claude_md", "CLAUDE.md")]["bytes"] == len(CLAUDE_MD)
    assert files[("auto_memory", "MEMORY.md")]["bytes"] == (memory / "MEMORY.md").stat().st_size
    assert files[("claude_md", "CLAUDE.md")]["tokens"] == (len(CLAUDE_MD) + 3) // 4
    [said] = [c for c in start["context"] if c["source"] == "left_out"]
    assert said["kind"] == "in_memory_files" and said["path"] == str(memory / "MEMORY.md")

    log = tmp_path / "resumed.jsonl"
    run_claude_session(home, project, [{"text": "Still here."}], "go on", log=log, resume=second["session_id"])
    resumed = _last_request_text(log)
    assert resumed.count(tokens_line) == 1  # the first block, in the history; none added again
    starts = [r for r in _ledger(home) if r["event"] == "start" and r["session_id"] == second["session_id"]]
    assert starts[0]["reason"] == "resumed" and starts[0]["chars"] == 0


@pytest.mark.e2e
def test_a_transcript_written_while_hooks_were_off_is_kept_by_the_next_maintenance_run(tmp_path, monkeypatch):
    home = tmp_path / "home"
    _use_home(home, monkeypatch)
    project = _project(tmp_path / "old-app")
    off = run_claude_session(home, project, [
        {"name": "Write", "input": {"file_path": str(project / "notes.txt"), "content": "sweep-survivor-4417\n"}},
        {"text": "Written."},
    ], "write the word down")  # no memlane hooks yet  # fmt: skip
    _install(home, monkeypatch)
    [transcript] = (home / ".claude" / "projects").rglob(f"{off['session_id']}.jsonl")
    moment = time.time() - 25 * 86400  # Claude Code's 30-day sweep reaches it in 5 days
    os.utime(transcript, (moment, moment))
    path = str(home / ".claude" / "memlane" / "memory.db")
    db.connect(path).close()
    background.run(path)
    conn = db.connect(path)
    rows = conn.execute("SELECT content FROM memory WHERE session_id = ?", (off["session_id"],)).fetchall()
    conn.close()
    assert any("sweep-survivor-4417" in r[0] for r in rows)


@pytest.mark.e2e
def test_a_credential_in_claudes_memory_file_is_found_and_redacted_only_after_yes(after_first_session, tmp_path):
    home, project, first = after_first_session  # a session of the project made its memory folder
    memory = _auto_memory(home, project, first["session_id"])
    key = "sk-ant-api03-" + gen("e2e-memory-file", 80)
    (memory / "MEMORY.md").write_text(f"# Memory\n- deploys use ANTHROPIC_API_KEY={key}\n")
    log = tmp_path / "before.jsonl"
    run_claude_session(home, project, [{"text": "Ok."}], "anything", log=log)
    assert key in text_sent_to_model(log)  # Claude Code loads it into every session
    [report] = audit_files(loaded_files(str(project)))
    assert report["path"] == str(memory / "MEMORY.md") and report["findings"]
    assert key in (memory / "MEMORY.md").read_text()  # found; nothing changed without a yes
    redact_file(report["path"], report["digest"])
    log = tmp_path / "after.jsonl"
    run_claude_session(home, project, [{"text": "Ok."}], "anything", log=log)
    assert key not in text_sent_to_model(log) and "[REDACTED:" in text_sent_to_model(log)
