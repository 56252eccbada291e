"""What each speed shim of tui/gui/textual_internals.py still buys on the pinned Textual.

    .venv/bin/python -m bench.bench_internals [--rounds 5] [--ops 10] [--memories 20000]
                                               [--only page append switch]

Each shim is switched off and on in turn, in a fresh app each time, the variants of a round
in a random order (interleaved, so a change in the machine's load falls on all of them):

- page: a 60-row page (Sessions' page size) replacing a list's rows, with Live's five
  fixed-width columns, 80x24: DataTable (stock) / UnmeasuredFixedWidths / KeptCells / both;
- append: a row appended to a followed 200-row table (the Live pane following a session):
  the same four tables with `settle_dimensions`, and stock and both without it;
- switch: pane keys 1-5 in the app on a corpus of --memories, `draw_now` off and on, in
  turns of the five keys within one app (--ops turns of each per round).

Wall: from the change (or key) to the first frame that shows it.  CPU: the process's CPU
time (every thread, user + sys) from the change to that frame, and until the app is idle again.  A shim
whose "on" is not clearly below its "off" no longer pays for the private names it uses.
Prints the load average before and after: read the numbers with it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from textual import events  # noqa: E402
from textual.app import App, ComposeResult  # noqa: E402
from textual.containers import Horizontal  # noqa: E402
from textual.screen import Screen  # noqa: E402
from textual.widgets import DataTable, Select  # noqa: E402

from tui.gui import textual_internals as ti  # noqa: E402
from tui.gui.widgets import follow_table, pane_bar  # noqa: E402
from tui.gui.widgets.follow_table import FollowTable  # noqa: E402
from tui.gui.widgets.vim_table import VimDataTable  # noqa: E402

TABLES = {"stock": DataTable, "unmeasured": ti.UnmeasuredFixedWidths, "kept": ti.KeptCells,
          "both": ti.FixedWidthDataTable}  # fmt: skip
REAL_SETTLE = follow_table.settle_dimensions
REAL_DRAW_NOW = pane_bar.draw_now
PAGE_ROWS = 60
WORDS = "token expired docker build migration rate limit retry auth error fix test cache".split()


def use(table: str = "both", settle: bool = True, draw_now: bool = True) -> None:
    """Switch the shims: memlane's tables are built on VimDataTable, whose base is swapped."""
    VimDataTable.__bases__ = (TABLES[table],)
    follow_table.settle_dimensions = REAL_SETTLE if settle else (lambda table: None)
    pane_bar.draw_now = REAL_DRAW_NOW if draw_now else (lambda screen: None)


def row(i: int, rng: random.Random) -> tuple[str, ...]:
    return (f"12:{i % 60:02d}:{i % 59:02d}", "memlane", f"{i:08x}", "edit",
            " ".join(rng.choice(WORDS) for _ in range(12)))  # fmt: skip


class OneList(App):
    """One list with the Live pane's columns."""

    def __init__(self, follow: bool) -> None:
        super().__init__()
        self.follow = follow

    def compose(self) -> ComposeResult:
        yield FollowTable(id="list") if self.follow else VimDataTable(id="list")

    def on_mount(self) -> None:
        table = self.query_one("#list", VimDataTable)
        table.add_column("Time", key="time", width=8)
        table.add_growing_column("Project", key="project", width=12, max_width=28)
        table.add_column("Session", key="session", width=8)
        table.add_column("Type", key="type", width=7)
        table.add_flex_column("What", key="what", min_width=12)


class Frames:
    """When each frame went out, and what `probe` said then."""

    def __init__(self, app: App, probe: Callable[[], object]) -> None:
        self.seen: list[tuple[float, float, object]] = []
        ti.watch_frames(app, lambda screen: self.seen.append((time.perf_counter(), time.process_time(), probe())))

    async def first(self, since: tuple[float, float], shows: Callable[[object], bool],
                    timeout: float = 10.0) -> tuple[float, float]:  # fmt: skip
        """(wall, CPU) milliseconds from `since` (perf_counter, process_time) to the first
        frame whose probe `shows` what is awaited."""
        end = time.perf_counter() + timeout
        while True:
            for at, cpu, probed in self.seen:
                if at >= since[0] and shows(probed):
                    return (at - since[0]) * 1000, (cpu - since[1]) * 1000
            if time.perf_counter() > end:
                raise TimeoutError("no frame showed it")
            await asyncio.sleep(0.001)


Sample = tuple[float, float, float]  # wall to the frame, CPU to the frame, CPU until idle


