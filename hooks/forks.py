"""Is this session a fork, and of which session?  (`--fork-session`, /branch)

No hook event names a fork's parent (docs/claude-code-facts.md): Claude Code 2.1.197 sends
the fork's SessionStart as a `resume` under the parent's id, later versions as `fork` under
the new id, and the fork's transcript is written at its first prompt.  What does name it is
that transcript: it begins with copies of the parent's lines, each keeping its `promptId`.
At the session's end the hook reads the transcript's prompt ids (searched, not parsed) and
the writer links the session to the earlier one that holds them (`store.writing.forks`).

At a `fork` start (the newer shape) the transcript is not there yet: the parent is known
only when the fork kept its parent's name (`session_title`) and one other session of the
project has it; the digest then gets the resume treatment (`parent_at_start`).
Standard library and store only (hook path).
"""

from __future__ import annotations

import os
import re

MAX_TRANSCRIPT_BYTES = 256 * 1024 * 1024
MAX_PROMPT_IDS = 20000
OP_PROMPT_IDS = 400  # store.writing.forks.MAX_LOOKUPS: a fork with more prompts of its own stays unlinked
_PROMPT_ID = re.compile(rb'"promptId":"([0-9A-Za-z_-]{8,64})"')


def transcript_prompt_ids(path: object) -> list[str]:
    """The distinct prompt ids of the transcript at `path`, in the order they first appear
    ([] when it is not a regular file that can be read)."""
    from store.files import read_mapped

    return read_mapped(path, MAX_TRANSCRIPT_BYTES, _prompt_ids_in) or []


def _prompt_ids_in(data) -> list[str]:
    """Each prompt id of `data`, in order (one regular expression over the file's map: a
    50 MB transcript in some 25 ms of CPU)."""
    seen: dict[str, None] = {}
    for match in _PROMPT_ID.finditer(data):
        seen.setdefault(match.group(1).decode("ascii"), None)
        if len(seen) >= MAX_PROMPT_IDS:
            break
    return list(seen)


def fork_op(session_id: str, transcript_path: object) -> dict | None:
    """The writer's operation that links the session to the session it was forked from
    (None when its transcript holds no prompt ids)."""
    prompt_ids = transcript_prompt_ids(transcript_path)
    if not prompt_ids:
        return None
    # The parent's last prompt comes just before the fork's own: the writer looks back from
    # the end, so the last ones are all it needs (the spool keeps the operation while busy).
    return {"op": "fork", "session_id": session_id, "prompt_ids": prompt_ids[-OP_PROMPT_IDS:]}


def parent_at_start(conn, session_id: str, cwd: str | None, title: str | None) -> str | None:
    """At a `fork` SessionStart: the one other session of the project named `title` (a fork
    keeps its parent's name), else None."""
    if not title:
        return None
    from store.project import resolve_project

    project = resolve_project(os.environ.get("CLAUDE_PROJECT_DIR") or cwd)[0]
    if not project:
        return None
    rows = conn.execute(
        "SELECT session_id FROM session WHERE project = ? AND title = ? AND session_id != ? LIMIT 2",
        (project, title, session_id),
    ).fetchall()
    return rows[0][0] if len(rows) == 1 else None
