"""A forget rebuilds what was derived from the forgotten memories, set-based and exactly as
one session at a time would: summaries, tools and files of every touched session (past the
500 sessions of one read and a session's first 2,000 memories), error-group samples and
counts (past 500 groups), and no session or group left without memories."""

from __future__ import annotations

import shutil
import sqlite3
import string

import pytest

from store.database import connection as db
from store.database.connection import write
from store.forgetting import erase as forget
from store.triage.signature import headline
from store.writing import writer
from store.writing.summary import _command_of, build_summary

SESSIONS = 1_200  # past writer.SESSIONS_PER_READ
BIG_SESSION = 2_300  # past writer.SUMMARY_MEMORIES


def word(n: int) -> str:
    """A distinct lowercase word per n (error signatures replace digits)."""
    letters = string.ascii_lowercase
    out = ""
    n += 26 * 26
    while n:
        n, r = divmod(n, 26)
        out = letters[r] + out
    return out


def session_observations(i: int) -> list[dict]:
    sid = f"sess-{i:05d}"
    base = {"session_id": sid, "cwd": "/nonexistent/app", "source": "import"}
    tail = "\n".join(f"output line {k}" for k in range(i % 7))
    odd_paths = ["/", None, "C:\\work\\", f"/nonexistent/app/src/m{i % 40}.py"]
    return [
        dict(base, type="prompt", content=f"\n\n  fix the {word(i)} handler  \nplease", created_at=_at(i, 0)),
        dict(base, type="command", tool_name="Bash", content=f"$ make {word(i)}  (built)\n{tail}",
             tags="bash make", created_at=_at(i, 1)),
        dict(base, type="command", tool_name="Bash", content=f"fix {word(i)}\rsecond\n$ git commit -am x",
             tags="bash git commit", created_at=_at(i, 2)),
        dict(base, type="file_edit", tool_name="Edit", file_path=odd_paths[i % 4],
             content=f"Edit src/{word(i)}.py (+1 -1)\r\n-a\n+b", created_at=_at(i, 3)),
        dict(base, type="file_write", tool_name="Write", file_path=f"/nonexistent/app/new{i % 9}.py",
             content=f"Write new{i % 9}.py (created, 3 lines)", tags="write created", created_at=_at(i, 4)),
        dict(base, type="error", tool_name="Bash", content=f"$ pytest\nExit code 1\nError: {word(i)} failed",
             error_text=f"Error: {word(i % 700)} module failed", created_at=_at(i, 5)),
        dict(base, type="mcp", tool_name=f"mcp__srv{i % 3}__call", content="called the server",
             created_at=_at(i, 6)),
    ]  # fmt: skip


def _at(i: int, k: int) -> str:
    return f"2026-03-{1 + i % 28:02d}T{10 + k:02d}:{i % 60:02d}:{i * 7 % 60:02d}.000000Z"


def reference(conn, session_id: str) -> tuple[str, str, str]:
    """What summarising one session computes, from every column of its first 2,000 memories."""
    started_at, ended_at, last = conn.execute(
        "SELECT started_at, ended_at, last_activity_at FROM session WHERE session_id = ?", (session_id,)
    ).fetchone()
    memories = writer.session_memories(conn, session_id)
    tools = sorted({m["tool_name"] for m in memories if m["tool_name"]})
    files = dict.fromkeys(m["file_path"] for m in memories
                          if m["type"] in ("file_edit", "file_write", "notebook_edit") and m["file_path"])  # fmt: skip
    return build_summary(memories, started_at, ended_at or last), " ".join(tools), "\n".join(files)


def stored(conn) -> dict[str, tuple[str, str, str]]:
    return {sid: (s, t, f) for sid, s, t, f in
            conn.execute("SELECT session_id, summary, tools_used, files_changed FROM session")}  # fmt: skip


