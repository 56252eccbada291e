"""The team cache keeps teammates' sessions (span, counts, first prompt), as the Sessions pane lists them."""

from store.forgetting.erase import forget_ids
from store.reading import listings
from team import cache


def _sessions(machine) -> dict[str, dict]:
    return {s["session_id"]: s for s in listings.list_sessions(machine.team, limit=1000)}


def test_pulled_memories_make_their_sessions_with_counts_span_and_first_prompt(machines):
    dana, lee = machines
    dana.remember(["fix the flaky checkout test", "second prompt of the session"], session="s-a", type="prompt")
    dana.remember([f"pytest run {i}" for i in range(3)], session="s-a")
    dana.remember(["Traceback: KeyError 'cart'"], session="s-a", type="error")
    dana.remember(["deploy the api"], session="s-b", type="prompt", project="/work/shop-web")
    dana.sync()
    lee.sync(batch=2)  # a session's memories arrive over several batches
    sessions = _sessions(lee)
    assert set(sessions) == {"s-a", "s-b"}
    a = sessions["s-a"]
    assert (a["memory_count"], a["error_count"], a["source"]) == (6, 1, "team")
    assert (a["project"], a["project_name"]) == ("/work/shop-api", "shop-api")
    assert a["summary"] == "fix the flaky checkout test"
    created = [r[0] for r in lee.team.execute("SELECT created_at FROM memory WHERE session_id = 's-a'")]
    assert (a["started_at"], a["ended_at"]) == (min(created), max(created))
    assert a["duration_s"] is not None and a["duration_s"] >= 0
    assert listings.count_sessions(lee.team) == 2
    assert listings.count_sessions(lee.team, project="/work/shop-web") == 1


def test_a_forget_on_the_authors_machine_updates_and_then_removes_the_teammates_session(machines):
    dana, lee = machines
    ids = dana.remember(["first", "second", "third"], session="s-f")
    dana.sync()
    lee.sync()
    assert _sessions(lee)["s-f"]["memory_count"] == 3
    forget_ids(dana.local, ids[:1])
    dana.sync()
    lee.sync()
    assert _sessions(lee)["s-f"]["memory_count"] == 2
    forget_ids(dana.local, ids[1:])
    dana.sync()
    lee.sync()
    assert "s-f" not in _sessions(lee)


def test_a_cache_pulled_before_sessions_were_kept_gets_them_when_next_opened(machines):
    dana, lee = machines
    dana.remember(["an older prompt"], session="s-old", type="prompt")
    dana.remember(["an older command", "another"], session="s-old")
    dana.sync()
    lee.sync()
    with lee.team:  # as an older memlane left it: memories, no session rows
        lee.team.execute("DELETE FROM session")
        lee.team.execute("DELETE FROM team_state WHERE key = ?", (cache.SESSIONS_KEY,))
    reopened = cache.open_cache(str(lee.folder / "team.db"))
    try:
        (old,) = listings.list_sessions(reopened)
        assert (old["session_id"], old["memory_count"], old["summary"]) == ("s-old", 3, "an older prompt")
    finally:
        reopened.close()
