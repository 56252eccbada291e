"""The Cleanup pane: select by filter or marks, forget after the modal, redact, secrets audit."""

from __future__ import annotations

import contextlib

import pytest
from textual.widgets import Input

from store.database.connection import connect
from store.forgetting.erase import select_ids
from store.forgetting.selection import Criteria
from store.search import search
from tests.timing import HANG
from tests.tui.conftest import opened, pilot_test, screen_text
from tests.tui.fixtures_cleanup import (
    GITHUB_TOKEN,
    add_bulk,
    db_bytes,
    make_app,
    settle,
)
from tui.gui.messages import DataChanged
from tui.gui.modals import ConfirmModal
from tui.gui.modals.redact import RedactModal
from tui.gui.panes.cleanup import CleanupPane
from tui.gui.panes.cleanup.filter_bar import FILTER_DEBOUNCE
from tui.gui.textual_internals import notifications


def query_db(path, sql: str, *params):
    conn = connect(path)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def count(path, where: str = "1", *params) -> int:
    return query_db(path, f"SELECT count(*) FROM memory WHERE {where}", *params)[0][0]


def found(path, text: str) -> list[dict]:
    conn = connect(path)
    try:
        return search(conn, text, limit=50)
    finally:
        conn.close()


@contextlib.asynccontextmanager
async def cleanup_on(path, *, size: tuple[int, int] = (80, 24)):
    """`async with cleanup_on(db) as (app, pilot, pane)`: the app on `db`, Cleanup shown."""
    async with opened(make_app(path), "cleanup", size=size, wait=settle) as (pilot, pane):
        yield pilot.app, pilot, pane


async def filter_by(pilot, pane: CleanupPane, **values) -> None:
    pane.set_filter(**values)
    await settle(pilot)


def status(pane: CleanupPane) -> str:
    """The status line of the view in front (the filtered list, or the audit)."""
    shown = "#audit-status" if pane.mode == "audit" else "#cleanup-status"
    return str(pane.query_one(shown).render())


@pilot_test
async def test_lists_newest_first_and_a_filter_counts_what_select_ids_would_remove(cleanup_db):
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        table = pane.selection.table
        assert pane.selection.total == count(cleanup_db) == 19
        assert [int(k.value) for k in table.rows][:3] == [19, 18, 17]
        assert "All 19 memories" in status(pane)
        await filter_by(pilot, pane, project="webshop")
        conn = connect(cleanup_db)
        expected = select_ids(conn, project="/home/dev/webshop")
        conn.close()
        assert pane.selection.total == len(expected) == 7
        assert sorted(int(k.value) for k in table.rows) == expected
        assert "7 matches: project webshop" in status(pane)


@pilot_test
async def test_typing_in_the_filter_bar_applies_it(cleanup_db):
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        await pilot.press("slash")
        assert isinstance(app.focused, Input) and app.focused.id == "cleanup-query"
        await pilot.press(*"pyproject", "enter")
        await settle(pilot)
        assert pane.selection.criteria == Criteria(query="pyproject")
        assert pane.selection.total == 3
        assert app.focused is pane.selection.table
        await pilot.press("f", *"webshop", "escape")  # escape: back to the list, applied
        await settle(pilot)
        assert app.focused is pane.selection.table
        assert pane.selection.criteria == Criteria(query="pyproject", project="webshop")
        assert pane.selection.total == 1


@pilot_test
async def test_session_prefix_file_suffix_and_age(cleanup_db):
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        await filter_by(pilot, pane, session="sess-alpha")
        assert pane.selection.total == count(cleanup_db, "session_id = 'sess-alpha-0001'") == 6
        await filter_by(pilot, pane, session="", file_path="webshop/pyproject.toml")
        assert pane.selection.total == 1
        await filter_by(pilot, pane, file_path="pyproject.toml")  # two files end like that
        assert pane.selection.total == 0 and "files match" in status(pane)
        await filter_by(pilot, pane, file_path="", older_days=7)  # the clock says 2025-03-10 12:00
        assert pane.selection.total == count(cleanup_db, "created_at < '2025-03-03T12:00:00'") == 6
        await filter_by(pilot, pane, older_days=None, project="nowhere")
        assert pane.selection.total == 0 and "No project matches 'nowhere'" in status(pane)
        assert pane.check_action("mark_all", ()) is False


