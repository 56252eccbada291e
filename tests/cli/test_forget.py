"""`memlane forget`: what it asks, what it says, and that forgotten text leaves search."""

import io
import sys

import pytest

from store.database.connection import connect
from store.search import search
from tests.cli.conftest import assert_one_sentence, run, run_json
from tui.commands import forget

pytestmark = pytest.mark.usefixtures("isolated")


def texts(db: str, query: str) -> list[str]:
    conn = connect(db)
    try:
        return [h["content"] for h in search(conn, query)]
    finally:
        conn.close()


def test_forget_needs_criteria(capsys, db):
    code, _, err = run(capsys, "--db", db, "forget", "--yes")
    assert code == 2
    assert_one_sentence(err)


def test_forget_refuses_without_a_terminal(capsys, db, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("y\n"))
    code, out, err = run(capsys, "--db", db, "forget", "--query", "token")
    assert code == 2
    assert_one_sentence(err)
    assert "1 memory" in err and "--yes" in err
    assert texts(db, "token")


def test_forget_asks_and_says_how_many(capsys, db, monkeypatch):
    asked = []
    monkeypatch.setattr(forget, "_stdin_is_tty", lambda: True)
    monkeypatch.setattr(forget, "_ask", lambda prompt: asked.append(prompt) or "n")
    code, out, _ = run(capsys, "--db", db, "forget", "--session", "s-alpha")
    assert code == 0 and "Cancelled" in out
    assert asked == ["Forget 3 memories from 1 session? They are deleted for good. [y/N] "]
    assert len(run_json(capsys, "--db", db, "recent", "--session", "s-alpha")) == 3

    monkeypatch.setattr(forget, "_ask", lambda prompt: "y")
    code, out, _ = run(capsys, "--db", db, "forget", "--session", "s-alpha")
    assert code == 0 and "Forgot 3 memories." in out
    code, _, err = run(capsys, "--db", db, "recent", "--session", "s-alpha")
    assert code == 2 and "No session starts with 's-alpha'" in err  # forgotten with its memories
    assert [s["session_id"] for s in run_json(capsys, "--db", db, "sessions")] == ["s-beta"]


def test_forget_yes_removes_text_from_search(capsys, db):
    assert texts(db, "token")
    code, out, _ = run(capsys, "--db", db, "forget", "--query", "token", "--yes")
    assert code == 0 and "Forgot 1 memory." in out
    assert texts(db, "token") == []
    assert len(run_json(capsys, "--db", db, "recent")) == 4


def test_forget_by_id_and_project(capsys, db, projects):
    code, out, _ = run(capsys, "--db", db, "forget", "--id", "1", "--id", "2", "--yes")
    assert code == 0 and "Forgot 2 memories." in out
    assert {r["id"] for r in run_json(capsys, "--db", db, "recent")} == {3, 4, 5}
    code, out, _ = run(capsys, "--db", db, "forget", "--project", "beta", "--yes")
    assert code == 0 and "Forgot 2 memories." in out
    assert {r["project"] for r in run_json(capsys, "--db", db, "recent")} == {projects[0]}


def test_forget_older_than(capsys, db):
    code, out, _ = run(capsys, "--db", db, "forget", "--older-than", "10", "--dry-run")
    assert code == 0 and "Would forget 3 memories from 1 session" in out
    assert len(run_json(capsys, "--db", db, "recent")) == 5
    code, out, _ = run(capsys, "--db", db, "forget", "--older-than", "10", "--yes")
    assert code == 0 and "Forgot 3 memories." in out
    assert {r["session_id"] for r in run_json(capsys, "--db", db, "recent")} == {"s-beta"}


def test_forget_nothing_matches(capsys, db):
    code, out, _ = run(capsys, "--db", db, "forget", "--query", "zebra", "--yes")
    assert code == 0 and "nothing was forgotten" in out


def test_forget_resolves_a_selection_as_the_cleanup_pane_does(capsys, db, projects):
    code, out, _ = run(capsys, "--db", db, "forget", "--session", "s-al", "--dry-run")
    assert code == 0 and "Would forget 3 memories from 1 session" in out  # a unique prefix
    code, _, err = run(capsys, "--db", db, "forget", "--project", "gamma", "--yes")
    assert code == 2 and "No project matches 'gamma'" in err
    assert_one_sentence(err)
    code, _, err = run(capsys, "--db", db, "forget", "--session", "s-", "--yes")
    assert code == 2 and "2 sessions match 's-'" in err
    assert len(run_json(capsys, "--db", db, "recent")) == 5
    code, out, _ = run(capsys, "--db", db, "forget", "--project", projects[1] + "/", "--yes")
    assert code == 0 and "Forgot 2 memories." in out
