"""`memlane mcp`: each tool's answer, through the MCP SDK's in-process client.

The model sees exactly these texts, so the tests read them the way it would: the
count line, one line per hit, the marked line of a timeline, full text with its cut.
"""

from __future__ import annotations

import asyncio
import os
import re
import sqlite3
import time
from datetime import UTC, datetime

import pytest
from mcp import Client

from store.database.connection import connect
from store.writing.writer import add_memories, add_memory, start_session
from tui.commands import mcp_tools
from tui.commands.mcp_server import build_server

LINE = re.compile(r"^#(\d+) (\d{4}-\d\d-\d\d \d\d:\d\d) (\S+) ([a-z_]+):? (.*)$")


def ts(days_ago: float = 0) -> str:
    t = time.time() - days_ago * 86400
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + ".000000Z"


pytestmark = pytest.mark.usefixtures("isolated")


@pytest.fixture
def db(tmp_path):
    """Two projects; in alpha a session of 120 pipeline memories (past every page size)."""
    alpha, beta = tmp_path / "alpha", tmp_path / "beta"
    alpha.mkdir()
    beta.mkdir()
    path = str(tmp_path / "memory.db")
    conn = connect(path)
    start_session(conn, "s-alpha", str(alpha), started_at=ts(30))
    add_memory(conn, {"session_id": "s-alpha", "type": "prompt", "cwd": str(alpha), "prompt_id": "p-alpha",
                      "content": "make the flamingo exporter stream rows", "created_at": ts(30)})  # fmt: skip
    add_memories(conn, [
        {"session_id": "s-alpha", "type": "command", "tool_name": "Bash", "cwd": str(alpha),
         "content": f"$ pytest tests/test_pipeline_{i}.py\npipeline stage {i} passed", "created_at": ts(29 - i * 0.01)}
        for i in range(120)
    ])  # fmt: skip
    add_memory(conn, {"session_id": "s-alpha", "type": "file_edit", "tool_name": "Edit", "cwd": str(alpha),
                      "file_path": f"{alpha}/export/flamingo.py", "created_at": ts(27), "prompt_id": "p-alpha",
                      "content": "Edit flamingo.py\n-    rows = list(q)\n+    rows = iter(q)"})  # fmt: skip
    start_session(conn, "s-beta", str(beta), started_at=ts(2))
    add_memory(conn, {"session_id": "s-beta", "type": "error", "tool_name": "Bash", "cwd": str(beta),
                      "content": "$ npm test\nflamingo is not defined\x1b[31m red \x1b]0;pwned\x07",
                      "error_text": "ReferenceError: flamingo is not defined", "created_at": ts(1)})  # fmt: skip
    conn.close()
    return path


def call(db_path: str, tool: str, arguments: dict) -> tuple[bool, str]:
    async def go():
        async with Client(build_server(db_path)) as client:
            result = await client.call_tool(tool, arguments)
            return result.is_error, "\n".join(block.text for block in result.content)

    return asyncio.run(go())


def ids_in(text: str) -> list[int]:
    return [int(m.group(1)) for m in map(LINE.match, text.splitlines()) if m]


def test_the_server_is_named_memlane_and_lists_three_tools_that_say_search_first(db):
    async def go():
        async with Client(build_server(db)) as client:
            return client.server_info, client.instructions, (await client.list_tools()).tools

    info, instructions, tools = asyncio.run(go())
    assert info.name == "memlane"
    assert "search first" in instructions
    by_name = {t.name: t for t in tools}
    assert set(by_name) == {"search", "timeline", "get_memories"}
    assert "start here" in by_name["search"].description.lower()
    assert "get_memories" in by_name["search"].description
    assert set(by_name["search"].input_schema["properties"]) == {"query", "project", "type", "since", "limit"}
    assert by_name["search"].input_schema["required"] == ["query"]
    assert by_name["timeline"].input_schema["required"] == ["id"]
    assert by_name["get_memories"].input_schema["properties"]["ids"]["type"] == "array"
    assert all(t.annotations.read_only_hint for t in tools)


def test_search_gives_a_count_and_one_compact_line_per_hit(db):
    error, text = call(db, "search", {"query": "flamingo"})
    assert not error
    lines = text.splitlines()
    assert lines[0].startswith('3 memories matching "flamingo"')
    hits = [LINE.match(line) for line in lines[1:-1]]
    assert all(hits) and len(hits) == 3
    by_type = {m.group(4): m for m in hits}
    assert set(by_type) == {"prompt", "file_edit", "error"}
    assert by_type["file_edit"].group(3) == "alpha"
    assert by_type["file_edit"].group(5).startswith("export/flamingo.py: ")  # the file, relative to its project
    assert by_type["error"].group(5).startswith("$ npm test: flamingo is not defined")  # the command, once
    assert "get_memories" in lines[-1]
    assert max(len(line) for line in lines[1:-1]) < 260  # an index line stays ~50-100 tokens


