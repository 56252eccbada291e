"""An event that reaches the hook's stdin late (a starved machine: 96 hooks at once) is still
stored: the hook waits as long as the timeout memlane installs it with allows."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from hooks.event import STDIN_TIMEOUT_S
from store.database import connection as db
from tests.timing import HANG
from tui.commands.install import DEFAULT_TIMEOUT, TIMEOUTS

REPO = Path(__file__).resolve().parents[2]
LATE_S = 3.0
EVENT = {"session_id": "9f1c2d3e-late-4a5b-8c7d-000000000001", "transcript_path": "/nonexistent/t.jsonl",
         "cwd": "/home/dev/calc-app", "hook_event_name": "PostToolUse", "tool_name": "Bash",
         "tool_use_id": "toolu_01LateEventXyZ", "tool_input": {"command": "npm run build"},
         "tool_response": {"stdout": "built in 4.2s", "stderr": "", "interrupted": False}}  # fmt: skip


def test_the_wait_for_the_event_ends_before_claude_code_would_kill_the_hook():
    shortest = min([DEFAULT_TIMEOUT, *TIMEOUTS.values()])
    assert LATE_S < STDIN_TIMEOUT_S <= shortest - 1.5  # room left to store what came


def test_an_event_that_arrives_3_s_late_is_stored(tmp_path):
    db_path = tmp_path / "memory.db"
    env = dict(os.environ, PYTHONPATH=str(REPO), MEMLANE_DB=str(db_path), MEMLANE_HOME=str(tmp_path / "home"),
               HOME=str(tmp_path))  # fmt: skip
    proc = subprocess.Popen([sys.executable, "-m", "hooks.main"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)  # fmt: skip

    def late_writer():
        time.sleep(LATE_S)
        proc.stdin.write(json.dumps(EVENT).encode())
        proc.stdin.close()  # as Claude Code does once the event is written

    writer = threading.Thread(target=late_writer)
    started = time.monotonic()
    writer.start()
    try:
        out, err = proc.stdout.read(), proc.stderr.read()
        proc.wait(timeout=HANG)
    finally:
        writer.join()
        proc.kill()
        proc.wait()
    assert time.monotonic() - started >= LATE_S
    assert proc.returncode == 0 and out == b"" and err == b"", err
    conn = db.connect(str(db_path), create=False)
    rows = conn.execute("SELECT content FROM memory WHERE session_id = ?", (EVENT["session_id"],)).fetchall()
    conn.close()
    assert len(rows) == 1 and "npm run build" in rows[0][0], rows


def test_a_test_may_shorten_the_wait_but_nothing_lengthens_it():
    """MEMLANE_STDIN_TIMEOUT_S (what the fail-open tests use to wait 2 s instead of 8 s) only
    shortens the wait: Claude Code would kill a hook that waited longer."""
    code = "from hooks.event import STDIN_TIMEOUT_S; print(STDIN_TIMEOUT_S)"
    waits = {}
    for asked in ("2", "0.5", "30", "0", "-1", "soon", ""):
        env = dict(os.environ, PYTHONPATH=str(REPO), MEMLANE_STDIN_TIMEOUT_S=asked)
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        waits[asked] = float(done.stdout)
    assert waits == {"2": 2.0, "0.5": 0.5, "30": STDIN_TIMEOUT_S, "0": STDIN_TIMEOUT_S, "-1": STDIN_TIMEOUT_S,
                     "soon": STDIN_TIMEOUT_S, "": STDIN_TIMEOUT_S}  # fmt: skip
