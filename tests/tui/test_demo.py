"""`memlane demo`: a realistic database, and a feeder that goes through the real hook."""

import os
import random
import sqlite3
from types import SimpleNamespace

from store.database import connection as db
from store.reading import listings
from tui.commands import demo
from tui.commands.demo import build_demo_database, feed


def test_demo_database_is_realistic(tmp_path):
    path = str(tmp_path / "demo.db")
    stats = build_demo_database(path)
    conn = db.connect(path)
    assert stats["projects"] >= 4 and stats["sessions"] >= 30 and stats["memories"] > 1500
    assert {"prompt", "file_edit", "command", "error"} <= set(stats["by_type"])
    statuses = {g["status"] for g in listings.error_groups(conn, limit=50)}
    assert statuses == {"open", "resolved", "ignored"}
    assert max(g["count"] for g in listings.error_groups(conn, limit=50)) >= 10  # recurring errors
    contents = [r[0] for r in conn.execute("SELECT content FROM memory")]
    assert any("인증" in c or "버그" in c for c in contents)
    assert any("[REDACTED:" in c for c in contents)
    raw = open(path, "rb").read()
    assert b"hunter2" not in raw and b"Zq8Lw2Xv7Rt5" not in raw  # the filter ran before writing
    sessions = listings.list_sessions(conn, limit=100)
    assert all(s["summary"] and s["ended_at"] and 0 < s["duration_s"] < 6 * 3600 for s in sessions)


def test_feeder_writes_through_the_real_hook(tmp_path, monkeypatch):
    path = str(tmp_path / "demo.db")
    db.connect(path).close()
    # The feeder's events, seeded: unseeded, both commands of the 8 events were `git status`
    # (which capture drops) about once in 100 runs, and the test failed with no command memory.
    monkeypatch.setattr(demo, "random", SimpleNamespace(Random=lambda: random.Random(1)))
    feed(path, str(tmp_path), parent=os.getppid(), interval=0, max_events=8)
    conn = sqlite3.connect(path)
    types = {r[0] for r in conn.execute("SELECT type FROM memory")}
    assert {"prompt", "command", "file_edit", "error"} <= types
    assert conn.execute("SELECT count(*) FROM session WHERE session_id LIKE 'live-%'").fetchone()[0] == 1


def test_a_theme_chosen_in_the_demo_stays_in_the_demos_own_config(tmp_path, monkeypatch):
    """`memlane demo` starts with the person's theme, and a theme chosen there is not written
    into their config.toml (it goes to the demo's folder, which goes away with the demo)."""
    import asyncio

    from tui.commands import demo, open_app
    from tui.gui import app as gui_app

    home = tmp_path / "memlane-home"
    home.mkdir()
    mine = home / "config.toml"
    mine.write_text('theme = "gruvbox"\n\n[privacy]\n')
    monkeypatch.setenv("MEMLANE_HOME", str(home))
    monkeypatch.delenv("MEMLANE_DB", raising=False)
    monkeypatch.setattr(open_app, "terminal_problem", lambda: None)
    monkeypatch.setattr(demo, "build_demo_database", lambda path: db.connect(path).close())
    seen = {}

    def run_app(path):
        app = gui_app.build_app(path, options=gui_app.AppOptions.for_tests(remember_theme=True))

        async def choose_a_theme():
            async with app.run_test() as pilot:
                await pilot.pause()
                seen["started with"] = app.theme
                app.theme = "nord"
                await pilot.pause()
                seen["demo config"] = open(os.path.join(os.environ["MEMLANE_HOME"], "config.toml")).read()

        asyncio.run(choose_a_theme())
        return 0

    monkeypatch.setattr(gui_app, "run_app", run_app)
    assert demo.main(["--no-feed"]) == 0
    assert seen["started with"] == "gruvbox" and 'theme = "nord"' in seen["demo config"]
    assert mine.read_text() == 'theme = "gruvbox"\n\n[privacy]\n'
    assert os.environ["MEMLANE_HOME"] == str(home)  # the demo's own folder only while it ran
