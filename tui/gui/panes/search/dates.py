"""The Search pane's date filter: today, yesterday, the last N days, or two dates a person types.

Days are the person's own (the app's time zone); the store compares UTC times, so each
choice becomes a `since` / `until` pair of stored UTC times (`until` excluded).  No textual here.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta, tzinfo

from tui.formatting import utc_iso

CUSTOM = "between"  # the choice that asks for two dates
DATE_RANGES: list[tuple[str, str]] = [
    ("Today", "today"), ("Yesterday", "yesterday"), ("Last 7 days", "7"),
    ("Last 30 days", "30"), ("Last year", "365"), ("Between two dates…", CUSTOM),
]  # fmt: skip
RANGE_PREFIX = "range:"  # a chosen pair of dates: "range:2025-04-01:2025-04-15"
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _midnight(day: date, tz: tzinfo | None) -> datetime:
    """The start of `day` where the person is (tz None: the system's local time)."""
    moment = datetime.combine(day, time())
    return moment.replace(tzinfo=tz) if tz is not None else moment.astimezone()


def _today(now: datetime, tz: tzinfo | None) -> date:
    return now.astimezone(tz).date()


def bounds(choice: str | None, now: datetime, tz: tzinfo | None) -> tuple[str | None, str | None]:
    """(since, until) in stored UTC form for a choice of the date filter (None: no bound)."""
    if not choice or choice == CUSTOM:
        return None, None
    today = _today(now, tz)
    if choice == "today":
        return utc_iso(_midnight(today, tz)), None
    if choice == "yesterday":
        return utc_iso(_midnight(today - timedelta(days=1), tz)), utc_iso(_midnight(today, tz))
    if choice.startswith(RANGE_PREFIX):
        first, last = (date.fromisoformat(part) for part in choice[len(RANGE_PREFIX):].split(":"))
        return utc_iso(_midnight(first, tz)), utc_iso(_midnight(last + timedelta(days=1), tz))
    return utc_iso(now - timedelta(days=int(choice))), None


def parse_range(text: str) -> tuple[date, date] | str:
    """Two dates typed as "2025-04-01 2025-04-15" (any separator; one date: that day alone),
    earliest first; or, when they cannot be read, why in one sentence."""
    found = DATE.findall(text)
    if not found or len(found) > 2 or DATE.sub("", text).strip(" .,-–—to\t"):
        return "Type one or two dates as YYYY-MM-DD, e.g. 2025-04-01 2025-04-15."
    try:
        days = sorted(date.fromisoformat(part) for part in found)
    except ValueError:
        return "That is not a date in the calendar."
    return days[0], days[-1]


def range_choice(first: date, last: date) -> tuple[str, str]:
    """(label, value) of the filter's option for a chosen pair of dates."""
    if first == last:
        label = f"{first:%b %d %Y}"
    elif first.year != last.year:
        label = f"{first:%b %d %Y} – {last:%b %d %Y}"
    elif first.month != last.month:
        label = f"{first:%b %d} – {last:%b %d %Y}"  # the year once, for both
    else:
        label = f"{first:%d}–{last:%d %b %Y}"  # short: a dropdown's face shows it whole
    return label, f"{RANGE_PREFIX}{first.isoformat()}:{last.isoformat()}"


# The ranges the dates key (`D`; ctrl+d on Search's list) steps through, then any time again.
QUICK_RANGES: list[str | None] = ["today", "yesterday", "7", None]
RANGE_NAMES = {"today": "today", "yesterday": "yesterday", "7": "the last 7 days",
               "30": "the last 30 days", "365": "the last year"}  # fmt: skip


def next_quick_range(choice: str | None) -> str | None:
    """The quick range after `choice` (any other choice: today)."""
    if choice in QUICK_RANGES:
        return QUICK_RANGES[(QUICK_RANGES.index(choice) + 1) % len(QUICK_RANGES)]
    return QUICK_RANGES[0]
