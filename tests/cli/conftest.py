"""A temporary HOME with a `.claude` folder, for the install, uninstall and MCP registration tests."""

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / "memlane-home"))
    monkeypatch.delenv("MEMLANE_DB", raising=False)
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    # so the `-m hooks` fallback also runs when memlane is not pip-installed
    monkeypatch.setenv("PYTHONPATH", str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return home
