"""A fixed database and a fixed clock for the app's tests: the same screen on every run."""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from store.database.connection import connect
from store.writing import writer
from tests.timing import HANG
from tui.gui.textual_internals import screen_lines

NOW = datetime(2025, 5, 2, 15, 0, 0, tzinfo=UTC)


def fixed_clock() -> datetime:
    return NOW


def at(minutes_before_now: float) -> str:
    moment = NOW - timedelta(minutes=minutes_before_now)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


EDIT = """Edit src/calc.py (+1 -1)
-    return a - b
+    return a + b"""
TEST_RUN = """$ pytest -q tests/test_calc.py
..F.
FAILED tests/test_calc.py::test_add - assert -1 == 3
1 failed, 3 passed in 0.12s"""
TEST_ERROR = """$ pytest -q tests/test_calc.py
Exit code 1
AssertionError: assert -1 == 3"""

# (session id, cwd, start in minutes before NOW, length in minutes or None while running, memories)
SESSIONS: list[tuple[str, str, float, float | None, list[dict]]] = [
    ("s-calc-0001", "/home/dev/calc-app", 360, 25, [
        {"type": "prompt", "content": "fix the add function, tests are failing", "importance": 2},
        {"type": "command", "tool_name": "Bash", "content": TEST_RUN},
        {"type": "error", "tool_name": "Bash", "content": TEST_ERROR, "error_text": "AssertionError: assert -1 == 3"},
        {"type": "file_edit", "tool_name": "Edit", "file_path": "/home/dev/calc-app/src/calc.py", "content": EDIT, "importance": 2},
        {"type": "command", "tool_name": "Bash", "content": "$ pytest -q tests/test_calc.py\n....\n4 passed in 0.10s"},
        {"type": "command", "tool_name": "Bash", "content": '"fix add"\n[git commit 3f2a1bc on main]\n$ git commit -m "fix add"', "importance": 2},
    ]),
    ("s-shop-0002", "/home/dev/shop-api", 1500, 50, [
        {"type": "prompt", "content": "로그인 세션 토큰이 너무 빨리 만료되는 버그를 고쳐줘", "importance": 2},
        {"type": "file_read", "tool_name": "Read", "file_path": "/home/dev/shop-api/src/auth/session.ts", "content": "Read src/auth/session.ts (120 lines)"},
        {"type": "file_edit", "tool_name": "Edit", "file_path": "/home/dev/shop-api/src/auth/session.ts",
         "content": "Edit src/auth/session.ts (+2 -1)\n-  const TTL = 60\n+  // 세션 만료: 30분\n+  const TTL = 30 * 60", "importance": 2},
        {"type": "command", "tool_name": "Bash", "content": "$ npm test -- auth\nPASS src/auth/session.test.ts (4 tests) 🎉"},
        {"type": "error", "tool_name": "WebFetch", "content": "WebFetch https://example.com/docs failed: 404 Not Found", "error_text": "404 Not Found"},
        {"type": "file_write", "tool_name": "Write", "file_path": "/home/dev/shop-api/src/config.json",
         "content": 'Write src/config.json (created, 3 lines)\n{\n  "rate_limit": 100\n}', "importance": 2},
    ]),
    ("s-infra-0003", "/home/dev/infra", 5800, 95, [
        {"type": "prompt", "content": "the docker build is slow, can you speed it up", "importance": 2},
        {"type": "command", "tool_name": "Bash", "content": "$ docker build -t api .\nStep 1/12 : FROM python:3.12-slim\n…\nSuccessfully built 9c2e"},
        {"type": "file_edit", "tool_name": "Edit", "file_path": "/home/dev/infra/Dockerfile",
         "content": "Edit Dockerfile (+2 -1)\n-COPY . .\n+COPY requirements.txt .\n+RUN pip install -r requirements.txt", "importance": 2},
        {"type": "observation", "content": "Plan:\n1. cache the pip layer\n2. use a .dockerignore"},
    ]),
    ("s-live-0004", "/home/dev/calc-app", 8, None, [
        {"type": "prompt", "content": "add a multiply function with tests", "importance": 2},
        {"type": "file_edit", "tool_name": "Edit", "file_path": "/home/dev/calc-app/src/calc.py",
         "content": "Edit src/calc.py (+2 -0)\n+def multiply(a, b):\n+    return a * b", "importance": 2},
        {"type": "command", "tool_name": "Bash", "content": "$ pytest -q\n.....\n5 passed in 0.11s"},
    ]),
]  # fmt: skip


