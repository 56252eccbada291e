"""The maintenance run's upkeep of the word index: the day's first run merges the small
segments hooks' one-row writes leave (recall looks each term up once per segment); a later
run the same day leaves the index alone; a failure is logged and changes nothing else."""

from __future__ import annotations

from hooks import background
from store.database import connection as db
from store.forgetting import erase as forget
from store.search import search
from store.writing import writer


def _writes(conn, count: int, start: int = 0, words: int = 0) -> list[int]:
    filler = " ".join(f"w{i * 7919 % 5003}" for i in range(words))
    return [writer.add_memory(conn, {"session_id": f"s{i % 3}", "type": "command", "cwd": "/nonexistent/app",
                                     "content": f"hook write {i} gearbox {filler} n{i}x"})
            for i in range(start, start + count)]  # fmt: skip


def _segments(path: str) -> int:
    conn = db.connect(path)
    try:
        return db.index_segments(conn, "memory_words")[0]
    finally:
        conn.close()


def test_the_days_maintenance_run_merges_the_word_index_once(env):
    conn = db.connect(env.db)
    ids = _writes(conn, 12)
    conn.close()
    assert _segments(env.db) == 12
    background.run(env.db)
    assert _segments(env.db) <= db.COMPACT_ABOVE
    conn = db.connect(env.db)
    ids += _writes(conn, 12, start=12)
    conn.close()
    grown = _segments(env.db)
    assert grown > db.COMPACT_ABOVE
    background.run(env.db)  # retention already ran today: so did the upkeep
    assert _segments(env.db) == grown
    conn = db.connect(env.db)
    assert sorted(h["id"] for h in search(conn, "gearbox", limit=100)) == sorted(ids)
    conn.close()


def test_a_forget_during_an_interrupted_merge_leaves_the_word_out(env):
    conn = db.connect(env.db)
    _writes(conn, 20, words=300)
    secret = writer.add_memory(conn, {"session_id": "s9", "type": "command", "cwd": "/nonexistent/app",
                                      "content": "the vault phrase is marmalade77"})  # fmt: skip
    _writes(conn, 20, start=20, words=300)
    assert db.compact_index(conn, pages=1, steps=1, whole=True)["steps"] == 1 and db.index_segments(conn, "memory_words")[1]
    assert forget.forget(conn, session="s9").count == 1
    assert search(conn, "marmalade77") == [] and secret not in [h["id"] for h in search(conn, "vault")]
    assert db.compact_index(conn)["after"] <= db.COMPACT_ABOVE
    assert len(search(conn, "gearbox", limit=100)) == 40
    conn.close()


def test_a_failed_upkeep_is_logged_and_the_run_goes_on(env, monkeypatch):
    def broken(*args, **kwargs):
        raise db.StoreError("the disk holding the database is full; free some space and try again.")

    monkeypatch.setattr(db, "compact_index", broken)
    conn = db.connect(env.db)
    _writes(conn, 3)
    conn.close()
    assert background.run(env.db) == 0
    log = (env.mhome / "memlane.log").read_text()
    assert "could not merge the word index" in log