async def measured(pilot, frames: Frames, shows: Callable[[object], bool], since: tuple[float, float]) -> Sample:
    wall, cpu = await frames.first(since, shows)
    await pilot.pause()
    await pilot.pause()
    return wall, cpu, (time.process_time() - since[1]) * 1000


def now() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


async def on_a_list(variant: dict, follow: bool, steps, ops: int) -> list[Sample]:
    """`steps(pilot, table, ops)` on a new list, with the shims of `variant`."""
    use(**variant)
    app = OneList(follow=follow)
    async with app.run_test(size=(80, 24)) as pilot:
        return await steps(pilot, app.query_one("#list", VimDataTable), ops)


async def page(pilot, table: VimDataTable, ops: int) -> list[Sample]:
    rng = random.Random(1)
    token = [0]
    frames = Frames(pilot.app, lambda: (token[0], table.virtual_size.height))
    await pilot.pause()
    samples = []
    for op in range(1, ops + 1):
        await pilot.pause(0.05)
        since = now()
        token[0] = op
        table.clear()
        for i in range(PAGE_ROWS):
            table.add_row(*row(op * PAGE_ROWS + i, rng), key=f"{op}-{i}")
        samples.append(await measured(pilot, frames, lambda p, op=op: p == (op, PAGE_ROWS + 1), since))
    return samples


async def append(pilot, table: FollowTable, ops: int) -> list[Sample]:
    rng = random.Random(2)
    for i in range(200):
        table.add_row(*row(i, rng), key=str(i))
    table.scroll_to_newest()
    await pilot.pause(0.2)
    frames = Frames(pilot.app, lambda: (table.row_count, table.cursor_row, round(table.scroll_y), table.max_scroll_y))
    samples = []
    for _ in range(ops):
        await pilot.pause(0.05)
        n = table.row_count
        since = now()
        table.add_row(*row(n, rng), key=str(n))
        table.scroll_to_newest()
        # the new row under the cursor, scrolled to the end
        shows = lambda p, n=n: p[0] == n + 1 and p[1] == n and p[2] >= p[3] > 0  # noqa: E731
        samples.append(await measured(pilot, frames, shows, since))
    return samples


async def switch(variants: list[dict], cycles: int, db_path: str) -> dict[str, list[Sample]]:
    """Pane keys 1-5 over and over in one app, each turn through them with one of `variants`
    (in a random order per pair of turns): the variants share the app, its caches and its load."""
    from bench.bench_tui import PANE_KEYS, _shows
    from tui.gui.app import build_app, process_tuned

    use()
    app = build_app(db_path)
    samples: dict[str, list[Sample]] = {}
    turns = [None] + [v for _ in range(cycles) for v in random.sample(variants, len(variants))]
    with process_tuned(app):
        async with app.run_test(size=(80, 24)) as pilot:
            frames = Frames(app, lambda: {w: w.row_count for w in ti.visible_widgets(app.screen)
                                          if isinstance(w, DataTable)})  # fmt: skip
            while not app.all_panes_mounted:
                await asyncio.sleep(0.01)
            await pilot.pause(0.5)
            for variant in turns:  # the first turn (None): each pane's first visit, left out
                use(**(variant or {}))
                for key, pane_id in PANE_KEYS.items():
                    pane = app.panes[pane_id]
                    since = now()
                    await pilot.press(key)
                    sample = await measured(pilot, frames, lambda shown, pane=pane: _shows(shown, pane), since)
                    if variant is not None:
                        samples.setdefault(name("switch", variant), []).append(sample)
                    await pilot.pause(0.1)
                    if key == "3":
                        await pilot.press("escape")  # out of the query box, so the next digit switches
                        await pilot.pause(0.1)
    use()
    return samples


class OneLineFaceSelect(Select):
    """Textual's Select with memlane's one-line face, its menu built up front as Select does."""

    def compose(self) -> ComposeResult:
        yield ti.OneLineSelectCurrent(self.prompt)
        yield from list(super().compose())[1:]


DROPDOWNS = {"stock": Select, "one-line face": OneLineFaceSelect, "menu on open": ti.MenuOnOpenSelect}


class Bar(App):
    """A bar of five dropdowns, as Search's, mounted on a key."""

    def __init__(self, kind: type[Select], screen: type[Screen] = Screen) -> None:
        super().__init__()
        self.kind = kind
        self.screen_kind = screen

    def get_default_screen(self) -> Screen:
        return self.screen_kind(id="_default")

    def compose(self) -> ComposeResult:
        yield VimDataTable(id="list")  # a list under the bar, as in a pane

    def on_mount(self) -> None:
        OneList.on_mount(self)  # its columns


