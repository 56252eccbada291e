"""The events the blind batches' cases are carried in, as Claude Code sends them: a Read's,
a Write's and an Edit's PostToolUse event, a Read's numbered transcript line, a Bash call with its
output, a prompt, a tool result line; and a case of a family with its secrets (P) or none (N)."""

from __future__ import annotations

from tests.privacy_eval import Case, bash_event, numbered, prompt_event, result_line, tool_event


def read_ev(path: str, content: str, seed: str) -> dict:
    """A PostToolUse event of a Read."""
    n = content.count("\n") + 1
    return tool_event("Read", {"file_path": path}, seed,
                      {"type": "text", "file": {"filePath": path, "content": content, "numLines": n,
                                                "startLine": 1, "totalLines": n}})


def read_line(content: str, seed: str, start: int = 1) -> dict:
    """The transcript line of a Read's result (numbered lines)."""
    return result_line(seed, numbered(content, start))


def write_ev(path: str, content: str, seed: str) -> dict:
    return tool_event("Write", {"file_path": path, "content": content}, seed,
                      {"type": "create", "filePath": path, "content": content, "structuredPatch": [],
                       "originalFile": None})


def edit_ev(path: str, original: str, old: str, new: str, seed: str) -> dict:
    start = original[:original.index(old)].count("\n") + 1
    return tool_event("Edit", {"file_path": path, "old_string": old, "new_string": new, "replace_all": False}, seed,
                      {"filePath": path, "oldString": old, "newString": new, "originalFile": original,
                       "structuredPatch": [{"oldStart": start, "oldLines": old.count("\n") + 1, "newStart": start,
                                            "newLines": new.count("\n") + 1,
                                            "lines": ["-" + x for x in old.split("\n")] + ["+" + x for x in new.split("\n")]}],
                       "userModified": False, "replaceAll": False})


def sh(command: str, stdout: str, seed: str, stderr: str = "") -> dict:
    return bash_event(command, stdout, seed, stderr)


def said(prompt: str, seed: str) -> dict:
    return prompt_event(prompt, seed)


def out(content: str, seed: str) -> dict:
    return result_line(seed, content)


def P(family: str, value, *secrets) -> Case:
    return Case(family, value, tuple(secrets), realistic=True)


def N(family: str, value) -> Case:
    return Case(family, value, (), realistic=True)
