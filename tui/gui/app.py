"""memlane's terminal app: six panes in tabs, the global keys, polling, and the screens it opens.

Pane contract (the full text is in `tui/gui/panes/__init__.py`):

- A pane is a `Widget` subclass built as `Pane(store)` (`store` is the app's
  `StoreClient`; forward `**kwargs` to `Widget`).  It is mounted once in a
  tab of a `TabbedContent` and never unmounted, so it keeps its state (every
  pane is built before the first screen, so keep its `compose` and `on_mount`
  light: start workers, query nothing on the main thread).
- It reaches the database only through `store`, only from thread workers
  (`@work(thread=True, exclusive=True)`), and posts typed messages from
  `tui/gui/messages.py` back; a worker's `StoreError` becomes a notification in
  one handler (`tui.gui.worker_failures.WorkerFailures`, mixed into the pane).
- It has its own `BINDINGS` (with descriptions and ids); `check_action`
  hides keys that do not apply.  Keys `1`-`6`, `/`, `?`, `f1`, `q`, `ctrl+p`
  belong to the app.
- Optional: `focus_default()` (called when the pane is shown) and a handler
  for `messages.DataChanged` (posted to every pane when a hook commits).
- To open something, post `messages.OpenTimeline(session_id, memory_id)` or
  `messages.OpenMemory(memory_id)`.  Times: `self.app.now()`, `self.app.tz`.
- Styles: `css/<pane>.tcss`, every `.tcss` in the css folder is loaded.

Build the app with `build_app(db_path, clock=..., config=...)`; `run_app(db_path)`
runs it and turns a `StoreError` into one sentence and exit status 1.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from functools import partial
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Static, TabbedContent, TabPane, Tabs

import tui
from store.db import StoreError
from store.paths import default_db_path
from tui.gui import messages
from tui.gui.data_watch import DataWatch
from tui.gui.perf import ProcessTuning, Tuning, tuned
from tui.gui.store_client import StoreClient
from tui.gui.textual_internals import report_worker_crash
from tui.gui.widgets.app_footer import AppFooter
from tui.gui.widgets.pane_tabs import PaneTabs

Clock = Callable[[], datetime]


@dataclass(frozen=True)
class AppOptions:
    """What can change between a person's terminal and a test run."""

    poll_interval: float | None = 0.05  # seconds between PRAGMA data_version checks; None: off
    animations: bool = True
    cursor_blink: bool = True
    tz: tzinfo | None = None  # zone times are shown in; None: the system's local time
    page_size: int = 60  # rows per page of the Sessions and Search lists
    live_window: int = 1000  # rows the Live pane keeps
    search_debounce: float = 0.1  # seconds of no typing before a search runs
    show_timings: bool = True  # "12 matches · 8 ms"; off in tests so screens do not vary
    settle_gc: bool = True  # run_app: gc settled once the first screen is out (tui.gui.perf)
    remember_theme: bool = True  # start with config.toml's `theme`, write it when one is chosen
    warm_panes: bool = True  # lay out and draw the hidden panes offscreen after the first frame
    # run_app: while the app starts, how often (seconds) a thread waiting for the GIL gets
    # it (tui.gui.perf says why).  None: leave it alone.
    startup_switch_interval: float | None = 0.001
    startup_seconds: float = 3.0  # then the default comes back

    @property
    def tuning(self) -> Tuning:
        """The process-wide settings `run_app` applies around the app's run."""
        return Tuning(self.startup_switch_interval, self.startup_seconds, self.settle_gc)

    @classmethod
    def for_tests(cls, **changes) -> AppOptions:
        """No polling, no animation, no blinking, UTC: the same screen every run."""
        values: dict = {"poll_interval": None, "animations": False, "cursor_blink": False,
                         "tz": UTC, "show_timings": False, "settle_gc": False,
                         "remember_theme": False}  # fmt: skip
        values.update(changes)
        return cls(**values)


