"""Which memories a selection means: `memlane forget` and the Cleanup pane both ask here.

A selection is typed by a person (a project by name or path, a session by a
prefix of its id, a file by the end of its path); `resolve_criteria` turns it
into the exact arguments of `store.forgetting.erase.select_ids`, or into one sentence
saying why it matches nothing.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from store.database import placeholders
from store.writing import normalise_timestamp

if TYPE_CHECKING:
    from store.forgetting.erase import Forgotten

ROW_COLUMNS = (
    "id, session_id, type, project_name, file_path, created_at, substr(content, 1, 400) AS content"
)


@dataclass(frozen=True)
class Criteria:
    """What the person typed; empty fields do not filter."""

    query: str = ""
    project: str = ""
    session: str = ""
    file_path: str = ""
    older_days: float | None = None
    ids: tuple[int, ...] = ()

    @property
    def is_empty(self) -> bool:
        return (
            not (self.query or self.project or self.session or self.file_path or self.ids)
            and self.older_days is None
        )

    def describe(self) -> str:
        parts = []
        if self.ids:
            parts.append(", ".join(f"#{i}" for i in self.ids))
        if self.query:
            parts.append(f'query "{self.query}"')
        if self.project:
            parts.append(f"project {self.project}")
        if self.session:
            parts.append(f"session {self.session}")
        if self.file_path:
            parts.append(f"file {self.file_path}")
        if self.older_days is not None:
            days = f"{self.older_days:g}"
            parts.append(f"older than {days} day{'s' if days != '1' else ''}")
        return " · ".join(parts) or "everything"


def resolve_criteria(
    conn: sqlite3.Connection, criteria: Criteria, now: datetime
) -> tuple[dict | None, str]:
    """The keyword arguments of `select_ids` for `criteria` (None: no filter), or why none match.

    A project may be given by name or path, a session by a prefix of its id,
    a file by the end of its path, as long as exactly one matches.
    """
    if criteria.is_empty:
        return None, ""
    kwargs: dict = {}
    if criteria.ids:
        kwargs["ids"] = list(criteria.ids)
    if criteria.project:
        typed = criteria.project
        projects = matching_projects(conn, typed)
        if len(projects) != 1:
            return None, _not_one(projects, "project", typed, "type its full path")
        kwargs["project"] = projects[0]
    if criteria.session:
        typed = criteria.session
        if conn.execute("SELECT 1 FROM session WHERE session_id = ?", (typed,)).fetchone():
            kwargs["session"] = typed
        else:
            sessions = _first_six(
                conn, "SELECT session_id FROM session WHERE session_id LIKE ? ESCAPE '\\'",
                (_like_escape(typed) + "%",),
            )  # fmt: skip
            if len(sessions) != 1:
                return None, _not_one(sessions, "session", typed, "type more of its id")
            kwargs["session"] = sessions[0]
    if criteria.file_path:
        typed = criteria.file_path
        if conn.execute("SELECT 1 FROM memory WHERE file_path = ? LIMIT 1", (typed,)).fetchone():
            kwargs["file_path"] = typed
        else:
            paths = _first_six(
                conn, "SELECT DISTINCT file_path FROM memory WHERE file_path LIKE ? ESCAPE '\\'",
                ("%" + _like_escape(typed),),
            )  # fmt: skip
            if len(paths) != 1:
                return None, _not_one(paths, "file", typed, "type more of its path")
            kwargs["file_path"] = paths[0]
    if criteria.older_days is not None:
        kwargs["before"] = normalise_timestamp(
            (now - timedelta(days=criteria.older_days)).isoformat()
        )
    if criteria.query:
        kwargs["query"] = criteria.query
    return kwargs, ""


def selected_ids(
    conn: sqlite3.Connection, criteria: Criteria, now: datetime
) -> tuple[list[int], str]:
    """The ids a forget of `criteria` removes, newest first, or ([], why none match)."""
    from store.forgetting.erase import (
        select_ids,  # with the forget it selects for, not with the listing
    )

    kwargs, problem = resolve_criteria(conn, criteria, now)
    if problem or kwargs is None:
        return [], problem
    return list(reversed(select_ids(conn, **kwargs))), ""


def forget_selected(conn: sqlite3.Connection, criteria: Criteria, now: datetime) -> Forgotten:
    """The one forget for what a person selected (the Cleanup pane; `memlane forget`):
    the memories are chosen again inside the forget's own transaction (which first
    applies the writes waiting in the spool, see `store.forgetting.erase.forget`)."""
    from store.forgetting.erase import Forgotten, forget

    kwargs, problem = resolve_criteria(conn, criteria, now)
    if problem or kwargs is None:
        return Forgotten(0, 0, True)
    return forget(conn, **kwargs)


def matching_projects(conn: sqlite3.Connection, typed: str) -> list[str]:
    """The project keys `typed` names: a path (the project it is in), or a project's name or key."""
    if typed in (".", "..") or "/" in typed or "\\" in typed or typed.startswith("~"):
        from store.project import resolve_project

        key, _ = resolve_project(os.path.abspath(os.path.expanduser(typed)))
        if conn.execute("SELECT 1 FROM session WHERE project = ? LIMIT 1", (key,)).fetchone():
            return [key]
    rows = conn.execute(
        "SELECT DISTINCT project FROM session WHERE project = ? OR project_name = ? ORDER BY 1",
        (typed, typed),
    )
    return [row[0] for row in rows]


