"""memlane's terminal app: the panes in tabs, the global keys, polling, and the screens it opens.

The panes and what the app expects of them are in `tui/gui/panes/__init__.py`
(`Pane`, `PANES`).  Build the app with `build_app(db_path, clock=..., options=...)`;
`run_app(db_path)` runs it and turns a `StoreError` into one sentence and exit status 1.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, tzinfo
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from textual import events
from textual.actions import parse as parse_action
from textual.app import App, ComposeResult, SuspendNotSupported, SystemCommand
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widget import AwaitMount, Widget
from textual.widgets import Input

import tui
from store.database import StoreError
from store.paths import default_db_path
from tui.gui import messages
from tui.gui.data_watch import DataWatch
from tui.gui.keys import APP_BINDINGS
from tui.gui.panes import FIRST_PANE, PANES, Pane, PaneEntry, pane_entry
from tui.gui.perf import ProcessTuning, Tuning, tuned
from tui.gui.store_client import StoreClient
from tui.gui.textual_internals import NoRelayoutAtTheSameSize, report_worker_crash
from tui.gui.widgets.app_footer import AppFooter
from tui.gui.widgets.pane_bar import PaneBar, PaneDeck

if TYPE_CHECKING:
    from textual.dom import DOMNode

Clock = Callable[[], datetime]
BUILD_ANYWAY_SECONDS = 1.0  # the hidden panes are built by then even if no first rows came
BUILD_PAUSE_AFTER_SWITCH = 0.3  # seconds: a pane shown the first time draws its rows before more are built
# The footer keeps the old pane's keys while a pane key is handled, until the new pane's focus
# (`_focus_pane`). The bound only guards against a release lost to a bug: at 1 s, a switch that
# took longer on a busy machine (1.8 s at load 15) showed the keys of no focus on the way.
FOOTER_HOLD_SECONDS = 30.0


class AppOptions(NamedTuple):
    """What can change between a person's terminal and a test run.

    A NamedTuple (immutable, built by keyword), not a frozen dataclass: generating the
    dataclass's methods was ~1 ms of every start, ten times the NamedTuple's."""

    poll_interval: float | None = 0.05  # seconds between PRAGMA data_version checks; None: off
    animations: bool = True
    cursor_blink: bool = True
    tz: tzinfo | None = None  # zone times are shown in; None: the system's local time
    page_size: int = 60  # rows per page of the Sessions and Search lists
    live_window: int = 1000  # rows the Live pane keeps
    live_check: float = 30.0  # seconds between checks that a live session is still live (●)
    preview: bool = True  # the preview beside the lists at start (`v` hides and shows it)
    search_debounce: float = 0.1  # seconds of no typing before a search runs
    show_timings: bool = True  # "12 matches · 8 ms"; off in tests so screens do not vary
    settle_gc: bool = True  # run_app: gc settled once the first screen is out (tui.gui.perf)
    remember_theme: bool = True  # start with config.toml's `theme`, write it when one is chosen
    warm_panes: bool = True  # lay out and draw the hidden panes offscreen after the first frame
    # run_app: keep what makes the next start faster in the memlane folder (the files this
    # start read, tui.gui.start_files; the parsed stylesheet, tui.gui.css_cache), and use it
    start_cache: bool = True
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
                         "remember_theme": False, "warm_panes": False,
                         "start_cache": False}  # fmt: skip
        values.update(changes)
        return cls(**values)


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


class DataMoved(Message, bubble=False):
    """From the data watch's thread: another connection committed (the app tells the panes);
    `forgotten`: memories were forgotten or redacted meanwhile."""

    def __init__(self, version: int, forgotten: bool = False) -> None:
        super().__init__()
        self.version = version
        self.forgotten = forgotten


class PanesScreen(NoRelayoutAtTheSameSize):
    """The screen the panes live on.

    Textual restyles every node of a screen when it is first shown, although each
    node was styled as it mounted; with all six panes built up front that second
    pass was ~60 ms of the first screen (120+ nodes).  Later resumes (back from a
    timeline or the help) keep Textual's behaviour.
    """

    # The app focuses the first pane's own widget before the first frame: no auto focus ("",
    # not None, which means the app's "*": the first focusable widget, a dropdown here).
    AUTO_FOCUS = ""
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

    BINDINGS: ClassVar[list[BindingType]] = list(APP_BINDINGS)

    def __init__(self, store: StoreClient, *, clock: Clock | None = None,
                 options: AppOptions | None = None) -> None:  # fmt: skip
        self.store = store
        self.options = options or AppOptions()
        self._clock = clock or (lambda: datetime.now(UTC))
        super().__init__()
        if not self.options.animations:
            self.animation_level = "none"
        self._saved_theme: str | None = None
        if self.options.remember_theme:
            self._restore_theme()
        if self.options.start_cache:  # the theme is set: the variables the rules were parsed with
            from tui.gui import css_cache

            css_cache.load(self.stylesheet, self.get_css_variables())
        self.panes: dict[str, Pane] = {}
        self._focus_memory: dict[str, Widget] = {}
        self.data_watch: DataWatch | None = None  # the one poll (AppOptions.poll_interval)
        self._building = False  # the hidden panes, after the first screen (`_build_hidden_panes`)
        self._build_paused_until = 0.0  # time.monotonic(): a pane was just shown the first time
        self._shown_panes = {FIRST_PANE}  # drawn on screen at least once (the first: in the first frame)
        self._mounting: dict[str, AwaitMount] = {}  # pane id: its mount, while it runs
        self.process_tuning: ProcessTuning | None = None  # run_app's (tui.gui.perf)

    # -- time ---------------------------------------------------------------------

    def now(self) -> datetime:
        """The current time (aware); a fixed clock in tests."""
        moment = self._clock()
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)

    @property
    def tz(self) -> tzinfo | None:
        return self.options.tz

    # -- layout -------------------------------------------------------------------

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        """Restyle `node` now, unless it is not in the app yet: mounting styles it anyway.

        A widget that sets a class as it is built (Select, Input and FooterKey do, for
        `compact`) had its styles worked out then, out of the app, and again as it
        mounted: ~1 ms each, ~20 of them in a pane built on its key.
        """
        if node is self or node.is_attached:
            super().update_styles(node, animate)

    def get_default_screen(self) -> Screen:
        return PanesScreen(id="_default")

    def notify(self, message: str, *, title: str = "", severity="information",
               timeout: float | None = None, markup: bool = True) -> None:  # fmt: skip
        """Every notification (widgets' too) as inert plain text: messages carry stored names."""
        from store.display import inert

        kwargs = {} if timeout is None else {"timeout": timeout}
        super().notify(
            inert(message), title=inert(title), severity=severity, markup=False, **kwargs
        )

    def compose(self) -> ComposeResult:
        # Only the first pane is built before the first frame: the hidden ones (their
        # imports, widgets, styles and first reads) were ~200 ms of the first screen's CPU.
        # They are built one at a time once its rows are out (`_build_hidden_panes`), and a
        # pane whose key comes first is built at once (`build_pane`).
        # The tabs are one widget, and each hidden pane is mounted in the deck when it is
        # built: Textual's TabbedContent was ~35 nodes styled before the first frame.
        yield PaneBar([(entry.id, f"{entry.key} {entry.title}") for entry in PANES],
                      active=FIRST_PANE)  # fmt: skip
        with PaneDeck(id="panes", initial=FIRST_PANE, before_switch=self._remember_focus,
                      refocus=self._focus_pane):  # fmt: skip
            yield self._make_pane(pane_entry(FIRST_PANE))
        yield AppFooter(wait_for_first_focus=True)

    def on_mount(self) -> None:
        self.screen.set_class(not self.options.preview, "-no-preview")
        self._apply_config(self.screen)
        if self.options.remember_theme:
            self.theme_changed_signal.subscribe(self, self._theme_chosen)
        # Focus now, not after the first frame: a focus that moves after it changes the
        # footer's keys and redraws the screen just as a person presses their first key.
        first = self.panes.get(FIRST_PANE)
        if first is not None and first.is_mounted:
            self._first_focus_set()  # a focus is set on the app's next turn...
        else:
            self.call_after_refresh(self._first_focus_set)
        self.call_later(self.query_one(AppFooter).show_keys)  # ...and the footer's keys after it
        # The hidden panes are built once the first rows are out (`on_first_page_shown`), or
        # after BUILD_ANYWAY_SECONDS if none come (a failing database).
        self.set_timer(BUILD_ANYWAY_SECONDS, self._build_hidden_panes, name="build panes")
        if self.store.full_disk:
            self.notify(self.store.full_disk, title="Read-only", severity="warning", timeout=30)
        if self.options.poll_interval:
            self._start_data_watch(self.options.poll_interval)

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
        if not self.options.cursor_blink:
            for field in node.query(Input):
                field.cursor_blink = False

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # A box of a screen built later (the help's filter, the command palette's) follows
        # cursor_blink too: a blinking cursor drawn or not by when a snapshot is taken
        if not self.options.cursor_blink and isinstance(event.widget, Input) and event.widget.cursor_blink:
            event.widget.cursor_blink = False

    def _make_pane(self, entry: PaneEntry) -> Pane:
        pane = entry.load()(self.store, id=entry.id)
        pane.first_focus = entry.id == FIRST_PANE  # built in compose, before the first frame
        self.panes[entry.id] = pane
        return pane

    # -- the hidden panes, built after the first screen ------------------------------------

    def on_first_page_shown(self, message: messages.FirstPageShown) -> None:
        """The first pane's rows: once they are drawn, the hidden panes are built."""
        if message.pane is self.panes.get(FIRST_PANE) and not self._building:
            self.call_after_refresh(self._build_hidden_panes)

    def _build_hidden_panes(self) -> None:
        if not self._building:
            self._building = True
            self.call_later(self._build_next_pane)

    async def _build_next_pane(self) -> None:
        """One hidden pane per turn of the app: a key pressed meanwhile waits for one pane at
        most, and a pane whose key comes first is built before the others (`build_pane`)."""
        if not self.is_running or not self.screen_stack[0].is_attached:
            return  # closing: its screen and the panes' deck are being removed
        waiting = [entry for entry in PANES if entry.id not in self.panes]
        pause = self._build_paused_until - time.monotonic()
        if waiting and pause > 0:  # each build holds the frames: the pane shown draws first
            self.set_timer(pause, self._build_next_pane, name="build panes")
            return
        if waiting:
            await self.build_pane(waiting[0].id)
            if self.options.warm_panes:
                self._start_pane_warmup()  # this pane drawn ahead while the next are built
            self.call_later(self._build_next_pane)
            return
        if self.process_tuning is not None:
            self.process_tuning.settle()  # everything the panes hold is built now
            if self.options.start_cache:  # every module and style a pane needs is loaded now
                self._keep_for_next_start()
        if self.options.warm_panes:
            self._start_pane_warmup()  # again, if it ran out of panes before the last build

    async def build_pane(self, pane_id: str) -> Pane:
        """The pane, built and mounted now unless it is already (waits for its mount)."""
        pane = self.panes.get(pane_id)
        if pane is None:
            deck = self.query_one("#panes", PaneDeck)
            pane = self._make_pane(pane_entry(pane_id))
            # One layout and one frame for the whole pane: mounted widget by widget, each
            # turn of it laid the screen out and drew a frame again (~15 per pane).
            with self.batch_update():
                pane.display = pane_id == self.active_pane_id  # hidden until its key
                mounting = deck.mount(pane)
                self._mounting[pane_id] = mounting
                try:
                    await mounting
                finally:
                    self._mounting.pop(pane_id, None)
            self._apply_config(pane)
        elif pane_id in self._mounting:
            await self._mounting[pane_id]  # being built (its key came in the middle)
        return pane

    async def _build_shown(self, pane_id: str) -> None:
        """The pane about to be shown, built now if it is not; the hidden ones wait
        BUILD_PAUSE_AFTER_SWITCH so that it draws its rows first, the first time it is shown.
        The first pane's own activation at start is no switch: its rows are out already, and
        pausing there put off every hidden pane by 0.3 s (a key 0.5 s in found them unbuilt)."""
        if pane_id not in self._shown_panes:
            self._shown_panes.add(pane_id)
            self._build_paused_until = time.monotonic() + BUILD_PAUSE_AFTER_SWITCH
        await self.build_pane(pane_id)

    def _keep_for_next_start(self) -> None:
        """The files this start read and the parsed stylesheet, written in a thread (~10 ms)."""
        import threading

        from tui.gui import css_cache, start_files
        from tui.gui.textual_internals import parsed_css

        css = [str(path) for path in css_paths()]
        rules, variables = parsed_css(self.stylesheet), self.get_css_variables()

        def keep() -> None:
            start_files.record(css)
            css_cache.save(rules, variables)

        threading.Thread(target=keep, name="memlane start files", daemon=True).start()

    def _start_pane_warmup(self) -> None:
        from tui.gui.pane_warmup import PaneWarmup

        deck = self.query_one("#panes", PaneDeck)
        if deck.warmup is not None:
            deck.warmup.start()  # nothing if it is at work: it finds each pane once built
            return
        deck.warmup = PaneWarmup(
            deck,
            containers=lambda: {
                pane_id: pane for pane_id, pane in self.panes.items() if pane.parent is deck
            },  # fmt: skip
            active=lambda: deck.current or FIRST_PANE,
        )
        deck.warmup.start()

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
        return self.query_one("#panes", PaneDeck).current or FIRST_PANE

    @property
    def active_pane(self) -> Pane | None:
        return self.panes.get(self.active_pane_id)

    async def action_show_pane(self, pane_id: str) -> None:
        """The pane, on its newest row if it lists newest first (as its key does)."""
        await self.show_pane(pane_id, land=True)

    async def action_pane_key(self, pane_id: str) -> None:
        """A digit: its pane (`check_action` lets the digit by where it is text)."""
        await self.action_show_pane(pane_id)

    async def show_pane(self, pane_id: str, *, land: bool = False) -> None:
        """The pane, built if it is not yet, with the keys on its list (`land`: its cursor on
        the newest row, `Pane.land_on_newest`)."""
        self._panes_footer().hold(pane_id, FOOTER_HOLD_SECONDS)  # until the pane's focus
        while len(self.screen_stack) > 1:
            self.pop_screen()
        built = pane_id in self.panes
        await self._build_shown(pane_id)
        if built and land:  # a pane built now lists from its newest row anyway
            self.panes[pane_id].land_on_newest()
        deck = self.query_one("#panes", PaneDeck)
        if deck.current != pane_id:
            deck.drop_focus()
            deck.current = pane_id
            self.query_one(PaneBar).active = pane_id
        # The keys go to the pane now: those typed after its digit are already queued.
        self._focus_pane(pane_id)

    def _panes_footer(self) -> AppFooter:
        """The footer of the panes' screen (a modal on top has its own)."""
        return self.screen_stack[0].query_one(AppFooter)

    def _remember_focus(self) -> None:
        """Where the keys were in the pane being left, unless in a box: a pane is shown
        again with the keys on its list, so its digits switch panes at once."""
        focused = self.focused
        pane = self.active_pane
        if focused is None or pane is None or pane not in focused.ancestors_with_self:
            return
        if isinstance(focused, Input):
            self._focus_memory.pop(self.active_pane_id, None)
        else:
            self._focus_memory[self.active_pane_id] = focused

    async def on_pane_bar_clicked(self, message: PaneBar.Clicked) -> None:
        """A click on a tab: its pane, as its digit shows it (but where its cursor was)."""
        await self.show_pane(message.pane_id)

    def _first_focus_set(self) -> None:
        """The first pane's list gets the keys; had its pane styled another widget as
        focused from the start (`Pane.focused_from_start`), that style is taken back."""
        self._focus_pane(FIRST_PANE)
        first = self.panes.get(FIRST_PANE)
        styled = first.styled_focused if first is not None else None
        if styled is not None and styled is not self.screen.focused:
            styled.has_focus = False  # restyled as without focus
        if first is not None:
            first.styled_focused = None

    def _focus_pane(self, pane_id: str) -> None:
        self._panes_footer().release(pane_id)  # the focus set below moves its keys again
        pane = self.panes.get(pane_id)
        if pane is None or not pane.is_mounted or len(self.screen_stack) > 1:
            return
        if pane_id != self.active_pane_id:
            return  # another key switched panes since this was scheduled
        focused = self.focused
        if focused is not None and pane in focused.ancestors:
            return  # a key pressed since the switch chose where the keys go (`/`: the box)
        remembered = self._focus_memory.get(pane_id)
        if remembered is not None and remembered.is_mounted and remembered.focusable:
            remembered.focus()
            return
        pane.focus_default()

    def action_box(self) -> None:
        """`/`: the keys go to the shown pane's box (its filter; Search's query)."""
        pane = self.active_pane
        if len(self.screen_stack) == 1 and pane is not None:
            pane.focus_box()

    async def action_search(self) -> None:
        """Search, with the keys in its query box (the command palette's "Search memories")."""
        self._focus_memory.pop("search", None)
        await self.action_show_pane("search")
        self.call_after_refresh(self.panes["search"].focus_box)

    def keys_are_text_here(self) -> bool:
        """Where the keys go now takes digits and `/` as text: a box, an open dropdown (its
        type-to-search), a dialog (its own keys only)."""
        from textual.screen import ModalScreen
        from textual.widgets import OptionList, Select

        focused = self.focused
        if isinstance(focused, OptionList) and isinstance(focused.parent, Select):
            return True  # a dropdown's open menu: its keys search the options
        return isinstance(self.screen, ModalScreen) or isinstance(focused, Input)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("box", "pane_key") and self.keys_are_text_here():
            return False  # the key is text there (a call of show_pane from code still runs)
        if action == "box":  # hidden where there is no box: a pushed screen, Insights
            pane = self.active_pane
            return len(self.screen_stack) == 1 and pane is not None and pane.box() is not None
        return True

    def action_help(self) -> None:
        """The help, at the section of where the person is."""
        from tui.gui.keys import pane_section
        from tui.gui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        if len(self.screen_stack) == 1:
            here = pane_section(self.active_pane_id)
        else:
            here = getattr(self.screen, "HELP_SECTION", None)
        self.push_screen(HelpScreen(here))

    # -- another process's commits (tui/gui/data_watch.py) ---------------------------

    def _start_data_watch(self, interval: float) -> None:
        from store.live_signal import Listener

        # From the watch's thread: posting is thread-safe and waits for nothing.
        self.data_watch = DataWatch(
            self.store.data_version,
            lambda version, forgotten: self.post_message(DataMoved(version, forgotten)),
            interval, on_error=lambda exc: self.call_from_thread(report_worker_crash, self, exc),
            read_forgets=self.store.forget_generation,
            listener=Listener.open(self.store.path),  # a hook's ring: read now (issue 38)
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

    def action_command_palette(self) -> None:
        """The command palette, with a footer of its own keys (not the pane's behind it)."""
        from textual.command import CommandPalette

        from tui.gui.widgets.palette import Palette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(Palette(id="--command-palette"))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Every action of the app, from wherever the palette is opened: the screen in front's
        own first, then each pane's (run on that pane, which is shown first)."""
        yield from super().get_system_commands(screen)
        for entry in PANES:
            yield SystemCommand(f"Go to {entry.title}", f"Show the {entry.title} pane (key {entry.key})",
                                partial(self.action_show_pane, entry.id))  # fmt: skip
        yield SystemCommand("Help: keys", "Every key, for where you are (?)", self.action_help)
        yield SystemCommand("Search memories", "The search box (3, then /)", self.action_search)
        yield SystemCommand("Import past sessions", "memlane import: Claude Code's transcripts "
                            "into memories, the app waiting meanwhile", self.action_import)  # fmt: skip
        if screen is not self.screen_stack[0]:
            yield from self._screen_commands(screen)
        yield from self._pane_commands(screen)

    def _screen_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The actions of a pushed screen (a timeline, a memory), that apply now."""
        prefix = getattr(screen, "HELP_SECTION", None) or type(screen).__name__.removesuffix(
            "Screen"
        )
        for binding, name, params in _described(getattr(type(screen), "BINDINGS", [])):
            if screen.check_action(name, params):
                yield SystemCommand(f"{prefix}: {binding.description}",
                                    f"key {self.get_key_display(binding)}",
                                    partial(self.run_action, binding.action, screen))  # fmt: skip

    def _pane_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Every pane's actions, whichever pane is shown: running one shows its pane; one that
        acts on a row runs only on the pane the person is on (`_run_on_pane`)."""
        here = self.active_pane_id if screen is self.screen_stack[0] else None
        for entry in PANES:  # a pane not built yet is built when its action runs
            for binding, _name, _params in _described(entry.load().BINDINGS):
                yield SystemCommand(f"{entry.title}: {binding.description}",
                                    f"key {self.get_key_display(binding)} in {entry.title}",
                                    partial(self._run_on_pane, entry.id, binding,
                                            shown=entry.id == here))  # fmt: skip

    def _run_on_pane(self, pane_id: str, binding: Binding, *, shown: bool = False) -> None:
        """A pane's action from the palette.  On the pane the person is on (`shown`) it acts
        on the row they selected, and one that cannot be undone asks first, naming the row.
        Another pane's row is one they have not seen: its pane is shown and the person is
        asked to pick the row and press the key (what does not act on a row runs there)."""
        _namespace, name, _params = parse_action(binding.action)
        title, key = pane_entry(pane_id).title, self.get_key_display(binding)

        async def show_then_run() -> None:
            await self.show_pane(pane_id)  # builds the pane if it is not yet
            if not shown and name not in NOT_ON_A_ROW:
                self.notify(f"{binding.description}: select the row in {title}, then press {key}.",
                            title=title, timeout=6)  # fmt: skip
                return
            self.call_after_refresh(ask_then_run if name in ASK_FROM_THE_PALETTE else run)

        def ask_then_run() -> None:
            from tui.gui.modals import ConfirmModal

            row = _cursor_row_text(self.panes[pane_id])
            if row is None:
                self.notify(f"{binding.description}: select a row in {title} first.",
                            severity="warning", timeout=4)  # fmt: skip
                return
            self.push_screen(ConfirmModal(f"{binding.description}: {title}'s selected row?", row,
                                          count=1, confirm_label=binding.description),
                             lambda yes: self.call_later(run) if yes else None)  # fmt: skip

        async def run() -> None:
            pane = self.panes[pane_id]
            if not await self.run_action(binding.action, pane):
                self.notify(f"{binding.description}: nothing to do here now "
                            f"(select a row in {title} first).",
                            severity="warning", timeout=4)  # fmt: skip

        self.call_later(show_then_run)

    def action_import(self) -> None:
        """`memlane import` in the terminal, the app suspended meanwhile; its rows appear after."""
        import subprocess

        argv = [sys.executable, "-m", "tui.commands.cli", "import", "--db", self.store.path]
        try:
            with self.suspend():
                subprocess.call(argv)
                input("\nPress enter to go back to memlane. ")
        except (OSError, EOFError) as exc:
            self.notify(f"The import could not run: {exc}", severity="error", timeout=6)
            return
        except SuspendNotSupported:
            self.notify("This terminal cannot hand the screen to the import: run `memlane import` "
                        "in a shell.", severity="warning", timeout=8)  # fmt: skip
            return
        self.broadcast_data_changed()


# Pane actions that do not act on a selected row: the palette runs them from anywhere.
NOT_ON_A_ROW = frozenset({"project", "filters", "sort", "preview", "team", "pause", "follow", "audit",
                          "forget_log", "scroll", "history_forward", "history_back"})  # fmt: skip
# What cannot be undone and has no question of its own: the palette asks first (the keys are
# pressed on the row itself; `d` forget and `R` redact ask in any case).
ASK_FROM_THE_PALETTE = frozenset({"set_status"})


def _cursor_row_text(pane: Pane) -> str | None:
    """The row under the list's cursor, as plain text (None: no row)."""
    from textual.widgets import DataTable

    table = pane.list_widget()
    if not isinstance(table, DataTable) or table.row_count == 0:
        return None
    try:
        cells = table.get_row_at(table.cursor_row)
    except Exception:  # the cursor is past the rows (a list being replaced)
        return None
    return " · ".join(str(getattr(cell, "plain", cell)).strip() for cell in cells if str(cell).strip())


def _described(bindings: Iterable[BindingType]) -> Iterable[tuple[Binding, str, tuple]]:
    """(binding, action name, parameters) of each described binding, once per action."""
    seen: set[str] = set()
    for binding in Binding.make_bindings(bindings):
        if not binding.description or binding.action in seen or binding.action == "back":
            continue
        seen.add(binding.action)
        _namespace, name, params = parse_action(binding.action)
        yield binding, name, params


def build_app(db_path: str | Path | None = None, *, clock: Clock | None = None,
              options: AppOptions | None = None) -> MemlaneApp:  # fmt: skip
    """The app on the database at `db_path` (default: MEMLANE_DB or ~/.claude/memlane/memory.db).

    Raises StoreError (one sentence) if the database cannot be opened.
    """
    path = str(db_path) if db_path else default_db_path()
    return MemlaneApp(StoreClient.open(path), clock=clock, options=options)


@contextmanager
def process_tuned(app: MemlaneApp) -> Iterator[MemlaneApp]:
    """The process-wide tuning of `app.options` (tui.gui.perf), for as long as the app runs
    inside: what `run_app` does around `app.run()` (and the benches around a headless run)."""
    with tuned(app.options.tuning) as process:
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
