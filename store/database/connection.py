"""Opening the memory database: path, pragmas, version checks, clear errors.

Every caller (hook, CLI, app, importer) opens the database here.  Plain
`sqlite3`, no peewee: a hook must start fast.  Creating or upgrading the schema
is delegated to `store.database.migrate` (which imports peewee) only when needed.
"""

from __future__ import annotations

import os
import sqlite3

from store.database import schema
from store.errors import MemlaneError


class Connection(sqlite3.Connection):
    """A connection that can be weakly referenced, so per-connection caches (search's
    rankings) go away with it.

    `full_disk`: "" normally; when the database could only be opened read-only (a full disk,
    a read-only file system: see `connect`), the sentence saying so, for the caller to show.
    `write_refusal`: then the one sentence a write gets instead."""

    full_disk = ""
    write_refusal = ""


class StoreError(MemlaneError):
    """A problem a user can cause or fix, said in one sentence."""


# How long opening waits for another process making the database, or upgrading one smaller than
# MAKING_SIZE (see _open).
MAKING_WAIT_MS = 10_000
MAKING_SIZE = 4 * 1024 * 1024


class StoreBusy(StoreError):
    """Another process held the write lock for longer than the busy timeout."""


def _check_sqlite() -> None:
    if sqlite3.sqlite_version_info < schema.MIN_SQLITE:
        raise StoreError(
            f"memlane needs SQLite {'.'.join(map(str, schema.MIN_SQLITE))} or newer "
            f"(for FTS5 and its trigram tokenizer); this Python has SQLite {sqlite3.sqlite_version}."
        )


def _describe(path: str, exc: BaseException) -> str:
    text = str(exc)
    if isinstance(exc, sqlite3.DatabaseError) and (
        "not a database" in text or "malformed" in text or "encrypted" in text
    ):
        return f"{path} is not a readable memlane database (corrupt or another kind of file); it was left untouched."
    if ("disk I/O error" in text or "unable to open" in text or "readonly" in text) and disk_full(
        path
    ):
        return f"the disk holding {path} is full; free some space and try again."
    if ("unable to open" in text or "readonly" in text or "read-only" in text) and read_only_place(
        path
    ):
        return read_only_refusal(path)
    if "readonly" in text or "read-only" in text or "Permission denied" in text:
        return f"{path} is read-only; memlane cannot write to it (check its permissions and its folder's)."
    if "unable to open" in text:
        return f"cannot open {path}: the file or its folder is missing or not accessible."
    if "no such module: fts5" in text or "no such tokenizer" in text:
        return (
            f"memlane needs SQLite with FTS5 and its trigram tokenizer (SQLite 3.34 or newer); "
            f"this Python's SQLite {sqlite3.sqlite_version} lacks them, so {path} was not changed."
        )
    if "disk is full" in text or "No space" in text:
        return f"the disk holding {path} is full; free some space and try again."
    if "locked" in text or "busy" in text:
        return f"{path} is locked by another process; try again in a moment."
    return f"cannot use {path}: {text}"


# Under this much free space, a disk that made SQLite fail counts as full (SQLite needs
# 32 KiB for a WAL database's shared-memory file before it reads a page).
FULL_DISK_BYTES = 1 * 2**20


def disk_full(path: str | os.PathLike) -> bool:
    """Whether the file system holding `path` (or its folder) has next to no room left."""
    folder = os.path.dirname(os.path.abspath(os.fspath(path))) or "."
    try:
        stats = os.statvfs(folder)
    except (OSError, AttributeError):
        return False
    return stats.f_bavail * stats.f_frsize < FULL_DISK_BYTES


def read_only_place(path: str | os.PathLike) -> bool:
    """Whether the folder holding `path` cannot be written: a file system mounted read-only, or
    a folder this user may not write to (SQLite then cannot make the files a WAL database
    needs beside it, and says "unable to open database file")."""
    folder = os.path.dirname(os.path.abspath(os.fspath(path))) or "."
    return mounted_read_only(path) or not os.access(folder, os.W_OK)


def mounted_read_only(path: str | os.PathLike) -> bool:
    """Whether the file system holding `path` is mounted read-only."""
    folder = os.path.dirname(os.path.abspath(os.fspath(path))) or "."
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):
        return False


