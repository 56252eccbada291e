"""A read started in a thread now, whose answer is picked up later if it came in time.

The first screen's rows are read while Textual builds and styles the app (~100 ms), so
its first frame has them: read by a worker after mount they came one frame later, and
that second frame (layout and render of the whole screen) was ~50 ms of the first screen.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class ReadAhead(Generic[T]):
    """`fn(*args)` running in a daemon thread from the moment it is built."""

    def __init__(self, fn: Callable[..., T], *args: Any, name: str = "memlane read ahead") -> None:
        self._future: Future[T] = Future()
        self._fn, self._args = fn, args
        threading.Thread(target=self._run, name=name, daemon=True).start()

    def _run(self) -> None:
        try:
            result = self._fn(*self._args)
        except BaseException as exc:  # the caller reads again its usual way and reports it
            self._future.set_exception(exc)
        else:
            self._future.set_result(result)

    def take(self, wait: float) -> T | None:
        """The answer, waiting at most `wait` seconds for it; None if it failed or is late."""
        try:
            return self._future.result(timeout=wait)
        except Exception:  # late (TimeoutError) or failed: the caller's usual read reports it
            return None