@pilot_test
async def test_marked_rows_are_forgotten_after_the_modal_and_cancel_removes_nothing(cleanup_db):
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        await pilot.press("space", "space")  # marks 19 and 18, the cursor moves down
        assert pane.selection.marks.marked == {19, 18}
        assert "2 marked" in status(pane)
        await pilot.press("d")
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, ConfirmModal)
        assert modal.count == 2 and "Forget 2 memories?" in modal.title_text
        assert "the marked memories" in modal.details and "1 session" in modal.details
        await pilot.press("n")
        await settle(pilot)
        assert count(cleanup_db) == 19
        assert pane.selection.marks.marked == {19, 18}

        await pilot.press("d")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert count(cleanup_db) == 19

        await pilot.press("d")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert count(cleanup_db) == 17
        assert count(cleanup_db, "id IN (18, 19)") == 0
        assert pane.selection.total == 17 and not pane.selection.marks
        assert "18" not in [k.value for k in pane.selection.table.rows]


@pilot_test
async def test_unmarking_a_row_and_escape_clears_marks(cleanup_db):
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        await filter_by(pilot, pane, project="memlane")
        await pilot.press("a")
        assert pane.selection.marks.count == pane.selection.total == 12
        await pilot.press("space")  # the first row leaves the selection
        assert pane.selection.marks.count == 11 and not pane.selection.marks.is_marked(17)
        await pilot.press("d")
        await settle(pilot)
        assert app.screen.count == 11 and "the marked memories" in app.screen.details
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("escape")
        assert pane.selection.marks.count == 0


@pilot_test
async def test_with_nothing_marked_d_offers_the_whole_filter(cleanup_db):
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        await filter_by(pilot, pane, query="ModuleNotFoundError")
        assert pane.selection.total == 3
        await pilot.press("d")
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, ConfirmModal) and modal.count == 3
        assert 'every memory matching query "ModuleNotFoundError"' in modal.details
        assert "3 sessions" in modal.details and "memlane, webshop" in modal.details
        await pilot.press("y")
        await settle(pilot)
        assert found(cleanup_db, "ModuleNotFoundError") == []
        assert b"No module named 'textual_dev'" not in db_bytes(cleanup_db)
        assert pane.selection.total == 0


@pilot_test
async def test_more_than_a_thousand_needs_the_count_typed(cleanup_db):
    add_bulk(cleanup_db, 1500)
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        await filter_by(pilot, pane, session="sess-bulk")
        table = pane.selection.table
        assert pane.selection.total == 1500
        assert table.row_count == 100  # a page, never the whole filter
        await pilot.press("a", "d")
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, ConfirmModal) and modal.type_count and modal.count == 1500
        await pilot.press("y")
        await settle(pilot)
        assert app.screen is modal and count(cleanup_db) == 1519
        await pilot.press(*"1500")
        await pilot.press("y")
        await settle(pilot)
        assert count(cleanup_db) == 19
        assert count(cleanup_db, "session_id = 'sess-bulk-0004'") == 0
        assert (
            query_db(
                cleanup_db, "SELECT count(*) FROM session WHERE session_id = 'sess-bulk-0004'"
            )[0][0]
            == 0
        )


def held(table) -> list[int]:
    return [int(key.value) for key in table.rows]


def window_is_the_list(table, listed: list[int]) -> bool:
    """The rows held are the list's rows at their offsets: no gap, no repeat."""
    return held(table) == listed[table.window_start : table.window_end]


def mark_cell(table, memory_id: int) -> str:
    return table.get_row(str(memory_id))[0].plain


