"""A person's regular expression, counted in a helper process with a time limit.

Python's `re` holds the GIL while it matches, so a pattern that backtracks
catastrophically (`(a+)+$` against "aaaa…b") freezes a whole program, even
from a thread.  `count_in_time` runs the count in a helper process
(`store/pattern_count.py`, started once and reused) and gives up after
TIME_LIMIT seconds, killing the helper; the next count starts a fresh one.
A pattern that finished in time is safe to run over the same text again.
"""

from __future__ import annotations

import atexit
import json
import os
import queue
import subprocess
import sys
import threading

TIME_LIMIT = 0.5  # seconds a count may take
START_LIMIT = 10.0  # seconds the helper may take to start (a loaded machine)


class PatternRefused(Exception):
    """The pattern cannot be used; `str(exc)` says why in one sentence."""


def count_in_time(pattern: str, text: str, limit: float = TIME_LIMIT) -> int:
    """How many places `pattern` matches in `text`, or PatternRefused (invalid, or too slow)."""
    return _helper.count(pattern, text, limit)


def stop_helper() -> None:
    """End the helper process (the next count starts another)."""
    _helper.stop()


class _Helper:
    """One helper process at a time, used by one count at a time."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._proc: subprocess.Popen | None = None
        self._replies: queue.Queue[str] = queue.Queue()

    def count(self, pattern: str, text: str, limit: float) -> int:
        with self._lock:
            try:
                self._ensure_started()
                self._send([pattern, text])
            except OSError:  # the helper died between two counts: once more, with a new one
                self._stop()
                self._ensure_started()
                self._send([pattern, text])
            try:
                reply = json.loads(self._replies.get(timeout=limit))
            except queue.Empty:
                self._stop()
                raise PatternRefused(
                    f"Too slow to use: this pattern ran for more than {limit:g} s on this memory "
                    "without finishing, so it will not be applied; make it simpler."
                ) from None
        if "error" in reply:
            raise PatternRefused(f"Not a valid regular expression: {reply['error']}.")
        return int(reply["count"])

    def stop(self) -> None:
        with self._lock:
            self._stop()

    def _ensure_started(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            return
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pattern_count.py")
        self._proc = subprocess.Popen(
            [sys.executable, "-I", "-S", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, encoding="utf-8",
        )  # fmt: skip
        # Each helper has its own queue, so a late answer of a killed one is never read.
        self._replies = queue.Queue()
        reader = threading.Thread(target=_read_lines, args=(self._proc.stdout, self._replies),
                                  name="pattern-helper-reader", daemon=True)  # fmt: skip
        reader.start()
        try:
            ready = self._replies.get(timeout=START_LIMIT)
        except queue.Empty:
            ready = ""
        if ready.strip() != "ready":
            self._stop()
            raise PatternRefused("The pattern checker could not start, so no pattern can be used.")

    def _send(self, request: list[str]) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        self._proc.stdin.write(json.dumps(request) + "\n")
        self._proc.stdin.flush()

    def _stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        proc.kill()
        proc.wait()
        try:
            proc.stdin.close()  # stdout is closed by its reader, at the end of the stream
        except OSError:
            pass


def _read_lines(stream, replies: queue.Queue) -> None:
    try:
        for line in stream:
            replies.put(line)
    except (OSError, ValueError):
        pass  # the helper was killed mid-line
    finally:
        stream.close()


_helper = _Helper()
atexit.register(stop_helper)
