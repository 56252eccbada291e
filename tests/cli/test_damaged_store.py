"""A store whose page 2 (its first pointer-map page: memlane's stores are auto_vacuum=INCREMENTAL)
has 300 bytes flipped: every read still works, so only SQLite's own check finds it. The
maintenance job's quick check logs it (and leaves the store alone), `memlane doctor` says so in
one sentence with what to do, and `memlane doctor --repair` rebuilds a sound store from what is
readable, keeping the damaged file."""

from __future__ import annotations

import os

import pytest

from hooks import background
from store.database.connection import connect, integrity_problems
from store.writing.writer import add_memories, start_session
from tests.cli.conftest import run
from tui.commands import doctor

PAGE = 4096
MEMORIES = 3000  # a few hundred pages: page 2 maps every one of them


@pytest.fixture
def damaged(tmp_path, isolated):
    path = str(tmp_path / "memory.db")
    conn = connect(path)
    assert conn.execute("PRAGMA page_size").fetchone()[0] == PAGE
    assert conn.execute("PRAGMA auto_vacuum").fetchone()[0] == 2  # page 2 is a pointer map
    start_session(conn, "s-1", "/home/dev/shop")
    add_memories(conn, [{"session_id": "s-1", "cwd": "/home/dev/shop", "type": "command",
                         "content": f"$ npm run build -- --step {i} flamingo"} for i in range(MEMORIES)])  # fmt: skip
    conn.close()
    with open(path, "r+b") as f:
        f.seek(PAGE + 500)
        flipped = bytes(b ^ 0xFF for b in f.read(300))
        f.seek(PAGE + 500)
        f.write(flipped)
    return path


def test_reads_do_not_notice_but_the_quick_check_does(damaged):
    conn = connect(damaged, create=False)
    assert conn.execute("SELECT count(*) FROM memory").fetchone()[0] == MEMORIES
    problems = integrity_problems(conn)
    assert problems and all("\n" not in p for p in problems)
    assert integrity_problems(connect(damaged + "-sound", create=True)) == []


def test_doctor_says_the_store_is_damaged_in_one_sentence_with_what_to_do(damaged):
    said: list[str] = []
    assert doctor.doctor(damaged, say=said.append, run_hook=False) == 1
    lines = [line for line in said if "damaged" in line]
    assert len(lines) == 1 and "\n" not in lines[0], said
    assert "memlane doctor --repair" in lines[0] and "problems" in lines[0]
    assert not any("Failed to read ptrmap" in line and "damaged" not in line for line in said), said
    assert len(lines[0]) < 600


def test_maintenance_logs_the_damage_and_leaves_the_store_alone(damaged):
    from store.paths import log_path

    before = open(damaged, "rb").read()
    assert background.run(damaged) is None
    assert open(damaged, "rb").read() == before
    logged = open(log_path(), encoding="utf-8").read()
    assert "is damaged" in logged and "memlane doctor --repair" in logged
    said: list[str] = []
    doctor.doctor(damaged, say=said.append, run_hook=False)
    assert sum("is damaged" in line for line in said) >= 2, said  # the check and the log's line


def test_repair_rebuilds_a_sound_store_with_every_memory_and_keeps_the_damaged_one(damaged, capsys):
    code, out, err = run(capsys, "--db", damaged, "doctor", "--repair")
    assert code == 0, out + err
    conn = connect(damaged, create=False)
    assert integrity_problems(conn, full=True) == []
    assert conn.execute("SELECT count(*) FROM memory").fetchone()[0] == MEMORIES
    assert (
        conn.execute(
            "SELECT count(*) FROM memory_words WHERE memory_words MATCH 'flamingo'"
        ).fetchone()[0]
        == MEMORIES
    )
    kept = [
        n
        for n in os.listdir(os.path.dirname(damaged))
        if n.startswith("memory.db.damaged-") and n.endswith("Z")
    ]
    assert kept and kept[0] in out, out
    assert os.stat(damaged).st_mode & 0o077 == 0
