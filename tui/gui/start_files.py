"""The files the app reads to start, handed to the disk ahead of the imports (a cold start).

After a reboot or a long idle none of the ~400 modules the app imports (Textual, Rich,
the standard library, memlane's own) is in the page cache, and Python reads them one
at a time as it imports them, waiting on the disk for each.  Each start of the app
notes the files it read once its panes are built (`record`); the next start hands that
list to the kernel's read-ahead from a thread before it imports anything (`prefetch`),
so the disk fetches them together while the interpreter works through the first ones.
Cold first screen at 100k memories, 8 interleaved starts each: median 546 -> 498 ms.
When the page cache holds them already (a few of the listed files are probed: the usual
start) no thread is started: its ~1,800 system calls, each giving the GIL back and taking
it again, only slowed the imports it ran beside.  Linux only (`posix_fadvise`); elsewhere
it does nothing.

Only the standard library, `store.files` and `store.log` are imported here: this runs
before the app's imports.  A failure is one line in the log, not on stderr: the terminal
is the app's.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterable

from store.files import NotRegularFile, open_regular, read_regular, write_private_if_changed
from store.log import log_line
from store.paths import memlane_home

LIST_NAME = "app-start-files"  # in the memlane folder: one path per line
MAX_LIST_BYTES = 1 << 20
READ_SUFFIXES = (".pyc", ".py", ".so", ".tcss")  # what a start reads; never a database
PROBES = 8  # listed files (spread over the list, and its last) looked for in the page cache


def list_path() -> str:
    return os.path.join(memlane_home(), LIST_NAME)


def prefetch() -> threading.Thread | None:
    """Ask the disk for the files the last start read, in a thread started now, unless the
    page cache holds them already (then None)."""
    if not hasattr(os, "posix_fadvise"):
        return None
    listed = listed_files(list_path())
    if not listed or all(map(in_page_cache, listed[:: max(1, len(listed) // PROBES)] + listed[-1:])):
        return None
    thread = threading.Thread(target=ask_ahead_of, args=(listed,), name="memlane start files",
                              daemon=True)  # fmt: skip
    thread.start()
    return thread


def listed_files(path: str) -> list[str]:
    """The files listed in `path` (none before the first start, or if it cannot be read)."""
    try:
        listed = read_regular(path, MAX_LIST_BYTES).decode("utf-8", "replace").splitlines()
    except FileNotFoundError:
        return []  # the first start
    except OSError as exc:
        log_line(f"the app's start files were not read ahead: {exc}", stderr=False)
        return []
    return [name for name in listed if name.endswith(READ_SUFFIXES)]


def in_page_cache(name: str) -> bool:
    """Whether the first page of the regular file `name` is in the page cache (a read that
    must not wait for the disk, RWF_NOWAIT); False when it is not, or cannot be told."""
    if not hasattr(os, "RWF_NOWAIT"):
        return False
    try:
        fd, _st = open_regular(name)  # never a FIFO or a device
    except OSError:
        return False
    try:
        os.preadv(fd, [bytearray(1)], 0, os.RWF_NOWAIT)
        return True
    except OSError:  # EAGAIN: on the disk only; EOPNOTSUPP: a file system that cannot tell
        return False
    finally:
        os.close(fd)


def ask_ahead(path: str) -> int:
    """Hand each regular file listed in `path` to the kernel's read-ahead; how many were."""
    return ask_ahead_of(listed_files(path))


def ask_ahead_of(listed: list[str]) -> int:
    """Hand each regular file of `listed` to the kernel's read-ahead; how many were."""
    asked, failure = 0, None
    for name in listed:
        try:
            fd, _st = open_regular(name)
        except NotRegularFile:
            continue  # never a FIFO or a device
        except FileNotFoundError:
            continue  # gone since (an upgrade): the next start lists what it reads then
        except OSError as exc:
            failure = failure or exc
            continue
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_WILLNEED)
            asked += 1
        except OSError as exc:
            failure = failure or exc
        finally:
            os.close(fd)
    if failure is not None:
        log_line(f"some of the app's start files were not read ahead: {failure}", stderr=False)
    return asked


def files_read(extra: Iterable[str] = ()) -> list[str]:
    """The files this process's imports read (each module's bytecode cache where there is
    one, else its source or extension), then `extra`, in import order."""
    files: list[str] = []
    for module in list(sys.modules.values()):
        if getattr(getattr(module, "__spec__", None), "origin", None) == "frozen":
            continue  # inside the interpreter: its `__file__` is never read
        cached = getattr(module, "__cached__", None)
        source = getattr(module, "__file__", None)
        for name in (cached, source):
            if isinstance(name, str) and name.endswith(READ_SUFFIXES) and os.path.isfile(name):
                files.append(name)
                break
    files.extend(extra)
    return list(dict.fromkeys(files))


def record(extra: Iterable[str] = ()) -> None:
    """Note the files this start read (see `files_read`), unless the list has them already.
    Never raises: it runs in a thread beside the app (a failure is one line in the log)."""
    try:
        data = "\n".join(files_read(extra)).encode("utf-8", "surrogateescape")
        write_private_if_changed(list_path(), data, "the app's start files")
    except Exception as exc:
        log_line(f"the app's start files could not be noted: {exc!r}", stderr=False)
