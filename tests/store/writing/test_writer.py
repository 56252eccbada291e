"""Writing: dedupe in the database, error groups, session counters, projects."""

import multiprocessing
import subprocess

from store.database import connection as db
from store.project import resolve_project
from store.reading import listings
from store.text import MAX_CONTENT_CHARS
from store.triage import groups as error_groups
from store.triage.signature import error_signature
from store.writing import writer
from tests.store.conftest import ts


def obs(content="ran the tests", session="s1", **extra):
    return {"session_id": session, "type": "command", "tool_name": "Bash", "content": content,
            "cwd": "/nonexistent/app", **extra}  # fmt: skip


def count(conn, sql="SELECT count(*) FROM memory", *params):
    return conn.execute(sql, params).fetchone()[0]


def test_same_session_same_content_within_a_minute_is_stored_once(conn):
    assert writer.add_memory(conn, obs(created_at=ts(seconds=0))) is not None
    assert writer.add_memory(conn, obs(created_at=ts(seconds=30))) is None
    assert writer.add_memory(conn, obs(created_at=ts(seconds=-59))) is None
    assert writer.add_memory(conn, obs(created_at=ts(seconds=61))) is not None  # a minute later: again
    assert writer.add_memory(conn, obs(session="s2")) is not None  # another session
    assert count(conn) == 3


def test_calls_that_read_alike_are_not_repeats_of_one_another(conn):
    at = ts(seconds=0)
    assert writer.add_memory(conn, obs(tool_use_id="toolu_a", created_at=at)) is not None
    assert writer.add_memory(conn, obs(tool_use_id="toolu_b", created_at=at)) is not None  # another call
    assert writer.add_memory(conn, obs(tool_use_id="toolu_a", created_at=at)) is None  # the same call again
    assert writer.add_memory(conn, obs(created_at=at)) is None  # no id (1.0.x hooks): the same text
    prompt = {"type": "prompt", "tool_name": None, "content": "run the tests again", "created_at": at}
    assert writer.add_memory(conn, obs(**prompt, prompt_id="p1")) is not None
    assert writer.add_memory(conn, obs(**prompt, prompt_id="p2")) is not None  # typed twice
    assert writer.add_memory(conn, obs(**prompt, prompt_id="p2")) is None
    assert count(conn) == 4


def test_dedupe_tells_apart_what_differs_only_in_field_boundaries(conn):
    writer.add_memory(conn, obs(content="bc", file_path="a"))
    assert writer.add_memory(conn, obs(content="c", file_path="ab")) is not None


def test_no_session_id_no_write(conn):
    assert writer.add_memory(conn, obs(session=None)) is None
    assert writer.add_memory(conn, obs(session="  ")) is None
    assert writer.add_memory(conn, obs(content="   ")) is None
    assert count(conn) == 0
    assert count(conn, "SELECT count(*) FROM session") == 0


def test_content_is_capped_keeping_head_and_tail(conn):
    text = "HEAD" + "x" * 20_000 + "TAIL"
    memory_id = writer.add_memory(conn, obs(content=text))
    stored = listings.get_memory(conn, memory_id)["content"]
    assert len(stored) <= MAX_CONTENT_CHARS
    assert stored.startswith("HEAD") and stored.endswith("TAIL")


def test_nul_and_odd_unicode_survive(conn):
    memory_id = writer.add_memory(conn, obs(content="a\x00b 한글 😀 \u202e \ud800"))
    assert listings.get_memory(conn, memory_id)["content"].startswith("ab 한글 😀")
    assert error(conn, "boom \ud800 at \x00 start") is not None


def test_bad_importance_and_times_fall_back(conn):
    memory_id = writer.add_memory(conn, obs(importance="high", created_at="yesterday"))
    row = listings.get_memory(conn, memory_id)
    assert row["importance"] == 1 and row["created_at"].endswith("Z")
    err = writer.add_memory(conn, obs(type="error", importance=99, content="boom"))
    assert listings.get_memory(conn, err)["importance"] == 3


def test_timestamps_with_offsets_are_stored_in_utc(conn):
    memory_id = writer.add_memory(conn, obs(created_at="2026-03-01T09:30:00+09:00"))
    assert listings.get_memory(conn, memory_id)["created_at"] == "2026-03-01T00:30:00.000000Z"


def error(conn, text, session="s1", **extra):
    return writer.add_memory(conn, obs(content=f"$ npm test\n{text}", session=session, type="error",
                                       importance=3, error_text=text, **extra))  # fmt: skip


def test_the_same_error_with_other_paths_and_numbers_is_one_group(conn):
    for i in range(40):
        error(conn, f"Error: ENOENT: no such file or directory, open '/tmp/run-{i}/users-{i * 7}.json'",
              session=f"s{i}")  # fmt: skip
    error(conn, "TypeError: cannot read properties of undefined (reading 'token')")
    groups = listings.error_groups(conn, sort="count")
    assert [g["count"] for g in groups] == [40, 1]
    assert groups[0]["status"] == "open"
    assert "/tmp/run" not in groups[0]["signature"]


