"""The redaction modal counts matches as the person types, and a runaway pattern never freezes the app."""

from __future__ import annotations

import threading
import time

import pytest

from store.database.connection import connect
from store.writing.writer import add_memory
from tests.timing import HANG
from tests.tui.conftest import open_pane, pilot_test
from tests.tui.fixtures_cleanup import make_app, settle
from tui.gui.modals.redact import COUNT_DEBOUNCE, RedactModal, verdict_for

RUNAWAY = "(a+)+$"  # backtracks 2^n times on n a's followed by a b
A_RUN = "a" * 32 + "b"  # minutes of matching in this process: far over the time limit


@pytest.fixture
def redact_db(cleanup_db):
    """The Errors/Cleanup database and, newest (#20), a memory the runaway pattern chokes on."""
    conn = connect(cleanup_db)
    newest = add_memory(conn, {"session_id": "sess-charl-0003", "type": "command",
                               "cwd": "/home/dev/memlane", "created_at": "2025-03-09T11:00:00.000000Z",
                               "content": f"echo {A_RUN}"})  # fmt: skip
    conn.close()
    assert newest == 20
    return cleanup_db

def content_of(path, memory_id: int) -> str:
    conn = connect(path)
    try:
        return conn.execute("SELECT content FROM memory WHERE id = ?", (memory_id,)).fetchone()[0]
    finally:
        conn.close()


def status(modal: RedactModal) -> str:
    return str(modal.query_one("#text-input-status").render())


async def until(pilot, condition, timeout: float = HANG) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the app never got there"
        await pilot.pause(0.02)


async def open_redaction(pilot, memory_id: int) -> RedactModal:
    """The Cleanup pane, the cursor on `memory_id`, `r`: the modal."""
    pane = await open_pane(pilot, "cleanup", wait=settle)
    table = pane.selection.table
    table.move_cursor(row=table.get_row_index(str(memory_id)), animate=False)
    await pilot.press("R")
    await settle(pilot)
    assert isinstance(pilot.app.screen, RedactModal)
    return pilot.app.screen


@pilot_test
async def test_the_count_appears_as_the_person_types(redact_db):
    app = make_app(redact_db)
    async with app.run_test(size=(80, 24)) as pilot:
        modal = await open_redaction(pilot, 19)
        await pilot.press(*"404")
        assert status(modal) == "2 places will become [REDACTED]."  # literal text: at once
        await pilot.press("ctrl+t", "backspace", "backspace", "backspace", *r"E\d+")
        await until(pilot, lambda: "will become" in status(modal))
        assert status(modal) == "1 place will become [REDACTED]."
        await pilot.press("enter")
        await settle(pilot)
        assert content_of(redact_db, 19).startswith("npm ERR! code [REDACTED] 404")


@pilot_test
async def test_a_runaway_pattern_leaves_the_app_responsive_and_is_not_applied(redact_db):
    app = make_app(redact_db)
    async with app.run_test(size=(80, 24)) as pilot:
        modal = await open_redaction(pilot, 20)
        box = modal.query_one("#text-input-value")
        await pilot.press("ctrl+t", *RUNAWAY)
        started = time.monotonic()
        await pilot.pause(COUNT_DEBOUNCE + 0.2)  # the count starts in here
        await pilot.press("home")
        assert box.cursor_position == 0
        # An in-process count would hold the GIL, and the app, for minutes (2^33 steps).
        assert time.monotonic() - started < HANG / 2
        await until(pilot, lambda: "Too slow" in status(modal))
        assert "will not be applied" in status(modal)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is modal  # refused: still asking
        assert content_of(redact_db, 20) == f"echo {A_RUN}"
        await pilot.press("end", "backspace", *"b")  # (a+)+b is quick, and the app still counts
        await until(pilot, lambda: "will become" in status(modal))
        assert status(modal) == "1 place will become [REDACTED]."


@pilot_test
async def test_a_pattern_with_a_syntax_error_says_so_in_one_sentence(redact_db):
    app = make_app(redact_db)
    async with app.run_test(size=(80, 24)) as pilot:
        modal = await open_redaction(pilot, 19)
        await pilot.press("ctrl+t", *"E(40")
        await until(pilot, lambda: status(modal) != "Counting the matches…")
        assert status(modal) == (
            "Not a valid regular expression: missing ), unterminated subpattern at position 1."
        )
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is modal
        assert "E404" in content_of(redact_db, 19)


@pilot_test
async def test_the_count_and_the_redaction_cover_the_path_and_tags_too(cleanup_db):
    conn = connect(cleanup_db)
    memory_id = add_memory(conn, {"session_id": "sess-charl-0003", "type": "file_edit", "tool_name": "Edit",
                                  "cwd": "/home/dev/memlane", "created_at": "2025-03-09T11:30:00.000000Z",
                                  "file_path": "/home/dev/memlane/src/zanzibar_client.py",
                                  "tags": "payments zanzibar", "content": "Edited the payment client"})  # fmt: skip
    conn.close()
    app = make_app(cleanup_db)
    async with app.run_test(size=(80, 24)) as pilot:
        modal = await open_redaction(pilot, memory_id)
        await pilot.press(*"zanzibar")
        assert status(modal) == "2 places will become [REDACTED]."  # the file path and the tags
        await pilot.press("enter")
        await settle(pilot)
    conn = connect(cleanup_db)
    row = conn.execute("SELECT file_path, tags FROM memory WHERE id = ?", (memory_id,)).fetchone()
    conn.close()
    assert row == ("/home/dev/memlane/src/[REDACTED]_client.py", "payments [REDACTED]")


@pilot_test
async def test_a_count_that_arrives_after_escape_submits_nothing(redact_db, monkeypatch):
    # enter before the count came (it applies once the count does), then escape: the count's
    # answer was still queued for the modal once it was off the stack, and its submit dismissed
    # the screen below instead (the Cleanup pane's: the app crashed, nothing left to show).
    from tui.gui.modals.redact import PatternCounted

    counting, slow = threading.Event(), threading.Event()

    def slow_count(pattern: str, content: str) -> int:
        counting.set()
        slow.wait(HANG)
        return 1

    monkeypatch.setattr("tui.gui.modals.redact.count_in_time", slow_count)
    app = make_app(redact_db)
    async with app.run_test(size=(80, 24)) as pilot:
        modal = await open_redaction(pilot, 19)
        await pilot.press("ctrl+t", *r"E\d+", "enter")  # enter before the count: it waits for it
        await until(pilot, counting.is_set)
        assert modal._submit_when_counted and app.screen is modal
        modal.action_cancel()  # escape...
        modal.post_message(PatternCounted(r"E\d+", verdict_for(1)))  # ...and the count, just behind
        await until(pilot, lambda: not modal.is_attached)
        slow.set()
        await settle(pilot)
        assert len(app.screen_stack) == 1 and app.is_running
        assert "E404" in content_of(redact_db, 19)  # escape won: nothing was redacted