def read_only_refusal(path: str) -> str:
    return (
        f"{path} is on a read-only file system (or in a folder memlane may not write to); "
        "nothing can be stored or forgotten until it is writable."
    )


def forced_read_only(path: str | os.PathLike) -> bool:
    """Whether what made `connect` open the database read-only (a full disk, a read-only
    place) is still so: a reader that was given such a connection reopens once it is not."""
    return disk_full(path) or read_only_place(path)


def describe_error(path: str, exc: BaseException) -> str:
    """One sentence for a user about why the database at `path` failed."""
    return _describe(str(path), exc)


def path_problem(path: str | os.PathLike) -> str | None:
    """The one sentence every caller (CLI, app, doctor) gives when `path` is there but is no
    file a database can be: a folder, a device (`/dev/null`), a FIFO or a socket. memlane must
    not open, create beside or chmod such a thing."""
    import stat

    path = os.fspath(path)
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None  # missing (made later) or unreadable (said when opened)
    if stat.S_ISDIR(mode):
        return f"{path} is a folder, not a memlane database."
    if not stat.S_ISREG(mode):
        return f"{path} is not a regular file (a device, FIFO or socket), not a memlane database."
    return None


def connect(
    path: str | os.PathLike,
    *,
    readonly: bool = False,
    busy_timeout_ms: int = 5000,
    create: bool = True,
    check_same_thread: bool = True,
) -> sqlite3.Connection:
    """Open (and if needed create or upgrade) the database at `path`.

    Raises StoreError with one clear sentence for anything a user can cause.
    The connection is in autocommit mode; writers use `store.database.connection.write()`.
    """
    _check_sqlite()
    path = os.fspath(path)
    if problem := path_problem(path):
        raise StoreError(problem)
    from store.files import SymlinkRefused, refuse_symlink

    try:
        refuse_symlink(path, "the memory database")
    except SymlinkRefused as exc:
        raise StoreError(str(exc)) from None
    exists = os.path.exists(path)
    if not exists and (readonly or not create):
        raise StoreError(f"no memlane database at {path} yet.")
    if not exists:
        _create_private(path)
    elif not readonly:
        _tighten_files(path)
    try:
        conn = _open(path, readonly, exists, busy_timeout_ms, check_same_thread)
        if mounted_read_only(path):  # SQLite opened it to read (its -shm was there): say why
            _mark_read_only_place(conn, path)
        return conn
    except StoreError as exc:
        if not (exists and isinstance(exc.__cause__, sqlite3.Error)):
            raise
        if disk_full(path) and closed_cleanly(path):
            return _open_on_full_disk(path, busy_timeout_ms, check_same_thread)
        if not read_only_place(path):
            raise
    return _open_in_read_only_place(path, busy_timeout_ms, check_same_thread)


def closed_cleanly(path: str) -> bool:
    """No write-ahead log holds pages the database file lacks (the last connection checkpointed
    it away, or it is empty): the file alone is the whole database."""
    try:
        return os.path.getsize(path + "-wal") == 0
    except FileNotFoundError:
        return True
    except OSError:
        return False


def _open_on_full_disk(
    path: str, busy_timeout_ms: int, check_same_thread: bool
) -> sqlite3.Connection:
    """The database read-only, on a disk too full for SQLite's shared-memory file.

    Only for a database closed cleanly (closed_cleanly): `immutable=1` reads the file alone,
    without the -wal and -shm files a WAL database otherwise needs.  Nothing can write while
    the disk is full, so nothing changes under the reader either."""
    refusal = f"the disk holding {path} is full; free some space and try again."
    conn = _open_immutable(path, busy_timeout_ms, check_same_thread, refusal)
    conn.full_disk = (
        f"the disk holding {path} is full, so memlane opened it read-only: nothing new is stored "
        "(and nothing can be forgotten) until some space is freed."
    )
    return conn


