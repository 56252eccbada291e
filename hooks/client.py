"""The hook as `memlane install` writes it: a thin client of the store's hook server.

A hook process pays for the interpreter and for what it imports before any work: memlane's
modules, the privacy filter's patterns, the database's connection, recall's modules.  A
resident server (`hooks.server`), one per store, keeps all of that loaded; the hook process
only reads its event, hands it over a Unix socket, and prints what comes back.  This module
imports nothing but `_socket` and what the event's read needs (`hooks.event`, `store.paths`).

The exchange (`hooks.server` answers):

    client -> server   MAGIC (STATUS: how are you), then the fields of REQUEST_FIELDS, each a 4-byte length and bytes
    server -> client   b"A" (accepted) or b"R" (run it yourself: another store, stale code...)
    client -> server   b"G": from here on the event is the server's; the client never runs it
    server -> client   b"D", the exit code, stdout and stderr (4-byte lengths)

When no server listens (no socket, nobody listening: a crash leaves a stale socket, which the
new server replaces), a quiet event (QUIET_EVENTS: its hook prints nothing) is handed to a
server the client forks (`hand_over`): the child has the event in memory, lets go of the
hook's pipes, binds the socket and runs the event first; the hook exits at once.  An event
that finds a server starting (its start mark younger than START_WAIT_S), a prompt too, waits
for its socket and queues to it.  Otherwise the client runs the hook itself, exactly as before
the server existed (`hooks.main.launched`), and starts a server once it has exited, for the
next events, unless one is starting: for
SessionStart and UserPromptSubmit with no server up, when the server says "R" or closes before
"A", when the event is larger than INLINE_MAX_BYTES, when the platform has no Unix sockets or
no fork, or when MEMLANE_HOOK_SERVER is off.  Once it sent "G" it never runs the event again
(no duplicate rows): a server that does not answer within REPLY_WAIT_S leaves one `[memlane]`
line, and still finishes the event.

Where the socket is (`hooks.wire.server_paths`): beside the database, `<db>-hook.sock` (the database's
folder is owner-only); when that path is too long for a Unix socket (108 bytes), in an
owner-only folder of its own (`$XDG_RUNTIME_DIR/memlane`, else `/tmp/memlane-<uid>`), named by
a digest of the database's path.  Both sides check the other's user id (SO_PEERCRED).
"""

from __future__ import annotations

import os
import sys

from hooks.wire import (  # the exchange's words and the socket's place, shared with hooks.server
    MAGIC,
    REQUEST_FIELDS,
    STATUS,
    drop,
    pack,
    peer_uid,
    receive_exactly,
    server_paths,
)

INLINE_MAX_BYTES = 2 * 2**20  # a larger event runs in its own process: the server serves one at a time
ACCEPT_WAIT_S = 3.0  # the server is busy with other events longer than this: run it here
REPLY_WAIT_S = 8.0  # under Claude Code's shortest hook timeout (10 s, tui/commands/install.py)
START_MARK_MAX_AGE_S = 30.0  # a server that has not started by then died trying: start another
START_WAIT_S = 1.0  # a hook that finds a server starting waits this long (from its start) for its socket
# The events whose hook prints nothing (a problem goes to the log too): with no server up, the
# hook hands them to a server it starts and leaves at once (`hand_over`).  SessionStart and
# UserPromptSubmit print context: they run here while a server starts for the next events.
QUIET_EVENTS = frozenset((b"PostToolUse", b"PostToolUseFailure", b"PreCompact", b"PostCompact", b"Stop",
                          b"SessionEnd", b"Notification", b"PostModelSwitch", b"DirectoryAdded"))  # fmt: skip
SWITCH = "MEMLANE_HOOK_SERVER"


class Fallback(Exception):
    """The server cannot take this event: the hook runs it in its own process (or, `nobody`:
    no server listens at all, hands it to one it starts, `hand_over`)."""

    def __init__(self, message: str = "", nobody: bool = False) -> None:
        super().__init__(message)
        self.nobody = nobody


