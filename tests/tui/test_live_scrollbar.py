"""A list's scrollbar thumb sits where the list is scrolled, whichever way its pane was built.

Only the first pane is built before the first frame; a pane whose key comes before the
background build reaches it is built as it is shown.  Live then got its rows after the table
had its size and followed them to the end before the scrollbar appeared; Textual moves the
thumb only while the bar is shown, so it was drawn at the top under the newest rows (80x24),
where a Live pane built hidden and then shown drew it at the bottom.  Rows followed past the
bottom of a shown table did the same at any size.
"""

from __future__ import annotations

import pytest
from textual.widgets import DataTable
from textual.worker import WorkerState

import tui.gui.app
from tests.tui.conftest import first_screen, pilot_test, settle, until
from tests.tui.panes.test_live import write_rows
from tui.gui.app import MemlaneApp
from tui.gui.textual_internals import screen_lines, screen_strips

TABLES = {
    "live": ("2", "#live-table"),
    "search": ("3", "#search-results"),
    "errors": ("4", "#errors-table"),
}


def thumb_lines(app, table: DataTable) -> list[int]:
    """The lines of the table (0: its top) where its vertical scrollbar draws the thumb."""
    if not table.show_vertical_scrollbar:
        return []
    bar = table.vertical_scrollbar.region
    strips = screen_strips(app.screen)
    lines = []
    for line in range(bar.height):
        x = 0
        for segment in strips[bar.y + line]:
            if x <= bar.x < x + segment.cell_length:
                if segment.style is not None and segment.style.meta.get("@mouse.down") == "grab":
                    lines.append(bar.y + line - table.region.y)
                break
            x += segment.cell_length
    return lines


async def workers_done(pilot) -> None:
    """The pane's reads drawn (`settle` would wait for every pane, never built here)."""
    busy = (WorkerState.PENDING, WorkerState.RUNNING)
    app = pilot.app
    for _ in range(3):
        await until(lambda: not any(worker.state in busy for worker in app.workers))
        await pilot.pause()


async def shown(app, pilot, pane_id: str, *, built_before: bool):
    """Press the pane's key: `built_before`, once every hidden pane is built; else at once,
    the background build held back, so the pane is built as it is shown."""
    key, table_id = TABLES[pane_id]
    await first_screen(app)
    if built_before:
        await until(lambda: app.all_panes_mounted)
        await settle(pilot)
    else:
        assert pane_id not in app.panes
    await pilot.press(key)
    table = app.panes[pane_id].query_one(table_id, DataTable)
    await until(lambda: table.row_count > 0)
    await (settle if built_before else workers_done)(pilot)
    return table


def no_background_build(monkeypatch) -> None:
    """The hidden panes are built only when their key is pressed."""
    monkeypatch.setattr(MemlaneApp, "on_first_page_shown", lambda self, message: None)
    monkeypatch.setattr(tui.gui.app, "BUILD_ANYWAY_SECONDS", 24 * 3600.0)


@pilot_test
async def test_live_built_as_shown_has_its_thumb_at_the_newest_row(db_path, make_app, monkeypatch):
    no_background_build(monkeypatch)
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await shown(app, pilot, "live", built_before=False)
        assert table.following and table.cursor_row == table.row_count - 1 == 18
        newest_line = screen_lines(app.screen)[table.region.bottom - 1]
        assert "$ pytest -q" in newest_line  # the newest row, at the bottom
        thumb = thumb_lines(app, table)
        assert thumb and thumb[-1] == table.region.height - 1 and 0 not in thumb  # at the bottom
        assert 0 < table.scroll_y == table.max_scroll_y == table.vertical_scrollbar.position


async def seen(make_app, db_path, pane_id: str, *, built_before: bool):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await shown(app, pilot, pane_id, built_before=built_before)
        bar = table.vertical_scrollbar.position if table.show_vertical_scrollbar else None
        return (table.scroll_y, table.max_scroll_y, table.cursor_row, bar,
                thumb_lines(app, table), screen_lines(app.screen))  # fmt: skip


@pytest.mark.parametrize("pane_id", list(TABLES))
@pilot_test
async def test_a_pane_built_as_shown_looks_as_one_built_before(
    db_path, make_app, monkeypatch, pane_id
):
    prebuilt = await seen(make_app, db_path, pane_id, built_before=True)
    no_background_build(monkeypatch)
    built_on_visit = await seen(make_app, db_path, pane_id, built_before=False)
    assert built_on_visit == prebuilt


@pilot_test
async def test_rows_followed_past_the_bottom_move_the_thumb_to_it(db_path, make_app):
    """The same at any size: the rows that first outgrow the table, followed to the end in the
    turn they come, before the scrollbar appears."""
    app = make_app(db_path)
    async with app.run_test(size=(200, 50)) as pilot:
        table = await shown(app, pilot, "live", built_before=True)
        assert not table.show_vertical_scrollbar  # 19 rows fit
        write_rows(db_path, 40)
        app.broadcast_data_changed()
        await until(lambda: table.row_count == 59)
        await settle(pilot)
        thumb = thumb_lines(app, table)
        assert thumb and thumb[-1] == table.region.height - 1 and 0 not in thumb
        assert 0 < table.scroll_y == table.max_scroll_y == table.vertical_scrollbar.position
