"""VimDataTable: rows of fixed-width columns are not measured cell by cell (that cost
20-40 ms of the main thread per page), and the table still shows and scrolls them."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tests.tui.conftest import pilot_test
from tui.gui.textual_internals import CELL_MEASURE, screen_lines
from tui.gui.widgets.vim_table import VimDataTable


class OneTable(App):
    def __init__(self, fixed: bool) -> None:
        super().__init__()
        self.fixed = fixed

    def compose(self) -> ComposeResult:
        yield VimDataTable(id="t")

    def on_mount(self) -> None:
        table = self.query_one(VimDataTable)
        table.add_column("When", key="when", width=8 if self.fixed else None)
        table.add_flex_column("What", key="what", min_width=10)


def count_measures(monkeypatch) -> list[int]:
    calls: list[int] = []
    module, name = CELL_MEASURE
    measure = getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(1)
        return measure(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


@pilot_test
async def test_rows_of_fixed_width_columns_are_not_measured_and_still_show(monkeypatch):
    calls = count_measures(monkeypatch)
    app = OneTable(fixed=True)
    async with app.run_test(size=(40, 12)) as pilot:
        table = app.query_one(VimDataTable)
        await pilot.pause()
        labels = len(calls)  # the column headers are measured once
        table.add_rows([(f"{n:02d}:00", f"row number {n} " + "x" * n) for n in range(300)])
        await pilot.pause()
        await pilot.pause()
        assert len(calls) == labels
        assert table.virtual_size.height == 301  # the header and every row: scrolls to the end
        assert table.columns[next(iter(table.columns))].width == 8
        table.action_scroll_bottom()
        await pilot.pause()
        lines = screen_lines(app.screen)
        assert any("row number 299" in line for line in lines)


@pilot_test
async def test_an_auto_width_column_is_still_sized_by_its_cells(monkeypatch):
    calls = count_measures(monkeypatch)
    app = OneTable(fixed=False)
    async with app.run_test(size=(60, 12)) as pilot:
        table = app.query_one(VimDataTable)
        await pilot.pause()
        labels = len(calls)
        table.add_rows([("a" * n, "x") for n in range(1, 20)])
        await pilot.pause()
        await pilot.pause()
        assert len(calls) >= labels + 19
        assert table.columns[next(iter(table.columns))].content_width == 19
