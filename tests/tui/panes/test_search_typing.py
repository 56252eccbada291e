"""Search as you type: how long a pause ends the typing, and what a person typing sees.

The wait after a key follows the typist's pace (tui/gui/panes/search/pace.py); a search
a later key made stale never shows its page, and its read is stopped."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest

from tests.tui.conftest import pilot_test, result_ids, settle, until
from tui.gui.panes.search import SearchPane
from tui.gui.panes.search.pace import TypingPace

FIXED = 0.1  # the app's search_debounce


def typed(gaps: list[float], pace: TypingPace) -> tuple[int, list[float]]:
    """Keys typed with these gaps before each (the first after a long pause): how many
    searches run (a search runs when the next key comes later than the wait), and the waits."""
    now = [100.0]
    pace._clock = lambda: now[0]
    waits = []
    for gap in gaps:
        now[0] += gap
        waits.append(pace.wait_after_key())
    searches = sum(1 for wait, gap in zip(waits, gaps[1:], strict=False) if gap > wait) + 1
    return searches, waits


def word(gap: float, keys: int = 12) -> list[float]:
    return [5.0] + [gap] * (keys - 1)


def test_a_burst_is_one_search_soon_after_its_last_key():
    searches, waits = typed(word(0.004), TypingPace(FIXED))
    assert searches == 1
    assert waits[0] == FIXED  # the first key after a pause: no rhythm yet
    assert waits[-1] == pytest.approx(0.3 * FIXED)  # 30 ms, not 100, after the last key


@pytest.mark.parametrize("gap_ms", range(5, 400, 5))
def test_a_steady_rhythm_runs_as_many_searches_as_the_fixed_pause_did(gap_ms):
    """Never more searches than the fixed 100 ms pause ran for the same keys (one per word
    typed faster than it, one per key typed slower), and the last one never later."""
    gap = gap_ms / 1000
    searches, waits = typed(word(gap), TypingPace(FIXED))
    fixed_searches = 1 if gap <= FIXED else 12
    assert searches == fixed_searches
    assert waits[-1] <= FIXED
    if gap < FIXED / 1.5 or gap > FIXED:
        assert waits[-1] < FIXED  # sooner: a fast word's wait follows its rhythm; a slow key's is short


def test_the_rhythm_is_forgotten_after_a_pause():
    pace = TypingPace(FIXED)
    typed(word(0.01), pace)
    now = pace._clock() + 2.0
    pace._clock = lambda: now
    assert pace.wait_after_key() == FIXED


def test_the_longest_wait_follows_the_setting():
    searches, waits = typed(word(0.3), TypingPace(2.0))  # keys 300 ms apart, a 2 s pause set
    assert searches == 1 and min(waits) >= 0.6  # a slow machine's keys stay one word


# A read of some seconds, unless stopped (what stopping a read takes is a progress handler)
SLOW_READ = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 30000000) SELECT count(*) FROM n"


@pytest.mark.parametrize("stale", ["read stopped", "read finishing late"])
@pilot_test
async def test_typing_shows_only_the_last_querys_page(db_path, make_app, monkeypatch, stale):
    """Keys typed slowly enough that each one searches; every search but the last is slow
    (a read of seconds unless it is stopped, or one that finishes after the newer one's).
    Only the final query's page is ever shown, and every stale read was stopped."""
    import tui.gui.panes.search.pane as pane_module
    from store.database.connection import connect
    from store.search import search

    final = "pytest"
    real_first_page = pane_module.first_page
    reads: list[str] = []
    stopped: list[str] = []

    def first_page(conn, query, *args, **kwargs):
        if query.text and query.text != final:
            reads.append(query.text)
            if stale == "read stopped":
                try:
                    conn.execute(SLOW_READ).fetchone()
                except sqlite3.OperationalError:
                    stopped.append(query.text)
                    raise
            else:
                import time

                time.sleep(0.6)  # the newer search's page is shown by then
        return real_first_page(conn, query, *args, **kwargs)

    monkeypatch.setattr(pane_module, "first_page", first_page)
    shown: list[str] = []
    on_results = SearchPane.on_search_results

    def record(self, message):
        on_results(self, message)
        if self.last_results is message:
            shown.append(message.query)

    monkeypatch.setattr(SearchPane, "on_search_results", record)
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("3", "slash")
        await settle(pilot)
        pane = app.query_one(SearchPane)
        shown.clear()
        for key in final:
            await pilot.press(key)
            await pilot.pause(0.25)  # slower than the pause: each key's search starts
        await until(lambda: shown and shown[-1] == final)
        await pilot.pause(0.8)  # any stale page would have come by now
        await settle(pilot)
        assert len(reads) >= 2  # the earlier prefixes were searched, slowly
        # In typing order, each page newer than the one before, the final query's last: a
        # prefix's page shows only if it came before the next key (on a machine so busy that
        # a key took longer than that prefix's read).
        assert shown[-1] == final and all(final.startswith(query) for query in shown)
        assert [len(query) for query in shown] == sorted(set(len(query) for query in shown))
        with closing(connect(db_path)) as conn:
            expected = [hit["id"] for hit in search(conn, final, limit=app.options.page_size)]
        assert result_ids(pane) == expected
        if stale == "read stopped":  # each ran until a newer key's search stopped it, or was shown
            assert sorted(stopped + [query for query in shown if query != final]) == sorted(reads)
