"""Tests of `memlane import`: transcripts -> hook events -> memories.

`Transcript` writes generated transcripts shaped like Claude Code writes them
(checked against tests/fixtures/payloads/transcript-sample.jsonl, captured from CLI
2.1.197, and the lines in the shapes of older versions in tests/fixtures/payloads-public/).
"""
from __future__ import annotations

import itertools
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests.shared_payloads import PAYLOADS, SAMPLE
from tests.shared_payloads import PUBLIC_PAYLOADS as PUBLIC

_MISSING = object()
_ids = itertools.count(1)


def iso(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"


class Transcript:
    """A session transcript built line by line (``lines`` holds dicts or raw strings)."""

    def __init__(self, session_id="sess-1", cwd="/home/dev/app", start="2026-03-01T10:00:00",
                 version="2.1.197", sidechain=False, agent_id=None, with_prompt_ids=True):  # fmt: skip
        self.session_id, self.cwd, self.version = session_id, cwd, version
        self.t = datetime.fromisoformat(start).replace(tzinfo=timezone.utc)
        self.sidechain, self.agent_id = sidechain, agent_id
        self.with_prompt_ids = with_prompt_ids
        self.lines: list = []
        self.parent = None
        self.prompt_id = None

    # -- plumbing
    def tick(self, seconds: float = 1.0) -> str:
        self.t += timedelta(seconds=seconds)
        return iso(self.t)

    def common(self, kind: str, **extra) -> dict:
        line = {"parentUuid": self.parent, "isSidechain": self.sidechain}
        if self.agent_id:
            line["agentId"] = self.agent_id
        line.update({"type": kind, "uuid": f"uuid-{next(_ids):06d}", "timestamp": self.tick(),
                     "userType": "external", "entrypoint": "cli", "cwd": self.cwd,
                     "sessionId": self.session_id, "version": self.version, "gitBranch": "main"})  # fmt: skip
        line.update(extra)
        self.parent = line["uuid"]
        self.lines.append(line)
        return line

    def raw(self, text: str) -> None:
        self.lines.append(text)

    # -- lines
    def prompt(self, text, prompt_id=None, **extra) -> dict:
        self.prompt_id = prompt_id or f"prompt-{next(_ids):06d}"
        self.lines.append({"type": "queue-operation", "operation": "enqueue",
                           "timestamp": iso(self.t), "sessionId": self.session_id,
                           "content": text})  # fmt: skip
        fields = {"message": {"role": "user", "content": text}, "permissionMode": "default"}
        if self.with_prompt_ids:
            fields["promptId"] = self.prompt_id
        fields.update(extra)
        return self.common("user", **fields)

    def user(self, content, **extra) -> dict:
        fields = {"message": {"role": "user", "content": content}}
        if self.with_prompt_ids and self.prompt_id:
            fields["promptId"] = self.prompt_id
        fields.update(extra)
        return self.common("user", **fields)

    def attachment(self, attachment: dict) -> dict:
        return self.common("attachment", attachment=attachment)

    def tool_use(self, name, tool_input, tool_id=None, message_id=None) -> str:
        tool_id = tool_id or f"toolu_{next(_ids):08d}"
        self.common("assistant", message={
            "id": message_id or f"msg_{next(_ids):06d}", "type": "message", "role": "assistant",
            "model": "claude-opus-4-8",
            "content": [{"type": "tool_use", "id": tool_id, "name": name, "input": tool_input}],
            "stop_reason": "tool_use", "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 5}})  # fmt: skip
        return tool_id

    def tool_result(self, tool_id, content="ok", *, is_error=None, result=_MISSING,
                    include_id=True, **extra) -> dict:  # fmt: skip
        block = {"type": "tool_result", "content": content}
        if include_id:
            block["tool_use_id"] = tool_id
        if is_error is not None:
            block["is_error"] = is_error
        fields = {"message": {"role": "user", "content": [block]}}
        if self.with_prompt_ids and self.prompt_id:
            fields["promptId"] = self.prompt_id
        if result is not _MISSING:
            fields["toolUseResult"] = result
        fields.update(extra)
        return self.common("user", **fields)

    def call(self, name, tool_input, content="ok", *, result=_MISSING, is_error=None) -> str:
        tool_id = self.tool_use(name, tool_input)
        self.tool_result(tool_id, content, is_error=is_error, result=result)
        return tool_id

    def bash(self, command, stdout="done", **kw) -> str:
        result = {"stdout": stdout, "stderr": "", "interrupted": False, "isImage": False,
                  "noOutputExpected": False}  # fmt: skip
        return self.call("Bash", {"command": command, "description": "run"}, stdout,
                         result=kw.pop("result", result), is_error=False, **kw)  # fmt: skip

    def failing_bash(self, command, output="boom") -> str:
        text = f"Exit code 1\n{output}"
        return self.call("Bash", {"command": command, "description": "fail"}, text,
                         result=f"Error: {text}", is_error=True)  # fmt: skip

    def text(self, text="Done.") -> dict:
        return self.common("assistant", message={
            "id": f"msg_{next(_ids):06d}", "type": "message", "role": "assistant",
            "model": "claude-opus-4-8", "content": [{"type": "text", "text": text}],
            "stop_reason": "end_turn", "stop_sequence": None})  # fmt: skip

    # -- output
    def text_lines(self) -> list[str]:
        return [ln if isinstance(ln, str) else json.dumps(ln, ensure_ascii=False) for ln in self.lines]

    def write(self, path: Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(self.text_lines()) + "\n", encoding="utf-8")
        return path

    def write_in(self, projects: Path) -> Path:
        """Write as Claude Code does: projects/<encoded cwd>/<session>.jsonl."""
        folder = "".join(c if c.isalnum() else "-" for c in self.cwd)
        if self.sidechain:
            name = f"agent-{self.agent_id}.jsonl"
            return self.write(Path(projects) / folder / self.session_id / "subagents" / name)
        return self.write(Path(projects) / folder / f"{self.session_id}.jsonl")


def load_public(name: str) -> dict:
    return json.loads((PUBLIC / name).read_text(encoding="utf-8"))


def load_payload(name: str) -> dict:
    return json.loads((PAYLOADS / name).read_text(encoding="utf-8"))


def stored_time(timestamp: str) -> str:
    """A transcript's time (``...:50.629Z``) as the store keeps it (``...:50.629000Z``)."""
    return timestamp[:23] + "000Z"


def sample_times() -> tuple[str, str]:
    """When the captured session's first message was sent and its last line written, as stored."""
    lines = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]
    first = next(line for line in lines if line.get("type") in ("user", "assistant"))
    last = [line for line in lines if line.get("timestamp")][-1]
    return stored_time(first["timestamp"]), stored_time(last["timestamp"])
