"""The hook server: one resident process per store that runs hook events for thin clients.

A hook process spends most of its time before any work: starting the interpreter, importing
memlane's modules, compiling the privacy filter's patterns, opening the database.  The server
pays that once and then runs each event handed over its Unix socket (`hooks.client`, which
says the exchange and where the socket is) through the very code a hook process runs,
`hooks.main.main`, with the hook's environment, working folder, argv and umask applied for
that event and its stdout and stderr captured; the client prints them and exits with its code.

One event at a time (SQLite serializes writes anyway); the others wait in the socket's queue.
It keeps its database connection open between events (`Resident`), reopened when the file
is another (replaced, restored) or its schema version changed; it keeps no rows, so what
another process wrote or forgot is what the next event reads.  While no hook waits it reads
the pages recall reads into that connection's own page cache (`CacheWarmer`): a prompt whose
pages the OS has let go of still reads none from disk.

Idle for MEMLANE_HOOK_SERVER_IDLE_S (900 s), it rests while a Claude Code session it served
still runs (`hooks.keepalive`): it closes the kept connection and gives its page cache back to
the OS, serves the session's next event at once (its modules loaded, the store read from the
OS's cache) and warms again after it; no server rests longer than
MEMLANE_HOOK_SERVER_SESSION_IDLE_S (7 days).  It leaves (and removes its socket) when idle for
MEMLANE_HOOK_SERVER_IDLE_S with no such session running (after SESSIONS_ENDED_S when every one
it served has ended: nothing of the store's sessions is left to send it an event), when its
socket is removed or replaced (a new server took over; its temporary folder went), when a
loaded module of memlane changed on disk since it was loaded (an upgrade, a developer's edit:
stale code never runs; checked at most once a second), after MAX_EVENTS events, and at once
when one event has run longer than EVENT_LIMIT_S (stuck: the hooks behind it would wait); on
SIGTERM after the event under way.  It is
started by a hook that found no server (`hooks.client.start_server`), detaches from the hook's
process tree and holds a lock while it lives, so hooks started together start one server.
"""

from __future__ import annotations

import os
import sys
import time

IDLE_S = 900.0
# Idle this long once every Claude Code process it served has ended, it leaves (a restart of the
# session, `claude --continue`, comes within it); a server that served none waits IDLE_S.
SESSIONS_ENDED_S = 60.0
MAX_EVENTS = 20_000  # then a fresh process: whatever a long life accumulates is let go
CHECK_EVERY_S = 1.0
READ_WAIT_S = 5.0  # a client sends its event at once; one that does not is left
# After "A" the client says "G" at once; a client that has gone closes its socket (seen at
# once), so only a live but starved one is waited for, and it must not be dropped: once it
# sends "G" it never runs the event itself.
GO_WAIT_S = 60.0
REPLY_WAIT_S = 5.0
EVENT_LIMIT_S = 45.0  # longer than Claude Code waits for any hook (30 s): the server is stuck
LOCK_WAIT_S = 3.0  # a server still leaving (its last event, its checks) when the next one starts
UPKEEP_PAGES = 200  # leaf pages of one upkeep step between events (~5-10 ms): a hook waits one at most
UPKEEP_BUSY_MS = 50  # another process writing: the upkeep waits this long, then tries after a later event
CACHE_MIB = 512  # the kept connection's page cache at most (MEMLANE_HOOK_SERVER_CACHE_MB), and 1/8 of the RAM
WARM_PAGES = 64  # pages of one warming step between events (~5 ms from disk): a hook waits one at most
WARM_AFTER_S = 0.05  # idle this long after an event: the warming goes on
CACHE_SLACK_MIB = 32  # the cache, once warm: the warmed pages (+25 %, their count is estimated) and this
PAGE_BYTES = 4400  # a 4 KiB page in SQLite's cache, with its header, about


def idle_seconds() -> float:
    from hooks.wire import seconds_setting

    return seconds_setting("MEMLANE_HOOK_SERVER_IDLE_S", IDLE_S)


