"""`c` / `C` resume or fork the selected row's session in Claude Code through
`tui.claude_resume` (the one place that makes the command and says what stops it)."""

from __future__ import annotations

import contextlib
import os

from tests.tui.conftest import pilot_test, settle
from tui.claude_resume import Resume
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
