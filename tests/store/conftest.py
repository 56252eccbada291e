import os

import pytest

from store import db


@pytest.fixture(autouse=True)
def memlane_home(tmp_path, monkeypatch):
    """memlane's folder (log, spool, settings) for this test only, never the person's own."""
    home = tmp_path / "memlane-home"
    monkeypatch.setenv("MEMLANE_HOME", str(home))
    return home


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "memory.db")


@pytest.fixture
def conn(db_path):
    connection = db.connect(db_path)
    yield connection
    connection.close()


def file_bytes(path: str) -> bytes:
    """Everything SQLite keeps on disk for a database: the file and its WAL."""
    return b"".join(open(path + s, "rb").read() for s in ("", "-wal") if os.path.exists(path + s))


def ts(days_ago: float = 0, seconds: float = 0) -> str:
    """A stored-format UTC timestamp `days_ago` days before now."""
    import time

    t = time.time() - days_ago * 86400 + seconds
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t % 1 * 1e6):06d}Z"
