"""`memlane sessions`, `errors` and `recent` print the year of a date from another year,
as the app does (the imported sessions of an archive are years old)."""

import pytest

from store.database.connection import connect
from store.writing.writer import add_memory, start_session, update_session_summary
from tui.commands.cli import main

pytestmark = pytest.mark.usefixtures("isolated")


@pytest.fixture
def db(tmp_path):
    path = str(tmp_path / "memory.db")
    conn = connect(path)
    start_session(conn, "old", "/home/dev/blog", started_at="2024-03-02T10:00:00.000000Z", source="import")
    add_memory(conn, {"session_id": "old", "type": "error", "tool_name": "Bash", "cwd": "/home/dev/blog",
                      "content": "$ python feed.py\nNameError: name 'fmt' is not defined",
                      "error_text": "NameError: name 'fmt' is not defined",
                      "created_at": "2024-03-02T10:05:00.000000Z", "source": "import"})  # fmt: skip
    update_session_summary(conn, "old")
    conn.close()
    return path


@pytest.mark.parametrize("command", ["sessions", "errors", "recent"])
def test_a_date_from_another_year_says_its_year(db, capsys, monkeypatch, command):
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["--db", db, command]) == 0
    out = capsys.readouterr().out
    assert "2024 Mar 02" in out, out
