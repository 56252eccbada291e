"""A row added to a followed table costs the new row, not the whole table (issue 25, item 14).

DataTable renders every visible cell again whenever a row is added; memlane's tables
keep each rendered cell for as long as its value, width, place and style are, and a
followed table sizes and scrolls to its new row in the same turn, so one frame shows it."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from tests.tui.conftest import pilot_test
from tui.gui.textual_internals import CELL_RENDER, screen_lines, watch_frames
from tui.gui.widgets.follow_table import FollowTable


class Followed(App):
    def compose(self) -> ComposeResult:
        yield FollowTable(id="t")

    def on_mount(self) -> None:
        table = self.query_one(FollowTable)
        table.add_column("Time", key="time", width=8)
        table.add_column("Type", key="type", width=7)
        table.add_flex_column("What", key="what", min_width=12)
        for n in range(60):
            table.add_row("12:00:00", "command", Text(f"row number {n}"), key=str(n))
        table.scroll_to_newest()


def count_renders(monkeypatch) -> list[int]:
    owner, name = CELL_RENDER
    render = getattr(owner, name)
    counter = [0]

    def counted(self, *args, **kwargs):
        counter[0] += 1
        return render(self, *args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return counter


@pilot_test
async def test_an_appended_row_renders_its_own_cells_and_not_the_others(monkeypatch):
    counter = count_renders(monkeypatch)
    app = Followed()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.pause()
        table = app.query_one(FollowTable)
        counter[0] = 0
        table.add_row("12:00:01", "edit", Text("the newest row"), key="new")
        table.scroll_to_newest()
        await pilot.pause()
        await pilot.pause()
        assert any("the newest row" in line for line in screen_lines(app.screen))
        # the new row's 3 cells, the 3 of the row the cursor left and the header's 3 (which
        # DataTable renders its own way), not every visible cell (~19 rows x 3)
        assert counter[0] <= 3 * 3, counter[0]


@pilot_test
async def test_a_changed_cell_a_new_width_and_a_new_theme_are_rendered_again(monkeypatch):
    counter = count_renders(monkeypatch)
    app = Followed()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        table = app.query_one(FollowTable)
        table.update_cell("59", "what", Text("changed in place"))
        await pilot.pause()
        assert any("changed in place" in line for line in screen_lines(app.screen))
        await pilot.resize_terminal(40, 20)
        await pilot.pause()
        await pilot.pause()
        assert table.flex_width < 40
        assert any(line.rstrip().endswith("…") or "changed in" in line
                   for line in screen_lines(app.screen))  # fmt: skip
        counter[0] = 0
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause()
        await pilot.pause()
        assert counter[0] >= 3 * 10  # every visible cell, in the new colours


@pilot_test
async def test_a_followed_row_is_placed_in_the_turn_it_was_added_and_drawn_next():
    app = Followed()
    frames: list[list[str]] = []
    watch_frames(app, lambda screen: frames.append(screen_lines(screen)))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.pause()
        table = app.query_one(FollowTable)
        height = table.virtual_size.height
        with app.batch_update():
            table.add_row("12:00:02", "error", Text("drawn next"), key="next")
            table.scroll_to_newest()
        # no pause: DataTable would size the row at its next idle and scroll after a frame
        assert table.virtual_size.height == height + 1
        assert table.cursor_row == table.row_count - 1
        before = len(frames)
        await pilot.pause()
        assert any("drawn next" in line for line in frames[before])  # the very next frame
