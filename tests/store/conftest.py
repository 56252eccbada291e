"""The store tests' databases, as sqlite-utils' tests have them: `fresh_db` (a new, empty
memlane database) and `existing_db` (the same with three sessions in two projects), plus
`add` for a test's own memories."""

import os

import pytest

from store.database import connection as db
from store.writing import writer


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
def fresh_db(db_path):
    """A new, empty memlane database at `db_path`, as `memlane` makes one."""
    connection = db.connect(db_path)
    yield connection
    connection.close()


# `conn` is `fresh_db` under the name most store tests still use; the lead renames them once
# the parallel branches (secrets, flow, recall, real) that edit those files have landed.
@pytest.fixture
def conn(fresh_db):
    return fresh_db


@pytest.fixture
def existing_db(fresh_db):
    """Memories 1-4 in three sessions of two projects called "shop", in March 2025:
    1 sess-alpha-1 ran the tests; 2 sess-alpha-2 edited cart.py (file_edit); 3 and 4
    sess-bravo-1 (/elsewhere/shop) edited src/cart.py (file_edit) and a deploy note."""
    add(fresh_db, "ran the tests", session="sess-alpha-1", cwd="/nonexistent/shop",
        created_at="2025-03-01T09:00:00.000000Z")  # fmt: skip
    add(fresh_db, "edited cart.py", session="sess-alpha-2", cwd="/nonexistent/shop", type="file_edit",
        file_path="/nonexistent/shop/cart.py", created_at="2025-03-08T09:00:00.000000Z")  # fmt: skip
    add(fresh_db, "edited cart.py too", session="sess-bravo-1", cwd="/elsewhere/shop", type="file_edit",
        file_path="/elsewhere/shop/src/cart.py", created_at="2025-03-09T09:00:00.000000Z")  # fmt: skip
    add(fresh_db, "a deploy note", session="sess-bravo-1", cwd="/elsewhere/shop",
        created_at="2025-03-09T10:00:00.000000Z")  # fmt: skip
    return fresh_db


def add(conn, content: str, days_ago: float | None = None, *, session: str = "s1", type: str = "command",
        cwd: str = "/nonexistent/app", **fields) -> int | None:  # fmt: skip
    """Write one memory as a hook would (`days_ago`: its age; `fields`: any other Observation
    key); its id, or None when the store deduplicated it."""
    if days_ago is not None:
        fields["created_at"] = ts(days_ago)
    return writer.add_memory(conn, {"session_id": session, "type": type, "content": content, "cwd": cwd, **fields})


def file_bytes(path: str) -> bytes:
    """Everything SQLite keeps on disk for a database: the file and its WAL."""
    return b"".join(open(path + s, "rb").read() for s in ("", "-wal") if os.path.exists(path + s))


def ts(days_ago: float = 0, seconds: float = 0) -> str:
    """A stored-format UTC timestamp `days_ago` days before now."""
    import time

    t = time.time() - days_ago * 86400 + seconds
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t % 1 * 1e6):06d}Z"