def build_db(path: str | os.PathLike, *, long_session: int = 0) -> str:
    """The fixed database: four sessions in three projects (one still running).

    `long_session` adds a session with that many memories (for paging tests).
    """
    path = os.fspath(path)
    conn = connect(path)
    try:
        for session_id, cwd, start, length, memories in SESSIONS:
            writer.start_session(conn, session_id, cwd, started_at=at(start))
            step = (length or start - 1) / max(1, len(memories))
            for i, memory in enumerate(memories):
                when = at(start - i * step - 0.5)  # received by a hook as it happened
                obs = {"session_id": session_id, "cwd": cwd, "created_at": when, "received_at": when,
                       "tags": "", **memory}  # fmt: skip
                writer.add_memory(conn, obs)
            if length is not None:
                writer.end_session(
                    conn, session_id, "prompt_input_exit", ended_at=at(start - length)
                )
                writer.update_session_summary(conn, session_id)
        if long_session:
            session_id, cwd = "s-long-0005", "/home/dev/ml-pipeline"
            start = 60 * 24 * 3
            writer.start_session(conn, session_id, cwd, started_at=at(start))
            writer.add_memories(conn, [
                {"session_id": session_id, "cwd": cwd, "created_at": at(start - i * 0.1),
                 "received_at": at(start - i * 0.1),
                 "type": "error" if i % 50 == 49 else "command", "tool_name": "Bash",
                 "content": f"$ python train.py --epoch {i}\nepoch {i}: loss {1 / (i + 1):.4f}"}
                for i in range(long_session)
            ])  # fmt: skip
            writer.end_session(conn, session_id, "other", ended_at=at(start - long_session * 0.1))
            writer.update_session_summary(conn, session_id)
    finally:
        conn.close()
    return path


@pytest.fixture
def utc(monkeypatch):
    """Local time is UTC for the test (the app's config also pins tz=UTC)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """HOME and MEMLANE_HOME inside tmp_path, so shown paths read `~/...`."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / ".claude" / "memlane"))
    monkeypatch.delenv("MEMLANE_DB", raising=False)
    return tmp_path


_BUILT: dict[str, str] = {}  # the fixed database, built once a test process


@pytest.fixture
def db_path(home, utc, tmp_path_factory) -> str:
    """The fixed database (build_db) at HOME/memory.db: a copy (mode kept: owner-only) of the
    one this test process built, which build_db leaves closed, one file; each test changes its
    own copy."""
    built = _BUILT.get("db")
    if built is None:
        built = _BUILT["db"] = build_db(tmp_path_factory.mktemp("fixed-db") / "memory.db")
    path = home / "memory.db"
    shutil.copy2(built, path)
    return str(path)


@pytest.fixture
def cleanup_db(home, utc):
    """The fixed Errors/Cleanup database (`tests.tui.fixtures_cleanup`) in a temporary HOME."""
    from tests.tui.fixtures_cleanup import build_cleanup_db

    return build_cleanup_db(home / "memory.db")


@pytest.fixture
def empty_db_path(home, utc) -> str:
    path = str(home / "memory.db")
    connect(path).close()
    return path


def app_for(path: str, **options):
    """The app for tests: fixed clock, no polling (unless asked), UTC."""
    from tui.gui.app import AppOptions, build_app

    return build_app(path, clock=fixed_clock, options=AppOptions.for_tests(**options))