def server_enabled(environ=os.environ) -> bool:
    """False when MEMLANE_HOOK_SERVER is 0/false/no/off (docs/settings.md)."""
    flag = str(environ.get(SWITCH, "")).strip().lower()
    return flag not in ("0", "false", "no", "off")


def request_fields(db_path: str, data: bytes) -> list[bytes]:
    umask = os.umask(0o077)
    os.umask(umask)
    env = b"\0".join(k + b"=" + v for k, v in os.environb.items())
    return [os.fsencode(db_path), os.fsencode(os.getcwd()), b"\0".join(os.fsencode(a) for a in sys.argv),
            env, b"%o" % umask, data]  # fmt: skip


def _receive_field(sock) -> bytes:
    return receive_exactly(sock, int.from_bytes(receive_exactly(sock, 4), "big"))


def _connect(path: str):
    import _socket

    if not hasattr(_socket, "AF_UNIX"):
        raise Fallback("no Unix sockets here")
    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        sock.settimeout(ACCEPT_WAIT_S)
        sock.connect(path)
        if peer_uid(sock) not in (None, os.getuid()):
            raise Fallback("the hook server's socket belongs to another user")
    except BaseException:
        sock.close()
        raise
    return sock


def exchange(sock_path: str, fields: list[bytes]) -> tuple[int, bytes, bytes]:
    """The event handed to the server at `sock_path`: (exit code, stdout, stderr).  Fallback
    while the hook may still run the event itself; any other error after that point."""
    try:
        sock = _connect(sock_path)
    except OSError as exc:  # no socket, nobody listening, a stale socket
        raise Fallback(str(exc), nobody=isinstance(exc, (FileNotFoundError, ConnectionRefusedError))) from None
    try:
        try:
            sock.sendall(MAGIC + pack(fields))
            answer = sock.recv(1)
        except OSError as exc:  # closed before "A" (it is leaving), or busy too long
            raise Fallback(str(exc)) from None
        if answer != b"A":
            raise Fallback("the hook server declined the event")
        sock.sendall(b"G")  # the event is the server's now
        sock.settimeout(REPLY_WAIT_S)
        if receive_exactly(sock, 1) != b"D":
            raise ConnectionError("the hook server sent something else")
        code = int.from_bytes(receive_exactly(sock, 4), "big")
        return code, _receive_field(sock), _receive_field(sock)
    finally:
        sock.close()


def server_status(db_path: str) -> dict | None:
    """The live hook server of `db_path`: {"pid", "events" (served), "resting" (idle past its idle
    time, its page cache given back: `hooks.server.Server.rest`), "db"}; None when none answers."""
    paths = server_paths(os.path.abspath(db_path))
    if paths is None:
        return None
    try:
        sock = _connect(paths["sock"])
    except (OSError, Fallback):
        return None
    try:
        sock.sendall(STATUS)
        words = b""
        while chunk := sock.recv(4096):
            words += chunk
        pid, events, resting, db = words.split(b" ", 3)
        return {"pid": int(pid), "events": int(events), "resting": resting == b"1", "db": os.fsdecode(db)}
    except (OSError, ValueError):
        return None
    finally:
        sock.close()


def stop_server(db_path: str, wait_s: float = 5.0) -> int | None:
    """Ask the live hook server of `db_path` to leave (SIGTERM: it finishes the event under way,
    removes its socket and lock) and wait until it no longer answers; its pid, None when no
    server answered.  `memlane uninstall` uses it, so no server outlives the hooks."""
    import signal
    import time

    status = server_status(db_path)
    if status is None or os.path.realpath(status["db"]) != os.path.realpath(db_path):
        return None
    try:
        os.kill(status["pid"], signal.SIGTERM)
    except OSError:
        return None
    deadline = time.monotonic() + wait_s
    while server_status(db_path) is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    return status["pid"]


