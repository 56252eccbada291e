"""The one formatter: how counts, durations, times, sizes and one-line text read, the same
in the CLI, /memory, the MCP tools and the app."""

from datetime import UTC, datetime, timedelta, timezone

import pytest

from tui.commands.brief import brief_sessions, brief_stats
from tui.formatting import duration, human_bytes, local_time, one_line, plural


@pytest.mark.parametrize(("n", "word", "expected"), [
    (1, "memory", "1 memory"), (2, "memory", "2 memories"), (1842, "memory", "1,842 memories"),
    (0, "match", "0 matches"), (3, "day", "3 days"), (1, "other memory", "1 other memory"),
    (2_000_000, "session", "2,000,000 sessions"),
])  # fmt: skip
def test_plural_counts_with_separators_and_the_right_form(n, word, expected):
    assert plural(n, word) == expected


def test_plural_takes_an_irregular_form():
    assert plural(2, "person", "people") == "2 people"
    assert plural(1, "person", "people") == "1 person"


@pytest.mark.parametrize(("seconds", "expected"), [
    (0, "0s"), (45, "45s"), (12 * 60, "12m"), (3900, "1h 05m"), (26 * 3600 + 59, "1d 2h"),
    (None, "—"), (-5, "—"),
])  # fmt: skip
def test_duration(seconds, expected):
    assert duration(seconds) == expected


def test_local_time_to_the_minute_keeps_the_year_and_says_a_dash_for_nothing():
    plus2 = timezone(timedelta(hours=2))
    assert local_time("2025-05-02T12:03:40.000000Z", plus2, style="minute") == "2025-05-02 14:03"
    assert local_time("2025-05-02T12:03:40.000000Z", plus2, now=datetime(2025, 6, 1, tzinfo=UTC)) == "May 02 14:03"
    assert local_time("2025-05-02T12:03:40.000000Z", plus2, now=datetime(2026, 6, 1, tzinfo=UTC)) == "2025 May 02"
    assert local_time(None, UTC, style="minute") == "—"
    assert local_time("not a time\x1b[2J", UTC, style="minute") == "—"


def test_one_line_folds_cuts_and_leaves_no_control_character():
    assert one_line("two\n  lines\tand tabs") == "two lines and tabs"
    assert one_line("abcdefghij", 5) == "abcd…" and len(one_line("x" * 500, 200)) == 200
    assert one_line("abcde", 5) == "abcde"
    assert "\x1b" not in one_line("red \x1b[31m text", 100)


@pytest.mark.parametrize(("n", "expected"), [
    (0, "0 B"), (512, "512 B"), (1536, "1.5 KB"), (12 * 1024 + 300, "12 KB"),
    (3 * 1024**3 + 400 * 1024**2, "3.4 GB"), (5000 * 1024**3, "5000 GB"), (None, "—"),
])  # fmt: skip
def test_human_bytes(n, expected):
    assert human_bytes(n) == expected


def test_the_brief_for_the_model_reads_as_the_app_does():
    session = {"session_id": "s1", "project_name": "shop-api", "started_at": "2025-05-02T12:03:40Z",
               "duration_s": 3900, "memory_count": 1234, "error_count": 2, "summary": "fixed the cart"}  # fmt: skip
    head = brief_sessions([session]).splitlines()[0]
    assert head.endswith("(1h 05m, 1,234 memories, 2 errors) session s1")
    stats = {"memories": 12345, "sessions": 1, "projects": 2, "error_groups": 1, "open_errors": 0,
             "oldest": None, "newest": None, "by_type": {}, "db_path": "/m.db", "db_bytes": 1536}  # fmt: skip
    lines = brief_stats(stats).splitlines()
    assert lines[0] == "12,345 memories in 1 session across 2 projects"
    assert lines[2] == "from — to —" and lines[-1] == "database: /m.db (1.5 KB)"
