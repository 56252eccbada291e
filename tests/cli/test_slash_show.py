"""`/memory show ID`: the full memory an injected line points at, and the rest of its task."""

from __future__ import annotations

import io
import sys

import pytest

from store.db import connect
from store.writer import add_memory, start_session
from tui.commands.cli import main

PROJECT = "/work/proj/shop-api"


@pytest.fixture
def db(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / "memlane-home"))
    path = str(tmp_path / "memory.db")
    monkeypatch.setenv("MEMLANE_DB", path)
    conn = connect(path)
    start_session(conn, "s1", PROJECT)
    ids = [
        add_memory(conn, {"session_id": "s1", "prompt_id": "p1", "type": "prompt", "cwd": PROJECT,
                          "content": "make the refresh token last 14 days"}),
        add_memory(conn, {"session_id": "s1", "prompt_id": "p1", "type": "file_edit", "cwd": PROJECT,
                          "file_path": f"{PROJECT}/src/auth/tokens.py",
                          "content": "Edit src/auth/tokens.py (+1 -1)\n-REFRESH_TTL = timedelta(days=1)\n"
                                     "+REFRESH_TTL = timedelta(days=14)\n" + "# long line\n" * 200}),
        add_memory(conn, {"session_id": "s1", "prompt_id": "p2", "type": "prompt", "cwd": PROJECT,
                          "content": "another turn \x1b[31mred\x1b[0m"}),
    ]  # fmt: skip
    conn.close()
    return ids


def slash(capsys, *words: str) -> str:
    assert main(["slash", *words]) == 0
    return capsys.readouterr().out


def test_show_prints_the_memory_in_full_and_the_rest_of_its_task(db, capsys):
    prompt_id, edit_id, _other = db
    out = slash(capsys, "show", str(edit_id))
    lines = out.splitlines()
    assert lines[0].startswith(f"#{edit_id} ") and "[file_edit]" in lines[0] and "tokens.py" in lines[0]
    assert "+REFRESH_TTL = timedelta(days=14)" in out
    assert out.count("# long line") == 200  # in full, not a snippet
    assert "The same task (1 other memory):" in out
    assert f"#{prompt_id} [prompt] make the refresh token last 14 days" in out
    assert "another turn" not in out  # another prompt of the session is another task


def test_show_accepts_a_hash_and_reads_stdin_like_the_slash_command(db, capsys, monkeypatch):
    prompt_id = db[0]
    assert slash(capsys, "show", f"#{prompt_id}").startswith(f"#{prompt_id} ")
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"show {prompt_id}\n"))
    assert slash(capsys, "--stdin").startswith(f"#{prompt_id} ")


def test_show_of_stored_escape_codes_is_inert(db, capsys):
    out = slash(capsys, "show", str(db[2]))
    assert "\x1b" not in out and "red" in out


@pytest.mark.parametrize("words", [["show"], ["show", "abc"], ["show", "1", "2"], ["show", "-5"]])
def test_show_without_one_id_explains_itself(db, capsys, words):
    out = slash(capsys, *words)
    assert out.startswith("memlane: show needs one memory id") and "Usage: /memory" in out


def test_show_of_a_missing_id_says_so(db, capsys):
    assert slash(capsys, "show", "999999").startswith("No memory #999999")
