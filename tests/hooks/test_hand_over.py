"""A hook that finds no server up hands a quiet event (one whose hook prints nothing) to a server
it forks, and leaves at once: the event is run there once, stored as the hook's own process
stores it, with nothing lost when the server cannot start; hooks arriving meanwhile queue to it."""

from __future__ import annotations

import fcntl
import json
import os
import select
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from hooks import client
from tests.hooks.test_hook_server import (
    alive,
    hook,
    make_store,
    payload,
    rows,
    servers_of,
    status,
    stop,
)
from tests.timing import HANG, until

# A session's events, in its order; the quiet ones are handed over when no server is up.
EVENTS = ("session-start", "user-prompt-submit", "post-tool-use-edit", "post-tool-use-failure-bash",
          "pre-tool-use-bash", "post-tool-use-bash", "stop", "session-end")  # fmt: skip


@pytest.fixture
def stores(tmp_path, monkeypatch):
    alone, handed = make_store(tmp_path, "alone"), make_store(tmp_path, "handed")
    monkeypatch.setenv("MEMLANE_DB", handed.db)  # where server_status looks
    yield alone, handed
    stop(handed)


def test_each_event_finding_no_server_stores_and_prints_what_the_hook_process_does(stores):
    alone, handed = stores
    for name in EVENTS:
        data = payload(name)
        stop(handed)  # every event of this session finds no server up
        by_itself = hook(alone, data, MEMLANE_HOOK_SERVER="off")
        done = hook(handed, data)
        assert (done.returncode, done.stdout, done.stderr) == (
            by_itself.returncode,
            by_itself.stdout,
            by_itself.stderr,
        ), name
        if client.quiet_event(data):  # handed over: run by the server it started, once
            assert until(lambda: (status(handed) or {}).get("events") == 1), name
    assert rows(handed.db) == rows(alone.db)
    assert any(m[4] == "prompt" for m in rows(handed.db)[0]) and len(rows(handed.db)[0]) >= 4


def stored(db: str) -> int:
    """How many memories `db` holds; -1 while it is not there or not made yet (read-only: the
    look creates nothing)."""
    try:
        with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
            return conn.execute("SELECT count(*) FROM memory").fetchone()[0]
    except sqlite3.Error:
        return -1


def edits(n: int) -> list[bytes]:
    return [payload("post-tool-use-edit", tool_use_id=f"toolu_together_{i}") for i in range(n)]


def test_hooks_arriving_while_the_handed_server_starts_queue_to_it(stores):
    _, handed = stores
    argv = [sys.executable, "-I", "-S", "-c", client_code(), *handed.folders]
    runs = [subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=handed.env) for _ in range(6)]  # fmt: skip
    for run, data in zip(runs, edits(6)):
        assert run.communicate(data, timeout=HANG) == (b"", b"") and run.returncode == 0
    assert until(
        lambda: (status(handed) or {}).get("events") == 6
    )  # every one ran in the one server
    assert len(servers_of(handed.db)) == 1
    assert Path(f"/proc/{status(handed)['pid']}/comm").read_text() == "memlane-server\n"  # not "python"
    assert sorted(m[2] for m in rows(handed.db)[0]) == sorted(
        f"toolu_together_{i}" for i in range(6)
    )


def client_code() -> str:
    from tui.commands.install import HOOK_CODE

    return HOOK_CODE


