"""The hook server's exchange, as both sides speak it (`hooks.client` asks, `hooks.server`
answers; `hooks.client` says the exchange): its words, its fields, where the server's socket
is, and whose process is at the other end.  Standard library only, and little of it: the hook
client imports it on every event."""

from __future__ import annotations

import os
import sys

MAGIC = b"MLH1"
STATUS = b"MLH?"  # asks a server how it is: "<pid> <events served> <resting: 0/1> <database>"
REQUEST_FIELDS = ("db", "cwd", "argv", "env", "umask", "stdin")
SOCKET_PATH_MAX = 100  # AF_UNIX allows 107 bytes and a NUL; a few spare


def server_paths(db_path: str) -> dict | None:
    """The server's files for the database at `db_path`: its socket, the lock the one server
    holds while it lives, and the mark a starting server leaves; None when the database's
    folder does not exist yet (the hook creating it starts no server)."""
    db_path = os.path.realpath(db_path)  # one store, one server, whatever link leads to it
    folder = os.path.dirname(db_path)
    safe = private_folder(folder, writable_only=True)
    if safe is None:
        return None
    base = db_path + "-hook"
    if not safe or len(os.fsencode(base + ".sock")) > SOCKET_PATH_MAX:
        folder = _runtime_folder()
        if not private_folder(folder) and not _make_folder(folder):
            return None
        base = os.path.join(folder, _digest(db_path))
    return {"sock": base + ".sock", "lock": base + ".lock", "start": base + ".start", "folder": folder}


def _runtime_folder() -> str:
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and os.path.isabs(runtime) and len(runtime) < SOCKET_PATH_MAX - 40:
        return os.path.join(runtime, "memlane")
    return os.path.join("/tmp", f"memlane-{os.getuid()}")


def _digest(path: str) -> str:
    from store.digest import text_digest  # the builtin SHA-256: hashlib would load OpenSSL

    return text_digest(path)[:24]


def private_folder(folder: str, writable_only: bool = False) -> bool | None:
    """True when `folder` is a real folder of this user that nobody else may enter; False when
    it is not; None when there is no such folder.  With `writable_only` (the database's own
    folder): that nobody else may write into, reached through a symbolic link or not (the
    folder it leads to is the one checked)."""
    import stat

    try:
        st = os.stat(folder) if writable_only else os.lstat(folder)
    except OSError:
        return None
    others = 0o022 if writable_only else 0o077
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & others


def _make_folder(folder: str) -> bool:
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
    except OSError:
        return False
    return bool(private_folder(folder))


def peer_credentials(sock) -> tuple | None:
    """(pid, uid) of the process at the other end of a Unix socket (None: cannot tell)."""
    import _socket

    option = getattr(_socket, "SO_PEERCRED", None)
    if option is None:
        return None
    creds = sock.getsockopt(_socket.SOL_SOCKET, option, 12)  # pid, uid, gid: three C ints
    return int.from_bytes(creds[0:4], sys.byteorder), int.from_bytes(creds[4:8], sys.byteorder)


def peer_uid(sock) -> int | None:
    """The user id of the process at the other end of a Unix socket (None: cannot tell)."""
    creds = peer_credentials(sock)
    return None if creds is None else creds[1]


def seconds_setting(name: str, default: float) -> float:
    """A duration in seconds from the environment variable `name`, `default` when it is unset,
    not a number or not above 0."""
    try:
        asked = float(os.environ.get(name) or default)
    except ValueError:
        return default
    return asked if asked > 0 else default


# ------------------------------------------------------------------ the exchange


def drop(path: str) -> None:
    """`path` removed if it is there (a start mark, a lock, a stale socket)."""
    try:
        os.unlink(path)
    except OSError:
        pass


def pack(fields) -> bytes:
    return b"".join(len(f).to_bytes(4, "big") + f for f in fields)


def receive_exactly(sock, size: int) -> bytes:
    chunks = []
    while size > 0:
        chunk = sock.recv(min(size, 1 << 20))
        if not chunk:
            raise ConnectionError("the hook server closed the connection")
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)
