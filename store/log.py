"""One-line diagnostics: `[memlane] ...` to stderr and to the log file.

The log lives at `store.paths.log_path()` (`~/.claude/memlane/memlane.log`) and
is rotated at MAX_LOG_BYTES to `memlane.log.1` (the previous `.1` becomes
`.2`; older ones go), so it never holds more than about 3 MB in all.

Nothing here raises: a log that cannot be written must not break a hook.
Standard library only, and only what the hook path already imports.
"""

from __future__ import annotations

import os
import sys
import time

from store.paths import log_path
from store.text import one_line

PREFIX = "[memlane] "
MAX_LOG_BYTES = 1_000_000
KEEP_OLD = 2  # memlane.log.1 and memlane.log.2
MAX_MESSAGE_CHARS = 500


def _rotate(path: str) -> None:
    for n in range(KEEP_OLD, 1, -1):
        older = f"{path}.{n - 1}"
        if os.path.exists(older):
            os.replace(older, f"{path}.{n}")
    os.replace(path, path + ".1")


def write_log(line: str, path: str | None = None) -> bool:
    """Append `line` (already prefixed) with a UTC time stamp; rotate first if big."""
    try:
        path = path or log_path()
        from store.files import make_private_dir, open_private

        try:
            if os.lstat(path).st_size >= MAX_LOG_BYTES:
                _rotate(path)
        except FileNotFoundError:
            make_private_dir(os.path.dirname(path) or ".")
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        data = f"{stamp} {line}\n".encode("utf-8", "replace")
        # O_NONBLOCK: a FIFO planted as the log fails at once instead of waiting for a reader.
        fd = open_private(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK, "the log")
        try:
            os.write(fd, data)  # one write of a short line: atomic with O_APPEND
        finally:
            os.close(fd)
        return True
    except Exception:
        return False


def log_line(message: object, *, stderr: bool = True) -> str:
    """Write `[memlane] <message>` to stderr and to the log file; returns the line."""
    line = PREFIX + one_line(message, MAX_MESSAGE_CHARS)
    if stderr:
        try:
            sys.stderr.write(line + "\n")
            sys.stderr.flush()
        except Exception:
            pass
    write_log(line)
    return line
