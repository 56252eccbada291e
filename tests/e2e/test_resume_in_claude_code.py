"""`c` in the app, end to end with the real Claude Code CLI: memlane's resume command (the one
`c` runs, in the session's folder) continues the first session: the resumed session's request
to the model holds the first session's messages (issue 25 item 9)."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import sys
from pathlib import Path

import pytest

from tests.e2e.claude_session import (
    RUN_SESSION,
    clean_env,
    ensure_cli_installed,
    run_claude_session,
    text_sent_to_model,
)
from tests.e2e.harness.run_session import cache_dir
from tui.claude_resume import plan_resume, run_resume, transcript_path
from tui.commands import cli

WORD = "pelican-harbour-7731"

# `claude` on PATH for the test: runs the real CLI (through the e2e harness's runner, against the
# mock model) with the arguments memlane gave it, in the folder memlane chose; `-p` because there is
# no terminal here.
WRAPPER = """#!{python}
import json, os, subprocess, sys
args = sys.argv[1:]
with open(os.environ["RESUME_ARGS"], "w") as fh:
    json.dump({{"argv": args, "cwd": os.getcwd()}}, fh)
session = args[args.index("--resume") + 1]
sys.exit(subprocess.call([sys.executable, {runner!r}, "--script", os.environ["RESUME_STEPS"],
                          "--home", os.environ["HOME"], "--cwd", os.getcwd(), "--prompt", "go on",
                          "--log", os.environ["RESUME_LOG"], "--resume", session],
                         stdout=subprocess.DEVNULL))
"""


@pytest.mark.e2e
def test_memlanes_resume_command_continues_the_session_in_claude_code(tmp_path, monkeypatch):
    ensure_cli_installed()
    home = tmp_path / "home"
    for name, value in clean_env().items():
        monkeypatch.setenv(name, value)
    for name in [n for n in os.environ if n not in clean_env()]:
        monkeypatch.delenv(name)
    # the CLI installed under the real HOME, not again (250 MB) under the test's
    monkeypatch.setenv("MEMLANE_E2E_CACHE", str(cache_dir().parent))
    monkeypatch.setenv("HOME", str(home))
    for name in ("MEMLANE_DB", "MEMLANE_HOME", "MEMLANE_DISABLE", "CLAUDE_CONFIG_DIR"):
        monkeypatch.delenv(name, raising=False)
    assert cli.main(["install"]) == 0
    project = tmp_path / "calc-app"
    project.mkdir()
    first = run_claude_session(home, project, [{"text": f"Noted: the harbour word is {WORD}."}],
                               f"remember this word for later: {WORD}")  # fmt: skip

    conn = sqlite3.connect(home / ".claude" / "memlane" / "memory.db")
    conn.row_factory = sqlite3.Row
    session = dict(conn.execute("SELECT * FROM session WHERE session_id = ?", (first["session_id"],)).fetchone())
    conn.close()
    assert session["cwd"] == str(project)

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    wrapper = bin_dir / "claude"
    wrapper.write_text(WRAPPER.format(python=sys.executable, runner=str(RUN_SESSION)))
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    steps = tmp_path / "steps.json"
    steps.write_text(json.dumps([{"text": "Picking up where we left off."}]))
    log, seen = tmp_path / "resumed.jsonl", tmp_path / "args.json"
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("RESUME_STEPS", str(steps))
    monkeypatch.setenv("RESUME_LOG", str(log))
    monkeypatch.setenv("RESUME_ARGS", str(seen))
    monkeypatch.chdir(tmp_path)  # not the project: memlane must run claude in the session's folder

    plan = plan_resume(session)
    assert plan.problem == ""  # claude is on PATH and Claude Code still has the transcript
    assert run_resume(plan).code == 0
    ran = json.loads(seen.read_text())
    assert ran == {"argv": ["--resume", first["session_id"]], "cwd": str(project)}
    sent = text_sent_to_model(log)
    assert f"remember this word for later: {WORD}" in sent  # the first session's prompt...
    assert f"the harbour word is {WORD}" in sent  # ...and its answer reached the resumed one

    transcript = Path(transcript_path(first["session_id"], str(project)))
    assert transcript.parent.parent == home / ".claude" / "projects"
    transcript.unlink()  # as Claude Code's cleanupPeriodDays purge does
    assert "Claude Code no longer has session" in plan_resume(session).problem
