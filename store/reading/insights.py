"""What the Insights pane shows, as plain dicts: activity per day, projects, types, files,
the error trend, the database's size, what retention removes next and what Claude Code's
own cleanup deletes next.

Every number but the sweep's (a look at Claude Code's transcript folders) is an aggregate
computed in SQL over an index (no row is brought into Python to be counted), so the whole
overview costs tens of milliseconds at 100k memories.
"""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime, timedelta

from store.database import placeholders
from store.forgetting import MARKER_KEY

EDIT_TYPES = ("file_edit", "file_write")


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _days(now: datetime, days: int) -> list[str]:
    today = now.astimezone(UTC).date()
    return [(today - timedelta(days=back)).isoformat() for back in range(days - 1, -1, -1)]


def charts_end(conn: sqlite3.Connection, now: datetime, days: int = 30) -> datetime:
    """When the per-day charts end: now, or, when no memory was written in the last `days`
    (history imported from transcripts, a database from another machine), the newest memory's
    time, so the charts show the data rather than empty days."""
    newest = conn.execute("SELECT max(created_at) FROM memory").fetchone()[0]
    if not newest:
        return now
    moment = datetime.fromisoformat(newest.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment if moment < now - timedelta(days=days) else now


def activity_by_day(conn: sqlite3.Connection, now: datetime, days: int = 30) -> list[dict]:
    """One row per UTC day of the last `days` (oldest first, empty days included):
    {day, memories, errors}."""
    keys = _days(now, days)
    # Both counts read only indexes: the created_at index holds each row's id, and the
    # error ids come from the (type, id) index, so no memory row is read.
    memories = dict(conn.execute(
        "SELECT substr(created_at, 1, 10) AS day, count(*) FROM memory "
        "WHERE created_at >= ? GROUP BY day", (keys[0],),
    ))  # fmt: skip
    errors = dict(conn.execute(
        "SELECT substr(created_at, 1, 10) AS day, count(*) FROM memory INDEXED BY memory_created_at "
        "WHERE created_at >= ? AND id IN (SELECT id FROM memory WHERE type = 'error') GROUP BY day",
        (keys[0],),
    ))  # fmt: skip
    return [{"day": day, "memories": memories.get(day, 0), "errors": errors.get(day, 0)} for day in keys]


def error_trend(conn: sqlite3.Connection, now: datetime, days: int = 30) -> list[dict]:
    """Per UTC day: error groups first seen that day (`opened`) and groups now resolved or
    ignored whose last occurrence was that day (`settled`: the day they stopped recurring)."""
    keys = _days(now, days)
    opened = dict(
        conn.execute(
            "SELECT substr(first_seen, 1, 10) AS day, count(*) FROM error_group "
            "WHERE first_seen >= ? GROUP BY day",
            (keys[0],),
        )
    )
    settled = dict(
        conn.execute(
            "SELECT substr(last_seen, 1, 10) AS day, count(*) FROM error_group "
            "WHERE last_seen >= ? AND status IN ('resolved', 'ignored') GROUP BY day",
            (keys[0],),
        )
    )
    return [{"day": d, "opened": opened.get(d, 0), "settled": settled.get(d, 0)} for d in keys]


def error_statuses(conn: sqlite3.Connection) -> dict:
    """How many error groups are open, regressed (resolved, then seen again), resolved and ignored."""
    counts = {"open": 0, "regressed": 0, "resolved": 0, "ignored": 0}
    counts.update(dict(conn.execute("SELECT status, count(*) FROM error_group GROUP BY status")))
    return counts


def by_project(conn: sqlite3.Connection, limit: int = 8) -> list[dict]:
    """The busiest projects by memories: {project, name, memories, errors, sessions}.

    Read from the session table's counters (kept by triggers), not from `memory`."""
    return [
        {"project": project, "name": name or project or "(none)", "memories": memories or 0,
         "errors": errors or 0, "sessions": sessions}
        for project, name, memories, errors, sessions in conn.execute(
            "SELECT project, max(project_name), sum(memory_count), sum(error_count), count(*) "
            "FROM session GROUP BY project ORDER BY 3 DESC, 1 LIMIT ?",
            (limit,),
        )
    ]  # fmt: skip


def by_type(conn: sqlite3.Connection) -> list[dict]:
    """Memories per type, most first: {type, memories}."""
    return [
        {"type": kind, "memories": n}
        for kind, n in conn.execute(
            "SELECT type, count(*) FROM memory GROUP BY type ORDER BY 2 DESC, 1"
        )
    ]


def most_edited_files(conn: sqlite3.Connection, limit: int = 8) -> list[dict]:
    """Files edited or written most often: {path, edits, last_id}."""
    marks = placeholders(len(EDIT_TYPES))
    # The file_path index holds each row's id: matching it against the edit ids of the
    # (type, id) index counts edits per file without reading a memory row.
    return [
        {"path": path, "edits": edits, "last_id": last_id}
        for path, edits, last_id in conn.execute(
            f"SELECT file_path, count(*), max(id) FROM memory INDEXED BY memory_file_path "
            f"WHERE file_path > '' AND id IN (SELECT id FROM memory WHERE type IN ({marks})) "
            f"GROUP BY file_path ORDER BY 2 DESC, 3 DESC LIMIT ?",
            (*EDIT_TYPES, limit),
        )
    ]


def storage(conn: sqlite3.Connection) -> dict:
    """The database file, its WAL and how much of the file is free pages (bytes)."""
    path = conn.execute("PRAGMA database_list").fetchone()[2] or ""

    def size(suffix: str) -> int:
        try:
            return os.path.getsize(path + suffix) if path else 0
        except OSError:
            return 0

    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    free_pages = conn.execute("PRAGMA freelist_count").fetchone()[0]
    return {"path": path, "db_bytes": size(""), "wal_bytes": size("-wal"),
            "free_bytes": free_pages * page_size}  # fmt: skip


# The rule of store.forgetting.retention.run_retention (tests/store/reading/test_insights.py holds them equal).
RETENTION_KEPT = (
    "m.importance < 3 AND NOT (m.type = 'error' AND coalesce(g.status, 'open') = 'open')"
)


def retention_outlook(conn: sqlite3.Connection, now: datetime, days: int, *,
                      horizon: int = 7) -> dict:  # fmt: skip
    """What retention (store.forgetting.retention, `days`) removes at its next run and within `horizon`
    days after that; the same rule, counted instead of deleted, in one pass."""
    cutoff = now - timedelta(days=days)
    next_run, within = conn.execute(
        "SELECT coalesce(sum(m.received_at < ?), 0), count(*) FROM memory m "
        "LEFT JOIN error_group g ON g.id = m.error_group_id "
        f"WHERE m.received_at < ? AND {RETENTION_KEPT}",
        (_stamp(cutoff), _stamp(cutoff + timedelta(days=horizon))),
    ).fetchone()
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (MARKER_KEY,)).fetchone()
    oldest = conn.execute("SELECT min(created_at) FROM memory").fetchone()[0]
    return {"days": days, "next_run": next_run, "within_horizon": within, "horizon": horizon,
            "last_run": row[0] if row else None, "oldest": oldest}  # fmt: skip