@pytest.fixture
def make_app():
    """`app_for`, as a fixture."""
    return app_for


async def until(predicate, timeout: float = HANG) -> None:
    """Wait (without pumping the app) until `predicate()` holds; fails past `timeout`."""
    import asyncio

    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, "the app did not get there in time"
        await asyncio.sleep(0.005)


async def first_screen(app):
    """The Sessions table, once the app's first screen shows its rows."""
    from textual.widgets import DataTable

    sessions = app.query_one("#sessions-table", DataTable)
    await until(lambda: sessions.row_count > 0)
    return sessions


async def settle(pilot, rounds: int = 3) -> None:
    """Let workers finish and their messages be drawn."""
    import asyncio

    from textual.worker import WorkerState

    busy = (WorkerState.PENDING, WorkerState.RUNNING)
    app = pilot.app
    for _ in range(rounds):
        # Until the workers are done: at once on a quiet machine, and a loaded one may take
        # seconds; the bound only stops a hang (a snapshot taken mid-work is a false failure).
        deadline = time.monotonic() + HANG
        while time.monotonic() < deadline:
            mounting = not getattr(app, "all_panes_mounted", True)
            if not mounting and not any(worker.state in busy for worker in app.workers):
                break
            await asyncio.sleep(0.01)
        await pilot.pause()


def pilot_test(test):
    """Run an async Pilot test with asyncio (no pytest async plugin is installed)."""
    import asyncio
    import functools

    @functools.wraps(test)
    def run(*args, **kwargs):
        return asyncio.run(test(*args, **kwargs))

    return run


async def open_pane(pilot, pane_id: str, *, wait=None):
    """Press the pane's key as a person would, wait for its rows; returns the pane, focused.

    `wait` is the settle to use (default: `settle`)."""
    from tui.gui.panes import pane_entry

    wait = wait or settle
    await wait(pilot)
    await pilot.press(pane_entry(pane_id).key)
    await wait(pilot)
    app = pilot.app
    pane = app.panes[pane_id]
    focused = app.focused
    if focused is None or pane not in focused.ancestors_with_self:
        # The app focuses the pane after the tab switch; do not depend on that timing here.
        pane.focus_default()
        await pilot.pause()
    return pane


@contextlib.asynccontextmanager
async def opened(app, pane_id: str, *, size: tuple[int, int] = (80, 24), wait=None):
    """`async with opened(app, "cleanup") as (pilot, pane)`: the app running, the pane shown."""
    async with app.run_test(size=size) as pilot:
        yield pilot, await open_pane(pilot, pane_id, wait=wait)


# Snapshot sizes: the smallest terminal people use, and a large one.
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((200, 50), id="200x50")]


def steps(*keys: str, pause: float = 0.0):
    """A snapshot's run_before: wait for the first screen, press `keys` (waiting after each),
    then wait `pause` seconds (a debounce) and again for the screen to settle."""

    async def run_before(pilot) -> None:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        if pause:
            await pilot.pause(pause)
            await settle(pilot)

    return run_before


def screen_text(app) -> str:
    """Everything on the app's screen as plain text (for asserting what a person sees)."""
    return "\n".join(screen_lines(app.screen))


def result_ids(pane) -> list[int]:
    """The memory ids a Search pane's list holds now, top to bottom."""
    return [int(key.value) for key in pane.table.rows]


async def scroll_every_hit(pilot, pane, total: int) -> list[int]:
    """Scroll a Search pane's list to its end as a user would; every id it showed, in order."""
    table = pane.table
    table.focus()
    seen: list[int] = []
    for _ in range(100):
        held = set(seen)
        seen += [i for i in result_ids(pane) if i not in held]
        if not table.has_more and table.window_end == total:
            break
        table.move_cursor(row=table.row_count - 1)
        await settle(pilot)
    return seen
