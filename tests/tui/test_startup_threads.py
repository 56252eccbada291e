"""While the app starts, threads waiting for the GIL get it every millisecond (every
pane's first reads run in threads while the main thread builds the first screen);
Python's default comes back after start-up, or when the app quits sooner."""

from __future__ import annotations

import sys

from textual.widgets import DataTable

from tests.tui.conftest import pilot_test, settle, until


@pilot_test
async def test_threads_get_the_gil_often_while_the_app_starts_then_the_default_returns(db_path, make_app):
    default = sys.getswitchinterval()
    assert default != 0.001
    app = make_app(db_path, startup_seconds=2.0)
    assert sys.getswitchinterval() == default  # building the app changes nothing
    async with app.run_test(size=(100, 30)) as pilot:
        assert sys.getswitchinterval() == 0.001
        sessions = app.query_one("#sessions-table", DataTable)
        await settle(pilot)
        assert sessions.row_count > 0
        await until(lambda: sys.getswitchinterval() == default)
    assert sys.getswitchinterval() == default


@pilot_test
async def test_an_app_that_quits_during_start_up_gives_the_default_back(db_path, make_app):
    default = sys.getswitchinterval()
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)):
        assert sys.getswitchinterval() == 0.001
    assert sys.getswitchinterval() == default


@pilot_test
async def test_none_leaves_the_interval_alone(db_path, make_app):
    default = sys.getswitchinterval()
    app = make_app(db_path, startup_switch_interval=None)
    async with app.run_test(size=(100, 30)):
        assert sys.getswitchinterval() == default
    assert sys.getswitchinterval() == default
