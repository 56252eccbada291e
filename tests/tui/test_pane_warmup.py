"""Hidden panes are laid out and drawn offscreen ahead of their first visit (issue 11),
and a key pressed meanwhile is handled at once (tui/gui/pane_warmup.py)."""

from __future__ import annotations

import time

import pytest
from textual.widgets import DataTable

from tests.tui.conftest import pilot_test, screen_text, settle, until
from tui.gui.pane_warmup import is_parked, park, unpark
from tui.gui.panes import is_showing
from tui.gui.textual_internals import CELL_RENDER, visible_widgets, watch_frames
from tui.gui.widgets.pane_bar import PaneDeck

TABLES = {"2": ("live", "#live-table"), "3": ("search", "#search-results"),
          "4": ("errors", "#errors-table"), "5": ("cleanup", "#cleanup-table")}  # fmt: skip


@pytest.fixture(autouse=True)
def patient_warmup(monkeypatch):
    """A loaded test machine may need longer than the app's 5 s to warm every pane."""
    import tui.gui.pane_warmup

    monkeypatch.setattr(tui.gui.pane_warmup, "GIVE_UP_SECONDS", 60.0)


def record_frames(app, table: DataTable, counter: list[int]) -> list[int]:
    """For each frame that shows `table` with rows: how many cells had been rendered by then."""
    shown: list[int] = []
    def recorded(screen) -> None:
        if table.row_count and table in visible_widgets(screen):
            shown.append(counter[0])

    watch_frames(app, recorded)
    return shown


