"""A scripted stand-in for the Anthropic Messages API, served on 127.0.0.1.

The real Claude Code CLI pointed at it (``ANTHROPIC_BASE_URL``) runs real tools and fires
real hooks with no network and no model. The script is a list of steps, each the
assistant's next turn:

- ``{"name": "Bash", "input": {"command": "ls"}}``: one tool call;
- a list of such calls: the CLI runs them in parallel (their hooks run concurrently);
- ``{"text": "..."}``: an answer that ends the turn.

The step is chosen by how many tool-result turns the request already holds, so a resumed
session continues where its history left off and a subagent (which asks with a fresh
history) starts at step 0. When the steps run out the assistant says "Done.". A request
without ``tools`` (the CLI's title and summary calls) is answered "Session".

The CLI asks with ``"stream": true`` and reads server-sent events; a request without it
gets the whole message as JSON. Every request is appended to the log file (one JSON
object a line: ``{"path", "body"}``) so a test can see what the model was sent.

    python -m tests.e2e.harness.mock_api steps.json [--port 0] [--log requests.jsonl]

prints the port it listens on, then serves until killed.
"""

from __future__ import annotations

import argparse
import itertools
import json
import threading
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

END_OF_SCRIPT = "Done."
UNTOOLED_ANSWER = "Session"


def normalise_steps(steps: list) -> list[list[dict]]:
    """Each step as the list of blocks of one assistant turn."""
    return [list(step) if isinstance(step, list) else [step] for step in steps]


def tool_turns_answered(body: dict) -> int:
    """How many of the assistant's tool turns the conversation already holds results for."""
    turns = 0
    for message in body.get("messages") or []:
        content = message.get("content") if isinstance(message, dict) else None
        if message.get("role") != "user" or not isinstance(content, list):
            continue
        if any(isinstance(block, dict) and block.get("type") == "tool_result" for block in content):
            turns += 1
    return turns


class ScriptedModel:
    """The assistant's turns for the requests of one session (thread-safe ids, one log)."""

    def __init__(self, steps: list, log: Path | None = None):
        self.steps = normalise_steps(steps)
        self.log = Path(log) if log else None
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def _next_id(self) -> int:
        with self._lock:
            return next(self._ids)

    def record(self, path: str, body: dict) -> None:
        if self.log is None:
            return
        line = json.dumps({"path": path, "body": body}, ensure_ascii=False) + "\n"
        with self._lock, open(self.log, "a", encoding="utf-8") as log:
            log.write(line)

    def reply(self, body: dict) -> dict:
        """The assistant message answering one request body."""
        step = tool_turns_answered(body)
        if not body.get("tools"):
            turn = [{"text": UNTOOLED_ANSWER}]
        elif step < len(self.steps):
            turn = self.steps[step]
        else:
            turn = [{"text": END_OF_SCRIPT}]
        blocks = []
        for call in turn:
            if "text" in call:
                blocks.append({"type": "text", "text": call["text"]})
            else:
                blocks.append({"type": "tool_use", "id": f"toolu_{self._next_id():05d}",
                               "name": call["name"], "input": call.get("input", {})})  # fmt: skip
        calls_tools = any(block["type"] == "tool_use" for block in blocks)
        return {
            "id": f"msg_{self._next_id():05d}",
            "type": "message",
            "role": "assistant",
            "model": body.get("model") or "mock",
            "content": blocks,
            "stop_reason": "tool_use" if calls_tools else "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 5,
                      "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0},  # fmt: skip
        }


def stream_events(message: dict):
    """(event, data) pairs of the Messages API's streaming form of `message`."""
    yield "message_start", {"type": "message_start", "message": dict(message, content=[], stop_reason=None)}
    for index, block in enumerate(message["content"]):
        if block["type"] == "text":
            opening = {"type": "text", "text": ""}
            delta = {"type": "text_delta", "text": block["text"]}
        else:  # a tool call: its input arrives as JSON text in deltas
            opening = dict(block, input={})
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        yield "content_block_start", {"type": "content_block_start", "index": index, "content_block": opening}
        yield "content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta}
        yield "content_block_stop", {"type": "content_block_stop", "index": index}
    yield "message_delta", {"type": "message_delta",
                            "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
                            "usage": {"output_tokens": message["usage"]["output_tokens"]}}  # fmt: skip
    yield "message_stop", {"type": "message_stop"}


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    model: ScriptedModel  # set on the subclass made by serve()

    def log_message(self, *args):  # no access log on stderr
        pass

    def do_HEAD(self):  # the CLI checks that the API answers
        self.send_response(200)
        self.send_header("content-length", "0")
        self.end_headers()

    def do_GET(self):
        self._send_json({})

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("content-length") or 0))
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {}
        if not isinstance(body, dict):
            body = {}
        self.model.record(self.path, body)
        if "count_tokens" in self.path:
            self._send_json({"input_tokens": 100})
            return
        message = self.model.reply(body)
        if body.get("stream"):
            self._send_stream(message)
        else:
            self._send_json(message)

    def _send_stream(self, message: dict):
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.end_headers()
        for event, data in stream_events(message):
            self.wfile.write(f"event: {event}\ndata: {json.dumps(data)}\n\n".encode())
            self.wfile.flush()
        self.close_connection = True  # no content-length: the end of the stream is the close

    def _send_json(self, data: dict):
        payload = json.dumps(data).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


def make_server(steps: list, log: Path | None = None, port: int = 0) -> ThreadingHTTPServer:
    handler = type("ScriptedHandler", (_Handler,), {"model": ScriptedModel(steps, log)})
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    return server


@contextmanager
def serve(steps: list, log: Path | None = None):
    """Serve the scripted model on a free port in a background thread; yields its base URL."""
    server = make_server(steps, log)
    thread = threading.Thread(target=server.serve_forever, name="mock-anthropic-api", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("script", help="JSON list of the assistant's steps")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free one (printed first)")
    parser.add_argument("--log", help="append every request here (JSON lines)")
    args = parser.parse_args(argv)
    steps = json.loads(Path(args.script).read_text(encoding="utf-8"))
    server = make_server(steps, Path(args.log).resolve() if args.log else None, args.port)
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
