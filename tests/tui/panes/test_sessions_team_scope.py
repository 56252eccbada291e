"""The Sessions pane's team scope (`t`, as in Search): teammates' sessions from the team cache
listed with this machine's, with an Author column; enter opens a teammate's timeline."""

from __future__ import annotations

from store.paths import team_db_path
from team import cache
from team.scope import TeamScope, session_order
from tests.tui.conftest import at, pilot_test, screen_text, settle
from tui.gui.panes.sessions import SessionsPane
from tui.gui.screens.timeline import TimelineScreen
from tui.gui.store_client import StoreClient
from tui.gui.widgets.timeline_list import TimelineList

LOCAL = ["s-live-0004", "s-calc-0001", "s-shop-0002", "s-infra-0003"]  # conftest's sessions, newest first


def team_sessions(sessions: list[tuple[str, str, float, list[tuple[str, str]]]], project: str = "calc-app") -> None:
    """(session id, author, minutes ago it started, [(type, content), ...]) into the team cache."""
    rows, next_id = [], 1
    for session_id, author, start, memories in sessions:
        for i, (type_, content) in enumerate(memories):
            rows.append({"id": next_id, "session_id": session_id, "author": author, "origin": f"m-{author}",
                         "tool_name": None if type_ == "prompt" else "Bash", "type": type_,
                         "project": f"/home/{author}/{project}", "project_name": project, "file_path": None,
                         "content": content, "tags": "", "importance": 1, "created_at": at(start - i)})  # fmt: skip
            next_id += 1
    conn = cache.open_cache(team_db_path())
    next_id += conn.execute("SELECT coalesce(max(id), 0) FROM memory").fetchone()[0]
    for row in rows:  # a second call adds to the cache
        row["id"] += next_id
    for chunk in range(0, len(rows), 500):
        cache.add_pulled(conn, rows[chunk : chunk + 500], "pull_memories", ["1", chunk])
    conn.close()


def keys(pane) -> list[str]:
    return [key.value for key in pane.table.rows]


async def open_team_scope(pilot, app) -> SessionsPane:
    await settle(pilot)
    pane = app.query_one(SessionsPane)
    pane.table.focus()
    await pilot.press("T")
    await settle(pilot)
    return pane


@pilot_test
async def test_t_lists_teammates_sessions_with_their_author_among_mine(db_path, make_app):
    team_sessions([
        ("dana-new", "dana", 5, [("prompt", "make divide raise on zero"), ("command", "$ pytest"),
                                 ("error", "ZeroDivisionError")]),
        ("lee-old", "\x1b[31mlee", 60 * 24 * 30, [("prompt", "first steps")]),
    ])  # fmt: skip
    app = make_app(db_path)
    async with app.run_test(size=(120, 30)) as pilot:
        pane = await open_team_scope(pilot, app)
        assert pane.team_scope
        assert keys(pane) == ["t:dana-new", *LOCAL, "t:lee-old"]  # one list, newest first
        text = screen_text(app)
        assert "Author" in text and "Team + local · 6 sessions" in text
        assert "dana" in text and "make divide raise on zero" in text
        assert "\x1b" not in text  # a hostile author name is shown inert
        dana = pane.current_session
        assert (dana["memory_count"], dana["error_count"], dana["author"]) == (3, 1, "dana")
        await pilot.press("T")
        await settle(pilot)
        assert keys(pane) == LOCAL and "Author" not in screen_text(app) and "Team + local" not in screen_text(app)


@pilot_test
async def test_sorting_and_the_project_filter_apply_to_both(db_path, make_app):
    team_sessions([("dana-errs", "dana", 60 * 24 * 40, [("error", f"boom {i}") for i in range(9)])])
    app = make_app(db_path)
    async with app.run_test(size=(120, 30)) as pilot:
        pane = await open_team_scope(pilot, app)
        await pilot.press("s", "s")  # start -> length -> errors
        await settle(pilot)
        assert pane.sort == "errors" and keys(pane)[0] == "t:dana-errs"
        pane.project = "/home/dev/calc-app"  # this machine's calc-app: the teammate's of that name too
        pane.reload()
        await settle(pilot)
        assert set(keys(pane)) == {"t:dana-errs", "s-calc-0001", "s-live-0004"}
        pane.project = "/home/dev/shop"
        pane.reload()
        await settle(pilot)
        assert "t:dana-errs" not in keys(pane)


