"""Nothing lost: a write the database cannot take in time is spooled, and the
next hook run that can write applies it, once."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from hooks.main import BUSY_TIMEOUT_MS
from store.database import connection as db
from store.writing import queue as spool
from store.writing import writer
from tests.timing import HANG, finishes, hook_seconds, without_waiting

REPO = Path(__file__).resolve().parents[2]
SESSION = "064029b2-9298-429a-987c-019be7412488"
CWD = "/home/dev/calc-app"


def edit_event(n: int = 0, **extra) -> dict:
    return {
        "session_id": SESSION, "cwd": CWD, "hook_event_name": "PostToolUse", "prompt_id": "p1",
        "tool_name": "Edit", "tool_use_id": f"toolu_{n}",
        "tool_input": {"file_path": f"{CWD}/src/calc.py", "old_string": "a - b", "new_string": f"a + b + {n}"},
        "tool_response": {"structuredPatch": [{"oldStart": 1, "oldLines": 1, "newStart": 1, "newLines": 1,
                                               "lines": ["-    return a - b", f"+    return a + b + {n}"]}]},
        **extra,
    }  # fmt: skip


LS = {"session_id": SESSION, "cwd": CWD, "hook_event_name": "PostToolUse", "tool_name": "Bash",
      "tool_input": {"command": "ls"}, "tool_response": {"stdout": "src", "stderr": ""}}  # fmt: skip

HOLDER = textwrap.dedent(
    """
    import sqlite3, sys, time
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    print("locked", flush=True)
    sys.stdin.readline()  # held until the test lets go (or ends: end of file)
    conn.execute("COMMIT")
    """
)


@pytest.fixture
def env(env):
    """The hook environment (conftest), with this file's session already open."""
    conn = db.connect(env.db)
    writer.start_session(conn, SESSION, CWD)
    conn.close()
    env.spool = Path(spool.spool_dir_for(env.db))
    return env


def run_hook(event: dict):
    environ = dict(os.environ, PYTHONPATH=str(REPO))
    started = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "hooks.main"], input=json.dumps(event).encode(),
                            capture_output=True, env=environ, timeout=60)  # fmt: skip
    result.elapsed = time.monotonic() - started
    return result


def hold_write_lock(path: str) -> subprocess.Popen:
    """A process holding the database's write lock until `release` (however long the hooks
    in between take on a busy machine)."""
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, path], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE)  # fmt: skip
    assert proc.stdout.readline().strip() == b"locked"
    return proc


def release(holder: subprocess.Popen) -> None:
    try:
        holder.stdin.write(b"\n")
        holder.stdin.close()
    except (BrokenPipeError, ValueError):
        pass
    holder.wait(timeout=HANG)


def count(path: str, sql: str = "SELECT count(*) FROM memory", params=()) -> int:
    conn = sqlite3.connect(path)  # a plain reader: it is never blocked by the writer (WAL)
    try:
        return conn.execute(sql, params).fetchone()[0]
    finally:
        conn.close()


def spool_files(env) -> list[str]:
    return sorted(os.listdir(env.spool)) if env.spool.is_dir() else []


# ---------------------------------------------------------------- the lock test


