"""A database filled with generated memories (corpus.demo_corpus), for every benchmark."""

from __future__ import annotations

import time

from corpus import demo_corpus
from store.database import connection as db
from store.writing import writer


def build_corpus_db(
    path: str, count: int, *, seed: int = 11, optimize: bool = False, sessions: int | None = None
) -> float:
    """Write `count` generated memories in batches; returns the seconds the writes took.

    `optimize`: merge the FTS indexes afterwards, as `memlane import` leaves them.
    `sessions`: spread the memories over about this many sessions (60 memories a session
    by default).
    """
    conn = db.connect(path)
    started = time.perf_counter()
    batch = []
    for obs in demo_corpus.generate(count, seed=seed, per_session=max(1, count // sessions) if sessions else 60):
        batch.append(obs)
        if len(batch) == 1000:
            writer.add_memories(conn, batch)
            batch = []
    if batch:
        writer.add_memories(conn, batch)
    elapsed = time.perf_counter() - started
    if optimize:
        db.optimize_indexes(conn)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return elapsed
