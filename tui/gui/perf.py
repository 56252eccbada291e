"""Process-wide tuning for the app's run: applied by `run_app()` around `app.run()`, undone after.

Two settings change the whole interpreter, so they are not the app's to set: building
or running an app in a test, a bench or an embedding program leaves them alone.

- While the app starts, a thread waiting for the GIL gets it every millisecond
  (Python's default: 5 ms).  Every pane's first reads run in threads while the main
  thread builds and draws the first screen; at 5 ms their answers came 50-130 ms
  late, after a pane key pressed as the app appeared.  The default comes back after
  `startup_seconds`, or when the app returns sooner.
- Once the first screen is out (`settle`, the app calls it), Python's cycle collector
  stops scanning what the app has built so far and collects young objects less often.
  With the app's ~100k long-lived objects every full collection took 50-120 ms, often
  in the middle of a pane switch.
- Until then the collector does not run at all (`pause_collector`; `memlane` pauses it
  before it imports the app).  Imports and the first screen build objects that all live
  on, so its ~190 collections up to the first frame found next to nothing, and took
  ~50-170 ms of the imports and ~170-190 ms of the app's start at load 5.
"""

from __future__ import annotations

import _thread
import gc
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

GC_THRESHOLDS = (2000, 20, 50)  # CPython 3.13's first generation; the others as before

_collector_paused = False  # by pause_collector(); resume_collector() turns it on again


def start_soon(fn: Callable[..., object], *args: object) -> None:
    """`fn(*args)` in a new daemon thread, without waiting for the thread to start running.

    threading's start() waits until the new thread is scheduled: on a busy machine (load 9,
    2 cores) that took 18 ms at the 90th percentile and up to 60 ms, and the app started
    three threads before its first frame.  `fn` must not raise (an exception would be
    printed on the app's terminal)."""
    _thread.start_new_thread(fn, args)


def pause_collector() -> None:
    """Stop the cycle collector (if it runs) until `resume_collector()`: while starting."""
    global _collector_paused
    if gc.isenabled():
        gc.disable()
        _collector_paused = True


def resume_collector() -> None:
    """Turn the collector on again if `pause_collector()` turned it off (else nothing)."""
    global _collector_paused
    if _collector_paused:
        _collector_paused = False
        gc.enable()


class Tuning(NamedTuple):  # (not a frozen dataclass: ~0.5 ms of every start, see AppOptions)
    """What to change; None or False leaves that setting alone."""

    startup_switch_interval: float | None = 0.001
    startup_seconds: float = 3.0
    settle_gc: bool = True  # also: no collection at all until then (pause_collector)


class ProcessTuning:
    """Applied by `begin()`, undone by `end()` (both once; `end()` from any thread)."""

    def __init__(self, tuning: Tuning) -> None:
        self.tuning = tuning
        self._lock = threading.Lock()
        self._switch_interval: float | None = None  # Python's, to give back
        self._gc_thresholds: tuple[int, int, int] | None = None
        self._began = self._ended = False

    def begin(self) -> None:
        with self._lock:
            if self._began:
                return
            self._began = True
            if self.tuning.settle_gc:
                pause_collector()
            interval = self.tuning.startup_switch_interval
            if interval is None:
                return
            self._switch_interval = sys.getswitchinterval()
            sys.setswitchinterval(interval)
            start_soon(self._end_startup_after, self.tuning.startup_seconds)

    def settle(self) -> None:
        """The app's first screen is out: freeze what it built (once), collect again."""
        with self._lock:
            if not self.tuning.settle_gc or self._ended or self._gc_thresholds is not None:
                return
            self._gc_thresholds = gc.get_threshold()
            gc.freeze()
            gc.set_threshold(*GC_THRESHOLDS)
            resume_collector()

    def end(self) -> None:
        with self._lock:
            self._ended = True
        self._end_startup()
        with self._lock:
            if self._gc_thresholds is not None:
                gc.set_threshold(*self._gc_thresholds)
                gc.unfreeze()
                self._gc_thresholds = None
            resume_collector()  # the app ended before its first screen, or never paused it

    def _end_startup_after(self, seconds: float) -> None:
        time.sleep(seconds)
        self._end_startup()  # nothing if end() gave the interval back already

    def _end_startup(self) -> None:
        with self._lock:
            if self._switch_interval is not None:
                sys.setswitchinterval(self._switch_interval)
                self._switch_interval = None


@contextmanager
def tuned(tuning: Tuning) -> Iterator[ProcessTuning]:
    """`with tuned(...) as process:` around an app's run; the app calls `process.settle()`."""
    process = ProcessTuning(tuning)
    process.begin()
    try:
        yield process
    finally:
        process.end()
