"""A full disk: a database closed cleanly is read read-only, and everything says the disk is
full (never "disk I/O error"); nothing half-written is left in memlane's folder.

The disk is a 4 MB tmpfs mounted in a mount namespace of the test's own (`unshare`), filled
up: nothing is mounted outside it and nothing outlives the test."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from store.database import connection as db
from store.writing import writer

HERE = os.path.dirname(os.path.abspath(__file__))


def in_own_mount_namespace() -> list[str]:
    unshare = shutil.which("unshare")
    if unshare is None:
        pytest.skip("needs util-linux unshare (Linux) to mount a small file system privately")
    command = [unshare, "-m"] if os.geteuid() == 0 else [unshare, "-r", "-m"]
    probe = subprocess.run([*command, "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip(f"cannot make a mount namespace here: {probe.stderr.decode(errors='replace').strip()}")
    return command


@pytest.fixture(scope="module")
def full_disk(tmp_path_factory):
    command = in_own_mount_namespace()
    work = tmp_path_factory.mktemp("full-disk")
    source = str(work / "source.db")
    conn = db.connect(source)
    for i in range(40):
        writer.add_memory(conn, {"session_id": "s1", "content": f"flamingo deploy step {i}", "cwd": "/x"})
    conn.close()  # closed cleanly: no -wal left
    assert not os.path.exists(source + "-wal")
    mount = work / "disk"
    mount.mkdir()
    done = subprocess.run([*command, sys.executable, os.path.join(HERE, "full_disk_checks.py"), source, str(mount)],
                          capture_output=True, text=True, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert os.listdir(mount) == []  # the mount went with its namespace
    return json.loads(done.stdout.strip().splitlines()[-1])


FULL = "is full"


def test_search_and_recent_read_the_memories_and_say_the_disk_is_full(full_disk):
    for step in ("search", "recent"):
        result = full_disk[step]
        assert result["rc"] == 0 and "flamingo" in result["out"], result
        assert FULL in result["err"] and "read-only" in result["err"] and "I/O" not in result["err"], result


def test_forget_says_the_disk_is_full(full_disk):
    result = full_disk["forget"]
    assert result["rc"] == 1 and FULL in result["err"] and "I/O" not in result["err"], result


def test_mcp_search_answers_and_says_the_disk_is_full(full_disk):
    assert "flamingo" in full_disk["mcp"] and FULL in full_disk["mcp"] and "I/O" not in full_disk["mcp"]


def test_the_app_opens_and_says_the_disk_is_full(full_disk):
    assert any(FULL in note and "read-only" in note for note in full_disk["app"]), full_disk["app"]


def test_a_hook_says_the_disk_is_full_and_leaves_no_half_written_file(full_disk):
    result = full_disk["hook"]
    assert result["rc"] == 0 and result["out"] == ""
    assert FULL in result["err"] and "I/O" not in result["err"], result
    assert full_disk["theme"] == "OSError: No space left on device"
    assert not [f for f in full_disk["files"] if ".tmp" in f or f.endswith(".jsonl")], full_disk["files"]
