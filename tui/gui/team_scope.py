"""The Search pane's team scope: this machine's memories and the team cache in one ranking.

No textual here, and no network: the app reads the team cache (`team.db`,
written by `memlane team sync`), so a search as you type never waits on a
server.  Team hits carry their author and a row key of their own (`t<id>`:
the cache's ids are the server's, not this database's).
"""

from __future__ import annotations

import os
import sqlite3
import threading

from store import search as store_search
from store.db import StoreError, connect, describe_error
from store.paths import team_db_path


class TeamScope:
    def __init__(self, path: str | None = None):
        self.path = path or team_db_path()
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.Lock()

    def available(self) -> bool:
        """True once a sync has made the team cache."""
        return os.path.exists(self.path)

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def _run(self, fn, *args, **kwargs):
        with self._lock:
            try:
                if self._conn is None:
                    self._conn = connect(self.path, readonly=True, check_same_thread=False)
                return fn(self._conn, *args, **kwargs)
            except sqlite3.Error as exc:
                raise StoreError(describe_error(self.path, exc)) from exc

    def _team_filters(self, local, filters: dict) -> dict:
        """The filters for the cache: a local project means the teammates' project of that name."""
        team = dict(filters)
        project = team.pop("project", None)
        if project:
            names = {p["project"]: p["project_name"] for p in local.projects()}
            name = names.get(project) or os.path.basename(str(project).rstrip("/"))
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
        marks = ", ".join("?" for _ in ids)
        return self._run(lambda c: dict(c.execute(
            f"SELECT memory_id, author FROM team_author WHERE memory_id IN ({marks})", ids)))  # fmt: skip
