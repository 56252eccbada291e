"""Snapshots of the Errors pane, its occurrences screen, the Cleanup pane and the confirm modal.

80x24 and 160x48; fixed database (explicit created_at), fixed clock, UTC, no cursor blink.
"""

from __future__ import annotations

import pytest

from tests.tui.fixtures_cleanup import add_bulk, build_cleanup_db, make_app, settle, show_pane
from tui.gui.panes.cleanup import CleanupPane
from tui.gui.panes.errors import ErrorsPane

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((160, 48), id="160x48")]


@pytest.fixture
def cleanup_db(home, utc):
    """The fixed Errors/Cleanup database in a temporary HOME (no config.toml), local time UTC."""
    return build_cleanup_db(home / "memory.db")


def on_pane(key: str, pane_class, *keys: str, filter: dict | None = None):
    """A run_before: show the pane, optionally set the Cleanup filter, press `keys`, settle."""

    async def run_before(pilot) -> None:
        await settle(pilot)
        pane = await show_pane(pilot, key, pane_class)
        if filter:
            pane.set_filter(**filter)
            await settle(pilot)
        for k in keys:
            await pilot.press(k)
            await settle(pilot)

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_errors_pane(snap_compare, cleanup_db, size):
    run = on_pane("4", ErrorsPane, "j")
    assert snap_compare(make_app(cleanup_db), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_error_occurrences(snap_compare, cleanup_db, size):
    run = on_pane("4", ErrorsPane, "j", "enter", "j")
    assert snap_compare(make_app(cleanup_db), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_cleanup_pane_with_marks(snap_compare, cleanup_db, size):
    run = on_pane("5", CleanupPane, "space", "j", "space", filter={"project": "memlane"})
    assert snap_compare(make_app(cleanup_db), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_cleanup_secrets_audit(snap_compare, cleanup_db, size):
    run = on_pane("5", CleanupPane, "s")
    assert snap_compare(make_app(cleanup_db), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_confirm_modal(snap_compare, cleanup_db, size):
    run = on_pane("5", CleanupPane, "d", filter={"project": "webshop"})
    assert snap_compare(make_app(cleanup_db), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_confirm_modal_typing_the_count(snap_compare, cleanup_db, size):
    add_bulk(cleanup_db, 1200)
    run = on_pane("5", CleanupPane, "d", "1", "2", filter={"session": "sess-bulk"})
    assert snap_compare(make_app(cleanup_db), terminal_size=size, run_before=run)
