"""The Insights pane's read (store.reading.insights.overview) at 100k memories, cold and warm.

Cold: a fresh process's first read (a new connection, the OS cache as it is);
warm: the same connection again, as the pane's refresh on `r` or a hook's write.
Target: under 100 ms, so switching to the pane never waits on it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

TARGET_MS = 100.0
COLD = (
    "import time, sys; t = time.perf_counter();"
    "from datetime import datetime, UTC; from store.database.connection import connect; from store.reading.insights import overview;"
    "c = connect(sys.argv[1]); t1 = time.perf_counter(); overview(c, datetime.now(UTC));"
    "print((time.perf_counter() - t1) * 1000)"
)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--memories", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--db", help="an existing database instead of a generated one")
    args = parser.parse_args(argv)
    from datetime import UTC, datetime

    from bench.corpus_db import build_corpus_db
    from store.database.connection import connect
    from store.reading.insights import overview

    with tempfile.TemporaryDirectory() as folder:
        path = args.db or os.path.join(folder, "insights.db")
        if not args.db:
            build_corpus_db(path, args.memories, optimize=True)
        cold = [float(subprocess.run([sys.executable, "-c", COLD, path], capture_output=True, text=True,
                                     check=True).stdout) for _ in range(max(3, args.runs // 3))]  # fmt: skip
        conn = connect(path)
        warm = []
        for _ in range(args.runs):
            started = time.perf_counter()
            data = overview(conn, datetime.now(UTC))
            warm.append((time.perf_counter() - started) * 1000)
        conn.close()
    print(f"  {data['totals']['memories']:,} memories, {len(data['activity'])} days")
    for name, values in (("cold", cold), ("warm", warm)):
        median = statistics.median(values)
        print(f"  {name:5s} median {median:7.1f} ms  max {max(values):7.1f} ms  "
              f"target {TARGET_MS:.0f} ms  ratio {median / TARGET_MS:.2f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