# ------------------------------------------------------------------ starting a server


def _start(paths: dict, child) -> bool:
    """What every way of starting the store's server shares: the start mark (False when a
    server is starting already: of many hooks at once, one starts it), the Claude Code session
    the hook runs in (seen now, while the hook's process tree is whole: the server stays while
    it runs), then `child(session)`, which makes the process that becomes the server and
    returns in this one; when it cannot (OSError) the mark is dropped: the next hook tries."""
    if not _mark_start(paths):
        return False
    session = _session()
    try:
        child(session)
    except OSError:
        drop(paths["start"])
        return False
    return True


def _forked(becomes, *, after_exit: str = "", lost: str = ""):
    """`_start`'s child for a server forked from the hook: the child lets go of the hook's pipes
    at once (Claude Code waits until every copy is closed); with `after_exit` (the start mark)
    it waits, in a session of its own, until the hook's process has exited (the end of a pipe
    only the hook holds closes) and makes the mark anew (the hooks that come meanwhile wait
    START_WAIT_S from it for the socket: the hook's own run does not use that up); then it does
    `becomes(session)` and ends.  `lost`: what a failure of the child loses, said in the log
    ("": nothing; the start mark stays a while, then a hook starts another)."""

    def child(session) -> None:
        done, running = os.pipe() if after_exit else (-1, -1)
        try:
            pid = os.fork()
        except OSError:
            for fd in (done, running):
                if fd >= 0:
                    os.close(fd)
            raise
        if pid:
            if after_exit:
                os.close(done)  # `running` stays open until this process exits
            return
        try:
            _let_go_of_the_hook()
            if after_exit:
                os.close(running)
                os.setsid()
                os.read(done, 1)  # b"": the hook's process has exited
                os.close(done)
                _touch(after_exit)
            becomes(session)
        except BaseException as exc:
            if lost:
                _say(f"hook: the hook server could not start ({type(exc).__name__}: {exc}); {lost}.", stderr=False)
        os._exit(0)

    return child


def start_server(db_path: str, paths: dict) -> bool:
    """Start the hook server of `db_path` in the background, in an interpreter of its own,
    unless one is starting (True if started).  The server detaches itself
    (`hooks.background.detach`) and closes every descriptor but its /dev/null stdio, so
    nothing of it holds the hook's pipes (Claude Code waits until they close)."""
    return _start(paths, lambda session: _spawn_server(db_path, session))


def _spawn_server(db_path: str, session: tuple | None) -> None:
    code = "import sys; sys.path[:0] = sys.argv[2:]; from hooks.server import main; main(sys.argv[1])"
    argv = [sys.executable, "-I", "-S", "-c", code, db_path, *_import_folders()]
    env = dict(os.environ)
    if session is not None:  # the Claude Code process it serves: it stays while that runs
        from hooks.keepalive import SESSION_VARIABLE

        env[SESSION_VARIABLE] = f"{session[0]}:{session[1]}"
    try:
        actions = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_RDWR, 0) for fd in (0, 1, 2)]
        os.posix_spawn(sys.executable, argv, env, file_actions=actions, setsid=True)
    except (OSError, AttributeError, TypeError, NotImplementedError):  # no posix_spawn here
        import subprocess

        subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, env=env,
                         stderr=subprocess.DEVNULL, close_fds=True, start_new_session=True)  # fmt: skip


def start_server_after_exit(db_path: str, paths: dict) -> bool:
    """Start the hook server of `db_path` once this hook's process has exited (unless one is
    starting; True if it will): a child forked now waits, holding nothing of the hook's, then
    becomes the server.  A hook that runs its event itself does not share the machine's cores
    with a server's imports and warm-up meanwhile (on 2 cores they slowed a prompt by ~0.5x
    the floor), and the server needs no interpreter of its own.  Without fork: `start_server`."""
    if not hasattr(os, "fork"):
        return start_server(db_path, paths)
    return _start(paths, _forked(_server(db_path), after_exit=paths["start"]))


