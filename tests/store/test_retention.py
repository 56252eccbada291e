"""Retention: old routine memories go, errors that matter stay, once a day."""

import time

from store import queries, retention, writer
from tests.store.conftest import ts


def add(conn, content, days_ago, **extra):
    return writer.add_memory(conn, {"session_id": extra.pop("session", "s1"), "content": content,
                                    "created_at": ts(days_ago), "cwd": "/nonexistent/app",
                                    "type": extra.pop("type", "command"), **extra})  # fmt: skip


def test_old_memories_go_important_and_open_errors_stay(conn):
    old = add(conn, "old routine", 100)
    recent = add(conn, "recent routine", 10)
    important = add(conn, "old decision", 100, importance=3, type="observation")
    open_error = add(conn, "old open error", 100, type="error", error_text="EADDRINUSE", session="s2")
    removed = retention.run_retention(conn, 90)
    assert removed == 1
    assert queries.get_memory(conn, old) is None
    for kept in (recent, important, open_error):
        assert queries.get_memory(conn, kept) is not None


def test_runs_at_most_once_a_day(conn):
    add(conn, "old routine", 100)
    assert retention.retention_due(conn)
    assert retention.run_retention(conn, 90) == 1
    assert not retention.retention_due(conn)
    add(conn, "another old one", 100, session="s3")
    assert retention.run_retention(conn, 90) is None  # already ran today
    assert retention.retention_due(conn, now=time.time() + 86400)
    assert retention.run_retention(conn, 90, now=time.time() + 86400) == 1


def test_retention_keeps_counts_and_indexes_right(conn):
    for i in range(20):
        add(conn, f"stale build log {i}", 200, session="old")
    add(conn, "fresh build log", 1, session="new")
    retention.run_retention(conn, 90)
    from store.search import search

    assert [h["content"] for h in search(conn, "build log")] == ["fresh build log"]
    assert queries.get_session(conn, "old") is None
    assert queries.get_session(conn, "new")["memory_count"] == 1
