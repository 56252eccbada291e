"""Recall has the filter every list has (`/` text, `p` project, `f` the filters), over the whole
ledger and not only the page shown; and its key (as Errors') lands on the newest row."""

from __future__ import annotations

import pytest

from store.database import connection as db
from store.reading import ledger
from tests.tui.conftest import at, pilot_test, settle, until
from tests.tui.test_recall_pane import app_for, build_ledger_db, ids_of
from tui.gui.panes.recall import PAGE


def add_decisions(path: str, count: int) -> None:
    """`count` more decisions, each on a prompt of its own ("step N"), the oldest first."""
    from store.writing import writer

    conn = db.connect(path)
    try:
        for n in range(count):
            writer.add_memory(conn, {"session_id": "s-calc-0001", "cwd": "/home/dev/calc-app", "prompt_id": f"p{n}",
                                     "type": "prompt", "content": f"step {n} of the refactor"})  # fmt: skip
            ledger.record(conn, session_id="s-calc-0001", prompt_id=f"p{n}", event="prompt",
                          project="/home/dev/calc-app", reason="nothing", memory_ids=[],
                          at=at(400 - n * 0.01))  # fmt: skip
    finally:
        conn.close()


@pytest.fixture
def ledger_db(home, utc) -> str:
    return build_ledger_db(home / "memory.db")


@pytest.fixture
def big_ledger(home, utc) -> str:
    path = build_ledger_db(home / "memory.db")
    add_decisions(path, PAGE + 50)  # past the page the pane reads at a time
    return path


async def recall(pilot):
    await settle(pilot)
    await pilot.press("7")
    pane = pilot.app.query_one("RecallPane")
    await until(lambda: pane.ledger.row_count > 0)
    await settle(pilot)
    return pane


@pilot_test
async def test_slash_filters_the_whole_ledger_by_its_prompts(big_ledger):
    app = app_for(big_ledger)
    async with app.run_test(size=(120, 30)) as pilot:
        pane = await recall(pilot)
        assert "step 3 of" not in str(pane.decisions)  # the oldest: past the first page
        await pilot.press("slash", *"step 3 of", "enter")
        await settle(pilot)
        assert [d["prompt"] for d in pane.decisions] == ["step 3 of the refactor"]
        assert app.focused is pane.ledger
        await pilot.press("escape")  # the filter cleared
        await settle(pilot)
        assert len(pane.decisions) == PAGE and not pane.has_filters()


@pilot_test
async def test_p_picks_a_project_and_f_goes_to_the_filters(ledger_db):
    from textual.widgets import Select

    app = app_for(ledger_db)
    async with app.run_test(size=(120, 30)) as pilot:
        pane = await recall(pilot)
        assert len(pane.decisions) == 3
        await pilot.press("p")
        await settle(pilot)
        select = pane.query_one("#recall-project", Select)
        assert select.expanded
        select.value = "/home/dev/shop-api"
        await settle(pilot)
        assert [d["session_id"] for d in pane.decisions] == ["s-shop-0002"]
        pane.ledger.focus()
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        assert app.focused is select


@pilot_test
async def test_recalls_key_lands_on_the_newest_decision_even_one_made_since(ledger_db):
    app = app_for(ledger_db)
    async with app.run_test(size=(120, 30)) as pilot:
        pane = await recall(pilot)
        await pilot.press("j", "j", "j")
        await settle(pilot)
        assert pane.ledger.cursor_row == 3
        await pilot.press("1")
        await settle(pilot)
        conn = db.connect(ledger_db)
        try:
            calc = ids_of(conn, "s-calc-0001")
            newest = ledger.record(conn, session_id="s-live-0004", prompt_id="y", event="prompt",
                                   project="/home/dev/calc-app", reason="chosen", memory_ids=[calc["error"]],
                                   at=at(1))  # fmt: skip
        finally:
            conn.close()
        app.broadcast_data_changed(1)
        await settle(pilot)
        await pilot.press("7")
        await settle(pilot)
        assert pane.ledger.cursor_row == 0 and pane._selected()[0]["id"] == newest


@pilot_test
async def test_errors_key_lands_on_the_group_seen_last(cleanup_db):
    from tests.tui.conftest import app_for as make

    app = make(cleanup_db)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        await pilot.press("4")
        await settle(pilot)
        errors = app.panes["errors"]
        first = errors.current_group_id
        await pilot.press("j")
        await settle(pilot)
        assert errors.current_group_id != first
        await pilot.press("1", "4")
        await settle(pilot)
        assert errors.current_group_id == first
