"""Every credential shape of tests/secret_shapes.py through every place an event carries text,
by every way text reaches disk: the hook writing to the database (and, for one batch a place,
the real `python -m hooks` process), the hook spooling (database unavailable), `memlane import`
of a transcript, and an export of what was stored.  No secret of any shape may be left in the
database, its WAL, the spool, the log or the export; every canary must be (so nothing passes
by storing nothing).

Shapes are sent in batches, as many as the place keeps whole (a Bash output keeps 30 lines, an
MCP input 80 characters a value), so the run stays short."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from hooks import main as hook_main
from store.database import connection as db
from store.reading.export import ExportRequest, export_memories
from tests.hooks.transcripts import Transcript
from tests.secret_shapes import SHAPES
from tui.commands import importer

SESSION = "5f0a3d62-1b7e-4c55-9d0e-3e2b9c1a7f10"
CWD = "/home/dev/app"
REPO = Path(__file__).resolve().parents[2]


def _patch(text: str) -> dict:
    lines = ["+" + line for line in text.split("\n")]
    return {"filePath": f"{CWD}/settings.py", "oldString": "", "newString": text,
            "structuredPatch": [{"oldStart": 1, "oldLines": 0, "newStart": 1, "newLines": len(lines),
                                 "lines": [" # settings", *lines]}]}  # fmt: skip


# place -> (event fields for a batch, the most lines and characters the place keeps whole,
# with room for redaction markers, which are longer than most of the secrets they replace).
# A batch is text (the shapes, each after its canary line), or, for a place that keeps one
# line, (canary, shape) pairs the place spreads over its values.
PLACES = {
    "prompt": (lambda t: {"hook_event_name": "UserPromptSubmit", "prompt": t}, 60, 3500),
    "bash command": (lambda t: {"hook_event_name": "PostToolUse", "tool_name": "Bash",
                                "tool_input": {"command": "make deploy && " + t},
                                "tool_response": {"stdout": "ok", "stderr": "", "interrupted": False}},
                     60, 700),
    "bash output": (lambda t: {"hook_event_name": "PostToolUse", "tool_name": "Bash",
                               "tool_input": {"command": "make test"},
                               "tool_response": {"stdout": t, "stderr": "", "interrupted": False}},
                    28, 3000),
    "edit patch": (lambda t: {"hook_event_name": "PostToolUse", "tool_name": "Edit",
                              "tool_input": {"file_path": f"{CWD}/settings.py", "old_string": "",
                                             "new_string": t},
                              "tool_response": _patch(t)}, 28, 3000),
    "edit strings": (lambda t: {"hook_event_name": "PostToolUse", "tool_name": "Edit",
                                "tool_input": {"file_path": f"{CWD}/settings.py",
                                               "old_string": "x = 1", "new_string": t},
                                "tool_response": {"filePath": f"{CWD}/settings.py"}}, 28, 3000),
    "write": (lambda t: {"hook_event_name": "PostToolUse", "tool_name": "Write",
                         "tool_input": {"file_path": f"{CWD}/notes.txt", "content": t},
                         "tool_response": {"type": "create", "filePath": f"{CWD}/notes.txt"}}, 10, 480),
    "mcp response": (lambda t: {"hook_event_name": "PostToolUse", "tool_name": "mcp__vault__get",
                                "tool_input": {"name": "db"}, "tool_response": [{"type": "text", "text": t}]},
                     20, 230),
    "failure": (lambda t: {"hook_event_name": "PostToolUseFailure", "tool_name": "Bash",
                           "tool_input": {"command": "make deploy"}, "error": "Exit code 1\n" + t,
                           "is_interrupt": False}, 60, 3500),
    "compaction": (lambda t: {"hook_event_name": "PostCompact", "trigger": "auto", "compact_summary": t},
                   60, 3500),
    # one line each
    "file path": (lambda pairs: {"hook_event_name": "PostToolUse", "tool_name": "Write",
                                 "tool_input": {"file_path": CWD + "".join(f"/{c} / {s} " for c, s in pairs),
                                                "content": "x"},
                                 "tool_response": {"type": "create"}}, 1, 400),
    "mcp value": (lambda pairs: {"hook_event_name": "PostToolUse", "tool_name": "mcp__vault__put",
                                 "tool_input": {k: v for i, (c, s) in enumerate(pairs)
                                                for k, v in ((f"c{i}", c), (f"v{i}", s))},
                                 "tool_response": [{"type": "text", "text": "stored"}]}, 1, 190),
    "mcp key": (lambda pairs: {"hook_event_name": "PostToolUse", "tool_name": "mcp__vault__put",
                               "tool_input": {s: c for c, s in pairs},
                               "tool_response": [{"type": "text", "text": "stored"}]}, 1, 190),
}  # fmt: skip
# An MCP input keeps 80 characters of each value: a longer shape goes through the other places.
_PIECE_CHARS = {"mcp value": 78, "mcp key": 140}


def batches(place: str):
    """(batch, [(name, secrets, canary)]) of the shapes a place's events carry."""
    _fields, max_lines, max_chars = PLACES[place]
    one_line = max_lines == 1
    out, pieces, lines, chars, cases = [], [], 0, 0, []
    for n, (family, name, text, secrets) in enumerate(SHAPES):
        canary = f"canary-{place.replace(' ', '-')}-{n}"
        if one_line:
            if "\n" in text or len(text) > _PIECE_CHARS.get(place, max_chars):
                continue  # written across lines, or longer than the place keeps
            if place == "file path" and (" " in text or "\uff1a" in text):
                continue  # a path holds a token, a URL, NAME=value: a shape without spaces
            piece, size = (canary, text), 0
            length = len(canary) + len(text) + 8
        else:
            piece = f"{canary}\n{text}\n"
            size, length = piece.count("\n"), len(piece)
        if pieces and (lines + size > max_lines or chars + length > max_chars):
            out.append((pieces if one_line else "".join(pieces), cases))
            pieces, lines, chars, cases = [], 0, 0, []
        pieces.append(piece)
        lines += size
        chars += length
        cases.append((f"{family}: {name}", secrets, canary))
    if pieces:
        out.append((pieces if one_line else "".join(pieces), cases))
    return out


