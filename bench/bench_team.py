"""Team benchmarks: push and pull throughput, and team search latency on a large server.

    .venv/bin/python -m bench.bench_team [--memories 20000] [--server-memories 1000000]

Starts a throwaway PostgreSQL (team.devserver, durable settings: fsync on),
builds a local memory.db of generated memories (corpus.demo_corpus), then times
what a user waits for: `sync` pushing them all from machine A (rows/s), `sync`
pulling them all into machine B's team cache (rows/s), and `search_server`
(the server half of `memlane search --team`) after the server has been grown
to --server-memories by copying the pushed rows server-side.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.bench_store import QUERIES, percentile  # noqa: E402
from bench.corpus_db import build_corpus_db  # noqa: E402
from store import db  # noqa: E402
from team import cache, server  # noqa: E402
from team.devserver import DevServer  # noqa: E402
from team.search import search_server  # noqa: E402
from team.server_migrate import upgrade  # noqa: E402
from team.sync import sync  # noqa: E402

TARGETS = {"push_per_s": 5000, "pull_per_s": 5000, "search_p99_ms": 100.0}
DURABLE = {"fsync": "on", "synchronous_commit": "on", "full_page_writes": "on"}


def _machine(folder: str, url: str, author: str):
    os.makedirs(folder)
    local = db.connect(os.path.join(folder, "memory.db"))
    team_db = cache.open_cache(os.path.join(folder, "team.db"))
    settings = {"url": url, "projects": ["/home/dev/*"], "author": author, "recall": False, "exclude_projects": []}
    return local, team_db, settings


def grow(url: str, target: int) -> float:
    """Copy the pushed rows server-side until the server holds `target` memories; returns seconds."""
    import psycopg

    started = time.perf_counter()
    with psycopg.connect(url, autocommit=True) as pg:
        have = pg.execute("SELECT count(*) FROM team_memory").fetchone()[0]
        base = have
        round_ = 0
        while have < target:
            round_ += 1
            take = min(base, target - have)
            pg.execute(
                "INSERT INTO team_memory (owner, author, origin, local_id, session_id, tool_name, type, project,"
                " project_name, file_path, content, tags, importance, created_at)"
                " SELECT owner, author, 'copy-' || %s, local_id, session_id || '-' || %s, tool_name, type, project,"
                " project_name, file_path, content, tags, importance, created_at"
                " FROM team_memory WHERE origin NOT LIKE 'copy-%%' ORDER BY id LIMIT %s",
                (have, round_, take),  # `have`: a fresh origin on every call, so local ids never clash
            )
            have += take
        pg.execute("VACUUM ANALYZE team_memory")
    return time.perf_counter() - started


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--memories", type=int, default=20_000, help="pushed by A, pulled by B")
    parser.add_argument("--server-memories", type=int, default=1_000_000, help="server size for search")
    parser.add_argument("--runs", type=int, default=5, help="times each search query runs")
    args = parser.parse_args(argv)
    print(f"load average: {open('/proc/loadavg').read().split()[:3]}")
    with tempfile.TemporaryDirectory() as tmp, DevServer(settings=DURABLE) as pg:
        url = pg.create_database("memlane")
        upgrade(url)
        a_local, a_team, a_settings = _machine(os.path.join(tmp, "a"), url, "dana")
        a_local.close()
        build_corpus_db(os.path.join(tmp, "a", "memory.db"), args.memories)
        a_local = db.connect(os.path.join(tmp, "a", "memory.db"))

        started = time.perf_counter()
        pushed = sync(a_local, a_team, a_settings)["pushed"]
        push_rate = pushed / (time.perf_counter() - started)
        b_local, b_team, b_settings = _machine(os.path.join(tmp, "b"), url, "lee")
        started = time.perf_counter()
        pulled = sync(b_local, b_team, b_settings)["pulled"]
        pull_rate = pulled / (time.perf_counter() - started)
        print(f"push: {pushed:,} memories at {push_rate:,.0f}/s  (target >= {TARGETS['push_per_s']:,}/s, "
              f"ratio {TARGETS['push_per_s'] / push_rate:.2f})")  # fmt: skip
        print(f"pull: {pulled:,} memories at {pull_rate:,.0f}/s  (target >= {TARGETS['pull_per_s']:,}/s, "
              f"ratio {TARGETS['pull_per_s'] / pull_rate:.2f})")  # fmt: skip

        status = 0
        sizes = sorted({n for n in (100_000, 300_000) if n < args.server_memories} | {args.server_memories})
        for size in sizes:  # smaller sizes first: a run stopped early still reports something
            seconds = grow(url, size)
            print(f"server grown to {size:,} memories ({seconds:,.0f}s); load {open('/proc/loadavg').read().split()[:3]}")
            status |= _search_latency(url, args.runs)
        for c in (a_local, a_team, b_local, b_team):
            c.close()
    return status


def _search_latency(url: str, runs: int) -> int:
    conn = server.connect(url)
    try:
        every = []
        for kind, queries in QUERIES.items():
            times = []
            for query in queries:
                search_server(conn, query, origin="bench", limit=20)  # warm
                for _ in range(runs):
                    t = time.perf_counter()
                    search_server(conn, query, origin="bench", limit=20)
                    times.append((time.perf_counter() - t) * 1000)
            every += times
            print(f"  search {kind:8s} p50 {statistics.median(times):7.1f} ms  p99 {percentile(times, 99):7.1f} ms", flush=True)
        p99 = percentile(every, 99)
        print(f"  search all      p50 {statistics.median(every):7.1f} ms  p99 {p99:7.1f} ms  "
              f"(target <= {TARGETS['search_p99_ms']:.0f} ms, ratio {p99 / TARGETS['search_p99_ms']:.2f})", flush=True)  # fmt: skip
        return 0
    finally:
        conn.close()


if __name__ == "__main__":
    sys.exit(main())
