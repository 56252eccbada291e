"""A real `memlane team sync` killed (SIGKILL) in the middle, then run again: nothing lost, nothing doubled."""

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
COUNT = 4100  # past two 2,000-row batches


def _env(machine) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MEMLANE", "CLAUDE_PROJECT_DIR"))}
    (machine.folder / "config.toml").write_text(
        f'[team]\nurl = "{machine.settings["url"]}"\nprojects = ["/work/shop-*"]\nauthor = "{machine.settings["author"]}"\n')
    return {**env, "MEMLANE_HOME": str(machine.folder), "PYTHONPATH": str(REPO)}


def _sync_killed_when(machine, reached) -> bool:
    """Start a sync, SIGKILL it once `reached()`; True if it was killed before finishing."""
    proc = subprocess.Popen([sys.executable, "-m", "team", "sync", "--quiet"],
                            env=_env(machine), cwd=REPO)  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline:
            if reached():
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                return True
            time.sleep(0.02)
        return False
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _count(path, sql) -> int:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql).fetchone()[0]
    except sqlite3.OperationalError:
        return 0
    finally:
        conn.close()


def test_sigkill_midway_push_and_pull_then_rerun(machines, team_server):
    dana, lee = machines
    filler = " ".join(f"word{n} 로그{n}" for n in range(90))  # ~1 KB, as real memories: a sync takes seconds
    dana.remember([f"killed sync memory {i:05d} {filler}" for i in range(COUNT)])
    on_server = lambda: team_server.query("SELECT count(*) FROM team_memory")[0][0]
    assert _sync_killed_when(dana, lambda: on_server() >= 2000)
    assert 2000 <= on_server() < COUNT
    dana.sync()
    assert team_server.query("SELECT count(*), count(DISTINCT local_id) FROM team_memory") == [(COUNT, COUNT)]

    cached = lambda: _count(lee.folder / "team.db", "SELECT count(*) FROM memory")
    assert _sync_killed_when(lee, lambda: cached() >= 2000)
    assert 2000 <= cached() < COUNT
    lee.sync()
    contents = lee.cached()
    assert len(contents) == len(set(contents)) == COUNT
