"""`memlane search` finds lines of Claude Code's own memory files beside memories, as a type of
their own (`claude_memory`), read at the time of the search."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

from store.claude_memory.files import folder_name
from store.database import connection as db
from store.writing import writer
from tui.commands import cli


def _run(*argv: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(list(argv)) == 0
    return out.getvalue()


def test_search_finds_memory_file_lines_beside_memories_read_fresh(tmp_path, monkeypatch):
    home = tmp_path / "home"
    project = tmp_path / "shop-api"
    (project / ".git").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("MEMLANE_HOME", str(home / ".claude" / "memlane"))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    memory = home / ".claude" / "projects" / folder_name(str(project)) / "memory"
    memory.mkdir(parents=True)
    (memory / "MEMORY.md").write_text("# Memory\n- payments retry with exponential backoff, 5 tries\n")
    path = str(tmp_path / "memory.db")
    conn = db.connect(path)
    writer.start_session(conn, "s1", str(project))
    writer.add_memory(conn, {"session_id": "s1", "type": "command", "cwd": str(project),
                             "content": "$ pytest tests/test_payments.py -k backoff\n3 passed"})  # fmt: skip
    conn.close()
    rows = json.loads(_run("--db", path, "search", "backoff", "--json"))
    assert [r["type"] for r in rows] == ["command", "claude_memory"]
    assert rows[1]["file_path"] == str(memory / "MEMORY.md") and rows[1]["line"] == 2
    assert [r["type"] for r in json.loads(_run("--db", path, "search", "backoff", "--type", "claude_memory",
                                                "--json"))] == ["claude_memory"]  # fmt: skip
    assert "exponential" in _run("--db", path, "search", "backoff")  # the table shows the line
    (memory / "MEMORY.md").write_text("# Memory\n- payments retry twice\n")
    rows = json.loads(_run("--db", path, "search", "backoff", "--json"))
    assert [r["type"] for r in rows] == ["command"]  # the file as it is now, never a copy
