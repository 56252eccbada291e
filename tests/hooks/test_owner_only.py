"""Owner-only files: a first run under umask 022 leaves the memlane folder 0700 and every
file in it 0600, and no memlane path is followed through a symbolic link."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from store import log
from store.database import connection as db
from store.files import SymlinkRefused
from store.writing import queue as spool
from tests.hooks.test_fail_open import EDIT, REPO, SESSION

PRIVATE_PROMPT = {"session_id": SESSION, "cwd": "/home/dev/calc-app", "prompt_id": "p9",
                  "hook_event_name": "UserPromptSubmit", "prompt": "<private>my pin is 1234</private>"}  # fmt: skip
START = {"session_id": SESSION, "cwd": "/home/dev/calc-app", "hook_event_name": "SessionStart",
         "source": "startup"}  # fmt: skip


def run_under_umask_022(event: dict) -> subprocess.CompletedProcess:
    script = "import os, sys; os.umask(0o022); from hooks.main import main; main()"
    environ = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-c", script], input=json.dumps(event).encode(),
                          capture_output=True, env=environ, timeout=60)  # fmt: skip


def modes(folder: Path) -> dict[str, int]:
    out = {".": stat.S_IMODE(folder.stat().st_mode)}
    for path in folder.rglob("*"):
        out[str(path.relative_to(folder))] = stat.S_IMODE(path.lstat().st_mode)
    return out


def test_a_first_run_under_umask_022_leaves_owner_only_files(env):
    (env.mhome.parent).mkdir(parents=True)
    env.mhome.parent.chmod(0o755)  # ~/.claude is Claude Code's, as it made it
    env.mhome.mkdir(mode=0o755)
    env.mhome.chmod(0o755)  # a memlane folder an older version left open
    (env.mhome / "config.toml").write_text("max_inject = 3\n")
    for event in (START, PRIVATE_PROMPT, EDIT):
        assert run_under_umask_022(event).returncode == 0
    got = modes(env.mhome)
    names = set(got)
    assert {"memory.db", ".config-cache.json", "private-turns"} <= names, names
    assert any(n.startswith("private-turns/") for n in names), names
    for name, mode in got.items():
        is_dir = (env.mhome / name).is_dir()
        if name == "config.toml":
            continue  # the user's own file, as they wrote it
        assert mode == (0o700 if is_dir else 0o600), (name, oct(mode))


def test_the_spool_and_the_log_are_owner_only(env):
    os.umask(0o022)
    try:
        written = spool.spool([{"type": "note", "content": "x", "session_id": SESSION}])
        log.write_log("[memlane] test line")
    finally:
        os.umask(0o022)
    assert stat.S_IMODE(os.stat(written).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(os.path.dirname(written)).st_mode) == 0o700
    assert stat.S_IMODE((env.mhome / "memlane.log").stat().st_mode) == 0o600
    assert stat.S_IMODE(env.mhome.stat().st_mode) == 0o700


def test_an_existing_open_database_is_made_owner_only(env, tmp_path):
    env.mhome.mkdir(parents=True)
    conn = db.connect(env.db)
    conn.close()
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(env.db + suffix):
            os.chmod(env.db + suffix, 0o644)
    env.mhome.chmod(0o755)
    db.connect(env.db).close()
    assert stat.S_IMODE(os.stat(env.db).st_mode) == 0o600
    assert stat.S_IMODE(env.mhome.stat().st_mode) == 0o700


def test_a_symlinked_database_is_refused_and_its_target_untouched(env, tmp_path):
    env.mhome.mkdir(parents=True)
    target = tmp_path / "someone-elses.db"
    target.write_bytes(b"precious")
    os.symlink(target, env.db)
    with pytest.raises(db.StoreError, match="symbolic link"):
        db.connect(env.db)
    assert target.read_bytes() == b"precious"
    result = run_under_umask_022(EDIT)
    assert result.returncode == 0 and b"symbolic link" in result.stderr
    assert target.read_bytes() == b"precious"


def test_a_symlinked_log_is_not_appended_to(env, tmp_path):
    env.mhome.mkdir(parents=True)
    target = tmp_path / "victim.txt"
    target.write_text("keep\n")
    os.symlink(target, env.mhome / "memlane.log")
    assert log.write_log("[memlane] hello") is False
    assert target.read_text() == "keep\n"


def test_a_symlinked_spool_folder_is_never_drained(env, tmp_path):
    env.mhome.mkdir(parents=True)
    planted = tmp_path / "planted"
    planted.mkdir()
    op = {"op": "memory", "obs": {"type": "note", "content": "planted by another user",
                                  "session_id": SESSION, "created_at": "2026-01-01T00:00:00Z"}}  # fmt: skip
    (planted / "00000000000000000001-1-1.jsonl").write_text(json.dumps(op) + "\n")
    os.symlink(planted, env.mhome / "spool")
    conn = db.connect(env.db)
    try:
        with pytest.raises(SymlinkRefused):
            spool.drain(conn)
        with pytest.raises(SymlinkRefused):
            spool.spool([{"type": "note", "content": "x"}])
        assert conn.execute("SELECT count(*) FROM memory").fetchone()[0] == 0
    finally:
        conn.close()
    assert (planted / "00000000000000000001-1-1.jsonl").exists()
    # through the hook: the planted memory never lands, and the hook says why
    result = run_under_umask_022(EDIT)
    assert result.returncode == 0 and b"symbolic link" in result.stderr
    conn = db.connect(env.db)
    try:
        contents = [r[0] for r in conn.execute("SELECT content FROM memory")]
    finally:
        conn.close()
    assert not any("planted" in c for c in contents)
    assert any(c.startswith("Edit ") for c in contents)  # the run's own memory still went in


def test_a_symlinked_private_turn_marker_is_not_followed(env, tmp_path):
    env.mhome.mkdir(parents=True)
    target = tmp_path / "elsewhere"
    target.mkdir()
    os.symlink(target, env.mhome / "private-turns")
    result = run_under_umask_022(PRIVATE_PROMPT)
    assert result.returncode == 0
    assert list(target.iterdir()) == []


def _device_or_fifo(tmp_path: Path) -> Path:
    """A node that is not a regular file, open to everyone like /dev/null: a character device
    (the null device's numbers) where the test may make one, else a FIFO."""
    node = tmp_path / "null"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, AttributeError, OSError):
        os.mkfifo(node)
    os.chmod(node, 0o666)
    return node


