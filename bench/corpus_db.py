"""A database filled with generated memories (corpus.demo_corpus), for every benchmark."""

from __future__ import annotations

import time

from corpus import demo_corpus
from store import db, writer


def build_corpus_db(path: str, count: int, *, seed: int = 11, optimize: bool = False) -> float:
    """Write `count` generated memories in batches; returns the seconds the writes took.

    `optimize`: merge the FTS indexes afterwards, as `memlane import` leaves them.
    """
    conn = db.connect(path)
    started = time.perf_counter()
    batch = []
    for obs in demo_corpus.generate(count, seed=seed):
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
