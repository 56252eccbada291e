"""A real Claude Code session with memlane's hooks installed, then `memlane import` of
its transcript: the import must store what the hooks stored, and importing into the
hooks' own database must add nothing."""
from __future__ import annotations

import json
import sqlite3
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from tests.e2e.claude_session import run_claude_session
from tests.fixtures import memories

COLUMNS = ("session_id", "type", "tool_name", "tool_use_id", "file_path", "content", "tags",
           "importance", "project")  # fmt: skip


def _project(path: Path) -> Path:
    path.mkdir()
    (path / "calc.py").write_text("def add(a, b):\n    return a - b\n")
    git = ["git", "-c", "user.email=t@e.st", "-c", "user.name=t"]
    subprocess.run(["git", "init", "-q"], cwd=path, check=True)
    subprocess.run(git + ["add", "."], cwd=path, check=True)
    subprocess.run(git + ["commit", "-qm", "start"], cwd=path, check=True)
    return path


def _sessions(db: Path) -> dict:
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    try:
        return {r["session_id"]: dict(r) for r in conn.execute("SELECT * FROM session")}
    finally:
        conn.close()


def _key(m: dict) -> tuple:
    return tuple(m[c] for c in COLUMNS)


def _transcript_times(projects: Path) -> set[str]:
    """The times of the session's conversation lines (user, assistant, system), as stored."""
    from store.writing.writer import normalise_timestamp

    times = set()
    for path in projects.rglob("*.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            obj = json.loads(line)
            stamp = normalise_timestamp(obj.get("timestamp"))
            if stamp and obj.get("type") in ("user", "assistant", "system"):
                times.add(stamp)
    return times


@pytest.mark.e2e
def test_import_of_a_real_session_matches_what_the_hooks_stored(tmp_path, monkeypatch, capsys):
    from tui.commands import importer, install

    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    project = _project(tmp_path / "calc-app")
    hooks_db = tmp_path / "memlane" / "hooks.db"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / "memlane"))
    monkeypatch.setenv("MEMLANE_DB", str(hooks_db))  # the hooks run with this environment
    assert install.install(say=lambda *a, **k: None) == 0

    calc = str(project / "calc.py")
    steps = [
        {"name": "Read", "input": {"file_path": calc}},
        [{"name": "Edit", "input": {"file_path": calc, "old_string": "return a - b",
                                    "new_string": "return a + b"}},
         {"name": "Bash", "input": {"command": "python3 -c 'import calc; print(calc.add(2, 2))'",
                                    "description": "check"}}],
        {"name": "Bash", "input": {"command": "python3 -c 'import sys; print(\"ModuleNotFoundError: "
                                              "No module named jwt\"); sys.exit(1)'",
                                   "description": "fails"}},
        {"name": "Write", "input": {"file_path": str(project / "README.md"),
                                    "content": "# Calc\n\nAdds numbers.\n"}},
        {"name": "Bash", "input": {"command": "git -c user.email=t@e.st -c user.name=t commit -qam 'fix add' "
                                              "&& git log --oneline -1",
                                   "description": "commit"}},
        {"name": "Agent", "input": {"description": "double-check", "prompt": "check calc.py",
                                    "subagent_type": "general-purpose"}},
        {"text": "Fixed and committed."},
    ]  # fmt: skip
    prompt = "Fix the add function in calc.py. <private>the staging password is hunter2</private>"
    result = run_claude_session(home, project, steps, prompt)
    session_id = result["session_id"]
    # a second turn whose prompt is entirely private: neither side may keep any of it
    private_steps = [{"text": "-"}] * 6 + [
        {"name": "Bash", "input": {"command": "echo secret-plan > plan.txt", "description": "x"}},
        {"text": "Noted."},
    ]
    run_claude_session(home, project, private_steps, "<private>my secret plan</private>",
                       resume=session_id)  # fmt: skip

    # A hook that found the database busy left its write in the spool: apply it now.
    from store.database import connection as db
    from store.writing import queue as spool

    conn = db.connect(hooks_db)
    spool.drain(conn, budget_s=30)
    conn.close()
    hooked = memories(hooks_db)
    assert hooked and all(m["source"] == "hook" for m in hooked)
    assert "hunter2" not in json.dumps(hooked) and "secret-plan" not in json.dumps(hooked)

    projects = home / ".claude" / "projects"
    assert list(projects.rglob("subagents/*.jsonl")), "the Agent step made no subagent transcript"
    imported_db = tmp_path / "imported.db"
    db.connect(imported_db).close()  # a named database is never made by the import itself
    code = importer.main([str(projects), "--db", str(imported_db), "--no-progress"])
    out = capsys.readouterr().out
    assert code == 0, out
    imported = memories(imported_db)
    assert all(m["source"] == "import" for m in imported)

    # The same memories, field by field (their times: the transcript's vs the hook's).
    only_import = Counter(map(_key, imported)) - Counter(map(_key, hooked))
    only_hooks = Counter(map(_key, hooked)) - Counter(map(_key, imported))
    assert not only_import and not only_hooks, (list(only_import), list(only_hooks))
    # An imported memory has the time of its transcript line (the hooks' are when each hook
    # ran: seconds later on a busy machine, so they are not compared).
    line_times = _transcript_times(projects)
    for m in imported:
        assert m["created_at"] in line_times, m
    assert {m["type"] for m in imported} >= {"prompt", "file_edit", "command", "error",
                                            "file_write", "subagent"}  # fmt: skip

    hook_sessions, import_sessions = _sessions(hooks_db), _sessions(imported_db)
    assert set(import_sessions) == set(hook_sessions) == {session_id}
    h, i = hook_sessions[session_id], import_sessions[session_id]
    assert i["source"] == "import" and h["source"] == "hook"
    for field in ("project", "project_name", "cwd", "memory_count", "error_count",
                  "tools_used", "files_changed"):  # fmt: skip
        assert i[field] == h[field], field
    # the summary: same lines but the last one (times: first/last line vs SessionStart/End)
    assert i["summary"].splitlines()[:-1] == h["summary"].splitlines()[:-1]
    assert i["started_at"] == min(line_times)

    # Importing the session into the hooks' own database adds nothing.
    code = importer.main([str(projects), "--db", str(hooks_db), "--no-progress"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert memories(hooks_db) == hooked
    assert _sessions(hooks_db)[session_id]["source"] == "hook"
