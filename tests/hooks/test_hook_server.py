"""The hook as installed (`hooks.client`) and the store's hook server (`hooks.server`): the same
output and rows as the hook run in its own process, one server per store, a server that leaves
when it should, and a hook that never waits on it or runs an event twice."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import threading
from contextlib import closing
from pathlib import Path
from types import SimpleNamespace

import pytest

from hooks import client, server, wire
from tests.shared_payloads import PAYLOADS
from tests.timing import HANG, until
from tui.commands.install import HOOK_CODE, hook_paths

REPO = Path(__file__).resolve().parents[2]
SESSION = "064029b2-9298-429a-987c-019be7412488"
OTHER = "9d0c3d52-6f4a-4b7e-9a51-2c0e5f7a1b11"
# Every kind of event the real CLI sent, in a session's order (PreToolUse: one memlane ignores).
SESSION_EVENTS = (
    "session-start", "user-prompt-submit", "post-tool-use-read", "post-tool-use-edit", "post-tool-use-bash",
    "post-tool-use-bash-ls", "post-tool-use-bash-git-commit", "post-tool-use-bash-stderr-exit0",
    "post-tool-use-failure-bash", "post-tool-use-failure-webfetch", "post-tool-use-taskcreate",
    "post-tool-use-write", "pre-tool-use-bash", "stop", "session-end",
)  # fmt: skip
MEMORY_COLUMNS = "session_id, prompt_id, tool_use_id, tool_name, type, project, cwd, file_path, content, tags, importance"
SESSION_COLUMNS = "session_id, project, cwd, end_reason, summary, tools_used, files_changed, memory_count, error_count, title"


def payload(name: str, session: str = SESSION, **changes) -> bytes:
    event = json.loads((PAYLOADS / f"{name}.json").read_text())
    event.update(changes)
    return json.dumps(event).replace(SESSION, session).encode()


def hook(store, data: bytes, **env) -> subprocess.CompletedProcess:
    """One hook run as `memlane install` writes it."""
    argv = [sys.executable, "-I", "-S", "-c", HOOK_CODE, *store.folders]
    return subprocess.run(argv, input=data, capture_output=True, env={**store.env, **env}, timeout=HANG)


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False
    except OSError:
        return True


def open_files(pid) -> set[str]:
    """What process `pid` holds open (its /proc fd links); an fd closed while they are read (the
    server opens and closes files as it works) is skipped, not an error."""
    held = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            held.add(os.readlink(f"/proc/{pid}/fd/{fd}"))
        except FileNotFoundError:
            continue
    return held


def status(store) -> dict | None:
    return client.server_status(store.db)


def started(store) -> dict:
    """The store's server, started by a hook run (SessionStart) and warm."""
    if status(store) is None:
        assert hook(store, payload("session-start")).returncode == 0
        assert until(lambda: status(store) is not None), "no hook server started"
    return status(store)


def stop(store) -> None:
    now = status(store)
    paths = client.server_paths(store.db)
    if paths:
        for name in ("sock", "start"):
            try:
                os.unlink(paths[name])
            except FileNotFoundError:
                pass
    if now:
        assert until(lambda: not alive(now["pid"])), "the hook server did not leave when its socket went"


def make_store(tmp_path: Path, name: str, folders=None) -> SimpleNamespace:
    home = tmp_path / name
    mhome = home / ".claude" / "memlane"
    mhome.mkdir(parents=True, mode=0o700)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("MEMLANE_", "CLAUDE_")) and k not in ("PYTHONPATH",)}  # fmt: skip
    env.update(HOME=str(home), MEMLANE_HOME=str(mhome), MEMLANE_DB=str(mhome / "memory.db"),
               CLAUDE_CONFIG_DIR=str(home / ".claude"), MEMLANE_HOOK_SERVER="on")  # fmt: skip
    return SimpleNamespace(home=home, db=str(mhome / "memory.db"), env=env, folders=folders or hook_paths())


@pytest.fixture
def store(tmp_path, monkeypatch):
    made = make_store(tmp_path, "home")
    monkeypatch.setenv("MEMLANE_DB", made.db)  # where server_status looks
    yield made
    stop(made)