def overview(conn: sqlite3.Connection, now: datetime, *, days: int = 30,
             retention_days: int = 90) -> dict:  # fmt: skip
    """Everything the Insights pane shows, in one read."""
    end = charts_end(conn, now, days)
    totals = conn.execute(
        "SELECT (SELECT count(*) FROM memory), (SELECT count(*) FROM session), "
        "(SELECT count(*) FROM error_group)"
    ).fetchone()
    return {
        "now": _stamp(now),
        "totals": {"memories": totals[0], "sessions": totals[1], "error_groups": totals[2]},
        "charts_end": _stamp(end),  # now, unless nothing was written in the last `days`
        "activity": activity_by_day(conn, end, days),
        "error_trend": error_trend(conn, end, days),
        "error_statuses": error_statuses(conn),
        "projects": by_project(conn),
        "types": by_type(conn),
        "files": most_edited_files(conn),
        "storage": storage(conn),
        "retention": retention_outlook(conn, now, retention_days),
        "recall": recall_use(conn, now, days),
        "sweep": sweep_outlook(conn, now),
    }


def sweep_outlook(conn: sqlite3.Connection, now: datetime) -> dict:
    """How many sessions Claude Code's own cleanup deletes within a week of `now` and how many
    of them memlane holds, counted as `memlane doctor` counts them (store.claude_memory.sweep)."""
    from store.claude_memory import HORIZON_DAYS, due, outlook_sentence

    plan = due(conn, now=now.timestamp())
    return {"days": plan["days"], "due": len(plan["due"]), "held": plan["held"], "horizon": HORIZON_DAYS,
            "sentence": outlook_sentence(plan)}  # fmt: skip


def recall_use(conn: sqlite3.Connection, now: datetime, days: int = 30) -> dict:
    """How often recall sent Claude something in the last `days`, and how often Claude acted
    on it (store.reading.ledger.hit_rates), per project and per type of memory sent."""
    from store.reading.ledger import hit_rates

    return hit_rates(conn, _stamp(now - timedelta(days=days)))
