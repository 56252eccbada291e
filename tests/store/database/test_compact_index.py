"""The word index's upkeep: merged down to few segments in short steps, nothing changed for
a reader, an interrupted merge taken up again, a write made meanwhile kept."""

import random
import threading

import pytest

from store.database import connection as db
from store.search import search
from store.writing import writer

QUERIES = ["kernel", "kernel panic", "deploy staging", "w17 w230", "note 42", "config"]


def add(conn, content, session="s1"):
    return writer.add_memory(conn, {"session_id": session, "type": "command", "content": content,
                                    "cwd": "/nonexistent/app"})  # fmt: skip


def words(conn) -> tuple[int, bool]:
    return db.index_segments(conn, "memory_words")


@pytest.fixture
def scattered(db_path):
    """A store whose word index holds 120 segments (no automatic merge: one a write), far more
    leaf pages than one 2-page step."""
    conn = db.connect(db_path)
    conn.execute("INSERT INTO memory_words(memory_words, rank) VALUES ('automerge', 0)")
    conn.execute("INSERT INTO memory_words(memory_words, rank) VALUES ('crisismerge', 1000)")
    rng = random.Random(7)
    vocab = [f"w{i}" for i in range(6000)] + ["alpha", "kernel", "panic", "deploy", "staging", "config"]
    for n in range(120):
        add(conn, f"note {n} " + " ".join(rng.choices(vocab, k=60)) + " kernel", session=f"s{n % 7}")
    # One creation time for all: recency weighs a memory by its age as of the search, so two
    # searches minutes apart (a loaded machine) could order near-equal scores differently.
    conn.execute("UPDATE memory SET created_at = (SELECT min(created_at) FROM memory)")
    conn.execute("INSERT INTO memory_words(memory_words, rank) VALUES ('automerge', 4)")
    conn.execute("INSERT INTO memory_words(memory_words, rank) VALUES ('crisismerge', 16)")
    yield conn
    conn.close()


def found(conn) -> list[list[int]]:
    return [[hit["id"] for hit in search(conn, q, limit=50)] for q in QUERIES]


def test_the_segment_count_is_read_from_the_index_itself(scattered):
    counted = scattered.execute("SELECT count(DISTINCT segid) FROM memory_words_idx").fetchone()[0]
    assert words(scattered) == (counted, False) and counted >= 120


def test_upkeep_merges_the_word_index_down_in_short_steps_and_finds_the_same(scattered):
    before = found(scattered)
    assert all(before)
    done = db.compact_index(scattered, pages=2)
    assert done["before"] >= 120 and done["after"] <= db.COMPACT_ABOVE and done["steps"] >= 3
    assert words(scattered) == (done["after"], False)
    assert found(scattered) == before
    assert db.compact_index(scattered) == {"before": done["after"], "after": done["after"], "steps": 0}
    scattered.execute("INSERT INTO memory_words(memory_words) VALUES ('integrity-check')")


def test_an_interrupted_upkeep_is_taken_up_by_the_next_one(scattered, db_path):
    before = found(scattered)
    first = db.compact_index(scattered, pages=2, steps=2)
    assert first["steps"] == 2 and words(scattered)[1]  # a merge under way, left in the index
    later = db.connect(db_path)  # another process, the next day
    try:
        done = db.compact_index(later, pages=2)
        assert done["after"] <= db.COMPACT_ABOVE and words(later) == (done["after"], False)
        assert found(later) == before
    finally:
        later.close()


def test_writes_between_and_during_merge_steps_are_kept(scattered, db_path):
    hook = db.connect(db_path)  # a hook's own connection
    written = []
    try:
        while (step := db.compact_index(scattered, pages=2, steps=1))["steps"]:
            written.append(add(hook, f"between steps {len(written)} quasarword"))
        merged = []

        def upkeep_process():  # its own connection, as the maintenance job has
            conn = db.connect(db_path)
            try:
                merged.append(db.compact_index(conn, above=0, pages=2))
            finally:
                conn.close()

        upkeep = threading.Thread(target=upkeep_process)
        scattered.execute("INSERT INTO memory_words(memory_words, rank) VALUES ('automerge', 0)")
        for i in range(30):  # more segments, then a merge running while the hook writes
            written.append(add(hook, f"during upkeep {i} quasarword"))
        scattered.execute("INSERT INTO memory_words(memory_words, rank) VALUES ('automerge', 4)")
        upkeep.start()
        while upkeep.is_alive() or len(written) < 40:
            written.append(add(hook, f"during upkeep {len(written)} quasarword"))
        upkeep.join()
    finally:
        hook.close()
    assert step["after"] <= db.COMPACT_ABOVE and len(written) >= 40 and merged[0]["steps"] >= 2
    assert sorted(h["id"] for h in search(scattered, "quasarword", limit=500)) == sorted(written)
    scattered.execute("INSERT INTO memory_words(memory_words) VALUES ('integrity-check')")


def test_upkeep_merges_the_small_segments_and_leaves_the_big_one_alone(db_path):
    """A grown store: one big segment high in the index's levels (written one memory at a time,
    then merged whole), then hooks' one-row writes: a small segment each."""
    conn = db.connect(db_path)
    rng = random.Random(3)
    vocab = [f"w{i}" for i in range(6000)]
    for n in range(400):
        add(conn, f"note {n} kernel " + " ".join(rng.choices(vocab, k=60)), session=f"s{n % 7}")
    assert db.compact_index(conn, above=1, pages=50, whole=True)["after"] == 1
    (big,) = conn.execute("SELECT DISTINCT segid FROM memory_words_idx").fetchone()
    for i in range(12):
        add(conn, f"hook write {i} kernel")
    conn.execute("UPDATE memory SET created_at = (SELECT min(created_at) FROM memory)")  # as `scattered`
    assert words(conn)[0] == 13
    before = found(conn)
    done = db.compact_index(conn, pages=50)
    assert done["after"] <= db.COMPACT_ABOVE and found(conn) == before
    assert big in {r[0] for r in conn.execute("SELECT DISTINCT segid FROM memory_words_idx")}
    conn.close()