def rows(db: str) -> tuple[list, list]:
    with closing(sqlite3.connect(db)) as conn:
        memories = conn.execute(f"SELECT {MEMORY_COLUMNS} FROM memory ORDER BY id").fetchall()
        sessions = conn.execute(f"SELECT {SESSION_COLUMNS} FROM session ORDER BY session_id").fetchall()
    # a summary says how long its session took: a second more or less in one of the two stores
    return memories, [(*s[:4], re.sub(r"\b\d+(?:\.\d+)?(?:s|min|h)\b", "<time>", s[4] or ""), *s[5:]) for s in sessions]


# ------------------------------------------------------------------ the same as in-process


def two_sessions() -> list[bytes]:
    """A session of every event kind, then another in the same project whose prompt is about
    the first one's task (it gets a recall block) and whose start gets the digest."""
    first = [payload(name) for name in SESSION_EVENTS]
    again = "The add function in calc.py again: does it still add?"
    second = [payload(name, OTHER, **({"prompt": again} if name == "user-prompt-submit" else {}))
              for name in SESSION_EVENTS]  # fmt: skip
    return first + second


def test_the_server_prints_and_stores_byte_for_byte_what_the_hook_process_does(tmp_path, monkeypatch):
    alone, served = make_store(tmp_path, "alone"), make_store(tmp_path, "served")
    monkeypatch.setenv("MEMLANE_DB", served.db)
    try:
        client.start_server(served.db, client.server_paths(served.db))  # warm before the first event
        assert until(lambda: status(served) is not None)
        events = two_sessions()
        for data in events:
            by_itself = hook(alone, data, MEMLANE_HOOK_SERVER="off")
            by_server = hook(served, data)
            assert (by_server.returncode, by_server.stdout, by_server.stderr) == (
                by_itself.returncode, by_itself.stdout, by_itself.stderr), data[:200]
        assert status(served)["events"] == len(events)  # every one of them ran in the server
        assert rows(served.db) == rows(alone.db)
        printed = hook(served, events[len(SESSION_EVENTS) + 1]).stdout
        assert b"additionalContext" in printed and b"calc.py" in printed  # recall did run
    finally:
        stop(served)


# ------------------------------------------------------------------ starting, once


def test_a_killed_server_leaves_a_stale_socket_and_the_next_hook_runs_itself_and_starts_another(store):
    first = started(store)
    os.kill(first["pid"], 9)
    assert until(lambda: not alive(first["pid"]))
    assert os.path.exists(client.server_paths(store.db)["sock"])  # stale: nobody listens
    done = hook(store, payload("user-prompt-submit"))
    assert (done.returncode, done.stderr) == (0, b"")
    assert any(m[4] == "prompt" for m in rows(store.db)[0])  # stored by the hook itself
    assert until(lambda: (status(store) or {}).get("pid") not in (None, first["pid"]))


def test_hooks_started_together_start_one_server(store):
    argv = [sys.executable, "-I", "-S", "-c", HOOK_CODE, *store.folders]
    data = payload("post-tool-use-edit")
    runs = [subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=store.env) for _ in range(6)]  # fmt: skip
    for run in runs:
        run.communicate(data, timeout=HANG)
        assert run.returncode == 0
    assert until(lambda: status(store) is not None)
    assert until(lambda: len(servers_of(store.db)) == 1), servers_of(store.db)


def servers_of(db: str) -> list[int]:
    """The live processes running the hook server of `db`: started by a hook (`hooks.server` on
    its command line), or forked by one that handed it its event (holding the server's lock)."""
    found = []
    lock = client.server_paths(db)["lock"]
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as fh:
                words = fh.read().split(b"\0")
            started_so = any(b"hooks.server" in w for w in words) and os.fsencode(db) in words
            forked_so = lock in open_files(pid)
        except OSError:
            continue
        if (started_so or forked_so) and alive(int(pid)):
            found.append(int(pid))
    return found


