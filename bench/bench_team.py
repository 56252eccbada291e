"""Team benchmarks: push and pull throughput, and team search latency on a large server.

    .venv/bin/python -m bench.bench_team [--memories 100000] [--server-memories 1000000]
                                         [--server-dir /tmp/memlane-bench-pg]

Starts a PostgreSQL (team.devserver, durable settings: fsync on), builds a local
memory.db of generated memories (corpus.demo_corpus), then times what a user
waits for: `sync` pushing them all from machine A (memories/s), `sync` pulling
them all into machine B's team cache (memories/s), and `search_server` (the
server half of `memlane search --team`) on a server of --server-memories, with
distinct queries drawn from the stored text (each run once, as a person types
them), plus what opening a connection adds once per command.

The search database is built once (A's memories copied server-side until it
holds --server-memories; ~1M rows take minutes) and, with --server-dir, kept in
that folder and reused by the next run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.bench_store import distinct_queries, percentile  # noqa: E402
from bench.corpus_db import build_corpus_db  # noqa: E402
from store.database import connection as db  # noqa: E402
from team import cache, server  # noqa: E402
from team.devserver import DevServer  # noqa: E402
from team.search import search_server  # noqa: E402
from team.server_migrate import upgrade  # noqa: E402
from team.sync import sync  # noqa: E402

TARGETS = {"push_per_s": 5000, "pull_per_s": 5000, "search_p99_ms": 100.0}
DURABLE = {"fsync": "on", "synchronous_commit": "on", "full_page_writes": "on",
           "maintenance_work_mem": "256MB"}  # fmt: skip
SEARCH_DB = "memlane_search"
SLOWEST_SHOWN = 8  # the slowest queries printed after the routes' percentiles
TEXT_INDEXES = ("team_memory_words", "team_memory_substrings", "team_memory_unspaced")


def load() -> str:
    return " ".join(open("/proc/loadavg").read().split()[:3])


def _machine(folder: str, url: str, author: str):
    os.makedirs(folder)
    local = db.connect(os.path.join(folder, "memory.db"))
    team_db = cache.open_cache(os.path.join(folder, "team.db"))
    settings = {"url": url, "projects": ["/home/dev/*"], "author": author, "recall": False, "exclude_projects": []}
    return local, team_db, settings


def _fresh_database(pg: DevServer, name: str) -> str:
    pg.execute(f'DROP DATABASE IF EXISTS "{name}"')
    url = pg.create_database(name)
    upgrade(url)
    return url


class RateSteps:
    """A sync's progress callback that prints the rate of each fifth of the way: a rate
    that falls as the server or the cache grows shows here, not only in the average."""

    def __init__(self, total: int, steps: int = 5):
        self.step = max(1, total // steps)
        self.mark = (time.perf_counter(), 0)

    def __call__(self, phase: str, done: int, total: int) -> None:
        at, before = self.mark
        if done - before >= self.step or (done == total and done > before):
            now = time.perf_counter()
            print(f"  {phase} {done:>9,} of {total:,}: {(done - before) / (now - at):,.0f}/s", flush=True)
            self.mark = (now, done)


def throughput(pg: DevServer, tmp: str, memories: int):
    """Push A's memories, pull them into B; returns A's local connection (its text feeds the queries)."""
    url = _fresh_database(pg, "memlane_throughput")
    a_local, a_team, a_settings = _machine(os.path.join(tmp, "a"), url, "dana")
    a_local.close()
    seconds = build_corpus_db(os.path.join(tmp, "a", "memory.db"), memories)
    print(f"local corpus: {memories:,} memories built in {seconds:,.0f}s", flush=True)
    a_local = db.connect(os.path.join(tmp, "a", "memory.db"))

    print(f"load before push: {load()}", flush=True)
    started = time.perf_counter()
    pushed = sync(a_local, a_team, a_settings, progress=RateSteps(memories))["pushed"]
    push_rate = pushed / (time.perf_counter() - started)
    print(f"push: {pushed:,} memories at {push_rate:,.0f}/s  (target >= {TARGETS['push_per_s']:,}/s, "
          f"ratio {TARGETS['push_per_s'] / push_rate:.2f}); load {load()}", flush=True)  # fmt: skip
    b_local, b_team, b_settings = _machine(os.path.join(tmp, "b"), url, "lee")
    started = time.perf_counter()
    pulled = sync(b_local, b_team, b_settings, progress=RateSteps(memories))["pulled"]
    pull_rate = pulled / (time.perf_counter() - started)
    print(f"pull: {pulled:,} memories at {pull_rate:,.0f}/s  (target >= {TARGETS['pull_per_s']:,}/s, "
          f"ratio {TARGETS['pull_per_s'] / pull_rate:.2f}); load {load()}", flush=True)  # fmt: skip
    for c in (a_team, b_local, b_team):
        c.close()
    pg.execute('DROP DATABASE "memlane_throughput"')
    return a_local


def search_server_size(pg: DevServer) -> int:
    import psycopg

    try:
        with psycopg.connect(pg.url(SEARCH_DB), autocommit=True) as conn:
            return conn.execute("SELECT count(*) FROM team_memory").fetchone()[0]
    except psycopg.Error:
        return 0


def build_search_server(pg: DevServer, local, target: int) -> float:
    """A server of `target` memories: `local`'s rows pushed, then copied server-side.

    The text indexes are dropped while it grows and built again at the end (a
    bulk GIN build is many times faster than row by row); returns seconds."""
    import psycopg

    started = time.perf_counter()
    url = _fresh_database(pg, SEARCH_DB)
    columns = ", ".join(server.PUSH_COLUMNS)
    with psycopg.connect(url, autocommit=True) as conn:
        definitions = dict(conn.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE indexname = ANY(%s)", (list(TEXT_INDEXES),)))  # fmt: skip
        for name in TEXT_INDEXES:
            conn.execute(f"DROP INDEX {name}")
        with conn.cursor().copy(f"COPY team_memory ({columns}) FROM STDIN") as copy:
            for row in local.execute(
                "SELECT 'dana', 'machine-a', id, session_id, tool_name, type, project, project_name,"
                " file_path, content, tags, importance, created_at FROM memory ORDER BY id"
            ):
                copy.write_row(row)
        have = base = conn.execute("SELECT count(*) FROM team_memory").fetchone()[0]
        while have < target:
            take = min(base, target - have)
            conn.execute(
                f"INSERT INTO team_memory ({columns})"
                " SELECT author, 'copy-' || %s, local_id, session_id || '-' || %s, tool_name, type, project,"
                " project_name, file_path, content, tags, importance, created_at"
                " FROM team_memory WHERE origin = 'machine-a' ORDER BY id LIMIT %s",
                (have, have, take),  # a fresh origin per round: local ids never clash
            )
            have += take
            print(f"  server at {have:,} memories ({time.perf_counter() - started:,.0f}s)", flush=True)
        for definition in definitions.values():
            conn.execute(definition)
        conn.execute("VACUUM ANALYZE team_memory")
    return time.perf_counter() - started


def search_latency(url: str, queries: dict[str, list[str]]) -> float:
    """Each distinct query once on one open connection; returns the p99 in ms."""
    conn = server.connect(url)
    try:
        for warm in ("warm", "up", "설정"):
            search_server(conn, warm, origin="bench", limit=20)
        every = []
        timed: list[tuple[float, str, str]] = []  # (ms, route, query)
        for kind, group in sorted(queries.items()):
            times = []
            for query in group:
                t = time.perf_counter()
                search_server(conn, query, origin="bench", limit=20)
                times.append((time.perf_counter() - t) * 1000)
                timed.append((times[-1], kind, query))
            every += times
            print(f"  search {kind:22s} p50 {statistics.median(times):7.1f} ms  p99 {percentile(times, 99):7.1f} ms"
                  f"  ({len(times)} queries)", flush=True)  # fmt: skip
        p99 = percentile(every, 99)
        print(f"  search {'all':22s} p50 {statistics.median(every):7.1f} ms  p99 {p99:7.1f} ms  "
              f"(target <= {TARGETS['search_p99_ms']:.0f} ms, ratio {p99 / TARGETS['search_p99_ms']:.2f}); "
              f"{len(every)} queries, load {load()}", flush=True)  # fmt: skip
        print_slowest(timed)
    finally:
        conn.close()
    opens = []
    for _ in range(10):
        t = time.perf_counter()
        server.connect(url).close()
        opens.append((time.perf_counter() - t) * 1000)
    print(f"  connect + schema check (once per `memlane search --team`): median {statistics.median(opens):.1f} ms")
    return p99


def print_slowest(timed: list[tuple[float, str, str]], shown: int = SLOWEST_SHOWN) -> None:
    """The slowest queries with their route: a p99 is one query, and it should have a name."""
    print(f"  slowest {min(shown, len(timed))} queries:")
    for ms, kind, query in sorted(timed, key=lambda t: t[0], reverse=True)[:shown]:
        print(f"    {ms:8.1f} ms  {kind:22s} {query!r}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--memories", type=int, default=100_000, help="pushed by A, pulled by B")
    parser.add_argument("--server-memories", type=int, default=1_000_000, help="server size for search")
    parser.add_argument("--queries", type=int, default=300, help="distinct search queries")
    parser.add_argument("--server-dir", help="keep the server here and reuse its search data next time")
    parser.add_argument("--skip-throughput", action="store_true", help="only the search (queries from a small corpus)")
    args = parser.parse_args(argv)
    print(f"load average: {load()}")
    with tempfile.TemporaryDirectory() as tmp, DevServer(settings=DURABLE, folder=args.server_dir) as pg:
        if args.skip_throughput:
            os.makedirs(os.path.join(tmp, "a"))
            build_corpus_db(os.path.join(tmp, "a", "memory.db"), min(args.memories, 20_000))
            local = db.connect(os.path.join(tmp, "a", "memory.db"))
        else:
            local = throughput(pg, tmp, args.memories)
        size = search_server_size(pg)
        if size < args.server_memories:
            seconds = build_search_server(pg, local, args.server_memories)
            size = search_server_size(pg)
            print(f"search server built: {size:,} memories in {seconds:,.0f}s; load {load()}", flush=True)
        else:
            started = time.perf_counter()
            before, after = upgrade(pg.url(SEARCH_DB))  # a server kept from an older memlane
            print(f"search server reused: {size:,} memories (schema {before} -> {after} in "
                  f"{time.perf_counter() - started:,.0f}s)", flush=True)  # fmt: skip
        queries = distinct_queries(local, args.queries)
        local.close()
        search_latency(pg.url(SEARCH_DB), queries)
    return 0


if __name__ == "__main__":
    sys.exit(main())
