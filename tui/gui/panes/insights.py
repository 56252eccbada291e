"""Pane 6, Insights: the database at a glance, in pictures (store.reading.insights gives the numbers).

Activity per day as sparklines, the error trend, how often recall's injections were acted
on, projects and types as bars, the most edited files, the database and WAL sizes, what
retention removes next, and how many sessions Claude Code's own cleanup deletes within a week
(and whether memlane holds them).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.widgets import Static
from textual.worker import get_current_worker

from store.config import load_config
from store.display import inert_line
from store.reading import overview
from tui.formatting import TYPE_LABELS, human_bytes, local_time, number, plural, short_path
from tui.gui import messages
from tui.gui.panes import Pane, is_showing
from tui.gui.store_client import StoreClient
from tui.gui.widgets.charts import bar, sparkline, stacked_bar
from tui.rich_text import TYPE_STYLES, ellipsize

DAYS = 30
WIDE_FROM = 120  # columns from which each day of the sparklines takes two cells
LABEL = 9  # cells of the row labels ("memories", "errors")
REFRESH_EVERY = 5.0  # seconds: hooks write many times a second, the pictures need not follow each


@dataclass
class InsightsLoaded(Message):
    """The overview from store.reading.insights.overview (None when the read failed)."""

    data: dict | None


class InsightsPane(Pane):
    """Pictures of the memories: when, where, what, which files, errors, size, retention."""

    BINDINGS = [
        Binding("j,down", "scroll('down')", "Scroll down", show=False, id="insights.down"),
        Binding("k,up", "scroll('up')", "Scroll up", show=False, id="insights.up"),
        Binding("g,home", "scroll('home')", "Top", show=False, id="insights.top"),
        Binding("G,end", "scroll('end')", "Bottom", show=False, id="insights.bottom"),
    ]

    def __init__(self, store: StoreClient, **kwargs) -> None:
        super().__init__(store, **kwargs)
        self.data: dict | None = None
        self._stale = False
        self._last_load = 0.0
        self._refresh_timer = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="insights-scroll"):
            yield Static("Loading…", id="insights-activity", markup=False)
            yield Static("", id="insights-errors", markup=False)
            yield Static("", id="insights-recall", markup=False)
            with Horizontal(id="insights-columns"):
                yield Static("", id="insights-projects", markup=False)
                yield Static("", id="insights-types", markup=False)
            yield Static("", id="insights-files", markup=False)
            yield Static("", id="insights-storage", markup=False)

    def on_mount(self) -> None:
        # Read on first show (the app's warm-up shows hidden panes offscreen soon after
        # the first screen): the overview is the heaviest read of all (~300 ms of a core at
        # 100k memories), and at start-up it held back the first pages of every other pane.
        self._stale = True

    def list_widget(self):
        return self.query_one("#insights-scroll")

    # -- loading ------------------------------------------------------------------

    def reload(self) -> None:
        self._last_load = self._clock_seconds()
        config, _warnings = load_config()
        self._load(self.app.now(), config["retention_days"])

    def _clock_seconds(self) -> float:
        import time

        return time.monotonic()

    @work(thread=True, exclusive=True, group="insights", exit_on_error=False)
    def _load(self, now: datetime, retention_days: int) -> None:
        # The overview reads for tens of milliseconds at 100k memories (more on a busy
        # machine); on a read connection of its own it never holds up the other panes.
        data = self.store.read(overview, now, days=DAYS, retention_days=retention_days)
        if not get_current_worker().is_cancelled:
            self.post_message(InsightsLoaded(data))

    def on_insights_loaded(self, message: InsightsLoaded) -> None:
        self.data = message.data
        self._draw()

    def on_data_changed(self, message: messages.DataChanged) -> None:
        recent = self._clock_seconds() - self._last_load < REFRESH_EVERY
        if is_showing(self) and (message.forgotten or not recent):
            self.reload()
        else:
            self._stale = True
            if is_showing(self) and self._refresh_timer is None:  # one pending refresh at most
                self._refresh_timer = self.set_timer(REFRESH_EVERY, self._reload_if_stale)

    def _reload_if_stale(self) -> None:
        self._refresh_timer = None
        if self._stale and is_showing(self):
            self._stale = False
            self.reload()

    def on_show(self) -> None:
        if self._stale:
            self._stale = False
            self.reload()

    def on_resize(self) -> None:
        self._draw()

    # -- actions ------------------------------------------------------------------

    def action_scroll(self, where: str) -> None:
        scroll = self.query_one("#insights-scroll", VerticalScroll)
        {"down": scroll.scroll_down, "up": scroll.scroll_up,
         "home": scroll.scroll_home, "end": scroll.scroll_end}[where](animate=False)  # fmt: skip

    # -- drawing ------------------------------------------------------------------

    def _draw(self) -> None:
        data = self.data
        if data is None or not self.is_mounted:
            return
        # The scroll's padding (2) and its scrollbar (2) come off the pane's width.
        width = max(20, self.size.width - 4)
        self.query_one("#insights-activity", Static).update(self._activity(data, width))
        self.query_one("#insights-errors", Static).update(self._errors(data, width))
        self.query_one("#insights-recall", Static).update(self._recall(data, width))
        half = max(20, (width - 2) // 2)  # the two columns and the margin between them
        self.query_one("#insights-projects", Static).update(self._projects(data, half))
        self.query_one("#insights-types", Static).update(self._types(data, half))
        self.query_one("#insights-files", Static).update(self._files(data, width))
        self.query_one("#insights-storage", Static).update(self._storage(data, width))

    def _day(self, day: str) -> str:
        return day[5:]  # "2025-05-02" -> "05-02"

    def _title(self, text: str, note: str = "") -> Text:
        title = Text(text, style="bold", no_wrap=True, overflow="ellipsis")
        if note:
            title.append(f"  {note}", style="dim")
        return title

    def _activity(self, data: dict, width: int) -> Group:
        totals = data["totals"]
        days = data["activity"]
        per = 2 if width >= WIDE_FROM else 1
        memories = [d["memories"] for d in days]
        errors = [d["errors"] for d in days]
        peak = max(days, key=lambda d: d["memories"])
        title = self._title(
            self._range_title(data),
            f"{number(totals['memories'])} memories · {number(totals['sessions'])} sessions in all",
        )
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=LABEL, no_wrap=True)
        grid.add_column(no_wrap=True)
        grid.add_column(no_wrap=True, overflow="ellipsis", ratio=1)
        grid.add_row(
            Text("memories", style="dim"),
            sparkline(memories, style="cyan", cells_per_value=per),
            Text(f"{number(sum(memories))} · peak {number(peak['memories'])}"
                 + (f" on {self._day(peak['day'])}" if peak["memories"] else ""), style="dim"),
        )  # fmt: skip
        grid.add_row(
            Text("errors", style="dim"),
            sparkline(errors, style="red", cells_per_value=per),
            Text(f"{number(sum(errors))} · {self._last_day(data)} {number(errors[-1])}", style="dim"),
        )
        span = DAYS * per
        axis = self._day(days[0]["day"]).ljust(span - 5) + self._day(days[-1]["day"])
        grid.add_row(Text(""), Text(axis, style="dim"), Text(""))
        return Group(title, grid, Text(""))

    def _last_day(self, data: dict) -> str:
        end = data.get("charts_end", data["now"])
        return "today" if end[:10] == data["now"][:10] else self._day(end[:10])

    def _range_title(self, data: dict) -> str:
        """"Activity, last 30 days", or, when nothing is that recent (an imported history),
        the 30 days up to the newest memory."""
        end, now = data.get("charts_end", data["now"]), data["now"]
        if end[:10] == now[:10]:
            return f"Activity, last {DAYS} days (UTC)"
        return f"Activity, the {DAYS} days to {end[:10]}, the newest memory (UTC)"

    def _errors(self, data: dict, width: int) -> Group:
        statuses = data["error_statuses"]
        trend = data["error_trend"]
        per = 2 if width >= WIDE_FROM else 1
        total = sum(statuses.values())
        title = self._title(
            "Recurring errors",
            f"{number(total)} groups: {number(statuses['open'])} open · "
            f"{number(statuses['resolved'])} resolved · {number(statuses['ignored'])} ignored",
        )
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=LABEL, no_wrap=True)
        grid.add_column(no_wrap=True)
        grid.add_column(no_wrap=True, overflow="ellipsis", ratio=1)
        opened = [d["opened"] for d in trend]
        settled = [d["settled"] for d in trend]
        grid.add_row(Text("new", style="dim"), sparkline(opened, style="red", cells_per_value=per),
                     Text(f"{number(sum(opened))} first seen", style="dim"))  # fmt: skip
        grid.add_row(
            Text("settled", style="dim"), sparkline(settled, style="green", cells_per_value=per),
            Text(f"{number(sum(settled))} resolved or ignored, by last seen", style="dim"),
        )  # fmt: skip
        parts = [(statuses["open"], "red"), (statuses["resolved"], "green"),
                 (statuses["ignored"], "bright_black")]  # fmt: skip
        grid.add_row(Text("status", style="dim"), stacked_bar(parts, DAYS * per), Text(""))
        return Group(title, grid, Text(""))

    def _recall(self, data: dict, width: int) -> Group:
        use = data.get("recall") or {}
        sent, judged, acted = use.get("injected", 0), use.get("judged", 0), use.get("acted", 0)
        if not sent:
            return Group(self._title("Recall", f"nothing injected in {DAYS} days"), Text(""))
        rate = f"acted on {acted / judged:.0%}" if judged else "not judged yet"
        title = self._title("Recall", f"injected {plural(sent, 'time')} in {DAYS} days, {rate}"
                            + (f" (of {number(judged)} whose turn ended)" if judged != sent else ""))  # fmt: skip
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=LABEL, no_wrap=True)
        grid.add_column(width=min(16, max(8, width // 5)), no_wrap=True, overflow="ellipsis")
        grid.add_column(width=5, justify="right", no_wrap=True)
        grid.add_column(no_wrap=True)
        grid.add_column(no_wrap=True, overflow="ellipsis", ratio=1)
        bar_width = max(4, min(20, width // 4))
        label = "projects"
        for p in use.get("projects", [])[:5]:
            share = p["acted"] / p["judged"] if p["judged"] else 0.0
            grid.add_row(Text(label, style="dim"), Text(inert_line(p["name"]) or "?"),
                         Text(f"{share:.0%}" if p["judged"] else "–"), bar(share, 1.0, bar_width, style="green"),
                         Text(f"{number(p['acted'])} of {number(p['judged'])}", style="dim"))  # fmt: skip
            label = ""
        label = "sent"
        for t in use.get("types", [])[:5]:
            share = t["used"] / t["judged"] if t["judged"] else 0.0
            grid.add_row(Text(label, style="dim"), Text(TYPE_LABELS.get(t["type"], inert_line(t["type"]))),
                         Text(f"{share:.0%}" if t["judged"] else "–"), bar(share, 1.0, bar_width, style="cyan"),
                         Text(f"{number(t['used'])} of {number(t['judged'])} used", style="dim"))  # fmt: skip
            label = ""
        return Group(title, grid, Text(""))

    def _bars(self, rows: list[tuple[str, int, str]], width: int) -> Table:
        """(label, value, style) rows as label, bar and count, scaled to the largest."""
        top = max((value for _, value, _ in rows), default=0)
        count_width = max((len(number(value)) for _, value, _ in rows), default=1)
        label_width = min(16, max((len(label) for label, _, _ in rows), default=4), width // 3)
        bar_width = max(4, min(40, width - label_width - count_width - 2))
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=label_width, no_wrap=True, overflow="ellipsis")
        grid.add_column(width=count_width, justify="right", no_wrap=True)
        grid.add_column(no_wrap=True)
        for label, value, style in rows:
            grid.add_row(Text(label, no_wrap=True, overflow="ellipsis"),
                         Text(number(value), style="dim"), bar(value, top, bar_width, style=style))  # fmt: skip
        return grid

    def _projects(self, data: dict, width: int) -> Group:
        rows = [(inert_line(p["name"]), p["memories"], "cyan") for p in data["projects"]]
        body = self._bars(rows, width) if rows else Text("No sessions yet.", style="dim")
        return Group(self._title("By project", "memories"), body, Text(""))

    def _types(self, data: dict, width: int) -> Group:
        rows = [(TYPE_LABELS.get(t["type"], inert_line(t["type"])), t["memories"],
                 TYPE_STYLES.get(t["type"], "white")) for t in data["types"]]  # fmt: skip
        body = self._bars(rows, width) if rows else Text("No memories yet.", style="dim")
        return Group(self._title("By type", "memories"), body, Text(""))

    def _files(self, data: dict, width: int) -> Group:
        files = data["files"]
        if not files:
            return Group(self._title("Most-edited files"), Text("No edits yet.", style="dim"),
                         Text(""))  # fmt: skip
        top = max(f["edits"] for f in files)
        count_width = max(len(number(f["edits"])) for f in files)
        bar_width = 12
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=count_width, justify="right", no_wrap=True)
        grid.add_column(width=bar_width, no_wrap=True)
        grid.add_column(no_wrap=True, overflow="ellipsis", ratio=1)
        path_width = max(8, width - count_width - bar_width - 2)
        for f in files:
            path = short_path(inert_line(f["path"]))
            if len(path) > path_width:  # keep the file name: cut from the left
                path = "…" + ellipsize(path[::-1], path_width - 1)[::-1].lstrip("…")
            grid.add_row(Text(number(f["edits"]), style="dim"),
                         bar(f["edits"], top, bar_width, style="green"), Text(path))  # fmt: skip
        return Group(self._title("Most-edited files", "edits and writes"), grid, Text(""))

    def _storage(self, data: dict, width: int) -> Group:
        size = data["storage"]
        keep = data["retention"]
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=LABEL, no_wrap=True)
        grid.add_column(overflow="fold", ratio=1)
        grid.add_row(Text("database", style="dim"),
                     Text(f"{human_bytes(size['db_bytes'])} · WAL {human_bytes(size['wal_bytes'])}"
                          f" · free pages {human_bytes(size['free_bytes'])}"))  # fmt: skip
        grid.add_row(Text("file", style="dim"), Text(short_path(inert_line(size["path"]))))
        last = keep["last_run"]
        ran = f"last ran {local_time(last, self.app.tz, style='full')}" if last else "not run yet"
        grid.add_row(
            Text("retention", style="dim"),
            Text(f"{keep['days']} days: the next run removes {number(keep['next_run'])} "
                 f"memories; {number(keep['within_horizon'])} within {keep['horizon']} days "
                 f"({ran})"),
        )  # fmt: skip
        if keep["oldest"]:
            grid.add_row(Text("oldest", style="dim"),
                         Text(local_time(keep["oldest"], self.app.tz, style="full")))  # fmt: skip
        sweep = data.get("sweep")
        if sweep:
            style = "yellow" if sweep["held"] < sweep["due"] else ""
            grid.add_row(Text("sweep", style="dim"), Text(sweep["sentence"], style=style))
        return Group(self._title("Storage"), grid)
