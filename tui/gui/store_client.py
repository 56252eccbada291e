"""The one object panes use to reach the store: one writer, concurrent readers.

Call it only from thread workers.  Writes (`run`) go through one connection
behind a lock, one at a time.  Reads (`read`, and every read method below)
take a connection of their own from a small pool, so a long selection,
count or scrub in one pane never holds up Live's polling or another pane's
page: in WAL mode readers neither wait for the writer nor for each other.
SQLite errors come back as `StoreError` with one sentence.  No textual or
rich here: it is plain Python over `store/`.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from store import search as store_search
from store.database import StoreError, connect, describe_error
from store.reading import listings
from store.triage import groups as error_groups

T = TypeVar("T")

CANCEL_CHECK_STEPS = 20_000  # SQLite virtual-machine steps between checks of `cancelled` (~1 ms)


class ReadCancelled(Exception):
    """A read stopped because the caller no longer wanted its answer (not an error)."""


class StoreClient:
    """A sqlite3 connection usable from any thread, one call at a time."""

    def __init__(self, conn: sqlite3.Connection, path: str):
        self.path = path
        self._conn: sqlite3.Connection | None = conn
        self._lock = threading.RLock()
        self._pool_lock = threading.Lock()
        self._idle: list[sqlite3.Connection] = []  # readers not in use right now
        self._readers: list[sqlite3.Connection] = []  # every reader opened, to close them
        self._poll_lock = threading.Lock()
        self._poll: sqlite3.Connection | None = None
        self._shared_lock = threading.Lock()
        self._in_flight: dict[str, Future] = {}  # read name: the read running now (read_shared)
        self._projects: tuple[int, list[dict]] | None = None  # (data_version, rows) of the last read

    @classmethod
    def open(cls, path: str | os.PathLike) -> StoreClient:
        """Open (creating if needed) the database at `path`; raises StoreError."""
        path = os.fspath(path)
        return cls(connect(path, check_same_thread=False), path)

    @classmethod
    def open_readonly(cls, path: str | os.PathLike) -> StoreClient:
        """Open an existing database only to read it (the team cache); raises StoreError."""
        path = os.fspath(path)
        return cls(connect(path, readonly=True, check_same_thread=False), path)

    def close(self) -> None:
        with self._lock:
            # Only the idle readers: one closed under a statement another thread is
            # running crashes the process (the app quitting while Insights reads).  A
            # reader in use is closed by `_give_back` when its call ends.
            with self._pool_lock:
                readers, self._readers, self._idle = self._idle, [], []
            with self._poll_lock:
                if self._poll is not None:
                    readers.append(self._poll)
                    self._poll = None
            for reader in readers:
                try:
                    reader.close()
                except sqlite3.Error:
                    pass
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    @property
    def full_disk(self) -> str:
        """"" normally; the sentence to show when a full disk left the database read-only."""
        conn = self._conn
        return getattr(conn, "full_disk", "") if conn is not None else ""

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

    def read(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """`fn(conn, *args, **kwargs)` on a read connection of this call's own.

        Only for functions that do not write.  Runs concurrently with other
        reads and with the writer.
        """
        if self._conn is None:
            raise StoreError("the database is closed.")
        reader = self._take_reader()
        try:
            return fn(reader, *args, **kwargs)
        except sqlite3.Error as exc:
            raise StoreError(describe_error(self.path, exc)) from exc
        finally:
            self._give_back(reader)

    def read_shared(self, name: str, fn: Callable[..., list[dict]]) -> list[dict]:
        """`read(fn)`, but a caller that comes while the same read (`name`) runs gets its
        answer (rows copied) instead of reading again.  For reads several panes make at
        once when the app starts, each a scan that grows with the database."""
        with self._shared_lock:
            running = self._in_flight.get(name)
            if running is None:
                running = self._in_flight[name] = Future()
                owner = True
            else:
                owner = False
        if not owner:
            return [dict(row) for row in running.result()]
        try:
            rows = self.read(fn)
        except BaseException as exc:
            running.set_exception(exc)
            raise
        else:
            running.set_result(rows)
            return rows
        finally:
            with self._shared_lock:
                self._in_flight.pop(name, None)

    def read_unless(self, cancelled: Callable[[], bool], fn: Callable[..., T], *args: Any,
                    **kwargs: Any) -> T:  # fmt: skip
        """`read`, stopped within a millisecond or so once `cancelled()` is true (a
        worker whose answer a newer one replaced): raises ReadCancelled.  A long
        count for a query typed over must not keep a core busy."""
        if self._conn is None:
            raise StoreError("the database is closed.")
        reader = self._take_reader()
        reader.set_progress_handler(lambda: 1 if cancelled() else 0, CANCEL_CHECK_STEPS)
        try:
            if cancelled():
                raise ReadCancelled()
            return fn(reader, *args, **kwargs)
        except sqlite3.Error as exc:
            if cancelled():
                raise ReadCancelled() from exc
            raise StoreError(describe_error(self.path, exc)) from exc
        finally:
            reader.set_progress_handler(None, 0)
            self._give_back(reader)

    def _take_reader(self) -> sqlite3.Connection:
        with self._pool_lock:
            if self._idle:
                return self._idle.pop()
        reader = connect(self.path, create=False, check_same_thread=False)
        with self._pool_lock:
            self._readers.append(reader)
        return reader

    def _give_back(self, reader: sqlite3.Connection) -> None:
        if reader.in_transaction:  # a function that left a read open must not pin the WAL
            try:
                reader.execute("ROLLBACK")
            except sqlite3.Error:
                pass
        with self._pool_lock:
            if reader in self._readers:
                self._idle.append(reader)
                return
        reader.close()  # the client was closed meanwhile

    # -- reads (store.reading.listings) ---------------------------------------------------

    def data_version(self) -> int:
        """Changes when any other connection commits.  The number is per connection,
        so it always comes from the same one (its own, not the writer's: polling
        must not wait behind a long write, and the app's own writes count)."""
        with self._poll_lock:
            if self._conn is None:
                raise StoreError("the database is closed.")
            if self._poll is None:
                self._poll = connect(self.path, create=False, check_same_thread=False)
            try:
                return listings.data_version(self._poll)
            except sqlite3.Error as exc:
                raise StoreError(describe_error(self.path, exc)) from exc

    def forget_generation(self) -> int:
        """Moves on with every forget and redaction (store.forgetting.erase), on the poll's connection."""
        with self._poll_lock:
            if self._poll is None:
                self._poll = connect(self.path, create=False, check_same_thread=False)
            try:
                return listings.forget_generation(self._poll)
            except sqlite3.Error as exc:
                raise StoreError(describe_error(self.path, exc)) from exc

    def memories_by_id(self, ids) -> dict[int, dict]:
        return self.read(listings.memories_by_id, ids)

    def error_group_states(self, group_ids) -> dict[int, dict]:
        return self.read(listings.error_group_states, group_ids)

    def latest_memory_id(self) -> int:
        return self.read(listings.latest_memory_id)

    def get_memory(self, memory_id: int) -> dict | None:
        return self.read(listings.get_memory, memory_id)

    def memories_after(self, last_id: int, **filters: Any) -> list[dict]:
        return self.read(listings.memories_after, last_id, **filters)

    def memories_before(self, before_id: int | None, **filters: Any) -> list[dict]:
        return self.read(listings.memories_before, before_id, **filters)

    def newest_memories(self, **filters: Any) -> list[dict]:
        return self.read(listings.newest_memories, **filters)

    def projects(self) -> list[dict]:
        """The projects, read again only when the database changed since the last read.

        Sessions, Errors, Live and Search each ask, as the app starts and as each pane is
        built: a scan of the sessions (30-50 ms at 1M memories, 150-300 ms with a cold page
        cache) whose Python side took turns from the pane a person had just asked for.
        Reads that overlap share one scan; a later one is answered from the last while
        `PRAGMA data_version` has not moved (it is taken before the scan, so a commit
        during it makes the next call read again)."""
        version = self.data_version()
        last = self._projects
        if last is not None and last[0] == version:
            return [dict(row) for row in last[1]]
        rows = self.read_shared("projects", listings.projects)
        self._projects = (version, [dict(row) for row in rows])
        return rows

    def count_sessions(self, project: str | None = None, text: str | None = None, *,
                       since: str | None = None, until: str | None = None) -> int:  # fmt: skip
        return self.read(listings.count_sessions, project, text, since=since, until=until)

    def list_sessions(
        self, *, project: str | None = None, limit: int = 100, offset: int = 0,
        text: str | None = None, sort: str = "start", since: str | None = None, until: str | None = None,
    ) -> list[dict]:  # fmt: skip
        return self.read(listings.list_sessions, project=project, limit=limit, offset=offset,
                        text=text, sort=sort, since=since, until=until)  # fmt: skip

    def get_session(self, session_id: str) -> dict | None:
        return self.read(listings.get_session, session_id)

    def session_timeline(
        self, session_id: str, *, after_id: int = 0, limit: int = 500
    ) -> list[dict]:
        return self.read(listings.session_timeline, session_id, after_id=after_id, limit=limit)

    def position_in_session(self, memory_id: int) -> int | None:
        return self.read(listings.position_in_session, memory_id)

    def error_groups(self, **kwargs: Any) -> list[dict]:
        return self.read(listings.error_groups, **kwargs)

    def count_error_groups(self, status: str | None = None, **filters: Any) -> int:
        return self.read(listings.count_error_groups, status, **filters)

    def get_error_group(self, group_id: int) -> dict | None:
        return self.read(listings.get_error_group, group_id)

    def error_occurrences(self, group_id: int, *, limit: int = 100) -> list[dict]:
        return self.read(listings.error_occurrences, group_id, limit=limit)

    def neighbours(self, memory_id: int, *, before: int = 3, after: int = 3) -> list[dict]:
        return self.read(listings.neighbours, memory_id, before=before, after=after)

    def stats(self) -> dict:
        return self.read(listings.stats)

    # -- writes the app offers (store.triage.groups) ---------------------------------

    def set_error_status(self, group_id: int, status: str, note: str | None = None) -> bool:
        return self.run(error_groups.set_error_status, group_id, status, note)

    def set_error_note(self, group_id: int, note: str) -> bool:
        return self.run(error_groups.set_error_note, group_id, note)

    def error_resolution(self, group_id: int) -> dict | None:
        return self.read(error_groups.resolution, group_id)

    # -- search (store.search) ----------------------------------------------------

    def search(self, query: str, **kwargs: Any) -> list[dict]:
        """The store's one search; never raises for anything typed into `query`."""
        return self.read(store_search.search, query, **kwargs)