def test_search_limit_and_total_past_the_largest_page(db):
    error, text = call(db, "search", {"query": "pipeline", "limit": 50})
    assert not error
    assert text.splitlines()[0].startswith('120 memories matching "pipeline"; the best 50:')
    assert len(ids_in(text)) == 50
    assert "70 more: raise limit" in text
    error, text = call(db, "search", {"query": "pipeline", "limit": 51})
    assert error and "less than or equal to 50" in text
    assert call(db, "search", {"query": "pipeline"})[1].count("\n#") == mcp_tools.SEARCH_LIMIT_DEFAULT


def test_search_filters_by_project_type_and_since(db, tmp_path):
    assert ids_in(call(db, "search", {"query": "flamingo", "project": "beta"})[1]) == [123]
    assert len(ids_in(call(db, "search", {"query": "flamingo", "project": str(tmp_path / "alpha")})[1])) == 2
    assert len(ids_in(call(db, "search", {"query": "flamingo", "type": "prompt,file_edit"})[1])) == 2
    assert ids_in(call(db, "search", {"query": "flamingo", "since": "7d"})[1]) == [123]
    today = datetime.now().strftime("%Y-%m-%d")  # local midnight: the newest memory is 24 h old
    assert call(db, "search", {"query": "flamingo", "since": today})[1].startswith("0 memories")


@pytest.mark.parametrize("arguments, says", [
    ({"query": "x", "project": "gamma"}, "no project named 'gamma'; known projects: beta, alpha"),
    ({"query": "x", "type": "edits"}, "unknown type 'edits'; use one of: prompt"),
    ({"query": "x", "since": "last tuesday"}, "is not a date or time: use 2026-11-20"),
])  # fmt: skip
def test_search_arguments_the_model_can_fix_get_one_sentence(db, arguments, says):
    error, text = call(db, "search", arguments)
    assert error and says in text and "Traceback" not in text


@pytest.mark.parametrize("query", ['"unbalanced', "NEAR(a b)", "flamingo*", "a OR", "-- ; DROP TABLE memory", "()"])
def test_fts_syntax_typed_into_search_is_just_text(db, query):
    error, text = call(db, "search", {"query": query})
    assert not error
    assert re.match(r"^\d+ memor", text)


def test_no_query_gives_the_newest_memories(db):
    error, text = call(db, "search", {"query": "", "limit": 3})
    assert not error and "(no query: newest first)" in text
    assert ids_in(text) == [123, 122, 121]


def test_timeline_marks_the_memory_and_counts_what_is_not_shown(db):
    error, text = call(db, "timeline", {"id": 50, "before": 2, "after": 3})
    assert not error
    lines = text.splitlines()
    assert lines[0].startswith("Session s-alpha in alpha, started ") and lines[0].endswith(" (122 memories):")
    assert lines[1] == "  … 47 earlier"
    shown = [int(re.search(r"#(\d+)", line).group(1)) for line in lines[2:-1]]
    assert shown == [48, 49, 50, 51, 52, 53]
    marked = [line for line in lines if line.startswith(">")]
    assert len(marked) == 1 and "#50 " in marked[0]
    assert lines[-1] == "  … 69 later"  # 122 in the session


def test_timeline_of_the_first_memory_and_past_its_cap(db):
    error, text = call(db, "timeline", {"id": 1, "after": 30})
    assert not error and "earlier" not in text
    assert len([line for line in text.splitlines() if "#" in line]) == 31
    error, text = call(db, "timeline", {"id": 1, "after": 31})
    assert error


def test_timeline_of_an_unknown_memory(db):
    error, text = call(db, "timeline", {"id": 9999})
    assert error and "no memory #9999" in text


def test_get_memories_gives_full_text_made_inert(db):
    error, text = call(db, "get_memories", {"ids": [122, 123, 4242]})
    assert not error
    assert "== #122 " in text and "file " in text and "-    rows = list(q)\n+    rows = iter(q)" in text
    assert "flamingo is not defined" in text
    assert "\x1b" not in text and "\x07" not in text and "␛[31m" in text
    assert "No memory #4242" in text
    assert text.index("#122") < text.index("#123")  # in the order asked


def test_get_memories_caps_its_answer_and_says_what_was_left_out(tmp_path):
    path = str(tmp_path / "big.db")
    conn = connect(path)
    ids = [add_memory(conn, {"session_id": "s", "type": "observation", "content": f"{i} " + "y" * 3500})
           for i in range(25)]  # fmt: skip
    conn.close()
    error, text = call(path, "get_memories", {"ids": ids})
    assert not error
    assert len(text) < mcp_tools.REPLY_CHARS_MAX + 2000
    assert f"more characters of #{ids[4]}]" in text  # four whole memories, the fifth cut
    assert f"#{ids[5]}, " in text and "left out; ask for them in another call" in text
    assert f"Only the first {mcp_tools.GET_MAX_IDS} of 25 ids are shown" in text