@pilot_test
async def test_G_goes_to_the_oldest_memory_and_k_g_walk_back(cleanup_db):
    add_bulk(cleanup_db, 3000)
    listed = list(range(3019, 0, -1))  # every memory, newest first (ids 1-19: the fixture)
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        table = pane.selection.table
        assert table.row_count == 100 and pane.selection.total == 3019
        await pilot.press("G")  # the oldest memory, not the end of what is loaded
        await settle(pilot)
        assert pane.current_id == 1 and table.cursor_row == table.row_count - 1
        assert table.window_end == 3019 and window_is_the_list(table, listed)
        assert "Fix the failing tests in memla" in screen_text(app)  # #1, drawn
        await pilot.press(*["pageup"] * 5)
        await settle(pilot)
        position = table.window_start + table.cursor_row
        for _ in range(12):  # up across the page boundary: the page before loads above
            await pilot.press("k")
        await settle(pilot)
        assert pane.current_id == listed[position - 12]
        assert table.window_start < 3019 - 100 and window_is_the_list(table, listed)
        assert f"bulk note number {listed[position - 12] - 20}" in screen_text(app)
        assert table.row_count <= 4 * 100  # a few pages of the three thousand
        await pilot.press("g")
        await settle(pilot)
        assert pane.current_id == 3019 and table.window_start == 0
        assert window_is_the_list(table, listed)
        await pilot.press("end")
        await settle(pilot)
        assert pane.current_id == 1
        table.move_cursor(row=30)  # near the window's top, far from the list's
        await settle(pilot)
        shown = pane.current_id
        pane.post_message(DataChanged(1))  # a hook wrote: only a window at the top reloads
        await settle(pilot)
        assert pane.current_id == shown and table.window_end == 3019
        await pilot.press("home")
        await settle(pilot)
        assert pane.current_id == 3019 and "All 3,019 memories" in status(pane)


@pilot_test
async def test_a_wider_terminal_adds_the_session_column_and_keeps_the_cursor(cleanup_db):
    add_bulk(cleanup_db, 3000)
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        table = pane.selection.table
        await pilot.press("G")
        await settle(pilot)
        await pilot.press(*["k"] * 7)
        await settle(pilot)
        shown, start, rows = pane.current_id, table.window_start, table.row_count
        assert "session" not in table.columns
        await pilot.resize_terminal(160, 48)
        await settle(pilot)
        assert "session" in table.columns
        assert pane.current_id == shown == 8  # the same memory, in the same window
        assert (table.window_start, table.row_count) == (start, rows)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert "session" not in table.columns and pane.current_id == 8


@pilot_test
async def test_marks_outlive_the_window_and_d_forgets_exactly_them(cleanup_db):
    add_bulk(cleanup_db, 3000)
    listed = list(range(3019, 19, -1))  # the bulk session, newest first
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        await filter_by(pilot, pane, session="sess-bulk")
        table = pane.selection.table
        assert pane.selection.total == 3000 and table.row_count == 100
        await pilot.press("space")  # marks the newest, #3019
        await pilot.press("G")
        await settle(pilot)
        assert pane.current_id == 20 and "3019" not in table.rows
        assert pane.selection.marks.count == 1 and "1 marked" in status(pane)
        await pilot.press("space")  # marks the oldest, #20
        assert mark_cell(table, 20) == "●"
        await pilot.press(*["pageup"] * 6)
        await settle(pilot)
        position = table.window_start + table.cursor_row
        for _ in range(12):  # up across the page boundary: the page before loads above
            await pilot.press("k")
        await settle(pilot)
        assert pane.current_id == listed[position - 12] and window_is_the_list(table, listed)
        assert table.window_start < 3000 - 100 and mark_cell(table, pane.current_id) == " "
        await pilot.press("g")
        await settle(pilot)
        assert pane.current_id == 3019 and mark_cell(table, 3019) == "●"
        assert "20" not in table.rows and window_is_the_list(table, listed)
        assert pane.selection.marks.count == 2 and "2 marked" in status(pane)
        await pilot.press("d")
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, ConfirmModal) and modal.count == 2
        assert "Forget 2 memories?" in modal.title_text and "the marked memories" in modal.details
        await pilot.press("y")
        await settle(pilot)
        assert count(cleanup_db) == 3017 and count(cleanup_db, "id IN (20, 3019)") == 0
        assert pane.selection.total == 2998 and not pane.selection.marks