@pilot_test
async def test_the_project_picker_offers_teammates_projects_in_team_scope_only(db_path, make_app):
    team_sessions([("dana-calc", "dana", 5, [("prompt", "calc work")])])
    team_sessions([("lee-billing", "lee", 9, [("prompt", "billing work")]),
                   ("lee-billing-2", "lee", 19, [("prompt", "more billing")])], project="billing")  # fmt: skip
    app = make_app(db_path)
    async with app.run_test(size=(120, 30)) as pilot:
        pane = app.query_one(SessionsPane)
        picker = pane.query_one("#sessions-project")
        await settle(pilot)
        mine = [label for label, _value in picker.offered]
        assert not any(label.startswith("billing") for label in mine)
        await open_team_scope(pilot, app)
        labels = {label: value for label, value in picker.offered}
        assert "billing (2)" in labels  # only teammates work on it: offered, with their sessions
        assert "calc-app (2)" in mine and "calc-app (3)" in labels  # this machine's two and dana's, one entry
        assert len(labels) == len(mine) + 1
        picker.value = labels["billing (2)"]
        await settle(pilot)
        assert keys(pane) == ["t:lee-billing", "t:lee-billing-2"]
        await pilot.press("T")  # back to this machine's sessions: billing is not one of its projects
        await settle(pilot)
        assert pane.project is None and keys(pane) == LOCAL
        assert [label for label, _value in picker.offered] == mine


@pilot_test
async def test_enter_on_a_teammates_session_opens_its_timeline_from_the_team_cache(db_path, make_app):
    team_sessions([("dana-new", "dana", 5, [("prompt", "make divide raise on zero"), ("command", "$ pytest -q")])])
    app = make_app(db_path)
    async with app.run_test(size=(120, 30)) as pilot:
        await open_team_scope(pilot, app)
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TimelineScreen) and screen.session_id == "dana-new"
        assert [m["content"] for m in screen.query_one(TimelineList).memories] == [
            "make divide raise on zero", "$ pytest -q"]  # fmt: skip
        await pilot.press("escape")
        await settle(pilot)
        assert len(app.screen_stack) == 1


@pilot_test
async def test_paging_to_the_end_reaches_the_oldest_session_of_either_side(db_path, make_app):
    many = [(f"dana-{n:03d}", "dana", 60 * 24 * 7 + n * 10, [("command", f"step {n}")]) for n in range(150)]
    team_sessions(many)  # 150 team sessions: past the 60-row page, interleaved by time with none of mine
    app = make_app(db_path)
    async with app.run_test(size=(120, 30)) as pilot:
        pane = await open_team_scope(pilot, app)
        assert keys(pane)[:4] == LOCAL and "154 sessions" in screen_text(app)
        await pilot.press("G")
        await settle(pilot)
        assert keys(pane)[-1] == "t:dana-149"


@pilot_test
async def test_without_a_team_cache_t_does_nothing(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(120, 30)) as pilot:
        pane = await open_team_scope(pilot, app)
        assert not pane.team_scope and keys(pane) == LOCAL and "Author" not in screen_text(app)


def test_pages_of_the_merged_list_join_up_exactly_past_every_page(db_path):
    """Every page of the merged list, in each sort, is the matching slice of one ordering."""
    team_sessions([(f"dana-{n:03d}", "dana", 30 + n * 7, [("error", "e")] * (n % 4) + [("command", "c")])
                   for n in range(130)])  # fmt: skip
    local = StoreClient.open(db_path)
    scope = TeamScope(StoreClient.open_readonly)
    try:
        for sort in ("start", "length", "errors"):
            everything = scope.sessions(local, project=None, text=None, sort=sort, offset=0, limit=1000)[1]
            assert len(everything) == 134
            assert everything == sorted(everything, key=session_order(sort), reverse=True)
            pages = [scope.sessions(local, project=None, text=None, sort=sort, offset=o, limit=25)[1]
                     for o in range(0, 134, 25)]  # fmt: skip
            assert [s["row_key"] for p in pages for s in p] == [s["row_key"] for s in everything]
            start, last, total = scope.sessions(local, project=None, text=None, sort=sort, offset=None, limit=25)
            assert (start, total, last) == (109, 134, everything[109:])
    finally:
        scope.close()
        local.close()