def hand_over(db_path: str, paths: dict, fields: list[bytes]) -> bool:
    """With no server up, a quiet event is handed to a new one instead of run here: this
    process forks, the child lets go of the hook's pipes and becomes the store's server
    (`hooks.server.main`), with the event in its memory (never written anywhere raw: the
    privacy filter runs before any write), which it runs first, once.  True in the hook's
    process when the child has the event; False when this hook may not start a server (one
    is starting) or cannot fork: it runs the event itself.  Nothing is lost silently: a
    failure before the event ran is one `[memlane]` line in the log."""
    if not hasattr(os, "fork"):
        return False
    first = dict(zip(REQUEST_FIELDS, fields))
    return _start(paths, _forked(_server(db_path, first), lost="the event it was handed was not stored"))


def _server(db_path: str, first: dict | None = None):
    """What a forked child becomes (`_forked`): the store's server (`hooks.server.main`), which
    runs `first` first; imported only in the child (the hook's own run imports none of it)."""

    def serve(session) -> None:
        from hooks.server import main

        main(db_path, first=first, session=session)

    return serve


def _touch(path: str) -> None:
    try:
        os.utime(path, follow_symlinks=False)
    except OSError:  # gone: another server started meanwhile
        pass


def _let_go_of_the_hook() -> None:
    """The hook's stdin, stdout and stderr replaced by /dev/null (Claude Code waits until
    every copy of its pipes is closed)."""
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    if devnull > 2:
        os.close(devnull)
    try:  # a forked server keeps the hook's command line: `ps -o comm`, `top` show this name
        with open("/proc/self/comm", "w") as comm:
            comm.write("memlane-server")
    except OSError:
        pass


def _session() -> tuple[int, int] | None:
    """The Claude Code process that ran this hook (`hooks.keepalive`), seen before the hook
    leaves (after, the shell between them may be gone too); None outside Claude Code."""
    from hooks.keepalive import claude_process, from_claude_code

    env = b"\0".join(k + b"=" + v for k, v in os.environb.items())
    return claude_process(os.getpid()) if from_claude_code(env) else None


def _import_folders() -> list[str]:
    """Where memlane and its packages are imported from: the server imports as the hook does."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return list(dict.fromkeys([here, *(p for p in sys.path if p and os.path.isdir(p))]))


def _mark_start(paths: dict) -> bool:
    """True when this hook may start the server: it made the start mark (O_EXCL: one hook
    of many running at once), or the mark is older than a server needs to start."""
    for _attempt in (1, 2):
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
            os.close(os.open(paths["start"], flags, 0o600))
            return True
        except FileExistsError:
            try:
                import time

                if time.time() - os.lstat(paths["start"]).st_mtime < START_MARK_MAX_AGE_S:
                    return False
            except OSError:
                pass
            drop(paths["start"])
        except OSError:
            return False
    return False


# ------------------------------------------------------------------ the hook process


def _write_all(fd: int, data: bytes) -> None:
    try:
        while data:
            data = data[os.write(fd, data):]
    except OSError:
        pass  # Claude Code stopped listening


def _in_process(data, failure, db_path: str | None = None, paths: dict | None = None) -> None:
    """The hook run here, as before the server (it ends the process), starting a server for
    the next events once it has exited (`paths`: where it listens)."""
    if paths is not None:
        try:
            start_server_after_exit(db_path, paths)
        except Exception:  # noqa: S110 - the next hook tries again; this one still runs
            pass
    from hooks.main import launched

    def again() -> bytes:
        if failure is not None:
            raise failure
        return data

    launched(read=again)


def main() -> None:
    """The hook command: the event handed to the server, or run here.  Never raises; the
    exit code is the hook's (0)."""
    data = failure = None
    try:
        from hooks.event import read_stdin

        data = read_stdin()
    except BaseException as exc:  # too large, unreadable: the hook says so, as before
        failure = exc
    if failure is not None or len(data) > INLINE_MAX_BYTES or not server_enabled():
        _in_process(data, failure)
        return
    db_path = paths = None
    try:
        try:
            from store.paths import default_db_path

            db_path = os.path.abspath(default_db_path())
            paths = server_paths(db_path)
            if paths is None:
                raise Fallback("no folder for the server's socket")
            fields = request_fields(db_path, data)
        except Exception as exc:
            raise Fallback(str(exc)) from None
        code, out, err = _served(paths, fields, db_path, data)
    except Fallback:
        _in_process(data, None, db_path, paths)
        return
    except BaseException as exc:  # after "G": the event is the server's; never run it twice
        _gave_up(exc)
        return
    _write_all(1, out)
    _write_all(2, err)
    os._exit(code)


