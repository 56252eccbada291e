"""A small fixed memory database for the Errors and Cleanup tests and snapshots.

Every row has an explicit created_at, so the same file is built every time.
"""

from __future__ import annotations

from datetime import UTC
from pathlib import Path

from store.database.connection import connect
from store.writing.writer import add_memory

GITHUB_TOKEN = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
FIXED_NOW = "2025-03-10T12:00:00.000000Z"

_SESSIONS = [
    ("sess-alpha-0001", "/home/dev/memlane", "2025-03-01"),
    ("sess-bravo-0002", "/home/dev/webshop", "2025-03-05"),
    ("sess-charl-0003", "/home/dev/memlane", "2025-03-09"),
]


def _at(day: str, minute: int) -> str:
    return f"{day}T09:{minute:02d}:00.000000Z"


def build_cleanup_db(path: str | Path) -> Path:
    """Three sessions in two projects: prompts, edits, commands, errors and one raw secret."""
    path = Path(path)
    conn = connect(path)
    try:
        for session, cwd, day in _SESSIONS:
            minute = 0

            def add(kind: str, content: str, session=session, cwd=cwd, day=day, **extra) -> None:
                nonlocal minute
                minute += 1
                add_memory(conn, {
                    "session_id": session, "type": kind, "cwd": cwd, "content": content,
                    "created_at": _at(day, minute), "source": "hook", **extra,
                })  # fmt: skip

            add("prompt", f"Fix the failing tests in {cwd.rsplit('/', 1)[-1]}")
            add("command", "pytest -q", tool_name="Bash")
            add(
                "error",
                "ModuleNotFoundError: No module named 'textual_dev'",
                tool_name="Bash",
                error_text="ModuleNotFoundError: No module named 'textual_dev'",
            )
            add("file_edit", "Edited pyproject.toml: add textual-dev to the test extra",
                tool_name="Edit", file_path=f"{cwd}/pyproject.toml")  # fmt: skip
            if "memlane" in cwd:
                add(
                    "error",
                    f"FileNotFoundError: [Errno 2] No such file or directory: '{cwd}/config.toml'",
                    tool_name="Read",
                    error_text=f"FileNotFoundError: [Errno 2] No such file or directory: "
                    f"'{cwd}/config.toml'",
                )
            add("command", "pytest -q: 42 passed", tool_name="Bash")
        add_memory(conn, {
            "session_id": "sess-bravo-0002", "type": "command", "tool_name": "Bash",
            "cwd": "/home/dev/webshop", "created_at": _at("2025-03-05", 30),
            "content": f"export GH_TOKEN={GITHUB_TOKEN} && gh repo clone dev/webshop",
        })  # fmt: skip
        add_memory(conn, {
            "session_id": "sess-bravo-0002", "type": "error", "tool_name": "Bash",
            "cwd": "/home/dev/webshop", "created_at": _at("2025-03-05", 31),
            "content": "npm ERR! code E404 404 Not Found - GET https://registry.npmjs.org/left-padd",
            "error_text": "npm ERR! code E404 404 Not Found - GET https://registry.npmjs.org/left-padd",
        })  # fmt: skip
    finally:
        conn.close()
    return path


def add_bulk(path: str | Path, count: int, *, session: str = "sess-bulk-0004") -> None:
    """`count` small memories in one session (for the more-than-1,000 confirmation)."""
    from store.writing.writer import add_memories

    conn = connect(path)
    try:
        add_memories(conn, [
            {"session_id": session, "type": "observation", "cwd": "/home/dev/bulk",
             "content": f"bulk note number {i}",
             "created_at": f"2025-02-01T10:{i // 60 % 60:02d}:{i % 60:02d}.{i:06d}Z"}
            for i in range(count)
        ])  # fmt: skip
    finally:
        conn.close()


def fixed_clock():
    """The tests' clock: 2025-03-10 12:00 UTC, a day after the last fixture session."""
    from datetime import datetime

    moment = datetime(2025, 3, 10, 12, 0, tzinfo=UTC)
    return lambda: moment


def make_app(db_path: str | Path):
    """The real app on `db_path`, with the test config (no polling, no blink, UTC)."""
    from tui.gui.app import AppOptions, build_app

    return build_app(db_path, clock=fixed_clock(), options=AppOptions.for_tests())


async def settle(pilot, rounds: int = 4) -> None:
    """Let workers finish and their messages be drawn (a worker's message may start another)."""
    for _ in range(rounds):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def db_bytes(path: str | Path) -> bytes:
    """The database file and its write-ahead log, as stored on disk."""
    path = Path(path)
    data = b""
    for suffix in ("", "-wal"):
        part = Path(str(path) + suffix)
        if part.exists():
            data += part.read_bytes()
    return data
