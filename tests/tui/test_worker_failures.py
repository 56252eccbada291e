"""One handler for failed workers: a StoreError is one notification, a bug stops the app."""

from __future__ import annotations

import pytest

from tests.tui.conftest import pilot_test, settle
from tui.gui.textual_internals import notifications


@pilot_test
async def test_a_workers_store_error_becomes_one_notification(db_path, make_app):
    from store.database.connection import StoreError

    app = make_app(db_path)

    def locked(*args, **kwargs):
        raise StoreError("the database is locked by another program; try again.")

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.store.get_memory = locked
        app.store.session_timeline = locked
        await pilot.press("enter")  # the timeline's worker fails
        await settle(pilot)
        app.pop_screen()
        await pilot.press("3")
        await settle(pilot)
        await pilot.press("escape", "enter")  # a hit's timeline fails; its memory's too
        await settle(pilot)
        texts = [n.message for n in notifications(app)]
        assert texts and all("locked by another program" in t for t in texts), texts
        assert app.is_running


def test_a_worker_bug_still_stops_the_app(db_path, make_app):
    import asyncio

    app = make_app(db_path)

    def bug(*args, **kwargs):
        raise ZeroDivisionError("a bug, not the person's problem")

    async def run():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.store.get_memory = bug
            await pilot.press("enter")  # the newest session's timeline
            await settle(pilot)
            await pilot.press("enter")  # its first memory: the worker raises
            await settle(pilot)

    from textual.worker import WorkerFailed

    with pytest.raises(WorkerFailed) as failed:
        asyncio.run(run())
    assert isinstance(failed.value.error, ZeroDivisionError)
