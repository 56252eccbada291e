"""Snapshots of the command palette: every action of the app, from any pane."""

from __future__ import annotations

import pytest

from tests.tui.conftest import SIZES, app_for, screen_text, settle, until


@pytest.mark.parametrize("size", SIZES)
def test_palette_from_sessions_finds_resolve(snap_compare, db_path, size):
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"resolve")
        await until(lambda: "Errors: Resolve" in screen_text(pilot.app))
        await settle(pilot)

    assert snap_compare(app_for(db_path), terminal_size=size, run_before=run_before)
