"""A temporary HOME for the command tests (`isolated`), with a `.claude` folder for the
install, uninstall and MCP registration tests (`home`); a small two-project database (`db`);
`run` for one `memlane` call in-process."""

import json
import os
import time
from pathlib import Path

import pytest

from store.database.connection import connect
from store.writing.writer import add_memory, end_session, start_session, update_session_summary
from tui.commands.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def isolated(tmp_path, monkeypatch):
    """HOME and memlane's folder inside tmp_path; no database or Claude config from outside."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / "memlane-home"))
    monkeypatch.delenv("MEMLANE_DB", raising=False)
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)


@pytest.fixture
def home(isolated, tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    # so the `-m hooks` fallback also runs when memlane is not pip-installed
    monkeypatch.setenv("PYTHONPATH", str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return home


def ts(days_ago: float = 0) -> str:
    t = time.time() - days_ago * 86400
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + ".000000Z"



@pytest.fixture
def projects(tmp_path):
    alpha, beta = tmp_path / "alpha", tmp_path / "beta"
    alpha.mkdir()
    beta.mkdir()
    return str(alpha), str(beta)


@pytest.fixture
def db(tmp_path, projects):
    """Two sessions, s-alpha (20 days ago: a prompt, an edit, an error) and s-beta (a day ago)."""
    alpha, beta = projects
    path = str(tmp_path / "memory.db")
    conn = connect(path)
    start_session(conn, "s-alpha", alpha, started_at=ts(20))
    add_memory(conn, {"session_id": "s-alpha", "type": "prompt", "cwd": alpha, "importance": 2,
                      "content": "fix the login redirect loop", "created_at": ts(20)})  # fmt: skip
    add_memory(conn, {"session_id": "s-alpha", "type": "file_edit", "tool_name": "Edit", "cwd": alpha,
                      "file_path": f"{alpha}/auth.py", "created_at": ts(19.9),
                      "content": "auth.py: refresh the token before the redirect"})  # fmt: skip
    add_memory(conn, {"session_id": "s-alpha", "type": "error", "tool_name": "Bash", "cwd": alpha,
                      "content": "pytest: AssertionError in test_redirect", "created_at": ts(19.8),
                      "error_text": "AssertionError in test_redirect"})  # fmt: skip
    end_session(conn, "s-alpha", "other", ended_at=ts(19.7))
    update_session_summary(conn, "s-alpha")
    start_session(conn, "s-beta", beta, started_at=ts(1))
    add_memory(conn, {"session_id": "s-beta", "type": "command", "tool_name": "Bash", "cwd": beta,
                      "content": "make deploy pushed the redirect service", "created_at": ts(1)})  # fmt: skip
    add_memory(conn, {"session_id": "s-beta", "type": "prompt", "cwd": beta,
                      "content": "/memory redirect", "created_at": ts(0.5)})  # fmt: skip
    conn.close()
    return path


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def assert_one_sentence(err: str):
    assert "Traceback" not in err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1, err
    assert lines[0].startswith("memlane: ")
