"""The Search pane's team scope (`t`): local and team-cache hits in one list, with an Author column."""

from __future__ import annotations

from store.paths import team_db_path
from team import cache
from tests.tui.conftest import at, pilot_test, screen_text, settle
from tests.tui.panes.test_search import open_search, type_query


def make_team_cache(rows: list[dict]) -> None:
    conn = cache.open_cache(team_db_path())
    base = {"session_id": "dana-1", "tool_name": "Bash", "type": "command", "project": "/home/dana/calc-app",
            "project_name": "calc-app", "file_path": None, "tags": "", "importance": 1, "origin": "m1"}  # fmt: skip
    cache.add_pulled(conn, [{**base, **r} for r in rows], "pull_memories", ["1", 1])
    conn.close()


@pilot_test
async def test_ctrl_g_adds_teammates_memories_with_their_author(db_path, make_app):
    make_team_cache([
        {"id": 7, "author": "dana", "content": "multiply overflows for big ints: use Python ints", "created_at": at(30)},
        {"id": 8, "author": "\x1b[31mlee", "content": "unrelated deploy note", "created_at": at(40)},
    ])  # fmt: skip
    app = make_app(db_path)
    async with app.run_test(size=(110, 30)) as pilot:
        pane = await open_search(pilot)
        await type_query(pilot, pane, "multiply")
        local_keys = [k.value for k in pane.table.rows]
        assert local_keys and all(not k.startswith("t") for k in local_keys)
        pane.table.focus()
        await pilot.press("ctrl+g")  # T: Search's list takes letters as its query
        await settle(pilot)
        keys = [k.value for k in pane.table.rows]
        assert "t7" in keys and set(local_keys) <= set(keys) and "t8" not in keys
        text = screen_text(app)
        assert "Author" in text and "dana" in text and "Team + local" in text
        await type_query(pilot, pane, "deploy note")
        assert "\x1b" not in screen_text(app)  # a hostile author name is shown inert
        pane.table.focus()
        await pilot.press("ctrl+g")  # T: Search's list takes letters as its query
        await settle(pilot)
        assert "Author" not in screen_text(app)
        assert all(not k.value.startswith("t") for k in pane.table.rows)


@pilot_test
async def test_without_a_team_cache_the_key_does_nothing(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(110, 30)) as pilot:
        pane = await open_search(pilot)
        pane.table.focus()
        await pilot.press("ctrl+g")  # T: Search's list takes letters as its query
        await settle(pilot)
        assert not pane.team_scope and "Author" not in screen_text(app)
