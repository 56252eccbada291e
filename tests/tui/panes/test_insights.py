"""The Insights pane (6): what a person reads off it, and that it follows new writes."""

from __future__ import annotations

from store.database.connection import connect
from store.writing import writer
from tests.tui.conftest import at, pilot_test, screen_text, settle, until
from tui.gui.panes.insights import InsightsPane


@pilot_test
async def test_key_6_shows_activity_projects_types_files_and_storage(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        await pilot.press("6")
        await settle(pilot)
        assert isinstance(app.active_pane, InsightsPane)
        text = screen_text(app)
        assert "Activity, last 30 days" in text
        assert "19 memories · 4 sessions in all" in text
        assert "2 groups: 2 open · 0 resolved" in text
        for word in ("By project", "calc-app", "shop-api", "infra", "By type", "Most-edited files",
                     "/home/dev/calc-app/src/calc.py",
                     "Storage", "retention", "90 days"):  # fmt: skip
            assert word in text, word
        # calc.py was edited twice, the rest once: it leads the list.
        files = text[text.index("Most-edited files"):]
        assert files.index("calc-app/src/calc.py") < files.index("infra/Dockerfile")


@pilot_test
async def test_a_new_memory_shows_without_a_key(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("6")
        await settle(pilot)
        assert "19 memories" in screen_text(app)
        conn = connect(db_path)
        writer.add_memory(conn, {"session_id": "s-live-0004", "cwd": "/home/dev/calc-app",
                                 "type": "command", "content": "$ make", "created_at": at(1)})  # fmt: skip
        conn.close()
        app.broadcast_data_changed(1)  # what the app's poll does when a hook writes
        await until(lambda: "20 memories" in screen_text(app))


@pilot_test
async def test_scrolls_with_j_and_G_at_80x24(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("6")
        await settle(pilot)
        assert "Storage" not in screen_text(app)
        await pilot.press("G")
        await settle(pilot)
        assert "Storage" in screen_text(app)
        await pilot.press("g")
        await settle(pilot)
        assert "Activity, last 30 days" in screen_text(app)


@pilot_test
async def test_an_empty_database_says_so(empty_db_path, make_app):
    app = make_app(empty_db_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("6")
        await settle(pilot)
        text = screen_text(app)
        assert "No sessions yet." in text and "No edits yet." in text


@pilot_test
async def test_an_imported_history_older_than_30_days_fills_the_charts(home, utc, make_app):
    from datetime import timedelta

    from tests.tui.conftest import NOW

    path = str(home / "memory.db")
    conn = connect(path)
    old = NOW - timedelta(days=200)  # transcripts imported from last year: no recent memory
    for day in range(5):
        moment = (old - timedelta(days=day)).strftime("%Y-%m-%dT%H:%M:%S.000000Z")
        writer.add_memory(conn, {"session_id": f"s-old-{day}", "cwd": "/home/dev/old", "type": "command",
                                 "content": f"$ make {day}", "created_at": moment, "source": "import"})  # fmt: skip
    conn.close()
    app = make_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("6")
        await settle(pilot)
        text = screen_text(app)
        newest = old.strftime("%Y-%m-%d")
        assert f"the 30 days to {newest}, the newest memory" in text
        assert "5 · peak 1" in text  # the five days are on the chart, not 30 empty ones


def plant_transcripts(home, ages: dict[str, float]) -> None:
    """Claude Code's transcripts of sessions `ages` names, last written that many days before
    the app's clock (in the folder the sweep reads: ~/.claude/projects)."""
    import os

    from tests.tui.conftest import NOW

    for session_id, days_old in ages.items():
        path = home / ".claude" / "projects" / "-home-dev-calc-app" / f"{session_id}.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text('{"type":"user"}\n')
        when = NOW.timestamp() - days_old * 86400
        os.utime(path, (when, when))


@pilot_test
async def test_storage_says_how_many_sessions_claude_codes_cleanup_deletes_within_a_week(db_path, home, make_app):
    # s-calc-0001 is held (memlane has it, unchanged since); the two others are not in memlane,
    # and the 10-day-old one goes only in 20 days.
    plant_transcripts(home, {"s-calc-0001": 24, "gone-soon-1": 25, "gone-soon-2": 28, "young": 10})
    app = make_app(db_path)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        await pilot.press("6", "G")
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "Claude Code deletes 3 sessions in the next 7 days" in text
        assert "memlane holds 1; the next maintenance run (at a session's start) imports the other 2" in text
