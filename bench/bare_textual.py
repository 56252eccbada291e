"""The first screen's baseline: a bare Textual app that imports Textual and draws one 20-row table.

bench/bench_tui.py starts it in the same tmux pane as memlane, in turns, and prints memlane's
first screen as a ratio of this one's.  Its last row holds FIRST_SCREEN_MARK: the frame that
draws it is the one with every row.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable

FIRST_SCREEN_MARK = "bare-row-20"


class BareTable(App):
    BINDINGS = [Binding("q", "quit", "Quit")]  # noqa: RUF012

    def compose(self) -> ComposeResult:
        yield DataTable()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Project", "Started", "Length", "Id", "Summary")
        for n in range(1, 21):
            table.add_row("calc-app", f"Nov 28 {n:02d}:41", "1h 07m", f"{n:08x}", f"bare-row-{n:02d}")


if __name__ == "__main__":
    BareTable().run()