def _open_in_read_only_place(
    path: str, busy_timeout_ms: int, check_same_thread: bool
) -> sqlite3.Connection:
    """The database read-only, in a place nothing can be written (read_only_place).

    A plain read-only open works when the WAL's -shm file is there (a hook leaves it); else a
    database closed cleanly is read from its file alone (`immutable=1`).  A WAL holding writes
    without its -shm file cannot be read without writing: said, rather than reading stale rows."""
    refusal = read_only_refusal(path)
    try:
        conn = _open(path, True, True, busy_timeout_ms, check_same_thread)
    except StoreError as exc:
        if not isinstance(exc.__cause__, sqlite3.OperationalError) or not closed_cleanly(path):
            if isinstance(exc.__cause__, sqlite3.OperationalError):
                raise StoreError(
                    f"{path} is on a read-only file system and its newest writes are in {path}-wal, "
                    "which SQLite can only read where it may write; make the file system writable "
                    "(or copy the folder somewhere writable) to read it."
                ) from exc
            raise
        conn = _open_immutable(path, busy_timeout_ms, check_same_thread, refusal)
    return _mark_read_only_place(conn, path)


def _mark_read_only_place(conn: Connection, path: str) -> Connection:
    conn.write_refusal = read_only_refusal(path)
    conn.full_disk = (
        f"{path} is on a read-only file system (or in a folder memlane may not write to), so memlane "
        "opened it read-only: nothing new is stored (and nothing can be forgotten) until it is writable."
    )
    return conn


def _open_immutable(
    path: str, busy_timeout_ms: int, check_same_thread: bool, refusal: str
) -> sqlite3.Connection:
    """The database file alone, read-only, without its -wal and -shm files; `refusal` when its
    schema is not this memlane's (it cannot be upgraded here)."""
    uri = "file:" + _uri_path(path) + "?mode=ro&immutable=1"
    try:
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=check_same_thread,
                               factory=Connection)  # fmt: skip
    except sqlite3.Error as exc:
        raise StoreError(_describe(path, exc)) from exc
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version != schema.SCHEMA_VERSION:
            raise StoreError(refusal)
    except sqlite3.Error as exc:
        conn.close()
        raise StoreError(_describe(path, exc)) from exc
    except StoreError:
        conn.close()
        raise
    conn.write_refusal = refusal
    return conn


def _open(path: str, readonly: bool, exists: bool, busy_timeout_ms: int,
          check_same_thread: bool) -> sqlite3.Connection:  # fmt: skip
    """connect's work once the path is checked: open, check the version, set the pragmas."""
    try:
        if readonly:
            uri = "file:" + _uri_path(path) + "?mode=ro"
            conn = sqlite3.connect(
                uri,
                uri=True,
                isolation_level=None,
                check_same_thread=check_same_thread,
                factory=Connection,
            )
        else:
            conn = sqlite3.connect(
                path, isolation_level=None, check_same_thread=check_same_thread, factory=Connection
            )
    except sqlite3.Error as exc:
        raise StoreError(_describe(path, exc)) from exc
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        # Read the version before any pragma that writes: a newer database is refused untouched.
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        making = not readonly and version < schema.SCHEMA_VERSION and _small(path)
        if making and busy_timeout_ms < MAKING_WAIT_MS:
            # Another process may be making it (the first hooks of a first session race to):
            # that happens once in the database's life and takes a moment, so it is waited for,
            # not taken as a lock that sends the write to the spool with a line on the screen.
            # (An upgrade of a large database may take long: a hook meeting one spools as before.)
            conn.execute(f"PRAGMA busy_timeout = {MAKING_WAIT_MS}")
        if version > schema.SCHEMA_VERSION:
            raise StoreError(
                f"{path} was made by a newer memlane (schema {version}; this one knows "
                f"{schema.SCHEMA_VERSION}); upgrade memlane. The database was left untouched."
            )
        if version == 0 and exists and _has_foreign_tables(conn):
            raise StoreError(
                f"{path} is an SQLite database but not memlane's; it was left untouched."
            )
        if not readonly:
            if version == 0 and not exists:
                conn.execute("PRAGMA auto_vacuum = INCREMENTAL")
            _to_wal(conn, MAKING_WAIT_MS if making else 0)
            conn.execute(f"PRAGMA journal_size_limit = {JOURNAL_SIZE_LIMIT}")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA secure_delete = ON")
        conn.execute("PRAGMA foreign_keys = ON")
        if version < schema.SCHEMA_VERSION:
            if readonly:
                raise StoreError(f"{path} needs an upgrade, which a read-only open cannot do.")
            from store.database import migrate  # imports peewee: only on creation or upgrade

            try:
                migrate.upgrade(conn, version)
            except sqlite3.Error:
                raise
            except Exception as exc:  # a failed step rolled back: say so, keep the file
                raise StoreError(
                    f"upgrading {path} from schema {version} failed ({exc}); it was left as it was."
                ) from exc
    except StoreError:
        conn.close()
        raise
    except sqlite3.Error as exc:
        conn.close()
        raise StoreError(_describe(path, exc)) from exc
    if making and busy_timeout_ms < MAKING_WAIT_MS:
        conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
    return conn