def test_with_another_server_holding_the_lock_the_forked_process_runs_the_event_itself(stores):
    """A server that no longer listens but has not left yet keeps the lock: the handed event is
    not lost, and no second server serves."""
    _, handed = stores
    paths = client.server_paths(handed.db)
    holder = os.open(paths["lock"], os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(holder, fcntl.LOCK_EX)
        done = hook(handed, payload("post-tool-use-edit"))
        assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
        assert stored(handed.db) <= 0  # not run by the hook itself
        assert until(lambda: stored(handed.db) == 1)
        assert status(handed) is None
    finally:
        os.close(holder)


# The hook's hand-over with one step of the server's start broken (the fork inherits it).
FAILING_START = """
import os, sys
sys.path[:0] = sys.argv[2:]
import hooks.server as server
from hooks import client
from store.paths import default_db_path


def boom(*args):
    raise OSError("no room for a socket")


setattr(server.Server if sys.argv[1] == "bind" else server, sys.argv[1], boom)
db = os.path.abspath(default_db_path())
print(client.hand_over(db, client.server_paths(db), client.request_fields(db, sys.stdin.buffer.read())))
"""


@pytest.mark.parametrize(("broken", "said"), [
    ("bind", "hook server: stopped (OSError: no room for a socket)"),
    ("run_event", "could not run an event a hook handed it (OSError: no room for a socket); it was not stored"),
])  # fmt: skip
def test_a_server_that_fails_while_it_starts_loses_no_event_silently(stores, broken, said):
    _, handed = stores
    Path(handed.db).parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([sys.executable, "-I", "-S", "-c", FAILING_START, broken, *handed.folders],
                          input=payload("post-tool-use-edit"), capture_output=True, env=handed.env, timeout=HANG)  # fmt: skip
    assert (done.returncode, done.stdout.strip()) == (0, b"True"), done.stderr
    log = Path(handed.env["MEMLANE_HOME"]) / "memlane.log"
    assert until(lambda: log.exists() and said in log.read_text())
    if (
        broken == "bind"
    ):  # the server could not listen: the forked process ran the event as the hook would
        assert until(lambda: stored(handed.db) == 1) and status(handed) is None
    else:  # the event's run failed: said in the log; the server serves the next events
        assert until(lambda: (status(handed) or {}).get("events") == 1)


@pytest.mark.parametrize(("event", "quiet"), [
    ({"hook_event_name": "PostToolUse", "tool_name": "Edit"}, True),
    ({"session_id": "s", "hook_event_name": "Stop"}, True),
    ({"hook_event_name": "SessionEnd"}, True),
    ({"hook_event_name": "UserPromptSubmit", "prompt": "PostToolUse"}, False),
    ({"hook_event_name": "SessionStart"}, False),
    ({"hook_event_name": "PreToolUse"}, False),  # ignored: nothing to start a server for
    ({"tool_input": {"hook_event_name": "PostToolUse"}, "hook_event_name": "UserPromptSubmit"}, False),
    ({"tool_input": {"x\"hook_event_name": "PostToolUse"}}, True),  # no real key: the server ignores it
    ({"hook_event_name": "PostToolUseX"}, False),
    ({"hook_event_name": 1}, False),
])  # fmt: skip
def test_a_quiet_event_is_told_from_its_bytes(event, quiet):
    for text in (
        json.dumps(event),
        json.dumps(event, indent=1),
        json.dumps(event, separators=(",", ":")),
    ):
        assert client.quiet_event(text.encode()) is quiet, text
    escaped = json.dumps(event).replace("hook_event_name", "hook\\u005fevent_name").encode()
    assert client.quiet_event(escaped) is False


def test_a_prompt_finding_no_server_runs_itself_and_starts_one_for_the_next_events(stores):
    _, handed = stores
    done = hook(handed, payload("user-prompt-submit"))
    assert (done.returncode, done.stderr) == (0, b"")
    assert any(m[4] == "prompt" for m in rows(handed.db)[0])  # stored before the hook returned
    assert until(lambda: status(handed) is not None)
    pid = status(handed)["pid"]
    assert hook(handed, payload("post-tool-use-edit")).returncode == 0
    assert until(lambda: (status(handed) or {}).get("events") == 1) and alive(pid)


def test_the_warm_up_gives_way_to_a_waiting_hook_and_finishes_when_none_waits():
    from hooks import server

    asked = []

    def waiting() -> bool:
        asked.append(True)
        return len(asked) == 3  # a hook queued during the third step

    assert server.warm_up(waiting=waiting) is False and len(asked) == 3
    assert server.warm_up(waiting=lambda: False) is True


AFTER_EXIT = """
import os, sys, time
sys.path[:0] = sys.argv[1:]
from hooks import client
from store.paths import default_db_path

db = os.path.abspath(default_db_path())
print(client.start_server_after_exit(db, client.server_paths(db)), flush=True)
time.sleep(1.5)  # the hook's own run
"""


def test_a_hook_that_runs_its_event_itself_starts_the_server_once_it_has_exited(stores):
    """A prompt run in the hook's own process does not share the cores with a server's start."""
    _, handed = stores
    Path(handed.db).parent.mkdir(parents=True, exist_ok=True)
    run = subprocess.Popen([sys.executable, "-I", "-S", "-c", AFTER_EXIT, *handed.folders], stdout=subprocess.PIPE,
                           env=handed.env)  # fmt: skip
    assert run.stdout.readline() == b"True\n"
    # Not while the hook runs. Its end is read from its stdout, not from poll(): the kernel closes
    # an exiting process's descriptors in order, stdout before the pipe the child waits on, and
    # only later makes the process one poll() sees ended (on a loaded machine a server's start
    # mark was seen between the two); the waiting child let go of the hook's stdout at once.
    ended = False
    while not ended:
        up = status(handed) is not None
        ended = bool(select.select([run.stdout], [], [], 0 if up else 0.05)[0])
        assert ended or not up
    assert os.read(run.stdout.fileno(), 1024) == b""  # its end, and nothing more written
    run.wait(timeout=30)
    assert until(lambda: status(handed) is not None)
    assert len(servers_of(handed.db)) == 1


def test_a_prompt_that_finds_a_server_starting_queues_to_it(stores, monkeypatch):
    """Not run by the hook itself: the starting server serves it (a prompt right after a
    SessionStart, docs/performance.md: faster queued now that the server binds first)."""
    _, handed = stores
    paths = client.server_paths(handed.db)
    tries = []

    def exchange(sock, fields):
        tries.append(sock)
        if len(tries) == 1:  # no server listens yet
            raise client.Fallback("no socket", nobody=True)
        return 0, b"context", b""  # the starting server's answer

    monkeypatch.setattr(client, "exchange", exchange)
    monkeypatch.setattr(client, "_starting", lambda paths: True)  # its start mark is fresh, its socket up
    data = payload("user-prompt-submit")
    served = client._served(paths, client.request_fields(handed.db, data), handed.db, data)
    assert served == (0, b"context", b"") and tries == [paths["sock"]] * 2


def test_a_server_started_after_the_hooks_exit_marks_its_start_anew_when_it_starts(stores):
    """The start mark is made as the hook begins its own run; the hooks that come right after
    it (a prompt after SessionStart) wait up to START_WAIT_S from the mark for the socket, so
    the mark is made anew when the server really starts: a slow run of the hook does not use
    up their wait."""
    _, handed = stores
    Path(handed.db).parent.mkdir(parents=True, exist_ok=True)
    paths = client.server_paths(handed.db)
    holder = os.open(paths["lock"], os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(holder, fcntl.LOCK_EX)  # the server waits for the lock: its mark stays to be seen
        run = subprocess.Popen([sys.executable, "-I", "-S", "-c", AFTER_EXIT, *handed.folders],
                               stdout=subprocess.PIPE, env=handed.env)  # fmt: skip
        assert run.stdout.readline() == b"True\n"
        made = os.lstat(paths["start"]).st_mtime
        run.wait(timeout=HANG)  # its run took 1.5 s
        assert until(lambda: os.lstat(paths["start"]).st_mtime > made + 1.0)
    finally:
        os.close(holder)
