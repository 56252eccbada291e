"""What the `memlane` command says when the words are wrong: one true sentence, never a guess."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from store.database.connection import connect
from store.writing.writer import add_memories, start_session
from tests.cli.conftest import assert_one_sentence, run
from tests.tui.conftest import build_db
from tui.commands import doctor, open_app

ROOT = Path(__file__).resolve().parents[2]


pytestmark = pytest.mark.usefixtures("isolated")


@pytest.fixture
def db(tmp_path):
    """Four sessions in calc-app, shop-api and infra (the app tests' fixed database)."""
    return build_db(tmp_path / "memory.db")


@pytest.fixture
def with_terminal(monkeypatch):
    """The app's terminal check passes (pytest's stdin is not a terminal)."""
    monkeypatch.setattr(open_app, "terminal_problem", lambda: None)


# -- values the database does not know --------------------------------------------------------


def test_unknown_type_is_refused_and_the_types_are_listed(capsys, db):
    code, out, err = run(capsys, "--db", db, "recent", "--type", "nonsense")
    assert code == 2 and out == ""
    assert_one_sentence(err)
    assert "'nonsense'" in err and "edit" in err and "cmd" in err and "No memories" not in err


def test_a_known_type_with_no_memories_yet_is_fine(capsys, db):
    code, out, err = run(capsys, "--db", db, "recent", "--type", "notebook_edit")
    assert (code, err) == (0, "")
    assert "No memories yet." in out


@pytest.mark.parametrize("command", ["sessions", "errors", "recent"])
def test_unknown_project_is_refused_not_reported_empty(capsys, db, command):
    code, out, err = run(capsys, "--db", db, command, "--project", "nonexistent")
    assert code == 2 and out == ""
    assert_one_sentence(err)
    assert "no project matches 'nonexistent'" in err.lower()


def test_a_known_project_still_lists(capsys, db):
    code, out, _ = run(capsys, "--db", db, "sessions", "--project", "shop-api", "--format", "brief")
    assert code == 0 and "s-shop-0002" in out and "s-calc-0001" not in out


def test_limit_above_the_cap_is_said_not_silently_cut(capsys, db):
    code, out, err = run(capsys, "--db", db, "search", "pytest", "-n", "5000")
    assert code == 2 and out == ""
    assert "usage: memlane search" in err and "5000 is more than 500" in err
    code, _, err = run(capsys, "--db", db, "search", "pytest", "-n", "500")
    assert (code, err) == (0, "")


# -- the database path ------------------------------------------------------------------------


def test_a_folder_gets_one_message_from_cli_app_and_doctor(capsys, tmp_path, with_terminal):
    folder = tmp_path / "somewhere"
    folder.mkdir()
    expected = f"{folder} is a folder, not a memlane database."
    _, _, err = run(capsys, "--db", str(folder), "stats")
    assert err.strip() == f"memlane: {expected}"
    code, _, err = run(capsys, "--db", str(folder))  # the app
    assert code == 1 and err.strip() == f"memlane: {expected}"
    said: list[str] = []
    doctor.doctor(str(folder), say=said.append, run_hook=False)
    assert any(line.endswith(expected) for line in said), said
    assert not any("disk I/O" in line for line in said)


def test_the_app_never_creates_a_database_for_a_mistyped_db(capsys, tmp_path, with_terminal):
    typo = tmp_path / "memroy.db"
    code, out, err = run(capsys, "--db", str(typo))
    assert code == 1 and out == ""
    assert_one_sentence(err)
    assert "no memlane database" in err.lower()
    assert not typo.exists() and not any(tmp_path.iterdir())


def test_doctor_prints_counts_with_thousands_separators(tmp_path):
    path = str(tmp_path / "big.db")
    conn = connect(path)
    start_session(conn, "s-big", "/home/dev/big")
    add_memories(conn, [{"session_id": "s-big", "cwd": "/home/dev/big", "type": "command",
                         "content": f"$ make step {i}"} for i in range(1234)])  # fmt: skip
    conn.close()
    said: list[str] = []
    doctor.doctor(path, say=said.append, run_hook=False)
    assert any("1,234 memories, 1 session" in line for line in said), said


# -- usage errors -------------------------------------------------------------------------------


def test_unknown_option_gets_the_commands_usage(capsys, db):
    code, _, err = run(capsys, "--db", db, "search", "foo", "--bogus")
    assert code == 2
    assert err.startswith("usage: memlane search")
    assert "unrecognized arguments: --bogus" in err


def test_the_hidden_slash_command_is_never_listed(capsys, db):
    for argv in (["no-such-command"], ["--help"], ["search", "--bogus"]):
        code, out, err = run(capsys, "--db", db, *argv)
        assert code in (0, 2)
        assert "slash" not in out + err, argv
    code, out, _ = run(capsys, "--db", db, "slash", "--recent", "1")  # still there for /memory
    assert code == 0 and out.split("\n")[1].startswith("1 memory, newest first")


# -- no terminal ---------------------------------------------------------------------------------


@pytest.mark.parametrize("words", [[], ["demo", "--no-feed"]])
def test_without_a_terminal_the_app_refuses_in_one_sentence(db, tmp_path, words):
    env = dict(os.environ, HOME=str(tmp_path / "home"), MEMLANE_HOME=str(tmp_path / "mh"))
    env.pop("MEMLANE_DB", None)
    done = subprocess.run(
        [sys.executable, "-m", "tui.commands.cli", "--db", db, *words], cwd=ROOT, env=env,
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stdout == ""  # no escape codes into the pipe
    assert_one_sentence(done.stderr)
    assert "needs a terminal" in done.stderr


def test_a_mistyped_memlane_db_is_refused_too_but_the_default_path_may_be_new(
    capsys, tmp_path, monkeypatch, with_terminal
):
    import tui.gui.app

    typo = tmp_path / "memroy.db"
    monkeypatch.setenv("MEMLANE_DB", str(typo))
    code, _, err = run(capsys)
    assert code == 1 and "no memlane database" in err.lower() and not typo.exists()
    monkeypatch.delenv("MEMLANE_DB")
    opened = []  # a first run before any hook: the app opens (its empty state says what to do)
    monkeypatch.setattr(tui.gui.app, "run_app", lambda path: opened.append(path) or 0)
    assert run(capsys)[0] == 0 and opened


# -- start-up: `memlane` alone opens the app without building every command's parser -----------


def test_the_version_is_looked_up_only_when_asked(capsys, monkeypatch):
    from importlib.metadata import version

    from tui.commands import cli

    looked_up: list[bool] = []
    real = cli._version
    monkeypatch.setattr(cli, "_version", lambda: looked_up.append(True) or real())
    code, _, err = run(capsys, "search", "--bogus-option-only")
    assert code == 2 and looked_up == []  # importlib.metadata costs ~40 ms of every start
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"memlane {version('memlane')}" and looked_up == [True]


@pytest.mark.parametrize("argv", [[], ["--db", "DB"], ["--db=DB"]])
def test_opening_the_app_builds_no_commands_parser(argv, db, monkeypatch):
    from tui.commands import cli

    def refused():
        raise AssertionError("the commands' parsers were built to open the app (~35 ms)")

    opened: list[str] = []
    monkeypatch.setattr(cli, "build_parser", refused)
    monkeypatch.setattr(open_app, "cmd_open_app", lambda args: opened.append(args.db) or 0)
    monkeypatch.setenv("MEMLANE_DB", db)
    assert cli.main([word.replace("DB", db) for word in argv]) == 0
    assert opened == [db]
