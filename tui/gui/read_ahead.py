"""A read started in a thread now, whose answer is picked up later if it came in time.

The first screen's rows are read while Textual builds and styles the app (~100 ms), so
its first frame has them: read by a worker after mount they came one frame later, and
that second frame (layout and render of the whole screen) was ~50 ms of the first screen.

The thread is started without waiting for it to run (`tui.gui.perf.start_soon`).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Generic, TypeVar

from tui.gui.perf import start_soon

T = TypeVar("T")
TAKE_WAIT = 0.25  # seconds a mount waits for its read; then the pane's worker reads instead


class ReadAhead(Generic[T]):
    """`fn(*args)` running in a daemon thread from the moment it is built; its answer is
    given once (`take`), to a caller still asking for what `key` names (the filters it was
    read for)."""

    def __init__(
        self, fn: Callable[..., T], *args: Any, key: object = None, name: str = "memlane read ahead"
    ) -> None:
        self.key = key
        self.name = name
        self._future: Future[T] | None = Future()
        start_soon(self._run, self._future, fn, args)

    @staticmethod
    def _run(future: Future, fn: Callable[..., T], args: tuple) -> None:
        try:
            result = fn(*args)
        except BaseException as exc:  # the caller reads again its usual way and reports it
            future.set_exception(exc)
        else:
            future.set_result(result)

    def take(self, key: object = None, wait: float = TAKE_WAIT) -> T | None:
        """The answer, waiting at most `wait` seconds for it; None if it failed, is late, was
        read for another `key`, or was taken before (a later read is the caller's own)."""
        future, self._future = self._future, None  # nor kept once taken: the rows go with it
        if future is None or key != self.key:
            return None
        try:
            return future.result(timeout=wait)
        except Exception:  # late (TimeoutError) or failed: the caller's usual read reports it
            return None
