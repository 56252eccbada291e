"""Listings the app reads: the tool names in use."""

from store.reading import listings
from store.writing import writer


def add(conn, tool_name, content="x"):
    writer.add_memory(conn, {"session_id": "s1", "type": "command", "content": content,
                             "tool_name": tool_name, "cwd": "/nonexistent/proj"})  # fmt: skip


def test_tool_names_are_the_distinct_names_in_use_without_nulls(conn):
    for name in ["Bash", "Edit", None, "mcp__github__create_issue", "Bash", "", "Edit", None]:
        add(conn, name)
    assert listings.tool_names(conn) == ["Bash", "Edit", "mcp__github__create_issue"]


def test_tool_names_of_an_empty_or_tool_less_database(conn):
    assert listings.tool_names(conn) == []
    add(conn, None, "a prompt")
    assert listings.tool_names(conn) == []


def test_tool_names_skip_through_the_index_instead_of_reading_every_memory(conn):
    plan = [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + listings.TOOL_NAMES_SQL)]
    reads = [step for step in plan if "memory" in step]
    assert len(reads) == 2, plan  # the first name, then each next one
    assert all("USING COVERING INDEX memory_tool_name" in step for step in reads), plan
    assert any("tool_name>?" in step for step in reads), plan  # a seek past the last name


def test_sessions_between_two_times_are_those_active_then(conn):
    for session, start, last in (("old", "2026-11-01T10:00:00Z", "2026-11-01T11:00:00Z"),
                                 ("long", "2026-11-10T10:00:00Z", "2026-11-20T09:00:00Z"),
                                 ("new", "2026-11-21T10:00:00Z", "2026-11-21T10:30:00Z")):  # fmt: skip
        for at in (start, last):
            writer.add_memory(conn, {"session_id": session, "content": f"work at {at}", "cwd": "/x", "created_at": at})
    ids = lambda **k: [s["session_id"] for s in listings.list_sessions(conn, **k)]  # noqa: E731
    assert ids(since="2026-11-15T00:00:00Z") == ["new", "long"]
    assert ids(until="2026-11-15T00:00:00Z") == ["long", "old"]
    assert ids(since="2026-11-15T00:00:00Z", until="2026-11-21T00:00:00Z") == ["long"]
    assert listings.count_sessions(conn, since="2026-11-15T00:00:00Z") == 2


def test_memories_by_id_gives_those_still_there_and_group_states_their_status(conn):
    ids = [writer.add_memory(conn, {"session_id": "s", "content": f"row {i}", "cwd": "/x"}) for i in range(3)]
    error = writer.add_memory(conn, {"session_id": "s", "type": "error", "content": "$ make\nError: x",
                                     "error_text": "Error: x", "cwd": "/x"})  # fmt: skip
    from store.forgetting.erase import forget_ids

    forget_ids(conn, [ids[1]])
    assert sorted(listings.memories_by_id(conn, [*ids, 9999])) == [ids[0], ids[2]]
    group = listings.get_memory(conn, error)["error_group_id"]
    assert listings.error_group_states(conn, [group])[group]["status"] == "open"
    assert listings.error_group_states(conn, []) == {}


def test_error_groups_filtered_by_text_and_project_are_counted_the_same(conn):
    def error(text, project):
        writer.add_memory(conn, {"session_id": project, "type": "error", "content": f"$ make\n{text}",
                                 "error_text": text, "cwd": f"/nonexistent/{project}"})  # fmt: skip

    error("ECONNREFUSED 127.0.0.1:5432", "api")
    error("KeyError: 'user_id'", "api")
    error("KeyError: 'user_id'", "web")  # the same group, seen in two projects
    error("100% of disk_usage", "web")
    api = listings.get_session(conn, "api")["project"]
    signatures = lambda **k: sorted(g["signature"] for g in listings.error_groups(conn, **k))  # noqa: E731
    assert len(signatures(text="keyerror")) == 1  # any case
    assert signatures(text="econnrefused") == signatures(text="5432") != []
    assert len(signatures(text="%")) == 1 and len(signatures(text="_usage")) == 1  # taken literally
    assert signatures(text="   ") == signatures() and len(signatures()) == 3
    assert signatures(project=api) == sorted(signatures(text="econn") + signatures(text="key"))
    assert listings.count_error_groups(conn, project=api, text="key") == 1
    assert listings.count_error_groups(conn, "open", text="disk") == 1
    assert listings.count_error_groups(conn, ("resolved", "ignored")) == 0
    assert signatures(text="nowhere") == [] and listings.count_error_groups(conn, text="nowhere") == 0


def test_a_sessions_memories_are_read_through_the_session_index(conn):
    """The preview's prompts of a session and Live narrowed to a session: with a type or a
    project as well, SQLite took that column's index and read every prompt of the database
    (0.4 s at 1M memories, as the app's first screen came out)."""
    add(conn, "Bash")
    statements: list[str] = []
    conn.set_trace_callback(statements.append)
    for read in (listings.memories_after, listings.memories_before):
        assert read(conn, 0 if read is listings.memories_after else None, session="s1",
                    type="prompt", project="/nonexistent/proj", limit=60) == []  # fmt: skip
    conn.set_trace_callback(None)
    reads = [sql for sql in statements if sql.lstrip().upper().startswith("SELECT")]
    assert len(reads) == 2, statements
    for sql in reads:
        plan = [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + sql)]
        assert any("USING INDEX memory_session_id_id" in step for step in plan), plan


def test_session_start_rows_gives_a_start_block_its_rows_in_one_call(conn):
    from store.reading import ledger

    def memory(session, content, mtype="command"):
        return writer.add_memory(conn, {"session_id": session, "type": mtype, "content": content, "tool_name": "Bash",
                                        "cwd": "/nonexistent/proj"})  # fmt: skip

    old = [memory("s1", f"$ make step {i}") for i in range(5)]
    memory("s1", "what was asked", "prompt")
    project = conn.execute("SELECT project FROM memory WHERE id = ?", (old[0],)).fetchone()[0]
    rows = listings.session_start_rows(conn, project, "s2", sessions=5, memories=10, errors=5,
                                       skip=frozenset(old[:2]))  # fmt: skip
    assert [r["id"] for r in rows["changes"]] == [old[4], old[3], old[2]]  # none skipped, no prompt
    assert rows["fresh"] is None
    assert [s["session_id"] for s in rows["sessions"]] == ["s1"] and rows["sessions"][0]["summary"]

    ledger.record(conn, session_id="s2", prompt_id=None, event="start", project=project, reason="start",
                  memory_ids=[old[2]], chars=10, at="2000-01-01T00:00:00Z")  # fmt: skip
    resumed = listings.session_start_rows(conn, project, "s2", sessions=5, memories=10, errors=5,
                                          previous=listings.last_block(conn, "s2"))  # fmt: skip
    assert [r["id"] for r in resumed["fresh"]] == [old[4], old[3], old[1], old[0]]  # not sent before
    assert listings.session_start_rows(conn, project, "s2", sessions=0, memories=0, errors=0) == {
        "changes": [], "fresh": None, "sessions": [], "errors": []}
