"""The environment every hook test runs in: a temporary HOME and memlane home."""

from types import SimpleNamespace

import pytest

from store.database import connection as db
from store.writing import writer
from tests.hooks.recall_store import CURRENT, PROJECT


@pytest.fixture
def env(tmp_path, monkeypatch):
    home = tmp_path / "home"
    mhome = home / ".claude" / "memlane"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("MEMLANE_HOME", str(mhome))
    monkeypatch.setenv("MEMLANE_DB", str(mhome / "memory.db"))
    for name in ("MEMLANE_DISABLE", "CLAUDE_PROJECT_DIR"):
        monkeypatch.delenv(name, raising=False)
    return SimpleNamespace(home=home, mhome=mhome, db=str(mhome / "memory.db"), tmp=tmp_path)


@pytest.fixture
def conn(env):
    """The recall tests' store (tests/hooks/recall_store.py), the asking session started."""
    connection = db.connect(env.db)
    writer.start_session(connection, CURRENT, PROJECT)
    yield connection
    connection.close()


@pytest.fixture
def homes(monkeypatch, tmp_path):
    """memlane's home and Claude Code's config folder under tmp_path, and no background
    maintenance started by a hook (retention, the sweep): for tests that run hooks in-process
    or import transcripts."""
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / "memlane"))
    monkeypatch.setenv("MEMLANE_DB", str(tmp_path / "memlane" / "hooks.db"))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    from hooks import maintenance

    monkeypatch.setattr(maintenance, "maybe_start", lambda *a, **k: False)
    return tmp_path