def _small(path: str) -> bool:
    """A database being made or of a few memories: its making or upgrade is quick to wait for."""
    try:
        return os.path.getsize(path) < MAKING_SIZE
    except OSError:
        return False


def _to_wal(conn: sqlite3.Connection, wait_ms: int) -> None:
    """Put the database in WAL mode.  Leaving the rollback journal needs the file to itself,
    and SQLite answers "locked" at once, without its busy wait, while another process holds
    a write in it (it could deadlock): a database being made is asked again for `wait_ms`."""
    import time

    deadline = time.monotonic() + wait_ms / 1000
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
            time.sleep(0.02)


def _create_private(path: str) -> None:
    """An empty database file, 0600 in a 0700 folder (SQLite gives its -wal and -shm files
    the database file's mode), before SQLite creates it with the umask's."""
    from store.files import make_private_dir, open_private

    folder = os.path.dirname(os.path.abspath(path))
    try:
        make_private_dir(folder, "the memory database's folder")
    except OSError as exc:
        raise StoreError(f"cannot create the folder {folder}: {exc.strerror or exc}.") from exc
    try:
        os.close(open_private(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, "the memory database"))
    except FileExistsError:
        pass  # another process created it first
    except OSError as exc:
        raise StoreError(f"cannot create {path}: {exc.strerror or exc}.") from exc


def _tighten_files(path: str) -> None:
    """An existing database (made by an older memlane) becomes owner-only too."""
    from store.files import PRIVATE_DIR_MODE, tighten
    from store.paths import memlane_home

    for name in (path, path + "-wal", path + "-shm"):
        tighten(name)
    folder = os.path.dirname(os.path.abspath(path))
    if folder == os.path.abspath(memlane_home()):
        tighten(folder, PRIVATE_DIR_MODE)


# The WAL left behind when a hook process ends is read whole by the next one
# (SQLite rebuilds its index from the log when no connection is open), and no
# checkpoint lets the log start over, so without a bound it only grows: 227 MB
# and 6x slower hooks after 2,000 tool calls.  Past WAL_TRUNCATE_BYTES the
# writer that leaves last copies it into the database and empties it.
# Measured over a day of hooks (bench/bench_day.py): 1 MB (every ~10 writes)
# kept hooks flat; 4 MB let the next process's read of the log show.
WAL_TRUNCATE_BYTES = 1 * 2**20
WAL_TRUNCATE_WAIT_MS = 50
# With a connection open all along (the app), the log restarts after each
# checkpoint instead; this is the size it is cut back to then.
JOURNAL_SIZE_LIMIT = 4 * 2**20


def bound_wal(conn: sqlite3.Connection, path: str, limit: int = WAL_TRUNCATE_BYTES) -> bool:
    """Checkpoint and empty the WAL when it holds more than `limit` bytes.

    Waits at most WAL_TRUNCATE_WAIT_MS for readers (a busy checkpoint is left to
    a later run).  Returns True when the log was emptied.  Raises sqlite3.Error.
    """
    try:
        size = os.stat(os.fspath(path) + "-wal").st_size
    except OSError:
        return False
    if size <= limit:
        return False
    conn.execute(f"PRAGMA busy_timeout = {WAL_TRUNCATE_WAIT_MS}")
    busy = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
    return not busy


def _has_foreign_tables(conn: sqlite3.Connection) -> bool:
    row = conn.execute(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ).fetchone()
    return row[0] > 0


def file_version(path: str) -> int:
    """The schema version the database file at `path` holds, read-only (not upgraded).
    Raises sqlite3.Error."""
    conn = sqlite3.connect("file:" + _uri_path(path) + "?mode=ro", uri=True)
    try:
        return conn.execute("PRAGMA user_version").fetchone()[0]
    finally:
        conn.close()


