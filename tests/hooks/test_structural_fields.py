"""Ids and the paths memories are keyed by never go through the free-text secrets filter
(issue 35, defect 1): a tool call's id such as ``toolu_01ABCpassKEY7sk2Pw9zQ4mLx`` reads
like a token to the filter, and stored redacted it lost the link to its result and made
different calls read as one.  Through the hook and through `memlane import` alike."""

from __future__ import annotations

import io
import json
import sqlite3

from tests.fixtures import import_into
from tests.fixtures.shapes import Session, write_session

# Ids in the shape Claude Code writes them, that the filter took for secrets before.
TOOL_IDS = ["toolu_01ABCpassKEY7sk2Pw9zQ4mLx", "toolu_015sKPwBnKeY3pAsS9q7LmZx",
            "toolu_vrtx_01PwKeyPass8sKq2Lm9vXz4T"]  # fmt: skip
PROMPT_ID = "msg_01PwKeyPass8sKq2Lm9vXz4T"  # a prompt id of the same shape
CWD = "/home/dev/PwKeyPass8sKq2Lm9vXz4TnB7Rc"  # a folder named like one


def session_with_these_ids() -> Session:
    s = Session("structural-ids", cwd=CWD, version="2.1.197", start="2026-11-20T10:00:00.000")
    ids = iter(TOOL_IDS)
    s.tool_id = lambda: next(ids)
    s.start()
    s.prompt("rename the two helpers")
    s.prompt_id = PROMPT_ID
    for hook in s.hooks:
        if hook["hook_event_name"] == "UserPromptSubmit":
            hook["prompt_id"] = PROMPT_ID
    s.lines[-1]["promptId"] = PROMPT_ID
    s.edit(f"{CWD}/src/a.py", "def old_a():", "def new_a():", line=3)
    s.edit(f"{CWD}/src/b.py", "def old_b():", "def new_b():", line=3)
    s.bash("make check", "all good")
    s.end()
    for hook in s.hooks:
        if hook["hook_event_name"].startswith("PostToolUse"):
            hook["prompt_id"] = PROMPT_ID
    return s


def stored(db: str) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(
            "SELECT type, tool_use_id, prompt_id, cwd, file_path FROM memory ORDER BY id"
        ).fetchall()
    finally:
        conn.close()


EXPECTED = [
    ("prompt", None, PROMPT_ID, CWD, None),
    ("file_edit", TOOL_IDS[0], PROMPT_ID, CWD, f"{CWD}/src/a.py"),
    ("file_edit", TOOL_IDS[1], PROMPT_ID, CWD, f"{CWD}/src/b.py"),
    ("command", TOOL_IDS[2], PROMPT_ID, CWD, None),
]


def test_the_hook_stores_ids_and_paths_as_sent(homes):
    from hooks import main as hook_main

    for event in session_with_these_ids().hooks:
        event = dict(event, session_id="0b9f3c9e-5a11-4c55-9d0e-PwKeyPass8sK")
        run = hook_main.run_hook(io.BytesIO(json.dumps(event).encode()))
        if run.conn is not None:
            run.conn.close()
        assert run.message is None, run.message
    assert stored(str(homes / "memlane" / "hooks.db")) == EXPECTED
    conn = sqlite3.connect(homes / "memlane" / "hooks.db")
    assert conn.execute("SELECT DISTINCT session_id FROM memory").fetchall() == [
        ("0b9f3c9e-5a11-4c55-9d0e-PwKeyPass8sK",)
    ]
    conn.close()


def test_the_importer_stores_ids_and_paths_as_written(homes):
    session = session_with_these_ids()
    write_session(session, homes / "corpus")
    report = import_into(str(homes / "imported.db"), [homes / "corpus" / "projects"])
    assert stored(str(homes / "imported.db")) == EXPECTED
    assert report["unpaired"] == 0


def test_a_secret_in_free_text_is_still_redacted(homes):
    from hooks import main as hook_main

    token = "ghp_" + "R8x2Lq9ZtW4vN7bK3mP6sY1cF5hJ0dGaE2uQ"
    event = {"session_id": "s-1", "hook_event_name": "PostToolUse", "cwd": CWD,
             "tool_name": "Bash", "tool_use_id": TOOL_IDS[0],
             "tool_input": {"command": f"curl -H 'Authorization: token {token}' https://api.github.com/user"},
             "tool_response": {"stdout": "{}", "stderr": "", "interrupted": False}}  # fmt: skip
    run = hook_main.run_hook(io.BytesIO(json.dumps(event).encode()))
    if run.conn is not None:
        run.conn.close()
    conn = sqlite3.connect(homes / "memlane" / "hooks.db")
    (content, tool_use_id), = conn.execute("SELECT content, tool_use_id FROM memory").fetchall()
    conn.close()
    assert token not in content and "[REDACTED" in content
    assert tool_use_id == TOOL_IDS[0]
