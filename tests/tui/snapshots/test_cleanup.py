"""Snapshots of the Cleanup pane: marks, the secrets audit, the confirmation, redaction.

Fixed database (explicit created_at), fixed clock, UTC, no cursor blink.
"""

from __future__ import annotations

import pytest

from tests.tui.conftest import SIZES, app_for, open_pane, steps
from tests.tui.fixtures_cleanup import add_bulk, make_app, settle


def on_pane(pane_id: str, *keys: str, filter: dict | None = None):
    """A run_before: show the pane, optionally set the Cleanup filter, press `keys`, settle."""

    async def run_before(pilot) -> None:
        pane = await open_pane(pilot, pane_id, wait=settle)
        if filter:
            pane.set_filter(**filter)
            await settle(pilot)
        for k in keys:
            await pilot.press(k)
            await settle(pilot)

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_cleanup_pane_with_marks(snap_compare, cleanup_db, size):
    run = on_pane("cleanup", "space", "j", "space", filter={"project": "memlane"})
    assert snap_compare(make_app(cleanup_db), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_cleanup_secrets_audit(snap_compare, cleanup_db, size):
    run = on_pane("cleanup", "S")
    assert snap_compare(make_app(cleanup_db), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_confirm_modal(snap_compare, cleanup_db, size):
    run = on_pane("cleanup", "d", filter={"project": "webshop"})
    assert snap_compare(make_app(cleanup_db), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_confirm_modal_typing_the_count(snap_compare, cleanup_db, size):
    add_bulk(cleanup_db, 1200)
    run = on_pane("cleanup", "d", "1", "2", filter={"session": "sess-bulk"})
    assert snap_compare(make_app(cleanup_db), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_redact_with_the_regex_checkbox_on(snap_compare, db_path, size):
    assert snap_compare(app_for(db_path), terminal_size=size, run_before=steps("5", "R", "ctrl+t"))