def test_a_write_made_while_the_lock_is_held_arrives_afterwards(env):
    end_event = {"session_id": SESSION, "cwd": CWD, "hook_event_name": "SessionEnd", "reason": "logout"}
    # The same two runs without the lock, right now: what this machine takes for them today.
    edit_alone = hook_seconds(edit_event(1), scratch=True)
    end_alone = hook_seconds(end_event, scratch=True)
    busy = BUSY_TIMEOUT_MS / 1000
    holder = hold_write_lock(env.db)
    try:
        result = run_hook(edit_event(1))
        assert result.returncode == 0 and result.stdout == b""
        # the busy timeout (BUSY_TIMEOUT_MS), then spooled: not until the lock is let go
        assert result.elapsed < without_waiting(edit_alone, busy), (result.elapsed, edit_alone)
        lines = result.stderr.decode().splitlines()
        assert len(lines) == 1 and lines[0].startswith("[memlane] PostToolUse: ")
        assert "locked" in lines[0] and "spool" in lines[0]
        end = run_hook(end_event)  # it drains the spool and writes, within one busy timeout
        assert end.returncode == 0 and end.elapsed < without_waiting(end_alone, busy), (end.elapsed, end_alone)
        assert count(env.db) == 0
        assert len(spool_files(env)) == 2
        assert holder.poll() is None  # the lock really was held the whole time
    finally:
        release(holder)
    assert count(env.db) == 0
    # the next run (even one with nothing of its own to write) applies the spool
    after = run_hook(LS)
    assert (after.returncode, after.stdout, after.stderr) == (0, b"", b"")
    assert count(env.db) == 1
    conn = sqlite3.connect(env.db)
    content, created = conn.execute("SELECT content, created_at FROM memory").fetchone()
    ended_at, reason, summary = conn.execute(
        "SELECT ended_at, end_reason, summary FROM session WHERE session_id = ?", (SESSION,)
    ).fetchone()
    conn.close()
    assert "return a + b + 1" in content
    assert reason == "logout" and ended_at and ended_at >= created and "calc.py" in summary
    assert spool_files(env) == []
    # and once only
    run_hook(LS)
    assert count(env.db) == 1


def test_the_spool_holds_redacted_data_only(env):
    holder = hold_write_lock(env.db)
    try:
        prompt = {"session_id": SESSION, "cwd": CWD, "hook_event_name": "UserPromptSubmit", "prompt_id": "p9",
                  "prompt": "deploy with GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789 "
                            "<private>the vpn password is swordfish</private> please"}  # fmt: skip
        result = run_hook(prompt)
        assert result.returncode == 0 and result.stdout == b""
    finally:
        release(holder)
    text = "".join((env.spool / name).read_text() for name in spool_files(env))
    assert "ghp_abcdefghijklmnopqrstuvwxyz0123456789" not in text and "swordfish" not in text
    assert "[REDACTED:" in text
    run_hook(LS)
    assert count(env.db) == 1 and spool_files(env) == []


# ---------------------------------------------------------------- spool / drain


def test_spool_writes_ops_with_their_times(env):
    path = spool.spool([
        {"session_id": SESSION, "type": "command", "content": "$ make", "cwd": CWD},
        {"op": "end_session", "session_id": SESSION, "reason": "other"},
        {"op": "nonsense"}, "not a dict",
    ])  # fmt: skip
    lines = [json.loads(line) for line in Path(path).read_text().splitlines()]
    assert [op["op"] for op in lines] == ["memory", "end_session"]
    assert lines[0]["obs"]["created_at"].endswith("Z") and lines[1]["at"].endswith("Z")
    assert spool.pending()
    assert not any(name.endswith(".tmp") for name in os.listdir(env.spool))


def test_drain_applies_in_order_and_a_replay_stores_nothing_twice(env):
    ops = [{"session_id": SESSION, "type": "command", "content": f"$ make step-{i}", "cwd": CWD} for i in range(5)]
    path = spool.spool(ops)
    copy = Path(path).read_text()
    conn = db.connect(env.db)
    assert spool.drain(conn) == 5
    assert not spool.pending()
    (env.spool / "00000000000000000001-1-1.jsonl").write_text(copy)  # the same file again
    assert spool.drain(conn) == 5
    contents = [r[0] for r in conn.execute("SELECT content FROM memory ORDER BY id")]
    conn.close()
    assert contents == [f"$ make step-{i}" for i in range(5)]


def test_a_failing_drain_keeps_the_file(env):
    spool.spool([{"session_id": SESSION, "type": "command", "content": "$ make keep-me", "cwd": CWD}])
    before = {name: (env.spool / name).read_text() for name in spool_files(env)}
    holder = hold_write_lock(env.db)
    try:
        conn = db.connect(env.db, busy_timeout_ms=100)
        with pytest.raises(Exception) as caught:
            spool.drain(conn)
        conn.close()
        assert "locked" in str(caught.value)
        after = {name: (env.spool / name).read_text() for name in spool_files(env)}
        assert after == before
    finally:
        release(holder)
    conn = db.connect(env.db)
    assert spool.drain(conn) == 1
    conn.close()
    assert count(env.db) == 1 and spool_files(env) == []


