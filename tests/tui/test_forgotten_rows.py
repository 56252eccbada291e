"""What is forgotten or redacted leaves every pane and screen, whoever forgot it: here the
CLI, from another process, while the app runs (issue 25 item 3)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from tests.tui.conftest import first_screen, pilot_test, screen_text, settle, until
from tui.gui import messages
from tui.gui.widgets.preview import Preview

ROOT = Path(__file__).resolve().parents[2]

WORD = "docker"  # in the infra session's prompt and a command (not the word "Dockerfile")
GONE = "docker build"  # their text, and the session's summary
POLL = 0.05


def forget_in_another_process(db_path: str, *argv: str) -> None:
    done = subprocess.run([sys.executable, "-m", "tui.commands.cli", "--db", db_path, "forget", *argv, "--yes"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr


def redact_in_another_process(db_path: str, word: str) -> None:
    code = ("import sys; from store.database import connection as db; from store.forgetting import erase as forget; conn = db.connect(sys.argv[1]); "
            "ids = [r[0] for r in conn.execute('SELECT id FROM memory WHERE content LIKE ?', ('%' + sys.argv[2] + '%',))]; "
            "[forget.redact(conn, i, pattern=sys.argv[2]) for i in ids]")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code, db_path, word], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr


def shows(app, word: str) -> bool:
    return word in screen_text(app).lower()


@pilot_test
async def test_live_and_sessions_drop_what_the_cli_forgot(db_path, make_app):
    app = make_app(db_path, poll_interval=POLL)
    # tall enough for Live to show every row: in time order the infra session's oldest rows
    # (the docker build) sit above the fold at 36 lines
    async with app.run_test(size=(120, 50)) as pilot:
        await first_screen(app)
        await until(lambda: shows(app, GONE))  # the infra session's summary
        await pilot.press("2")
        await until(lambda: shows(app, GONE))  # its rows in Live
        forget_in_another_process(db_path, "--query", WORD)
        await until(lambda: not shows(app, GONE))
        assert shows(app, "multiply") and shows(app, "edit dockerfile")  # the rest stays
        await pilot.press("1")
        await settle(pilot)
        await until(lambda: not shows(app, GONE))


@pilot_test
async def test_search_a_timeline_and_a_memory_drop_what_the_cli_forgot(db_path, make_app):
    app = make_app(db_path, poll_interval=POLL)
    async with app.run_test(size=(120, 36)) as pilot:
        await first_screen(app)
        await pilot.press("3", "slash")  # Search, its query box
        await settle(pilot)
        search = app.panes["search"]
        search.query_input.value = WORD
        await until(lambda: search.table.row_count == 2 and shows(app, GONE))  # the prompt and the command
        forget_in_another_process(db_path, "--query", WORD)
        await until(lambda: not shows(app, GONE))
        assert shows(app, "edit dockerfile")  # what only held the letters is still found

        await pilot.press("escape", "1")
        await first_screen(app)
        app.post_message(messages.OpenTimeline("s-live-0004"))
        await until(lambda: shows(app, "multiply"))
        forget_in_another_process(db_path, "--session", "s-live-0004")
        await until(lambda: not shows(app, "multiply"))


@pilot_test
async def test_a_redaction_in_another_process_reaches_live_and_the_memory_screen(db_path, make_app):
    app = make_app(db_path, poll_interval=POLL)
    async with app.run_test(size=(120, 36)) as pilot:
        await first_screen(app)
        await pilot.press("2")
        await until(lambda: shows(app, "multiply"))
        conn = sqlite3.connect(db_path)
        (edit,) = conn.execute("SELECT id FROM memory WHERE content LIKE '%def multiply%'").fetchone()
        conn.close()
        app.post_message(messages.OpenMemory(edit))
        await until(lambda: shows(app, "return a * b"))
        redact_in_another_process(db_path, "multiply")
        await until(lambda: not shows(app, "multiply") and shows(app, "[redacted]"))
        await pilot.press("escape")
        await until(lambda: not shows(app, "multiply"))


@pilot_test
async def test_the_preview_follows_what_another_process_writes_to_the_selected_session(db_path, make_app):
    app = make_app(db_path, poll_interval=POLL)
    async with app.run_test(size=(200, 50)):
        await first_screen(app)
        table = app.panes["sessions"].table
        session = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        await until(lambda: app.panes["sessions"].query_one(Preview).shown == ("session", session))
        write_prompts(db_path, session, ["plan the zebra migration"])
        await until(lambda: shows(app, "plan the zebra migration"))  # the selected session's new prompt


@pilot_test
async def test_a_preview_read_again_keeps_the_place_read_to(db_path, make_app):
    app = make_app(db_path, poll_interval=POLL)
    async with app.run_test(size=(80, 24)):  # the preview below the list: a few lines tall
        await first_screen(app)
        table = app.panes["sessions"].table
        session = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        preview = app.panes["sessions"].query_one(Preview)
        await until(lambda: preview.shown == ("session", session))
        write_prompts(db_path, session, [f"step {n} of the long plan" for n in range(12)])
        await until(lambda: preview.max_scroll_y > 0)  # read again: taller than the preview now
        preview.scroll_end(animate=False, immediate=True)
        await until(lambda: preview.scroll_y == preview.max_scroll_y > 0)
        place, bottom = preview.scroll_y, preview.max_scroll_y
        write_prompts(db_path, session, ["plan the zebra migration"])
        await until(lambda: preview.max_scroll_y > bottom)  # read again, one prompt longer
        assert preview.scroll_y == place


def write_prompts(db_path: str, session: str, prompts: list[str]) -> None:
    """Another process stores `prompts` in `session`, as the hook does."""
    code = ("import sys; from store.database import connection as db; from store.writing import writer; conn = db.connect(sys.argv[1]); "
            "[writer.add_memory(conn, {'session_id': sys.argv[2], 'type': 'prompt', 'cwd': '/tmp', "
            "'content': text, 'prompt_id': 'p-' + text}) for text in sys.argv[3:]]")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code, db_path, session, *prompts], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
