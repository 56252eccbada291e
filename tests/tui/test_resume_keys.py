"""`c` / `C` resume or fork the selected row's session in Claude Code through
`tui.claude_resume` (the one place that makes the command and says what stops it)."""

from __future__ import annotations

import contextlib
import os

from tests.tui.conftest import pilot_test, screen_text, settle
from tui.claude_resume import Finished, Resume, run_resume
from tui.gui import memory_actions
from tui.gui.memory_actions import copy_choices
from tui.gui.textual_internals import notifications


def _suspendable(app, ran: list) -> None:
    """The test terminal cannot be handed over: stand in for the suspension, note it."""

    @contextlib.contextmanager
    def suspend():
        ran.append("suspended")
        yield
        ran.append("back")

    app.suspend = suspend


@pilot_test
async def test_c_resumes_and_C_forks_the_selected_session_with_the_app_suspended(db_path, make_app, monkeypatch):
    planned: list[tuple[str, str, bool]] = []

    def plan(session, *, fork=False):
        planned.append((session["session_id"], session["cwd"], fork))
        argv = ("claude", "--resume", session["session_id"], *(("--fork-session",) if fork else ()))
        return Resume(session["session_id"], argv, session["cwd"])

    ran: list = []
    monkeypatch.setattr(memory_actions, "plan_resume", plan)
    monkeypatch.setattr(memory_actions, "run_resume", lambda resume: ran.append(resume.argv))
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        _suspendable(app, ran)
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        await pilot.press("C")
        await settle(pilot)
    assert planned == [("s-live-0004", "/home/dev/calc-app", False), ("s-live-0004", "/home/dev/calc-app", True)]
    assert ran == ["suspended", ("claude", "--resume", "s-live-0004"), "back",
                   "suspended", ("claude", "--resume", "s-live-0004", "--fork-session"), "back"]  # fmt: skip


@pilot_test
async def test_what_stops_a_resume_is_said_and_nothing_runs(db_path, make_app, monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # no `claude` here
    ran: list = []
    monkeypatch.setattr(memory_actions, "run_resume", ran.append)
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("2")  # Live: the selected row's session
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        texts = [n.message for n in notifications(app)]
    assert ran == []
    assert any("`claude` command is not on PATH" in text for text in texts), texts


@pilot_test
async def test_a_terminal_that_cannot_be_handed_over_gets_the_command_to_run(db_path, make_app, monkeypatch, tmp_path):
    folder = tmp_path / "calc-app"
    folder.mkdir()
    monkeypatch.setattr(memory_actions, "plan_resume",
                        lambda session, fork=False: Resume("s-live-0004", ("claude", "--resume", "s-live-0004"), str(folder)))  # fmt: skip
    monkeypatch.setattr(memory_actions, "run_resume", lambda resume: os.abort())  # must not run
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:  # headless: no terminal to hand over
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        texts = [n.message for n in notifications(app)]
    assert any(f"in a shell: cd {folder} && claude --resume s-live-0004" in text for text in texts), texts


def test_the_copy_menu_offers_the_resume_command_of_a_session_or_a_memory():
    session = {"session_id": "0a1b2c3d-uuid", "cwd": "/home/dev/my app"}
    assert ("resume", "cd '/home/dev/my app' && claude --resume 0a1b2c3d-uuid") in copy_choices(session=session)
    memory = {"id": 7, "session_id": "0a1b2c3d-uuid", "cwd": "/w", "type": "prompt", "content": "x"}
    assert ("resume", "cd /w && claude --resume 0a1b2c3d-uuid") in copy_choices(memory)
    assert all(what != "resume" for what, _ in copy_choices(session={"session_id": "-rf", "cwd": "/w"}))


def _fake_claude(folder, script: str) -> str:
    """An executable standing in for `claude`: `script` is its shell body."""
    path = folder / "claude"
    path.write_text("#!/bin/sh\n" + script + "\n")
    path.chmod(0o755)
    return str(path)


@pilot_test
async def test_a_resume_that_fails_says_the_exit_code_claudes_last_line_and_what_memlane_holds(
    db_path, make_app, monkeypatch, tmp_path
):
    """`claude --resume` exiting with an error used to bring the app back with nothing said."""
    fake = _fake_claude(tmp_path, 'printf "starting\\n\\033[31mNo conversation found with session ID: $2\\033[0m\\n" >&2\nexit 1')

    def plan(session, *, fork=False):
        return Resume(session["session_id"], (fake, "--resume", session["session_id"]), str(tmp_path),
                      held="memlane still holds its 3 memories (t shows its timeline, e exports it)")  # fmt: skip

    monkeypatch.setattr(memory_actions, "plan_resume", plan)
    monkeypatch.setattr(memory_actions, "run_resume",
                        lambda resume: run_resume(resume, echo=os.open(os.devnull, os.O_WRONLY)))  # fmt: skip
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        _suspendable(app, [])
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        texts = [n.message for n in notifications(app)]
    assert any("Claude Code exited with code 1 resuming session s-live-0" in text
               and "No conversation found with session ID: s-live-0004" in text
               and "memlane still holds its 3 memories" in text for text in texts), texts  # fmt: skip


def test_run_resume_passes_stderr_on_and_keeps_its_last_line(tmp_path):
    fake = _fake_claude(tmp_path, 'echo "Error: Unable to connect to API" >&2\nexit 3')
    read, write = os.pipe()
    finished = run_resume(Resume("x", (fake,), str(tmp_path)), echo=write)
    os.close(write)
    assert os.read(read, 1000) == b"Error: Unable to connect to API\n"  # the person saw it too
    assert finished == Finished(3, "Error: Unable to connect to API")


@pilot_test
async def test_no_claude_on_path_also_says_what_memlane_holds(db_path, make_app, monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        texts = [n.message for n in notifications(app)]
    assert any("not on PATH" in text and "memlane still holds its" in text for text in texts), texts


GONE_ID = "064029b2-9298-429a-987c-019be7412488"


def session_claude_code_swept(db_path, tmp_path, monkeypatch) -> str:
    """The newest session: its folder is there and `claude` is on PATH, but Claude Code's
    cleanup deleted its transcript (memlane still holds its memories).  A marker file says
    if `claude` ran."""
    from store.database.connection import connect
    from store.writing import writer
    from tests.tui.conftest import at

    folder = tmp_path / "old-app"
    folder.mkdir()
    (tmp_path / "claude-config" / "projects").mkdir(parents=True)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude-config"))
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    _fake_claude(bin_dir, f"touch {tmp_path / 'claude-ran'}\nexit 1")
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ.get('PATH', '')}")
    conn = connect(db_path)
    writer.start_session(conn, GONE_ID, str(folder), started_at=at(2))
    for i, text in enumerate(("plan the data migration", "$ alembic upgrade head\nOK")):
        writer.add_memory(conn, {"session_id": GONE_ID, "cwd": str(folder), "type": "prompt" if i == 0 else "command",
                                 "content": text, "created_at": at(1.5 - i * 0.5)})  # fmt: skip
    conn.close()
    return str(tmp_path / "claude-ran")


@pilot_test
async def test_a_session_claude_code_no_longer_has_offers_its_timeline_instead_of_resuming(
    db_path, make_app, monkeypatch, tmp_path
):
    from tui.gui.modals.session_gone import SessionGoneModal
    from tui.gui.screens.timeline import TimelineScreen

    ran = session_claude_code_swept(db_path, tmp_path, monkeypatch)
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, SessionGoneModal)
        text = " ".join(screen_text(app).replace("█", " ").split())  # the dialog's text, unwrapped
        assert f"Claude Code no longer has session {GONE_ID[:8]}" in text
        assert "cleanupPeriodDays" in text and "memlane still holds 2 memories of it" in text
        assert "Timeline: its 2 memories, in order" in text and "Export" in text
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, TimelineScreen) and app.screen.session_id == GONE_ID
    assert not os.path.exists(ran)  # `claude --resume` never ran into its error