def test_a_drain_that_fails_part_way_keeps_only_the_rest(env, monkeypatch):
    spool.spool([
        {"session_id": SESSION, "type": "command", "content": "$ make first", "cwd": CWD},
        {"op": "end_session", "session_id": SESSION, "reason": "other"},
        {"session_id": SESSION, "type": "command", "content": "$ make last", "cwd": CWD},
    ])  # fmt: skip

    def locked(*args, **kwargs):
        raise db.StoreBusy("the database is locked by another process; try again in a moment.")

    original = writer._end_session  # what apply_ops calls for an end_session operation
    monkeypatch.setattr(writer, "_end_session", locked)
    conn = db.connect(env.db)
    with pytest.raises(db.StoreBusy):
        spool.drain(conn)
    assert count(env.db) == 1
    (name,) = spool_files(env)
    rest = [json.loads(line)["op"] for line in (env.spool / name).read_text().splitlines()]
    assert rest == ["end_session", "memory"]
    monkeypatch.setattr(writer, "_end_session", original)
    assert spool.drain(conn) == 2
    conn.close()
    assert count(env.db) == 2
    assert count(env.db, "SELECT count(*) FROM session WHERE ended_at IS NOT NULL") == 1


def test_damaged_lines_are_skipped_and_the_rest_applied(env):
    env.spool.mkdir(parents=True)
    good = json.dumps({"op": "memory", "obs": {"session_id": SESSION, "type": "command",
                                               "content": "$ make good", "cwd": CWD}})  # fmt: skip
    (env.spool / "00000000000000000005-1-1.jsonl").write_text('{"op": "memory", "obs": {tru\n' + good + "\n[1,2]\n")
    conn = db.connect(env.db)
    assert spool.drain(conn) == 1
    conn.close()
    assert count(env.db) == 1 and spool_files(env) == []


def test_a_claim_left_by_a_dead_process_is_taken_over(env):
    env.spool.mkdir(parents=True)
    op = {"op": "memory", "obs": {"session_id": SESSION, "type": "command", "content": "$ make orphan", "cwd": CWD}}
    stale = time.time_ns() - 120 * 10**9
    fresh = time.time_ns()
    (env.spool / f"00000000000000000007-1-1.jsonl.claim-4242-{stale}").write_text(json.dumps(op) + "\n")
    busy = dict(op, obs=dict(op["obs"], content="$ make being-applied"))
    (env.spool / f"00000000000000000008-1-1.jsonl.claim-4243-{fresh}").write_text(json.dumps(busy) + "\n")
    conn = db.connect(env.db)
    assert spool.drain(conn) == 1  # the stale claim; the fresh one belongs to a live process
    conn.close()
    assert [r for r in spool_files(env)] == [f"00000000000000000008-1-1.jsonl.claim-4243-{fresh}"]


DRAINER = textwrap.dedent(
    """
    import sys
    from store.database import connection as db
    from store.writing import queue as spool
    conn = db.connect(sys.argv[1], busy_timeout_ms=30000)
    print(spool.drain(conn, budget_s=60))
    """
)


def test_two_processes_draining_at_once_never_apply_a_file_twice(env):
    for i in range(120):
        spool.spool([{"session_id": SESSION, "type": "command", "content": f"$ make part-{i}-{j}", "cwd": CWD}
                     for j in range(3)])  # fmt: skip
    environ = dict(os.environ, PYTHONPATH=str(REPO))
    procs = [subprocess.Popen([sys.executable, "-c", DRAINER, env.db], stdout=subprocess.PIPE, env=environ)
             for _ in range(2)]  # fmt: skip
    applied = [int(p.communicate(timeout=120)[0]) for p in procs]
    assert sum(applied) == 360  # every operation applied exactly once across both
    assert count(env.db) == 360 and spool_files(env) == []


def test_a_full_spool_drops_the_write_and_says_so(env, monkeypatch):
    holder = hold_write_lock(env.db)
    try:
        env.spool.mkdir(parents=True)
        with open(env.spool / "filler.bin", "wb") as fh:  # counts against the cap, is not drained
            fh.truncate(spool.MAX_SPOOL_BYTES + 1)
        result = run_hook(edit_event(3))
    finally:
        release(holder)
    assert result.returncode == 0 and result.stdout == b""
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1 and "full" in lines[0] and "lost" in lines[0]


