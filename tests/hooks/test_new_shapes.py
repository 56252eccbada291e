"""Shapes of real sessions the earlier rounds did not hold (issue 35): writes through an
MCP filesystem server, a project folder whose name ends in a space, and what Claude Code
2.1.150 and later write into transcripts (tests/fixtures/real_sessions)."""

from __future__ import annotations

import io
import json
import sqlite3

import pytest

from tests.fixtures import import_into, real_session


@pytest.fixture
def homes(monkeypatch, tmp_path):
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / "memlane"))
    monkeypatch.setenv("MEMLANE_DB", str(tmp_path / "memlane" / "hooks.db"))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    from hooks import maintenance

    monkeypatch.setattr(maintenance, "maybe_start", lambda *a, **k: False)
    return tmp_path


def run_hooks(events) -> None:
    from hooks import main as hook_main

    for event in events:
        run = hook_main.run_hook(io.BytesIO(json.dumps(event).encode()))
        if run.conn is not None:
            run.conn.close()
        assert run.message is None, run.message


def query(db, sql, *params) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


CWD = "/Users/jo/code/ai test web site "


@pytest.mark.parametrize("way", ["hook", "import"])
def test_mcp_filesystem_writes_are_stored_with_their_file(homes, way):
    session = real_session("mcp-filesystem")
    if way == "hook":
        run_hooks(session.hook_events)
        db = str(homes / "memlane" / "hooks.db")
    else:
        import_into(db := str(homes / "imported.db"), session.transcripts)
    files = query(db, "SELECT type, file_path, content FROM memory WHERE type LIKE 'file_%' ORDER BY id")
    assert [(t, p) for t, p, _ in files] == [("file_write", f"{CWD}/contact.html"),
                                            ("file_edit", f"{CWD}/index.html")]  # fmt: skip
    assert files[0][2].startswith("Write contact.html (MCP filesystem/write_file, 3 lines)")
    assert files[1][2].startswith("Edit index.html (+1 -0) (MCP filesystem/edit_file)")
    assert '+<a href="/contact.html">Contact</a>' in files[1][2]
    (summary,) = query(db, "SELECT summary FROM session")
    assert "Edited 2 files: contact.html, index.html" in summary[0]
    listing = query(db, "SELECT type FROM memory WHERE tool_name = 'mcp__filesystem__list_directory'")
    assert listing == [("mcp",)]


def test_a_project_name_keeps_no_trailing_space(homes):
    import_into(db := str(homes / "imported.db"), real_session("mcp-filesystem").transcripts)
    assert query(db, "SELECT project, project_name FROM session") == [(CWD, "ai test web site")]
