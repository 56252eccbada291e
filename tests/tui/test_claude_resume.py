"""tui.claude_resume: the command that goes back to a session in Claude Code, and what stops it."""

from __future__ import annotations

import os
import re

import pytest

from tui.claude_resume import plan_resume, resume_argv, transcript_path

ID = "064029b2-9298-429a-987c-019be7412488"


@pytest.fixture
def claude_home(tmp_path, monkeypatch):
    config = tmp_path / "claude-config"
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(config))
    project = tmp_path / "calc app"
    project.mkdir()
    folder = config / "projects" / re.sub(r"[^A-Za-z0-9]", "-", str(project))  # Claude Code's rule
    folder.mkdir(parents=True)
    (folder / f"{ID}.jsonl").write_text("{}\n")
    return project, folder


def on_path(name):
    return f"/usr/bin/{name}"


def test_resume_and_fork_run_claude_in_the_sessions_folder(claude_home):
    project, _ = claude_home
    session = {"session_id": ID, "cwd": str(project), "memory_count": 12}
    plan = plan_resume(session, which=on_path)
    assert plan.problem == "" and plan.argv == ("claude", "--resume", ID) and plan.cwd == str(project)
    assert plan_resume(session, fork=True, which=on_path).argv == ("claude", "--resume", ID, "--fork-session")
    assert plan.shell_command == f"cd '{project}' && claude --resume {ID}"


def test_a_purged_transcript_is_said_with_what_memlane_still_holds(claude_home):
    project, folder = claude_home
    os.remove(folder / f"{ID}.jsonl")
    plan = plan_resume({"session_id": ID, "cwd": str(project), "memory_count": 12}, which=on_path)
    assert plan.problem == (
        f"Claude Code no longer has session {ID[:8]} (Claude Code deletes sessions older than its "
        "cleanupPeriodDays setting, 30 days by default), so it cannot be resumed; memlane still holds "
        "its 12 memories (t shows its timeline, e exports it)."
    )


def test_claude_not_on_path_a_gone_folder_and_a_hostile_id_are_refused(claude_home, tmp_path):
    project, _ = claude_home
    session = {"session_id": ID, "cwd": str(project), "memory_count": 1}
    assert "`claude` command is not on PATH" in plan_resume(session, which=lambda name: None).problem
    gone = plan_resume({**session, "cwd": str(tmp_path / "moved")}, which=on_path).problem
    assert "its folder" in gone and "is not there any more" in gone and "its 1 memory" in gone
    for hostile in ("--dangerously-skip-permissions", "../../etc/passwd", "a b", ""):
        plan = plan_resume({**session, "session_id": hostile}, which=on_path)
        assert "does not have a Claude Code session id" in plan.problem
        assert transcript_path(hostile, str(project)) is None


def test_a_transcript_is_found_whatever_its_folders_name(claude_home, tmp_path):
    project, folder = claude_home
    os.rename(folder, folder.parent / "renamed-by-hand")
    assert transcript_path(ID, str(project)) == str(folder.parent / "renamed-by-hand" / f"{ID}.jsonl")
    assert resume_argv(ID) == ("claude", "--resume", ID)