def test_a_hook_that_starts_the_server_returns_while_the_server_lives(store):
    """Claude Code waits until the hook's pipes close: the server must hold none of them."""
    argv = [sys.executable, "-I", "-S", "-c", HOOK_CODE, *store.folders]
    run = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env=store.env)  # fmt: skip
    out, err = run.communicate(payload("session-start"), timeout=HANG)  # EOF on both pipes
    assert run.returncode == 0 and err == b""
    assert until(lambda: status(store) is not None)
    pid = status(store)["pid"]
    held = open_files(pid)
    assert not any(h.startswith("pipe:") for h in held), held


# ------------------------------------------------------------------ leaving


def test_the_server_leaves_when_idle(store):
    store.env["MEMLANE_HOOK_SERVER_IDLE_S"] = "3"  # long enough to be seen up on a busy machine
    pid = started(store)["pid"]
    assert until(lambda: not alive(pid))
    assert not os.path.exists(client.server_paths(store.db)["sock"])


def test_the_server_leaves_when_its_socket_is_removed_or_its_folder_goes(store):
    pid = started(store)["pid"]
    os.unlink(client.server_paths(store.db)["sock"])
    assert until(lambda: not alive(pid))
    pid = started(store)["pid"]
    shutil.rmtree(store.home)
    assert until(lambda: not alive(pid))


def test_the_server_leaves_when_a_module_it_loaded_changes_on_disk(tmp_path, monkeypatch):
    code = tmp_path / "code"
    for package in ("hooks", "store"):
        shutil.copytree(REPO / package, code / package, ignore=shutil.ignore_patterns("__pycache__"))
    copied = make_store(tmp_path, "home", folders=[str(code), *hook_paths()[1:]])
    monkeypatch.setenv("MEMLANE_DB", copied.db)
    pid = started(copied)["pid"]
    assert hook(copied, payload("post-tool-use-edit")).returncode == 0
    assert status(copied)["pid"] == pid  # served, and still there
    os.utime(code / "store" / "config.py")  # an edit, or an upgrade
    assert until(lambda: not alive(pid))
    done = hook(copied, payload("user-prompt-submit"))  # runs itself, starts a fresh server
    assert (done.returncode, done.stderr) == (0, b"")
    assert until(lambda: (status(copied) or {}).get("pid") not in (None, pid))
    stop(copied)


# ------------------------------------------------------------------ one event's settings are its own


def seeded(store) -> bytes:
    """The store with a past task about calc.py; a prompt of a new session about it."""
    for data in two_sessions()[: len(SESSION_EVENTS)]:
        assert hook(store, data, MEMLANE_HOOK_SERVER="off").returncode == 0
    assert hook(store, payload("session-start", OTHER), MEMLANE_HOOK_SERVER="off").returncode == 0
    return payload("user-prompt-submit", OTHER, prompt="The add function in calc.py again: does it still add?")


def test_an_events_environment_is_not_the_next_ones(store):
    prompt = seeded(store)
    started(store)
    assert hook(store, prompt, MEMLANE_DISABLE="1").stdout == b""  # injection off for this one
    assert b"additionalContext" in hook(store, prompt).stdout  # and on again for the next


def test_a_forget_from_another_process_is_seen_by_the_servers_next_prompt(store):
    prompt = seeded(store)
    started(store)
    assert b"calc.py" in hook(store, prompt).stdout
    env = {**store.env, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "tui.commands.cli", "forget", "--query", "calc", "--yes"], env=env,
                          capture_output=True, timeout=HANG)  # fmt: skip
    assert done.returncode == 0, done.stderr
    again = hook(store, payload("user-prompt-submit", OTHER, prompt="The add function in calc.py: still adding?"))
    assert b"calc.py" not in again.stdout, again.stdout


# ------------------------------------------------------------------ the exchange's edges