def event_for(place: str, text: str, n: int) -> dict:
    return {"session_id": SESSION, "cwd": CWD, "prompt_id": f"p{n}",
            "transcript_path": "/dev/null", **PLACES[place][0](text)}  # fmt: skip


def all_events():
    events, cases = [], []
    for place in PLACES:
        for text, batch in batches(place):
            events.append((place, event_for(place, text, len(events))))
            cases += [(place, *case) for case in batch]
    return events, cases


def run_hook_event(event: dict) -> None:
    run = hook_main.run_hook(io.BytesIO(json.dumps(event).encode()))
    if run.message:
        from store.log import log_line

        log_line(f"{run.event}: {run.message}", stderr=False)
    hook_main._finish(run)


def stored_bytes(folder: Path) -> bytes:
    """Every byte memlane left: database, WAL, spool files, log, caches, markers."""
    return b"".join(p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file())


def _pieces(secret: str) -> list[str]:
    """The secret, and 10-character windows of its second half (a leak cut short by a cap is
    still a leak)."""
    if len(secret) < 24:
        return [secret]
    half = len(secret) // 2
    return [secret] + [secret[i:i + 10] for i in range(half, len(secret) - 9, 10)]


def leaks(data: bytes, cases) -> list:
    """(place, shape, secret) of every secret found in `data` (each piece searched once)."""
    pieces = {piece for _place, _name, secrets, _canary in cases for s in secrets for piece in _pieces(s)}
    found = {piece for piece in pieces if piece.encode() in data}
    return [(place, name, s[:12]) for place, name, secrets, _canary in cases
            for s in secrets if found.intersection(_pieces(s))]  # fmt: skip


_CANARY = re.compile(rb"canary-[a-z-]+-[0-9]+")


def missing_canaries(data: bytes, cases) -> list:
    """(place, shape) of every canary not in `data`; those read whole by one scan are there, the
    rest are looked for one by one (a canary cut short, or run into what follows it)."""
    seen = set(_CANARY.findall(data))
    return [(place, name) for place, name, _secrets, canary in cases
            if canary.encode() not in seen and canary.encode() not in data]  # fmt: skip


RAM_FOLDER = "/dev/shm"  # Linux's RAM-backed filesystem, where there is one