REBUILD_INDEX = (
    "INSERT INTO <table>(<table>) VALUES('rebuild')"  # what a person runs on a damaged index
)


def health(conn: sqlite3.Connection) -> dict:
    """What `memlane doctor` checks of an open database: {"journal_mode", "quick_check"
    ("ok" when sound), "damaged_indexes": ["memory_words (why)", ...]}.  Raises sqlite3.Error."""
    damaged = []
    for table in schema.FTS_TABLES:
        try:
            conn.execute(f"INSERT INTO {table}({table}) VALUES('integrity-check')")
        except sqlite3.Error as exc:
            damaged.append(f"{table} ({exc})")
    return {
        "journal_mode": conn.execute("PRAGMA journal_mode").fetchone()[0],
        "quick_check": conn.execute("PRAGMA quick_check").fetchone()[0],
        "damaged_indexes": damaged,
    }


# How long the maintenance job's quick check may take (the store stays readable meanwhile;
# a hook never runs it), and `memlane doctor`'s full check.
QUICK_CHECK_BUDGET_S = 10.0
FULL_CHECK_BUDGET_S = 120.0
MAX_PROBLEMS = 100  # findings asked of SQLite's check: enough to count, never a flood


def integrity_problems(conn: sqlite3.Connection, *, full: bool = False,
                       budget_s: float = QUICK_CHECK_BUDGET_S) -> list[str] | None:  # fmt: skip
    """SQLite's own check of the file's structure (`PRAGMA quick_check`, or `integrity_check`
    with `full`, which also compares each index with its table): [] when sound, its findings
    (at most MAX_PROBLEMS) when damaged, None when it did not finish within `budget_s`."""
    import threading

    pragma = "integrity_check" if full else "quick_check"
    timer = threading.Timer(budget_s, conn.interrupt)
    timer.daemon = True
    timer.start()
    try:
        rows = conn.execute(f"PRAGMA {pragma}({MAX_PROBLEMS})").fetchall()
    except sqlite3.OperationalError as exc:
        if "interrupted" in str(exc):
            return None
        return [str(exc)]
    except sqlite3.DatabaseError as exc:  # "database disk image is malformed": damaged too
        return [str(exc)]
    finally:
        timer.cancel()
    lines = [ln.strip() for row in rows for ln in str(row[0]).splitlines()]
    lines = [ln for ln in lines if ln and not ln.startswith("*** in database")]
    return [] if lines == ["ok"] else lines


def damage_sentence(path: str, problems: list[str]) -> str:
    """What a person reads about a damaged store, with what to do: one sentence."""
    count = f"{len(problems)}{'+' if len(problems) >= MAX_PROBLEMS else ''}"
    return (
        f"{path} is damaged: SQLite's integrity check found {count} "
        f"problem{'' if problems[1:] == [] else 's'} (the first: {problems[0][:160]}); some memories "
        "may be unreadable and more writes can make it worse. With no Claude Code session running, "
        "run `memlane doctor --repair`: it copies everything still readable into a sound file and "
        "keeps the damaged one beside it."
    )


class RepairError(StoreError):
    """The damaged store could not be copied into a sound one (said in one sentence)."""


def repair(path: str) -> str:
    """Copy what can be read of the database at `path` into a sound file put in its place;
    the damaged file (and its -wal and -shm) is kept as `<path>.damaged-<UTC time>`, whose
    path is returned.  SQLite's `VACUUM INTO` rebuilds every table and index from the rows; a
    write by another process during the copy is refused (run it with no session running).
    Raises RepairError."""
    import time

    path = os.fspath(path)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    fresh, kept = f"{path}.repairing", f"{path}.damaged-{stamp}"
    for name in (fresh, fresh + "-journal"):
        if os.path.exists(name):
            os.remove(name)
    source = sqlite3.connect(path, isolation_level=None, factory=Connection)
    try:
        source.execute("PRAGMA busy_timeout = 30000")
        try:
            before = source.execute("PRAGMA data_version").fetchone()[0]
            source.execute("VACUUM INTO ?", (fresh,))
            check = sqlite3.connect(fresh)
            try:
                sound = check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            finally:
                check.close()
            if not sound:
                raise RepairError(f"the copy of {path} is damaged too; {path} was left as it was.")
            source.execute("BEGIN IMMEDIATE")  # nothing written since the copy began?
            after = source.execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.Error as exc:
            raise RepairError(
                f"could not copy {path} into a sound file ({exc}); it was left as it was."
            ) from exc
        if after != before:  # another process wrote during the copy: the copy lacks it
            raise RepairError(
                f"{path} changed during the repair; run it again with no session running."
            )
        source.execute("ROLLBACK")
    finally:
        source.close()  # before the swap: closing checkpoints and unlinks `<path>-wal` by name
    from store.files import tighten

    try:
        tighten(fresh)
        for suffix in ("-wal", "-shm", ""):  # the database last: its log never meets the new file
            if os.path.exists(path + suffix):
                os.replace(path + suffix, kept + suffix)
        os.replace(fresh, path)
    finally:
        if os.path.exists(fresh):
            os.remove(fresh)
    return kept


