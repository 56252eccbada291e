"""memlane's own files: owner-only, never through a symbolic link, never waited on.

Memories are private: the memlane folder is 0700 and every file in it 0600, whatever
the umask, and memlane never follows a symbolic link planted where one of its files
goes.  `open()` on a FIFO waits for a writer, forever, and on a device it may block or
never end: a hook must not wait on a file someone planted (a `.git` chain, a config, a
spool file), so every file the hook path reads goes through `read_regular`: opened
non-blocking, checked to be a regular file, read up to a limit.
"""

from __future__ import annotations

import errno
import os
import stat

from store.errors import MemlaneError
from store.paths import memlane_home

PRIVATE_DIR_MODE = 0o700
PRIVATE_FILE_MODE = 0o600


class SymlinkRefused(MemlaneError, OSError):
    """A memlane path is a symbolic link; `str(exc)` says which and what to do."""


class NotRegularFile(MemlaneError, OSError):
    """The path is a FIFO, device, socket or folder: it was not read."""


def refuse_symlink(path: str, what: str) -> None:
    """Raise SymlinkRefused when `path` is a symbolic link (a missing path is fine)."""
    if os.path.islink(path):
        raise SymlinkRefused(
            f"{path} ({what}) is a symbolic link; memlane does not follow links for its own "
            "files (another user could point it anywhere). Replace it with a real "
            f"{'folder' if what.endswith('folder') else 'file'} or remove it."
        )


def make_private_dir(path: str, what: str = "memlane folder") -> None:
    """Create `path` (and missing parents) as 0700, or tighten it if it is ours and looser."""
    refuse_symlink(path, what)
    home = os.path.abspath(memlane_home())
    folder = os.path.abspath(path)
    if folder.startswith(home + os.sep):
        refuse_symlink(home, "memlane folder")  # its spool, log and markers go where it points
    existed = os.path.isdir(path)
    os.makedirs(path, mode=PRIVATE_DIR_MODE, exist_ok=True)
    if not existed or folder == home or folder.startswith(home + os.sep):
        tighten(path, PRIVATE_DIR_MODE)  # not a folder of the user's own that merely holds a db
    if folder.startswith(home + os.sep):
        tighten(home, PRIVATE_DIR_MODE)  # makedirs gave the parents the umask's mode


def tighten(path: str, mode: int = PRIVATE_FILE_MODE) -> None:
    """chmod `path` to `mode` when it is ours, lets anyone else in and is a regular file or a
    folder (never a device such as /dev/null, a FIFO or a link's target; never raises)."""
    try:
        st = os.lstat(path)
        if st.st_uid == os.getuid() and st.st_mode & 0o077 and _file_or_folder(st):
            os.chmod(path, mode)
    except (OSError, AttributeError):
        pass


def open_private(path: str, flags: int, what: str) -> int:
    """os.open for a memlane file: 0600 when created, never through a symbolic link."""
    refuse_symlink(path, what)
    fd = os.open(path, flags | getattr(os, "O_NOFOLLOW", 0), PRIVATE_FILE_MODE)
    try:
        st = os.fstat(fd)
        if st.st_mode & 0o077 and st.st_uid == os.getuid() and _file_or_folder(st):
            os.fchmod(fd, PRIVATE_FILE_MODE)
    except (OSError, AttributeError):
        pass
    return fd


def _file_or_folder(st: os.stat_result) -> bool:
    return stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)


_written = 0


def write_private_atomic(path: str, data: bytes, what: str) -> None:
    """Replace `path` with `data` in one rename: 0600, never through a symbolic link.

    The folder is the caller's to make (`make_private_dir`).  The temporary file is hidden
    beside `path` (`.NAME.<pid>-<n>.tmp`), made with O_EXCL, so two writers never share
    one and a folder's readers (the spool) never take it for a finished file.  Raises
    OSError (SymlinkRefused among them)."""
    global _written
    _written += 1
    folder, name = os.path.split(path)
    refuse_symlink(path, what)
    tmp = os.path.join(folder, f".{name}.{os.getpid()}-{_written}.tmp")
    fd = open_private(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, "a temporary file")
    try:
        try:
            if os.write(fd, data) != len(data):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))  # a short write: the disk filled
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_private_if_changed(path: str, data: bytes, what: str) -> bool:
    """`write_private_atomic`, in its folder made private, unless `path` holds `data` already
    (then only tightened to 0600); whether it wrote.  Raises OSError."""
    try:
        if read_regular(path, len(data) + 1) == data:
            tighten(path)
            return False
    except OSError:
        pass  # none yet, or not a regular file: replaced below
    make_private_dir(os.path.dirname(path))
    write_private_atomic(path, data, what)
    return True


def open_regular(path: str | os.PathLike) -> tuple[int, os.stat_result]:
    """The regular file at `path`, opened for reading without waiting (a FIFO or a device put
    where a file was expected never blocks), and its stat; the caller closes the descriptor.

    Raises FileNotFoundError (or another OSError) as `os.open()` would, and NotRegularFile
    for anything but a regular file.
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFile(f"{os.fspath(path)} is not a regular file; it was not read")
    except BaseException:
        os.close(fd)
        raise
    return fd, st


def read_regular(path: str | os.PathLike, limit: int = 1 << 20) -> bytes:
    """Up to `limit` bytes of the regular file at `path` (raises as `open_regular`)."""
    fd, _st = open_regular(path)
    try:
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


def read_mapped(path: object, max_bytes: int, read):  # (no typing import: this is on the hook path)
    """`read(data)` over the regular file at `path` mapped for reading; None when `path` is
    not a non-empty regular file of at most `max_bytes` that can be opened, or reading it
    fails (a FIFO or a device never blocks: opened without waiting, refused by its mode)."""
    if not isinstance(path, str) or not path:
        return None
    try:
        fd, st = open_regular(path)
    except OSError:
        return None
    try:
        if st.st_size == 0 or st.st_size > max_bytes:
            return None
        import mmap

        with mmap.mmap(fd, st.st_size, access=mmap.ACCESS_READ) as data:
            return read(data)
    except (OSError, ValueError):
        return None
    finally:
        os.close(fd)


def first_line(path: str | os.PathLike, limit: int = 4096) -> str:
    """The first line of a small regular text file, stripped (invalid UTF-8 replaced)."""
    data = read_regular(path, limit)
    return data.decode("utf-8", "replace").split("\n", 1)[0].strip()
