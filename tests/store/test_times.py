"""store.times: the one parser of typed times (CLI --since/--until, MCP since, import --since)."""

from datetime import UTC, datetime

import pytest

from store.times import BadTime, parse_time

NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def utc(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    import time

    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize(("typed", "since", "until"), [
    ("7d", "2026-11-16T12:00:00.000000Z", "2026-11-16T12:00:00.000000Z"),
    ("12h ago", "2026-11-23T00:00:00.000000Z", "2026-11-23T00:00:00.000000Z"),
    ("2w", "2026-11-09T12:00:00.000000Z", "2026-11-09T12:00:00.000000Z"),
    ("30m", "2026-11-23T11:30:00.000000Z", "2026-11-23T11:30:00.000000Z"),
    ("2026-11-20T14:00Z", "2026-11-20T14:00:00.000000Z", "2026-11-20T14:00:00.000000Z"),
    ("2026-11-20", "2026-11-20T00:00:00.000000Z", "2026-11-21T00:00:00.000000Z"),  # the whole day
    ("yesterday", "2026-11-22T00:00:00.000000Z", "2026-11-23T00:00:00.000000Z"),
    ("Today", "2026-11-23T00:00:00.000000Z", "2026-11-24T00:00:00.000000Z"),
    ("99999w", "0110-05-19T12:00:00.000000Z", "0110-05-19T12:00:00.000000Z"),  # compares as text
])  # fmt: skip
def test_typed_times_as_stored_stamps(typed, since, until):
    assert parse_time(typed, NOW) == since
    assert parse_time(typed, NOW, end=True) == until


def test_a_local_time_is_read_in_the_persons_zone(monkeypatch):
    import time

    monkeypatch.setenv("TZ", "Asia/Seoul")
    time.tzset()
    assert parse_time("2026-11-20", NOW) == "2026-11-19T15:00:00.000000Z"
    assert parse_time("yesterday", NOW) == "2026-11-21T15:00:00.000000Z"  # Seoul's midnight


def test_nothing_typed_is_no_bound_and_nonsense_says_what_to_type():
    assert parse_time(None) is None and parse_time("  ") is None
    with pytest.raises(BadTime, match=r"'last tuesday' is not a date or time: use 2026-11-20"):
        parse_time("last tuesday", NOW)
