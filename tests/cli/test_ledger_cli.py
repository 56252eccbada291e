"""`memlane ledger`, `veto`, `unveto`, `pin`, `unpin`, and `/memory` for the same."""

from __future__ import annotations

import json

import pytest

from store.database import connection as db
from store.reading import ledger
from store.writing import writer
from tui.commands.cli import main
from tui.commands.common import UsageError
from tui.commands.slash import slash_text

PROJECT = "/home/dev/shop-api"


@pytest.fixture
def store(tmp_path, isolated):
    path = str(tmp_path / "memory.db")
    conn = db.connect(path)
    ids = {}
    for name, session, mtype, content, file_path in [
        ("prompt", "work", "prompt", "make the refresh token last 14 days", None),
        ("edit", "work", "file_edit", "Edit tokens.py\n+REFRESH_TTL = timedelta(days=14)", f"{PROJECT}/src/auth/tokens.py"),
        ("command", "work", "command", "$ pytest -q tests/test_tokens.py\n8 passed", None),
        ("asked", "later", "prompt", "how long is the refresh token valid now?", None),
        ("other", "later", "prompt", "write a haiku about autumn leaves", None),
    ]:  # fmt: skip
        prompt_id = "q2" if name == "other" else "q1" if session == "later" else "p1"
        ids[name] = writer.add_memory(conn, {"session_id": session, "prompt_id": prompt_id, "cwd": PROJECT,
                                             "type": mtype, "content": content, "file_path": file_path})  # fmt: skip
    ledger.record(conn, session_id="later", prompt_id="q1", event="prompt", project=PROJECT, reason="chosen",
                  memory_ids=[ids["prompt"], ids["edit"]], chars=512, score=21.0, runner_up=9.0, share=0.7,
                  task=("work", "p1"), at="2025-05-02T14:00:00.000000Z")  # fmt: skip
    ledger.record(conn, session_id="later", prompt_id="q2", event="prompt", project=PROJECT, reason="nothing",
                  memory_ids=[], at="2025-05-02T14:05:00.000000Z")  # fmt: skip
    conn.close()
    return path, ids


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_ledger_lists_decisions_newest_first_with_why(store, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "240")  # one line a row, to read it here
    path, ids = store
    code, out, _err = run(capsys, "--db", path, "ledger")
    assert code == 0
    assert out.index("write a haiku") < out.index("how long is the refresh token")
    assert "silent: nothing matched" in out and f"sent 2 memories: #{ids['prompt']} #{ids['edit']}" in out
    assert "x2.3" in out  # the margin over the next session
    rows = json.loads(run(capsys, "--db", path, "ledger", "--json")[1])
    assert [r["reason"] for r in rows] == ["nothing", "chosen"]
    assert [i["memory_id"] for i in rows[1]["items"]] == [ids["prompt"], ids["edit"]]
    assert [r["reason"] for r in json.loads(run(capsys, "--db", path, "ledger", "--sent", "--json")[1])] == ["chosen"]


def test_the_ledger_of_one_session_by_the_start_of_its_id(store, capsys):
    path, _ids = store
    rows = json.loads(run(capsys, "--db", path, "ledger", "--session", "lat", "--json")[1])
    assert {r["session_id"] for r in rows} == {"later"} and len(rows) == 2
    assert json.loads(run(capsys, "--db", path, "ledger", "--session", "work", "--json")[1]) == []
    code, _out, err = run(capsys, "--db", path, "ledger", "--session", "nosuch")
    assert code == 2 and "No session starts with 'nosuch'" in err


