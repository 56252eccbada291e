"""Reading a small file only when it is a regular file, without ever waiting.

`open()` on a FIFO waits for a writer, forever; on a device it may block or
never end.  A hook must not wait on a file someone planted (a `.git` chain,
a config, a spool file), least of all while other sessions wait for it, so
every file the hook path reads goes through here: opened non-blocking,
checked to be a regular file, read up to a limit.
"""

from __future__ import annotations

import os
import stat


class NotRegularFile(OSError):
    """The path is a FIFO, device, socket or folder: it was not read."""


def read_regular(path: str | os.PathLike, limit: int = 1 << 20) -> bytes:
    """Up to `limit` bytes of the regular file at `path`.

    Raises FileNotFoundError (or another OSError) as `open()` would, and
    NotRegularFile for anything but a regular file.
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(f"{os.fspath(path)} is not a regular file; it was not read")
        chunks = []
        size = 0
        while size < limit:
            chunk = os.read(fd, min(1 << 20, limit - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def first_line(path: str | os.PathLike, limit: int = 4096) -> str:
    """The first line of a small regular text file, stripped (invalid UTF-8 replaced)."""
    data = read_regular(path, limit)
    return data.decode("utf-8", "replace").split("\n", 1)[0].strip()