@pilot_test
async def test_mark_all_still_means_the_whole_filter_after_G_and_g(cleanup_db):
    add_bulk(cleanup_db, 3000)
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        await filter_by(pilot, pane, session="sess-bulk")
        table = pane.selection.table
        await pilot.press("a", "G")
        await settle(pilot)
        assert pane.current_id == 20 and mark_cell(table, 20) == "●"
        await pilot.press("space")  # the oldest leaves the selection
        await pilot.press("g")
        await settle(pilot)
        assert mark_cell(table, 3019) == "●" and pane.selection.marks.count == 2999
        await pilot.press("d")
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, ConfirmModal) and modal.count == 2999
        assert "the marked memories" in modal.details
        await pilot.press("escape")
        await settle(pilot)
        assert count(cleanup_db) == 3019


@pilot_test
async def test_redact_a_span_inside_one_memory(cleanup_db):
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        await filter_by(pilot, pane, query="npm")
        assert pane.current_id == 19
        await pilot.press("R")
        await settle(pilot)
        assert isinstance(app.screen, RedactModal)
        await pilot.press(*"left-padd", "enter")
        await settle(pilot)
        content = query_db(cleanup_db, "SELECT content FROM memory WHERE id = 19")[0][0]
        assert "left-padd" not in content and "[REDACTED]" in content
        assert found(cleanup_db, "left-padd") == []
        assert b"left-padd" not in db_bytes(cleanup_db)


@pilot_test
async def test_redact_with_a_regular_expression_and_cancel(cleanup_db):
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        await pilot.press("R")
        await settle(pilot)
        await pilot.press(*"E40", "escape")
        await settle(pilot)
        assert "E404" in query_db(cleanup_db, "SELECT content FROM memory WHERE id = 19")[0][0]
        await pilot.press("R")
        await settle(pilot)
        await pilot.press(*r"E\d+", "ctrl+t", "enter")
        await settle(pilot)
        content = query_db(cleanup_db, "SELECT content FROM memory WHERE id = 19")[0][0]
        assert content.startswith("npm ERR! code [REDACTED] 404")
        assert pane.current_id == 19


@pilot_test
async def test_secrets_audit_finds_a_raw_token_and_one_key_redacts_it(cleanup_db):
    assert GITHUB_TOKEN.encode() in db_bytes(cleanup_db)
    assert [h["id"] for h in found(cleanup_db, GITHUB_TOKEN)] == [18]
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        assert pane.check_action("redact_findings", ()) is False
        await pilot.press("S")
        await settle(pilot)
        assert pane.mode == "audit"
        assert [f["id"] for f in pane.audit.findings] == [18]
        assert pane.audit.findings[0]["kinds"] == ["github_token"]
        assert "1 memory holds secrets (github_token)" in status(pane)
        assert pane.check_action("redact_findings", ()) is True
        await pilot.press("R")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmModal) and app.screen.count == 1
        await pilot.press("y")
        await settle(pilot)
        assert pane.audit.findings == []
        assert "nothing found" in status(pane)
        await pilot.press("escape")
        await settle(pilot)
        assert pane.mode == "filter"
    content = query_db(cleanup_db, "SELECT content FROM memory WHERE id = 18")[0][0]
    assert content == "export GH_TOKEN=[REDACTED:github_token] && gh repo clone dev/webshop"
    assert found(cleanup_db, GITHUB_TOKEN) == []
    assert found(cleanup_db, "ghp_A1b2C3d4E5f6") == []
    assert GITHUB_TOKEN.encode() not in db_bytes(cleanup_db)
    assert b"ghp_A1b2C3d4E5f6" not in db_bytes(cleanup_db)


@pilot_test
async def test_the_audit_leaves_a_value_the_person_said_is_not_a_secret(cleanup_db, home):
    from store.writing.writer import add_memory

    build = "b7Qx9LmZ2pVt4Kw8"
    conn = connect(cleanup_db)
    kept = add_memory(conn, {"session_id": "s-keep", "type": "command", "cwd": "/tmp",
                             "content": f"$ make CACHE_TOKEN={build}"})  # fmt: skip
    conn.close()
    config = home / ".claude" / "memlane" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text('not_secret_patterns = ["b7Qx[0-9A-Za-z]{12}"]\n')
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        await pilot.press("S")
        await settle(pilot)
        assert [f["id"] for f in pane.audit.findings] == [18]
        await pilot.press("R")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmModal) and app.screen.count == 1
        await pilot.press("y")
        await settle(pilot)
    assert query_db(cleanup_db, "SELECT content FROM memory WHERE id = ?", kept)[0][0] == f"$ make CACHE_TOKEN={build}"
    config.unlink()
    conn = connect(cleanup_db)
    try:
        from store.forgetting import secrets_audit

        assert [f["id"] for f in secrets_audit(conn)] == [kept]  # without the setting it is offered
    finally:
        conn.close()


