"""Snapshots of each screen at 80x24 and 160x48: fixed database, fixed clock, UTC, no blinking."""

from __future__ import annotations

import pytest

from tests.tui.conftest import fixed_clock, settle
from tui.gui.app import AppOptions, build_app

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((160, 48), id="160x48")]


def app_for(path: str):
    return build_app(path, clock=fixed_clock, config=AppOptions.for_tests())


def steps(*keys: str, pause: float = 0.0):
    """A run_before that waits for the first screen, presses `keys`, and waits again."""

    async def run_before(pilot) -> None:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        if pause:
            await pilot.pause(pause)
            await settle(pilot)

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_sessions(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps())


@pytest.mark.parametrize("size", SIZES)
def test_live(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("2"))


@pytest.mark.parametrize("size", SIZES)
def test_search_with_a_query(snap_compare, db_path, size):
    app = app_for(db_path)
    run = steps("slash", *"pytest", pause=app.config.search_debounce + 0.1)
    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_timeline(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("j", "enter", "j"))


@pytest.mark.parametrize("size", SIZES)
def test_memory_detail(snap_compare, db_path, size):
    run = steps("j", "enter", "j", "j", "j", "enter")
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("question_mark"))


@pytest.mark.parametrize("size", SIZES)
def test_empty_database(snap_compare, empty_db_path, size):
    assert snap_compare(app_for(empty_db_path), terminal_size=size, run_before=steps())