def fake_server(path: str, answer):
    """A listener at `path` that runs `answer(conn)` for one connection, in a thread."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(1)

    def serve():
        conn, _ = listener.accept()
        with conn:
            answer(conn)
        listener.close()

    threading.Thread(target=serve, daemon=True).start()
    return listener


def test_a_server_that_closes_before_accepting_leaves_the_event_to_the_hook(store, tmp_path):
    path = client.server_paths(store.db)["sock"]
    fake_server(path, lambda conn: None)
    done = hook(store, payload("user-prompt-submit"))
    assert (done.returncode, done.stderr) == (0, b"")
    assert [m[4] for m in rows(store.db)[0]] == ["prompt"]  # run once, by the hook itself
    os.unlink(path)


def test_once_the_server_has_the_event_the_client_never_runs_it_again(tmp_path, monkeypatch):
    path = str(tmp_path / "s.sock")
    got = threading.Event()

    def accept_then_hang(conn):
        server.read_request(conn)
        conn.sendall(b"A")
        assert conn.recv(1) == b"G"
        got.set()
        conn.recv(1)  # never answers; the client leaves

    fake_server(path, accept_then_hang)
    monkeypatch.setattr(client, "REPLY_WAIT_S", 0.2)
    with pytest.raises(OSError) as raised:  # a timeout: not Fallback, so the hook gives up quietly
        client.exchange(path, client.request_fields("/x/memory.db", b"{}"))
    assert not isinstance(raised.value, client.Fallback) and got.is_set()


def test_neither_side_talks_to_another_users_process(tmp_path, monkeypatch):
    path = str(tmp_path / "s.sock")
    for side in (client, wire):  # the client's check and the server's (both speak hooks.wire)
        monkeypatch.setattr(side, "peer_uid", lambda sock: os.getuid() + 1)
    fake_server(path, lambda conn: conn.recv(1))
    with pytest.raises(client.Fallback):  # the client: a socket of another user's server
        client.exchange(path, client.request_fields("/x/memory.db", b"{}"))
    left, right = socket.socketpair()
    the_server = server.Server("/x/memory.db", {"sock": path})
    left.sendall(client.MAGIC + client.pack(client.request_fields("/x/memory.db", b"{}")))
    the_server.serve(right)  # the server: a request from another user's process
    left.setblocking(False)
    with pytest.raises(BlockingIOError):
        left.recv(10)  # not a byte said
    assert the_server.events == 0


def test_the_switch_turns_the_server_off(store):
    for _ in range(3):
        assert hook(store, payload("post-tool-use-edit"), MEMLANE_HOOK_SERVER="off").returncode == 0
    assert status(store) is None and not os.path.exists(client.server_paths(store.db)["start"])


def test_a_socket_path_too_long_for_unix_sockets_moves_to_an_owner_only_folder(tmp_path, monkeypatch):
    deep = tmp_path / ("d" * 120)
    deep.mkdir(mode=0o700)
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    paths = client.server_paths(str(deep / "memory.db"))
    assert len(paths["sock"]) <= 107 and paths["folder"] == f"/tmp/memlane-{os.getuid()}"
    assert os.stat(paths["folder"]).st_mode & 0o777 == 0o700 and wire.private_folder(paths["folder"])
    assert client.server_paths(str(deep / "other.db"))["sock"] != paths["sock"]
    assert client.server_paths(str(tmp_path / "nowhere" / "memory.db")) is None  # no folder yet: no server


# ------------------------------------------------------------------ the kept connection


def served_here(db: str, name: str, n: int) -> tuple[int, bytes, bytes]:
    """One event run by the server's own code, in this process (`hooks.server.run_event`)."""
    data = payload(name, tool_use_id=f"toolu_{n}")
    return server.run_event(dict(zip(client.REQUEST_FIELDS, client.request_fields(db, data))))


@pytest.fixture
def resident(tmp_path, monkeypatch):
    made = make_store(tmp_path, "home")
    for key, value in made.env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.chdir(tmp_path)
    kept = server.Resident()
    monkeypatch.setattr("hooks.main.RESIDENT", kept)
    monkeypatch.setattr("hooks.background.maybe_start", lambda *a, **k: False)
    yield SimpleNamespace(db=made.db, kept=kept)
    kept.close()


