"""Search shows its first hits at once; the exact count of a common word follows, and a
count for a query typed over never reaches the screen."""

from __future__ import annotations

import threading

from tests.timing import HANG
from tests.tui.conftest import (
    build_db,
    pilot_test,
    result_ids,
    screen_text,
    scroll_every_hit,
    settle,
    until,
)
from tui.gui.panes.search import SearchPane
from tui.gui.panes.search import pane as search_module

EPOCHS = 1500  # memories saying "epoch": past the ranked head (500) and every page size


async def drawn_when(pilot, predicate) -> None:
    """Until `predicate()` holds, then the app draws it."""
    await until(predicate)
    await pilot.pause()


def status_of(pane: SearchPane) -> str:
    return str(pane.query_one("#search-status").render())


def gate_counts(
    monkeypatch, gate: threading.Event, own_connection: str | None = None, waiting: list | None = None
) -> list[str]:
    """Hold every exact count until `gate` opens; returns the queries counted (and adds to
    `waiting` each query whose count has started and waits at the gate).  With
    `own_connection` the count reads a connection of its own, which cancelling the
    worker cannot interrupt: the count then finishes even for a query typed over."""
    from store.database.connection import connect
    from store.search import search_summary

    counted: list[str] = []

    def held(conn, query, **filters):
        if waiting is not None:
            waiting.append(query.text)
        gate.wait(HANG)
        counted.append(query.text)  # the pane hands its one Query
        if own_connection is None:
            return search_summary(conn, query, **filters)
        other = connect(own_connection, create=False)
        try:
            return search_summary(other, query, **filters)
        finally:
            other.close()

    monkeypatch.setattr(search_module, "search_summary", held)
    return counted


async def open_search(pilot) -> SearchPane:
    """Search, with the keys in its query box."""
    await settle(pilot)
    await pilot.press("3", "slash")
    await settle(pilot)
    return pilot.app.query_one(SearchPane)


@pilot_test
async def test_the_first_hits_come_before_the_count_which_equals_what_paging_delivers(
    home, utc, make_app, monkeypatch
):
    from store.database.connection import connect
    from store.search import search

    path = build_db(home / "long.db", long_session=EPOCHS)
    conn = connect(path)
    everything = [h["id"] for o in range(0, EPOCHS, 500) for h in search(conn, "epoch", limit=500, offset=o)]
    conn.close()
    gate = threading.Event()
    counted = gate_counts(monkeypatch, gate)
    app = make_app(path, page_size=100)
    async with app.run_test(size=(100, 30)) as pilot:
        pane = await open_search(pilot)
        pane.query_input.value = "epoch"
        await drawn_when(pilot, lambda: pane.last_results is not None and pane.last_results.query == "epoch")
        # The hits are on the screen while the count is still held back.
        assert result_ids(pane) == everything[:100]
        assert "epoch 1499" in screen_text(app)  # the newest run, best first
        assert status_of(pane) == "more than 500 matches · counting…"
        assert counted == []
        gate.set()
        await drawn_when(pilot, lambda: "counting" not in status_of(pane))
        assert counted == ["epoch"]
        assert status_of(pane) == f"{EPOCHS:,} matches · best 500 first, then newest first"
        # Scrolling to the end delivers exactly that many hits, each once, in the store's order.
        seen = await scroll_every_hit(pilot, pane, EPOCHS)
        assert seen == everything and len(seen) == EPOCHS


@pilot_test
async def test_a_search_with_few_hits_shows_its_count_with_them(home, utc, make_app, monkeypatch):
    path = build_db(home / "long.db", long_session=EPOCHS)
    gate = threading.Event()  # never opened: nothing here may wait for a separate count
    counted = gate_counts(monkeypatch, gate)
    app = make_app(path)
    async with app.run_test(size=(100, 30)) as pilot:
        pane = await open_search(pilot)
        pane.query_input.value = "docker"
        await drawn_when(pilot, lambda: pane.last_results is not None and pane.last_results.query == "docker")
        assert status_of(pane) == "2 matches" and len(result_ids(pane)) == 2
        assert counted == []
        gate.set()


