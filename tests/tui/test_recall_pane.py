"""Pane 7, Recall: the ledger newest first with its reasons, and x / X / P / u on the memories
it sent (and on the list of vetoes and pins), at 80x24 and 200x50."""

from __future__ import annotations

import pytest

from store.database import connection as db
from store.reading import ledger
from tests.tui.conftest import at, build_db, fixed_clock, pilot_test, screen_text, settle, until
from tui.gui import messages
from tui.gui.app import AppOptions, build_app


def ids_of(conn, session: str) -> dict[str, int]:
    rows = conn.execute("SELECT id, type FROM memory WHERE session_id = ? ORDER BY id", (session,)).fetchall()
    out: dict[str, int] = {}
    for memory_id, mtype in rows:
        out.setdefault(mtype, memory_id)
    return out


def build_ledger_db(path) -> str:
    """The app's fixed database, and the ledger a few days of recall would leave in it."""
    path = build_db(path)
    conn = db.connect(path)
    try:
        calc, shop = ids_of(conn, "s-calc-0001"), ids_of(conn, "s-shop-0002")
        ledger.record(conn, session_id="s-shop-0002", prompt_id=None, event="start", project="/home/dev/shop-api",
                      reason="start", memory_ids=[shop["file_write"]], chars=640, at=at(1500))  # fmt: skip
        ledger.record(conn, session_id="s-live-0004", prompt_id=None, event="prompt", project="/home/dev/calc-app",
                      reason="chosen", memory_ids=[calc["prompt"], calc["file_edit"], calc["error"]], chars=812,
                      score=21.4, runner_up=6.1, share=0.82, task=("s-calc-0001", None), at=at(7.5))  # fmt: skip
        ledger.mark_used(conn, [(2, calc["file_edit"], "file")])
        ledger.record(conn, session_id="s-live-0004", prompt_id="x", event="prompt", project="/home/dev/calc-app",
                      reason="tie", memory_ids=[], score=5.2, runner_up=4.9, share=0.4, at=at(3))  # fmt: skip
        ledger.veto(conn, "file", "/home/dev/infra/Dockerfile", "/home/dev/infra")
        conn.execute("UPDATE recall_veto SET at = ?", (at(60),))  # vetoed an hour ago, on the fixed clock
    finally:
        conn.close()
    return path


@pytest.fixture
def ledger_db(home, utc) -> str:
    return build_ledger_db(home / "memory.db")


def app_for(path: str):
    return build_app(path, clock=fixed_clock, options=AppOptions.for_tests())


async def open_recall(pilot):
    await settle(pilot)
    await pilot.press("7")
    pane = pilot.app.query_one("RecallPane")
    await until(lambda: pane.ledger.row_count > 0)
    await settle(pilot)
    return pane


SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((200, 50), id="200x50")]


