"""`c` in the app, end to end with the real Claude Code CLI: memlane's resume command (the one
`c` runs, in the session's folder) continues the first session: the resumed session's request
to the model holds the first session's messages (issue 25 item 9); and a session whose
transcript is gone gets the app's dialog of what memlane still holds, with Claude Code's own
words when it was Claude Code that found it gone (issue 39 item 4)."""

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
from tests.e2e.test_memlane_in_claude_code import _install
from tests.tui.conftest import app_for, pilot_test, screen_text, settle
from tui.claude_resume import plan_resume, run_resume, transcript_path
from tui.gui import memory_actions

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


async def _resume_dialog_text(app) -> str:
    """Press `c` on the selected session and return the words of the dialog that answers."""
    from tui.gui.modals.session_gone import SessionGoneModal

    async with app.run_test(size=(120, 34)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, SessionGoneModal), screen_text(app)
        return " ".join(screen_text(app).replace("\u2588", " ").split())


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
    _install(home, monkeypatch)
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


# `claude` on PATH for the app: the real CLI run by the harness (against the mock model) with
# the arguments memlane gave it; its stderr passed on as the CLI wrote it.  With GONE_AT_RUN set,
# the transcript is deleted first: Claude Code's cleanup got to it after memlane looked.
GONE_WRAPPER = """#!{python}
import json, os, sys
sys.path.insert(0, {root!r})
from tests.e2e.harness.run_session import run_session
args = sys.argv[1:]
with open(os.environ["RESUME_ARGS"], "a") as fh:
    fh.write(json.dumps(args) + "\\n")
if os.environ.get("GONE_AT_RUN"):
    os.unlink(os.environ["GONE_AT_RUN"])
done = run_session([{{"text": "Back again."}}], os.environ["HOME"], os.getcwd(), "go on",
                   resume=args[args.index("--resume") + 1], fork="--fork-session" in args)
sys.stderr.write(done.stderr)
sys.exit(done.returncode)
"""


def _app_resumes(ran: list):
    """The app, its `c` suspending nothing (a test terminal cannot be handed over)."""
    import contextlib

    app = app_for(os.environ["MEMLANE_DB"])

    @contextlib.contextmanager
    def suspend():
        ran.append("suspended")
        yield

    app.suspend = suspend
    return app


@pytest.mark.e2e
@pilot_test
async def test_resuming_a_session_whose_transcript_is_gone_offers_what_memlane_holds(tmp_path, monkeypatch):
    ensure_cli_installed()
    for name, value in clean_env().items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("MEMLANE_E2E_CACHE", str(cache_dir().parent))
    home = tmp_path / "home"
    _install(home, monkeypatch)
    project = tmp_path / "calc-app"
    project.mkdir()
    first = run_claude_session(home, project, [{"text": f"Noted: {WORD}."}], f"remember {WORD}")
    session_id = first["session_id"]
    transcript = Path(transcript_path(session_id, str(project)))
    monkeypatch.setenv("MEMLANE_DB", str(home / ".claude" / "memlane" / "memory.db"))

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    wrapper = bin_dir / "claude"
    wrapper.write_text(GONE_WRAPPER.format(python=sys.executable, root=str(Path(__file__).resolve().parents[2])))
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    seen = tmp_path / "args.jsonl"
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("RESUME_ARGS", str(seen))
    # the CLI's stderr goes on to the terminal as well as to memlane: here, nowhere
    monkeypatch.setattr(memory_actions, "run_resume", lambda resume: run_resume(resume, echo=os.open(os.devnull, os.O_WRONLY)))

    # 1. Claude Code's cleanup deleted the transcript after memlane looked: `c` runs the real CLI,
    #    which says it has no such conversation; the app says so in Claude Code's words.
    monkeypatch.setenv("GONE_AT_RUN", str(transcript))
    ran: list = []
    app = _app_resumes(ran)
    text = await _resume_dialog_text(app)
    assert ran == ["suspended"] and json.loads(seen.read_text()) == ["--resume", session_id]
    assert f"Claude Code said: No conversation found with session ID: {session_id}." in text
    assert f"Claude Code no longer has session {session_id[:8]}" in text
    conn = sqlite3.connect(os.environ["MEMLANE_DB"])
    [(held,)] = conn.execute("SELECT memory_count FROM session WHERE session_id = ?", (session_id,)).fetchall()
    conn.close()
    assert held > 0 and f"memlane still holds {held} {'memory' if held == 1 else 'memories'} of it" in text
    assert "Timeline:" in text and "Export" in text

    # 2. The transcript is gone before `c`: the app says so without running Claude Code.
    assert not transcript.exists()
    monkeypatch.delenv("GONE_AT_RUN")
    seen.unlink()
    ran = []
    app = _app_resumes(ran)
    text = await _resume_dialog_text(app)
    assert ran == [] and not seen.exists()  # Claude Code never ran into its error
    assert "cleanupPeriodDays" in text and f"Claude Code no longer has session {session_id[:8]}" in text
