"""Live pane: rows written by other processes appear by themselves (how fast: bench/bench_live.py);
following pauses and resumes."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from contextlib import asynccontextmanager
from pathlib import Path

from textual import events
from textual.widgets import Select

from store.database.connection import connect
from store.writing import writer
from tests.tui.conftest import pilot_test, screen_text, settle, until
from tui.gui.app import AppOptions
from tui.gui.panes.live import LivePane

REPO = Path(__file__).resolve().parents[3]
from tests.shared_payloads import PAYLOADS  # noqa: E402

WRITE_ONE = """
import sys
from store.writing import writer
from store.database.connection import connect
conn = connect(sys.argv[1])
writer.add_memory(conn, {"session_id": "s-other-process", "cwd": "/home/dev/calc-app",
    "type": "command", "tool_name": "Bash", "content": "$ make test  # from another process"})
conn.close()
"""


def write_rows(
    path: str, count: int, *, kind: str = "command", session: str = "s-live-0004"
) -> None:
    """Another connection writes, as a hook would (data_version moves for the app)."""
    conn = connect(path)
    writer.add_memories(conn, [
        {"session_id": session, "cwd": "/home/dev/calc-app", "type": kind, "tool_name": "Bash",
         "content": f"$ step {n} of {count} {kind} {time.monotonic_ns()}"}
        for n in range(count)
    ])  # fmt: skip
    conn.close()


async def wait_for(pilot, condition, seconds: float = 60.0) -> float:
    """Seconds until `condition()` held (fails after `seconds`)."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if condition():
            return time.monotonic() - start
        await pilot.pause(0.02)
    raise AssertionError("condition not met in time")


@asynccontextmanager
async def live_on(app, size: tuple[int, int] = (100, 30)):
    """`app` run at `size`, on the Live pane: (app, pilot, the pane)."""
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        yield app, pilot, app.query_one(LivePane)


def newest_line(pane: LivePane) -> str:
    table = pane.table
    return table.get_row_at(table.row_count - 1)[-1].plain


@pilot_test
async def test_live_opens_on_the_newest_rows_following(db_path, make_app):
    async with live_on(make_app(db_path)) as (app, pilot, pane):
        assert pane.following
        assert pane.table.row_count == 19  # every memory of the fixed DB, oldest first
        assert pane.table.cursor_row == pane.table.row_count - 1
        assert "following" in screen_text(app)


@pilot_test
async def test_a_row_written_by_another_process_appears_by_itself(db_path, make_app):
    production = AppOptions().poll_interval
    async with live_on(make_app(db_path, poll_interval=production)) as (app, pilot, pane):
        await until(lambda: app.data_watch.version is not None)  # the first poll's baseline
        await asyncio.to_thread(
            subprocess.run, [sys.executable, "-c", WRITE_ONE, db_path], cwd=REPO, check=True
        )
        await wait_for(pilot, lambda: "from another process" in newest_line(pane))  # no key pressed
        assert pane.table.cursor_row == pane.table.row_count - 1  # still following


@pilot_test
async def test_the_real_hook_feeds_live(db_path, home, make_app):
    env = {**os.environ, "MEMLANE_DB": db_path, "MEMLANE_HOME": str(home / ".claude" / "memlane")}
    production = AppOptions().poll_interval
    async with live_on(make_app(db_path, poll_interval=production)) as (app, pilot, pane):
        await until(lambda: app.data_watch.version is not None)  # the first poll's baseline
        payload = (PAYLOADS / "post-tool-use-edit.json").read_bytes()
        await asyncio.to_thread(
            subprocess.run, [sys.executable, "-m", "hooks"], input=payload, cwd=REPO, env=env,
            check=True,
        )  # fmt: skip
        await wait_for(pilot, lambda: "Edit src/calc.py" in newest_line(pane))


@pilot_test
async def test_a_hook_row_shows_without_waiting_for_the_poll(db_path, home, make_app):
    """The hook rings the app once its write committed (store/live_signal.py): with a poll an
    hour apart, only the ring brings the row (issue 38 item 9)."""
    env = {**os.environ, "MEMLANE_DB": db_path, "MEMLANE_HOME": str(home / ".claude" / "memlane")}
    async with live_on(make_app(db_path, poll_interval=3600.0)) as (app, pilot, pane):
        await until(lambda: app.data_watch.version is not None)  # the first poll's baseline
        payload = (PAYLOADS / "post-tool-use-edit.json").read_bytes()
        await asyncio.to_thread(
            subprocess.run, [sys.executable, "-m", "hooks"], input=payload, cwd=REPO, env=env,
            check=True,
        )  # fmt: skip
        await wait_for(pilot, lambda: "Edit src/calc.py" in newest_line(pane))


