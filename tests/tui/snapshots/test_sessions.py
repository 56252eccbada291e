"""Snapshots of the Sessions pane: the list and its preview (below at 80x24, beside it at 200x50),
the empty database, filter and sort, export, copy."""

from __future__ import annotations

import pytest

from tests.tui.conftest import SIZES, app_for, steps


@pytest.mark.parametrize("size", SIZES)
def test_sessions(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps())


@pytest.mark.parametrize("size", SIZES)
def test_empty_database(snap_compare, empty_db_path, size):
    assert snap_compare(app_for(empty_db_path), terminal_size=size, run_before=steps())


@pytest.mark.parametrize("size", SIZES)
def test_sessions_filtered_and_sorted_by_errors(snap_compare, db_path, size):
    app = app_for(db_path)
    run = steps("slash", *"calc", "enter", "s", "s", pause=app.options.search_debounce + 0.1)
    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_export_asks_for_a_file(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("e"))


@pytest.mark.parametrize("size", SIZES)
def test_copy_chooser(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("j", "j", "y"))


@pytest.mark.parametrize("size", SIZES)
def test_sessions_without_the_preview(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("j", "v"))


@pytest.mark.parametrize("size", SIZES)
def test_an_open_dropdown_shows_its_own_keys(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("p"))