FIRST_PANE = "sessions"
# (tab id, title, module, class name)
PANES: list[tuple[str, str, str, str]] = [
    ("sessions", "Sessions", "tui.gui.panes.sessions", "SessionsPane"),
    ("live", "Live", "tui.gui.panes.live", "LivePane"),
    ("search", "Search", "tui.gui.panes.search", "SearchPane"),
    ("errors", "Errors", "tui.gui.panes.errors", "ErrorsPane"),
    ("cleanup", "Cleanup", "tui.gui.panes.cleanup", "CleanupPane"),
    ("insights", "Insights", "tui.gui.panes.insights", "InsightsPane"),
    ("recall", "Recall", "tui.gui.panes.recall", "RecallPane"),
]


def css_folder() -> Path | None:
    """The stylesheets: installed next to the package (`tui/css`), else the repo's `css/`."""
    package = Path(tui.__file__).parent
    for folder in (package / "css", package.parent / "css"):
        if folder.is_dir() and any(folder.glob("*.tcss")):
            return folder
    return None


def css_paths() -> list[Path]:
    folder = css_folder()
    if folder is None:
        return []
    return sorted(folder.glob("*.tcss"), key=lambda p: (p.name != "app.tcss", p.name))


def pane_class(module: str, name: str) -> type[Widget] | None:
    """The pane's class, or None while its module does not exist yet."""
    try:
        return getattr(importlib.import_module(module), name)
    except ImportError as exc:
        if exc.name and not module.startswith(exc.name):
            raise  # the pane exists but imports something missing: a bug, say so
        return None


class ComingSoon(Static):
    """Stands in for a pane whose module is not there yet."""

    def __init__(self, title: str, **kwargs) -> None:
        super().__init__(f"{title} is coming soon.", **kwargs)


@dataclass
class DataMoved(Message, bubble=False):
    """From the data watch's thread: another connection committed (the app tells the panes);
    `forgotten`: memories were forgotten or redacted meanwhile."""

    version: int
    forgotten: bool = False


class PanesScreen(Screen):
    """The screen the panes live on.

    Textual restyles every node of a screen when it is first shown, although each
    node was styled as it mounted; with all six panes built up front that second
    pass was ~60 ms of the first screen (120+ nodes).  Later resumes (back from a
    timeline or the help) keep Textual's behaviour.
    """

    AUTO_FOCUS = None  # the app focuses the first pane's own widget before the first frame
    _shown_once = False

    # Handlers run for each class of the MRO, this one before Screen's own.
    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._shown_once:
            self._shown_once = True
            event.refresh_styles = False