@pytest.mark.parametrize("size", SIZES)
def test_recall_pane(snap_compare, ledger_db, size):
    async def run_before(pilot):
        await open_recall(pilot)

    assert snap_compare(app_for(ledger_db), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_recall_pane_on_a_memory_sent(snap_compare, ledger_db, size):
    async def run_before(pilot):
        pane = await open_recall(pilot)
        for _ in range(3):
            await pilot.press("j")
        await until(lambda: pane._selected()[1] is not None)
        await settle(pilot)

    assert snap_compare(app_for(ledger_db), terminal_size=size, run_before=run_before)


@pilot_test
async def test_the_ledger_is_newest_first_with_reasons_and_the_memories_sent(ledger_db):
    app = app_for(ledger_db)
    async with app.run_test(size=(200, 50)) as pilot:
        pane = await open_recall(pilot)
        keys = [k.value for k in pane.ledger.rows]
        assert [k for k in keys if k.startswith("d")] == ["d3", "d2", "d1"]
        assert keys[1] == "d2" and keys[2].startswith("m2:")  # its memories follow it
        text = screen_text(app)
        assert "silent: another session's task scored almost as high" in text
        assert "sent 3 memories" in text and "used" in text
        assert "file ~/" not in text or "Dockerfile" in text


@pilot_test
async def test_enter_opens_the_memory_sent(ledger_db):
    app = app_for(ledger_db)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await open_recall(pilot)
        await pilot.press("j", "j")
        memory = pane._selected()[1]
        assert memory is not None
        await pilot.press("enter")
        await until(lambda: type(app.screen).__name__ == "MemoryDetailScreen")
        assert app.screen.memory_id == memory["id"]


@pilot_test
async def test_x_vetoes_a_memory_and_u_lifts_it(ledger_db):
    app = app_for(ledger_db)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await open_recall(pilot)
        await pilot.press("j", "j")
        memory = pane._selected()[1]
        await pilot.press("x")
        await until(lambda: memory["id"] in pane.vetoed)
        conn = db.connect(ledger_db)
        assert memory["id"] in ledger.vetoed_ids(conn)
        assert pane._selected()[1]["id"] == memory["id"]  # the cursor stays
        assert not pane.check_action("veto", ())
        await pilot.press("u")
        await until(lambda: memory["id"] not in pane.vetoed)
        assert memory["id"] not in ledger.vetoed_ids(conn)
        conn.close()


@pilot_test
async def test_X_vetoes_the_file_or_error_group_and_P_pins(ledger_db):
    app = app_for(ledger_db)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await open_recall(pilot)
        conn = db.connect(ledger_db)
        while (pane._selected()[1] or {}).get("type") != "file_edit":
            await pilot.press("j")
        edit = pane._selected()[1]
        await pilot.press("X")
        await until(lambda: any(v["kind"] == "file" and v["value"] == edit["file_path"] for v in pane.vetoes))
        while (pane._selected()[1] or {}).get("type") != "error":
            await pilot.press("j")
        error = pane._selected()[1]
        await pilot.press("X")
        await until(lambda: any(v["kind"] == "error_group" for v in pane.vetoes))
        assert error["id"] in ledger.vetoed_ids(conn) and edit["id"] in ledger.vetoed_ids(conn)
        await pilot.press("k")
        await pilot.press("P")
        await until(lambda: bool(pane.pins))
        assert [m["id"] for m in ledger.pins(conn)] == [pane._selected()[1]["id"]]
        conn.close()


@pilot_test
async def test_the_list_of_vetoes_and_pins_lifts_with_u(ledger_db):
    app = app_for(ledger_db)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await open_recall(pilot)
        pane.steering.focus()
        await pilot.pause()
        assert pane.steering.cursor_key.startswith("v")
        assert not pane.check_action("veto", ())  # x is for a memory sent
        await pilot.press("u")
        await until(lambda: not pane.vetoes)
        conn = db.connect(ledger_db)
        assert ledger.vetoes(conn) == []
        conn.close()
        assert "none: x vetoes a memory sent" in screen_text(app)


@pilot_test
async def test_keys_that_do_not_apply_are_hidden(ledger_db):
    app = app_for(ledger_db)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await open_recall(pilot)
        assert pane._selected()[1] is None  # a decision row: no memory to veto or pin
        for action in ("veto", "veto_source", "pin", "lift"):
            assert not pane.check_action(action, ())


@pytest.mark.parametrize("size", SIZES)
def test_timeline_with_what_recall_gave(snap_compare, ledger_db, size):
    async def run_before(pilot):
        await settle(pilot)
        pilot.app.post_message(messages.OpenTimeline("s-live-0004"))
        await until(lambda: type(pilot.app.screen).__name__ == "TimelineScreen")
        await settle(pilot)
        await pilot.press("I")
        await until(lambda: pilot.app.screen.injections is not None)
        await settle(pilot)

    assert snap_compare(app_for(ledger_db), terminal_size=size, run_before=run_before)


@pilot_test
async def test_I_in_the_timeline_shows_each_prompt_with_what_it_was_given(ledger_db):
    app = app_for(ledger_db)
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        app.post_message(messages.OpenTimeline("s-live-0004"))
        await until(lambda: type(app.screen).__name__ == "TimelineScreen")
        await settle(pilot)
        assert "↳ recall" not in screen_text(app)
        await pilot.press("I")
        await until(lambda: app.screen.injections is not None)
        await settle(pilot)
        text = screen_text(app)
        assert "↳ recall: sent 3 memories" in text and "acted on: yes: touched the injected file" in text
        assert "fix the add function, tests are failing" in text  # a memory it was sent
        await pilot.press("I")
        await settle(pilot)
        assert "↳ recall" not in screen_text(app)


@pilot_test
async def test_the_memory_detail_vetoes_pins_and_lifts(ledger_db):
    app = app_for(ledger_db)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await open_recall(pilot)
        await pilot.press("j", "j")
        memory = pane._selected()[1]
        await pilot.press("enter")
        await until(lambda: type(app.screen).__name__ == "MemoryDetailScreen" and app.screen.memory is not None)
        screen = app.screen
        await pilot.press("x")
        await until(lambda: bool(screen.steering["vetoes"]))
        await until(lambda: "vetoed (memory #" in screen_text(app))  # drawn after the write, not with it
        await pilot.press("P")
        await until(lambda: screen.steering["pinned"])
        await pilot.press("u")
        await until(lambda: not screen.steering["vetoes"])
        await pilot.press("u")
        await until(lambda: not screen.steering["pinned"])
        conn = db.connect(ledger_db)
        assert memory["id"] not in ledger.vetoed_ids(conn) and ledger.pins(conn) == []
        conn.close()


@pilot_test
async def test_insights_shows_how_often_recall_was_acted_on(ledger_db):
    app = app_for(ledger_db)
    async with app.run_test(size=(160, 60)) as pilot:
        await settle(pilot)
        await pilot.press("6")
        await until(lambda: app.query_one("InsightsPane").data is not None)
        await settle(pilot)
        text = screen_text(app)
        # Two injections in the 30 days; the prompt's turn ended with its file touched, the
        # session start's turn goes on (not judged yet).
        assert "injected 2 times in 30 days, acted on 100% (of 1 whose turn ended)" in text
        assert "calc-app" in text and "1 of 1" in text
