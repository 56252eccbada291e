"""The timeline screen: a session's memories as cards."""

from __future__ import annotations

from tests.timing import HANG
from tests.tui.conftest import pilot_test, screen_text, settle, until


@pilot_test
async def test_keys_pressed_before_the_timeline_loads_are_not_lost(db_path, make_app):
    import threading

    from tui.gui.screens.timeline import TimelineScreen

    app = make_app(db_path)
    gate = threading.Event()
    real = app.store.session_timeline

    def slow_timeline(*args, **kwargs):
        gate.wait(HANG)  # the first load is slow (a big database): held until the test lets go
        return real(*args, **kwargs)

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.store.session_timeline = slow_timeline
        await pilot.press("enter")  # the newest session: s-live-0004, three memories, still running
        # (its keys go to its list from when it has the focus; a busy machine takes a while)
        await until(lambda: isinstance(app.screen, TimelineScreen) and app.screen.is_mounted
                    and app.focused is app.screen.timeline)  # fmt: skip
        screen = app.screen
        assert not screen.timeline.memories
        await pilot.press("j", "j")
        gate.set()
        await settle(pilot)
        assert screen.timeline.position == 2
        assert "3 of 3" in screen_text(app)


@pilot_test
async def test_a_live_timelines_header_follows_its_rows(db_path, make_app):
    from store.database.connection import connect
    from store.writing import writer
    from tests.tui.conftest import at

    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # s-live-0004, still running: three memories
        await settle(pilot)
        assert "3 memories" in header_line(app)
        conn = connect(db_path)
        writer.add_memory(conn, {"session_id": "s-live-0004", "cwd": "/home/dev/calc-app",
                                 "type": "error", "content": "boom", "error_text": "boom",
                                 "created_at": at(0.5)})  # fmt: skip
        conn.close()
        app.broadcast_data_changed(1)  # what the app's poll does when a hook writes
        await settle(pilot)
        shown = header_line(app)
        assert "4 memories" in shown and "1 error" in shown, shown
        assert len(app.screen.timeline.memories) == 4


def header_line(app) -> str:
    """The timeline's first header line, as on screen (project, start, length, counts, live)."""
    return next(line for line in screen_text(app).splitlines() if "memories" in line)
