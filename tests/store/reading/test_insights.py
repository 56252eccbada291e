"""store.reading.insights: the Insights pane's numbers, counted in SQL, equal to what they describe."""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime, timedelta

from store.forgetting import retention
from store.reading import insights, listings
from store.triage import groups as error_groups
from store.writing import writer
from tests.store.conftest import ts


def add(conn, content, days_ago, **extra):
    return writer.add_memory(conn, {"session_id": extra.pop("session", "s1"), "content": content,
                                    "created_at": ts(days_ago), "received_at": ts(days_ago), "cwd": extra.pop("cwd", "/nonexistent/app"),
                                    "type": extra.pop("type", "command"), **extra})  # fmt: skip


def now() -> datetime:
    return datetime.fromtimestamp(time.time(), UTC)


def test_activity_has_every_day_with_its_memories_and_errors(conn):
    for i in range(3):
        add(conn, f"today {i}", 0)
    add(conn, "an error two days ago", 2, type="error", error_text="ENOENT x")
    add(conn, "too old to show", 40)
    days = insights.activity_by_day(conn, now(), 30)
    assert len(days) == 30
    assert days[-1]["day"] == now().date().isoformat()
    assert days[-1] == {"day": days[-1]["day"], "memories": 3, "errors": 0}
    assert days[-3]["memories"] == 1 and days[-3]["errors"] == 1
    assert sum(d["memories"] for d in days) == 4  # the 40-day-old one is outside
    assert [d["day"] for d in days] == sorted(d["day"] for d in days)


def test_projects_types_and_files_are_ranked(conn):
    writer.start_session(conn, "a", "/work/alpha")
    writer.start_session(conn, "b", "/work/beta")
    for i in range(5):
        add(conn, f"edit {i}", 0, session="a", cwd="/work/alpha", type="file_edit",
            file_path="/work/alpha/main.py")  # fmt: skip
    add(conn, "write", 0, session="a", cwd="/work/alpha", type="file_write", file_path="/work/alpha/new.py")
    add(conn, "read", 0, session="b", cwd="/work/beta", type="file_read", file_path="/work/beta/x.py")
    projects = insights.by_project(conn)
    assert [(p["name"], p["memories"]) for p in projects] == [("alpha", 6), ("beta", 1)]
    assert insights.by_type(conn)[0] == {"type": "file_edit", "memories": 5}
    files = insights.most_edited_files(conn)
    assert [(f["path"], f["edits"]) for f in files] == [("/work/alpha/main.py", 5), ("/work/alpha/new.py", 1)]


def test_error_trend_counts_new_groups_and_settled_ones(conn):
    add(conn, "boom", 1, type="error", error_text="KeyError: 'x'")
    add(conn, "bang", 0, type="error", error_text="EADDRINUSE :3000", session="s2")
    group = listings.error_groups(conn, sort="recent")[-1]  # the older one
    error_groups.set_error_status(conn, group["id"], "resolved")
    trend = insights.error_trend(conn, now(), 7)
    assert sum(d["opened"] for d in trend) == 2
    assert sum(d["settled"] for d in trend) == 1
    assert insights.error_statuses(conn) == {"open": 1, "regressed": 0, "resolved": 1, "ignored": 0}


def test_retention_outlook_counts_what_the_next_run_removes(conn):
    for i in range(7):
        add(conn, f"old routine {i}", 100 + i, session=f"o{i}")
    add(conn, "due in three days", 88, session="soon")
    add(conn, "old but important", 120, importance=3, type="observation", session="imp")
    add(conn, "old open error", 120, type="error", error_text="EADDRINUSE", session="err")
    outlook = insights.retention_outlook(conn, now(), 90, horizon=7)
    assert outlook["next_run"] == 7
    assert outlook["within_horizon"] == 8
    assert retention.run_retention(conn, 90, force=True) == outlook["next_run"]
    assert insights.retention_outlook(conn, now(), 90)["next_run"] == 0


def test_storage_reports_the_files_sizes(conn, db_path):
    add(conn, "something", 0)
    size = insights.storage(conn)
    assert size["path"] == db_path
    assert size["db_bytes"] > 0 and size["wal_bytes"] >= 0


def test_overview_on_an_empty_database(conn):
    data = insights.overview(conn, now())
    assert data["totals"] == {"memories": 0, "sessions": 0, "error_groups": 0}
    assert all(d["memories"] == 0 for d in data["activity"])
    assert data["files"] == [] and data["projects"] == [] and data["types"] == []
    assert data["retention"]["next_run"] == 0 and data["retention"]["last_run"] is None


def test_overview_of_a_day_boundary_is_in_utc(conn):
    moment = datetime(2025, 5, 2, 0, 30, tzinfo=UTC)
    writer.add_memory(conn, {"session_id": "s", "content": "just before midnight", "type": "command",
                             "created_at": (moment - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")})  # fmt: skip
    days = insights.activity_by_day(conn, moment, 2)
    assert [(d["day"], d["memories"]) for d in days] == [("2025-05-01", 1), ("2025-05-02", 0)]



def _transcript(config, folder: str, session_id: str, days_old: float, moment: datetime) -> None:
    path = config / "projects" / folder / f"{session_id}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"type":"user"}\n')
    when = moment.timestamp() - days_old * 86400
    os.utime(path, (when, when))


def test_overview_says_what_claude_codes_sweep_deletes_within_a_week_as_doctor_does(conn, tmp_path, monkeypatch):
    """Insights counts the sessions Claude Code's cleanup (30 days) deletes in the next 7 days
    with doctor's own count (store.claude_memory.sweep.due), at the pane's clock."""
    from store.claude_memory.sweep import due, outlook_sentence

    config = tmp_path / "claude"
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(config))
    moment = datetime(2025, 5, 2, 15, 0, tzinfo=UTC)
    writer.start_session(conn, "kept", "/work/alpha", started_at=(moment - timedelta(days=26)).strftime("%Y-%m-%dT%H:%M:%S.%fZ"))
    writer.add_memory(conn, {"session_id": "kept", "content": "held by memlane", "type": "command", "cwd": "/work/alpha",
                             "created_at": (moment - timedelta(days=26)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")})  # fmt: skip
    _transcript(config, "-work-alpha", "kept", 26, moment)  # held: memlane has it
    _transcript(config, "-work-alpha", "lost", 25, moment)  # goes in 5 days, not held
    _transcript(config, "-work-beta", "young", 10, moment)  # goes in 20 days: not counted
    data = insights.overview(conn, moment)
    assert data["sweep"]["days"] == 30
    assert (data["sweep"]["due"], data["sweep"]["held"]) == (2, 1)
    plan = due(conn, now=moment.timestamp())
    assert data["sweep"]["sentence"] == outlook_sentence(plan)
    assert "deletes 2 sessions in the next 7 days" in data["sweep"]["sentence"]
    assert "memlane holds 1;" in data["sweep"]["sentence"]
