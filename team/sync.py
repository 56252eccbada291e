"""`memlane team sync`: push this machine's shared memories and forgets, pull teammates'.

Every step is idempotent and commits its cursor with the rows it covers, so a
sync killed at any point and run again loses and duplicates nothing:
  1. withdraw: rows this machine pushed whose memory was forgotten, redacted
     (its text changed) or whose project is no longer shared leave the server;
  2. push: shared memories after the push cursor (ids only grow), in batches;
  3. pull: teammates' memories after the pull cursor, into the team cache;
  4. deletions: memories removed from the server leave the team cache (scrubbed).
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from store.database import connection as db
from store.files import make_private_dir, open_private
from store.forgetting import finish_scrub
from team import cache, server
from team.settings import is_shared

LOCK_NAME = "team-sync.lock"
BATCH = 2000
# The server's cost of a push is text indexing (a tsvector and ~1,000 trigrams per
# memory), one CPU per connection: batches go out over this many connections at once.
PUSH_CONNECTIONS = 2
Progress = Callable[[str, int, int], None]  # (phase, done, total)


def _no_progress(phase: str, done: int, total: int) -> None:
    pass


def shared_projects(local: sqlite3.Connection, settings: dict) -> list[str]:
    projects = [row[0] for row in local.execute("SELECT DISTINCT project FROM memory")]
    return sorted(p for p in projects if is_shared(p, settings))


def _sharing_key(settings: dict) -> str:
    return json.dumps([settings["projects"], settings["exclude_projects"]])


def _withdrawals(local, team_db, shared: set[str]) -> tuple[list[int], list[int]]:
    """(local ids to remove from the server, those of them to push again with new text)."""
    gone, changed = [], []
    pushed = team_db.execute("SELECT local_id, content_hash, project FROM team_pushed ORDER BY local_id").fetchall()
    for start in range(0, len(pushed), 900):
        chunk = pushed[start : start + 900]
        ids = [row[0] for row in chunk]
        now = dict(local.execute(f"SELECT id, content_hash FROM memory WHERE id IN ({db.placeholders(len(ids))})", ids).fetchall())
        for local_id, hash_, project in chunk:
            if local_id not in now or project not in shared:
                gone.append(local_id)
            elif now[local_id] != hash_:
                gone.append(local_id)
                changed.append(local_id)
    return gone, changed


def _rows_to_push(local, shared: list[str], after: int, only: list[int] | None, limit: int):
    cols = ("id, session_id, tool_name, type, project, project_name, file_path, content, tags,"
            " importance, created_at, content_hash")  # fmt: skip
    if only is not None:
        return local.execute(f"SELECT {cols} FROM memory WHERE id IN ({db.placeholders(len(only))})", only).fetchall()
    return local.execute(
        f"SELECT {cols} FROM memory WHERE project IN ({db.placeholders(len(shared))}) AND id > ? ORDER BY id LIMIT ?",
        [*shared, after, limit],
    ).fetchall()


def _push(pg, team_db, rows, origin: str, author: str, push_after: int | None) -> int:
    payload = [(author, origin, r[0], *r[1:11]) for r in rows]
    ids = server.push(pg, payload)
    cache.record_pushed(team_db, [(r[0], ids[r[0]], r[11], r[4]) for r in rows if r[0] in ids], push_after)
    return len(ids)


def _push_new(pg, local, team_db, settings: dict, shared: list[str], origin: str, batch: int,
              progress: Progress) -> int:  # fmt: skip
    """Push the shared memories after the push cursor; returns how many the server took.

    Batches are read here in id order, given server ids in that order (reserved on
    `pg`), and sent over PUSH_CONNECTIONS connections opened for this; each batch
    commits on its own, and the results are recorded here in the same order, so the
    push cursor only ever passes batches the server holds.  A batch committed on the server but not yet recorded
    (a kill in between) is pushed again next time and found there: nothing doubles."""
    after = cache.get_state(team_db, "push_after", 0)
    total = local.execute(
        f"SELECT count(*) FROM memory WHERE project IN ({db.placeholders(len(shared))}) AND id > ?", [*shared, after]
    ).fetchone()[0]
    progress("push", 0, total)
    if not total:
        return 0
    idle: list = []
    opened: list = []
    lock = threading.Lock()

    def send(rows, ids: list[int]) -> dict[int, int]:
        with lock:
            conn = idle.pop() if idle else None
        if conn is None:
            conn = server.connect(settings["url"])
            with lock:
                opened.append(conn)
        try:
            return server.push(conn, [(settings["author"], origin, r[0], *r[1:11]) for r in rows], ids)
        finally:
            with lock:
                idle.append(conn)

    pushed = 0
    in_flight: deque = deque()
    width = max(1, min(PUSH_CONNECTIONS, -(-total // batch)))
    try:
        with ThreadPoolExecutor(max_workers=width, thread_name_prefix="memlane-push") as pool:
            more = True
            while True:
                rows = _rows_to_push(local, shared, after, None, batch) if more and len(in_flight) < width else None
                if rows:
                    after = rows[-1][0]
                    in_flight.append((rows, pool.submit(send, rows, server.reserve_ids(pg, len(rows)))))
                    continue
                more = more and rows is None
                if not in_flight:
                    break
                done_rows, future = in_flight.popleft()
                ids = future.result()
                cache.record_pushed(team_db, [(r[0], ids[r[0]], r[11], r[4]) for r in done_rows if r[0] in ids],
                                    done_rows[-1][0])  # fmt: skip
                pushed += len(ids)
                progress("push", pushed, total)
    finally:
        for conn in opened:
            conn.close()
    return pushed


def pending_push(local, team_db, settings: dict) -> tuple[int, int]:
    """(memories to push, rows to withdraw) a sync would send now; no network."""
    shared = shared_projects(local, settings)
    after = cache.get_state(team_db, "push_after", 0)
    if cache.get_state(team_db, "sharing", None) != _sharing_key(settings):
        after = 0
    new = 0
    if shared:
        new = local.execute(
            f"SELECT count(*) FROM memory WHERE project IN ({db.placeholders(len(shared))}) AND id > ?",
            [*shared, after],
        ).fetchone()[0]
    gone, _changed = _withdrawals(local, team_db, set(shared))
    return new, len(gone)


def sync(local: sqlite3.Connection, team_db: sqlite3.Connection, settings: dict, *,
         progress: Progress = _no_progress, batch: int = BATCH) -> dict:  # fmt: skip
    """One sync; returns counts: pushed, withdrawn, pulled, removed (and the projects shared)."""
    origin = cache.origin(local)
    pg = server.connect(settings["url"])
    try:
        report = {"projects": [], "pushed": 0, "withdrawn": 0, "pulled": 0, "removed": 0}
        shared = shared_projects(local, settings)
        report["projects"] = shared
        key = _sharing_key(settings)
        if cache.get_state(team_db, "sharing") != key:  # a changed config: look at every memory again
            with db.write(team_db):
                cache.set_state(team_db, "push_after", 0)
                cache.set_state(team_db, "sharing", key)

        gone, changed = _withdrawals(local, team_db, set(shared))
        for start in range(0, len(gone), batch):
            chunk = gone[start : start + batch]
            report["withdrawn"] += server.delete_own(pg, origin, chunk)
            with db.write(team_db):
                team_db.execute(f"DELETE FROM team_pushed WHERE local_id IN ({db.placeholders(len(chunk))})", chunk)
        for start in range(0, len(changed), batch):
            rows = _rows_to_push(local, shared, 0, changed[start : start + batch], batch)
            _push(pg, team_db, rows, origin, settings["author"], None)
        report["withdrawn"] -= len(changed)  # a redacted memory is replaced, not withdrawn

        if shared:
            report["pushed"] = _push_new(pg, local, team_db, settings, shared, origin, batch, progress)

        memories_at = tuple(cache.get_state(team_db, "pull_memories", list(server.START)))
        deletions_at = tuple(cache.get_state(team_db, "pull_deletions", list(server.START)))
        total, _ = server.pending_pull(pg, origin, memories_at, deletions_at)
        progress("pull", 0, total)
        done = 0
        while True:
            rows, memories_at = server.pull_memories(pg, origin, memories_at, batch)
            if not rows:
                break
            report["pulled"] += cache.add_pulled(team_db, rows, "pull_memories", memories_at)
            done += len(rows)
            progress("pull", done, max(total, done))

        while True:
            ids, deletions_at = server.pull_deletions(pg, origin, deletions_at, batch)
            if not ids:
                break
            report["removed"] += cache.forget_copies(team_db, ids, scrub_now=False)
            with db.write(team_db):
                cache.set_state(team_db, "pull_deletions", list(deletions_at))
        finish_scrub(team_db)  # once for every batch (and a sync killed before its scrub)

        with db.write(team_db):
            cache.set_state(team_db, "last_sync", db.utc_now())
        return report
    finally:
        pg.close()


def status(local: sqlite3.Connection, team_db: sqlite3.Connection, settings: dict) -> dict:
    """What is pending each way and when the last sync ran; the server is asked if reachable."""
    to_push, to_withdraw = pending_push(local, team_db, settings)
    result = {
        "url": server.where(settings["url"]) if settings["url"] else "",
        "author": settings["author"],
        "projects": shared_projects(local, settings),
        "to_push": to_push,
        "to_withdraw": to_withdraw,
        "to_pull": None,
        "to_remove": None,
        "cached": team_db.execute("SELECT count(*) FROM memory").fetchone()[0],
        "last_sync": cache.get_state(team_db, "last_sync"),
        "server": None,
    }
    if not settings["url"]:
        result["server"] = "team sharing is off (no [team] url)"
        return result
    try:
        pg = server.connect(settings["url"])
    except server.TeamError as exc:
        result["server"] = str(exc)
        return result
    try:
        origin = cache.origin(local)
        memories_at = tuple(cache.get_state(team_db, "pull_memories", list(server.START)))
        deletions_at = tuple(cache.get_state(team_db, "pull_deletions", list(server.START)))
        result["to_pull"], result["to_remove"] = server.pending_pull(pg, origin, memories_at, deletions_at)
        result["server"] = "reachable"
    finally:
        pg.close()
    return result


class SyncLock:
    """One sync at a time per machine: a background sync after SessionEnd and a manual one."""

    def __init__(self, folder: str):
        make_private_dir(folder)  # owner-only and never through a link, as every memlane file
        self.fd = open_private(os.path.join(folder, LOCK_NAME), os.O_RDWR | os.O_CREAT, "the team sync lock")

    def acquire(self) -> bool:
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except OSError:
            return False

    def close(self) -> None:
        os.close(self.fd)


def locked_sync(db_path: str, settings: dict, progress: Progress = _no_progress) -> dict:
    """`sync` of the database at `db_path` and the team cache, under the machine's sync lock.

    Raises TeamError when sharing is off or another sync holds the lock."""
    if not settings["url"]:
        raise server.TeamError("team sharing is off: set [team] url in config.toml (or MEMLANE_TEAM_URL).")
    lock = SyncLock(os.path.dirname(cache.cache_path()))
    try:
        if not lock.acquire():
            raise server.TeamError("another team sync is running on this machine; try again when it ends.")
        local, team_db = db.connect(db_path), cache.open_cache()
        try:
            return sync(local, team_db, settings, progress=progress)
        finally:
            local.close()
            team_db.close()
    finally:
        lock.close()
