"""Hook events of Claude Code 2.1.150 and later (issue 35): SessionStart `source: "fork"`
with the resume-cost fields, Notification of a session waiting for its user, model
switches and added folders; every other new event is ignored without a log line."""

from __future__ import annotations

import io
import json
import os
import sqlite3

import pytest

from store.database import connection as store_db
from store.writing import writer

SESSION = "e4fa0c49-4643-43e0-b4db-9718159c2925"
CWD = "/home/dev/shop"
TRANSCRIPT = f"/home/dev/.claude/projects/-home-dev-shop/{SESSION}.jsonl"


def hook(name: str, **fields) -> None:
    from hooks import main as hook_main

    event = {"session_id": SESSION, "transcript_path": TRANSCRIPT, "cwd": CWD,
             "hook_event_name": name, **fields}  # fmt: skip
    run = hook_main.run_hook(io.BytesIO(json.dumps(event).encode()))
    if run.conn is not None:
        run.conn.close()
    assert run.message is None and run.warning is None, run.message


def db_rows(homes, sql, *params):
    conn = sqlite3.connect(homes / "memlane" / "hooks.db")
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def log_text(homes) -> str:
    path = homes / "memlane" / "memlane.log"
    return path.read_text() if path.exists() else ""


def test_a_fork_opens_its_session_and_keeps_what_resuming_cost(homes):
    hook("SessionStart", source="fork", seconds_since_last_response=3, context_tokens=25768,
         prompt_cache_likely_expired=False, estimated_cache_write_usd=0.0515)  # fmt: skip
    assert db_rows(homes, "SELECT resume_context_tokens, resume_cache_expired FROM session "
                          "WHERE session_id = ?", SESSION) == [(25768, 0)]  # fmt: skip


def test_absent_resume_cost_fields_are_not_zero(homes):
    hook("SessionStart", source="startup", model="claude-opus-4-8")
    assert db_rows(homes, "SELECT resume_context_tokens, resume_cache_expired FROM session") == [(None, None)]
    hook("SessionStart", source="resume", context_tokens=149773, prompt_cache_likely_expired=True)
    assert db_rows(homes, "SELECT resume_context_tokens, resume_cache_expired FROM session") == [(149773, 1)]


def test_a_session_waiting_for_its_user_is_listed_until_it_goes_on(homes):
    hook("SessionStart", source="startup")
    hook("UserPromptSubmit", prompt="deploy the shop to staging", prompt_id="p-1")
    hook("Notification", message="Claude needs your permission to use Bash",
         notification_type="permission_prompt")  # fmt: skip
    conn = store_db.connect(str(homes / "memlane" / "hooks.db"))
    try:
        (waiting,) = writer.waiting_sessions(conn)
        assert waiting["session_id"] == SESSION
        assert waiting["waiting_message"] == "Claude needs your permission to use Bash"
        assert writer.waiting_sessions(conn, project="/elsewhere") == []
    finally:
        conn.close()
    hook("Stop", stop_hook_active=False)
    conn = store_db.connect(str(homes / "memlane" / "hooks.db"))
    assert writer.waiting_sessions(conn) == []
    conn.close()
    hook("Notification", message="Claude is waiting for your input", notification_type="idle_prompt")
    conn = store_db.connect(str(homes / "memlane" / "hooks.db"))
    assert [w["waiting_message"] for w in writer.waiting_sessions(conn)] == ["Claude is waiting for your input"]
    conn.close()
    hook("UserPromptSubmit", prompt="now run the smoke tests", prompt_id="p-2")
    conn = store_db.connect(str(homes / "memlane" / "hooks.db"))
    assert writer.waiting_sessions(conn) == []
    conn.close()


def test_other_notifications_store_nothing(homes):
    hook("Notification", message="Authentication successful", notification_type="auth_success")
    assert not os.path.exists(homes / "memlane" / "hooks.db")
    assert log_text(homes) == ""


def test_a_model_switch_and_an_added_folder_are_small_memories(homes):
    hook("PreModelSwitch", from_model="claude-sonnet-5", to_model="claude-opus-5", source="command")
    hook("PostModelSwitch", from_model="claude-sonnet-5", to_model="claude-opus-5", source="command",
         cache_ttl="5m", context_tokens=40210)  # fmt: skip
    hook("DirectoryAdded", directory="/home/dev/shared-ui")
    rows = db_rows(homes, "SELECT type, importance, content FROM memory ORDER BY id")
    assert rows == [("observation", 1, "Model switched to claude-opus-5 (from claude-sonnet-5)"),
                    ("observation", 1, "Directory added to the session: /home/dev/shared-ui")]  # fmt: skip


@pytest.mark.parametrize("name", ["PreModelSwitch", "FileChanged", "CwdChanged", "MessageDisplay",
                                  "InstructionsLoaded", "TaskCreated", "PostToolBatch"])
def test_other_new_events_are_ignored_without_a_log_line(homes, name, capfd):
    hook(name, file_path=f"{CWD}/a.py", change_type="modify")
    assert not os.path.exists(homes / "memlane" / "hooks.db")
    assert log_text(homes) == "" and capfd.readouterr() == ("", "")


def test_prompt_memories_keep_their_prompt_id(homes):
    hook("UserPromptSubmit", prompt="why is the cart total wrong", prompt_id="7c1f0e9a-prompt")
    assert db_rows(homes, "SELECT type, prompt_id FROM memory") == [("prompt", "7c1f0e9a-prompt")]