@pilot_test
async def test_scrolling_up_pauses_and_counts_new_rows_end_resumes(db_path, make_app):
    async with live_on(make_app(db_path, poll_interval=0.05)) as (app, pilot, pane):
        await until(lambda: app.data_watch.version is not None)  # the first poll's baseline
        shown = pane.table.row_count
        await pilot.press("k", "k")
        assert not pane.following
        cursor = pane.table.cursor_row
        write_rows(db_path, 3)
        await wait_for(pilot, lambda: pane.pending == 3)
        await settle(pilot)
        assert pane.table.row_count == shown  # nothing moves under the person
        assert pane.table.cursor_row == cursor
        text = screen_text(app)
        assert "Paused · 3 new rows" in text and "end" in text
        await pilot.press("end")
        await settle(pilot)
        assert pane.following and pane.pending == 0
        assert pane.table.row_count == shown + 3
        assert pane.table.cursor_row == pane.table.row_count - 1
        assert "step 2 of 3" in newest_line(pane)


@pilot_test
async def test_space_pauses_and_resumes(db_path, make_app):
    async with live_on(make_app(db_path, poll_interval=0.05)) as (app, pilot, pane):
        await pilot.press("space")
        assert not pane.following
        write_rows(db_path, 2)
        await wait_for(pilot, lambda: pane.pending == 2)
        await pilot.press("space")
        await settle(pilot)
        assert pane.following and "step 1 of 2" in newest_line(pane)


@pilot_test
async def test_mouse_wheel_up_pauses_following(db_path, make_app):
    async with live_on(make_app(db_path), size=(100, 12)) as (app, pilot, pane):
        table = pane.table
        assert table.max_scroll_y > 0
        table.post_message(events.MouseScrollUp(table, 5, 5, 0, -1, 0, False, False, False))
        await settle(pilot)
        assert not pane.following
        await wait_for(pilot, lambda: table.scroll_y < table.max_scroll_y)  # and it did scroll
        for _ in range(table.max_scroll_y + 2):
            table.post_message(events.MouseScrollDown(table, 5, 5, 0, 1, 0, False, False, False))
        await settle(pilot)
        assert pane.following  # back at the bottom: following again


@pilot_test
async def test_the_window_is_bounded(db_path, make_app):
    async with live_on(make_app(db_path, poll_interval=0.05, live_window=60)) as (app, pilot, pane):
        for _ in range(5):
            write_rows(db_path, 100)
            await pilot.pause(0.1)
        await wait_for(pilot, lambda: "step 99 of 100" in newest_line(pane))
        await settle(pilot)
        assert len(pane._rows) == 60
        assert pane.table.row_count <= 60 + 200


@pilot_test
async def test_filters_by_type_and_session(db_path, make_app):
    async with live_on(make_app(db_path, poll_interval=0.05)) as (app, pilot, pane):
        pane.query_one("#live-type", Select).value = "error"
        await settle(pilot)
        assert pane.table.row_count == 2
        write_rows(db_path, 2, kind="command")
        write_rows(db_path, 1, kind="error")
        await wait_for(pilot, lambda: pane.table.row_count == 3)
        await pilot.press("escape")  # clear filters
        await settle(pilot)
        assert pane.table.row_count == 19 + 3
        await pilot.press("p")  # only the highlighted row's project
        await settle(pilot)
        assert pane.filters["project"] == "/home/dev/calc-app"
        assert {r["project_name"] for r in pane._rows} == {"calc-app"}


@pilot_test
async def test_enter_opens_the_row_in_its_timeline(db_path, make_app):
    from tui.gui.screens.timeline import TimelineScreen
    from tui.gui.widgets.timeline_list import TimelineList

    async with live_on(make_app(db_path)) as (app, pilot, pane):
        await pilot.press("k", "enter")
        await settle(pilot)
        assert isinstance(app.screen, TimelineScreen)
        timeline = app.screen.query_one(TimelineList)
        assert timeline.current["content"].startswith("Edit src/calc.py (+2 -0)")
