"""A hook's nudge to the app: "I just committed", so the app reads now, not at its next poll.

The app listens (`Listener`) on a FIFO beside the database, `<database>.live`.  A hook
calls `ring(db_path)` once its write committed: it opens the FIFO without blocking and
writes one byte.  The hook never waits on the app and never fails because of it: with
nobody listening the open fails at once (no FIFO: ENOENT; a FIFO nobody reads: ENXIO),
a pipe the app has not emptied takes no more (EAGAIN), and anything at that path that
is not a FIFO is left alone; each is ignored.  One system call when nobody listens.

Only the standard library's `os` (imported by every Python process already): the hook
pays nothing to import this.  The app still polls (tui/gui/data_watch.py) for writers
that do not ring: the CLI, the MCP server, a second app on the same store.
"""

from __future__ import annotations

import os
import stat

SUFFIX = ".live"
_HOOK_FLAGS = os.O_WRONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_NOCTTY | os.O_CLOEXEC


def fifo_path(db_path: str) -> str:
    return db_path + SUFFIX


def ring(db_path: str) -> None:
    """Tell the app listening on `db_path`'s store that something was committed (never
    blocks, never raises)."""
    try:
        fd = os.open(db_path + SUFFIX, _HOOK_FLAGS)
    except (OSError, ValueError):
        return
    try:
        if stat.S_ISFIFO(os.fstat(fd).st_mode):
            os.write(fd, b"!")
    except OSError:
        pass
    finally:
        os.close(fd)


class Listener:
    """The app's end: `wait(timeout)` returns True as soon as a hook rang (or `wake()` was
    called), False after `timeout` seconds of nothing.  `Listener.open(db_path)` is None
    where no FIFO can be made (a read-only folder, something else at its path)."""

    def __init__(self, path: str, read_fd: int, keep_fd: int) -> None:
        self.path = path
        self._read_fd = read_fd
        self._keep_fd = keep_fd  # a writer of our own: the FIFO never reads as closed

    @classmethod
    def open(cls, db_path: str) -> Listener | None:
        path = fifo_path(db_path)
        try:
            os.mkfifo(path, 0o600)
        except FileExistsError:  # left by an app that ended abruptly, or another one running
            pass
        except (OSError, ValueError):
            return None
        try:
            if not stat.S_ISFIFO(os.lstat(path).st_mode):
                return None
            read_fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
        except OSError:
            return None
        try:
            keep_fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError:
            os.close(read_fd)
            return None
        return cls(path, read_fd, keep_fd)

    def wait(self, timeout: float) -> bool:
        import select

        try:
            ready, _, _ = select.select([self._read_fd], [], [], timeout)
        except (OSError, ValueError):  # closed meanwhile
            return False
        if not ready:
            return False
        try:
            while os.read(self._read_fd, 4096):
                pass
        except OSError:  # EAGAIN: emptied
            pass
        return True

    def wake(self) -> None:
        """End a `wait` now (from another thread)."""
        try:
            os.write(self._keep_fd, b".")
        except OSError:
            pass

    def close(self) -> None:
        """Stop listening, and remove the FIFO if it is still ours (hooks then skip it at once).
        Not while another thread waits: `wake()` it and let it end first."""
        try:
            ours, there = os.fstat(self._read_fd), os.lstat(self.path)
            if (ours.st_dev, ours.st_ino) == (there.st_dev, there.st_ino):
                os.unlink(self.path)
        except OSError:
            pass
        for fd in (self._read_fd, self._keep_fd):
            try:
                os.close(fd)
            except OSError:
                pass
