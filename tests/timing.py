"""Waiting in tests without betting on the machine's speed (the suite must pass with two
CPU-bound processes beside it: see docs/performance.md, "The suite under load").

- A hang is told from slowness by a bound far above any slowness: `finishes()` runs a
  call in a thread and fails only if it is still running after `within` seconds.
- "It did not wait for X" is checked against the same work done without X, measured on
  the machine as it is right now (`hook_seconds`), plus what X would have cost.
- A state is waited for (`until`), never a time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HANG = 60.0  # no call of the suite takes this long on a busy machine; a hang runs for ever


def finishes(fn, *args, within: float = HANG, **kwargs):
    """fn(*args, **kwargs), run in a daemon thread; its result, or an AssertionError when it
    is still running after `within` seconds (it is waiting on something)."""
    out: dict = {}

    def run():
        try:
            out["value"] = fn(*args, **kwargs)
        except BaseException as exc:  # handed to the caller
            out["error"] = exc

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(within)
    assert not worker.is_alive(), f"{getattr(fn, '__name__', fn)} still running after {within:.0f} s"
    if "error" in out:
        raise out["error"]
    return out.get("value")


def until(predicate, within: float = HANG, step: float = 0.05) -> bool:
    """Wait for `predicate()` to be true; False if it still is not after `within` seconds."""
    deadline = time.monotonic() + within
    while not predicate():
        if time.monotonic() > deadline:
            return False
        time.sleep(step)
    return True


def hook_seconds(event: dict | None = None, runs: int = 3, *, scratch: bool = False) -> float:
    """How long a hook process takes right now for `event` (default: one it ignores), the
    slowest of `runs`: the start-up a busy machine adds to every hook run. With `scratch`, the
    runs get a memlane home (and database) of their own, so `event` can be the very work a
    test times, done without whatever the test makes it wait for."""
    data = json.dumps(event or {"hook_event_name": "Notification", "session_id": "timing"}).encode()
    env = dict(os.environ, PYTHONPATH=str(REPO))
    slowest = 0.0
    with tempfile.TemporaryDirectory(prefix="memlane-timing-") as home:
        if scratch:
            env.update(HOME=home, MEMLANE_HOME=home, MEMLANE_DB=os.path.join(home, "memory.db"))
        for _ in range(runs):
            started = time.monotonic()
            subprocess.run([sys.executable, "-m", "hooks.main"], input=data, capture_output=True,
                           env=env, timeout=HANG)  # fmt: skip
            slowest = max(slowest, time.monotonic() - started)
    return slowest


def without_waiting(same_work: float, waits: float = 0.0) -> float:
    """The most a run may take that waits `waits` seconds on purpose (a busy timeout) and
    nothing else, when the same work without the wait took `same_work` seconds just now
    (`hook_seconds`): a busy machine can make the next run of it three times slower, and
    a run that waited for something else (a lock let go only at the end of the test, a
    server that never answers) takes far longer than that."""
    return waits + 3 * same_work + 2.0
