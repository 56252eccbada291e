"""`memlane` itself: the one-sentence errors every command shares, what it imports, and
the hand-over to the modules that answer each command."""

import json
import subprocess
import sys

import pytest

from tests.cli.conftest import ROOT, assert_one_sentence, run
from tui.commands import open_app
from tui.commands.cli import main

pytestmark = pytest.mark.usefixtures("isolated")


# -- errors a user can cause ------------------------------------------------------------------


def test_missing_database_is_one_sentence(capsys, tmp_path):
    for command in (["search", "x"], ["recent"], ["sessions"], ["stats"], ["errors"], ["forget", "--id", "1"]):
        code, out, err = run(capsys, "--db", str(tmp_path / "none.db"), *command)
        assert code == 1, command
        assert_one_sentence(err)
        assert "no memlane database" in err.lower()
    assert not (tmp_path / "none.db").exists()


def test_corrupt_database_is_one_sentence(capsys, tmp_path):
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"this is not sqlite at all\n" * 200)
    code, out, err = run(capsys, "--db", str(bad), "search", "x")
    assert code == 1
    assert_one_sentence(err)
    assert "not a readable memlane database" in err
    assert bad.read_bytes() == b"this is not sqlite at all\n" * 200


def test_folder_as_database(capsys, tmp_path):
    code, _, err = run(capsys, "--db", str(tmp_path), "stats")
    assert code == 1
    assert_one_sentence(err)


def test_bad_arguments_exit_2(capsys, db):
    code, _, err = run(capsys, "--db", db, "search", "x", "--limit", "0")
    assert code == 2 and "Traceback" not in err
    code, _, err = run(capsys, "--db", db, "forget", "--older-than", "soon")
    assert code == 2 and "number of days" in err
    code, _, err = run(capsys, "--db", db, "no-such-command")
    assert code == 2


# -- weight -----------------------------------------------------------------------------------


def test_cli_and_install_do_not_import_textual_or_rich():
    code = (
        "import sys, json\nimport tui, tui.commands.cli, tui.commands.install\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


# -- commands other modules implement ---------------------------------------------------------


def test_a_command_whose_package_is_missing_says_which_in_one_sentence(tmp_path):
    code = (
        "import sys\nsys.modules['mcp'] = None  # as if the MCP SDK were not installed\n"
        "from tui.commands.cli import main\n"
        f"sys.exit(main(['--db', {str(tmp_path / 'memory.db')!r}, 'mcp']))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == "memlane: `memlane mcp` needs the mcp package; reinstall memlane (pip install -e .).\n"


def test_bare_memlane_opens_the_app(capsys, db, monkeypatch):
    import tui.gui.app

    opened = []
    monkeypatch.setattr(tui.gui.app, "run_app", lambda path: opened.append(path) or 0)
    monkeypatch.setattr(open_app, "terminal_problem", lambda: None)
    assert main(["--db", db]) == 0
    assert opened == [db]


def test_demo_gets_its_own_arguments(monkeypatch):
    import types

    seen = []
    fake = types.ModuleType("tui.commands.demo")
    fake.main = lambda argv: seen.append(argv) or 0
    monkeypatch.setitem(sys.modules, "tui.commands.demo", fake)
    import tui.commands

    monkeypatch.setattr(tui.commands, "demo", fake, raising=False)  # once imported, the attribute wins
    assert main(["demo", "--keep", "--no-feed"]) == 0
    assert seen == [["--keep", "--no-feed"]]


def test_import_calls_the_importer(monkeypatch, db):
    import types

    seen = []
    fake = types.ModuleType("tui.commands.importer")
    fake.main = lambda argv: seen.append(argv) or 0
    monkeypatch.setitem(sys.modules, "tui.commands.importer", fake)
    import tui.commands

    monkeypatch.setattr(tui.commands, "importer", fake, raising=False)  # once imported, the attribute wins
    assert main(["--db", db, "import", "a.jsonl", "--dry-run", "--since", "2025-01-01"]) == 0
    assert main(["import", "--no-progress", "--db", "x.db"]) == 0
    assert seen == [
        ["--db", db, "a.jsonl", "--dry-run", "--since", "2025-01-01"],
        ["--no-progress", "--db", "x.db"],
    ]