def test_the_server_keeps_its_database_connection_between_events(resident):
    served_here(resident.db, "post-tool-use-edit", 1)
    conn = resident.kept.conn
    assert conn is not None
    served_here(resident.db, "post-tool-use-bash", 2)
    assert resident.kept.conn is conn  # not closed and opened again (a close checkpoints the log)
    assert len(rows(resident.db)[0]) == 2


def test_a_replaced_database_or_another_schema_version_is_opened_afresh(resident):
    served_here(resident.db, "post-tool-use-edit", 1)
    first = resident.kept.conn
    os.rename(resident.db, resident.db + ".old")  # restored from a backup, say: another file
    for suffix in ("-wal", "-shm"):
        if os.path.exists(resident.db + suffix):
            os.rename(resident.db + suffix, resident.db + ".old" + suffix)
    served_here(resident.db, "post-tool-use-bash", 2)
    assert resident.kept.conn is not first and len(rows(resident.db)[0]) == 1
    second = resident.kept.conn
    with closing(sqlite3.connect(resident.db)) as conn:  # a migration by a newer memlane, say
        conn.execute("PRAGMA user_version = 11")
    served_here(resident.db, "post-tool-use-write", 3)  # this memlane upgrades it again
    assert resident.kept.conn is not second


def test_a_request_runs_in_its_folder_and_environment_and_leaves_neither_behind(resident, tmp_path):
    before = (dict(os.environ), os.getcwd(), sys.argv)
    fields = dict(zip(client.REQUEST_FIELDS, client.request_fields(resident.db, payload("post-tool-use-edit"))))
    fields["env"] += b"\0MEMLANE_DISABLE=1\0TZ=Asia/Seoul"
    fields["cwd"] = os.fsencode(tmp_path / "home")
    code, out, err = server.run_event(fields)
    assert (code, out, err) == (0, b"", b"")
    assert (dict(os.environ), sys.argv) == (before[0], before[2]) and os.getcwd() == "/"


def test_a_database_reached_through_a_linked_folder_is_served_by_its_one_server(store, tmp_path):
    first = started(store)
    link = tmp_path / "linked"
    link.symlink_to(Path(store.db).parent, target_is_directory=True)
    done = hook(store, payload("post-tool-use-edit"), MEMLANE_DB=str(link / "memory.db"))
    assert (done.returncode, done.stderr) == (0, b"")
    assert status(store) == dict(first, events=first["events"] + 1)  # the same server ran it
    assert servers_of(store.db) == servers_of(str(link / "memory.db")) == [first["pid"]]  # one server for both


def opened_by_a_server(db: str, path: str) -> bool:
    for pid in servers_of(db):
        try:
            if path in open_files(pid):
                return True
        except OSError:
            continue
    return False


def test_a_server_started_while_the_last_one_still_leaves_waits_for_its_lock(store):
    import fcntl

    paths = client.server_paths(store.db)
    held = os.open(paths["lock"], os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)  # the server that is leaving
        assert client.start_server(store.db, paths)
        assert until(lambda: opened_by_a_server(store.db, paths["lock"])), "no server asked for the lock"
    finally:
        os.close(held)  # it has left
    assert until(lambda: status(store) is not None), "the new server gave up instead of taking over"


def test_an_event_that_runs_longer_than_any_hook_may_marks_the_server_stuck(monkeypatch):
    the_server = server.Server("/x/memory.db", {"sock": "/x/memory.db-hook.sock"})
    assert not the_server.stuck()  # idle
    the_server.busy_since = server.time.monotonic()
    assert not the_server.stuck()  # busy, for now
    monkeypatch.setattr(server, "EVENT_LIMIT_S", -1.0)
    assert the_server.stuck()  # its watchdog removes the socket and ends the process


