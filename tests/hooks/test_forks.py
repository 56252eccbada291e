"""A forked session (`claude --resume ID --fork-session`) is its own session, linked to the
session it was copied from, and its digest holds only what is new since the parent's block.

Two shapes of the real CLI: 2.1.197 (the e2e harness's) sends the fork's SessionStart as
`resume` under the parent's id and every later event under the new id; 2.1.150+ public
hook logs show `source: "fork"` under the new id, with the parent's name kept.  Neither
names the parent: the fork's transcript does (copies of the parent's lines, `promptId`
kept).  The transcripts here are written in the shape 2.1.197 writes them."""

from __future__ import annotations

import io
import json
import sqlite3
import sys
from pathlib import Path

import pytest

CWD = "/home/dev/shop"
PARENT = "7d0c6f9e-3a51-4be2-9f0e-5c1b2a4d8e31"
FORK = "c2a91b47-0e6d-4f38-8a52-91d7e3f0b6a4"
OTHER = "5e8f2d10-b7c4-4a96-b1e3-0f4d6a2c9e57"


def hook(homes, name: str, session: str, **fields) -> str:
    """One hook run in-process; what it printed for the model."""
    from hooks import main as hook_main

    transcript = fields.pop("transcript", None) or str(homes / f"{session}.jsonl")
    event = {"session_id": session, "transcript_path": transcript, "cwd": CWD, "hook_event_name": name, **fields}
    out = io.BytesIO()

    saved, sys.stdout = sys.stdout, io.TextIOWrapper(out, encoding="utf-8")
    try:
        run = hook_main.run_hook(io.BytesIO(json.dumps(event).encode()))
        sys.stdout.flush()
        sys.stdout.detach()
    finally:
        sys.stdout = saved
    if run.conn is not None:
        run.conn.close()
    assert run.message is None, run.message
    return out.getvalue().decode()


def rows(homes, sql: str, *params) -> list[tuple]:
    conn = sqlite3.connect(homes / "memlane" / "hooks.db")
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def write_file(homes, session: str, path: str, content: str, prompt_id: str) -> None:
    hook(homes, "PostToolUse", session, tool_name="Write", tool_use_id=f"toolu_{prompt_id}",
         tool_input={"file_path": path, "content": content}, prompt_id=prompt_id,
         tool_response={"type": "create", "filePath": path, "content": content})  # fmt: skip


def session(homes, session_id: str, prompt: str, prompt_id: str, **start) -> str:
    """A session's start (its digest returned), one prompt, its end."""
    digest = hook(homes, "SessionStart", session_id, source=start.pop("source", "startup"), **start)
    hook(homes, "UserPromptSubmit", session_id, prompt=prompt, prompt_id=prompt_id, permission_mode="default")
    return digest


def transcript_line(session_id: str, kind: str, text: str, prompt_id: str, uuid: str, parent: str | None) -> str:
    message = {"role": kind, "content": text if kind == "user" else [{"type": "text", "text": text}]}
    return json.dumps({"parentUuid": parent, "isSidechain": False, "promptId": prompt_id, "type": kind,
                       "message": message, "uuid": uuid, "timestamp": "2026-11-29T01:47:44.546Z",
                       "cwd": CWD, "sessionId": session_id, "version": "2.1.197"}, separators=(",", ":"))  # fmt: skip


def fork_transcript(homes, fork: str, copied: list[tuple[str, str]], own: list[tuple[str, str]]) -> str:
    """A fork's transcript as 2.1.197 writes it: a header, the parent's turns copied (their
    uuids and prompt ids kept, `sessionId` rewritten), then the fork's own turns."""
    lines = [json.dumps({"type": "mode", "mode": "normal", "sessionId": fork})]
    parent = None
    for n, (prompt, prompt_id) in enumerate(copied + own):
        user, answer = f"u-{n}-{prompt_id}", f"a-{n}-{prompt_id}"
        lines.append(transcript_line(fork, "user", prompt, prompt_id, user, parent))
        lines.append(transcript_line(fork, "assistant", "Done.", prompt_id, answer, user))
        parent = answer
    lines.append(json.dumps({"type": "last-prompt", "lastPrompt": (copied + own)[0][0], "leafUuid": parent,
                             "sessionId": fork}))
    path = Path(homes) / f"{fork}.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