def _uri_path(path: str) -> str:
    from urllib.parse import quote

    return quote(os.path.abspath(path))


class write:
    """`with write(conn):` runs the block in one BEGIN IMMEDIATE transaction.

    SQLite errors a user can cause (locked, read-only, full disk, corrupt file)
    leave it as StoreError (StoreBusy for a lock held too long), rolled back.
    """

    __slots__ = ("conn",)

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise _translated(self.conn, exc) from exc
        return self.conn

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is None:
            try:
                self.conn.execute("COMMIT")
                return False
            except sqlite3.Error as commit_error:
                exc = commit_error
        try:
            self.conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass
        if isinstance(exc, sqlite3.OperationalError) or (
            isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.IntegrityError)
        ):
            raise _translated(self.conn, exc) from exc
        if exc_type is None:
            raise exc
        return False


def _translated(conn: sqlite3.Connection, exc: sqlite3.Error) -> StoreError:
    try:
        path = conn.execute("PRAGMA database_list").fetchone()[2] or "the database"
    except sqlite3.Error:
        path = "the database"
    if getattr(conn, "write_refusal", ""):
        return StoreError(conn.write_refusal)
    text = str(exc)
    kind = StoreBusy if ("locked" in text or "busy" in text) else StoreError
    return kind(_describe(path, exc))


def optimize_indexes(conn: sqlite3.Connection) -> None:
    """Merge each FTS index into one segment.

    After a bulk load (an import) the indexes hold many small segments, and every
    later insert pays for merging them: a hook's write took 11 ms instead of 5 at
    100k memories.  Forgetting needs it too: old segments still hold the tokens.
    """
    from store.database.schema import FTS_TABLES

    with write(conn):
        for table in FTS_TABLES:
            conn.execute(f"INSERT INTO {table}({table}) VALUES ('optimize')")


MERGE_PAGES = 2000  # leaf pages one FTS5 'merge' step writes (one short transaction each)


def merge_indexes(conn: sqlite3.Connection) -> None:
    """Do now the segment merges a bulk load (an import) left due in each FTS index, so
    the hooks' inserts that follow do not pay for them one by one: FTS5's 'merge'
    merges only levels holding `usermerge` (4) segments or more, never the whole index
    as `optimize_indexes` does (at 1M memories ~10 s of CPU after any import: the
    store's size, not the import's).  Each step is its own short transaction."""
    from store.database.schema import FTS_TABLES

    for table in FTS_TABLES:
        while True:
            before = conn.total_changes
            with write(conn):
                conn.execute(f"INSERT INTO {table}({table}, rank) VALUES ('merge', ?)", (MERGE_PAGES,))
            if conn.total_changes - before < 2:  # FTS5's sign that there was nothing to merge
                break



# The word index is read once per segment for every term a prompt's recall looks up (at 1M
# memories, 21 segments: ~2,000 lookups a prompt).  Hooks' one-row writes add a one-page
# segment each, and FTS5 merges them only every 64 leaf pages written (or at 16 on a level),
# so most segments are tiny.  The maintenance job merges the small ones when the index
# holds more than this many: ~100 pages at 300k memories, not the whole index.
COMPACT_ABOVE = 4
_STRUCTURE_ROWID = 10  # FTS5's structure record in `<table>_data`
_STRUCTURE_V2 = b"\xff\x00\x00\x01"  # the marker of the record's second format


