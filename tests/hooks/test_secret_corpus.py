"""The adversarial corpus (tests/privacy_corpus.py) through every place an event carries text,
by every way text reaches the store: the hook writing to the database, the hook spooling
(database unavailable), and `memlane import` of a transcript.  No secret of any shape may be
left in the database, its WAL, the spool or the log; every canary must be (so nothing
passes by storing nothing)."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from hooks import main as hook_main
from tests.hooks.transcripts import Transcript
from tests.privacy_corpus import HELD_OUT, SHAPES
from tui.commands import importer

SESSION = "5f0a3d62-1b7e-4c55-9d0e-3e2b9c1a7f10"
CWD = "/home/dev/app"


def _single_line(text: str) -> str:
    return " ".join(text.split("\n"))


def _patch(text: str) -> dict:
    lines = ["+" + line for line in text.split("\n")]
    return {"filePath": f"{CWD}/settings.py", "oldString": "", "newString": text,
            "structuredPatch": [{"oldStart": 1, "oldLines": 0, "newStart": 1, "newLines": len(lines),
                                 "lines": [" # settings", *lines]}]}  # fmt: skip


def _mcp_response(text: str) -> list:
    return [{"type": "text", "text": text}]


# place -> event fields for a text (hook events; the importer builds the same from a transcript)
PLACES = {
    "prompt": lambda t: {"hook_event_name": "UserPromptSubmit", "prompt": t},
    "bash command": lambda t: {"hook_event_name": "PostToolUse", "tool_name": "Bash",
                               "tool_input": {"command": "make deploy && " + t},
                               "tool_response": {"stdout": "ok", "stderr": "", "interrupted": False}},
    "bash output": lambda t: {"hook_event_name": "PostToolUse", "tool_name": "Bash",
                              "tool_input": {"command": "make test"},
                              "tool_response": {"stdout": t, "stderr": "", "interrupted": False}},
    "edit patch": lambda t: {"hook_event_name": "PostToolUse", "tool_name": "Edit",
                             "tool_input": {"file_path": f"{CWD}/settings.py", "old_string": "",
                                            "new_string": t},
                             "tool_response": _patch(t)},
    "edit strings": lambda t: {"hook_event_name": "PostToolUse", "tool_name": "Edit",
                               "tool_input": {"file_path": f"{CWD}/settings.py",
                                              "old_string": "x = 1", "new_string": t},
                               "tool_response": {"filePath": f"{CWD}/settings.py"}},
    "write": lambda t: {"hook_event_name": "PostToolUse", "tool_name": "Write",
                        "tool_input": {"file_path": f"{CWD}/notes.txt", "content": t},
                        "tool_response": {"type": "create", "filePath": f"{CWD}/notes.txt"}},
    "mcp value": lambda t: {"hook_event_name": "PostToolUse", "tool_name": "mcp__vault__put",
                            "tool_input": {"note": t}, "tool_response": _mcp_response("stored")},
    # the shape's own line(s) as the key, the canary as its value
    "mcp key": lambda t: {"hook_event_name": "PostToolUse", "tool_name": "mcp__vault__put",
                          "tool_input": {_single_line(t.split("\n", 1)[1]): t.split("\n", 1)[0]},
                          "tool_response": _mcp_response("stored")},
    "mcp response": lambda t: {"hook_event_name": "PostToolUse", "tool_name": "mcp__vault__get",
                               "tool_input": {"name": "db"}, "tool_response": _mcp_response(t)},
    "failure": lambda t: {"hook_event_name": "PostToolUseFailure", "tool_name": "Bash",
                          "tool_input": {"command": "make deploy"}, "error": "Exit code 1\n" + t,
                          "is_interrupt": False},
    "compaction": lambda t: {"hook_event_name": "PostCompact", "trigger": "auto",
                             "compact_summary": t},
}  # fmt: skip
# Shapes that only exist across lines (a key is one line).
MULTI_LINE_ONLY = {"pem body only"}


def cases(corpus):
    for name, text, secrets in corpus:
        for place in PLACES:
            if place == "mcp key" and name in MULTI_LINE_ONLY:
                continue
            canary = text.split("\n", 1)[0]
            tagged = text.replace(canary, f"{canary}-{place.replace(' ', '-')}", 1)
            yield name, place, tagged, secrets, tagged.split("\n", 1)[0]


def event_for(place: str, text: str, n: int) -> dict:
    return {"session_id": SESSION, "cwd": CWD, "prompt_id": f"p{n}",
            "transcript_path": "/dev/null", **PLACES[place](text)}  # fmt: skip


def run_hook_event(event: dict) -> None:
    run = hook_main.run_hook(io.BytesIO(json.dumps(event).encode()))
    if run.message:
        from store.log import log_line

        log_line(f"{run.event}: {run.message}", stderr=False)
    hook_main._finish(run)


def stored_bytes(folder: Path) -> bytes:
    """Every byte memlane left: database, WAL, spool files, log, caches, markers."""
    return b"".join(p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file())


def assert_nothing_leaked(folder: Path, all_cases) -> None:
    data = stored_bytes(folder)
    text = data.decode("utf-8", "replace")
    leaks = [(name, place, s[:12]) for name, place, _t, secrets, _c in all_cases
             for s in secrets if s.encode() in data or s in text]  # fmt: skip
    assert not leaks, f"{len(leaks)} secrets reached disk: {leaks[:20]}"


def missing_canaries(folder: Path, all_cases) -> list:
    data = stored_bytes(folder).decode("utf-8", "replace")
    return [(name, place) for name, place, _t, _s, canary in all_cases if canary not in data]


@pytest.fixture
def memlane_home(tmp_path, monkeypatch):
    home = tmp_path / "memlane"
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("MEMLANE_HOME", str(home))
    monkeypatch.setenv("MEMLANE_DB", str(home / "memory.db"))
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))
    return home


@pytest.mark.parametrize("corpus", [SHAPES, HELD_OUT], ids=["shapes", "held-out"])
def test_the_hook_stores_no_secret_from_any_place(memlane_home, corpus):
    all_cases = list(cases(corpus))
    for n, (_name, place, text, _secrets, _canary) in enumerate(all_cases):
        run_hook_event(event_for(place, text, n))
    assert_nothing_leaked(memlane_home, all_cases)
    assert missing_canaries(memlane_home, all_cases) == []
    assert len(all_cases) >= 390 if corpus is SHAPES else len(all_cases) >= 380


def test_the_spool_holds_no_secret(memlane_home, tmp_path, monkeypatch):
    # the database cannot be opened (its folder is a file): every write goes to the spool
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("MEMLANE_DB", str(blocker / "memory.db"))
    all_cases = list(cases(SHAPES + HELD_OUT))
    for n, (_name, place, text, _secrets, _canary) in enumerate(all_cases):
        run_hook_event(event_for(place, text, n))
    assert any((memlane_home / "spool").iterdir())
    assert (memlane_home / "memlane.log").exists()
    assert_nothing_leaked(memlane_home, all_cases)
    assert missing_canaries(memlane_home, all_cases) == []


def _transcript(all_cases) -> Transcript:
    t = Transcript(session_id=SESSION, cwd=CWD)
    t.prompt("start the work")
    for _name, place, text, _secrets, _canary in all_cases:
        fields = PLACES[place](text)
        if place == "prompt":
            t.prompt(text)
        elif place == "failure":
            t.failing_bash(fields["tool_input"]["command"], text)
        elif place == "compaction":
            continue  # a transcript's compaction is a summary message; covered by the hook
        elif fields["tool_name"] == "Bash":
            t.bash(fields["tool_input"]["command"], fields["tool_response"]["stdout"])
        else:
            response = fields["tool_response"]
            content = response if isinstance(response, list) else "ok"
            t.call(fields["tool_name"], fields["tool_input"], content,
                   result=response if isinstance(response, dict) else None)  # fmt: skip
    return t


def test_import_stores_no_secret(memlane_home, tmp_path, capsys):
    all_cases = [c for c in cases(SHAPES + HELD_OUT) if c[1] != "compaction"]
    path = _transcript(all_cases).write(tmp_path / "session.jsonl")
    assert importer.main([str(path), "--no-progress"]) == 0
    capsys.readouterr()
    assert_nothing_leaked(memlane_home, all_cases)
    assert missing_canaries(memlane_home, all_cases) == []
    os.remove(path)