def count_cell_renders(monkeypatch) -> list[int]:
    """Cells DataTable rendered anew (it only gets here when its caches miss)."""
    counter = [0]
    owner, name = CELL_RENDER
    render_cell = getattr(owner, name)

    def counted(self, *args, **kwargs):
        counter[0] += 1
        return render_cell(self, *args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return counter


async def first_visit_renders(app, pilot, key: str, counter: list[int]) -> tuple[int, int]:
    """(cells rendered from the key to the first frame showing the pane's table, that frame's
    place among the frames showing it counted at the moment the key's action returned)."""
    pane_id, table_id = TABLES[key]
    table = app.panes[pane_id].query_one(table_id, DataTable)
    frames = record_frames(app, table, counter)
    shown_in_turn: list[int] = []
    show_pane = app.action_show_pane

    async def recorded_action(name: str) -> None:
        await show_pane(name)
        shown_in_turn.append(len(frames))

    app.action_show_pane = recorded_action
    before = counter[0]
    await pilot.press(key)
    await until(lambda: frames)
    return frames[0] - before, shown_in_turn[0]


@pytest.mark.parametrize("key", list(TABLES))
@pilot_test
async def test_a_first_visit_draws_no_cell_the_warm_up_drew_ahead(db_path, make_app, monkeypatch, key):
    counter = count_cell_renders(monkeypatch)
    app = make_app(db_path, warm_panes=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        warmup = app.query_one(PaneDeck).warmup
        await until(lambda: not warmup.running)  # every hidden pane drawn and let go
        assert not warmup.parked
        fresh, shown_in_turn = await first_visit_renders(app, pilot, key, counter)
        assert fresh == 0  # every line of the table came out of the caches the warm-up filled
        assert shown_in_turn >= 1  # drawn in the key's own turn, not at the next frame tick


@pilot_test
async def test_without_the_warm_up_the_first_visit_renders_its_cells(db_path, make_app, monkeypatch):
    """The test above can fail: the same visit, cold, renders the table's cells."""
    counter = count_cell_renders(monkeypatch)
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.query_one(PaneDeck).warmup is None
        fresh, _ = await first_visit_renders(app, pilot, "5", counter)
        assert fresh > 20  # 19 rows of a few cells each


@pilot_test
async def test_hidden_panes_are_laid_out_at_the_size_they_are_shown_at(db_path, make_app):
    app = make_app(db_path, warm_panes=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        warmup = app.query_one(PaneDeck).warmup
        await until(lambda: not warmup.running)
        sizes = {key: app.panes[p].query_one(t, DataTable).outer_size for key, (p, t) in TABLES.items()}
        assert all(size.width > 90 and size.height > 10 for size in sizes.values()), sizes
        for key, (pane_id, table_id) in TABLES.items():
            await pilot.press(key)
            await settle(pilot)
            assert app.panes[pane_id].query_one(table_id, DataTable).outer_size == sizes[key]
            if key == "3":
                await pilot.press("escape")  # out of the query box: the next digit switches panes
        for pane_id, pane in app.panes.items():  # let go: hidden as before, nothing left offscreen
            box = pane  # the deck shows or hides the pane itself
            assert not is_parked(box)
            assert box.styles.inline.get_rule("layer") is None
            assert box.display == (pane_id == "cleanup")


@pytest.mark.parametrize("key", ["2", "4"])  # the pane parked at that moment, another one
@pilot_test
async def test_a_key_pressed_while_a_pane_is_parked_shows_its_pane_at_once(
    db_path, make_app, monkeypatch, key
):
    from tui.gui.pane_warmup import PaneWarmup

    hold = [True]  # the first pane's draw does not end (on a busy machine it could end first)
    draw = PaneWarmup._draw

    def held_draw(self, box):
        while hold[0]:
            yield
        yield from draw(self, box)

    monkeypatch.setattr(PaneWarmup, "_draw", held_draw)
    pane_id = TABLES[key][0]
    app = make_app(db_path, warm_panes=True)
    async with app.run_test(size=(100, 30)) as pilot:
        sessions = app.query_one("#sessions-table", DataTable)
        tabs = app.query_one(PaneDeck)
        # the warm-up starts once the first hidden pane is built (after the first rows)
        await until(lambda: sessions.row_count > 0 and tabs.warmup and tabs.warmup.parked)
        warmup = tabs.warmup
        assert warmup.parked == ["live"]  # one at a time, in the tabs' order
        in_turn: list = []  # as the key's action returns (later the warm-up carries on)
        show_pane = app.action_show_pane

        async def recorded_action(name: str) -> None:
            await show_pane(name)  # builds the pane first if it is not yet (Errors may not be)
            displayed = [p for p, each in app.panes.items() if each.display]
            in_turn.append((list(warmup.parked), displayed, app.panes[pane_id].region.y))

        app.action_show_pane = recorded_action
        await pilot.press(key)
        await until(lambda: in_turn)  # the key's pane may still have been waiting to be built
        hold[0] = False
        parked, displayed, y = in_turn[0]
        assert parked == [] and displayed == [pane_id]  # released in the key's turn
        assert 0 <= y < 30  # in front, not offscreen
        assert app.active_pane_id == pane_id
        pane = app.panes[pane_id]
        await settle(pilot)
        assert {"2": "multiply", "4": "AssertionError"}[key] in screen_text(app)
        assert app.focused is not None and pane in app.focused.ancestors_with_self
        await until(lambda: not warmup.running)  # the rest are warmed after the person pauses
        assert not warmup.parked


@pilot_test
async def test_a_parked_pane_is_never_seen_nor_focused(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        shown = screen_text(app)
        sessions = app.panes["sessions"]
        boxes = [pane for pane_id, pane in app.panes.items() if pane_id != "sessions"]

        async def tab_round() -> list:
            visited = []
            for _ in range(6):
                await pilot.press("tab")
                visited.append(app.focused)
            return visited

        unparked_round = await tab_round()
        assert len(set(unparked_round)) > 1 and all(sessions in w.ancestors for w in unparked_round)
        for box in boxes:
            park(box)
        await pilot.pause()
        await pilot.pause()
        assert all(box.display and box.region.height > 10 for box in boxes)  # laid out...
        assert screen_text(app) == shown  # ...where no one sees them
        assert not any(is_showing(box) for box in boxes)
        assert await tab_round() == unparked_round  # tab goes round the shown pane as before
        for box in boxes:
            unpark(box, shown=False)
        await pilot.pause()
        assert not any(box.display for box in boxes)
        assert screen_text(app) == shown


@pilot_test
async def test_insights_reads_its_overview_after_the_first_screen_and_before_its_visit(
    db_path, make_app, monkeypatch
):
    """The heaviest read of all no longer competes with the first pages: it starts after
    the first frame with rows, and is done before anyone asks for the pane."""
    import tui.gui.panes.insights as insights_module

    reads: list[float] = []
    read = insights_module.overview

    def recorded(conn, *args, **kwargs):
        reads.append(time.monotonic())
        return read(conn, *args, **kwargs)

    monkeypatch.setattr(insights_module, "overview", recorded)
    app = make_app(db_path, warm_panes=True)
    first_rows_frame: list[float] = []
    def recorded_display(screen) -> None:
        if not first_rows_frame and app.query_one("#sessions-table", DataTable).row_count:
            first_rows_frame.append(time.monotonic())

    watch_frames(app, recorded_display)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        warmup = app.query_one(PaneDeck).warmup
        await until(lambda: not warmup.running)
        await settle(pilot)
        assert first_rows_frame and reads and reads[0] > first_rows_frame[0]
        assert app.panes["insights"].data is not None  # never visited, already read
        await pilot.press("6")
        await settle(pilot)
        assert "calc-app" in screen_text(app)
        assert len(reads) == 1  # the visit did not read it again


@pilot_test
async def test_each_hidden_pane_is_drawn_ahead_as_soon_as_it_is_built(db_path, make_app, monkeypatch):
    """Not once all six are: a key pressed while the last ones are built finds the first
    ones drawn (issue 25 item 15).  The last pane's build waits here until Live is drawn."""
    import asyncio

    from tests.timing import HANG
    from tui.gui.app import MemlaneApp
    from tui.gui.pane_warmup import PaneWarmup

    drawn: list[str] = []
    drawn_at_last_build: list[str] = []
    draw = PaneWarmup._draw

    def noted_draw(self, box):
        yield from draw(self, box)
        drawn.append(box.id)

    build_pane = MemlaneApp.build_pane

    async def last_after_live_drawn(self, pane_id):
        if pane_id == "recall" and pane_id not in self.panes:
            deadline = time.monotonic() + HANG
            while "live" not in drawn and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
            drawn_at_last_build.extend(drawn)
        return await build_pane(self, pane_id)

    monkeypatch.setattr(PaneWarmup, "_draw", noted_draw)
    monkeypatch.setattr(MemlaneApp, "build_pane", last_after_live_drawn)
    app = make_app(db_path, warm_panes=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.all_panes_mounted
        assert "live" in drawn_at_last_build