@pilot_test
async def test_enter_on_a_finding_opens_it_in_its_session_timeline(cleanup_db):
    from tui.gui.screens.timeline import TimelineScreen

    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        await pilot.press("S")
        await settle(pilot)
        assert [f["id"] for f in pane.audit.findings] == [18]
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TimelineScreen)
        assert app.screen.session_id == "sess-bravo-0002" and app.screen.memory_id == 18


NEWEST_TOKEN = "ghp_Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2"


@pytest.fixture
def big_audit_db(cleanup_db):
    """3,020 memories: a token in the oldest rows (#18, scanned last) and in the newest (#3020)."""
    from store.writing.writer import add_memory

    add_bulk(cleanup_db, 3000)
    conn = connect(cleanup_db)
    newest = add_memory(conn, {"session_id": "sess-bulk-0004", "type": "command",
                               "cwd": "/home/dev/bulk", "created_at": "2025-03-09T10:00:00.000000Z",
                               "content": f"echo {NEWEST_TOKEN} | gh auth login --with-token"})  # fmt: skip
    conn.close()
    assert newest == 3020
    return cleanup_db


@pytest.fixture
def audit_gate(monkeypatch):
    """Holds the audit's second batch until `gate.set()`; `calls` counts the batches asked for."""
    import threading

    from tui.gui.panes.cleanup import audit as cleanup_audit

    gate, calls, real = threading.Event(), [], cleanup_audit.audit_batch

    def gated(conn, *args, **kwargs):
        calls.append(args[0])
        if len(calls) == 2:
            gate.wait(HANG)
        return real(conn, *args, **kwargs)

    monkeypatch.setattr(cleanup_audit, "audit_batch", gated)
    yield gate, calls
    gate.set()


async def until(pilot, condition, timeout: float = HANG) -> None:
    """Let the app run until `condition()` holds (workers may be blocked, so no settle)."""
    import time

    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the app never got there"
        await pilot.pause(0.02)


@pilot_test
async def test_the_audit_shows_progress_and_findings_as_it_scans(big_audit_db, audit_gate):
    gate, calls = audit_gate
    async with cleanup_on(big_audit_db, size=(100, 24)) as (app, pilot, pane):
        await pilot.press("S")
        await until(pilot, lambda: "scanned" in status(pane))
        # The first batch (the newest 250) is drawn while the second is still being scanned.
        assert "Secrets audit: scanned 250 of 3,020 memories · 1 finding" in status(pane)
        assert [k.value for k in pane.audit.table.rows] == ["3020"]
        assert pane.check_action("redact_findings", ()) is True
        gate.set()
        await settle(pilot)
        assert [f["id"] for f in pane.audit.findings] == [3020, 18]
        assert [k.value for k in pane.audit.table.rows] == ["3020", "18"]
        assert "2 memories hold secrets (github_token)" in status(pane)
        assert len(calls) == 13  # 3,020 memories in batches of 250


@pilot_test
async def test_stopping_the_audit_keeps_what_it_found_and_says_so(big_audit_db, audit_gate):
    gate, calls = audit_gate
    async with cleanup_on(big_audit_db, size=(100, 24)) as (app, pilot, pane):
        await pilot.press("S")
        await until(pilot, lambda: "scanned" in status(pane))
        await pilot.press("escape")  # stops the scan; a second escape would leave the audit
        assert pane.mode == "audit" and not pane.audit.scanning
        gate.set()  # the batch in hand finishes, and no other starts
        await settle(pilot)
        assert len(calls) == 2
        assert [f["id"] for f in pane.audit.findings] == [3020]
        assert "Secrets audit stopped after 500 of 3,020 memories" in status(pane)
        assert "1 memory holds secrets (github_token)" in status(pane)

        await pilot.press("R")  # redacts what was found, nothing else
        await settle(pilot)
        assert isinstance(app.screen, ConfirmModal) and app.screen.count == 1
        await pilot.press("y")
        await settle(pilot)
        assert pane.audit.findings == [] and "stopped" in status(pane)
        assert found(big_audit_db, NEWEST_TOKEN) == []
        assert [h["id"] for h in found(big_audit_db, GITHUB_TOKEN)] == [18]

        await pilot.press("S")  # scans again, to the end this time
        await settle(pilot)
        assert [f["id"] for f in pane.audit.findings] == [18]
        assert "1 memory holds secrets" in status(pane) and "stopped" not in status(pane)


