"""How long the hook server stays: past its idle time while a Claude Code session it served lives.

A server that left after MEMLANE_HOOK_SERVER_IDLE_S (15 idle minutes) makes the next event pay
the hook's own process: a person who pauses 20 minutes and types gets the slow prompt.  So while
a Claude Code process whose hooks the server ran is alive, the server stays, resting past its
idle time (its page cache given back: `hooks.server.Server.rest`), up to SESSION_IDLE_S idle
(MEMLANE_HOOK_SERVER_SESSION_IDLE_S, 7 days: no server lives for ever).  When every such process
is gone (the sessions ended, the terminal closed), the server leaves a minute after its last
event (`hooks.server.SESSIONS_ENDED_S`); a server that never served one waits its idle time.

Which process: a hook's environment names Claude Code (CLAUDE_PROJECT_DIR, CLAUDECODE); the hook
client's parent is Claude Code, or a shell Claude Code ran the hook command through: the first
ancestor that is not a shell.  It is kept as (pid, start time), so a reused pid is not mistaken
for it.  Linux (`/proc`); elsewhere nothing is kept and the idle time alone counts.
"""

from __future__ import annotations

import os

SESSION_IDLE_S = 7 * 86400.0
SHELLS = frozenset(("sh", "bash", "dash", "zsh", "ksh", "mksh", "fish", "busybox", "env"))
CLAUDE_MARKS = (b"CLAUDE_PROJECT_DIR=", b"CLAUDECODE=")
SESSION_VARIABLE = "MEMLANE_HOOK_SERVER_SESSION"  # "pid:start": the session a started server serves


def session_idle_seconds() -> float:
    from hooks.wire import seconds_setting

    return seconds_setting("MEMLANE_HOOK_SERVER_SESSION_IDLE_S", SESSION_IDLE_S)


def _stat(pid: int) -> tuple[str, int, int] | None:
    """(command name, parent pid, start time in clock ticks) of a live process; None if gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            text = fh.read()
        head, _, rest = text.rpartition(b")")
        fields = rest.split()
        if fields[0] in (b"Z", b"X"):
            return None
        return os.fsdecode(head.partition(b"(")[2]), int(fields[1]), int(fields[19])
    except (OSError, ValueError, IndexError):
        return None


def claude_process(client_pid: int) -> tuple[int, int] | None:
    """(pid, start time) of the process that ran the hook whose client is `client_pid`: its
    first ancestor that is not a shell; None when there is none to see."""
    me = _stat(client_pid)
    pid = me[1] if me else 0
    for _depth in range(4):
        if pid <= 1:
            return None
        found = _stat(pid)
        if found is None:
            return None
        name, parent, started = found
        if name not in SHELLS:
            return pid, started
        pid = parent
    return None


def peer_pid(sock) -> int | None:
    """The pid of the process at the other end of a Unix socket (None: cannot tell)."""
    from hooks.wire import peer_credentials

    creds = peer_credentials(sock)
    return None if creds is None else creds[0]


def from_claude_code(env: bytes) -> bool:
    """True when a hook's environment (NUL-separated) is one Claude Code gave it."""
    return any(item.startswith(CLAUDE_MARKS) for item in env.split(b"\0"))


class Sessions:
    """The Claude Code processes whose hooks the server ran, while they live."""

    def __init__(self) -> None:
        self.processes: set[tuple[int, int]] = set()
        self.known = False  # whether any was noted (all of them may have ended since)

    def note(self, process: tuple[int, int] | None) -> None:
        if process is not None and len(self.processes) < 256:
            self.processes.add(process)
            self.known = True

    def note_variable(self, value: str) -> None:
        """The session `hooks.client.start_server` names to the server it starts ("pid:start")."""
        pid, _, started = value.partition(":")
        if pid.isdigit() and started.isdigit():
            self.note((int(pid), int(started)))

    def note_client(self, sock, env: bytes) -> None:
        """The hook client at the other end of `sock`: its Claude Code process, if it is one."""
        if from_claude_code(env):
            try:
                pid = peer_pid(sock)
            except OSError:
                return
            if pid:
                self.note(claude_process(pid))

    def alive(self) -> bool:
        """True while one of them still runs (the gone ones are forgotten)."""
        self.processes = {p for p in self.processes if (_stat(p[0]) or (0, 0, None))[2] == p[1]}
        return bool(self.processes)
