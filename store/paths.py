"""Where memlane keeps its files.

Everything is resolved at call time (not import time) so tests can point
``HOME`` / ``MEMLANE_HOME`` / ``MEMLANE_DB`` at a temporary directory.

- ``memlane_home()``: ``$MEMLANE_HOME`` if set, else ``~/.claude/memlane``.
- ``default_db_path()``: ``$MEMLANE_DB`` if set, else ``<home>/memory.db``.
- ``log_path()``: ``<home>/memlane.log``.
- ``spool_dir()``: ``<home>/spool``; ``spool_dir_for(db)``: ``<home>/spool/db-<hash>``,
  one spool per database (keyed by its absolute path).
- ``config_path()``: ``<home>/config.toml``.
- ``team_db_path()``: ``$MEMLANE_TEAM_DB`` if set, else ``<home>/team.db`` (teammates'
  memories, written only by `memlane team sync`).

Nothing here creates directories on its own; callers that write use
``make_private_dir`` / ``open_private`` (owner-only, no symbolic links).
"""
from __future__ import annotations

import os


def memlane_home() -> str:
    env = os.environ.get("MEMLANE_HOME")
    if env:
        return os.path.expanduser(env)
    return os.path.join(os.path.expanduser("~"), ".claude", "memlane")


def default_db_path() -> str:
    env = os.environ.get("MEMLANE_DB")
    if env:
        return os.path.expanduser(env)
    return os.path.join(memlane_home(), "memory.db")


def log_path() -> str:
    return os.path.join(memlane_home(), "memlane.log")


def spool_dir() -> str:
    return os.path.join(memlane_home(), "spool")


def spool_dir_for(db_path: str) -> str:
    """The spool of one database: writes meant for it are never applied to another."""
    try:  # the builtin module: hashlib would load OpenSSL (~2 ms of a hook's start-up)
        from _sha256 import sha256  # Python 3.11
    except ImportError:  # pragma: no cover - other versions
        try:
            from _sha2 import sha256  # Python 3.12+
        except ImportError:
            from hashlib import sha256
    key = os.path.realpath(os.path.abspath(os.path.expanduser(db_path)))
    digest = sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return os.path.join(spool_dir(), "db-" + digest)


def config_path() -> str:
    return os.path.join(memlane_home(), "config.toml")


def team_db_path() -> str:
    env = os.environ.get("MEMLANE_TEAM_DB")
    if env:
        return os.path.expanduser(env)
    return os.path.join(memlane_home(), "team.db")


# -- owner-only files -------------------------------------------------------------------
# Memories are private: the memlane folder is 0700 and every file in it 0600, whatever the
# umask, and memlane never follows a symbolic link planted where one of its files goes.

PRIVATE_DIR_MODE = 0o700
PRIVATE_FILE_MODE = 0o600


class SymlinkRefused(OSError):
    """A memlane path is a symbolic link; `str(exc)` says which and what to do."""


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
    existed = os.path.isdir(path)
    os.makedirs(path, mode=PRIVATE_DIR_MODE, exist_ok=True)
    home = os.path.abspath(memlane_home())
    folder = os.path.abspath(path)
    if not existed or folder == home or folder.startswith(home + os.sep):
        tighten(path, PRIVATE_DIR_MODE)  # not a folder of the user's own that merely holds a db
    if folder.startswith(home + os.sep):
        tighten(home, PRIVATE_DIR_MODE)  # makedirs gave the parents the umask's mode


def tighten(path: str, mode: int = PRIVATE_FILE_MODE) -> None:
    """chmod `path` to `mode` when it is ours and lets anyone else in (never raises)."""
    try:
        st = os.lstat(path)
        if st.st_uid == os.getuid() and st.st_mode & 0o077 and not _is_link(st):
            os.chmod(path, mode)
    except (OSError, AttributeError):
        pass


def _is_link(st: os.stat_result) -> bool:
    import stat

    return stat.S_ISLNK(st.st_mode)


def open_private(path: str, flags: int, what: str) -> int:
    """os.open for a memlane file: 0600 when created, never through a symbolic link."""
    refuse_symlink(path, what)
    fd = os.open(path, flags | getattr(os, "O_NOFOLLOW", 0), PRIVATE_FILE_MODE)
    try:
        st = os.fstat(fd)
        if st.st_mode & 0o077 and st.st_uid == os.getuid():
            os.fchmod(fd, PRIVATE_FILE_MODE)
    except (OSError, AttributeError):
        pass
    return fd


def write_private_atomic(path: str, text: str) -> None:
    """Replace `path` with `text` in one rename: 0600, never through a symbolic link."""
    make_private_dir(os.path.dirname(path))
    tmp = f"{path}.{os.getpid()}.tmp"
    fd = open_private(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, "a temporary file")
    try:
        try:
            os.write(fd, text.encode("utf-8", "replace"))
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        discard(tmp)  # a full disk must not leave half-written files behind
        raise


def discard(path: str) -> None:
    """Remove a temporary file of ours, if it is there."""
    try:
        os.unlink(path)
    except OSError:
        pass