async def dropdowns(variant: dict, ops: int) -> list[Sample]:
    """Five dropdowns (ten options each) mounted at once, to the frame that shows them."""
    app = Bar(DROPDOWNS[variant["select"]])
    samples = []
    async with app.run_test(size=(120, 36)) as pilot:
        token = [0]
        frames = Frames(app, lambda: token[0])
        await pilot.pause(0.2)
        for op in range(1, ops + 1):
            since = now()
            bar = Horizontal(*(app.kind([(f"option {n}", n) for n in range(10)], prompt=f"All {k}",
                                        compact=True) for k in range(5)), id=f"bar{op}")  # fmt: skip
            await app.screen.mount(bar)
            token[0] = op
            samples.append(await measured(pilot, frames, lambda p, op=op: p == op, since))
            await bar.remove()
            await pilot.pause(0.05)
    return samples


async def same_size_resize(variant: dict, ops: int) -> list[Sample]:
    """The Resize to the size the screen already has (Textual sends one as the app starts),
    on a screen with a 60-row list: the CPU until the app is idle again."""
    screen = ti.NoRelayoutAtTheSameSize if variant["screen"] == "no relayout" else Screen
    app = Bar(DROPDOWNS["menu on open"], screen)
    samples = []
    async with app.run_test(size=(120, 36)) as pilot:
        table = app.query_one("#list", VimDataTable)
        rng = random.Random(3)
        for i in range(PAGE_ROWS):
            table.add_row(*row(i, rng), key=str(i))
        await pilot.pause(0.2)
        for _ in range(ops):
            since = now()
            app.screen.post_message(events.Resize(app.size, app.size, app.size))
            await pilot.pause()
            await pilot.pause()
            samples.append((0.0, 0.0, (time.process_time() - since[1]) * 1000))
            await pilot.pause(0.02)
    return samples


VARIANTS = {
    "dropdowns": [{"select": kind} for kind in DROPDOWNS],
    "resize": [{"screen": "stock"}, {"screen": "no relayout"}],
    "page": [{"table": t} for t in TABLES],
    "append": [{"table": t} for t in TABLES] + [{"table": "stock", "settle": False},
                                                {"table": "both", "settle": False}],
    "switch": [{"draw_now": False}, {"draw_now": True}],
}


def name(scenario: str, variant: dict) -> str:
    return f"{scenario}: " + ", ".join(f"{k}={v}" for k, v in variant.items())


def report(results: dict[str, list[Sample]]) -> None:
    print(f"  {'':40s} {'n':>4s}  {'wall to frame':>13s} {'p90':>7s}  {'CPU to frame':>12s}  {'CPU to idle':>11s}"
          "   (medians, ms)")
    for label, samples in results.items():
        walls = sorted(s[0] for s in samples)
        print(f"  {label:40s} {len(samples):4d}  {statistics.median(walls):13.1f} {walls[int(len(walls) * 0.9)]:7.1f}"
              f"  {statistics.median(s[1] for s in samples):12.1f}  {statistics.median(s[2] for s in samples):11.1f}")


def load() -> str:
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


async def run(args: argparse.Namespace) -> dict[str, list[Sample]]:
    results: dict[str, list[Sample]] = {}
    db_path = None
    with tempfile.TemporaryDirectory() as tmp:
        if "switch" in args.only:
            from bench.bench_tui import build

            db_path = os.path.join(tmp, "memory.db")
            build(db_path, args.memories)
        for _ in range(args.rounds):
            for scenario in args.only:
                if scenario == "switch":
                    for label, samples in (await switch(VARIANTS["switch"], args.ops, db_path)).items():
                        results.setdefault(label, []).extend(samples)
                    continue
                if scenario in ("dropdowns", "resize"):
                    measure = dropdowns if scenario == "dropdowns" else same_size_resize
                    for variant in random.sample(VARIANTS[scenario], len(VARIANTS[scenario])):
                        samples = await measure(variant, args.ops)
                        results.setdefault(name(scenario, variant), []).extend(samples)
                    continue
                steps = {"page": page, "append": append}[scenario]
                for variant in random.sample(VARIANTS[scenario], len(VARIANTS[scenario])):
                    samples = await on_a_list(variant, scenario == "append", steps, args.ops)
                    results.setdefault(name(scenario, variant), []).extend(samples)
        use()
    return dict(sorted(results.items()))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--ops", type=int, default=10, help="changes (or pane keys) per app and variant")
    parser.add_argument("--memories", type=int, default=20_000, help="the corpus of the pane switches")
    parser.add_argument("--only", nargs="+", choices=list(VARIANTS), default=list(VARIANTS))
    args = parser.parse_args(argv)
    print(f"load before: {load()}")
    report(asyncio.run(run(args)))
    print(f"load after: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
