"""Retention: old routine memories go, errors that matter stay, once a day."""

import time

from store.forgetting import retention
from store.reading import listings
from store.writing import writer
from tests.store.conftest import ts


def add(conn, content, days_ago, **extra):
    return writer.add_memory(conn, {"session_id": extra.pop("session", "s1"), "content": content,
                                    "created_at": ts(days_ago), "received_at": ts(days_ago), "cwd": "/nonexistent/app",
                                    "type": extra.pop("type", "command"), **extra})  # fmt: skip


def test_old_memories_go_important_and_open_errors_stay(conn):
    old = add(conn, "old routine", 100)
    recent = add(conn, "recent routine", 10)
    important = add(conn, "old decision", 100, importance=3, type="observation")
    open_error = add(conn, "old open error", 100, type="error", error_text="EADDRINUSE", session="s2")
    removed = retention.run_retention(conn, 90)
    assert removed == 1
    assert listings.get_memory(conn, old) is None
    for kept in (recent, important, open_error):
        assert listings.get_memory(conn, kept) is not None


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
    assert listings.get_session(conn, "old") is None
    assert listings.get_session(conn, "new")["memory_count"] == 1


def test_a_day_is_claimed_inside_the_write_lock(conn, db_path):
    # Another process claims today's run while this one waits for the lock: this
    # one must see the claim once it gets the lock, not act on a stale "due".
    import sqlite3
    import threading

    old = add(conn, "old routine", 100)
    holder = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    other = db_connect(db_path)
    result = {}
    worker = threading.Thread(target=lambda: result.update(removed=retention.run_retention(other, 90)))
    worker.start()
    time.sleep(0.3)
    holder.execute(
        "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        (retention.MARKER_KEY, ts(0)),
    )
    holder.execute("COMMIT")
    worker.join(60)  # a hang, not slowness
    assert result == {"removed": None}
    assert listings.get_memory(conn, old) is not None  # the claimer's run decides, not this one


def test_a_huge_retention_is_clamped_not_a_crash(conn):
    old = add(conn, "old routine", 100)
    assert retention.run_retention(conn, 99999999999999999999) == 0
    assert listings.get_memory(conn, old) is not None
    assert not retention.retention_due(conn)


def db_connect(path):
    from store.database import connection as db

    return db.connect(path, check_same_thread=False)
