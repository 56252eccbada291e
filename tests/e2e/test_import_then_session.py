"""`memlane import` of an old transcript, then a real Claude Code session: the session's
SessionStart starts retention, and retention keeps what was imported (it counts from
when memlane received a memory, not from the transcript's times)."""

from __future__ import annotations

import sqlite3
import time

import pytest

from tests.e2e.claude_session import run_claude_session
from tests.fixtures import real_session


def _rows(db, sql, *params):
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


@pytest.mark.e2e
def test_an_old_import_survives_a_real_session_start(tmp_path, monkeypatch):
    from store.database import connection as store_db
    from store.writing import writer
    from tui.commands import importer, install

    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    project = tmp_path / "blog"
    project.mkdir()
    db = tmp_path / "memlane" / "memory.db"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / "memlane"))
    monkeypatch.setenv("MEMLANE_DB", str(db))
    assert install.install(say=lambda *a, **k: None) == 0

    old = real_session("failures-v1")  # July 2025: far past retention_days by its own times
    assert importer.main([*map(str, old.transcripts), "--no-progress"]) == 0
    imported = _rows(db, "SELECT id, content FROM memory ORDER BY id")
    assert imported
    conn = store_db.connect(str(db))
    long_ago = time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime(time.time() - 200 * 86400))
    stale = writer.add_memory(conn, {"session_id": "stale", "type": "command", "content": "$ make old",
                                     "created_at": long_ago, "received_at": long_ago, "cwd": str(project)})
    conn.close()

    run_claude_session(home, project, [{"text": "Nothing to do."}], "say hello")
    deadline = time.monotonic() + 120  # retention runs in the background after SessionStart
    while _rows(db, "SELECT count(*) FROM memory WHERE id = ?", stale) != [(0,)]:
        assert time.monotonic() < deadline, "retention did not run after the session started"
        time.sleep(0.2)
    kept = _rows(db, f"SELECT id, content FROM memory WHERE id <= {imported[-1][0]} ORDER BY id")
    assert kept == imported