@pytest.fixture
def parent_with_a_block(homes):
    """OTHER changed a file; PARENT started after it (its block names the change), worked, ended."""
    write_file(homes, OTHER, f"{CWD}/deploy.sh", "#!/bin/sh\n. ./staging.env\n", "p-other")
    digest = session(homes, PARENT, "make refresh tokens last 14 days", "p-parent-1")
    assert "[deploy.sh]" in digest
    hook(homes, "Stop", PARENT, stop_hook_active=False)
    hook(homes, "SessionEnd", PARENT, reason="other", prompt_id="p-parent-1")
    return homes


def test_a_fork_sent_as_a_resume_of_its_parent_is_linked_and_given_its_start(parent_with_a_block):
    homes = parent_with_a_block
    write_file(homes, OTHER, f"{CWD}/billing.py", "RATE = 0.2\n", "p-other-2")  # new since the parent's block
    # 2.1.197: the fork's SessionStart comes as a resume, under the parent's id
    digest = hook(homes, "SessionStart", PARENT, source="resume")
    assert "[billing.py]" in digest and "[deploy.sh]" not in digest  # only what is new since the parent's block
    assert rows(homes, "SELECT ended_at FROM session WHERE session_id = ?", PARENT) == [(None,)]  # reopened
    hook(homes, "UserPromptSubmit", FORK, prompt="try a 7-day refresh instead", prompt_id="p-fork-1")
    hook(homes, "Stop", FORK, stop_hook_active=False)
    path = fork_transcript(homes, FORK, [("make refresh tokens last 14 days", "p-parent-1")],
                           [("try a 7-day refresh instead", "p-fork-1")])  # fmt: skip
    hook(homes, "SessionEnd", FORK, reason="other", prompt_id="p-fork-1", transcript=path)

    assert rows(homes, "SELECT forked_from FROM session WHERE session_id = ?", FORK) == [(PARENT,)]
    assert rows(homes, "SELECT forked_from FROM session WHERE session_id = ?", PARENT) == [(None,)]
    (ended,) = rows(homes, "SELECT ended_at FROM session WHERE session_id = ?", PARENT)[0]
    assert ended is not None  # the parent is not left open by its fork's start
    starts = rows(homes, "SELECT session_id, reason FROM injection WHERE event = 'start' ORDER BY id")
    assert starts == [(PARENT, "start"), (FORK, "resume_new")]  # the fork's block is the fork's


def test_a_resume_of_the_parent_after_its_fork_counts_only_its_own_blocks(parent_with_a_block):
    homes = parent_with_a_block
    write_file(homes, OTHER, f"{CWD}/billing.py", "RATE = 0.2\n", "p-other-2")
    assert "[billing.py]" in hook(homes, "SessionStart", PARENT, source="resume")  # the fork's start
    hook(homes, "UserPromptSubmit", FORK, prompt="try a 7-day refresh instead", prompt_id="p-fork-1")
    path = fork_transcript(homes, FORK, [("make refresh tokens last 14 days", "p-parent-1")],
                           [("try a 7-day refresh instead", "p-fork-1")])  # fmt: skip
    hook(homes, "SessionEnd", FORK, reason="other", prompt_id="p-fork-1", transcript=path)
    # the parent itself resumed later never received the fork's block: billing.py is still new to it
    assert "[billing.py]" in hook(homes, "SessionStart", PARENT, source="resume")


def test_the_newer_fork_shape_gets_what_is_new_since_its_named_parents_block(parent_with_a_block):
    homes = parent_with_a_block
    hook(homes, "SessionStart", PARENT, source="resume")  # the parent resumed itself, then ended
    hook(homes, "SessionEnd", PARENT, reason="other", transcript=_named(homes, PARENT, "refresh-token-ttl"))
    write_file(homes, OTHER, f"{CWD}/billing.py", "RATE = 0.2\n", "p-other-2")
    digest = hook(homes, "SessionStart", FORK, source="fork", session_title="refresh-token-ttl",
                  seconds_since_last_response=77, context_tokens=2353, prompt_cache_likely_expired=True)  # fmt: skip
    assert "[billing.py]" in digest and "[deploy.sh]" not in digest
    assert rows(homes, "SELECT reason FROM injection WHERE event = 'start' AND session_id = ?", FORK) == [("resume_new",)]
    assert rows(homes, "SELECT resume_context_tokens, resume_cache_expired, title FROM session WHERE session_id = ?",
                FORK) == [(2353, 1, "refresh-token-ttl")]  # fmt: skip
    hook(homes, "UserPromptSubmit", FORK, prompt="try a 7-day refresh instead", prompt_id="p-fork-1")
    path = fork_transcript(homes, FORK, [("make refresh tokens last 14 days", "p-parent-1")],
                           [("try a 7-day refresh instead", "p-fork-1")])  # fmt: skip
    hook(homes, "SessionEnd", FORK, reason="other", prompt_id="p-fork-1", transcript=path)
    assert rows(homes, "SELECT forked_from FROM session WHERE session_id = ?", FORK) == [(PARENT,)]
    starts = rows(homes, "SELECT session_id, reason FROM injection WHERE event = 'start' ORDER BY id")
    assert starts == [(PARENT, "start"), (PARENT, "resumed"), (FORK, "resume_new")]  # each keeps its own


