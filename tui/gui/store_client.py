"""The one object panes use to reach the store: a shared connection behind a lock.

Call it only from thread workers.  Every method runs one `store` function
under the lock; SQLite errors come back as `StoreError` with one sentence.
No textual or rich here: it is plain Python over `store/`.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from store import queries
from store import search as store_search
from store.db import StoreError, connect, describe_error

T = TypeVar("T")


class StoreClient:
    """A sqlite3 connection usable from any thread, one call at a time."""

    def __init__(self, conn: sqlite3.Connection, path: str):
        self.path = path
        self._conn: sqlite3.Connection | None = conn
        self._lock = threading.RLock()

    @classmethod
    def open(cls, path: str | os.PathLike) -> StoreClient:
        """Open (creating if needed) the database at `path`; raises StoreError."""
        path = os.fspath(path)
        return cls(connect(path, check_same_thread=False), path)

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    @property
    def closed(self) -> bool:
        return self._conn is None

    def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """`fn(conn, *args, **kwargs)` under the lock, for any function of `store/`."""
        with self._lock:
            if self._conn is None:
                raise StoreError("the database is closed.")
            try:
                return fn(self._conn, *args, **kwargs)
            except sqlite3.Error as exc:
                raise StoreError(describe_error(self.path, exc)) from exc

    # -- reads (store.queries) ---------------------------------------------------

    def data_version(self) -> int:
        return self.run(queries.data_version)

    def latest_memory_id(self) -> int:
        return self.run(queries.latest_memory_id)

    def get_memory(self, memory_id: int) -> dict | None:
        return self.run(queries.get_memory, memory_id)

    def memories_after(self, last_id: int, **filters: Any) -> list[dict]:
        return self.run(queries.memories_after, last_id, **filters)

    def memories_before(self, before_id: int | None, **filters: Any) -> list[dict]:
        return self.run(queries.memories_before, before_id, **filters)

    def projects(self) -> list[dict]:
        return self.run(queries.projects)

    def count_sessions(self, project: str | None = None, text: str | None = None) -> int:
        return self.run(queries.count_sessions, project, text)

    def list_sessions(
        self, *, project: str | None = None, limit: int = 100, offset: int = 0,
        text: str | None = None, sort: str = "start",
    ) -> list[dict]:  # fmt: skip
        return self.run(queries.list_sessions, project=project, limit=limit, offset=offset,
                        text=text, sort=sort)  # fmt: skip

    def get_session(self, session_id: str) -> dict | None:
        return self.run(queries.get_session, session_id)

    def session_timeline(
        self, session_id: str, *, after_id: int = 0, limit: int = 500
    ) -> list[dict]:
        return self.run(queries.session_timeline, session_id, after_id=after_id, limit=limit)

    def position_in_session(self, memory_id: int) -> int | None:
        return self.run(queries.position_in_session, memory_id)

    def error_groups(self, **kwargs: Any) -> list[dict]:
        return self.run(queries.error_groups, **kwargs)

    def get_error_group(self, group_id: int) -> dict | None:
        return self.run(queries.get_error_group, group_id)

    def error_occurrences(self, group_id: int, *, limit: int = 100) -> list[dict]:
        return self.run(queries.error_occurrences, group_id, limit=limit)

    def neighbours(self, memory_id: int, *, before: int = 3, after: int = 3) -> list[dict]:
        return self.run(queries.neighbours, memory_id, before=before, after=after)

    def stats(self) -> dict:
        return self.run(queries.stats)

    # -- writes the app offers (store.queries) -------------------------------------

    def set_error_status(self, group_id: int, status: str, note: str | None = None) -> bool:
        return self.run(queries.set_error_status, group_id, status, note)

    def set_error_note(self, group_id: int, note: str) -> bool:
        return self.run(queries.set_error_note, group_id, note)

    # -- search (store.search) ----------------------------------------------------

    def search(self, query: str, **kwargs: Any) -> list[dict]:
        """The store's one search; never raises for anything typed into `query`."""
        return self.run(store_search.search, query, **kwargs)
