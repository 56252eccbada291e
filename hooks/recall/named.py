"""A prompt that names a past session by the name Claude Code shows for it.

"continue the flaky-login-test fix", "what did we change in the 'refresh token 14d'
session?": the person names the session as Claude Code's /resume picker shows it (a name
they gave with /rename, one Claude Code generated, an old summary: `session.title`).  That
is the strongest sign of the task meant, and word scoring can miss it (a name is a few
common words).  So before scoring, recall looks the prompt's word runs up in an index of
the names (`session_title_key`): one bounded lookup, never a scan of the sessions.

A name is matched whole, its words in order, case and `-`/`_` aside; it must have two
words or more and MIN_NAME_CHARS characters (a one-word name such as "tests" would be
in every other prompt).  The longest name found wins, the prompt's own project first,
then the newest session.  Standard library and store only (hook path).
"""

from __future__ import annotations

MIN_NAME_CHARS = 10
MAX_NAME_WORDS = 8
MAX_PROMPT_WORDS = 120
MEMORIES_PER_TASK = 6  # besides the task's first prompt
# The key of a stored name: what the expression index holds (store.database.models.Session).
KEY_SQL = "replace(replace(lower(title), '-', ' '), '_', ' ')"
_EDGES = "'\"`‘’“”«»「」『』,.:;!?()[]{}<>"
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ-_", "abcdefghijklmnopqrstuvwxyz  ")


def name_key(text: str) -> str:
    """`text` as the index keys names: ASCII letters lowered (as SQLite's lower()), `-` and
    `_` as spaces, spaces collapsed."""
    return " ".join(text.translate(_ASCII_LOWER).split())


def candidates(prompt: str) -> list[str]:
    """Every run of 2..MAX_NAME_WORDS of the prompt's words (quotes and punctuation at a
    word's edges dropped) long enough to be a name, as keys."""
    words: list[str] = []
    for token in prompt.split()[:MAX_PROMPT_WORDS]:
        words += name_key(token.strip(_EDGES)).split()
    found = dict.fromkeys(
        " ".join(words[i:j])
        for i in range(len(words))
        for j in range(i + 2, min(len(words), i + MAX_NAME_WORDS) + 1)
    )
    return [key for key in found if len(key) >= MIN_NAME_CHARS]


def named_session(conn, prompt: str, *, project: str | None, session_id: str | None) -> str | None:
    """The past session the prompt names (not `session_id`, the one asking, nor the session
    it was forked from: it holds that conversation already, name included), or None."""
    if not isinstance(prompt, str):
        return None
    keys = candidates(prompt)
    if not keys:
        return None
    marks = ",".join("?" * len(keys))
    rows = conn.execute(
        f"SELECT session_id, project, {KEY_SQL}, last_activity_at FROM session "
        f"WHERE {KEY_SQL} IN ({marks}) AND session_id != ? AND session_id IS NOT "
        "(SELECT forked_from FROM session WHERE session_id = ?)",  # a fork holds its parent's conversation
        (*keys, session_id or "", session_id or ""),
    ).fetchall()
    if not rows:
        return None
    best = max(rows, key=lambda r: (len(r[2]), r[1] == project, r[3] or ""))
    return best[0]


def named_decision(conn, prompt: str, *, project: str | None, session_id: str | None, limit: int,
                   skip: frozenset = frozenset()) -> dict | None:  # fmt: skip
    """Recall's decision (as `hooks.recall.choose.decide` makes it) when the prompt names a
    past session: reason "named", its task's first prompt and its weightiest memories
    (edits, writes, commits: importance 2 and more, newest first); None when it names none."""
    named = named_session(conn, prompt, project=project, session_id=session_id)
    if named is None or limit <= 0:
        return None
    firsts = _rows(conn, "SELECT * FROM memory WHERE session_id = ? AND type = 'prompt' ORDER BY id LIMIT 5", named)
    weighty = _rows(conn, "SELECT * FROM memory WHERE session_id = ? AND importance >= 2 AND type != 'prompt' "
                          f"ORDER BY id DESC LIMIT {MEMORIES_PER_TASK + 20}", named)  # fmt: skip
    memories: list[dict] = []
    seen: set[str] = set()
    for memory in [*firsts[:1], *weighty]:
        text = " ".join(str(memory.get("content") or "").split()).casefold()
        if memory["id"] in skip or text in seen or len(memories) >= min(limit, MEMORIES_PER_TASK + 1):
            continue
        seen.add(text)
        memories.append(memory)
    if not memories:
        return None
    task = (named, firsts[0].get("prompt_id") if firsts else None)
    return {"reason": "named", "task": task, "score": None, "runner_up": None, "share": None, "memories": memories}


def _rows(conn, sql: str, *params) -> list[dict]:
    cursor = conn.execute(sql, params)
    columns = [c[0] for c in cursor.description]
    return [dict(zip(columns, row)) for row in cursor.fetchall()]
