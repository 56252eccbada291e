"""A temporary HOME for the command tests (`isolated`), with a `.claude` folder for the
install, uninstall and MCP registration tests (`home`)."""

import os
from pathlib import Path

import pytest

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
