"""Real-shaped Claude Code hook events (the captured payloads of the real CLI, with
fields replaced) for the benchmarks and the tests that drive `memlane-hook` through
whole sessions.
"""

from __future__ import annotations

import copy
import json

from bench.bench_hook import PAYLOADS


def _template(name: str) -> dict:
    return json.loads((PAYLOADS / name).read_text())


TEMPLATES = {
    name: _template(f"{name}.json")
    for name in ("session-start", "user-prompt-submit", "post-tool-use-edit", "post-tool-use-bash",
                 "post-tool-use-failure-bash", "post-tool-use-bash-git-commit", "post-tool-use-read", "stop",
                 "session-end")
}  # fmt: skip


def event(kind: str, session: str, cwd: str, prompt_id: str, n: int, **fields) -> dict:
    """The payload `kind` (a file name of the captured payloads) of this session and turn."""
    made = copy.deepcopy(TEMPLATES[kind])
    made.update(session_id=session, cwd=cwd, prompt_id=prompt_id,
                transcript_path=f"/home/dev/.claude/projects/x/{session}.jsonl")  # fmt: skip
    if "tool_use_id" in made:
        made["tool_use_id"] = f"toolu_{session}_{n}"
    made.update(fields)
    return made


def edit(session, cwd, prompt_id, n, path, old, new) -> dict:
    full = f"{cwd}/{path}"
    patch = [{"oldStart": 1, "oldLines": len(old.splitlines()), "newStart": 1,
              "newLines": len(new.splitlines()),
              "lines": [f"-{ln}" for ln in old.splitlines()] + [f"+{ln}" for ln in new.splitlines()]}]  # fmt: skip
    return event("post-tool-use-edit", session, cwd, prompt_id, n,
                 tool_input={"file_path": full, "old_string": old, "new_string": new, "replace_all": False},
                 tool_response={"filePath": full, "oldString": old, "newString": new, "originalFile": old,
                                "structuredPatch": patch, "userModified": False, "replaceAll": False})  # fmt: skip


def read(session, cwd, prompt_id, n, path, content="") -> dict:
    full = f"{cwd}/{path}"
    return event("post-tool-use-read", session, cwd, prompt_id, n, tool_input={"file_path": full},
                 tool_response={"type": "text", "file": {"filePath": full, "content": content,
                                                         "numLines": content.count("\n") + 1,
                                                         "startLine": 1, "totalLines": content.count("\n") + 1}})  # fmt: skip


def bash(session, cwd, prompt_id, n, command, stdout) -> dict:
    return event("post-tool-use-bash", session, cwd, prompt_id, n,
                 tool_input={"command": command, "description": "run"},
                 tool_response={"stdout": stdout, "stderr": "", "interrupted": False, "isImage": False,
                                "noOutputExpected": False})  # fmt: skip


def failure(session, cwd, prompt_id, n, command, error) -> dict:
    return event("post-tool-use-failure-bash", session, cwd, prompt_id, n,
                 tool_input={"command": command, "description": "run"}, error=f"Exit code 1\n{error}")  # fmt: skip


def commit(session, cwd, prompt_id, n, message) -> dict:
    made = event("post-tool-use-bash-git-commit", session, cwd, prompt_id, n)
    made["tool_input"]["command"] = f"git commit -am '{message}'"
    made["tool_response"]["stdout"] = f"[main {abs(hash(message)) % 0xFFFFFFF:07x}] {message}\n 1 file changed"
    return made


def start(session, cwd) -> dict:
    made = event("session-start", session, cwd, "", 0, source="startup")
    made.pop("prompt_id", None)
    return made


def task_events(session: str, task: tuple) -> list[dict]:
    """The events Claude Code sends for one past task (`bench.recall_set.TASKS`'s shape), in order."""
    _key, cwd, prompt, edits, commands, failed, message = task
    pid = f"{session}-p1"
    events = [start(session, cwd), event("user-prompt-submit", session, cwd, pid, 1, prompt=prompt)]
    n = 2
    if failed:
        events.append(failure(session, cwd, pid, n, *failed))
        n += 1
    for path, old, new in edits:
        events.append(edit(session, cwd, pid, n, path, old, new))
        n += 1
    for command, stdout in commands:
        events.append(bash(session, cwd, pid, n, command, stdout))
        n += 1
    events.append(commit(session, cwd, pid, n, message))
    events.append(event("stop", session, cwd, pid, n + 1))
    return events


def ask_events(session: str, cwd: str, prompt: str) -> list[dict]:
    """A session that only asks: its start, one prompt, its end (what the hook stores of a question)."""
    pid = f"{session}-p1"
    return [start(session, cwd), event("user-prompt-submit", session, cwd, pid, 1, prompt=prompt),
            event("stop", session, cwd, pid, 2)]  # fmt: skip