@pilot_test
async def test_leaving_the_audit_stops_its_scan(big_audit_db, audit_gate):
    gate, calls = audit_gate
    async with cleanup_on(big_audit_db, size=(100, 24)) as (app, pilot, pane):
        await pilot.press("S")
        await until(pilot, lambda: "scanned" in status(pane))
        await pilot.press("slash")  # to the filter bar: the audit view goes
        gate.set()
        await settle(pilot)
        assert pane.mode == "filter" and pane.audit.findings == []
        assert len(calls) == 2
        assert "All 3,020 memories" in status(pane)


@pilot_test
async def test_G_in_the_audit_goes_to_the_last_finding_and_g_back(cleanup_db):
    from store.writing.writer import add_memories

    conn = connect(cleanup_db)
    add_memories(conn, [
        {"session_id": "sess-bulk-0004", "type": "command", "cwd": "/home/dev/bulk",
         "content": f"export GH_TOKEN=ghp_{n:04d}A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6",
         "created_at": f"2025-02-01T10:{n // 60:02d}:{n % 60:02d}.000000Z"}
        for n in range(260)
    ])  # fmt: skip
    conn.close()
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        await pilot.press("S")
        await settle(pilot)
        table = pane.audit.table
        listed = [f["id"] for f in pane.audit.findings]
        assert len(listed) == 261 and listed[-1] == 18  # the fixture's token is the oldest
        assert table.row_count == 100
        await pilot.press("G")
        await settle(pilot)
        assert pane.current_id == 18 and table.window_end == 261
        assert held(table) == listed[table.window_start : table.window_end]
        await pilot.press(*["pageup"] * 6)
        await settle(pilot)
        position = table.window_start + table.cursor_row
        for _ in range(12):  # up across the page boundary: the page before loads above
            await pilot.press("k")
        await settle(pilot)
        assert pane.current_id == listed[position - 12] and table.window_start < 261 - 100
        assert held(table) == listed[table.window_start : table.window_end]
        await pilot.press("g")
        await settle(pilot)
        assert pane.current_id == listed[0] and table.window_start == 0


@pilot_test
async def test_cancelling_the_audit_redaction_keeps_the_token(cleanup_db):
    async with cleanup_on(cleanup_db) as (app, pilot, _pane):
        await pilot.press("S")
        await settle(pilot)
        await pilot.press("R")
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
    assert [h["id"] for h in found(cleanup_db, GITHUB_TOKEN)] == [18]


@pilot_test
async def test_keys_that_do_not_apply_are_hidden(cleanup_db):
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        assert pane.check_action("mark_all", ()) is False  # no filter yet
        assert pane.check_action("back", ()) is False
        assert pane.check_action("toggle_mark", ()) is True
        await pilot.press("a")  # explains instead of marking everything
        assert pane.selection.marks.count == 0
        await filter_by(pilot, pane, project="webshop")
        assert pane.check_action("mark_all", ()) is True
        await pilot.press("S")
        await settle(pilot)
        assert pane.check_action("toggle_mark", ()) is False
        assert pane.check_action("forget", ()) is False
        assert pane.check_action("back", ()) is True


@pilot_test
async def test_the_filter_applies_itself_after_a_pause_in_typing(cleanup_db):
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        await pilot.press("f", "tab", *"sess-charl")
        await pilot.pause(FILTER_DEBOUNCE + 0.3)
        await settle(pilot)
        assert pane.selection.criteria.session == "sess-charl" and pane.selection.total == 6
        assert isinstance(app.focused, Input)  # still typing


