"""`--session` takes the start of an id in every command (the eight characters every list
shows), and an id or a memory that does not exist gets a sentence and a non-zero exit, not an
empty answer."""

import pytest

from store.database.connection import connect
from store.writing.writer import add_memory, start_session
from tests.cli.conftest import assert_one_sentence, run, run_json

pytestmark = pytest.mark.usefixtures("isolated")
UUID = "4f0c2a9e-1b7d-4c55-9a7e-0d3f5b8e1c22"


@pytest.fixture
def uuid_db(db, projects):
    """The listings' database, and a session with a Claude Code id (a UUID)."""
    alpha, _beta = projects
    conn = connect(db)
    start_session(conn, UUID, alpha)
    add_memory(conn, {"session_id": UUID, "type": "prompt", "cwd": alpha, "content": "rename the redirect helper"})
    conn.close()
    return db


@pytest.mark.parametrize("command", [["search", "redirect"], ["recent"]])
def test_session_takes_the_first_eight_characters_of_an_id(capsys, uuid_db, command):
    rows = run_json(capsys, "--db", uuid_db, *command, "--session", UUID[:8])
    assert rows and {r["session_id"] for r in rows} == {UUID}
    assert run_json(capsys, "--db", uuid_db, *command, "--session", UUID) == rows


@pytest.mark.parametrize("command", [["search", "redirect"], ["recent"], ["ledger"]])
def test_a_session_that_does_not_exist_is_said_not_answered_empty(capsys, uuid_db, command):
    code, out, err = run(capsys, "--db", uuid_db, *command, "--session", "deadbeef")
    assert code == 2 and out == ""
    assert_one_sentence(err)
    assert "No session starts with 'deadbeef'" in err


def test_export_of_a_missing_id_says_so_and_writes_no_file(capsys, uuid_db, tmp_path):
    out = tmp_path / "m.md"
    code, printed, err = run(capsys, "--db", uuid_db, "export", "--id", "99", "-o", str(out))
    assert code == 2 and not out.exists() and printed == ""
    assert "No memory has id 99" in err and "nothing was exported" in err
    code, printed, err = run(capsys, "--db", uuid_db, "export", "--id", "99", "--id", "1")
    assert code == 0 and "1 selected memory" in printed and "No memory has id 99" in err