def _varint(data: bytes, i: int) -> tuple[int, int]:
    """SQLite's varint at `data[i]`: (value, the index after it)."""
    value = 0
    for _ in range(8):
        byte = data[i]
        i += 1
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value, i
    return (value << 8) | data[i], i + 1


def index_segments(conn: sqlite3.Connection, table: str) -> tuple[int, bool]:
    """(segments, merging) of the FTS5 index `table`, read from its structure record (one
    row: ~60 microseconds at 1M memories): how many segments a term is looked up in, and
    whether a merge is under way (an interrupted one, which the next 'merge' goes on with)."""
    row = conn.execute(f"SELECT block FROM {table}_data WHERE id = ?", (_STRUCTURE_ROWID,)).fetchone()  # fmt: skip
    if not row or not row[0]:
        return 0, False
    data = bytes(row[0])
    v2 = data[4:8] == _STRUCTURE_V2
    levels, i = _varint(data, 8 if v2 else 4)
    segments, i = _varint(data, i)
    _writes, i = _varint(data, i)
    merging = False
    for _ in range(levels):
        in_merge, i = _varint(data, i)
        level_segments, i = _varint(data, i)
        merging = merging or in_merge > 0
        for _ in range(level_segments * (8 if v2 else 3)):
            _field, i = _varint(data, i)
    return segments, merging


def _merge_step(conn: sqlite3.Connection, table: str, pages: int, whole: bool) -> None:
    """One FTS5 'merge' of at most `pages` leaf pages, in the caller's transaction.  `whole`:
    a negative count, segments of every level merged toward one (the whole index rewritten).
    Else every level holding two segments or more (`usermerge` 2 for this step only), which
    leaves the big segment of a grown index alone unless a merge reaches its level."""
    if whole:
        conn.execute(f"INSERT INTO {table}({table}, rank) VALUES ('merge', ?)", (-pages,))
        return
    row = conn.execute(f"SELECT v FROM {table}_config WHERE k = 'usermerge'").fetchone()
    conn.execute(f"INSERT INTO {table}({table}, rank) VALUES ('usermerge', 2)")
    conn.execute(f"INSERT INTO {table}({table}, rank) VALUES ('merge', ?)", (pages,))
    conn.execute(f"INSERT INTO {table}({table}, rank) VALUES ('usermerge', ?)", (row[0] if row else 4,))


def compact_index(conn: sqlite3.Connection, table: str = "memory_words", *, above: int = COMPACT_ABOVE,
                  pages: int = MERGE_PAGES, steps: int | None = None, whole: bool = False) -> dict:  # fmt: skip
    """Merge the FTS5 index `table` when it holds more than `above` segments (or a merge is
    under way), `pages` leaf pages a step (`_merge_step`), each step its own short
    transaction (a hook waiting for the write lock waits one step at most), the WAL
    checkpointed between steps.  Stops when at most `above` are left and no merge is under
    way, when a step changes nothing, or after `steps` steps (the next call resumes: FTS5
    keeps an unfinished merge in the index).  {"before", "after", "steps"}."""
    before, merging = index_segments(conn, table)
    segments, done = before, 0
    while (segments > above or merging) and (steps is None or done < steps):
        last = (segments, merging)
        with write(conn):
            _merge_step(conn, table, pages, whole)
        done += 1
        conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        segments, merging = index_segments(conn, table)
        if (segments, merging) == last and not merging:
            break  # nothing left that a step merges
    return {"before": before, "after": segments, "steps": done}

IN_CHUNK = 500  # values per `IN (...)` list: far below SQLite's variable limit


def chunks(items: list, size: int = IN_CHUNK):
    """`items` in slices of at most `size`, for one `IN (...)` query each."""
    for i in range(0, len(items), size):
        yield items[i : i + size]


def placeholders(count: int) -> str:
    """`?, ?, ?`: the parameter marks of an `IN (...)` list of `count` values."""
    return ", ".join("?" * count)


def dicts(cursor: sqlite3.Cursor) -> list[dict]:
    """A query's rows as plain dicts keyed by column name."""
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row)) for row in cursor]


def utc_now() -> str:
    """The current time as stored: ISO-8601 UTC with microseconds and a Z."""
    import time

    t = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t % 1 * 1e6):06d}Z"