def test_a_veto_of_an_error_group_keeps_its_project_and_lifts(store, capsys):
    path, _ids = store
    conn = db.connect(path)
    group = writer.add_memory(conn, {"session_id": "work", "prompt_id": "p1", "cwd": PROJECT, "type": "error",
                                     "content": "$ pytest -q\nE   KeyError: 'customer_id'"})  # fmt: skip
    [[group_id]] = conn.execute("SELECT error_group_id FROM memory WHERE id = ?", (group,)).fetchall()
    conn.close()
    assert group_id is not None
    code, out, _ = run(capsys, "--db", path, "veto", "--error-group", str(group_id))
    assert code == 0 and "recall will not inject it again" in out
    [listed] = json.loads(run(capsys, "--db", path, "veto", "--json")[1])
    assert (listed["kind"], listed["value"], listed["project"]) == ("error_group", str(group_id), PROJECT)
    assert run(capsys, "--db", path, "veto", "--error-group", "999999")[0] == 1
    assert run(capsys, "--db", path, "unveto", "--error-group", str(group_id))[0] == 0
    assert json.loads(run(capsys, "--db", path, "veto", "--json")[1]) == []


def test_veto_lists_adds_and_lifts(store, capsys):
    path, ids = store
    assert "No vetoes" in run(capsys, "--db", path, "veto")[1]
    code, out, _ = run(capsys, "--db", path, "veto", str(ids["edit"]))
    assert code == 0 and f"#{ids['edit']}" in out
    code, out, _ = run(capsys, "--db", path, "veto", "--file", "src/auth/tokens.py")
    assert code == 0 and "tokens.py" in out
    listed = json.loads(run(capsys, "--db", path, "veto", "--json")[1])
    assert {(v["kind"], v["value"]) for v in listed} == {("memory", str(ids["edit"])),
                                                        ("file", f"{PROJECT}/src/auth/tokens.py")}  # fmt: skip
    conn = db.connect(path)
    assert ids["edit"] in ledger.vetoed_ids(conn)
    conn.close()
    assert run(capsys, "--db", path, "unveto", str(ids["edit"]))[0] == 0
    code, _out, err = run(capsys, "--db", path, "unveto", str(ids["edit"]))
    assert code == 1 and err.startswith("memlane: ") and "was not vetoed" in err


def test_a_veto_of_nothing_changes_nothing_and_says_so(store, capsys):
    path, ids = store
    code, _out, err = run(capsys, "--db", path, "veto", str(ids["edit"]), "999999")
    assert code == 1 and "999999" in err and len(err.strip().splitlines()) == 1
    assert json.loads(run(capsys, "--db", path, "veto", "--json")[1]) == []
    code, _out, err = run(capsys, "--db", path, "veto", "7", "--file", "x.py")
    assert code == 2 and "one kind at a time" in err
    code, _out, err = run(capsys, "--db", path, "veto", "--file", "no/such/file.py")
    assert code == 1


def test_pin_lists_adds_and_unpins(store, capsys):
    path, ids = store
    assert "No pins" in run(capsys, "--db", path, "pin")[1]
    assert run(capsys, "--db", path, "pin", str(ids["command"]))[0] == 0
    [pinned] = json.loads(run(capsys, "--db", path, "pin", "--json")[1])
    assert pinned["id"] == ids["command"] and pinned["project"] == PROJECT
    assert run(capsys, "--db", path, "unpin", str(ids["command"]))[0] == 0
    assert run(capsys, "--db", path, "unpin", str(ids["command"]))[0] == 1


def test_memory_inside_claude_code_has_the_same(store, monkeypatch):
    path, ids = store
    text = slash_text(path, ["ledger"])
    assert "how long is the refresh token valid now?" in text and "silent: nothing matched" in text
    assert f"Vetoed #{ids['edit']}" in slash_text(path, ["veto", str(ids["edit"])])
    assert f"memory #{ids['edit']}" in slash_text(path, ["veto"])
    assert "Lifted" in slash_text(path, ["unveto", f"#{ids['edit']}"])
    assert f"Pinned #{ids['command']}" in slash_text(path, ["pin", str(ids["command"])])
    assert f"#{ids['command']}" in slash_text(path, ["pin"])
    assert "Unpinned" in slash_text(path, ["unpin", str(ids["command"])])
    with pytest.raises(UsageError):
        slash_text(path, ["veto", "nope"])