def test_the_server_reads_only_and_never_writes(db):
    before = os.stat(db).st_mtime_ns, open(db, "rb").read()

    async def go():
        async with Client(build_server(db)) as client:
            for tool, arguments in (("search", {"query": "flamingo"}), ("timeline", {"id": 3}),
                                    ("get_memories", {"ids": [1, 2]})):  # fmt: skip
                assert not (await client.call_tool(tool, arguments)).is_error

    asyncio.run(go())
    assert (os.stat(db).st_mtime_ns, open(db, "rb").read()) == before


def test_the_servers_connection_refuses_writes(db):
    from tui.commands.mcp_server import _Store

    store = _Store(db)
    store.answer(mcp_tools.search_index, "flamingo")
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        store.conn.execute("DELETE FROM memory")


def test_a_missing_database_is_explained(tmp_path):
    error, text = call(str(tmp_path / "none.db"), "search", {"query": "x"})
    assert error and "memlane has no memories yet" in text
    assert not (tmp_path / "none.db").exists()


def test_a_corrupt_database_is_one_sentence_and_logged(tmp_path):
    path = tmp_path / "bad.db"
    path.write_bytes(b"this is not a database" * 100)
    error, text = call(str(path), "search", {"query": "x"})
    assert error and "Traceback" not in text and str(path) in text
    log = (tmp_path / "memlane-home" / "memlane.log").read_text()
    assert "[memlane] mcp: " in log


def test_a_common_word_is_counted_exactly_past_the_ranked_pool(tmp_path):
    path = str(tmp_path / "many.db")
    conn = connect(path)
    add_memories(conn, [{"session_id": f"s{i // 100}", "type": "command", "content": f"$ make build {i}\nwombat ok"}
                        for i in range(1150)])  # fmt: skip
    add_memories(conn, [{"session_id": "t", "type": "error", "content": f"wombat failed {i}"} for i in range(30)])
    conn.close()
    error, text = call(path, "search", {"query": "wombat", "limit": 5})
    assert not error and text.startswith('1,180 memories matching "wombat"; the best 5:')
    assert "1175 more: raise limit" in text
    error, text = call(path, "search", {"query": "wombat", "type": "error", "limit": 50})
    assert text.startswith('30 memories matching "wombat" (type=error):') and "more:" not in text


def test_when_no_memory_has_every_word_the_index_says_so(db):
    error, text = call(db, "search", {"query": "flamingo zanzibar"})
    assert not error
    assert text.startswith('3 memories matching some words of "flamingo zanzibar", most relevant first')


def test_ids_too_big_for_sqlite_are_refused_by_the_schema(db):
    error, text = call(db, "timeline", {"id": 2**70})
    assert error and "less than or equal to 9223372036854775807" in text
    error, text = call(db, "get_memories", {"ids": [1, 2**64]})
    assert error and "Traceback" not in text


def test_serving_imports_no_ui_library_and_no_peewee(db):
    """`memlane mcp` starts on every session: the SDK is its only heavy import."""
    import json
    import subprocess
    import sys

    code = (
        "import asyncio, json, sys\n"
        "from mcp import Client\n"
        "from tui.commands import cli\n"
        "from tui.commands.mcp_server import build_server\n"
        "async def go():\n"
        f"    async with Client(build_server({db!r})) as c:\n"
        "        r = await c.call_tool('search', {'query': 'flamingo'})\n"
        "        assert not r.is_error\n"
        "asyncio.run(go())\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root)
    assert out.returncode == 0, out.stderr[-2000:]
    loaded = {m.split(".")[0] for m in json.loads(out.stdout)}
    assert not loaded & {"textual", "peewee"}
    assert "tui.gui" not in {".".join(m.split(".")[:2]) for m in json.loads(out.stdout)}


def test_since_stamps_compare_as_stored_text_even_centuries_ago():
    now = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
    assert mcp_tools.parse_since("7d", now) == "2026-11-16T12:00:00.000000Z"
    assert mcp_tools.parse_since("12h", now) == "2026-11-23T00:00:00.000000Z"
    assert mcp_tools.parse_since("2026-11-20T14:00Z", now) == "2026-11-20T14:00:00.000000Z"
    assert mcp_tools.parse_since("99999w", now) == "0110-05-19T12:00:00.000000Z"  # before every memory


def test_a_question_finds_the_edit_and_names_the_turn_it_answered(db):
    error, text = call(db, "search", {"query": "how did we change the flamingo rows to a stream?"})
    assert not error
    edit = next(line for line in text.splitlines() if " file_edit " in line)
    assert edit.endswith('[in the turn "make the flamingo exporter stream rows"]')
    assert "timeline(id) the session around one" in text.splitlines()[-1]