def test_a_fork_whose_parent_is_not_named_at_its_start_gets_the_whole_digest(parent_with_a_block):
    homes = parent_with_a_block
    digest = hook(homes, "SessionStart", FORK, source="fork", context_tokens=2353)
    assert "[deploy.sh]" in digest  # no parent known yet: nothing can be left out as said before
    assert rows(homes, "SELECT reason FROM injection WHERE event = 'start' AND session_id = ?", FORK) == [("start",)]


def test_a_session_of_its_own_and_a_plain_resume_are_not_forks(parent_with_a_block):
    homes = parent_with_a_block
    session(homes, FORK, "add a billing report", "p-own-1")
    path = fork_transcript(homes, FORK, [], [("add a billing report", "p-own-1")])
    hook(homes, "SessionEnd", FORK, reason="other", transcript=path)
    resumed = fork_transcript(homes, PARENT, [("make refresh tokens last 14 days", "p-parent-1")], [])
    hook(homes, "SessionStart", PARENT, source="resume")
    hook(homes, "SessionEnd", PARENT, reason="other", transcript=resumed)
    assert rows(homes, "SELECT session_id, forked_from FROM session WHERE forked_from IS NOT NULL") == []


def _named(homes, session_id: str, title: str) -> str:
    path = Path(homes) / f"{session_id}-named.jsonl"
    path.write_text(json.dumps({"type": "custom-title", "customTitle": title, "sessionId": session_id}) + "\n")
    return str(path)


def test_a_long_fork_is_linked_from_the_last_of_its_prompt_ids(parent_with_a_block):
    homes = parent_with_a_block
    hook(homes, "UserPromptSubmit", FORK, prompt="try a 7-day refresh instead", prompt_id="p-fork-0")
    own = [(f"step {n} of the long fork", f"p-fork-{n}") for n in range(300)]  # most of them not stored
    path = fork_transcript(homes, FORK, [("make refresh tokens last 14 days", "p-parent-1")], own)
    from hooks.forks import OP_PROMPT_IDS, fork_op

    op = fork_op(FORK, path)
    assert len(op["prompt_ids"]) == 301 <= OP_PROMPT_IDS and op["prompt_ids"][0] == "p-parent-1"
    hook(homes, "SessionEnd", FORK, reason="other", transcript=path)
    assert rows(homes, "SELECT forked_from FROM session WHERE session_id = ?", FORK) == [(PARENT,)]


def test_prompt_ids_are_read_in_order_and_never_from_what_is_not_a_regular_file(tmp_path):
    import os

    from hooks.forks import transcript_prompt_ids

    transcript = tmp_path / "fork.jsonl"
    # compact, as Claude Code writes its transcripts
    transcript.write_text("".join(json.dumps({"type": "user", "promptId": f"prompt-{n % 3:04d}"}, separators=(",", ":")) + "\n"
                                  for n in range(7)))  # fmt: skip
    assert transcript_prompt_ids(str(transcript)) == ["prompt-0000", "prompt-0001", "prompt-0002"]
    os.mkfifo(tmp_path / "fifo.jsonl")
    assert transcript_prompt_ids(str(tmp_path / "fifo.jsonl")) == []  # and does not hang
    (tmp_path / "empty.jsonl").write_text("")
    assert transcript_prompt_ids(str(tmp_path / "empty.jsonl")) == []
    assert transcript_prompt_ids(str(tmp_path / "missing.jsonl")) == []
    assert transcript_prompt_ids(None) == []
