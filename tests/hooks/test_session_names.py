"""The name Claude Code's /resume picker shows for a session (issue 35): `custom-title`
(a /rename) over `ai-title` over an old `summary` line, stored by the importer and by the
hook, and found by the Sessions filter.  Corpus sessions `named` and `summary-v2-0`."""

from __future__ import annotations

import io
import json
import sqlite3

from store.database import connection as store_db
from store.reading import listings
from tests.fixtures import import_into, real_session


def names(db) -> dict:
    conn = sqlite3.connect(db)
    try:
        return {sid: (title, kind) for sid, title, kind in
                conn.execute("SELECT session_id, title, title_kind FROM session")}  # fmt: skip
    finally:
        conn.close()


def test_the_importer_stores_the_name_resume_shows(homes):
    named, old = real_session("named"), real_session("summary-v2-0")
    import_into(db := str(homes / "imported.db"), named.transcripts + old.transcripts)
    assert names(db) == {named.session_id: ("discount-bug", "custom"),
                         old.session_id: ("Config UI Appearance Styling Bug Fixes", "summary")}  # fmt: skip


def test_the_sessions_filter_finds_a_session_by_its_name(homes):
    named, old = real_session("named"), real_session("summary-v2-0")
    import_into(db := str(homes / "imported.db"), named.transcripts + old.transcripts)
    conn = store_db.connect(db)
    try:
        found = [s["session_id"] for s in listings.list_sessions(conn, text="discount-bug")]
        assert found == [named.session_id]
        assert listings.count_sessions(conn, text="Appearance Styling") == 1
        (row,) = listings.list_sessions(conn, text="Appearance Styling")
        assert row["title"] == "Config UI Appearance Styling Bug Fixes"
    finally:
        conn.close()


def test_the_hook_stores_the_name_at_the_sessions_end(homes):
    from hooks import main as hook_main

    named = real_session("named")
    for event in named.hook_events:
        event = dict(event, transcript_path=str(named.transcripts[0]))
        run = hook_main.run_hook(io.BytesIO(json.dumps(event).encode()))
        if run.conn is not None:
            run.conn.close()
        assert run.message is None, run.message
    assert names(str(homes / "memlane" / "hooks.db")) == {named.session_id: ("discount-bug", "custom")}
    # and importing the same session afterwards keeps it (a user's name over a generated one)
    import_into(db := str(homes / "memlane" / "hooks.db"), named.transcripts)
    assert names(db) == {named.session_id: ("discount-bug", "custom")}


def test_a_generated_title_never_replaces_the_users_name(homes):
    from store.writing import writer

    conn = store_db.connect(str(homes / "n.db"))
    writer.start_session(conn, "s1", "/home/dev/shop")
    writer.note_session(conn, "s1", title="discount-bug", title_kind="custom")
    writer.note_session(conn, "s1", title="Fix checkout discount total", title_kind="ai")
    writer.note_session(conn, "s1", title="An old summary", title_kind="summary")
    assert conn.execute("SELECT title, title_kind FROM session").fetchone() == ("discount-bug", "custom")
    writer.note_session(conn, "s1", title="discount-bug-2", title_kind="custom")  # a second /rename
    assert conn.execute("SELECT title FROM session").fetchone() == ("discount-bug-2",)
    conn.close()


def test_a_transcript_that_is_not_a_regular_file_gives_no_name(tmp_path):
    import os

    from hooks.transcripts.title import transcript_title

    os.mkfifo(tmp_path / "fifo.jsonl")
    assert transcript_title(str(tmp_path / "fifo.jsonl")) is None  # and does not hang
    assert transcript_title(str(tmp_path / "missing.jsonl")) is None
    assert transcript_title(None) is None


def test_an_old_database_gains_the_new_session_columns(tmp_path):
    conn = store_db.connect(str(tmp_path / "old.db"))
    columns = ("title", "title_kind", "waiting_at", "waiting_message", "resume_context_tokens",
               "resume_cache_expired")  # fmt: skip
    conn.execute("DROP INDEX session_title_key")  # a later version's index of the names
    for column in columns:
        conn.execute(f"ALTER TABLE session DROP COLUMN {column}")
    conn.execute("PRAGMA user_version = 7")
    conn.close()
    conn = store_db.connect(str(tmp_path / "old.db"))
    present = {row[1] for row in conn.execute("PRAGMA table_info(session)")}
    assert set(columns) <= present
    assert conn.execute("PRAGMA user_version").fetchone()[0] >= 8
    conn.close()
