"""Sessions: the filter box, the sort key, the short id column; `memlane sessions` at 80 columns."""

from __future__ import annotations

import uuid

from store.database.connection import connect
from store.reading import listings
from store.writing import writer
from tests.tui.conftest import at, pilot_test, screen_text, settle
from tui.formatting import short_id


def shown_sessions(app) -> list[str]:
    table = app.panes["sessions"].table
    return [key.value for key in table.rows]


@pilot_test
async def test_the_filter_box_narrows_and_s_sorts(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert shown_sessions(app) == ["s-live-0004", "s-calc-0001", "s-shop-0002", "s-infra-0003"]
        await pilot.press("slash")
        await settle(pilot)
        await pilot.press(*"docker")
        await pilot.pause(app.options.search_debounce + 0.05)
        await settle(pilot)
        assert shown_sessions(app) == ["s-infra-0003"]
        assert "1 session" in screen_text(app)
        await pilot.press("enter")  # back to the list, the filter kept
        await settle(pilot)
        assert app.focused is app.panes["sessions"].table
        app.panes["sessions"].query_one("#sessions-filter").value = ""
        await pilot.pause(app.options.search_debounce + 0.05)
        await settle(pilot)
        await pilot.press("s")  # longest first; the running session (no length yet) last
        await settle(pilot)
        assert shown_sessions(app) == ["s-infra-0003", "s-shop-0002", "s-calc-0001", "s-live-0004"]
        assert "longest" in screen_text(app)
        await pilot.press("s")  # most errors first
        await settle(pilot)
        # One error each: the newer first; then the sessions without errors.
        assert shown_sessions(app)[:2] == ["s-calc-0001", "s-shop-0002"]
        assert "most errors" in screen_text(app)


@pilot_test
async def test_the_short_id_column_is_shown(db_path, make_app):
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "s-live-0" in screen_text(app)


def test_one_session_id_form_the_first_eight_characters():
    assert short_id("0f3c2a1b-1111-2222-3333-444455556666") == "0f3c2a1b"
    assert short_id("abc") == "abc"
    assert short_id("s-\x1b[2Jlong-id") == "s-␛[2Jlo"  # stored text stays inert


def test_store_filters_sessions_by_text_and_sorts(tmp_path):
    conn = connect(str(tmp_path / "m.db"))
    for sid, errors in (("a-1", 0), ("b-100%", 2), ("c_1", 1)):
        writer.start_session(conn, sid, "/w/p")
        for i in range(errors):
            writer.add_memory(conn, {"session_id": sid, "type": "error", "content": f"boom {sid} {i}",
                                     "error_text": f"E{i}"})  # fmt: skip
    assert [s["session_id"] for s in listings.list_sessions(conn, sort="errors")] == ["b-100%", "c_1", "a-1"]
    assert [s["session_id"] for s in listings.list_sessions(conn, text="100%")] == ["b-100%"]
    assert [s["session_id"] for s in listings.list_sessions(conn, text="_")] == ["c_1"]  # not a wildcard
    assert listings.count_sessions(conn, text="1") == 3
    conn.close()


def test_cli_sessions_at_80_columns_keep_each_id_on_one_line(tmp_path, monkeypatch, capsys):
    from tui.commands.cli import main

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / "mh"))
    path = str(tmp_path / "m.db")
    conn = connect(path)
    ids = [str(uuid.uuid4()) for _ in range(3)]
    for sid in ids:
        writer.start_session(conn, sid, "/home/dev/a-rather-long-project-name")
        writer.add_memory(conn, {"session_id": sid, "type": "prompt", "content": "refactor " * 30})
        writer.update_session_summary(conn, sid)
    conn.close()
    assert main(["--db", path, "sessions"]) == 0
    out = capsys.readouterr().out
    assert all(len(line) <= 80 for line in out.splitlines())
    for sid in ids:
        assert sid[:8] in out


@pilot_test
async def test_the_filter_finds_a_session_by_any_of_its_prompts(db_path, make_app):
    conn = connect(db_path)
    writer.add_memory(conn, {"session_id": "s-shop-0002", "cwd": "/home/dev/shop-api", "type": "prompt",
                             "content": "now move the deploy to kubernetes", "created_at": at(1460)})  # fmt: skip
    conn.close()
    conn = connect(db_path)
    assert listings.count_sessions(conn, text="kubernetes") == 1  # its first prompt does not say it
    conn.close()
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("slash", *"kubernetes deploy", "enter")  # the second prompt, every word
        await pilot.pause(app.options.search_debounce + 0.05)
        await settle(pilot)
        assert shown_sessions(app) == ["s-shop-0002"]
        assert "1 session" in screen_text(app)