def cache_kib() -> int:
    """The kept connection's page cache, KiB: MEMLANE_HOOK_SERVER_CACHE_MB (0: SQLite's default
    2 MiB and no warming), at most an eighth of the machine's memory."""
    try:
        mib = int(os.environ.get("MEMLANE_HOOK_SERVER_CACHE_MB") or CACHE_MIB)
    except ValueError:
        mib = CACHE_MIB
    try:
        ram_kib = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 1024
    except (ValueError, OSError, AttributeError):
        ram_kib = 8 * CACHE_MIB * 1024
    return max(0, min(mib * 1024, ram_kib // 8))


# ------------------------------------------------------------------ the kept connection


class Resident:
    """The database connection the server keeps between events (`hooks.main.RESIDENT`)."""

    def __init__(self) -> None:
        self.conn = None
        self.key = None  # (path, device, inode) of the file it was opened on

    def open(self, db_path: str, busy_timeout_ms: int):
        from store.database import connect, schema

        key = _file_key(db_path)
        conn, self.conn = self.conn, None
        if conn is not None:
            try:
                if key == self.key and key is not None and not conn.in_transaction and \
                        conn.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION:  # fmt: skip
                    conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
                    return conn
            except Exception:  # noqa: S110 - a broken connection: open a new one below
                pass
            _close(conn)
        conn = connect(db_path, busy_timeout_ms=busy_timeout_ms)
        # SQLite keeps its page cache across this connection's own writes (the hooks' writes are
        # all here): the pages recall reads stay in memory, whatever the OS does with its cache
        # (`CacheWarmer` fills it between events).
        kib = cache_kib()
        if kib:
            conn.execute(f"PRAGMA cache_size = {-kib}")
        self.key = _file_key(db_path)
        return conn

    def release(self, conn) -> None:
        """Keep `conn` for the next event, unless it is left in a transaction or opened in a
        special way (a full disk, a read-only place: each run asks again)."""
        if conn.in_transaction or getattr(conn, "write_refusal", ""):
            _close(conn)
            return
        self.conn = conn

    def close(self) -> None:
        if self.conn is not None:
            _close(self.conn)
            self.conn = None


def _file_key(path: str):
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (os.path.abspath(path), st.st_dev, st.st_ino)


def _close(conn) -> None:
    try:
        conn.close()
    except Exception:  # noqa: S110 - nothing more to do with it
        pass


# ------------------------------------------------------------------ the warm page cache

# The b-trees a prompt's recall reads pages of (docs/performance.md, "The hook server's page cache"), in the
# order they are warmed: (a step's statement over a key, the key before the first, rows a step
# reads, rows a page holds about).  Each statement walks the b-tree's leaves in key order from
# the last step's key on, so each page is read once; the step's largest key is the next start.
WARMED = (
    # the word index's term index (a few pages): where each term's leaves are
    ("SELECT max(segid), count(*) FROM (SELECT segid FROM memory_words_idx WHERE segid > ? "
     "ORDER BY segid LIMIT ?)", -1, 100_000, 100),
    # a memory's task (store.search.memory_keys): ~300 random pages of a prompt at 1M
    ("SELECT max(id), count(*) FROM (SELECT id FROM memory "
     "INDEXED BY memory_id_session_id_prompt_id_project_type WHERE id > ? ORDER BY id LIMIT ?)", -1, 54 * WARM_PAGES, 54),
    # a task's size and files (store.search.task_facts): ~100
    ("SELECT max(session_id), count(*) FROM (SELECT session_id FROM memory "
     "INDEXED BY memory_session_id_prompt_id_type_file_path WHERE session_id > ? ORDER BY session_id LIMIT ?)",
     "", 59 * WARM_PAGES, 59),
    # the word index's leaves (one a row): each term's newest postings, and a prefix's walk to its
    # first term (FTS5 reads every leaf of a long doclist on the way: ~380 pages at 1M)
    ("SELECT max(id), count(*) FROM (SELECT id FROM memory_words_data WHERE id > ? ORDER BY id LIMIT ?)",
     -(2**63), WARM_PAGES, 1),
)  # fmt: skip


def warming_steps(conn, budget_pages: int):
    """Recall's pages read into `conn`'s page cache (`WARMED`), one short step a `next()`
    (each its own read: no transaction is held between steps); it ends when all are read or
    about `budget_pages` are (more would push the first ones out).  Yields the pages so far."""
    import sqlite3

    pages = 0
    for statement, start, rows, per_page in WARMED:
        key = start
        while pages < budget_pages:
            try:
                ((last, count),) = conn.execute(statement, (key, rows)).fetchall()
            except sqlite3.Error:  # a store without this b-tree: the others are still warmed
                break
            if not count:
                break
            pages += -(-count // per_page)
            key = last
            yield pages


class CacheWarmer:
    """Fills the kept connection's page cache with what recall reads, while no hook waits.

    A prompt whose pages have left the OS's page cache (other programs needed the memory) reads
    them from disk: at 1M memories 300-1,500 random reads, 40-200 ms.  SQLite keeps its own
    cache across this connection's transactions while no other connection writes (WAL: each
    read checks the WAL's header); when another process writes, SQLite empties it at the next
    read, and `PRAGMA data_version` says so: the warming starts again.  Once warm, the cache is
    cut to what was warmed and a little more (`CACHE_SLACK_MIB`): what events read besides does
    not grow it up to the budget over the server's life."""

    def __init__(self) -> None:
        self.conn = None  # the connection being warmed (another one: start again)
        self.steps = None  # the warming under way; None when done
        self.version = None  # data_version when the warming started
        self.pages = 0
        self.failed = False

    def due(self, conn) -> bool:
        """Whether `conn` still has pages to read (it is another connection, or another process
        wrote since its warming began: from the start)."""
        if conn is None or conn.in_transaction or not cache_kib():
            return False
        try:
            version = conn.execute("PRAGMA data_version").fetchone()[0]
        except Exception:  # noqa: BLE001 - a broken connection: the next event opens another
            return False
        if conn is not self.conn or version != self.version:
            self.conn, self.version, self.pages = conn, version, 0
            self.steps = None
            self._cache(cache_kib())  # while it warms: the whole budget
            self.steps = warming_steps(conn, cache_kib() * 1024 // PAGE_BYTES)
        return self.steps is not None

    def step(self) -> bool:
        """One step; False when the warming is done (or failed: said once in the log)."""
        try:
            self.pages = next(self.steps)
            return True
        except StopIteration:
            self._cache(min(cache_kib(), self.pages * PAGE_BYTES * 5 // 4 // 1024 + CACHE_SLACK_MIB * 1024))
        except Exception as exc:  # noqa: BLE001 - the warming is only a head start
            if not self.failed:
                self.failed = True
                _log(f"hook server: the page cache's warming stopped ({type(exc).__name__}: {exc}).")
        self.steps = None
        return False

    def _cache(self, kib: int) -> None:
        try:
            self.conn.execute(f"PRAGMA cache_size = {-int(kib)}")
        except Exception:  # noqa: BLE001, S110 - a broken connection: the next event opens another
            pass


# ------------------------------------------------------------------ stale code


class CodeWatch:
    """Whether a module of memlane loaded in this process changed on disk since."""

    def __init__(self, root: str, since_ns: int) -> None:
        self.root = os.path.join(os.path.abspath(root), "")
        self.since_ns = since_ns
        self.seen: dict[str, tuple] = {}

    def changed(self) -> bool:
        for module in list(sys.modules.values()):
            path = getattr(module, "__file__", None)
            if not path or not path.startswith(self.root):
                continue
            try:
                st = os.stat(path)
                now = (st.st_mtime_ns, st.st_size, st.st_ino)
            except OSError:
                return True  # removed: an upgrade is under way
            before = self.seen.setdefault(path, now)
            if now != before or st.st_mtime_ns > self.since_ns:
                return True
        return False


# ------------------------------------------------------------------ one event


def read_request(sock) -> dict | None:
    """The event's fields, or None for a status question (`hooks.client.server_status`)."""
    from hooks.wire import MAGIC, REQUEST_FIELDS, STATUS, receive_exactly

    magic = receive_exactly(sock, len(MAGIC))
    if magic == STATUS:
        return None
    if magic != MAGIC:
        raise ValueError("not a hook client")
    fields = {}
    for name in REQUEST_FIELDS:
        size = int.from_bytes(receive_exactly(sock, 4), "big")
        if size > 64 * 2**20:
            raise ValueError("a request field too large")
        fields[name] = receive_exactly(sock, size)
    return fields


def run_event(fields: dict) -> tuple[int, bytes, bytes]:
    """The event run by `hooks.main.main` as the hook process would run it: its environment,
    working folder, argv and umask for the run, stdout and stderr captured; all restored after."""
    import io

    import hooks.main

    saved = (dict(os.environ), sys.argv, sys.stdout, sys.stderr)
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace", write_through=True)
    try:
        _apply(fields)
        sys.stdout, sys.stderr = out, err
        data = fields["stdin"]
        code = hooks.main.main(read=lambda: data)
    finally:
        sys.stdout, sys.stderr = saved[2], saved[3]
        _restore(saved[0], saved[1])
    return int(code or 0), _taken(out), _taken(err)


def _taken(stream) -> bytes:
    """What was written to a captured stream (a hook may have replaced or closed it: nothing)."""
    try:
        stream.flush()
        return stream.detach().getvalue()
    except (ValueError, OSError):
        return b""


def _apply(fields: dict) -> None:
    tz = os.environ.get("TZ")
    os.environ.clear()
    for item in fields["env"].split(b"\0"):
        key, sep, value = item.partition(b"=")
        if sep and key:
            os.environb[key] = value
    if os.environ.get("TZ") != tz:
        time.tzset()
    sys.argv = [os.fsdecode(a) for a in fields["argv"].split(b"\0")]
    os.umask(int(fields["umask"] or b"77", 8) & 0o777)
    os.chdir(fields["cwd"])


def _restore(env: dict, argv: list) -> None:
    tz = os.environ.get("TZ")
    os.environ.clear()
    os.environ.update(env)
    if os.environ.get("TZ") != tz:
        time.tzset()
    sys.argv = argv
    os.umask(0o077)
    os.chdir("/")


# ------------------------------------------------------------------ the server


class Server:
    def __init__(self, db_path: str, paths: dict) -> None:
        self.db_path = db_path
        self.paths = paths
        self.listener = None
        self.identity = None
        self.events = 0
        self.last_event = time.monotonic()
        self.last_check = 0.0
        self.reason: str | None = None  # why it leaves
        self.busy_since: float | None = None  # when the event it runs started
        self.upkeep_due = False  # an event ran since the word index was last merged down
        self.upkeep_failed = False  # said once in the log; tried again after the next event
        self.warmer = CacheWarmer()
        self.warming = True  # pages to read into the kept connection's cache (checked when idle)
        self.resting = False  # idle past its idle time: its memory given back until the next event
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        self.watch = CodeWatch(root, time.time_ns())
        from hooks.keepalive import Sessions

        self.sessions = Sessions()

    def bind(self) -> None:
        import socket

        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        path = self.paths["sock"]
        try:
            os.unlink(path)  # a crashed server's socket: this process holds the lock
        except FileNotFoundError:
            pass
        old = os.umask(0o177)
        try:
            sock.bind(path)
        finally:
            os.umask(old)
        os.chmod(path, 0o600)
        sock.listen(64)
        st = os.lstat(path)
        self.listener, self.identity = sock, (st.st_dev, st.st_ino)

    def leaving(self) -> bool:
        """True when it is time to go (`reason` says why); checks at most once a second."""
        now = time.monotonic()
        if now - self.last_check < CHECK_EVERY_S and self.reason is None:
            return False
        self.last_check = now
        if self.reason is None:
            self.reason = self._reason_to_leave(now)
        return self.reason is not None

    def _reason_to_leave(self, now: float) -> str | None:
        try:
            st = os.lstat(self.paths["sock"])
            if (st.st_dev, st.st_ino) != self.identity:
                return "its socket was replaced"
        except OSError:
            return "its socket was removed"
        if not os.path.isdir(os.path.dirname(self.db_path)):
            return "its database's folder is gone"
        from hooks.keepalive import session_idle_seconds

        idle = now - self.last_event
        if idle > session_idle_seconds():
            return "idle"  # even with a Claude Code session it served running: no server lives for ever
        if idle > min(idle_seconds(), SESSIONS_ENDED_S) and not self.sessions.alive():
            if idle > idle_seconds():
                return "idle"  # (a Claude Code session it served still running keeps it: hooks.keepalive)
            if self.sessions.known:
                return "the Claude Code sessions it served ended"
        if self.events >= MAX_EVENTS:
            return "served its share of events"
        if self.watch.changed():
            return "memlane's code changed on disk"
        return None

    def stuck(self) -> bool:
        """An event has run longer than any hook may: hooks would queue behind it for ever."""
        started = self.busy_since
        return started is not None and time.monotonic() - started > EVENT_LIMIT_S

    def _watch_for_a_stuck_event(self) -> None:
        while not self.stuck():
            time.sleep(CHECK_EVERY_S)
        _log("hook server: an event ran for more than "
             f"{EVENT_LIMIT_S:.0f} s; the server left and the next hook starts another.")  # fmt: skip
        self.close()  # the socket goes first: the hooks run by themselves meanwhile
        os._exit(1)

    def serve_forever(self) -> None:
        import select
        import threading

        threading.Thread(target=self._watch_for_a_stuck_event, daemon=True).start()
        while not self.leaving():
            wait = WARM_AFTER_S if self.warming else CHECK_EVERY_S
            try:
                ready, _, _ = select.select([self.listener], [], [], wait)
            except InterruptedError:
                continue
            if ready and self.accept_one():
                continue
            self.between_events()  # (after a status question too: status asked often is no event)

    def accept_one(self) -> bool | None:
        """The connection waiting served; True if it was an event that ran (None: none came)."""
        events = self.events
        try:
            conn, _ = self.listener.accept()
        except OSError:
            return None
        try:
            self.serve(conn)
        finally:
            conn.close()
        return self.events != events

    def between_events(self) -> None:
        """What an idle server does while no hook waits: after an event, the word index's
        upkeep, then the page cache's warming; idle past its idle time (a Claude Code session it
        served still runs, or it would have left), it rests (`rest`) until the next event."""
        idle = time.monotonic() - self.last_event
        if self.resting:
            return
        if idle > idle_seconds():
            self.rest()
        elif self.upkeep_due and idle >= CHECK_EVERY_S:
            self.upkeep()
        else:
            self.warm()

    def rest(self) -> None:
        """It stays for the session's next event (its modules loaded: served at once), but gives
        its memory back: the kept connection closed with its page cache, which is most of the
        server's size once warm (~470 MB at 1M memories), and the heap's free pages returned to
        the OS.  The next event opens the store again; the warming starts again after it."""
        import gc

        import hooks.main

        if hooks.main.RESIDENT is not None:
            hooks.main.RESIDENT.close()
        self.warmer = CacheWarmer()  # (it held the connection too)
        self.warming = False
        self.resting = True
        gc.collect()
        _return_free_memory()

    def upkeep(self) -> None:
        """A second after the last event: the word index's small segments merged
        (`store.database.compact_index`), one short step at a time while no hook waits.  Every
        hook's write adds a segment and recall looks each term up once per segment: kept at a
        few, a prompt at 1M reads ~450 statements instead of ~2,600 (docs/performance.md)."""
        import select

        import hooks.main

        resident = hooks.main.RESIDENT
        conn = resident.conn if resident is not None else None
        if conn is None or conn.in_transaction:
            self.upkeep_due = False
            return
        try:
            from store.database import compact_index

            # (the next event's open sets the hook's own busy timeout again: Resident.open)
            conn.execute(f"PRAGMA busy_timeout = {UPKEEP_BUSY_MS}")
            while not select.select([self.listener], [], [], 0)[0]:
                if compact_index(conn, pages=UPKEEP_PAGES, steps=1)["steps"] == 0:
                    self.upkeep_due = False
                    return
        except Exception as exc:  # another writer, a read-only store: tried again after the next event
            self.upkeep_due = False
            if not self.upkeep_failed:
                self.upkeep_failed = True
                _log(f"hook server: the word index's upkeep stopped ({type(exc).__name__}: {exc}); "
                     "it is tried again between later events.")  # fmt: skip

    def warm(self) -> None:
        """While no hook waits: recall's pages read into the kept connection's cache
        (`CacheWarmer`), one short step at a time; the store is opened for it if no event has
        yet.  Checked again every second when done (another process's write empties it)."""
        import select

        import hooks.main

        resident = hooks.main.RESIDENT
        if resident is None:
            self.warming = False
            return
        if resident.conn is None and os.path.isfile(self.db_path) and cache_kib():
            try:
                resident.release(resident.open(self.db_path, hooks.main.BUSY_TIMEOUT_MS))
            except Exception:  # noqa: BLE001 - the next event says what is wrong with the store
                self.warming = False
                return
        self.warming = self.warmer.due(resident.conn)
        while self.warming and not select.select([self.listener], [], [], 0)[0]:
            self.warming = self.warmer.step()

    def serve(self, conn) -> None:
        from hooks.wire import pack, peer_uid

        conn.settimeout(READ_WAIT_S)
        try:
            if peer_uid(conn) not in (None, os.getuid()):
                return  # another user's process: nothing read, nothing said
            fields = read_request(conn)
            if fields is None:  # asked how it is
                conn.sendall(b"%d %d %d %s" % (os.getpid(), self.events, self.resting, os.fsencode(self.db_path)))
                return
            if not self.same_store(os.fsdecode(fields["db"])) or self.leaving():
                conn.sendall(b"R")  # the client runs it itself
                return
            self.sessions.note_client(conn, fields["env"])
            conn.sendall(b"A")
            conn.settimeout(GO_WAIT_S)
            if conn.recv(1) != b"G":
                return  # the client gave up waiting and runs the event itself
        except (OSError, ValueError):
            return
        self.events += 1
        self.last_event = self.busy_since = time.monotonic()
        self.resting = False
        try:
            code, out, err = run_event(fields)
        except BaseException as exc:  # hooks.main.main never raises; this is the capture's own failure
            code, out, err = 0, b"", f"[memlane] hook: the hook server failed ({type(exc).__name__}).\n".encode()
        finally:
            self.busy_since = None
            self.upkeep_due = True
        try:
            conn.settimeout(REPLY_WAIT_S)
            conn.sendall(b"D" + (code & 0xFF).to_bytes(4, "big") + pack([out, err]))
        except OSError:
            pass  # the client stopped waiting: the event is stored all the same

    def waiting(self) -> bool:
        """True when a hook waits in the socket's queue."""
        import select

        return bool(select.select([self.listener], [], [], 0)[0])

    def serve_waiting(self) -> None:
        """The hooks waiting in the queue, served (while it warms up: between its steps)."""
        while self.waiting() and not self.leaving():
            if self.accept_one() is None:
                return

    def run_first(self, fields: dict) -> None:
        """The event of the hook that started this server by handing it over; None: run."""
        self.events += 1
        self.last_event = time.monotonic()
        self.resting = False
        try:
            _run_handed_over(fields)
        finally:
            self.upkeep_due = True

    def same_store(self, db_path: str) -> bool:
        """The request is for this server's database (a folder reached through a symbolic
        link names the same file: its hooks come here too)."""
        return db_path == self.db_path or os.path.realpath(db_path) == os.path.realpath(self.db_path)

    def close(self) -> None:
        try:
            st = os.lstat(self.paths["sock"])
            if (st.st_dev, st.st_ino) == self.identity:
                os.unlink(self.paths["sock"])
        except OSError:
            pass
        if self.listener is not None:
            self.listener.close()


# ------------------------------------------------------------------ start and warm-up


def warm_up(waiting=None) -> bool:
    """Import what hooks use and run the privacy filter and capture once, on made-up events,
    so the first real event pays for neither (nothing is written anywhere).  False when
    `waiting()` (asked between steps) says a hook waits: it is served first, then this again."""
    import importlib
    import pkgutil

    import hooks
    import store

    for package in (hooks, store):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if waiting is not None and waiting():
                return False
            if info.name in ("store.database.models", "store.database.migrate") or info.name.endswith("__main__"):
                continue  # peewee: loaded only when a database is created or upgraded
            try:
                importlib.import_module(info.name)
            except Exception:  # noqa: S112 - loaded when an event needs it, as in a hook
                continue
    from hooks.capture import observations_from_event
    from hooks.event import read_event
    from store.config import defaults

    for event in _made_up_events():
        if waiting is not None and waiting():
            return False
        try:
            hook = read_event(event)
            hook.clean(0, ())
            observations_from_event(hook.fields, defaults())
        except Exception:  # noqa: S112 - the warm-up is only a head start
            continue
    return True


def _made_up_events() -> list[dict]:
    base = {"session_id": "warm-up", "cwd": "/", "hook_event_name": "PostToolUse"}
    text = ("export API_TOKEN=sk-live-0000 password: hunter2 <private>x</private> "
            "Traceback (most recent call last):\n  File \"a.py\", line 1\nValueError: x\n")  # fmt: skip
    return [
        dict(base, tool_name="Bash", tool_input={"command": "ls -la && " + text},
             tool_response={"stdout": text, "stderr": text, "interrupted": False}),
        dict(base, tool_name="Edit", tool_input={"file_path": "/a.py", "old_string": text, "new_string": text},
             tool_response={"filePath": "/a.py"}),
        dict(base, hook_event_name="UserPromptSubmit", prompt="why does the login test fail? " + text),
    ]  # fmt: skip


def _return_free_memory() -> None:
    """The C heap's free pages handed back to the OS (glibc's malloc_trim): the page cache's
    pages were freed one by one, among blocks still in use, where free() alone keeps them."""
    try:
        import ctypes

        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError, TypeError):  # not glibc: what free() gave back is all
        pass


def _hold_lock(path: str, wait_s: float = LOCK_WAIT_S):
    """The lock one server holds while it lives; None when another server keeps it longer than
    `wait_s` (one that is leaving lets it go within a second or so: then this one serves)."""
    import fcntl

    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    deadline = time.monotonic() + wait_s
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except OSError:
            if time.monotonic() > deadline:
                os.close(fd)
                return None
            time.sleep(0.05)


def main(db_path: str, first: dict | None = None, session: tuple | None = None) -> None:
    """The server's process (`hooks.client` starts it): detach, take the lock, listen, warm up,
    serve, leave.  `first`: the event of the hook that forked this process
    (`hooks.client.hand_over`), run before anything else, once: by this server, or, when
    another server holds the lock, by this process as the hook would have run it.  `session`:
    the Claude Code process (pid, start time) the starting hook ran in (a server spawned in an
    interpreter of its own is told it by SESSION_VARIABLE)."""
    from hooks.background import detach

    detach()
    os.closerange(3, 4096)  # nothing of the hook's (Claude Code's pipes) is held here
    db_path = os.path.abspath(db_path)
    os.chdir("/")
    os.umask(0o077)
    from hooks.keepalive import SESSION_VARIABLE
    from hooks.wire import drop, server_paths

    paths = server_paths(db_path)
    server = None
    lock = None
    try:
        lock = _hold_lock(paths["lock"]) if paths else None
        if lock is None:
            return  # another server lives (its start mark keeps hooks from starting more for a while)
        import hooks.main

        hooks.main.RESIDENT = resident = Resident()
        server = Server(db_path, paths)
        server.sessions.note(session)
        server.sessions.note_variable(os.environ.pop(SESSION_VARIABLE, ""))
        server.bind()  # hooks arriving from here on wait in its queue, not start another server
        drop(paths["start"])
        if first is not None:
            first = server.run_first(first)
        _leave_on_sigterm(server)
        while not warm_up(waiting=server.waiting) and not server.leaving():
            server.serve_waiting()  # a hook that queued meanwhile is not kept waiting for the warm-up
        server.serve_forever()
        resident.close()
        drop(paths["start"])
    except Exception as exc:  # the start mark stays: hooks wait a while before they try again
        _log(f"hook server: stopped ({type(exc).__name__}: {exc}); hooks run in their own process until it starts again.")
    finally:
        if first is not None:  # not run by a server: run here, as the hook's own process would
            import hooks.main

            hooks.main.RESIDENT = None
            _run_handed_over(first)
        if server is not None:
            server.close()
        if lock is not None and paths["folder"] != os.path.dirname(os.path.realpath(db_path)):
            drop(paths["lock"])  # a shared folder keeps no lock per store that was ever served
    os._exit(0)


def _run_handed_over(fields: dict) -> None:
    """A handed-over event, run once; its problems are in the log (`hooks.main` logs each), and
    a failure of the run itself is said there too: no event is lost silently."""
    try:
        run_event(fields)
    except BaseException as exc:
        _log(f"hook: the hook server could not run an event a hook handed it ({type(exc).__name__}: {exc}); "
             "it was not stored.")  # fmt: skip


def _leave_on_sigterm(server: Server) -> None:
    """SIGTERM (a shutdown, `kill`): leave after the event under way, socket and lock removed,
    within a second, as when idle."""
    import signal

    def leave(_signum, _frame) -> None:
        server.reason = "asked to stop"

    signal.signal(signal.SIGTERM, leave)


def _log(message: str) -> None:
    try:
        from store.log import log_line

        log_line(message, stderr=False)
    except Exception:  # noqa: S110 - nowhere left to say it
        pass