def test_the_hook_as_installed_loads_next_to_nothing_when_its_server_runs_the_event(store):
    started(store)
    argv = [sys.executable, "-I", "-S", "-X", "importtime", "-c", HOOK_CODE, *store.folders]
    before = status(store)["events"]
    done = subprocess.run(argv, input=payload("post-tool-use-edit"), capture_output=True, env=store.env, timeout=HANG)
    assert done.returncode == 0 and status(store)["events"] == before + 1
    loaded = {line.split("|")[-1].strip() for line in done.stderr.decode().splitlines() if line.startswith("import time:")}
    bare = subprocess.run([sys.executable, "-I", "-S", "-X", "importtime", "-c", "pass"], capture_output=True)
    loaded -= {line.split("|")[-1].strip() for line in bare.stderr.decode().splitlines()}
    assert loaded <= {"hooks", "hooks.client", "hooks.wire", "hooks.event", "store", "store.paths", "_socket", "select", "__future__",
                      "os", "stat", "_stat", "posixpath", "genericpath", "_collections_abc",
                      "store.digest", "_sha256"}, loaded  # fmt: skip (the digest: a long path's socket)


def test_asked_to_stop_the_server_leaves_tidily(store):
    pid = started(store)["pid"]
    os.kill(pid, 15)
    assert until(lambda: not alive(pid))
    paths = client.server_paths(store.db)
    assert not os.path.exists(paths["sock"])  # no stale socket left behind


def test_uninstall_stops_the_hook_server_and_doctor_says_whether_one_runs(store, monkeypatch):
    from tui.commands.doctor import _check_hook_server, _Report
    from tui.commands.install import uninstall

    def doctor_line() -> str:
        said = []
        _check_hook_server(_Report(said.append), store.db)
        return said[-1]

    pid = started(store)["pid"]
    assert f"running, pid {pid}" in doctor_line()
    monkeypatch.setenv("HOME", str(store.home))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(store.home / ".claude"))
    said = []
    assert uninstall(dry_run=True, say=said.append) == 0
    assert f"The hook server (pid {pid}) would be stopped." in said and alive(pid)
    said.clear()
    assert uninstall(say=said.append) == 0
    assert any(f"stopped the hook server (pid {pid})" in line for line in said), said
    assert until(lambda: not alive(pid))
    assert "not running" in doctor_line()
    monkeypatch.setenv(client.SWITCH, "off")
    assert "off" in doctor_line()


def test_between_events_the_server_merges_the_word_index_down_to_a_few_segments(store):
    """Each hook's write adds a segment to the word index and recall reads every term once per
    segment: a second after the last event the server merges them down (store.database.compact_index)."""
    from store.database.connection import COMPACT_ABOVE, index_segments

    started(store)
    for i in range(24):
        edit = payload("post-tool-use-edit", tool_use_id=f"toolu_upkeep_{i:03d}")
        assert hook(store, edit).returncode == 0

    def segments() -> int:
        with closing(sqlite3.connect(store.db)) as conn:
            return index_segments(conn, "memory_words")[0]

    assert until(lambda: segments() <= COMPACT_ABOVE), segments()
    with closing(sqlite3.connect(store.db)) as conn:  # every edit still found
        assert conn.execute("SELECT count(*) FROM memory_words WHERE memory_words MATCH 'calc'").fetchone()[0] == 24


def test_an_upkeep_kept_out_by_another_writer_waits_briefly_and_comes_back_after_the_next_event(store):
    """Another process holds the write lock: the upkeep gives up at once (a hook never queues
    behind its wait), says so once in the log, and merges after a later event."""
    from store.database.connection import COMPACT_ABOVE, index_segments

    started(store)
    for i in range(24):
        assert hook(store, payload("post-tool-use-edit", tool_use_id=f"toolu_busy_{i:03d}")).returncode == 0
    log = Path(store.env["MEMLANE_HOME"]) / "memlane.log"

    def segments() -> int:
        with closing(sqlite3.connect(store.db)) as conn:
            return index_segments(conn, "memory_words")[0]

    def gave_up() -> bool:
        return log.exists() and "upkeep stopped" in log.read_text()

    holder = sqlite3.connect(store.db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:  # (a loaded machine may have merged before the lock was taken: then nothing to give up)
        assert until(lambda: gave_up() or segments() <= COMPACT_ABOVE)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert hook(store, payload("post-tool-use-edit", tool_use_id="toolu_busy_last")).returncode == 0
    assert until(lambda: segments() <= COMPACT_ABOVE), segments()