@pytest.fixture
def memlane_home(tmp_path, monkeypatch):
    """memlane's folder, in RAM when the machine has a RAM-backed filesystem: the hook runs
    here (some 1,500) each open, write and close the database, and on a disk SQLite's syncs
    were most of this module's time.  What is asserted is the bytes memlane left, wherever
    they are kept."""
    base = Path(tempfile.mkdtemp(prefix="memlane-secrets-", dir=RAM_FOLDER)) if os.access(RAM_FOLDER, os.W_OK) else tmp_path
    home = base / "memlane"
    monkeypatch.setenv("HOME", str(base))
    monkeypatch.setenv("MEMLANE_HOME", str(home))
    monkeypatch.setenv("MEMLANE_DB", str(home / "memory.db"))
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(base / "claude"))
    yield home
    if base != tmp_path:
        shutil.rmtree(base, ignore_errors=True)


def test_the_corpus_is_large_and_every_place_carries_most_of_it():
    assert len(SHAPES) >= 300
    events, cases = all_events()
    per_place = {place: sum(1 for c in cases if c[0] == place) for place in PLACES}
    # every shape in each place that keeps lines; the one-line places take those written
    # on one line (a path, those without spaces)
    assert all(n == len(SHAPES) for place, n in per_place.items() if PLACES[place][1] > 1), per_place
    assert per_place["mcp value"] >= 600 and per_place["mcp key"] >= 600, per_place
    assert per_place["file path"] >= 90, per_place


def test_the_hook_stores_no_secret_from_any_place_nor_exports_one(memlane_home):
    events, cases = all_events()
    for _place, event in events:
        run_hook_event(event)
    data = stored_bytes(memlane_home)
    assert leaks(data, cases) == []
    assert missing_canaries(data, cases) == []
    conn = db.connect(str(memlane_home / "memory.db"))
    try:
        exported = "".join(export_memories(conn, ExportRequest(session=SESSION), fmt).text
                           for fmt in ("markdown", "json")).encode()  # fmt: skip
    finally:
        conn.close()
    assert leaks(exported, cases) == []
    assert len(missing_canaries(exported, cases)) < len(cases) // 10  # the export holds them too


def test_the_real_hook_process_stores_no_secret(memlane_home):
    # one batch of each place through `python -m hooks`, as Claude Code runs it
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    cases = []
    for n, place in enumerate(PLACES):
        text, batch = batches(place)[n % len(batches(place))]
        done = subprocess.run([sys.executable, "-m", "hooks"], input=json.dumps(event_for(place, text, n)).encode(),
                              capture_output=True, env=env, cwd=str(REPO), timeout=120)  # fmt: skip
        assert done.returncode == 0 and done.stdout.strip() in (b"", b"{}"), done
        cases += [(place, *case) for case in batch]
    data = stored_bytes(memlane_home)
    assert leaks(data, cases) == []
    assert missing_canaries(data, cases) == []


def test_the_spool_holds_no_secret(memlane_home, tmp_path, monkeypatch):
    # the database cannot be opened (its folder is a file): every write goes to the spool
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("MEMLANE_DB", str(blocker / "memory.db"))
    events, cases = all_events()
    for _place, event in events:
        run_hook_event(event)
    assert any((memlane_home / "spool").iterdir())
    data = stored_bytes(memlane_home)
    assert leaks(data, cases) == []
    assert missing_canaries(data, cases) == []


def _transcript(events) -> Transcript:
    t = Transcript(session_id=SESSION, cwd=CWD)
    t.prompt("start the work")
    for place, event in events:
        if place == "prompt":
            t.prompt(event["prompt"])
        elif place == "failure":
            t.failing_bash(event["tool_input"]["command"], event["error"].split("\n", 1)[1])
        elif place == "compaction":
            continue  # a transcript's compaction is a summary message; covered by the hook
        elif event["tool_name"] == "Bash":
            t.bash(event["tool_input"]["command"], event["tool_response"]["stdout"])
        else:
            response = event["tool_response"]
            content = response if isinstance(response, list) else "ok"
            t.call(event["tool_name"], event["tool_input"], content,
                   result=response if isinstance(response, dict) else None)  # fmt: skip
    return t


def test_import_stores_no_secret(memlane_home, tmp_path, capsys):
    events, cases = all_events()
    events = [e for e in events if e[0] != "compaction"]
    cases = [c for c in cases if c[0] != "compaction"]
    path = _transcript(events).write(tmp_path / "session.jsonl")
    assert importer.main([str(path), "--no-progress"]) == 0
    capsys.readouterr()
    data = stored_bytes(memlane_home)
    assert leaks(data, cases) == []
    assert missing_canaries(data, cases) == []
    os.remove(path)
