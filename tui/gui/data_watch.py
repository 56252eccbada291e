"""The app's one poll: a thread that notices another process's commit within `interval` seconds,
and at once when a hook rings (store/live_signal.py).

The app's share of a hook's row reaching the Live pane's screen is at most 50 ms
median (issue 38), and hooks never wait on the app: a hook rings the app's FIFO
when its write committed (one byte, never blocking), which ends the thread's wait
at once; the poll stays for the writers that do not ring.
`PRAGMA data_version` on one connection of its own changes whenever any other
connection commits; reading it costs a few microseconds and takes no lock.  The
thread reads it every `interval` (50 ms: ~25 ms of the median, ~0.1 % of a core
while nothing happens) and calls `on_change(version, forgotten)` from the thread when it
moved, without waiting for anything.  Whatever should follow a commit (Live's new
rows, a forgotten row leaving a pane) hangs off that one call: add to the
handler, not another poll.  When the version moved it also reads the store's
forget generation (`read_forgets`, one row of `meta`), so the call says whether
memories were forgotten or redacted meanwhile, by whoever.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from store.database import StoreError
from tui.gui.perf import start_soon

if TYPE_CHECKING:
    from store.live_signal import Listener


class DataWatch:
    """`read_version()` every `interval` seconds on a daemon thread; `on_change(v, forgotten)`
    when it moves (`forgotten`: `read_forgets()` moved too; always False without it).

    The first version read is the baseline (no call).  A read that fails with StoreError
    (the database is briefly unreadable) is skipped; anything else is a bug: it goes to
    `on_error(exc)` and the watch ends.  The thread stops with `stop()`.

    `listener` (a store.live_signal.Listener): between reads the thread waits on it, so a
    hook's ring ends the wait at once; `stop()` closes it.
    """

    def __init__(self, read_version: Callable[[], int], on_change: Callable[[int, bool], None],
                 interval: float = 0.05,
                 on_error: Callable[[BaseException], None] | None = None,
                 read_forgets: Callable[[], int] | None = None,
                 listener: Listener | None = None) -> None:  # fmt: skip
        self.read_version = read_version
        self.read_forgets = read_forgets
        self.on_change = on_change
        self.on_error = on_error
        self.interval = interval
        self.listener = listener
        self._stopped = threading.Event()
        self._started = False
        self._done = threading.Event()  # the thread has returned
        self._thread_id: int | None = None
        self.version: int | None = None
        self.forgets: int | None = None

    @property
    def running(self) -> bool:
        return self._started and not self._done.is_set()

    def start(self) -> None:
        """Start the thread (without waiting for it to run: the app starts it before its
        first frame, `tui.gui.perf.start_soon`)."""
        if not self._started:
            self._started = True
            start_soon(self._run)

    def stop(self, wait: float = 1.0) -> None:
        self._stopped.set()
        listener = self.listener
        if listener is not None:
            listener.wake()
        if self._started and self._thread_id != threading.get_ident():
            self._done.wait(wait)
        if listener is not None and (not self._started or self._done.is_set()):
            self.listener = None
            listener.close()

    def _run(self) -> None:
        self._thread_id = threading.get_ident()
        try:
            self._watch()
        except Exception as exc:
            if self.on_error is None:
                raise
            self.on_error(exc)
        finally:
            self._done.set()

    def _watch(self) -> None:
        while True:
            try:
                version = self.read_version()
                if version != self.version and self.read_forgets is not None:
                    forgets = self.read_forgets()
                else:
                    forgets = self.forgets
            except StoreError:
                version = None
            if self._stopped.is_set():
                return
            if version is not None and version != self.version:
                first, self.version = self.version is None, version
                forgotten, self.forgets = forgets != self.forgets, forgets
                if not first:
                    self.on_change(version, forgotten)
            if self._pause():
                return

    def _pause(self) -> bool:
        """Wait `interval`, or until a hook rings; True once stopped."""
        if self.listener is None:
            return self._stopped.wait(self.interval)
        self.listener.wait(self.interval)
        return self._stopped.is_set()
