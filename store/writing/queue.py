"""The spool: the writes the database could not take in time, kept on disk until it can.

It is only a queue: the operations are the writer's (`store.writing.writer.apply_ops`, the
one that applies them, hook run or drain).  When a hook cannot write (the database
is locked past the busy timeout, or cannot be opened), its operations go to a
JSON-lines file in that database's own spool, `store.paths.spool_dir_for(db_path)`;
the next hook run that can write to the same database applies them (`drain`),
oldest first.  Files left directly in `spool_dir()` by older versions are drained
only into the database at `<memlane home>/memory.db`, where those versions wrote.
Only already privacy-filtered data is ever spooled: the hook cleans the event before
it builds any operation.  One operation a line, as `store.writing.writer.OPS` lists them.

Every operation carries the time it happened (`created_at` / `at`), so a
memory replayed later keeps its time and the store's dedupe (same session and
content within 60 s of that time) makes a replay of an already written memory
a no-op: applying a file twice never stores a row twice.

Files: each spooling run writes one new file `<time_ns>-<pid>-<n>.jsonl`
(written to a temporary name first, then renamed, so a reader never sees half
a file).  `drain` claims a file by renaming it to `<name>.claim-<pid>-<time_ns>`
(atomic: two processes never both get it), applies it, and deletes it.  If the
database fails part way, the operations not yet applied are put back under
the original name (same place in the order) and the error is re-raised.  A
claim left behind by a process that died is taken over after STALE_CLAIM_S.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time

from store.files import (
    NotRegularFile,
    make_private_dir,
    write_private_atomic,
)
from store.paths import default_db_path, spool_dir, spool_dir_for
from store.writing.spooled import CLAIM, SUFFIX, directories_for, pending  # noqa: F401 (the queue's names)
from store.writing.spooled import refuse_links as _refuse_links

STALE_CLAIM_S = 60
MAX_SPOOL_BYTES = 64 * 1024 * 1024
MAX_FILE_BYTES = 8 * 1024 * 1024  # one hook run spools kilobytes; a bigger file is not ours
DRAIN_BUDGET_S = 0.5
_counter = 0


class SpoolFull(Exception):
    """The spool folder holds MAX_SPOOL_BYTES already; nothing more is kept."""


def _spool_bytes(directory: str) -> int:
    total = 0
    try:
        with os.scandir(directory) as entries:
            for entry in entries:
                try:
                    total += entry.stat().st_size
                except OSError:
                    pass
    except OSError:
        pass
    return total


def _write_file(directory: str, name: str, ops: list[dict]) -> str:
    data = "".join(json.dumps(op, ensure_ascii=True, separators=(",", ":")) + "\n" for op in ops)
    final = os.path.join(directory, name)
    write_private_atomic(final, data.encode("ascii"), "a spool file")
    return final


def spool(
    observations_or_ops, directory: str | None = None, db_path: str | None = None
) -> str | None:
    """Append observations / operations to the spool of `db_path` (default: the
    default database) or to `directory`; returns the file written.

    Raises OSError when the spool folder cannot be written and SpoolFull when
    it is over MAX_SPOOL_BYTES.
    """
    global _counter
    ops = as_ops(observations_or_ops)
    if not ops:
        return None
    directory = directory or spool_dir_for(db_path or default_db_path())
    _refuse_links(directory)
    make_private_dir(spool_dir(), "the spool folder")
    make_private_dir(directory, "the spool folder")
    if _spool_bytes(directory) >= MAX_SPOOL_BYTES:
        raise SpoolFull(f"the spool folder {directory} is full ({MAX_SPOOL_BYTES // 2**20} MB)")
    _counter += 1
    name = f"{time.time_ns():020d}-{os.getpid()}-{_counter}{SUFFIX}"
    return _write_file(directory, name, ops)


def as_ops(items) -> list[dict]:
    """Normalise observations and/or operations to operations (`store.writing.writer.OPS`) with
    their times set."""
    from store.database import utc_now
    from store.writing.writer import OPS

    ops = []
    now = None
    for item in items or ():
        if not isinstance(item, dict):
            continue
        if item.get("op") in OPS:
            op = dict(item)
        elif "op" in item:
            continue
        else:
            op = {"op": "memory", "obs": item}
        if op["op"] == "memory":
            obs = op.get("obs")
            if not isinstance(obs, dict):
                continue
            if not obs.get("created_at"):
                now = now or utc_now()
                op["obs"] = dict(obs, created_at=now)
        elif not op.get("at"):
            now = now or utc_now()
            op["at"] = now
        ops.append(op)
    return ops


# ---------------------------------------------------------------- draining


def _read_ops(path: str, name: str) -> list[dict]:
    from store.files import read_regular
    from store.writing.writer import OPS

    ops = []
    damaged = 0
    for line in read_regular(path, MAX_FILE_BYTES + 1).splitlines():  # never waits on a FIFO
        if not line.strip():
            continue
        try:
            op = json.loads(line)
        except ValueError:
            damaged += 1  # a damaged line: skip it, keep the rest
            continue
        if isinstance(op, dict) and op.get("op") in OPS:
            ops.append(op)
        else:
            damaged += 1
    if damaged:
        from store.log import log_line

        log_line(f"spool: skipped {damaged} damaged line{'s' if damaged != 1 else ''} of {name}.")
    return ops


def _candidates(directory: str) -> list[tuple[str, str]]:
    """(file name to claim, original name) in spool order, stale claims included."""
    try:
        names = os.listdir(directory)
    except OSError:
        return []
    now = time.time_ns()
    out = []
    for name in names:
        if name.endswith(SUFFIX):
            out.append((name, name))
        elif CLAIM in name:
            original, _, claim = name.partition(CLAIM)
            try:
                claimed_at = int(claim.rsplit("-", 1)[1])
            except (IndexError, ValueError):
                claimed_at = 0
            if now - claimed_at > STALE_CLAIM_S * 1_000_000_000:
                out.append((name, original))
    out.sort(key=lambda pair: pair[1])
    return out


def _database_file(conn: sqlite3.Connection) -> str | None:
    """The file of `conn`'s main database; None for one in memory (which has no spool)."""
    row = conn.execute("PRAGMA database_list").fetchone()
    return row[2] if row and row[2] else None


