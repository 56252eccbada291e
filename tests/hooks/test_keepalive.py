"""The hook server stays past its idle time while a Claude Code session whose hooks it ran is
alive (resting: its page cache given back), and leaves on its idle time once that session's
process is gone (`hooks.keepalive`)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from hooks import keepalive
from tests.hooks.test_hook_server import alive, hook, payload, status, store  # noqa: F401 - the fixture
from tests.timing import HANG, until
from tui.commands.install import HOOK_CODE

WHO = "from hooks.keepalive import claude_process; import os; print(claude_process(os.getpid()))"


def test_the_process_that_ran_a_hook_is_its_first_ancestor_that_is_not_a_shell():
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    command = f"cd {here} && '{sys.executable}' -c '{WHO}'; true"  # `; true`: the shell stays the parent
    done = subprocess.run(["/bin/sh", "-c", command], capture_output=True, text=True, timeout=HANG)
    pid, started = eval(done.stdout)  # noqa: S307 - our own printed tuple
    assert pid == os.getpid() and started == keepalive._stat(os.getpid())[2]


def test_a_noted_process_is_alive_until_it_ends_and_a_reused_pid_is_not_it():
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    sessions = keepalive.Sessions()
    seen = (sleeper.pid, keepalive._stat(sleeper.pid)[2])
    sessions.note(seen)
    assert sessions.alive()
    sleeper.kill()
    sleeper.wait()
    assert not sessions.alive() and sessions.processes == set()
    sessions.note((os.getpid(), seen[1] + 12345))  # a live pid, another start: not the one noted
    assert not sessions.alive()


def holds_the_store(pid: int) -> bool:
    """Whether the server has the store's database open (it does from its start to its rest)."""
    folder = f"/proc/{pid}/fd"
    try:
        return any(os.readlink(os.path.join(folder, fd)).endswith("memory.db") for fd in os.listdir(folder))
    except OSError:
        return False


FAKE_CLAUDE = """
import subprocess, sys, time
subprocess.run(["/bin/sh", "-c", sys.argv[1] + "; true"], input=sys.stdin.buffer.read())
time.sleep(120)
"""


@pytest.mark.parametrize("first", ["post-tool-use-edit", "session-start"])  # handed over; run by the hook
def test_the_server_outlives_its_idle_time_while_the_claude_code_session_it_served_lives(store, first):  # noqa: F811
    hook_command = " ".join([f"'{sys.executable}'", "-I", "-S", "-c", f'"{HOOK_CODE}"', *store.folders])
    env = dict(store.env, MEMLANE_HOOK_SERVER_IDLE_S="2", CLAUDE_PROJECT_DIR=str(store.home))
    claude = subprocess.Popen([sys.executable, "-c", FAKE_CLAUDE, hook_command], stdin=subprocess.PIPE, env=env)
    try:
        claude.stdin.write(payload(first))
        claude.stdin.close()
        assert until(lambda: status(store) is not None)  # it knows the session either way
        assert status(store)["events"] == (first == "post-tool-use-edit")
        pid = status(store)["pid"]
        assert until(lambda: status(store)["resting"])  # past its idle time
        assert alive(pid) and status(store)["pid"] == pid and not holds_the_store(pid)
        done = hook(store, payload("user-prompt-submit"))  # served at once, by the resting server
        assert done.returncode == 0 and status(store)["events"] == 1 + (first == "post-tool-use-edit")
        assert not status(store)["resting"] and until(lambda: holds_the_store(pid))  # warming again
    finally:
        claude.kill()
        claude.wait()
    assert until(lambda: not alive(pid))  # the session's process is gone: idle again, it leaves
