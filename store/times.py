"""Times a person types (`--since`, `--until`, the MCP tool's `since`), as stored UTC stamps.

One parser for every caller: a date (`2026-11-20`), an ISO time (`2026-11-20T14:00`, with or
without an offset; without one it is the person's local time), `today` / `yesterday`, or an
amount ago: `30m`, `12h`, `7d`, `2w`.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from store.errors import MemlaneError

# Compiled by `re` when first parsed: a hook imports this module for `duration` alone.
_AGO = r"^\s*(\d{1,5})\s*(m|min|mins|minutes?|h|hours?|d|days?|w|weeks?)\s*(?:ago)?\s*$"
_UNITS = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}
_DATE_ONLY = r"^\d{4}-\d{2}-\d{2}$"
HINT = "use 2026-11-20, 2026-11-20T14:00, today, yesterday, or 7d / 12h / 2w for 'ago'"


class BadTime(MemlaneError, ValueError):
    """Text that names no time; the message is the reason, without the option's name."""


def parse_time(text: str | None, now: datetime | None = None, *, end: bool = False) -> str | None:
    """`text` as a stored UTC stamp ("YYYY-MM-DDTHH:MM:SS.ffffffZ"), or None for nothing typed
    (or a time before year 1: everything is after it).

    `end`: the time is the end of a range, so a whole day (`2026-11-20`, `yesterday`) ends at
    the midnight after it: `--until 2026-11-20` keeps that day's memories.  Raises BadTime."""
    if text is None or not str(text).strip():
        return None
    value = str(text).strip()
    now = (now or datetime.now(UTC)).astimezone(UTC)
    ago = re.match(_AGO, value, re.I)
    try:
        if ago:
            unit = _UNITS[ago.group(2)[0].lower()]
            return _stamp(now - timedelta(**{unit: int(ago.group(1))}))
        day = {"today": 0, "yesterday": 1}.get(value.lower())
        if day is not None:
            midnight = now.astimezone().replace(hour=0, minute=0, second=0, microsecond=0)
            return _stamp(midnight - timedelta(days=day - int(end)))
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except OverflowError:
        return None
    except ValueError:
        raise BadTime(f"{value!r} is not a date or time: {HINT}.") from None
    if moment.tzinfo is None:  # a bare date or time is the person's local time
        moment = moment.astimezone()
    if end and re.match(_DATE_ONLY, value):
        moment += timedelta(days=1)
    try:
        return _stamp(moment)
    except OverflowError:
        return None


def _stamp(moment: datetime) -> str:
    # isoformat, not strftime: its year always has 4 digits, so stamps compare as text
    return moment.astimezone(UTC).replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"


def duration(seconds: float | None) -> str:
    """How long, as every caller says it (the app, the CLI, a session's summary): 45s, 12m,
    1h 05m, 2d 3h; "—" when unknown."""
    if seconds is None or seconds < 0:
        return "—"
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds}s"
    minutes = seconds // 60
    if minutes < 60:
        return f"{minutes}m"
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        return f"{hours}h {minutes:02d}m"
    days, hours = divmod(hours, 24)
    return f"{days}d {hours}h"
