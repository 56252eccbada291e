"""The timeline screen: a session's memories as cards."""

from __future__ import annotations

from tests.tui.conftest import pilot_test, screen_text, settle


@pilot_test
async def test_keys_pressed_before_the_timeline_loads_are_not_lost(db_path, make_app):
    import threading

    from tui.gui.screens.timeline import TimelineScreen

    app = make_app(db_path)
    gate = threading.Event()
    real = app.store.session_timeline

    def slow_timeline(*args, **kwargs):
        gate.wait(10)  # the first load is slow: a big database, a busy machine
        return real(*args, **kwargs)

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.store.session_timeline = slow_timeline
        await pilot.press("enter")  # the newest session: s-live-0004, three memories, still running
        await pilot.pause(0.1)
        screen = app.screen
        assert isinstance(screen, TimelineScreen) and not screen.timeline.memories
        await pilot.press("j", "j")
        gate.set()
        await settle(pilot)
        assert screen.timeline.position == 2
        assert "3 of 3" in screen_text(app)
