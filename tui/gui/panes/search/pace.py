"""How long the Search pane waits after a key before it searches: by the typist's own pace.

A fixed pause (the app's `search_debounce`, 100 ms) was most of the wait for the first
page after the last key.  What it is for is not to search on every key of a word typed
fast; the keys' own rhythm says how long a pause means "done":
  - keys that come in a burst (a paste, a fast typist, keys the terminal held back) are
    a word typed at once: the search runs `BURST_SHARE` of the fixed pause (30 ms) after
    the last of them;
  - keys that come a little apart (a typist under the fixed pause between keys) are
    coalesced: the wait is `FACTOR` times their usual gap, at most the fixed pause;
  - keys further apart than the fixed pause got a search each already: they get it sooner
    (after the burst's wait);
  - the first key after a pause (no rhythm yet) waits the fixed pause.
A search that a later key makes stale is dropped (the pane numbers its searches) and its
read stopped, so the store runs at most one search of the box at a time.
"""

from __future__ import annotations

import statistics
import time
from collections import deque
from collections.abc import Callable

BURST_SHARE = 0.3  # the wait after a burst, as a share of the fixed pause
FACTOR = 1.5  # the wait, in the typist's usual gaps between keys
KEPT_GAPS = 3  # the usual gap: the median of the last few
FORGET_AFTER = 1.0  # seconds of no typing after which the rhythm is not known any more


class TypingPace:
    """The wait after each key, from the gaps between the last few keys."""

    def __init__(self, longest: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.longest = longest  # the fixed pause (`search_debounce`)
        self._clock = clock
        self._last: float | None = None
        self._gaps: deque[float] = deque(maxlen=KEPT_GAPS)

    def wait_after_key(self) -> float:
        """Seconds to wait, from now (a key was just typed), before searching."""
        now = self._clock()
        last, self._last = self._last, now
        if last is None or now - last > FORGET_AFTER:
            self._gaps.clear()
        else:
            self._gaps.append(now - last)
        if not self._gaps:
            return self.longest
        usual = statistics.median(self._gaps)
        if usual > self.longest:  # slower than the fixed pause: every key got a search anyway
            return BURST_SHARE * self.longest
        return min(self.longest, max(BURST_SHARE * self.longest, FACTOR * usual))
