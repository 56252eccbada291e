"""Stored escape sequences never reach the terminal from the CLI, and stored names are never
read as rich markup: every command that prints stored text, in every format."""

from __future__ import annotations

import json

import pytest

from tests.tui.test_hostile_text import CONTROL, HOSTILE, QUIT, hostile_db
from tui.commands.cli import main


@pytest.fixture
def hostile(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / "memlane"))
    path = hostile_db(str(tmp_path / "memory.db"))
    monkeypatch.setenv("MEMLANE_DB", path)
    return path


COMMANDS = [
    ["search", "hostile"], ["recent"], ["sessions"], ["errors"], ["stats"],
    ["search", "hostile", "--format", "brief"], ["recent", "--format", "brief"],
    ["sessions", "--format", "brief"], ["errors", "--format", "brief"],
    ["slash", "hostile"], ["slash", "--recent"], ["slash", "--summaries"], ["slash", "--errors"],
]  # fmt: skip


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_no_control_character_reaches_the_terminal(hostile, capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0, err
    bad = sorted({repr(ch) for ch in out + err if ch in CONTROL and ch != "\t"})
    assert not bad, out
    assert "hostile" in out or "memories" in out or "boom" in out
    if argv[0] != "stats":
        assert "␛" in out  # what was there is shown, as a visible stand-in


def test_the_project_column_shows_markup_as_text(hostile, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["sessions"]) == 0
    out = capsys.readouterr().out
    # the column is 14 cells wide, so the name is cut; rich would have eaten the tag whole
    assert "[@click=app.q" in out


@pytest.mark.parametrize("argv", [["search", "hostile"], ["recent"], ["sessions"], ["errors"]],
                         ids=" ".join)  # fmt: skip
def test_json_keeps_the_data_but_escapes_what_a_terminal_acts_on(hostile, capsys, argv):
    assert main([*argv, "--json"]) == 0
    out = capsys.readouterr().out
    assert not any(ch in CONTROL for ch in out if ch not in "\t")
    value = json.dumps(json.loads(out))
    assert "\\u001b]2;pwned-title" in value  # the stored text itself, unchanged
    assert QUIT in out and HOSTILE not in out


@pytest.mark.parametrize("fmt", [[], ["--format", "brief"], ["--json"]], ids=["table", "brief", "json"])
def test_a_query_that_matches_nothing_is_echoed_inert_and_never_as_markup(hostile, capsys, fmt):
    query = "\x1b]2;zqxv\x07 [bold red]nothing-like-this[/]"  # no word a memory holds
    assert main(["search", query, *fmt]) == 0
    out, err = capsys.readouterr()
    assert not any(ch in CONTROL for ch in out + err if ch not in "\t\n"), out
    if not fmt:
        assert '"␛]2;zqxv␇ [bold red]nothing-like-this[/]"' in out
