"""A day of hooks: does a hook stay fast, and the WAL small, after thousands of writes?

    .venv/bin/python -m bench.bench_day [--writes 10000] [--samples 20]

Runs `memlane-hook` as Claude Code does (one process per event, exactly the
installed command) on PostToolUse Edit events, one after another, with no app
open: nothing else ever holds the database.  At 0, 1k, 5k and 10k writes it
times `--samples` hooks against the interpreter floor (`python -c "import
sqlite3, json"`), alternating, and reads the size of the WAL.
Targets (issue 11): the hook's median stays within 1.5x the floor at every
point and the WAL never exceeds 16 MB.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

from bench.bench_hook import ROOT, _edit_event, _timed, hook_command

WAL_LIMIT_MB = 16
RATIO_LIMIT = 1.5


def _wal_mb(db_path: str) -> float:
    try:
        return os.path.getsize(db_path + "-wal") / 2**20
    except OSError:
        return 0.0


def _points(writes: int) -> list[int]:
    marks = [0, 1000, 5000, 10_000]
    inside = [m for m in marks if m < writes]
    return inside + [writes]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--writes", type=int, default=10_000)
    parser.add_argument("--samples", type=int, default=20)
    args = parser.parse_args(argv)
    import compileall

    compileall.compile_dir(str(ROOT / "store"), quiet=1)
    compileall.compile_dir(str(ROOT / "hooks"), quiet=1)
    print(f"load average at start: {open('/proc/loadavg').read().split()[:3]}")
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        db_path = os.path.join(tmp, "memory.db")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(MEMLANE_DB=db_path, MEMLANE_HOME=tmp, HOME=tmp)
        hook = hook_command()
        floor_cmd = ["/bin/sh", "-c", f"'{sys.executable}' -c 'import sqlite3, json'"]
        written = 0
        biggest_wal = 0.0
        started = time.monotonic()
        print("| hook writes so far | WAL (MB) | biggest WAL so far | hook median (ms) | floor (ms) | ratio | p90 (ms) |")
        print("|---|---|---|---|---|---|---|")
        for point in _points(args.writes):
            while written < point:
                _timed(hook, _edit_event(written, f"day-{written // 200}"), env)
                written += 1
                biggest_wal = max(biggest_wal, _wal_mb(db_path))
            floor, hooks = [], []
            for n in range(args.samples):
                floor.append(_timed(floor_cmd, b"", env))
                hooks.append(_timed(hook, _edit_event(10**7 + written + n, "day-sample"), env))
                biggest_wal = max(biggest_wal, _wal_mb(db_path))
            f, h = statistics.median(floor), statistics.median(hooks)
            p90 = statistics.quantiles(hooks, n=10)[-1]
            wal = _wal_mb(db_path)
            ratio = h / f
            status |= ratio > RATIO_LIMIT or biggest_wal > WAL_LIMIT_MB
            print(f"| {point:,} | {wal:.1f} | {biggest_wal:.1f} | {h:.1f} | {f:.1f} | {ratio:.2f} | {p90:.1f} |",
                  flush=True)  # fmt: skip
        db_mb = os.path.getsize(db_path) / 2**20
        print(f"database {db_mb:.1f} MB after {written + args.samples * len(_points(args.writes))} hooks "
              f"in {time.monotonic() - started:.0f} s; targets: ratio <= {RATIO_LIMIT}, "
              f"WAL <= {WAL_LIMIT_MB} MB")  # fmt: skip
        print(f"load average at end: {open('/proc/loadavg').read().split()[:3]}")
    return int(status)


if __name__ == "__main__":
    sys.exit(main())
