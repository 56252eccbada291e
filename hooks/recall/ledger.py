"""The hook's side of the injection ledger (`store.reading.ledger`): record each decision, and
tell from the rest of the turn whether the model acted on what it was sent.

Acted on: the turn touched a file an injected memory is about (read, edit, write),
ran a command an injected memory holds, or opened an injected memory (`/memory show
ID`, the MCP tools get_memories and timeline).  The turn ends at Stop, SessionEnd or
the next prompt; what was not acted on by then is judged "not acted".

While a session has an injection waiting for that verdict, an empty file
`<memlane home>/recall-waiting/<session>` says so: every tool event of the session
then opens the database to look (one indexed read), and the events of other sessions
pay one `stat` and nothing else.
"""

from __future__ import annotations

import os
import re

# The marker and the events that judge live with the hook's other markers: every tool event
# asks `waiting`, and must not load this module to do so.
from hooks.turns import JUDGED_EVENTS, WAITING_DIR, waiting  # noqa: F401 (hooks.recall's names)
from hooks.turns import waiting_marker as _marker

# Patterns, compiled by `re` when first used: most tool events of a hook never use them.
_SHOW = r"(?:/memory|memlane(?:\s+slash)?)\s+(?:--)?show\s+#?(\d{1,12})\b"
_OWN_TOOLS = "mcp__memlane__"


def _set_waiting(session_id: str) -> None:
    from store.files import make_private_dir, open_private

    path = _marker(session_id)
    make_private_dir(os.path.dirname(path), "the recall-waiting folder")
    os.close(open_private(path, os.O_WRONLY | os.O_CREAT, "a recall-waiting marker"))


def _clear_waiting(session_id: str) -> None:
    try:
        os.unlink(_marker(session_id))
    except FileNotFoundError:
        pass


# ------------------------------------------------------------------ recording


def record_prompt(conn, event: dict, project: str, decision: dict, block: str) -> None:
    """The decision recall made on this prompt (sent or silent) goes in the ledger."""
    from store.reading import ledger

    session_id = event.get("session_id")
    memory_ids = [m["id"] for m in decision.get("memories") or []] if block else []
    injection = ledger.record(
        conn, session_id=session_id, prompt_id=_text(event.get("prompt_id")), event="prompt", project=project,
        reason=decision.get("reason") or "nothing", memory_ids=memory_ids, chars=len(block),
        score=decision.get("score"), runner_up=decision.get("runner_up"), share=decision.get("share"),
        task=decision.get("task"), context=_block_row(block, "prompt") if memory_ids else None,
    )  # fmt: skip
    if injection and memory_ids:
        _set_waiting(session_id)


def record_start(conn, event: dict, project: str, memory_ids: list[int], block: str, plan: dict | None = None,
                 files: list[dict] | None = None) -> None:  # fmt: skip
    """What the SessionStart block sent (its memories: recent changes and pins), or why it was
    silent; with it what else entered the context at this start: the memory files Claude Code
    loaded (`files`), memlane's block, and each memory the block left out, with why."""
    from store.reading import ledger

    session_id = event.get("session_id")
    reason = (plan or {}).get("reason") or ("start" if block else "nothing")
    context = start_context(files or [], block, (plan or {}).get("left_out") or [])
    injection = ledger.record(
        conn, session_id=session_id, prompt_id=None, event="start", project=project,
        reason=reason, memory_ids=memory_ids if block else [], chars=len(block), context=context,
    )  # fmt: skip
    if injection and block and memory_ids:
        _set_waiting(session_id)


def start_context(files: list[dict], block: str, left_out: list[dict]) -> list[dict]:
    """The ledger's context rows of a session start (`store.reading.ledger.write_context`)."""
    rows = [{"source": "claude_md" if f["group"] == "CLAUDE.md" else "auto_memory", "kind": f["kind"],
             "path": f["path"], "bytes": f["loaded_bytes"], "tokens": f["tokens"], "mtime": f["mtime"]}
            for f in files if f["loaded"]]  # fmt: skip
    if block:
        rows += _block_row(block, "start")
    rows += [{"source": "left_out", "kind": item["kind"], "path": item.get("path"), "memory_id": item["memory_id"]}
             for item in left_out]  # fmt: skip
    return rows


def _block_row(block: str, kind: str) -> list[dict]:
    """The ledger's context row of a block memlane sent (at a start, or with a prompt)."""
    from store.text import estimate_tokens

    data = len(block.encode("utf-8", "replace"))
    return [{"source": "memlane", "kind": kind, "bytes": data, "tokens": estimate_tokens(data)}]


# ------------------------------------------------------------------ judging


def judge(conn, name: str, event: dict) -> None:
    """Look at one event of a session with an injection waiting for its verdict."""
    from store.reading import judge_turn

    session_id = event.get("session_id")
    ends = name == "UserPromptSubmit"  # a new prompt: the last turn is over
    if not judge_turn(conn, session_id, event_acts(name, event), ends_turn=ends):
        _clear_waiting(session_id)


def event_acts(name: str, event: dict) -> dict | None:
    """What this event did that can act on an injected memory (see store.reading.ledger.judge_turn):
    the memories it opened (`/memory show ID`, the MCP tools get_memories and timeline), the
    file it touched, the command it ran; None at the turn's end (Stop, SessionEnd)."""
    if name in ("Stop", "SessionEnd"):
        return None
    if name == "UserPromptSubmit":
        return {"shown": _shown_ids(event.get("prompt"))}
    tool = event.get("tool_name")
    tool_input = event.get("tool_input")
    if not isinstance(tool, str) or not isinstance(tool_input, dict):
        return {}
    if tool.startswith(_OWN_TOOLS):
        asked = tool_input.get("ids") if tool.endswith("get_memories") else [tool_input.get("id")]
        if tool.endswith(("get_memories", "timeline")) and isinstance(asked, list):
            return {"shown": {a for a in asked if isinstance(a, int)}}
        return {}
    acts: dict = {}
    command = tool_input.get("command")
    if isinstance(command, str):
        acts["shown"] = _shown_ids(command)
        if tool == "Bash":
            acts["command"] = " ".join(command.split())
    path = tool_input.get("file_path") or tool_input.get("notebook_path")
    if isinstance(path, str):
        acts["file"] = path
    return acts


def _shown_ids(text: object) -> set[int]:
    return {int(n) for n in re.findall(_SHOW, text)} if isinstance(text, str) else set()


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None
