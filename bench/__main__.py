"""Run every benchmark: `.venv/bin/python -m bench [--quick]`.

Each prints medians and the ratio to its target (ratio <= 1.00 meets it).
`--quick` shrinks the corpora (10k memories) for a fast look; the numbers in
the README come from the full run.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import sys
import time

BENCHES = [
    ("store", "bench.bench_store", ["--memories", "10000", "--writers", "8", "--rows", "50", "--queries", "200"]),
    ("hook", "bench.bench_hook", ["--runs", "15", "--memories", "10000"]),
    ("day", "bench.bench_day", ["--writes", "1000", "--samples", "10"]),
    ("import", "bench.bench_import", ["--tool-calls", "4000", "--memories", "10000", "--runs", "1"]),
    ("app", "bench.bench_tui", ["--memories", "10000"]),
    ("hostile", "bench.bench_hostile", ["--runs", "1"]),
    ("recall", "bench.bench_recall", ["--memories", "10000", "--fillers", "300"]),
    ("scale", "bench.bench_scale", ["--build", "10000", "--runs", "8"]),
    ("questions", "bench.bench_questions", ["--fillers", "5000"]),
    ("selection", "bench.bench_selection", ["--memories", "10000", "--runs", "3"]),
    ("mcp", "bench.bench_mcp", ["--runs", "5", "--memories", "10000", "--calls", "20"]),
    ("team", "bench.bench_team", ["--memories", "5000", "--server-memories", "50000", "--queries", "200"]),
    ("insights", "bench.bench_insights", ["--memories", "10000", "--runs", "5"]),
    ("internals", "bench.bench_internals", ["--rounds", "2", "--ops", "5", "--memories", "5000"]),
    ("privacy", "bench.bench_privacy", ["--generated", "1000", "--look-alikes", "50", "--code-mb", "2", "--runs", "3"]),
    ("errors", "bench.bench_errors", []),
    ("tokens", "bench.bench_tokens_saved", []),
]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("only", nargs="*", help="run only these: " + ", ".join(n for n, _, _ in BENCHES))
    args = parser.parse_args(argv)
    print(f"# {time.strftime('%Y-%m-%d')} · {platform.processor() or platform.machine()} · "
          f"{platform.python_implementation()} {platform.python_version()} · "
          f"SQLite {__import__('sqlite3').sqlite_version}")  # fmt: skip
    status = 0
    for name, module, quick_args in BENCHES:
        if args.only and name not in args.only:
            continue
        print(f"\n## {name}", flush=True)
        try:
            bench = importlib.import_module(module)
        except ImportError as exc:
            print(f"missing: {exc}")
            status = 1
            continue
        status |= bench.main(quick_args if args.quick else []) or 0
    return status


if __name__ == "__main__":
    sys.exit(main())
