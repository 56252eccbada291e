"""A forked session linked to the session it was copied from.

`claude --resume ID --fork-session` (and /branch) starts a new session whose transcript
begins with copies of the parent's lines, each keeping its `promptId`; the hook events
never name the parent (docs/claude-code-facts.md).  So the parent is the session that
holds the last prompt copied: walking the fork's prompt ids back from its end, the first
one memlane stored under another, earlier session.

Claude Code 2.1.197 also sends the fork's SessionStart under the *parent's* id: that start
reopened the parent's row and its block was recorded under the parent.  Once the fork is
known, both are given back: the block to the fork (a later resume of the parent must not
count a block the parent never received), and the parent's row is closed again when it
did nothing since.
"""

from __future__ import annotations

import sqlite3

MAX_LOOKUPS = 400  # prompt ids looked up per link (each one index probe)

_PARENT_SQL = (
    "SELECT m.session_id FROM memory m INDEXED BY memory_prompt_by_id JOIN session s ON s.session_id = m.session_id "
    "WHERE m.type = 'prompt' AND m.prompt_id = ? AND m.session_id != ? AND s.started_at <= ? LIMIT 1"
)


def fork_parent(conn: sqlite3.Connection, session_id: str, started_at: str, prompt_ids: list[str]) -> str | None:
    """The session `session_id` was forked from, by the prompt ids of its transcript in
    order; None when none of them is another earlier session's prompt (not a fork)."""
    for prompt_id in list(reversed(prompt_ids))[:MAX_LOOKUPS]:
        if not isinstance(prompt_id, str) or not prompt_id:
            continue
        row = conn.execute(_PARENT_SQL, (prompt_id, session_id, started_at)).fetchone()
        if row is not None:
            return row[0]
    return None


def link_fork(conn: sqlite3.Connection, session_id: str, prompt_ids: list[str]) -> str | None:
    """Note on the session's row the session it was forked from (inside the caller's
    transaction), and give back what its start did to the parent; returns the parent."""
    row = conn.execute("SELECT started_at, forked_from FROM session WHERE session_id = ?", (session_id,)).fetchone()
    if row is None or row[1] or not row[0] or not isinstance(prompt_ids, list):
        return row[1] if row else None
    started_at = row[0]
    parent = fork_parent(conn, session_id, started_at, prompt_ids)
    if parent is None:
        return None
    conn.execute("UPDATE session SET forked_from = ? WHERE session_id = ?", (parent, session_id))
    _give_back_the_start(conn, parent, session_id, started_at)
    return parent


def _give_back_the_start(conn: sqlite3.Connection, parent: str, fork: str, fork_started: str) -> None:
    """A start recorded under the parent when the fork began (2.1.197) is the fork's: the
    parent's last decision, a start, with nothing of the parent after it, when the fork has no
    start of its own (a `fork` start, the newer shape, came under the fork's id)."""
    own_start = conn.execute(
        "SELECT 1 FROM injection WHERE session_id = ? AND event = 'start' LIMIT 1", (fork,)
    ).fetchone()
    last = None if own_start else conn.execute(
        "SELECT id, at, event FROM injection WHERE session_id = ? ORDER BY id DESC LIMIT 1", (parent,)
    ).fetchone()
    since = conn.execute("SELECT last_activity_at, ended_at FROM session WHERE session_id = ?", (parent,)).fetchone()
    if since is None or (since[0] and since[0] > fork_started):
        return  # the parent went on after the fork began: its own resume, not the fork's start
    if last is not None and last[2] == "start" and last[1] <= fork_started:
        conn.execute("UPDATE injection SET session_id = ? WHERE id = ?", (fork, last[0]))
    if since[1] is None:  # reopened by the fork's start, and never ended since
        conn.execute(
            "UPDATE session SET ended_at = coalesce((SELECT max(created_at) FROM memory WHERE session_id = ?), "
            "started_at) WHERE session_id = ?",
            (parent, parent),
        )
        conn.execute(
            "UPDATE session SET duration_s = CAST(round((julianday(ended_at) - julianday(started_at)) * 86400) "
            "AS INTEGER) WHERE session_id = ?",
            (parent,),
        )