class MemlaneApp(App):
    """Browse, watch and clean up Claude Code memories."""

    TITLE = "memlane"
    CSS_PATH = css_paths()
    ENABLE_COMMAND_PALETTE = True

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "show_pane('sessions')", "Sessions", show=False, id="app.sessions"),
        Binding("2", "show_pane('live')", "Live", show=False, id="app.live"),
        Binding("3", "show_pane('search')", "Search pane", show=False, id="app.search_pane"),
        Binding("4", "show_pane('errors')", "Errors", show=False, id="app.errors"),
        Binding("5", "show_pane('cleanup')", "Cleanup", show=False, id="app.cleanup"),
        Binding("6", "show_pane('insights')", "Insights", show=False, id="app.insights"),
        Binding("7", "show_pane('recall')", "Recall", show=False, id="app.recall"),
        Binding("slash", "search", "Search", id="app.search"),
        Binding("question_mark,f1", "help", "Help", id="app.help"),
        Binding("ctrl+p", "command_palette", "Commands", show=False, id="app.commands"),
        Binding("q", "quit", "Quit", id="app.quit"),
    ]

    def __init__(self, store: StoreClient, *, clock: Clock | None = None,
                 config: AppOptions | None = None) -> None:  # fmt: skip
        self.store = store
        self.config = config or AppOptions()
        self._clock = clock or (lambda: datetime.now(UTC))
        super().__init__()
        if not self.config.animations:
            self.animation_level = "none"
        self._saved_theme: str | None = None
        if self.config.remember_theme:
            self._restore_theme()
        self.panes: dict[str, Widget] = {}
        self._focus_memory: dict[str, Widget] = {}
        self.data_watch: DataWatch | None = None  # the one poll (AppOptions.poll_interval)
        self.process_tuning: ProcessTuning | None = None  # run_app's (tui.gui.perf)

    # -- time ---------------------------------------------------------------------

    def now(self) -> datetime:
        """The current time (aware); a fixed clock in tests."""
        moment = self._clock()
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)

    @property
    def tz(self) -> tzinfo | None:
        return self.config.tz

    # -- layout -------------------------------------------------------------------

    def get_default_screen(self) -> Screen:
        return PanesScreen(id="_default")

    def notify(self, message: str, *, title: str = "", severity="information",
               timeout: float | None = None, markup: bool = True) -> None:  # fmt: skip
        """Every notification (widgets' too) as inert plain text: messages carry stored names."""
        from store.display import inert

        kwargs = {} if timeout is None else {"timeout": timeout}
        super().notify(inert(message), title=inert(title), severity=severity, markup=False, **kwargs)

    def compose(self) -> ComposeResult:
        # Every pane is built before the first frame: a key pressed as soon as the
        # app shows must find its pane mounted and its rows loaded (each pane starts
        # its workers on mount), not wait for the pane to be built.  Hidden panes
        # are not laid out, so this costs the first screen little.
        with PaneTabs(id="panes", initial=FIRST_PANE, before_switch=self._remember_focus,
                      refocus=self._focus_pane):  # fmt: skip
            for number, (pane_id, title, _, _) in enumerate(PANES, 1):
                with TabPane(f"{number} {title}", id=pane_id):
                    yield self._make_pane(pane_id)
        yield AppFooter(wait_for_first_focus=True)

    def on_mount(self) -> None:
        for tabs in self.query(Tabs):
            tabs.can_focus = False  # tab/shift+tab stay inside the pane; 1-5 switch
        self._apply_config(self.screen)
        if self.config.remember_theme:
            self.theme_changed_signal.subscribe(self, self._theme_chosen)
        # Focus now, not after the first frame: a focus that moves after it changes the
        # footer's keys and redraws the screen just as a person presses their first key.
        first = self.panes.get(FIRST_PANE)
        if first is not None and first.is_mounted:
            self._focus_pane(FIRST_PANE)  # a focus is set on the app's next turn...
        else:
            self.call_after_refresh(self._focus_pane, FIRST_PANE)
        self.call_later(self.query_one(AppFooter).show_keys)  # ...and the footer's keys after it
        if self.process_tuning is not None:
            self.call_after_refresh(self.process_tuning.settle)
        if self.config.warm_panes:
            self._start_pane_warmup()
        if self.store.full_disk:
            self.notify(self.store.full_disk, title="Disk full", severity="warning", timeout=30)
        if self.config.poll_interval:
            self._start_data_watch(self.config.poll_interval)

    # -- the theme (config.toml `theme`) -------------------------------------------------

    def _restore_theme(self) -> None:
        """The theme of config.toml, set while the app is built: the stylesheet is then parsed
        and applied once, with its colours.  Set at mount it was parsed again and every node
        restyled before the first frame (~100-180 ms of a first screen at load 5)."""
        from store.config import load_config

        config, _warnings = load_config()
        saved = config.get("theme") or ""
        if saved in self.available_themes:
            self.theme = saved
        self._saved_theme = saved

    def _theme_chosen(self, theme) -> None:
        from store.config import save_setting

        if theme.name == self._saved_theme:
            return
        try:
            save_setting("theme", theme.name)
        except OSError as exc:
            from store.log import log_line

            log_line(f"could not save the theme: {exc}", stderr=False)  # the screen is the app's
            self.notify(f"The theme could not be saved: {exc.strerror or exc}.", severity="warning")
            return
        self._saved_theme = theme.name

    def _apply_config(self, node: Widget | Screen) -> None:
        if not self.config.cursor_blink:
            for field in node.query(Input):
                field.cursor_blink = False

    def _make_pane(self, pane_id: str) -> Widget:
        _, title, module, name = next(p for p in PANES if p[0] == pane_id)
        cls = pane_class(module, name)
        pane = cls(self.store) if cls else ComingSoon(title, classes="coming-soon")
        self.panes[pane_id] = pane
        return pane

    def _start_pane_warmup(self) -> None:
        from tui.gui.pane_warmup import PaneWarmup

        tabs = self.query_one("#panes", PaneTabs)
        tabs.warmup = PaneWarmup(
            tabs,
            containers=lambda: {pane_id: pane.parent for pane_id, pane in self.panes.items()
                                if pane.parent is not None},  # fmt: skip
            active=lambda: tabs.active or FIRST_PANE,
        )
        self.call_after_refresh(tabs.warmup.start)  # after the first frame: it must not wait

    @property
    def all_panes_mounted(self) -> bool:
        return len(self.panes) == len(PANES) and all(p.is_mounted for p in self.panes.values())

    def on_unmount(self) -> None:
        if self.data_watch is not None:
            self.data_watch.stop()
        self.store.close()

    # -- panes --------------------------------------------------------------------

    @property
    def active_pane_id(self) -> str:
        return self.query_one("#panes", TabbedContent).active or "sessions"

    @property
    def active_pane(self) -> Widget | None:
        return self.panes.get(self.active_pane_id)

    def action_show_pane(self, pane_id: str) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        tabs = self.query_one("#panes", PaneTabs)
        if tabs.active != pane_id:
            tabs.drop_focus()
            tabs.active = pane_id  # TabActivated focuses the pane
        else:
            self.call_after_refresh(self._focus_pane, pane_id)

    def _remember_focus(self) -> None:
        focused = self.focused
        pane = self.active_pane
        if focused is not None and pane is not None and pane in focused.ancestors_with_self:
            self._focus_memory[self.active_pane_id] = focused

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        pane_id = event.pane.id or ""
        self.call_after_refresh(self._focus_pane, pane_id)

    def _focus_pane(self, pane_id: str) -> None:
        pane = self.panes.get(pane_id)
        if pane is None or not pane.is_mounted or len(self.screen_stack) > 1:
            return
        if pane_id != self.active_pane_id:
            return  # another key switched panes since this was scheduled
        remembered = self._focus_memory.get(pane_id)
        if remembered is not None and remembered.is_mounted and remembered.focusable:
            remembered.focus()
            return
        focus_default = getattr(pane, "focus_default", None)
        if callable(focus_default):
            focus_default()
            return
        for widget in pane.query("*"):
            if widget.focusable:
                widget.focus()
                return

    def action_search(self) -> None:
        self._focus_memory.pop("search", None)  # `/` means the box, not where focus was left
        self.action_show_pane("search")
        pane = self.panes.get("search")
        focus_query = getattr(pane, "focus_query", None)
        if callable(focus_query):
            self.call_after_refresh(focus_query)

    def action_help(self) -> None:
        from tui.gui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    # -- another process's commits (tui/gui/data_watch.py) ---------------------------

    def _start_data_watch(self, interval: float) -> None:
        # From the watch's thread: posting is thread-safe and waits for nothing.
        self.data_watch = DataWatch(
            self.store.data_version,
            lambda version, forgotten: self.post_message(DataMoved(version, forgotten)),
            interval, on_error=lambda exc: self.call_from_thread(report_worker_crash, self, exc),
            read_forgets=self.store.forget_generation,
        )  # fmt: skip
        self.data_watch.start()

    def on_data_moved(self, message: DataMoved) -> None:
        self.broadcast_data_changed(message.version, forgotten=message.forgotten)

    def broadcast_data_changed(self, version: int = 0, *, forgotten: bool = False) -> None:
        """Tell every pane, and the screen on top, that another process wrote; after a forget
        or a redaction (`forgotten`, whoever made it) every screen, so none keeps showing it."""
        for pane in self.panes.values():
            if pane.is_mounted:
                pane.post_message(messages.DataChanged(version, forgotten))
        screens = self.screen_stack[1:]  # above the panes' screen
        for screen in screens if forgotten else screens[-1:]:
            screen.post_message(messages.DataChanged(version, forgotten))

    # -- messages from panes --------------------------------------------------------

    def on_open_timeline(self, message: messages.OpenTimeline) -> None:
        from tui.gui.screens.timeline import TimelineScreen

        self.push_screen(TimelineScreen(self.store, message.session_id, message.memory_id))

    def on_open_memory(self, message: messages.OpenMemory) -> None:
        from tui.gui.screens.memory_detail import MemoryDetailScreen

        self.push_screen(MemoryDetailScreen(self.store, message.memory_id))

    def on_store_failed(self, message: messages.StoreFailed) -> None:
        self.notify(message.text, title="Database", severity="error", timeout=8)

    # -- command palette ----------------------------------------------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for number, (pane_id, title, _, _) in enumerate(PANES, 1):
            yield SystemCommand(f"Go to {title}", f"Show the {title} pane (key {number})",
                                partial(self.action_show_pane, pane_id))  # fmt: skip
        yield SystemCommand("Help: keys", "List every key of every pane (?)", self.action_help)
        yield SystemCommand("Search memories", "Focus the search box (/)", self.action_search)
        yield from self._binding_commands(screen)

    def _binding_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The actions of the pane or screen in front, from their BINDINGS."""
        if screen is self.screen_stack[0]:
            pane = self.active_pane
            owners: list[tuple[str, Widget | Screen]] = [(self._pane_title(), pane)] if pane else []
        else:
            prefix = getattr(screen, "COMMAND_PREFIX", None) or type(screen).__name__.removesuffix(
                "Screen"
            )
            owners = [(prefix, screen)]
        seen: set[str] = set()
        for prefix, owner in owners:
            for binding in Binding.make_bindings(getattr(type(owner), "BINDINGS", [])):
                if not binding.description or binding.action in seen:
                    continue
                if owner.check_action(binding.action, ()) is False:
                    continue
                seen.add(binding.action)
                key = self.get_key_display(binding)
                yield SystemCommand(
                    f"{prefix}: {binding.description}", f"key {key}",
                    partial(self.run_action, binding.action, owner),
                )  # fmt: skip

    def _pane_title(self) -> str:
        return next((title for pane_id, title, _, _ in PANES if pane_id == self.active_pane_id), "")


def build_app(db_path: str | Path | None = None, *, clock: Clock | None = None,
              config: AppOptions | None = None) -> MemlaneApp:  # fmt: skip
    """The app on the database at `db_path` (default: MEMLANE_DB or ~/.claude/memlane/memory.db).

    Raises StoreError (one sentence) if the database cannot be opened.
    """
    path = str(db_path) if db_path else default_db_path()
    return MemlaneApp(StoreClient.open(path), clock=clock, config=config)


@contextmanager
def process_tuned(app: MemlaneApp) -> Iterator[MemlaneApp]:
    """The process-wide tuning of `app.config` (tui.gui.perf), for as long as the app runs
    inside: what `run_app` does around `app.run()` (and the benches around a headless run)."""
    with tuned(app.config.tuning) as process:
        app.process_tuning = process
        try:
            yield app
        finally:
            app.process_tuning = None


def run_app(db_path: str | Path | None = None) -> int:
    """Run the app; returns the exit status (1 with one sentence on stderr if the store fails)."""
    try:
        app = build_app(db_path)
    except StoreError as exc:
        print(f"memlane: {exc}", file=sys.stderr)
        return 1
    try:
        with process_tuned(app):
            app.run()
    except StoreError as exc:
        print(f"memlane: {exc}", file=sys.stderr)
        return 1
    finally:
        app.store.close()
    return app.return_code or 0