# ---------------------------------------------------------------- one spool per database


def test_a_write_spooled_for_one_database_never_lands_in_another(env, monkeypatch):
    other = str(env.tmp / "elsewhere" / "other.db")
    monkeypatch.setenv("MEMLANE_DB", other)
    holder = hold_write_lock_created(other)
    try:
        result = run_hook(edit_event(7))
        assert result.returncode == 0 and "spool" in result.stderr.decode()
    finally:
        release(holder)
    # A hook for the default database (its own spool is empty) must leave it be.
    monkeypatch.setenv("MEMLANE_DB", env.db)
    assert (run_hook(edit_event(8)).returncode, count(env.db)) == (0, 1)
    assert "a + b + 7" not in "".join(r[0] for r in sqlite3.connect(env.db).execute("SELECT content FROM memory"))
    assert count(other) == 0
    monkeypatch.setenv("MEMLANE_DB", other)
    run_hook(LS)  # the next run for that database applies it there
    assert count(other) == 1
    assert os.listdir(spool.spool_dir_for(other)) == []


def test_drain_takes_only_its_own_databases_spool(env, tmp_path):
    other = str(tmp_path / "other.db")
    spool.spool([{"session_id": SESSION, "type": "command", "content": "$ make for-other", "cwd": CWD}], db_path=other)
    conn = db.connect(env.db)
    assert spool.drain(conn) == 0
    assert not spool.pending(db_path=env.db) and spool.pending(db_path=other)
    conn.close()
    other_conn = db.connect(other)
    assert spool.drain(other_conn) == 1
    other_conn.close()
    assert count(other) == 1 and count(env.db) == 0


def test_files_from_the_old_shared_spool_go_to_the_home_database_only(env, tmp_path):
    legacy = env.mhome / "spool"
    legacy.mkdir(parents=True, exist_ok=True)
    op = {"op": "memory", "obs": {"session_id": SESSION, "type": "command", "content": "$ make legacy", "cwd": CWD}}
    (legacy / "00000000000000000003-1-1.jsonl").write_text(json.dumps(op) + "\n")
    other = db.connect(str(tmp_path / "other.db"))
    assert spool.drain(other) == 0
    other.close()
    conn = db.connect(env.db)  # <memlane home>/memory.db: where the old versions wrote
    assert spool.drain(conn) == 1
    conn.close()


def hold_write_lock_created(path: str) -> subprocess.Popen:
    db.connect(path).close()
    return hold_write_lock(path)


# ---------------------------------------------------------------- nothing silent


def test_an_operation_that_can_never_apply_is_dropped_with_a_line(env, capsys):
    env.spool.mkdir(parents=True, exist_ok=True)
    ops = [
        {"op": "end_session", "session_id": {"not": "a string"}, "reason": "x"},
        {"op": "memory", "obs": {"session_id": SESSION, "type": "command", "content": "$ make ok", "cwd": CWD}},
    ]
    (env.spool / "00000000000000000004-1-1.jsonl").write_text("".join(json.dumps(o) + "\n" for o in ops) + "garbage\n")
    conn = db.connect(env.db)
    assert spool.drain(conn) == 2
    conn.close()
    err = capsys.readouterr().err.splitlines()
    assert any(line.startswith("[memlane] spool: skipped 1 damaged line") for line in err), err
    dropped = [line for line in err if "dropped 1" in line]
    assert len(dropped) == 1 and "end_session" in dropped[0], err
    log = (env.mhome / "memlane.log").read_text()
    assert dropped[0] in log
    assert count(env.db) == 1


def test_a_fifo_in_the_spool_is_set_aside_not_waited_on(env, capsys):
    env.spool.mkdir(parents=True, exist_ok=True)
    os.mkfifo(env.spool / "00000000000000000002-1-1.jsonl")
    def drain_in_this_thread():  # a connection belongs to its thread
        conn = db.connect(env.db)
        try:
            return spool.drain(conn)
        finally:
            conn.close()

    assert finishes(drain_in_this_thread) == 0  # opening the FIFO to read would wait for ever
    assert spool_files(env) == ["00000000000000000002-1-1.jsonl.bad"]
    assert not spool.pending(db_path=env.db)
    assert "not a regular file" in capsys.readouterr().err
