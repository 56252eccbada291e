"""Typing on a list never fires actions: Search's list says "type to search", so what is
typed there is the query (as in fzf or atuin) and its actions are on ctrl keys; the other
panes' lists take letters as actions and none of them says "type to" (docs/keys.md)."""

from __future__ import annotations

from textual import events
from textual.widgets import Input, Label

from tests.tui.conftest import pilot_test, settle, until
from tui.gui import memory_actions
from tui.gui.textual_internals import screen_lines


@pilot_test
async def test_typing_config_on_the_search_list_is_a_query_not_resume_open_or_filters(db_path, make_app, monkeypatch):
    actions: list[str] = []
    monkeypatch.setattr(memory_actions, "resume_session", lambda *a, **k: actions.append("resume"))
    monkeypatch.setattr(memory_actions, "open_memory_file", lambda *a, **k: actions.append("open"))
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        search = app.panes["search"]
        assert app.focused is search.table
        assert "type to search" in str(search.query_one("#search-status", Label).render())
        await pilot.press(*"config")
        await until(lambda: search.query_text == "config")  # the search runs once the typing pauses
        await settle(pilot)
        assert search.query_input.value == "config"
        assert app.focused is search.query_input  # not the project filter (`f`)
        assert actions == [] and len(app.screen_stack) == 1  # no resume, no editor, no dialog
        assert search.query_text == "config"


@pilot_test
async def test_a_burst_typed_on_the_search_list_reaches_the_query_whole(db_path, make_app):
    """A terminal delivers `docker` typed fast in one read: every key is already queued for
    the list when its first one moves the focus to the box (a real tmux burst left `d`)."""
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        search = app.panes["search"]
        assert app.focused is search.table
        for character in "docker":  # one read of the terminal: all queued before the first is handled
            app.post_message(events.Key(character, character))
        await settle(pilot)
        assert search.query_input.value == "docker"
        assert app.focused is search.query_input


@pilot_test
async def test_typing_on_the_search_list_adds_to_the_query_shown(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("3", "slash", *"docker", "enter")
        await settle(pilot)
        search = app.panes["search"]
        assert app.focused is search.table
        await pilot.press(*" build")
        await settle(pilot)
        assert search.query_input.value == "docker build"


@pilot_test
async def test_search_actions_are_on_ctrl_keys_and_its_footer_says_so(db_path, make_app, monkeypatch):
    resumed: list[str] = []
    monkeypatch.setattr(memory_actions, "resume_session", lambda owner, sid, **k: resumed.append(sid))
    app = make_app(db_path)
    async with app.run_test(size=(200, 30)) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        search = app.panes["search"]
        footer = screen_lines(app.screen)[-1]
        assert "^r Resume" in footer and "^o Open file" in footer, footer
        # `?` and `q` are letters of the query there: the footer says the keys that work
        assert "f1 Help" in footer and "^q Quit" in footer and "? Help" not in footer, footer
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert resumed == [search.selected()[0]] and resumed[0]
        await pilot.press("ctrl+f")
        await settle(pilot)
        assert app.focused is search.query_one("#search-project")


@pilot_test
async def test_lists_that_take_letters_as_actions_never_say_type_to(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        for pane_id in ("sessions", "live", "errors", "cleanup", "recall"):
            await app.run_action(f"show_pane('{pane_id}')")
            await settle(pilot)
            pane = app.panes[pane_id]
            if pane.box() is None:
                continue
            assert not isinstance(app.focused, Input)
            text = "\n".join(screen_lines(app.screen)).lower()
            assert "type to" not in text, pane_id


def burst(app, keys: str) -> None:
    """The keys queued at once, as a terminal hands over a fast typist's (or a paste's) bytes."""
    from textual import events

    from tui.gui.textual_internals import key_for

    for character in keys:
        app.post_message(events.Key(key_for(character), character))


@pilot_test
async def test_a_burst_of_3_slash_docker_gives_docker_in_the_box(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        burst(app, "3/docker")
        await settle(pilot)
        search = app.panes["search"]
        assert app.focused is search.query_input and search.query_input.value == "docker"


@pilot_test
async def test_keys_typed_while_the_app_starts_reach_the_box_in_order(db_path, make_app, monkeypatch):
    """Pressed before the first frame (the keys queued as the app mounts): none is lost."""
    from tui.gui.app import MemlaneApp

    on_mount = MemlaneApp.on_mount

    def typed_at_once(self) -> None:
        on_mount(self)
        burst(self, "3/docker")

    monkeypatch.setattr(MemlaneApp, "on_mount", typed_at_once)
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        search = app.panes["search"]
        assert app.active_pane_id == "search"
        assert app.focused is search.query_input and search.query_input.value == "docker"


@pilot_test
async def test_keys_typed_while_the_app_starts_reach_a_filter_box_in_order(db_path, make_app, monkeypatch):
    from tui.gui.app import MemlaneApp

    on_mount = MemlaneApp.on_mount

    def typed_at_once(self) -> None:
        on_mount(self)
        burst(self, "/calc")

    monkeypatch.setattr(MemlaneApp, "on_mount", typed_at_once)
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        sessions = app.panes["sessions"]
        assert app.focused is sessions.box() and sessions.box().value == "calc"