def test_a_database_path_that_is_not_a_regular_file_is_refused_and_never_chmodded(env, tmp_path):
    node = _device_or_fifo(tmp_path)
    with pytest.raises(db.StoreError, match="not a regular file"):
        db.connect(str(node))
    assert stat.S_IMODE(node.stat().st_mode) == 0o666
    # through the hook (MEMLANE_DB=/dev/null): no chmod, no traceback, exit 0
    environ = dict(os.environ, PYTHONPATH=str(REPO), MEMLANE_DB=str(node))
    result = subprocess.run([sys.executable, "-m", "hooks"], input=json.dumps(EDIT).encode(),
                            capture_output=True, env=environ, timeout=60)  # fmt: skip
    assert result.returncode == 0 and b"Traceback" not in result.stderr
    assert stat.S_IMODE(node.stat().st_mode) == 0o666
    # and through the CLI
    result = subprocess.run([sys.executable, "-m", "tui.commands.cli", "--db", str(node), "stats"],
                            capture_output=True, env=environ, timeout=60)  # fmt: skip
    assert b"not a regular file" in result.stderr and b"Traceback" not in result.stderr
    assert stat.S_IMODE(node.stat().st_mode) == 0o666


def test_a_symlinked_memlane_folder_gets_no_spool_log_or_database_through_it(env, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env.mhome.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(elsewhere, env.mhome)
    with pytest.raises(SymlinkRefused):
        spool.spool([{"type": "note", "content": "x", "session_id": SESSION}])
    result = run_under_umask_022(EDIT)
    assert result.returncode == 0 and b"symbolic link" in result.stderr
    assert list(elsewhere.iterdir()) == []
