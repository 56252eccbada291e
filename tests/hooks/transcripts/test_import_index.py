"""An import into a store that already holds many memories merges only what it added
to the FTS indexes: the store's own segment is kept as it was (rewriting it cost
every import the store's size: 1 s of CPU at 100k memories, 10 s at 1M), the
import's small segments are merged (so the hooks' inserts that follow stay cheap),
and everything imported is found."""

from __future__ import annotations

from bench.bench_import import generate
from hooks.transcripts import TranscriptReader, find_transcripts, import_files
from store.config import defaults
from store.database import connection as db
from store.search import select_matching
from store.writing import writer

SEGMENT_SHIFT = 37  # an FTS5 data row's id: the segment's id << 37, then height and page


def segments(conn, table: str) -> set[int]:
    """The ids of the segments of an FTS5 index (its rows past the structure records)."""
    return {rowid >> SEGMENT_SHIFT for (rowid,) in conn.execute(f"SELECT id FROM {table}_data WHERE id > 10")}


def test_an_import_merges_its_own_segments_and_keeps_the_stores(tmp_path):
    conn = db.connect(str(tmp_path / "memory.db"))
    writer.add_memories(conn, [
        {"session_id": f"old-{i % 40}", "cwd": "/srv/old", "type": "command",
         "content": f"deploy step {i} restarted the worker pool and checked the queue depth"}
        for i in range(3000)
    ])  # fmt: skip
    db.optimize_indexes(conn)
    before = {t: segments(conn, t) for t in ("memory_words", "memory_trigrams")}
    assert all(len(ids) == 1 for ids in before.values())
    generate(str(tmp_path), 600)
    files, _ = find_transcripts([str(tmp_path / "projects")])
    report = import_files(conn, files, TranscriptReader(defaults()), defaults(), batch_size=25, worker=False)
    assert report["memories"] > 16 * 25  # many batches, a segment each
    for table, old in before.items():
        after = segments(conn, table)
        assert old <= after, f"{table}: the store's segment was rewritten"
        # Each batch wrote a segment; merged as they came and at the end, a few are left.
        assert len(after - old) <= 6, f"{table}: the import left {len(after - old)} segments unmerged"
    imported = conn.execute("SELECT count(*) FROM memory WHERE source = 'import'").fetchone()[0]
    assert imported == report["memories"]
    holding = [i for (i, text) in conn.execute("SELECT id, content FROM memory") if "compute_" in text]
    assert holding and sorted(select_matching(conn, "compute_")) == sorted(holding)
    conn.close()
