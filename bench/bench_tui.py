"""App benchmarks, headless: first screen, pane switch, next page, search after typing stops.

    .venv/bin/python -m bench.bench_tui [--memories 100000] [--rounds 10]

Targets (issue 4, at 100k memories): first screen < 1 s, a pane switch or a page
< 100 ms, search results < 200 ms after typing stops.  Measured with Textual's
headless driver at 80x24: the time until the screen is idle again.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.corpus_db import build_corpus_db  # noqa: E402
from store import db, writer  # noqa: E402

TARGETS_MS = {"first screen": 1000.0, "pane switch": 100.0, "next page": 100.0, "search": 200.0}
# The headless pilot's press-and-settle costs ~90 ms even for a key bound to nothing;
# pane switch and next page are reported net of that (measured in the same run).
NET_OF_BASELINE = ("pane switch", "next page")
QUERIES = ["token expired", "docker build", "마이그레이션", "rate_limit.py", "인증 오류"]


def build(path: str, count: int) -> None:
    build_corpus_db(path, count, seed=5)
    conn = db.connect(path)
    sessions = [r[0] for r in conn.execute("SELECT session_id FROM session LIMIT 200")]
    for session_id in sessions:
        writer.update_session_summary(conn, session_id)
    conn.close()


async def _wait_for(predicate, timeout: float = 10.0) -> None:
    end = time.perf_counter() + timeout
    while not predicate():
        if time.perf_counter() > end:
            raise TimeoutError("the app did not get there in time")
        await asyncio.sleep(0.002)


async def measure(path: str, rounds: int) -> dict[str, list[float]]:
    from tui.app import build_app
    from tui.widgets.paged_table import PagedTable

    results: dict[str, list[float]] = {k: [] for k in [*TARGETS_MS, "baseline"]}
    started = time.perf_counter()
    app = build_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        sessions = app.query_one("#sessions-table", PagedTable)
        await _wait_for(lambda: sessions.row_count > 0)
        results["first screen"].append((time.perf_counter() - started) * 1000)
        await pilot.pause(0.5)  # the other panes mount right after the first screen
        for _ in range(rounds):
            t = time.perf_counter()
            await pilot.press("z")  # bound to nothing: the pilot's own cost
            await pilot.pause()
            results["baseline"].append((time.perf_counter() - t) * 1000)
        for _ in range(rounds):
            for key in ("2", "3", "1"):
                t = time.perf_counter()
                await pilot.press(key)
                await pilot.pause()
                results["pane switch"].append((time.perf_counter() - t) * 1000)
        await pilot.press("1")
        await pilot.pause()
        sessions.focus()
        for _ in range(rounds):
            before = sessions.row_count
            t = time.perf_counter()
            await pilot.press("pagedown")
            await pilot.pause()
            if sessions.row_count == before and sessions.cursor_row >= before - 1:
                break
            results["next page"].append((time.perf_counter() - t) * 1000)
        from tui.panes.search import SearchPane

        pane = app.query_one(SearchPane)
        for query in QUERIES * max(1, rounds // len(QUERIES)):
            await pilot.press("3")
            await pilot.pause()
            box = app.query_one("#search-query")
            box.value = ""
            box.focus()
            await pilot.pause(0.3)
            for ch in query:
                await pilot.press(ch if ch != " " else "space")
            t = time.perf_counter()
            await _wait_for(lambda q=query: getattr(pane.last_results, "query", None) == q)
            await pilot.pause()
            results["search"].append((time.perf_counter() - t) * 1000)
    return results


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--memories", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "app.db")
        build(path, args.memories)
        results = asyncio.run(measure(path, args.rounds))
    status = 0
    baseline = statistics.median(results.pop("baseline"))
    print(f"app at {args.memories} memories, 80x24, headless "
          f"(pilot baseline: {baseline:.1f} ms for a key bound to nothing):")  # fmt: skip
    for name, values in results.items():
        if not values:
            print(f"  {name:13s} no samples")
            continue
        median = statistics.median(values)
        net = median - baseline if name in NET_OF_BASELINE else median
        ratio = net / TARGETS_MS[name]
        status |= ratio > 1
        shown = f"median {median:7.1f} ms" + (f" (net {net:5.1f} ms)" if name in NET_OF_BASELINE else "")
        print(f"  {name:13s} {shown}  max {max(values):7.1f} ms  "
              f"(target {TARGETS_MS[name]:.0f} ms, ratio {ratio:.2f}, n={len(values)})")  # fmt: skip
    return int(status)


if __name__ == "__main__":
    sys.exit(main())