@pilot_test
async def test_e_on_a_swept_session_exports_what_memlane_holds(db_path, make_app, monkeypatch, tmp_path):
    from tui.gui.modals import TextInputModal

    ran = session_claude_code_swept(db_path, tmp_path, monkeypatch)
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("C")  # a fork needs the transcript too
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, TextInputModal)
        assert f"memlane-{GONE_ID}.md" in screen_text(app)
    assert not os.path.exists(ran)


@pilot_test
async def test_claude_saying_it_has_no_such_session_also_offers_what_memlane_holds(
    db_path, make_app, monkeypatch, tmp_path
):
    """A transcript memlane did not see go (another config folder): Claude Code's own answer."""
    from tui.gui.modals.session_gone import SessionGoneModal

    fake = _fake_claude(tmp_path, 'echo "No conversation found with session ID: $2" >&2\nexit 1')
    monkeypatch.setattr(memory_actions, "plan_resume", lambda session, fork=False: Resume(
        session["session_id"], (fake, "--resume", session["session_id"]), str(tmp_path), memories=3))  # fmt: skip
    monkeypatch.setattr(memory_actions, "run_resume",
                        lambda resume: run_resume(resume, echo=os.open(os.devnull, os.O_WRONLY)))  # fmt: skip
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        _suspendable(app, [])
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, SessionGoneModal)
        text = " ".join(screen_text(app).replace("█", " ").split())
        assert "Claude Code said: No conversation found with session ID: s-live-0004" in text


@pilot_test
async def test_a_forked_session_says_what_it_was_forked_from(db_path, make_app):
    import sqlite3

    from tui.gui.screens.timeline import TimelineScreen

    conn = sqlite3.connect(db_path)
    with conn:
        conn.execute("UPDATE session SET forked_from = 's-calc-0001' WHERE session_id = 's-live-0004'")
    conn.close()
    app = make_app(db_path)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        assert "⑂ forked from s-calc-0 · fix the add function, tests are failing" in screen_text(app)  # the preview
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TimelineScreen) and app.screen.session_id == "s-live-0004"
        assert "⑂ forked from s-calc-0 · fix the add function, tests are failing" in screen_text(app)
