"""The Search and Sessions panes' team scope: this machine's memories (sessions) and
the team cache's in one list.

No textual here, and no network: the app reads the team cache (`team.db`,
written by `memlane team sync`), so a search as you type never waits on a
server.  Team hits carry their author and a row key of their own (`t<id>`:
the cache's ids are the server's, not this database's); team sessions `t:<id>`.
"""

from __future__ import annotations

import heapq
import itertools
import os
import sqlite3
import threading
from collections.abc import Callable

from store import search as store_search
from store.database import placeholders
from store.paths import team_db_path
from store.reading import listings
from store.text import basename


class TeamScope:
    """Both lists over this machine's store client and one on the team cache.

    `open_store(path)` opens the team cache read-only the way the app opens its stores
    (the app passes `StoreClient.open_readonly`): anything with `read(fn, *args)` that
    runs `fn(conn, *args)` on a connection of its own and raises StoreError."""

    def __init__(self, open_store: Callable[[str], object], path: str | None = None):
        self.path = path or team_db_path()
        self._open_store = open_store
        self._store = None
        self._lock = threading.Lock()

    def available(self) -> bool:
        """True once a sync has made the team cache."""
        return os.path.exists(self.path)

    def close(self) -> None:
        with self._lock:
            if self._store is not None:
                self._store.close()
                self._store = None

    def session_store(self):
        """The team cache's store client (opened on first use), e.g. for a teammate's timeline."""
        with self._lock:
            if self._store is None:
                self._store = self._open_store(self.path)
            return self._store

    def _run(self, fn, *args, **kwargs):
        return self.session_store().read(fn, *args, **kwargs)

    def _team_filters(self, local, filters: dict) -> dict:
        """The filters for the cache: a local project means the teammates' project of that name."""
        team = dict(filters)
        project = team.pop("project", None)
        if project:
            names = {p["project"]: p["project_name"] for p in local.projects()}
            name = names.get(project) or self._run(_project_name, project) or _folder(project)
            team["project"] = self._run(
                lambda c: [r[0] for r in c.execute("SELECT DISTINCT project FROM memory WHERE project_name = ?", (name,))]
            ) or ["\x00none"]
        return team

    def search(self, local, query: str, *, limit: int, offset: int = 0, **filters) -> list[dict]:
        """Local (`local`: a StoreClient) and team hits, best first, the page at `offset`."""
        wanted = offset + limit
        mine = local.search(query, limit=wanted, offset=0, **filters)
        for hit in mine:
            hit["author"], hit["row_key"] = "", str(hit["id"])
        theirs = self._run(store_search.search, query, limit=wanted, **self._team_filters(local, filters))
        authors = self._authors([h["id"] for h in theirs])
        for hit in theirs:
            hit["author"], hit["row_key"] = authors.get(hit["id"], "?"), f"t{hit['id']}"
        merged = mine + theirs
        if store_search.query_terms(query):
            merged.sort(key=lambda h: (h.get("matched_terms") or 0, h.get("score") or 0.0), reverse=True)
        else:
            merged.sort(key=lambda h: h.get("created_at") or "", reverse=True)
        return merged[offset : offset + limit]

    def page(self, local, query: str, *, offset: int | None, limit: int, **filters) -> tuple[int, list[dict], dict]:
        """As `store.search.search_page` over both: (start, hits, {"total": ...}); offset None = the last page."""
        total = self.count(local, query, **filters)
        start = max(0, total - limit) if offset is None else max(0, int(offset))
        return start, self.search(local, query, limit=limit, offset=start, **filters), {"total": total}

    def count(self, local, query: str, **filters) -> int:
        # A page reads at most search's 500 hits of each side: count no more than can be shown.
        mine = local.run(store_search.count_hits, query, **filters)
        theirs = self._run(store_search.count_hits, query, **self._team_filters(local, filters))
        return min(mine, 500) + min(theirs, 500)

    def _authors(self, ids: list[int]) -> dict[int, str]:
        if not ids:
            return {}
        marks = placeholders(len(ids))
        return self._run(lambda c: dict(c.execute(
            f"SELECT memory_id, author FROM team_author WHERE memory_id IN ({marks})", ids)))  # fmt: skip

    # -- the Sessions pane ------------------------------------------------------------

    def projects(self, mine: list[dict]) -> list[dict]:
        """The project picker's choices in team scope: this machine's projects (`mine`, as
        `store.reading.listings.projects` gives them) and the teammates', one entry per project name
        (their paths differ from ours), with the sessions of both; busiest last start first."""
        merged: dict[str, dict] = {}
        for source in (mine, self._run(listings.projects)):
            for p in source:
                name = p["project_name"] or _folder(p["project"])
                entry = merged.setdefault(name, {**p, "sessions": 0, "last_started_at": ""})
                entry["sessions"] += p["sessions"]
                entry["last_started_at"] = max(entry["last_started_at"] or "", p["last_started_at"] or "")
        return sorted(merged.values(), key=lambda p: p["last_started_at"], reverse=True)

    def _team_projects(self, local, project: str | None) -> list[str | None]:
        """The team cache's projects matching a local `project` (by name: teammates' paths
        differ from ours), or [None] for every project."""
        if not project:
            return [None]
        return self._team_filters(local, {"project": project})["project"]

    def sessions(self, local, *, project: str | None, text: str | None, sort: str,
                 offset: int | None, limit: int) -> tuple[int, list[dict], int]:  # fmt: skip
        """This machine's sessions and the team cache's in one list, ordered as
        `store.reading.listings.list_sessions` orders each: (start, rows, total); offset None =
        the last page.  Team rows carry `author` and a row key of their own (`t:<id>`)."""
        paths = self._team_projects(local, project)
        total = self.count_sessions(local, project=project, text=text, paths=paths)
        start = max(0, total - limit) if offset is None else max(0, int(offset))
        wanted = start + limit
        mine = local.list_sessions(project=project, limit=wanted, offset=0, text=text, sort=sort)
        for session in mine:
            session["author"], session["row_key"] = "", session["session_id"]
        sources = [mine]
        for path in paths:
            theirs = self._run(listings.list_sessions, project=path, limit=wanted, offset=0, text=text, sort=sort)
            authors = self._session_authors([s["session_id"] for s in theirs])
            for session in theirs:
                session["author"] = authors.get(session["session_id"], "?")
                session["row_key"] = TEAM_SESSION_PREFIX + session["session_id"]
            sources.append(theirs)
        merged = heapq.merge(*sources, key=session_order(sort), reverse=True)
        return start, list(itertools.islice(merged, start, wanted)), total

    def count_sessions(self, local, *, project: str | None, text: str | None, paths=None) -> int:
        paths = self._team_projects(local, project) if paths is None else paths
        theirs = sum(self._run(listings.count_sessions, path, text) for path in paths)
        return local.count_sessions(project, text) + theirs

    def _session_authors(self, session_ids: list[str]) -> dict[str, str]:
        if not session_ids:
            return {}
        marks = placeholders(len(session_ids))
        return self._run(lambda c: dict(c.execute(
            "SELECT m.session_id, max(a.author) FROM memory m JOIN team_author a ON a.memory_id = m.id"
            f" WHERE m.session_id IN ({marks}) GROUP BY m.session_id", session_ids)))  # fmt: skip


TEAM_SESSION_PREFIX = "t:"


def _folder(project) -> str:
    return basename(str(project))


def _project_name(conn: sqlite3.Connection, project: str) -> str | None:
    """A teammate's project's name, for a project only the team cache has."""
    return conn.execute("SELECT max(project_name) FROM session WHERE project = ?", (project,)).fetchone()[0]


def session_order(sort: str):
    """A key that orders sessions as `store.reading.listings.SESSION_SORTS[sort]` does, descending
    (SQLite puts NULL below every value, as "" and False do here)."""
    if sort == "length":
        return lambda s: (s.get("duration_s") is not None, s.get("duration_s") or 0,
                          s.get("started_at") or "", s["session_id"])  # fmt: skip
    if sort == "errors":
        return lambda s: (s.get("error_count") or 0, s.get("started_at") or "", s["session_id"])
    return lambda s: (s.get("started_at") or "", s["session_id"])