def _build_sessions(path: str) -> str:
    conn = db.connect(path)
    batch = [obs for i in range(SESSIONS) for obs in session_observations(i)]
    big = [{"session_id": "sess-big", "cwd": "/nonexistent/app", "type": "command", "tool_name": "Bash",
            "content": f"$ step {word(k)} run", "created_at": _at(k, 0)} for k in range(BIG_SESSION)]  # fmt: skip
    writer.add_memories(conn, batch + big)
    with write(conn):
        writer.summarise_sessions(conn, [r[0] for r in conn.execute("SELECT session_id FROM session")])
    conn.close()  # checkpointed: one file, no -wal left
    return path


_BUILT: dict[str, str] = {}  # the sessions' store, built once a test process


@pytest.fixture
def sessions(db_path, tmp_path_factory):
    """1,200 sessions and one of 2,300 memories, summarised: a copy (mode kept) of the store this
    test process built and closed, opened as a new connection; each test changes its own copy."""
    built = _BUILT.get("sessions")
    if built is None:
        built = _BUILT["sessions"] = _build_sessions(str(tmp_path_factory.mktemp("sessions") / "memory.db"))
    shutil.copy2(built, db_path)
    conn = db.connect(db_path)
    yield conn
    conn.close()


def test_summarising_many_sessions_at_once_equals_one_at_a_time(sessions):
    conn = sessions
    got = stored(conn)
    assert len(got) == SESSIONS + 1
    for sid in got:
        assert got[sid] == reference(conn, sid), sid
    assert "[2000 observations" in got["sess-big"][0]  # the first 2,000 memories, as before
    assert writer.summarise_session(conn, "sess-00003") == got["sess-00003"][0]
    assert writer.summarise_session(conn, "no-such-session") is None


def test_a_forget_across_every_session_rebuilds_summaries_groups_and_counts_exactly(sessions):
    conn = sessions
    groups_before = conn.execute("SELECT count(*) FROM error_group").fetchone()[0]
    assert groups_before == 700  # past the 500 ids of one IN list
    # Every session loses its "make" command; errors of the first 600 sessions go too;
    # the big session loses its first 1,000 memories.
    gone = forget.select_ids(conn, query="make")
    gone += [i for (i,) in conn.execute("SELECT id FROM memory WHERE type = 'error' AND session_id < 'sess-00600'")]
    gone += [i for (i,) in conn.execute("SELECT id FROM memory WHERE session_id = 'sess-big' ORDER BY id LIMIT 1000")]
    assert len(gone) == SESSIONS + 600 + 1000
    samples = dict(conn.execute("SELECT id, sample FROM error_group").fetchall())
    touched = {g for (g,) in conn.execute(
        "SELECT DISTINCT error_group_id FROM memory WHERE type = 'error' AND session_id < 'sess-00600'")}  # fmt: skip
    assert forget.forget_ids(conn, gone) == len(gone)

    after = stored(conn)
    assert len(after) == SESSIONS + 1
    for sid in after:
        assert after[sid] == reference(conn, sid), sid
    assert "make" not in after["sess-00010"][0] and "Errors" not in after["sess-00010"][0]
    assert "Errors (1)" in after["sess-00900"][0]
    assert "[1300 observations" in after["sess-big"][0]
    counts = dict(conn.execute("SELECT session_id, memory_count FROM session").fetchall())
    real = dict(conn.execute("SELECT session_id, count(*) FROM memory GROUP BY 1").fetchall())
    assert counts == real

    # Groups: signatures of i % 700; sessions 600-1199 keep errors of groups 600-699 and 0-499.
    # A group that lost a memory shows its latest one left; the others keep their sample.
    left = conn.execute("SELECT id, count, sample FROM error_group").fetchall()
    assert len(left) == 600 and len(touched & {g for g, _, _ in left}) == 500
    for group_id, count, sample in left:
        rows = conn.execute(
            "SELECT content FROM memory WHERE error_group_id = ? ORDER BY id DESC", (group_id,)
        ).fetchall()
        assert count == len(rows)
        assert sample == (headline(rows[0][0])[:300] if group_id in touched else samples[group_id])