def _served(paths: dict, fields: list[bytes], db_path: str, data: bytes) -> tuple[int, bytes, bytes]:
    """The event run by the store's server: the one listening; else one that is starting
    (waited for, up to START_WAIT_S); else, for a quiet event, one this hook starts by handing
    it the event (`hand_over`: the hook leaves at once).  Fallback: the hook runs the event
    itself (and starts no second server: `start_server_after_exit`)."""
    try:
        return exchange(paths["sock"], fields)
    except Fallback as exc:
        if not exc.nobody:
            raise
    # Every event queues to a starting server, a prompt too: the server binds before it warms
    # up and serves a queued hook between the warm-up's steps (a prompt right after a
    # SessionStart: 1.79x the floor queued, 2.63x run by itself; docs/performance.md).
    if _starting(paths):
        return exchange(paths["sock"], fields)  # Fallback when it did not come up in time
    if quiet_event(data) and hand_over(db_path, paths, fields):
        os._exit(0)  # the event is the new server's, in its memory; nothing to print
    raise Fallback("no hook server")


def _starting(paths: dict) -> bool:
    """True when a server another hook started is listening now: its start mark is younger
    than START_WAIT_S and its socket answered within that time (a server binds its socket
    before it warms up, so the wait is the interpreter's start)."""
    import time

    try:
        made = os.lstat(paths["start"]).st_mtime
    except OSError:
        return False
    while time.time() - made < START_WAIT_S:
        time.sleep(0.005)
        try:
            _connect(paths["sock"]).close()
            return True
        except (OSError, Fallback):
            continue
    return False


def quiet_event(data: bytes) -> bool:
    """True when the event is one whose hook prints nothing (QUIET_EVENTS), told from its bytes
    without `json` (its import alone is a third of the interpreter floor): the key
    "hook_event_name" found once, a string after it.  A key that occurs twice (one inside a
    tool's input, say), or written with escapes, makes it False: the hook runs as before."""
    key = b'"hook_event_name"'
    at = data.find(key)
    if at < 0 or data.find(key, at + 1) >= 0:
        return False
    rest = data[at + len(key) : at + len(key) + 80].lstrip(b" \t\r\n")
    if rest[:1] != b":":
        return False
    rest = rest[1:].lstrip(b" \t\r\n")
    end = rest.find(b'"', 1)
    return rest[:1] == b'"' and end > 0 and rest[1:end] in QUIET_EVENTS


def _gave_up(exc: BaseException) -> None:
    _say(f"hook: the hook server did not answer in time ({type(exc).__name__}); it still stores the event.")
    os._exit(0)


def _say(message: str, stderr: bool = True) -> None:
    """One `[memlane]` line in the log, and on stderr (a hook's: Claude Code shows it)."""
    try:
        from store.log import log_line

        log_line(message, stderr=stderr)
    except BaseException:  # noqa: S110 - never break the session
        pass
