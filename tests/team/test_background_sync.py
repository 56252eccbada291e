"""SessionEnd starts a team sync in the background; the hook itself never waits on the network."""

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.timing import HANG

REPO = Path(__file__).resolve().parents[2]
PROJECT = "/work/shop-api"


def _hook(event: dict, env: dict):
    started = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "hooks.main"], input=json.dumps(event).encode(),
                            capture_output=True, env=env, timeout=60, cwd=REPO)  # fmt: skip
    return result, time.monotonic() - started


def _session(env: dict, text: str):
    base = {"session_id": "bg-1", "cwd": PROJECT}
    _hook({**base, "hook_event_name": "SessionStart", "source": "startup"}, env)
    _hook({**base, "hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_use_id": "t1",
           "tool_input": {"command": text}, "tool_response": {"stdout": "ok", "stderr": ""}}, env)  # fmt: skip
    return _hook({**base, "hook_event_name": "SessionEnd", "reason": "logout"}, env)


def _environment(tmp_path, url: str) -> dict:
    home = tmp_path / "memlane"
    home.mkdir()
    (home / "config.toml").write_text(f'[team]\nprojects = ["/work/shop-*"]\nauthor = "dana"\nurl = "{url}"\n')
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MEMLANE", "CLAUDE_PROJECT_DIR"))}
    return {**env, "HOME": str(tmp_path), "MEMLANE_HOME": str(home), "PYTHONPATH": str(REPO)}


def _wait_for(check, seconds: float = 30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.2)
    return False


def test_session_end_shares_the_session_without_waiting(tmp_path, team_server):
    env = _environment(tmp_path, team_server.url("dana"))
    (result, elapsed) = _session(env, "make migrate-ledger-tables")
    assert result.returncode == 0 and result.stdout == b"" and result.stderr == b""
    assert _wait_for(lambda: team_server.query("SELECT count(*) FROM team_memory WHERE content LIKE '%migrate-ledger%'") == [(1,)],
                     seconds=HANG)  # fmt: skip


def _silent_server() -> socket.socket:
    """A server that takes the connection and never answers: a sync waits on it for its whole
    connect timeout (5 s), however fast or slow the machine is."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)  # the kernel completes the handshake; nobody ever reads or replies
    return listener


def test_server_down_hooks_unaffected_and_the_background_sync_logs_one_line(tmp_path):
    with _silent_server() as listener:
        port = listener.getsockname()[1]
        env = _environment(tmp_path, f"postgresql://nobody@127.0.0.1:{port}/memlane")
        result, _ = _session(env, "make migrate-ledger-tables")
        assert result.returncode == 0 and result.stdout == b"" and result.stderr == b""
        log = Path(env["MEMLANE_HOME"]) / "memlane.log"
        # Not waited for: the hook is back while the sync still waits on the server (a hook
        # that waited for it would return after the sync had logged its failure).
        assert not (log.exists() and "team sync" in log.read_text())
        assert _wait_for(lambda: log.exists() and "team sync" in log.read_text(), seconds=HANG)
        lines = [line for line in log.read_text().splitlines() if "team sync" in line]
    assert len(lines) == 1 and "[memlane] team sync: The team server" in lines[0] and "cannot be reached" in lines[0]
    import sqlite3

    conn = sqlite3.connect(Path(env["MEMLANE_HOME"]) / "memory.db")
    assert conn.execute("SELECT count(*) FROM memory WHERE content LIKE '%migrate-ledger%'").fetchone()[0] == 1
    conn.close()