def drain(conn: sqlite3.Connection, directory: str | None = None, budget_s: float = DRAIN_BUDGET_S) -> int:
    """Apply the spooled operations of `conn`'s database (or of `directory`),
    oldest file first; returns how many were applied.

    Stops after `budget_s` (the rest waits for the next run).  On a database
    failure the unapplied operations stay spooled and the error is raised.
    """
    if not directory and _database_file(conn) is None:
        raise ValueError("an in-memory database has no spool")
    folders = [directory] if directory else directories_for(_database_file(conn))
    deadline = time.monotonic() + budget_s
    applied = 0
    for folder in folders:
        if time.monotonic() > deadline:
            break
        applied += _drain_folder(conn, folder, deadline)
    return applied


def _drain_folder(conn: sqlite3.Connection, directory: str, deadline: float) -> int:
    from store.writing import writer

    _refuse_links(directory)
    applied = 0
    for name, original in _candidates(directory):
        if time.monotonic() > deadline:
            break
        source = os.path.join(directory, name)
        claimed = os.path.join(directory, f"{original}{CLAIM}{os.getpid()}-{time.time_ns()}")
        try:
            os.rename(source, claimed)
        except OSError:
            continue  # another process claimed it first
        try:
            if os.path.getsize(claimed) > MAX_FILE_BYTES:
                _set_aside(claimed, directory, original, f"it is over {MAX_FILE_BYTES // 2**20} MB")
                continue
            ops = _read_ops(claimed, original)
        except NotRegularFile:
            _set_aside(claimed, directory, original, "it is not a regular file")
            continue
        except OSError as exc:
            from store.log import log_line

            log_line(f"spool: cannot read {original} ({exc.strerror or exc}); kept for a later run.")
            _put_back(claimed, os.path.join(directory, original))
            continue
        done, error = writer.apply_ops(conn, ops)
        applied += done
        if error is None:
            try:
                os.unlink(claimed)
            except OSError:
                pass
            continue
        rest = ops[done:]
        try:
            if done:
                _write_file(directory, original, rest)
                os.unlink(claimed)
            else:
                _put_back(claimed, os.path.join(directory, original))
        except OSError:
            _put_back(claimed, os.path.join(directory, original))
        raise error
    return applied


def _set_aside(claimed: str, directory: str, original: str, why: str) -> None:
    """Keep a file that can never be applied as `<name>.bad` (not retried), and say so."""
    from store.log import log_line

    bad = os.path.join(directory, original + ".bad")
    try:
        os.rename(claimed, bad)
        log_line(f"spool: {original} was set aside as {os.path.basename(bad)}: {why}.")
    except OSError as exc:
        log_line(f"spool: {original} cannot be applied ({why}) nor set aside ({exc.strerror or exc}).")


def _put_back(claimed: str, original: str) -> None:
    try:
        os.rename(claimed, original)
    except OSError:
        pass


FORGET_DRAIN_BUDGET_S = 30.0  # a forget may wait this long for the spool: what waits there is forgotten too


def drain_before_forget(conn: sqlite3.Connection) -> int:
    """Every write waiting in this database's spool, applied before a forget
    (`store.forgetting.erase.forget` calls it); 0 for a database with no file."""
    if _database_file(conn) is None:
        return 0
    return drain(conn, budget_s=FORGET_DRAIN_BUDGET_S)