def test_signature_strips_volatile_parts():
    a = error_signature("at 2026-11-20T10:00:01Z 0x7ffe12 sha 9f8e7d6c uuid 123e4567-e89b-12d3-a456-426614174000 line 42 /a/b/c.py")
    b = error_signature("at 2025-01-02T23:59:59Z 0x1 sha 0a1b2c3d4e uuid 00000000-0000-0000-0000-000000000000 line 7 /x/y.py")
    assert a == b
    assert error_signature("Exit code 1\nModuleNotFoundError: No module named 'jwt'", "Bash") == (
        "Bash: ModuleNotFoundError: No module named 'jwt'"
    )
    assert error_signature("Traceback (most recent call last):\n  File \"/a.py\", line 3\nKeyError: 'x'").startswith("KeyError")


def test_a_resolved_error_that_happens_again_is_regressed_but_ignored_stays_ignored(conn):
    error(conn, "ECONNREFUSED 127.0.0.1:5432")
    group = listings.error_groups(conn)[0]
    error_groups.set_error_status(conn, group["id"], "resolved", note="restarted postgres")
    error(conn, "ECONNREFUSED 127.0.0.1:5432", session="s2")
    again = listings.get_error_group(conn, group["id"])
    assert again["status"] == "regressed" and again["count"] == 2 and again["note"] == "restarted postgres"
    assert again["regressed_at"] == again["last_seen"]
    assert [g["id"] for g in listings.error_groups(conn, status="regressed")] == [group["id"]]
    error_groups.set_error_status(conn, group["id"], "resolved")
    assert listings.get_error_group(conn, group["id"])["status"] == "resolved"
    error_groups.set_error_status(conn, group["id"], "ignored")
    error(conn, "ECONNREFUSED 127.0.0.1:5432", session="s3")
    assert listings.get_error_group(conn, group["id"])["status"] == "ignored"


def test_an_imported_occurrence_older_than_the_resolution_does_not_regress_it(conn):
    error(conn, "ECONNREFUSED 127.0.0.1:5432", created_at="2026-11-20T10:00:00Z")
    group = listings.error_groups(conn)[0]
    error_groups.set_error_status(conn, group["id"], "resolved")
    error(conn, "ECONNREFUSED 127.0.0.1:5432", session="s0", created_at="2026-11-19T10:00:00Z", source="import")
    assert listings.get_error_group(conn, group["id"])["status"] == "resolved"


def test_what_resolved_a_group_is_its_sessions_edits_and_commands_after_the_error(conn):
    add = lambda **o: writer.add_memory(conn, obs(**o))  # noqa: E731
    add(content="Edit app.py before", session="fix", type="file_edit", file_path="/x/app.py")
    error(conn, "ECONNREFUSED 127.0.0.1:5432", session="fix")
    edit = add(content="Edit db.py: port 5433", session="fix", type="file_edit", file_path="/x/db.py")
    add(content="a prompt", session="fix", type="prompt")
    command = add(content="$ docker compose up -d postgres", session="fix", type="command")
    group = listings.error_groups(conn)[0]
    assert error_groups.resolution(conn, group["id"])["session"] is None  # never resolved yet
    error_groups.set_error_status(conn, group["id"], "resolved", note="postgres was down")
    error(conn, "ECONNREFUSED 127.0.0.1:5432", session="later")
    found = error_groups.resolution(conn, group["id"])
    assert found["group"]["status"] == "regressed" and found["group"]["note"] == "postgres was down"
    assert found["session"]["session_id"] == "fix" and found["after_error"]
    assert [m["id"] for m in found["fixes"]] == [edit, command]
    assert error_groups.resolution(conn, 9999) is None


def test_session_rows_and_counters_follow_memories(conn):
    writer.start_session(conn, "s1", "/nonexistent/app", started_at="2026-11-20T10:00:00Z")
    writer.add_memory(conn, obs())
    error(conn, "boom")
    session = listings.get_session(conn, "s1")
    assert (session["memory_count"], session["error_count"]) == (2, 1)
    writer.end_session(conn, "s1", "prompt_input_exit", ended_at="2026-11-20T10:02:00Z")
    session = listings.get_session(conn, "s1")
    assert (session["end_reason"], session["duration_s"]) == ("prompt_input_exit", 120)
    writer.start_session(conn, "s1", "/nonexistent/app")  # resume reopens
    assert listings.get_session(conn, "s1")["ended_at"] is None


def test_memory_before_session_start_still_gets_a_session(conn):
    writer.add_memory(conn, obs(session="late"))
    assert listings.get_session(conn, "late")["memory_count"] == 1


def test_a_memory_of_a_stored_session_moves_its_times_without_trying_to_make_it_again(conn):
    """Every tool call writes one memory into a session that exists: the writer moves the
    session's times with one UPDATE, and does not try (and fail) to insert it first."""
    writer.add_memory(conn, obs(content="first", created_at="2026-11-20T10:00:00Z"))
    statements = []
    conn.set_trace_callback(statements.append)
    writer.add_memory(conn, obs(content="later", created_at="2026-11-20T10:05:00Z"))
    writer.add_memory(conn, obs(content="earlier", created_at="2026-11-20T09:55:00Z"))  # a late spool
    conn.set_trace_callback(None)
    assert not [s for s in statements if s.startswith("INSERT OR IGNORE INTO session")]
    session = listings.get_session(conn, "s1")
    assert (session["started_at"], session["last_activity_at"], session["memory_count"]) == (
        "2026-11-20T09:55:00.000000Z", "2026-11-20T10:05:00.000000Z", 3)  # fmt: skip


