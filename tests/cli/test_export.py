"""Export (`memlane export` and store.export): complete, private, inert, both formats."""

from __future__ import annotations

import json
import os
import stat
import time

import pytest

from store.db import connect
from store.export import ExportError, ExportRequest, export_memories
from store.writer import add_memories, add_memory, start_session
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