def test_sessions_and_groups_left_without_memories_go(sessions):
    conn = sessions
    ids = [i for (i,) in conn.execute("SELECT id FROM memory WHERE session_id < 'sess-00550'")]
    assert forget.forget_ids(conn, ids) == 550 * 7
    assert conn.execute("SELECT count(*) FROM session WHERE session_id < 'sess-00550'").fetchone()[0] == 0
    assert conn.execute("SELECT count(*) FROM session").fetchone()[0] == SESSIONS - 550 + 1
    orphans = conn.execute(
        "SELECT count(*) FROM error_group g WHERE NOT EXISTS "
        "(SELECT 1 FROM memory m WHERE m.error_group_id = g.id)"
    ).fetchone()[0]
    assert orphans == 0
    assert conn.execute("SELECT count(*) FROM error_group").fetchone()[0] == 650  # 550-1199 -> i % 700


@pytest.mark.parametrize(
    ("content", "tags", "expected"),
    [
        ("$ npm test  (3 passed)\nok", "bash", "npm test"),
        ("\n\n$ make all\n", "bash", "make all"),
        ("$ ls\r\nfile", "bash", "ls"),
        ("fix add\rsecond\n$ git commit -am x", "git commit", 'git commit -m "fix add"'),
        ("note\x85$ cargo build\nmore", "bash", "cargo build"),
        ("just output\n$ real command", "bash", "real command"),
        ("   \n", "bash", ""),
        ("$ git commit -m msg", "git commit", "git commit -m msg"),
    ],
)
def test_a_command_is_named_by_its_first_shell_line_whatever_its_line_breaks(content, tags, expected):
    assert _command_of({"content": content, "tags": tags}) == expected


def test_when_the_summaries_beside_the_delete_fail_the_forget_changes_nothing(sessions, monkeypatch):
    conn = sessions
    before = stored(conn)
    count = conn.execute("SELECT count(*) FROM memory").fetchone()[0]
    computed_on = []

    def failing(reader, *args, **kwargs):
        computed_on.append(reader)
        raise sqlite3.OperationalError("disk I/O error")

    gone = forget.select_ids(conn, query="make")
    gone += [i for (i,) in conn.execute("SELECT id FROM memory WHERE session_id = 'sess-big' LIMIT 1000")]
    assert len(gone) >= forget.SUMMARIES_MEANWHILE_FROM
    monkeypatch.setattr(writer, "session_summaries", failing)
    with pytest.raises(db.StoreError, match="disk I/O error"):
        forget.forget_ids(conn, gone)
    assert computed_on and computed_on[0] is not conn  # computed on a second connection
    assert conn.execute("SELECT count(*) FROM memory").fetchone()[0] == count
    assert stored(conn) == before and forget.forget_log(conn) == []
    monkeypatch.undo()
    assert forget.forget_ids(conn, gone) == len(gone)
    assert forget.forget_log(conn)[0]["scrub"] == "done"  # the second connection let go before the scrub
    assert all(stored(conn)[sid] == reference(conn, sid) for sid in ("sess-00001", "sess-big"))


def test_a_delete_that_fails_beside_the_summaries_says_its_own_error(sessions, monkeypatch):
    conn = sessions
    gone = [i for (i,) in conn.execute("SELECT id FROM memory WHERE session_id < 'sess-00400'")]
    assert len(gone) >= forget.SUMMARIES_MEANWHILE_FROM

    def full(conn, ids):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(forget, "_delete_memories", full)
    with pytest.raises(db.StoreError, match="is full"):
        forget.forget_ids(conn, gone)
    assert conn.execute("SELECT count(*) FROM memory").fetchone()[0] == SESSIONS * 7 + BIG_SESSION
