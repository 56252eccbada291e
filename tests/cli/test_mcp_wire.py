"""`memlane mcp` answers every line: what is not a JSON-RPC 2.0 message gets a JSON-RPC error
and the server goes on serving; a lone surrogate in a query still gets its answer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from store.database.connection import connect
from store.writing.writer import add_memory
from tui.commands.mcp_wire import INVALID_REQUEST, PARSE_ERROR, screen_line

REPO = Path(__file__).resolve().parents[2]
BAD_LINES = [
    (b"{not json", PARSE_ERROR, None),
    (b"\xff\xfe\x00 binary garbage \x80", PARSE_ERROR, None),
    (b'[{"jsonrpc": "2.0", "id": 2, "method": "tools/list"}]', INVALID_REQUEST, None),
    (b'{"jsonrpc": "1.0", "id": 3, "method": "tools/list"}', INVALID_REQUEST, 3),
    (b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "tools/list"}', INVALID_REQUEST, None),
    (b'{"jsonrpc": "2.0", "id": 5}', INVALID_REQUEST, 5),
    (b'"just a string"', INVALID_REQUEST, None),
    (b'{"jsonrpc": "2.0", "id": "s6", "method": "tools/call", "params": 7}', INVALID_REQUEST, "s6"),
]  # fmt: skip


@pytest.mark.parametrize(("line", "code", "ident"), BAD_LINES, ids=[repr(b[0][:24]) for b in BAD_LINES])
def test_a_line_that_is_no_message_gets_an_error_reply(line, code, ident):
    good, reply = screen_line(line)
    assert good is None
    answer = json.loads(reply)
    assert answer["jsonrpc"] == "2.0" and answer["id"] == ident and answer["error"]["code"] == code


def test_lone_surrogates_become_replacement_characters_and_the_rest_passes_unchanged():
    line = b'{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"arguments": {"query": "a\\ud800b"}}}'
    good, reply = screen_line(line)
    assert reply is None
    assert json.loads(good)["params"]["arguments"]["query"] == "a\ufffdb"
    assert screen_line(b"   \n") == (None, None)


def test_the_server_answers_every_line_and_keeps_serving(tmp_path):
    path = str(tmp_path / "memory.db")
    conn = connect(path)
    add_memory(conn, {"session_id": "s1", "type": "command", "cwd": str(tmp_path),
                      "content": "$ make deploy\nthe flamingo deploy finished"})  # fmt: skip
    conn.close()
    server = subprocess.Popen([sys.executable, "-m", "tui.commands.cli", "--db", path, "mcp"], cwd=str(REPO),
                              env={**os.environ, "PYTHONPATH": str(REPO), "MEMLANE_HOME": str(tmp_path / "home")},
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip

    def ask(line: bytes) -> dict:
        server.stdin.write(line + b"\n")
        server.stdin.flush()
        return json.loads(server.stdout.readline())

    try:
        hello = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                 "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}  # fmt: skip
        assert ask(json.dumps(hello).encode())["result"]["serverInfo"]["name"] == "memlane"
        server.stdin.write(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')
        for line, code, ident in BAD_LINES:
            answer = ask(line)
            assert answer["error"]["code"] == code and answer["id"] == ident, (line, answer)
        search = b'{"jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": {"name": "search", "arguments": {"query": "flamingo \\ud800"}}}'
        answer = ask(search)
        assert answer["id"] == 8 and "result" in answer, answer
        tools = ask(b'{"jsonrpc": "2.0", "id": 9, "method": "tools/list"}')
        assert [t["name"] for t in tools["result"]["tools"]] == ["search", "timeline", "get_memories"]
    finally:
        server.stdin.close()
        assert server.wait(timeout=60) == 0
        server.stdout.close()
        server.stderr.close()
