"""`memlane import` on large and hostile input (issue 35): the worker process starts
without a warning, calls left unanswered cost linear time, and the folder walk refuses
what is not a regular file as a path given directly is refused."""

from __future__ import annotations

import json
import os
import sqlite3

import pytest

from hooks.transcripts import TranscriptReader, find_transcripts, import_files
from store.config import defaults
from store.database import connection as db
from tests.fixtures.shapes import Session, write_session


@pytest.fixture(autouse=True)
def isolated(monkeypatch, tmp_path):
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / "memlane"))
    monkeypatch.delenv("MEMLANE_DB", raising=False)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))
    monkeypatch.setenv("COLUMNS", "200")


def small_session(name: str, cwd: str = "/home/dev/shop") -> Session:
    s = Session(name, cwd=cwd, version="2.1.197", start="2026-11-21T09:00:00.000")
    s.start()
    s.prompt(f"{name}: make the cart round to cents")
    s.edit(f"{cwd}/src/cart.py", "total = sum(p)", "total = round(sum(p), 2)", line=4)
    s.end()
    return s


def test_the_reading_process_starts_without_a_warning(tmp_path, capfd):
    """Imports over 8 MB read in a second process; it printed a RuntimeWarning
    ('hooks.transcripts.worker' found in sys.modules) on every such import."""
    write_session(small_session("worker"), tmp_path / "corpus")
    files, _ = find_transcripts([tmp_path / "corpus" / "projects"])
    conn = db.connect(tmp_path / "w.db")
    report = import_files(conn, files, TranscriptReader(defaults()), defaults(), worker=True)
    conn.close()
    assert report["memories"] == 2
    out, err = capfd.readouterr()
    assert err == "" and out == ""


def unanswered(n: int) -> list[str]:
    """N tool calls never answered and N results with an empty tool_use_id (a hostile file)."""
    base = {"sessionId": "hostile-1", "cwd": "/home/dev/x", "version": "2.1.197",
            "timestamp": "2026-11-21T09:00:00.000Z", "isSidechain": False}  # fmt: skip
    lines = []
    for i in range(n):
        use = {"type": "tool_use", "id": f"toolu_{i:08d}", "name": "Bash",
               "input": {"command": f"echo {i}"}}  # fmt: skip
        lines.append(dict(base, type="assistant", uuid=f"a-{i}",
                          message={"role": "assistant", "content": [use]}))  # fmt: skip
    for i in range(n):
        block = {"type": "tool_result", "tool_use_id": "", "content": "ok"}
        lines.append(dict(base, type="user", uuid=f"r-{i}", parentUuid=f"nowhere-{i}",
                          message={"role": "user", "content": [block]}))  # fmt: skip
    return [json.dumps(line) for line in lines]


def test_results_without_an_id_do_not_scan_every_waiting_call(tmp_path, monkeypatch):
    """5.6 s at 5,000 and 96 s at 20,000 before: each id-less result looked at every
    call still waiting.  Counted: the calls looked at per result stay bounded."""
    n = 40_000
    path = tmp_path / "hostile.jsonl"
    path.write_text("\n".join(unanswered(n)) + "\n")
    looked = {"n": 0}

    class CountingDict(dict):
        def items(self):
            for pair in super().items():
                looked["n"] += 1
                assert looked["n"] <= 2 * n, "quadratic: every waiting call looked at again"
                yield pair

    reader = TranscriptReader(defaults())
    reader._pending = CountingDict()
    events = list(reader.read_file(path))
    assert events == []
    assert reader.unpaired_calls() == n  # the calls never answered
    assert reader.stats["skipped_by"]["result without its call"] == n


def test_the_folder_walk_refuses_what_is_not_a_regular_file(tmp_path, capsys):
    from tui.commands import importer

    projects = tmp_path / "projects"
    write_session(small_session("kept"), tmp_path / "corpus")
    os.rename(tmp_path / "corpus" / "projects", projects)
    folder = projects / "-home-dev-shop"
    os.symlink("/dev/zero", folder / "zero.jsonl")
    os.mkfifo(folder / "fifo.jsonl")
    if os.path.exists("/dev/urandom"):
        os.symlink("/dev/urandom", folder / "random.jsonl")
    files, refused = find_transcripts([projects])
    assert [os.path.basename(f) for f in files] == [os.path.basename(p) for p in folder.glob("*-*.jsonl")]
    assert sorted(os.path.basename(p) for p in refused) == sorted(
        n for n in ("zero.jsonl", "fifo.jsonl", "random.jsonl") if (folder / n).is_symlink() or n == "fifo.jsonl"
    )
    code = importer.main([str(projects), "--no-progress"])
    out = capsys.readouterr().out
    assert code == 1  # as for a path given that is not a file
    assert "fifo.jsonl is not a regular file; skipped." in out
    assert "zero.jsonl is not a regular file; skipped." in out
    conn = sqlite3.connect(tmp_path / "memlane" / "memory.db")
    assert conn.execute("SELECT count(*) FROM memory").fetchone() == (2,)
    conn.close()


def test_a_fifo_given_directly_is_refused_the_same_way(tmp_path, capsys):
    from tui.commands import importer

    os.mkfifo(tmp_path / "given.jsonl")
    code = importer.main([str(tmp_path / "given.jsonl"), "--no-progress"])
    assert code == 1
    assert "given.jsonl is not a regular file; skipped." in capsys.readouterr().out
