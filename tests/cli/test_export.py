"""Export (`memlane export` and store.reading.export): complete, private, inert, both formats."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time

import pytest

from store.database.connection import connect
from store.reading.export import ExportError, ExportRequest, export_memories
from store.writing.writer import add_memories, add_memory, start_session
from tui.commands.cli import main


def ts(seconds_ago: float = 0) -> str:
    t = time.time() - seconds_ago
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t % 1 * 1e6):06d}Z"


pytestmark = pytest.mark.usefixtures("isolated")


@pytest.fixture
def db(tmp_path):
    path = str(tmp_path / "memory.db")
    conn = connect(path)
    start_session(conn, "sess-long-0001", "/work/alpha")
    # Past the export's batch size (500): every memory must come out, in order.
    add_memories(conn, [{"session_id": "sess-long-0001", "cwd": "/work/alpha", "type": "command",
                         "content": f"$ step {i}", "created_at": ts(2000 - i)} for i in range(1203)])  # fmt: skip
    start_session(conn, "sess-odd-0002", "/work/beta")
    add_memory(conn, {"session_id": "sess-odd-0002", "cwd": "/work/beta", "type": "command",
                      "content": "\x1b]52;c;AAAA\x07 deploy key ACME-12345678\n```\nnot a fence end\n```",
                      "created_at": ts(5)})  # fmt: skip
    start_session(conn, "sess-secret-0003", "/work/secret-x")
    add_memory(conn, {"session_id": "sess-secret-0003", "cwd": "/work/secret-x", "type": "command",
                      "content": "$ deploy secret-x", "created_at": ts(4)})  # fmt: skip
    conn.close()
    return path


def test_a_long_session_exports_whole_and_in_order(db):
    conn = connect(db)
    result = export_memories(conn, ExportRequest(session="sess-long-0001"), "json", config={})
    conn.close()
    data = json.loads(result.text)
    assert result.count == data["count"] == 1203
    assert [m["content"] for m in data["memories"]] == [f"$ step {i}" for i in range(1203)]


def test_privacy_filter_and_inert_text_apply_on_the_way_out(db):
    config = {"secret_patterns": ["ACME-[0-9]{8}"], "exclude_projects": ["/work/secret-*"]}
    conn = connect(db)
    markdown = export_memories(conn, ExportRequest(query="deploy"), "markdown", config=config)
    as_json = export_memories(conn, ExportRequest(query="deploy"), "json", config=config)
    conn.close()
    for result in (markdown, as_json):
        assert result.count == 1 and result.left_out == 1
        assert "ACME-12345678" not in result.text and "[REDACTED" in result.text
        assert "\x1b" not in result.text and "\x07" not in result.text
        assert "secret-x" not in result.text
    assert "␛]52;c;AAAA␇" in markdown.text
    # The stored ``` lines sit inside a longer fence, so they cannot end the block.
    assert "\n````\n" in markdown.text


def test_ids_keep_the_order_they_were_given(db):
    conn = connect(db)
    result = export_memories(conn, ExportRequest(ids=(5, 1, 3)), "json", config={})
    conn.close()
    assert [m["id"] for m in json.loads(result.text)["memories"]] == [5, 1, 3]


def test_exactly_one_thing_is_exported(db):
    conn = connect(db)
    with pytest.raises(ExportError):
        export_memories(conn, ExportRequest(session="sess-long-0001", ids=(1,)), config={})
    conn.close()


def test_cli_writes_an_owner_only_file_and_takes_a_session_prefix(db, tmp_path, capsys):
    out = tmp_path / "long.json"
    assert main(["--db", db, "export", "--session", "sess-long", "-o", str(out)]) == 0
    assert "Exported 1,203 memories to" in capsys.readouterr().err
    assert stat.S_IMODE(os.stat(out).st_mode) == 0o600
    assert json.loads(out.read_text())["count"] == 1203


def test_cli_prints_markdown_and_says_what_is_wrong(db, capsys):
    assert main(["--db", db, "export", "--id", "1"]) == 0
    assert capsys.readouterr().out.startswith("# memlane export: 1 selected memory")
    assert main(["--db", db, "export", "--session", "sess-"]) == 2
    assert "sess-" in capsys.readouterr().err  # ambiguous: three sessions start so
    assert main(["--db", db, "export", "--query", "x", "--id", "1"]) == 2


def export_cli(db: str, out, *extra: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """`memlane export` in a process of its own: a hang (a FIFO with no reader) ends the test."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return subprocess.run([sys.executable, "-m", "tui.commands.cli", "--db", db, "export", "--session",
                           "sess-odd", "-o", str(out), *extra], cwd=root, capture_output=True, text=True,
                          timeout=timeout)  # fmt: skip


def test_an_existing_file_is_replaced_only_with_force_and_keeps_its_mode(db, tmp_path):
    out = tmp_path / "notes.md"
    out.write_text("my own notes\n")
    os.chmod(out, 0o644)
    done = export_cli(db, out)
    assert done.returncode == 2 and out.read_text() == "my own notes\n"
    assert done.stderr.strip() == f"memlane: {out} already exists; add --force to replace it."
    done = export_cli(db, out, "--force")
    assert done.returncode == 0 and "deploy key" in out.read_text()
    assert stat.S_IMODE(os.stat(out).st_mode) == 0o644  # not memlane's file: its mode is left alone


def test_a_link_or_a_fifo_is_refused_even_with_force_and_nothing_hangs(db, tmp_path):
    target = tmp_path / "target.txt"
    target.write_text("precious\n")
    os.chmod(target, 0o644)
    link = tmp_path / "link.md"
    link.symlink_to(target)
    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)
    for path, kind in ((link, "a symbolic link"), (fifo, "not a regular file")):
        for extra in ((), ("--force",)):
            done = export_cli(db, path, *extra)  # a FIFO waited on: the 60 s timeout
            assert done.returncode == 2 and kind in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert target.read_text() == "precious\n" and stat.S_IMODE(os.stat(target).st_mode) == 0o644
    dangling = tmp_path / "dangling.md"
    dangling.symlink_to(tmp_path / "nowhere.md")
    assert export_cli(db, dangling).returncode == 2 and not (tmp_path / "nowhere.md").exists()


def test_an_export_keeps_a_value_the_person_said_is_not_a_secret(tmp_path):
    path = str(tmp_path / "keep.db")
    conn = connect(path)
    start_session(conn, "sess-keep-0001", "/work/alpha")
    add_memory(conn, {"session_id": "sess-keep-0001", "cwd": "/work/alpha", "type": "command",
                      "content": "deploy CACHE_TOKEN=b7Qx9LmZ2pVt4Kw8 API_TOKEN=Zr4mQ8vLx2Pw9Tk7Nc3B",
                      "created_at": ts(3)})  # fmt: skip
    request = ExportRequest(session="sess-keep-0001")
    plain = export_memories(conn, request, "json", config={})
    kept = export_memories(conn, request, "json", config={"not_secret_patterns": ["b7Qx[0-9A-Za-z]{12}"]})
    conn.close()
    assert "b7Qx9LmZ2pVt4Kw8" not in plain.text
    assert "CACHE_TOKEN=b7Qx9LmZ2pVt4Kw8" in kept.text
    assert "Zr4mQ8vLx2Pw9Tk7Nc3B" not in kept.text and "[REDACTED" in kept.text
