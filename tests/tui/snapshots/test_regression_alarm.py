"""Snapshots of the regression alarm (issue 25 item 13): a regressed group in Errors, what
fixed it last time (`w`), the alarm in Live as the error comes back, and an empty status."""

from __future__ import annotations

import pytest

from tests.tui.conftest import SIZES, open_pane, until
from tests.tui.fixtures_cleanup import make_app, settle
from tests.tui.test_regression_alarm import occur_again, regressed_db, resolve_module_error
from tui.gui import messages


def on_errors(*keys: str):
    async def run_before(pilot) -> None:
        await open_pane(pilot, "errors", wait=settle)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_a_regressed_group_in_errors(snap_compare, cleanup_db, size):
    assert snap_compare(make_app(regressed_db(cleanup_db)), terminal_size=size, run_before=on_errors())


@pytest.mark.parametrize("size", SIZES)
def test_what_fixed_it_last_time(snap_compare, cleanup_db, size):
    assert snap_compare(make_app(regressed_db(cleanup_db)), terminal_size=size, run_before=on_errors("w"))


@pytest.mark.parametrize("size", SIZES)
def test_errors_with_nothing_in_a_status(snap_compare, cleanup_db, size):
    run = on_errors("f", "f", "f")  # regressed, open, resolved: none resolved now
    assert snap_compare(make_app(regressed_db(cleanup_db)), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_live_flashes_a_regression(snap_compare, cleanup_db, size):
    resolve_module_error(cleanup_db)

    async def run_before(pilot) -> None:
        live = await open_pane(pilot, "live", wait=settle)
        occur_again(cleanup_db)
        live.post_message(messages.DataChanged(1))
        await until(lambda: live.query_one("#live-alarm").display)
        await settle(pilot)

    assert snap_compare(make_app(cleanup_db), terminal_size=size, run_before=run_before)
