"""The Search pane finds the lines of Claude Code's own memory files (CLAUDE.md, auto memory)
beside memories, as `memlane search` does: a type of their own (`claude`), read at the time of
the search, never a stale copy; enter or ctrl+o opens the file at the line in $EDITOR."""

from __future__ import annotations

import os

from store.claude_memory.files import folder_name
from store.database.connection import connect
from store.writing import writer
from tests.tui.conftest import NOW, at, pilot_test, screen_text, settle
from tests.tui.panes.test_search import open_search, type_query
from tui.gui import memory_actions
from tui.gui.widgets.preview import Preview


def project_with_auto_memory(db_path, home) -> str:
    """A project memlane has a session of, whose auto memory says how payments retry; the
    session's own memory says it too.  Returns the MEMORY.md path."""
    project = home / "shop-api"
    (project / ".git").mkdir(parents=True)
    memory = home / ".claude" / "projects" / folder_name(str(project)) / "memory"
    memory.mkdir(parents=True)
    index = memory / "MEMORY.md"
    index.write_text("# Memory\n- payments retry with exponential backoff, 5 tries\n- deploys go through make ship\n")
    when = NOW.timestamp() - 3 * 3600
    os.utime(index, (when, when))
    conn = connect(db_path)
    writer.start_session(conn, "s-pay-0006", str(project), started_at=at(30))
    writer.add_memory(conn, {"session_id": "s-pay-0006", "cwd": str(project), "type": "command", "created_at": at(29),
                             "content": "$ pytest tests/test_payments.py -k backoff\n3 passed"})  # fmt: skip
    conn.close()
    return str(index)


@pilot_test
async def test_search_lists_memory_file_lines_after_the_memories_and_opens_one_at_its_line(
    db_path, home, make_app, monkeypatch
):
    index = project_with_auto_memory(db_path, home)
    ran: list[list[str]] = []
    monkeypatch.setattr(memory_actions, "_run_suspended", lambda app: ran.append)
    monkeypatch.setenv("EDITOR", "vim")
    app = make_app(db_path)
    async with app.run_test(size=(120, 30)) as pilot:
        pane = await open_search(pilot)
        await type_query(pilot, pane, "backoff")
        assert list(pane.table.rows)[-1].value == "file:0"  # after the memory
        text = screen_text(app)
        assert "claude" in text and "payments retry with exponential backoff" in text
        assert "1 match · 1 line of Claude Code's memory files" in text
        pane.table.focus()
        pane.table.move_cursor(row=pane.table.row_count - 1)
        await settle(pilot)
        assert pane.query_one(Preview).shown == ("row", f"{index}:2")  # the preview shows the line
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert ran == [["vim", "+2", str(index)]]
        await pilot.press("enter")
        await settle(pilot)
        assert ran[-1] == ["vim", "+2", str(index)]


@pilot_test
async def test_the_claude_type_lists_only_memory_file_lines_read_now(db_path, home, make_app):
    index = project_with_auto_memory(db_path, home)
    app = make_app(db_path)
    async with app.run_test(size=(120, 30)) as pilot:
        pane = await open_search(pilot)
        pane.filters["type"] = "claude_memory"  # what choosing `claude` in the Type dropdown sets
        await type_query(pilot, pane, "make ship")
        assert list(pane.table.rows) and all(key.value.startswith("file:") for key in pane.table.rows)
        assert "deploys go through make ship" in screen_text(app)
        with open(index, "w") as fh:  # Claude rewrites its memory: the next search reads it as it is
            fh.write("# Memory\n- deploys go through the pipeline\n")
        pane.run_search()
        await settle(pilot)
        assert pane.table.row_count == 0
        assert "No line of Claude Code's memory files holds make ship" in screen_text(app)
