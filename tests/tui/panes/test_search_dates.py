"""The Search pane's date filter: days are the person's own, turned into stored UTC bounds."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

from tui.gui.panes.search.dates import bounds, parse_range, range_choice

NOW = datetime(2025, 5, 2, 15, 0, tzinfo=UTC)
SEOUL = timezone(timedelta(hours=9))


def test_today_and_yesterday_start_at_local_midnight():
    assert bounds("today", NOW, UTC) == ("2025-05-02T00:00:00.000000Z", None)
    assert bounds("yesterday", NOW, UTC) == ("2025-05-01T00:00:00.000000Z", "2025-05-02T00:00:00.000000Z")
    # In Seoul it is already May 3 (00:00 there is 15:00 UTC the day before).
    assert bounds("today", NOW, SEOUL) == ("2025-05-02T15:00:00.000000Z", None)


def test_two_dates_include_both_days_in_any_order():
    assert parse_range("2025-04-15 2025-04-01") == (date(2025, 4, 1), date(2025, 4, 15))
    assert parse_range("2025-04-01 to 2025-04-15") == (date(2025, 4, 1), date(2025, 4, 15))
    assert parse_range("2025-04-01") == (date(2025, 4, 1), date(2025, 4, 1))
    label, value = range_choice(date(2025, 4, 1), date(2025, 4, 15))
    assert label == "01–15 Apr 2025"  # a range names its year, always
    assert bounds(value, NOW, UTC) == ("2025-04-01T00:00:00.000000Z", "2025-04-16T00:00:00.000000Z")


def test_what_cannot_be_read_is_one_sentence():
    for typed in ("", "last tuesday", "2025-02-30", "2025-04-01 2025-04-02 2025-04-03"):
        why = parse_range(typed)
        assert isinstance(why, str) and why.endswith(".") and "\n" not in why, typed


def test_days_back_and_no_choice():
    assert bounds("7", NOW, UTC) == ("2025-04-25T15:00:00.000000Z", None)
    assert bounds(None, NOW, UTC) == (None, None) == bounds("between", NOW, UTC)


def test_a_range_label_carries_its_year():
    assert range_choice(date(2025, 4, 1), date(2025, 4, 1))[0] == "Apr 01 2025"
    assert range_choice(date(2024, 12, 20), date(2025, 1, 5))[0] == "Dec 20 2024 – Jan 05 2025"
    assert range_choice(date(2023, 4, 1), date(2023, 4, 15))[0] == "01–15 Apr 2023"
    assert range_choice(date(2023, 4, 20), date(2023, 5, 2))[0] == "Apr 20 – May 02 2023"