def test_summary_is_built_and_stored(conn):
    writer.add_memory(conn, {"session_id": "s1", "type": "prompt", "content": "fix the add function",
                             "cwd": "/nonexistent/app", "importance": 2})  # fmt: skip
    writer.add_memory(conn, {"session_id": "s1", "type": "file_edit", "tool_name": "Edit",
                             "file_path": "/nonexistent/app/calc.py", "content": "Edit calc.py",
                             "cwd": "/nonexistent/app"})  # fmt: skip
    summary = writer.update_session_summary(conn, "s1")
    session = listings.get_session(conn, "s1")
    assert session["summary"] == summary and "calc.py" in summary
    assert session["files_changed"] == "/nonexistent/app/calc.py"
    assert session["tools_used"] == "Edit"


def git(*args, cwd):
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def test_project_is_the_git_top_level_with_worktrees_folded_in(tmp_path):
    repo = tmp_path / "shop"
    (repo / "src" / "deep").mkdir(parents=True)
    git("init", "-q", cwd=repo)
    git("-c", "user.email=a@b", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "x", cwd=repo)
    git("worktree", "add", "-q", str(tmp_path / "shop-feature"), cwd=repo)
    assert resolve_project(str(repo / "src" / "deep")) == (str(repo), "shop")
    assert resolve_project(str(tmp_path / "shop-feature")) == (str(repo), "shop")
    plain = tmp_path / "notes"
    plain.mkdir()
    assert resolve_project(str(plain)) == (str(plain), "notes")
    assert resolve_project("C:\\Users\\dev\\proj") == ("C:\\Users\\dev\\proj", "proj")
    assert resolve_project(None) == ("", "")


def _write_rows(args):
    path, index, rows = args
    conn = db.connect(path)
    for i in range(rows):
        writer.add_memory(conn, obs(content=f"writer {index} row {i}", session=f"p{index}"))
    conn.close()


def _write_same(args):
    path, index = args
    conn = db.connect(path)
    writer.add_memory(conn, obs(content="the very same observation", session="shared"))
    conn.close()


def test_concurrent_processes_lose_nothing_and_dedupe_across_processes(db_path):
    db.connect(db_path).close()
    with multiprocessing.get_context("spawn").Pool(8) as pool:
        pool.map(_write_rows, [(db_path, i, 40) for i in range(8)])
        pool.map(_write_same, [(db_path, i) for i in range(8)])
    conn = db.connect(db_path)
    assert count(conn, "SELECT count(*) FROM memory WHERE session_id LIKE 'p%'") == 320
    assert count(conn, "SELECT count(*) FROM memory WHERE session_id = 'shared'") == 1


def test_a_memory_belongs_to_its_sessions_project_even_after_cd(conn, tmp_path):
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    writer.start_session(conn, "s1", str(repo))
    memory_id = writer.add_memory(conn, obs(cwd="/tmp"))  # the model ran `cd /tmp`
    row = listings.get_memory(conn, memory_id)
    assert (row["project"], row["project_name"], row["cwd"]) == (str(repo), "repo", "/tmp")


def test_ids_are_never_reused_after_a_forget(conn):
    # The Live pane tails `id > last_seen`: a reused id would be a row it never shows.
    from store.forgetting import erase as forget

    first = writer.add_memory(conn, obs(content="one"))
    last = writer.add_memory(conn, obs(content="two"))
    forget.forget(conn, ids=[last])
    assert writer.add_memory(conn, obs(content="three")) > last
    forget.forget(conn, ids=[first])
    batch = writer.add_memories(conn, [obs(content="four"), obs(content="five")])
    assert min(batch) > last + 1


def test_an_imported_session_runs_from_its_transcripts_first_time_to_its_last(conn):
    writer.add_memories(conn, [{"session_id": "imp-1", "type": "command", "content": "$ make", "source": "import",
                                "cwd": "/nonexistent/app", "created_at": "2025-03-01T09:05:00.000000Z"}])  # fmt: skip
    writer.own_session(conn, "imp-1", "/nonexistent/app", "2025-03-01T09:00:00.000000Z", "2025-03-01T10:00:00.000000Z")
    row = conn.execute("SELECT started_at, ended_at, source FROM session WHERE session_id = 'imp-1'").fetchone()
    assert tuple(row) == ("2025-03-01T09:00:00.000000Z", "2025-03-01T10:00:00.000000Z", "import")
    writer.own_session(conn, "imp-1", "/nonexistent/app", "2025-03-01T09:00:00.000000Z", "2025-03-01T10:30:00.000000Z")
    (ended,) = conn.execute("SELECT ended_at FROM session WHERE session_id = 'imp-1'").fetchone()
    assert ended == "2025-03-01T10:30:00.000000Z"  # the transcript grew: the next import moves the end
