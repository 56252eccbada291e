"""The hook reads its event once into a record (hooks.event.HookEvent), and once more from
the copy the privacy filter leaves: what is stored comes from that copy, what the
private-turn rule judges is the prompt as typed."""

from __future__ import annotations

import io
import json
import sqlite3

import pytest

from hooks.event import Problem, read_event
from tests.hooks.test_new_events import SESSION, hook

KEY = "sk-ant-api03-" + "Xq7vR2mK9pL4sT8wN1bZ6cF3hJ5dG0aY" * 2


def test_the_record_holds_the_fields_the_hook_reads():
    record = read_event({"hook_event_name": "SessionEnd", "session_id": SESSION, "cwd": "/home/dev/shop",
                         "reason": "logout", "transcript_path": "/tmp/t.jsonl", "session_title": "shop"})  # fmt: skip
    assert (record.name, record.label, record.session_id, record.raw_session_id, record.odd_session_id) == (
        "SessionEnd", "SessionEnd", SESSION, SESSION, None)
    assert (record.cwd, record.reason, record.transcript_path, record.title) == (
        "/home/dev/shop", "logout", "/tmp/t.jsonl", "shop")


def test_an_odd_session_id_is_read_as_its_safe_id_everywhere():
    record = read_event({"hook_event_name": "Stop", "session_id": "../../etc/passwd"})
    assert record.session_id.startswith("x-") and record.odd_session_id
    assert record.raw_session_id == record.session_id == record.fields["session_id"]


def test_an_event_without_a_name_is_a_problem():
    with pytest.raises(Problem, match="no hook_event_name"):
        read_event({"session_id": SESSION})


def test_the_prompt_is_judged_as_typed_and_stored_as_cleaned():
    record = read_event({"hook_event_name": "UserPromptSubmit", "session_id": SESSION,
                         "prompt": f"<private>{KEY}</private> deploy with {KEY}"})  # fmt: skip
    record.clean(0, ())
    assert "<private>" in record.typed_prompt and KEY in record.typed_prompt
    assert KEY not in record.prompt and "<private>" not in record.prompt
    assert KEY not in json.dumps(record.fields)


def test_a_waiting_notification_is_decided_as_sent_and_kept_as_cleaned():
    record = read_event({"hook_event_name": "Notification", "session_id": SESSION,
                         "notification_type": "permission_prompt", "message": f"Claude needs {KEY}"})  # fmt: skip
    assert record.waiting == f"Claude needs {KEY}"
    record.clean(0, ())
    assert record.waiting.startswith("Claude needs") and KEY not in record.waiting
    quiet = read_event({"hook_event_name": "Notification", "session_id": SESSION,
                        "notification_type": "auth_success", "message": "Authentication successful"})  # fmt: skip
    assert quiet.waiting is None


def test_the_stored_waiting_message_holds_no_secret(homes):
    hook("SessionStart", source="startup")
    hook("Notification", message=f"Claude needs your permission to use Bash with {KEY}",
         notification_type="permission_prompt")  # fmt: skip
    conn = sqlite3.connect(homes / "memlane" / "hooks.db")
    (message,) = conn.execute("SELECT waiting_message FROM session").fetchone()
    conn.close()
    assert message.startswith("Claude needs your permission to use Bash") and KEY not in message


def test_a_notification_without_a_session_id_that_is_no_wait_says_nothing(homes):
    from hooks import main as hook_main

    run = hook_main.run_hook(io.BytesIO(json.dumps(
        {"hook_event_name": "Notification", "notification_type": "auth_success", "message": "ok"}).encode()))  # fmt: skip
    assert run.message is None and run.event == "Notification"