def _like_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _first_six(conn: sqlite3.Connection, sql: str, params: tuple) -> list[str]:
    return [row[0] for row in conn.execute(sql + " LIMIT 6", params)]


def _not_one(values: list[str], what: str, typed: str, hint: str) -> str:
    if not values:
        return f"No {what} matches {typed!r}."
    many = "more than 5" if len(values) > 5 else str(len(values))
    return f"{many} {what}s match {typed!r}; {hint}."


# -- what the list and the confirmation show ------------------------------------------


def count_memories(conn: sqlite3.Connection) -> int:
    return conn.execute("SELECT count(*) FROM memory").fetchone()[0]


def fetch_rows(
    conn: sqlite3.Connection, ids: list[int] | None, *, before_id: int | None = None,
    after_id: int | None = None, limit: int = 100,
) -> list[dict]:  # fmt: skip
    """Rows for a list, newest first: these ids, or (ids None) the newest before `before_id`,
    or the `limit` just newer than `after_id` (0: the oldest `limit`)."""
    if ids is None:
        sql = f"SELECT {ROW_COLUMNS} FROM memory"
        params: list[object] = []
        if after_id is not None:
            # Keyset upwards: the nearest newer rows, put back in the list's order below.
            sql += " WHERE id > ? ORDER BY id ASC LIMIT ?"
            params += [after_id, limit]
        else:
            if before_id is not None:
                sql += " WHERE id < ?"
                params.append(before_id)
            sql += " ORDER BY id DESC LIMIT ?"
            params.append(limit)
        cursor = conn.execute(sql, params)
    elif not ids:
        return []
    else:
        marks = placeholders(len(ids))
        cursor = conn.execute(
            f"SELECT {ROW_COLUMNS} FROM memory WHERE id IN ({marks}) ORDER BY id DESC", ids
        )
    names = [d[0] for d in cursor.description]
    rows = [dict(zip(names, row, strict=True)) for row in cursor]
    return rows[::-1] if ids is None and after_id is not None else rows


def summarise_ids(conn: sqlite3.Connection, ids: list[int]) -> dict:
    """What a confirmation says about these memories.

    Returns {count, sessions (their ids, sorted), projects (names, sorted), kinds
    ({type: count}), oldest, newest (created_at, None when there are no ids)}.
    """
    sessions: set[str] = set()
    projects: set[str] = set()
    kinds: dict[str, int] = {}
    oldest = newest = None
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = placeholders(len(chunk))
        for session_id, project_name, mtype, created_at in conn.execute(
            f"SELECT session_id, project_name, type, created_at FROM memory WHERE id IN ({marks})",
            chunk,
        ):
            sessions.add(session_id)
            projects.add(project_name or "(no project)")
            kinds[mtype] = kinds.get(mtype, 0) + 1
            oldest = created_at if oldest is None or created_at < oldest else oldest
            newest = created_at if newest is None or created_at > newest else newest
    return {
        "count": len(ids), "sessions": sorted(sessions), "projects": sorted(projects),
        "kinds": kinds, "oldest": oldest, "newest": newest,
    }  # fmt: skip
