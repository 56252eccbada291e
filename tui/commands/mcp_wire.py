"""The stdio wire of `memlane mcp`: every line the client sends gets an answer.

The MCP SDK's stdio transport drops a line it cannot read (malformed JSON, a batch, a
`jsonrpc` other than "2.0", an id that is an object, bytes that are not UTF-8) without a
reply, and a lone surrogate in a string (`"\\ud800"`) makes the answer unwritable, so the
client waits for its own timeout. Each line is screened here first: a line that is not
a JSON-RPC 2.0 message is answered with a JSON-RPC error (-32700 parse error, -32600
invalid request) and the server goes on serving; lone surrogates become U+FFFD.
"""

from __future__ import annotations

import json
import re
from typing import Any

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
_SURROGATE = re.compile("[\ud800-\udfff]")


def screen_line(line: bytes) -> tuple[str | None, str | None]:
    """(the line to hand to the SDK, or None; the error reply to send, or None)."""
    if not line.strip():
        return None, None
    try:
        message = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        return None, error_reply(None, PARSE_ERROR, "Parse error: the line is not UTF-8")
    except ValueError as exc:
        return None, error_reply(None, PARSE_ERROR, f"Parse error: {exc}")
    if isinstance(message, list):
        return None, error_reply(None, INVALID_REQUEST, "Invalid Request: batches are not supported")
    if not isinstance(message, dict):
        return None, error_reply(None, INVALID_REQUEST, "Invalid Request: a message is a JSON object")
    has_id = "id" in message
    ident = message.get("id")
    if has_id and (isinstance(ident, bool) or not isinstance(ident, (str, int))):
        return None, error_reply(None, INVALID_REQUEST, "Invalid Request: an id is a string or an integer")
    if message.get("jsonrpc") != "2.0":
        return None, error_reply(ident, INVALID_REQUEST, 'Invalid Request: "jsonrpc" must be "2.0"')
    method = message.get("method")
    is_response = has_id and method is None and ("result" in message or "error" in message)
    if not is_response and not isinstance(method, str):
        return None, error_reply(ident, INVALID_REQUEST, "Invalid Request: no method")
    if not is_response and "params" in message and not isinstance(message["params"], (dict, list)):
        return None, error_reply(ident, INVALID_REQUEST, "Invalid Request: params must be an object")
    return json.dumps(_without_surrogates(message), ensure_ascii=False), None


def error_reply(ident: Any, code: int, message: str) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": ident, "error": {"code": code, "message": message}})


def _without_surrogates(value: Any) -> Any:
    """A copy of `value` whose strings (and keys) hold no lone surrogate (each becomes U+FFFD)."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, dict):
        return {_without_surrogates(k): _without_surrogates(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_without_surrogates(v) for v in value]
    return value


class StdioWire:
    """stdin and stdout for the SDK's `stdio_server`: lines screened on the way in, and one lock
    so an error reply and an answer never interleave on the way out."""

    def __init__(self, raw_in, raw_out) -> None:
        import anyio

        self._in = anyio.wrap_file(raw_in)
        self._out = raw_out
        self._lock = anyio.Lock()

    def __aiter__(self):
        return self._lines()

    async def _lines(self):
        async for line in self._in:
            good, reply = screen_line(line)
            if reply is not None:
                await self.write(reply + "\n")
            if good is not None:
                yield good + "\n"

    async def write(self, text: str) -> None:
        import anyio

        async with self._lock:
            await anyio.to_thread.run_sync(self._write, text)

    def _write(self, text: str) -> None:
        self._out.write(text.encode("utf-8", "replace"))
        self._out.flush()

    async def flush(self) -> None:
        """Each write is flushed whole."""