@pilot_test
async def test_typing_over_a_search_never_shows_its_count(home, utc, make_app, monkeypatch):
    path = build_db(home / "long.db", long_session=EPOCHS)
    gate = threading.Event()
    waiting: list[str] = []
    counted = gate_counts(monkeypatch, gate, own_connection=path, waiting=waiting)  # finishes even when cancelled
    app = make_app(path)
    async with app.run_test(size=(100, 30)) as pilot:
        pane = await open_search(pilot)
        shown: list[str] = []
        show_status = pane._show_status

        def recorded(message) -> None:
            show_status(message)
            shown.append(status_of(pane))

        pane._show_status = recorded
        pane.query_input.value = "epoch"
        await drawn_when(pilot, lambda: pane.last_results is not None and pane.last_results.query == "epoch")
        assert shown[-1] == "more than 500 matches · counting…"
        # the count under way, held at the gate: on a busy machine its worker can start after the
        # status says counting, and a count typed over before it starts never runs at all
        await until(lambda: "epoch" in waiting)
        pane.query_input.value = "docker"  # typed over (pasted: one search, however busy the machine)
        await drawn_when(pilot, lambda: pane.last_results.query == "docker")
        typed_over = len(shown)
        gate.set()  # the count for "epoch" finishes now, after "docker" is shown
        await drawn_when(pilot, lambda: "epoch" in counted)
        await settle(pilot)
        assert status_of(pane) == "2 matches"
        assert not any(f"{EPOCHS:,}" in text for text in shown[typed_over - 1 :]), shown
        assert not any("counting" in text for text in shown[typed_over - 1 :]), shown


@pilot_test
async def test_the_hits_shown_stay_until_the_new_ones_replace_them(home, utc, make_app, monkeypatch):
    """No blank list while a search runs: the previous hits stay on screen, then the new
    page replaces them at once."""
    from store.search import first_page

    path = build_db(home / "long.db", long_session=EPOCHS)
    gate = threading.Event()

    def held(conn, query, **kwargs):
        if query.text == "docker":
            gate.wait(HANG)
        return first_page(conn, query, **kwargs)

    monkeypatch.setattr(search_module, "first_page", held)
    app = make_app(path)
    async with app.run_test(size=(100, 30)) as pilot:
        pane = await open_search(pilot)
        pane.query_input.value = "epoch"
        await drawn_when(pilot, lambda: pane.last_results is not None and pane.last_results.query == "epoch")
        epochs = result_ids(pane)
        assert len(epochs) == 60
        pane.query_input.value = "docker"
        await pilot.pause(app.options.search_debounce + 0.2)  # the search for "docker" is running
        assert result_ids(pane) == epochs and "epoch 1499" in screen_text(app)
        gate.set()
        await drawn_when(pilot, lambda: pane.last_results.query == "docker")
        await settle(pilot)
        assert len(result_ids(pane)) == 2 and "epoch" not in screen_text(app)
        assert status_of(pane) == "2 matches"


@pilot_test
async def test_hits_holding_only_some_of_the_words_say_so(home, utc, make_app):
    path = build_db(home / "some.db", long_session=3)
    app = make_app(path)
    async with app.run_test(size=(120, 30)) as pilot:
        pane = await open_search(pilot)
        pane.query_input.value = "epoch zeppelin"  # no memory holds both words
        await drawn_when(pilot, lambda: pane.last_results is not None and pane.last_results.query == "epoch zeppelin")
        assert status_of(pane) == "3 matches · ranked by relevance: they hold some of the words"


@pilot_test
async def test_a_key_typed_stops_the_count_of_the_query_shown_at_once(home, utc, make_app, monkeypatch):
    """The count of the query on screen is moot once a key changes it: its read stops at the
    key, not when the search after the pause starts (at 1M a short term's count kept a core
    busy between the keys of a word)."""
    import sqlite3
    import time

    path = build_db(home / "long.db", long_session=EPOCHS)
    stopped: list[tuple[float, int]] = []

    def slow_count(conn, query, **filters):
        try:  # seconds of reading, unless the worker is cancelled
            conn.execute("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 30000000)"
                         " SELECT count(*) FROM n").fetchone()  # fmt: skip
        except sqlite3.OperationalError:
            stopped.append((time.monotonic(), pane._generation))
            raise
        return {"total": 0, "ranked": 0, "all_terms": True}

    monkeypatch.setattr(search_module, "search_summary", slow_count)
    # a pause after a key of at least 90 s (TypingPace's shortest, 0.3 of it): no search after
    # the pause can begin before `until` gives up (HANG), so only the key itself can stop the read
    app = make_app(path, search_debounce=300.0)
    async with app.run_test(size=(100, 30)) as pilot:
        pane = await open_search(pilot)
        pane.query_input.value = "epoch"
        await pilot.press("enter")  # searched now, not after the pause
        await drawn_when(pilot, lambda: pane.last_results is not None and pane.last_results.query == "epoch")
        await until(lambda: any(w.group == "search-count" and w.is_running for w in app.workers))
        generation = pane._generation
        pane.query_input.focus()
        await pilot.press("s")
        await until(lambda: stopped)  # stopped, not read to its end (that raises nothing)
        assert stopped[0][1] == generation  # before the next search began
