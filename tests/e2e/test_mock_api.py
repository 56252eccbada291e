"""The scripted model of the e2e harness, spoken to over HTTP as the CLI speaks to it (no CLI)."""

from __future__ import annotations

import json
import urllib.request

from tests.e2e.harness.mock_api import serve

STEPS = [
    {"name": "Bash", "input": {"command": "ls"}},
    [{"name": "Read", "input": {"file_path": "a.py"}}, {"name": "Read", "input": {"file_path": "b.py"}}],
    {"text": "All read."},
]
TOOLS = [{"name": "Bash"}, {"name": "Read"}]


def post(base: str, body: dict, path: str = "/v1/messages") -> tuple[str, bytes]:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})  # fmt: skip
    with urllib.request.urlopen(request, timeout=30) as answer:
        return answer.headers["content-type"], answer.read()


def history(tool_turns: int) -> list[dict]:
    messages = [{"role": "user", "content": "go"}]
    for n in range(tool_turns):
        messages.append({"role": "assistant", "content": [{"type": "tool_use", "id": f"t{n}", "name": "Bash", "input": {}}]})
        messages.append({"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"t{n}", "content": "ok"}]})
    return messages


def sse_events(raw: bytes) -> list[tuple[str, dict]]:
    events = []
    for chunk in raw.decode().strip().split("\n\n"):
        kind, data = chunk.split("\n")
        assert kind.startswith("event: ") and data.startswith("data: ")
        events.append((kind[len("event: "):], json.loads(data[len("data: "):])))
    return events


def test_each_request_gets_the_step_after_the_tool_turns_it_holds(tmp_path):
    with serve(STEPS) as base:
        turns = [json.loads(post(base, {"tools": TOOLS, "messages": history(n)})[1]) for n in range(4)]
    first, parallel, answer, after = turns
    assert [b["name"] for b in first["content"]] == ["Bash"] and first["stop_reason"] == "tool_use"
    assert [b["input"]["file_path"] for b in parallel["content"]] == ["a.py", "b.py"]
    assert len({b["id"] for b in parallel["content"]}) == 2
    assert answer["content"] == [{"type": "text", "text": "All read."}] and answer["stop_reason"] == "end_turn"
    assert after["content"] == [{"type": "text", "text": "Done."}]  # the script ran out


def test_a_request_without_tools_is_the_clis_own_and_gets_a_title(tmp_path):
    with serve(STEPS) as base:
        reply = json.loads(post(base, {"messages": history(0)})[1])
    assert reply["content"] == [{"type": "text", "text": "Session"}]


def test_a_streamed_reply_is_the_messages_apis_server_sent_events(tmp_path):
    with serve(STEPS) as base:
        kind, raw = post(base, {"tools": TOOLS, "messages": history(1), "stream": True})
    assert kind == "text/event-stream"
    events = sse_events(raw)
    names = [name for name, _ in events]
    assert names[0] == "message_start" and names[-2:] == ["message_delta", "message_stop"]
    assert names[1:-2] == ["content_block_start", "content_block_delta", "content_block_stop"] * 2
    assert all(data["type"] == name for name, data in events)
    inputs = [json.loads(d["delta"]["partial_json"]) for n, d in events if n == "content_block_delta"]
    assert inputs == [{"file_path": "a.py"}, {"file_path": "b.py"}]
    assert events[-2][1]["delta"]["stop_reason"] == "tool_use"


def test_every_request_is_logged_for_the_test_to_read(tmp_path):
    log = tmp_path / "requests.jsonl"
    with serve(STEPS, log) as base:
        post(base, {"tools": TOOLS, "messages": history(0), "system": "hook context here"})
        post(base, {"messages": []}, path="/v1/messages/count_tokens")
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["path"] for r in records] == ["/v1/messages", "/v1/messages/count_tokens"]
    assert records[0]["body"]["system"] == "hook context here"
