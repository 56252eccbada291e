"""A database on a read-only file system is read, read-only, and everything says why nothing
new is stored (never "missing or not accessible": the file is there and readable).

The file system is a tmpfs remounted read-only in a mount namespace of the test's own
(`unshare`): a chmod would not do, since root writes through it.  Nothing is mounted outside
the namespace and nothing outlives the test."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from store.database import connection as db
from store.writing import writer
from tests.store.test_full_disk import in_own_mount_namespace

# One worker runs this module's tests (tests/conftest.py), so that the read-only mount and its
# checks run once, not once on each worker its tests reach.
pytestmark = pytest.mark.xdist_group("read-only-fs")

HERE = os.path.dirname(os.path.abspath(__file__))
STATES = ("closed", "left_by_a_hook", "wal_without_shm")


def _made(path: str, *, close: bool) -> None:
    conn = db.connect(path)
    for i in range(40):
        writer.add_memory(
            conn, {"session_id": "s1", "content": f"flamingo deploy step {i}", "cwd": "/x"}
        )
    if close:
        conn.close()  # checkpointed: no -wal left
        return
    # As a hook leaves it (it never closes): the newest rows are only in the -wal, beside its -shm.
    for name in ("", "-wal", "-shm"):
        shutil.copyfile(path + name, path + ".copy" + name)
    conn.close()
    for name in ("", "-wal", "-shm"):
        os.replace(path + ".copy" + name, path + name)


@pytest.fixture(scope="module")
def read_only_fs(tmp_path_factory):
    command = in_own_mount_namespace()
    work = tmp_path_factory.mktemp("read-only")
    sources = work / "sources"
    sources.mkdir()
    _made(str(sources / "closed"), close=True)
    _made(str(sources / "left_by_a_hook"), close=False)
    _made(str(sources / "wal_without_shm"), close=False)
    os.remove(sources / "wal_without_shm-shm")
    assert os.path.getsize(sources / "left_by_a_hook-wal") > 0
    mounts = work / "mounts"
    mounts.mkdir()
    done = subprocess.run([*command, sys.executable, os.path.join(HERE, "read_only_checks.py"), str(sources),
                           str(mounts), *STATES], capture_output=True, text=True, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


READ_ONLY = "read-only file system"
READABLE = ("closed", "left_by_a_hook")


@pytest.mark.parametrize("state", READABLE)
def test_search_and_recent_read_the_memories_and_say_the_file_system_is_read_only(
    read_only_fs, state
):
    for step in ("search", "recent"):
        result = read_only_fs[state][step]
        assert result["rc"] == 0 and "flamingo" in result["out"], result
        assert READ_ONLY in result["err"] and "missing" not in result["err"], result


@pytest.mark.parametrize("state", READABLE)
def test_mcp_search_answers_and_says_why_nothing_new_is_stored(read_only_fs, state):
    answer = read_only_fs[state]["mcp"]
    assert "flamingo" in answer and READ_ONLY in answer and "missing" not in answer, answer


@pytest.mark.parametrize("state", READABLE)
def test_the_app_opens_and_says_the_file_system_is_read_only(read_only_fs, state):
    assert any(READ_ONLY in note for note in read_only_fs[state]["app"]), read_only_fs[state]["app"]


@pytest.mark.parametrize("state", READABLE)
def test_forget_and_the_hook_say_the_file_system_is_read_only(read_only_fs, state):
    forget, hook = read_only_fs[state]["forget"], read_only_fs[state]["hook"]
    assert forget["rc"] == 1 and READ_ONLY in forget["err"], forget
    assert hook["rc"] == 0 and hook["out"] == "" and READ_ONLY in hook["err"], hook


def test_a_log_that_cannot_be_read_without_writing_is_said_not_read_stale(read_only_fs):
    """Its newest rows are only in the -wal, which SQLite reads only where it can make the -shm:
    reading the file alone would show an old store as if it were the whole one."""
    for step in ("search", "recent"):
        result = read_only_fs["wal_without_shm"][step]
        assert result["rc"] == 1 and READ_ONLY in result["err"] and "-wal" in result["err"], result
