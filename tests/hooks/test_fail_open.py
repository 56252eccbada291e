"""Fail open: whatever is thrown at `memlane-hook`, Claude Code sees exit 0, no
output but valid context, and at most one `[memlane] ...` line on stderr (the
same line lands in the log).  The user's database file is never touched by a
failure."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from store import log
from store.database import connection as db
from tests.timing import HANG

REPO = Path(__file__).resolve().parents[2]

SESSION = "064029b2-9298-429a-987c-019be7412488"

EDIT = {
    "session_id": SESSION, "cwd": "/home/dev/calc-app", "hook_event_name": "PostToolUse",
    "prompt_id": "p1", "tool_name": "Edit", "tool_use_id": "toolu_1",
    "tool_input": {"file_path": "/home/dev/calc-app/src/calc.py", "old_string": "a - b", "new_string": "a + b"},
    "tool_response": {"filePath": "/home/dev/calc-app/src/calc.py", "oldString": "a - b", "newString": "a + b",
                      "structuredPatch": [{"oldStart": 1, "oldLines": 1, "newStart": 1, "newLines": 1,
                                           "lines": ["-    return a - b", "+    return a + b"]}]},
}  # fmt: skip


def hook_cmd(*, respect_permissions: bool = False) -> list[str]:
    cmd = [sys.executable, "-m", "hooks.main"]
    if respect_permissions and os.geteuid() == 0:
        # root ignores file modes; without CAP_DAC_OVERRIDE it behaves like a user
        setpriv = shutil.which("setpriv")
        if not setpriv:
            pytest.fail("running as root without setpriv (util-linux): cannot make a file read-only")
        cmd = [setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner", *cmd]
    return cmd


def run_hook(data, *, respect_permissions: bool = False, timeout: float = 60):
    if isinstance(data, dict) or isinstance(data, list):
        data = json.dumps(data).encode()
    environ = dict(os.environ, PYTHONPATH=str(REPO))
    started = time.monotonic()
    result = subprocess.run(
        hook_cmd(respect_permissions=respect_permissions), input=data, capture_output=True,
        env=environ, timeout=timeout,
    )  # fmt: skip
    result.elapsed = time.monotonic() - started
    return result


def stderr_lines(result) -> list[str]:
    return result.stderr.decode("utf-8", "replace").splitlines()


def assert_failed_open(result, env, *, mentions: str = "") -> str:
    """Exit 0, nothing on stdout, exactly one `[memlane]` line (also in the log)."""
    assert result.returncode == 0
    assert result.stdout == b""
    lines = stderr_lines(result)
    assert len(lines) == 1, lines
    line = lines[0]
    assert line.startswith("[memlane] ") and "Traceback" not in line
    assert mentions.lower() in line.lower(), line
    log = (env.mhome / "memlane.log").read_text()
    assert line in log
    return line


def assert_quiet(result) -> None:
    assert (result.returncode, result.stdout, result.stderr) == (0, b"", b"")


def file_bytes(path: str) -> bytes:
    return b"".join(Path(path + s).read_bytes() for s in ("", "-wal") if os.path.exists(path + s))


def memory_count(path: str) -> int:
    conn = db.connect(path)
    try:
        return conn.execute("SELECT count(*) FROM memory").fetchone()[0]
    finally:
        conn.close()


# ---------------------------------------------------------------- stdin


@pytest.mark.parametrize(
    "data,mentions",
    [
        (b'{"hook_event_name": "PostToolUse", "session_id": ', "not valid JSON"),
        (b"", "no event"),
        (b"   \n", "no event"),
        (b"null", "not an object"),
        (b'["PostToolUse"]', "not an object"),
        (b'"just a string"', "not an object"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"session_id": "x", "hook_event_name": 42}', "no hook_event_name"),
        (b'{"session_id": "x"}', "no hook_event_name"),
    ],
    ids=["truncated", "empty", "blank", "null", "list", "string", "deep", "name-number", "no-name"],
)
def test_malformed_input(env, data, mentions):
    result = run_hook(data)
    assert_failed_open(result, env, mentions=mentions)
    assert not os.path.exists(env.db)


@pytest.mark.parametrize("session_id", [None, "", "   ", 12345, ["x"], {"id": "x"}])
def test_no_usable_session_id_stores_nothing(env, session_id):
    event = dict(EDIT)
    if session_id is None:
        del event["session_id"]
    else:
        event["session_id"] = session_id
    assert_failed_open(run_hook(event), env, mentions="no session_id")
    assert not os.path.exists(env.db)


def test_wrong_types_inside_the_event_are_tolerated(env):
    events = [
        {"session_id": SESSION, "hook_event_name": "SessionStart", "cwd": None, "source": 7},
        dict(EDIT, tool_input="not a dict", tool_response=["a", "list"]),
        dict(EDIT, tool_name=["Edit"], tool_input=None, tool_response=None, cwd=42),
        dict(EDIT, hook_event_name="PostToolUseFailure", tool_name="Bash", error={"nested": True}),
        {"session_id": SESSION, "hook_event_name": "UserPromptSubmit", "prompt": {"text": "hi"}},
        {"session_id": SESSION, "hook_event_name": "SessionEnd", "reason": ["x"]},
        {"session_id": SESSION, "hook_event_name": "Stop", "stop_hook_active": "yes"},
    ]
    for event in events:
        assert_quiet(run_hook(event))


def test_unknown_event_is_ignored_quietly(env):
    assert_quiet(run_hook({"session_id": SESSION, "hook_event_name": "TeleportUser", "cwd": "/tmp"}))
    assert_quiet(run_hook({"hook_event_name": "Notification", "message": "hi"}))
    assert not os.path.exists(env.mhome)


def test_invalid_utf8_is_replaced_not_fatal(env):
    event = {"session_id": SESSION, "cwd": "/home/dev/calc-app", "hook_event_name": "UserPromptSubmit",
             "prompt_id": "p1", "prompt": "PLACEHOLDER and the rest of the prompt"}  # fmt: skip
    data = json.dumps(event).encode().replace(b"PLACEHOLDER", b"caf\xe9 \xff\xfe broken bytes")
    assert_quiet(run_hook(data))
    conn = db.connect(env.db)
    (content,), = conn.execute("SELECT content FROM memory").fetchall()
    conn.close()
    assert content == "caf\ufffd \ufffd\ufffd broken bytes and the rest of the prompt"


def test_stdin_kept_open_after_a_whole_event(env):
    """Claude Code closes stdin, but a sender that does not must not hang the hook."""
    environ = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen(hook_cmd(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=environ)  # fmt: skip
    try:
        proc.stdin.write(json.dumps(EDIT).encode())
        proc.stdin.flush()
        proc.wait(timeout=HANG)  # stdin is still open: the hook ends by itself
        out, err = proc.stdout.read(), proc.stderr.read()
    finally:
        proc.kill()
        proc.stdin.close()
        proc.wait()
    assert proc.returncode == 0 and out == b"" and err == b""
    assert memory_count(env.db) == 1


def test_a_whole_event_is_read_without_waiting_for_the_end_of_stdin():
    from hooks.event import read_stdin

    reading, writing = os.pipe()
    try:
        os.write(writing, json.dumps(EDIT).encode())
        with open(reading, "rb", closefd=False) as stream:
            started = time.monotonic()
            data = read_stdin(stream, timeout=HANG)  # the pipe stays open
            waited = time.monotonic() - started
    finally:
        os.close(reading)
        os.close(writing)
    assert json.loads(data) == EDIT
    assert waited < HANG / 2  # it stopped at the whole object, not at the timeout


# The wait a test asks the hook for (MEMLANE_STDIN_TIMEOUT_S) instead of the 8 s it takes.
SHORT_WAIT_S = 2.0


@pytest.mark.parametrize("data", [b"", b'{"session_id": "x", "hook_event_'], ids=["nothing", "half"])
def test_stdin_kept_open_without_a_whole_event_times_out(env, data):
    environ = dict(os.environ, PYTHONPATH=str(REPO), MEMLANE_STDIN_TIMEOUT_S=str(SHORT_WAIT_S))
    proc = subprocess.Popen(hook_cmd(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=environ)  # fmt: skip
    try:
        started = time.monotonic()
        proc.stdin.write(data)
        proc.stdin.flush()
        proc.wait(timeout=HANG)
        elapsed = time.monotonic() - started
        result = subprocess.CompletedProcess(proc.args, proc.returncode, proc.stdout.read(), proc.stderr.read())
    finally:
        proc.kill()
        proc.stdin.close()
        proc.wait()
    assert elapsed >= SHORT_WAIT_S  # it waited for the rest of the event (its timeout), then gave up
    assert_failed_open(result, env)


def test_a_10_mb_payload_is_taken_and_cut(env):
    noise = "".join(f"line {i}: building module {i % 97} of the project, all fine\n" for i in range(180_000))
    secret_tail = "export API_KEY=sk-ant-api03-" + "Z" * 40 + "\ndone\n"
    private_middle = noise[: len(noise) // 2] + "<private>INTERNAL-HOSTNAME-42</private>" + noise[len(noise) // 2 :]
    event = {
        "session_id": SESSION, "cwd": "/home/dev/calc-app", "hook_event_name": "PostToolUse",
        "prompt_id": "p1", "tool_name": "Bash", "tool_use_id": "toolu_big",
        "tool_input": {"command": "npm run build-everything"},
        "tool_response": {"stdout": private_middle + secret_tail, "stderr": "", "interrupted": False},
    }  # fmt: skip
    data = json.dumps(event).encode()
    assert len(data) > 10_000_000
    result = run_hook(data)  # a hang fails at run_hook's timeout; the time is bench_hostile's
    assert_quiet(result)
    conn = db.connect(env.db)
    (content,), = conn.execute("SELECT content FROM memory").fetchall()
    conn.close()
    assert content.startswith("$ npm run build-everything") and len(content) <= 4000
    assert "sk-ant-api03-ZZZZ" not in content and "INTERNAL-HOSTNAME-42" not in content


def test_more_than_16_mb_is_refused(env):
    data = b'{"session_id": "x", "hook_event_name": "PostToolUse", "blob": "' + b"a" * (17 * 2**20) + b'"}'
    result = run_hook(data)
    assert_failed_open(result, env, mentions="larger than 16 MB")
    assert not os.path.exists(env.db)


# ---------------------------------------------------------------- the database


def seed_db(path: str) -> None:
    conn = db.connect(path)
    from store.writing import writer

    writer.start_session(conn, "old", "/home/dev/calc-app")
    writer.add_memory(conn, {"session_id": "old", "type": "file_edit", "cwd": "/home/dev/calc-app",
                             "content": "Edit src/calc.py: fixed the add function"})  # fmt: skip
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def spooled(env) -> list[dict]:
    from store.paths import default_db_path, spool_dir_for

    folder = Path(spool_dir_for(default_db_path()))
    ops = []
    for name in sorted(os.listdir(folder)) if folder.is_dir() else []:
        ops += [json.loads(line) for line in (folder / name).read_text().splitlines()]
    return ops


def test_read_only_database_file(env, monkeypatch):
    seed_db(env.db)
    readonly = os.path.join(env.tmp, "ro")
    os.makedirs(readonly)
    db_path = os.path.join(readonly, "memory.db")
    shutil.move(env.db, db_path)
    for suffix in ("-wal", "-shm"):
        if os.path.exists(env.db + suffix):
            os.remove(env.db + suffix)
    monkeypatch.setenv("MEMLANE_DB", db_path)
    os.chmod(db_path, 0o444)
    os.chmod(readonly, 0o555)
    try:
        before = file_bytes(db_path)
        for event in (EDIT, {"session_id": SESSION, "cwd": "/home/dev/calc-app",
                             "hook_event_name": "UserPromptSubmit", "prompt": "fix the add function in calc.py"}):  # fmt: skip
            result = run_hook(event, respect_permissions=True)
            if event["hook_event_name"] == "UserPromptSubmit":  # the store is read, read-only: recall works
                context = json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]
                assert "calc.py" in context
                result = subprocess.CompletedProcess(result.args, result.returncode, b"", result.stderr)
            line = assert_failed_open(result, env)
            assert "read-only" in line, line
            (env.mhome / "memlane.log").unlink()
        assert file_bytes(db_path) == before
        assert os.listdir(readonly) == ["memory.db"]
        assert [op["op"] for op in spooled(env)] == ["memory", "memory", "summary"]  # kept for later
    finally:
        os.chmod(readonly, 0o755)
        os.chmod(db_path, 0o644)


def test_missing_database_folder_is_created(env):
    assert not env.mhome.exists()
    assert_quiet(run_hook(EDIT))
    assert memory_count(env.db) == 1


def test_database_folder_that_cannot_exist(env, monkeypatch):
    blocker = env.tmp / "not-a-folder"
    blocker.write_text("a file where a folder should be")
    monkeypatch.setenv("MEMLANE_DB", str(blocker / "sub" / "memory.db"))
    line = assert_failed_open(run_hook(EDIT), env)
    assert "not-a-folder" in line
    assert blocker.read_text() == "a file where a folder should be"


def test_corrupt_database_file_is_left_untouched(env):
    env.mhome.mkdir(parents=True)
    garbage = b"this is not an sqlite file at all" * 1000
    Path(env.db).write_bytes(garbage)
    for event in (EDIT, {"session_id": SESSION, "cwd": "/home/dev/calc-app", "hook_event_name": "SessionStart",
                         "source": "startup"}):  # fmt: skip
        result = run_hook(event)
        line = assert_failed_open(result, env, mentions="not a readable memlane database")
        assert env.db in line
        (env.mhome / "memlane.log").unlink()
    assert Path(env.db).read_bytes() == garbage
    assert sorted(os.listdir(env.mhome)) == ["memory.db", "spool"]


def test_database_from_a_newer_memlane_is_left_untouched(env):
    env.mhome.mkdir(parents=True)
    conn = sqlite3.connect(env.db)
    conn.execute("CREATE TABLE memory (id INTEGER PRIMARY KEY)")
    conn.execute("PRAGMA user_version = 999")
    conn.close()
    before = file_bytes(env.db)
    assert_failed_open(run_hook(EDIT), env, mentions="newer memlane")
    assert file_bytes(env.db) == before


def test_unwritable_memlane_home_still_exits_zero(env):
    env.home.mkdir(parents=True)
    (env.home / ".claude").write_text("a file, so nothing can be created under it")
    result = run_hook(EDIT)
    assert result.returncode == 0 and result.stdout == b""
    lines = stderr_lines(result)
    assert len(lines) == 1 and lines[0].startswith("[memlane] ")


# ---------------------------------------------------------------- the log


def test_log_file_rotates_and_stays_bounded(env, monkeypatch):
    monkeypatch.setattr(log, "MAX_LOG_BYTES", 2000)
    for i in range(200):
        log.write_log(f"[memlane] line {i} " + "x" * 80)
    names = sorted(os.listdir(env.mhome))
    assert names == ["memlane.log", "memlane.log.1", "memlane.log.2"]
    assert all(os.path.getsize(env.mhome / n) < 2200 for n in names)
    assert "line 199" in (env.mhome / "memlane.log").read_text()


def test_log_line_is_one_printable_line(env, capsys):
    line = log.log_line("PostToolUse: broken\nacross lines\x1b[31m and \u202e bidi")
    err = capsys.readouterr().err
    assert err == line + "\n" and err.count("\n") == 1
    assert line.startswith("[memlane] PostToolUse: broken across lines")
    assert "\x1b" not in line and "\u202e" not in line


def test_a_config_cache_that_cannot_be_written_is_said_and_the_event_still_stored(env):
    env.mhome.mkdir(parents=True, exist_ok=True)
    (env.mhome / "config.toml").write_text("max_inject = 3\n")
    (env.mhome / ".config-cache.json").mkdir()  # a folder where the cache file goes
    result = run_hook(EDIT)
    assert_failed_open(result, env, mentions="config cache")
    assert memory_count(env.db) == 1