@pilot_test
async def test_enter_opens_the_memory_in_its_session_timeline(cleanup_db):
    from tui.gui.screens.timeline import TimelineScreen

    async with cleanup_on(cleanup_db) as (app, pilot, _pane):
        await pilot.press("j", "enter")
        await settle(pilot)
        assert isinstance(app.screen, TimelineScreen)
        assert app.screen.session_id == "sess-bravo-0002" and app.screen.memory_id == 18


@pilot_test
async def test_the_pane_forgets_through_the_one_forget_and_l_shows_the_log_without_content(cleanup_db):
    async with cleanup_on(cleanup_db, size=(100, 30)) as (app, pilot, pane):
        await filter_by(pilot, pane, query="ModuleNotFoundError")
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        logs = [n.message for n in notifications(app) if n.title.startswith("Forget log")]
        assert len(logs) == 1 and "3  a search of 1 word" in logs[0]
        assert "ModuleNotFoundError" not in logs[0]  # the log keeps no content
    conn = connect(cleanup_db)
    try:
        from store.forgetting.erase import forget_log

        assert forget_log(conn)[0]["count"] == 3  # what `memlane forget --log` lists too
        assert conn.execute("SELECT count(*) FROM tombstone").fetchone()[0] >= 3
    finally:
        conn.close()


def _newest_id(path) -> int:
    from store.database.connection import connect

    conn = connect(path)
    try:
        return conn.execute("SELECT max(id) FROM memory").fetchone()[0]
    finally:
        conn.close()


def _top_row_id(pane) -> int:
    table = pane.selection.table
    top = int(table.scroll_y)
    return int(table.ordered_rows[top].key.value)


@pilot_test
async def test_cleanup_shows_what_hooks_wrote_at_the_top_with_the_cursor_on_it(cleanup_db):
    path = cleanup_db
    add_bulk(path, 250)
    async with cleanup_on(path) as (app, pilot, pane):
        assert pane.current_id == _newest_id(path)
        await pilot.press("1")  # away from Cleanup while hooks write
        await settle(pilot)
        add_bulk(path, 18, session="sess-bulk-0005")
        app.broadcast_data_changed(2)
        await settle(pilot)
        await pilot.press("5")
        await settle(pilot)
        newest = _newest_id(path)
        assert f"All {newest:,} memories" in screen_text(app)
        assert pane.current_id == newest and _top_row_id(pane) == newest
        assert app.focused is pane.selection.table
        add_bulk(path, 18, session="sess-bulk-0006")  # and while it is in view
        app.broadcast_data_changed(3)
        await settle(pilot)
        newest = _newest_id(path)
        assert pane.current_id == newest and _top_row_id(pane) == newest
        await pilot.press("j", "k")  # the cursor is there and moves
        await settle(pilot)
        assert pane.current_id == newest


@pilot_test
async def test_cleanup_counts_and_kinds_read_as_english(cleanup_db):
    from tui.gui.panes.cleanup import describe_selection

    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        pane.set_filter(project="webshop")
        await settle(pilot)
        assert "7 matches: project webshop" in screen_text(app)
    details = describe_selection({"count": 3, "sessions": ["a"], "projects": ["shop"],
                                  "oldest": "2025-03-01T10:00:00.000000Z",
                                  "newest": "2025-03-01T10:00:00.000000Z",
                                  "kinds": {"error": 2, "command": 1}}, "test")  # fmt: skip
    assert "3 memories from 1 session" in details
    assert "Kinds: 2 errors, 1 cmd." in details


@pilot_test
async def test_with_a_query_each_row_shows_what_matched_lit(cleanup_db):
    async with cleanup_on(cleanup_db) as (app, pilot, pane):
        await filter_by(pilot, pane, query="textual_dev")
        table = pane.selection.table
        assert pane.selection.total == 3
        for row in table.ordered_rows:
            why = table.get_row(row.key)[-1]
            lit = [why.plain[span.start : span.end] for span in why.spans if "reverse" in str(span.style)]
            assert lit and all(word.lower() == "textual_dev" for word in lit), why.plain
