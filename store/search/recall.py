"""What per-prompt recall asks of the store: which memories hold a term, and a
task's memories.

`store.search.search` ranks single memories for a person reading results;
recall (hooks/recall/choose.py) scores whole tasks (one prompt and what was done for
it), so it needs every memory holding a term, not the best few.  Plain sqlite3,
stdlib only: a hook runs this on every prompt.
"""

from __future__ import annotations

import sqlite3

from store.database import placeholders
from store.search.terms import fts_quote

POSTINGS_CAP = 1500  # newest matches per term: a common term costs the same at any size
TASK_KEYS = "memory_id_session_id_prompt_id_project_type"  # store.database.models.Memory's index of a memory's task


def word_match(forms: list[str], prefixes: list[str]) -> str:
    """A word-index MATCH for any of `forms` (each a word or a phrase, tokenized and
    stemmed as the index is) or any token starting with one of `prefixes`.  A compound
    (`store.language.glossary.apart`) also matches its parts side by side: "login" finds "log in"
    and "log-in"."""
    from store.language import apart

    parts = []
    for words, suffix in ((forms, ""), (prefixes, "*")):
        for word in filter(None, words):
            parts.append(fts_quote(word) + suffix)
            split = apart(word)
            if split:
                parts.append(fts_quote(split) + suffix)
    return " OR ".join(parts)


def matching_ids(conn, match: str, *, cap: int = POSTINGS_CAP, since: int | None = None) -> list[int]:
    """Ids of the newest `cap` memories matching the word-index expression
    `match`, newest first (the index alone: cheap); [] when it is not valid.

    `since`: only memories from this id on.  FTS5 seeks to it in ascending order
    only (read newest first, a phrase of two common words with no match read both
    words' whole lists: 10 ms at 100k memories, 0.8 ms within the newest 10k)."""
    if not match:
        return []
    # One row, the ids joined by SQLite: 1,500 rows through the cursor cost ~200 us of a 330 us
    # read; the order is made again below, so SQLite's aggregate order does not matter.
    try:
        if since is None:
            joined = conn.execute(
                "SELECT group_concat(rowid) FROM (SELECT rowid FROM memory_words WHERE memory_words MATCH ? "
                "ORDER BY rowid DESC LIMIT ?)",
                (match, cap),
            ).fetchone()[0]
        else:
            joined = conn.execute(
                "SELECT group_concat(rowid) FROM memory_words WHERE memory_words MATCH ? AND rowid >= ?",
                (match, since),
            ).fetchone()[0]
    except sqlite3.Error:
        return []
    if not joined:
        return []
    ids = list(map(int, joined.split(",")))
    ids.sort(reverse=True)
    return ids[:cap]


def known_words(conn, candidates: list[str], *, want: int) -> list[str]:
    """The first `want` of `candidates` (single words, best first) that some memory
    holds, as the word index stems them; one cheap index probe per candidate."""
    found: list[str] = []
    for word in candidates:
        if len(found) >= want:
            break
        try:
            hit = conn.execute(
                "SELECT 1 FROM memory_words WHERE memory_words MATCH ? LIMIT 1", (fts_quote(word),)
            ).fetchone()
        except sqlite3.Error:
            return found
        if hit:
            found.append(word)
    return found


def memory_keys(conn, ids: list[int]) -> list[tuple]:
    """(id, session_id, prompt_id, project, type) of the memories `ids` (distinct), in their order."""
    import json

    # The index, not the rows: at 100k memories, 3,000 of them cold cost 865 ms from the
    # rows and 46 ms from the index (SQLite would look a rowid up in the table).  The ids go
    # as one JSON array: one statement text, prepared once per connection (an IN list of a
    # new length is prepared again, ~40-120 us).
    return conn.execute(
        "SELECT m.id, m.session_id, m.prompt_id, m.project, m.type FROM json_each(?) AS wanted "
        f"JOIN memory AS m INDEXED BY {TASK_KEYS} ON m.id = wanted.value",
        (json.dumps(ids),),
    ).fetchall()


def postings(conn, match: str, *, cap: int = POSTINGS_CAP) -> list[tuple]:
    """(id, session_id, prompt_id, project, type) of the newest `cap` memories matching `match`."""
    return memory_keys(conn, matching_ids(conn, match, cap=cap))


def memory_count(conn) -> int:
    """About how many memories there are (the highest id: no table scan)."""
    return conn.execute("SELECT coalesce(max(id), 0) FROM memory").fetchone()[0] or 0


def task_memories(conn, session_id: str, prompt_id: str | None, limit: int = 200) -> list[dict]:
    """The memories of one task: a turn (session + prompt id), or a session's
    memories that carry no prompt id."""
    from store.database import dicts

    if prompt_id:
        cur = conn.execute(
            "SELECT * FROM memory WHERE session_id = ? AND prompt_id = ? ORDER BY id LIMIT ?",
            (session_id, prompt_id, limit),
        )
    else:
        cur = conn.execute(
            "SELECT * FROM memory WHERE session_id = ? AND prompt_id IS NULL ORDER BY id LIMIT ?",
            (session_id, limit),
        )
    return dicts(cur)


def task_sizes(conn, keys: list[tuple]) -> dict[tuple, int]:
    """How many memories each task (session id, prompt id or None) holds."""
    sessions = sorted({k[0] for k in keys})
    if not sessions:
        return {}
    marks = placeholders(len(sessions))
    rows = conn.execute(
        f"SELECT session_id, prompt_id, count(*) FROM memory WHERE session_id IN ({marks}) "
        "GROUP BY session_id, prompt_id",
        sessions,
    ).fetchall()
    return {(sid, pid or None): n for sid, pid, n in rows}


# Memories that only ask or answer: a task made of these alone is a question, not work.
QUESTION_TYPES = frozenset(("prompt", "response"))


def task_facts(conn, keys: list[tuple], *, path_words: list[str] | None = None) -> tuple[dict[tuple, dict], list[tuple]]:
    """({task: {"size": memories it holds, "work": those that are not a prompt or an
    answer (edits, commands, errors, commits...), "prompts": its prompt memories' ids}},
    [(id, session_id, prompt_id, file_path) of its memories with a file path]) for the tasks
    `keys` (session id, prompt id or None).  `path_words` (ASCII letters and digits): only
    the file paths holding one of them, in any case, are listed ([]: none; None: every one).

    Counted by SQLite over the index of the sessions' tasks (a leading task's session may
    hold thousands of memories: read row by row into Python, 1 ms a prompt at 1M)."""
    wanted = set(keys)
    sessions = sorted({k[0] for k in keys})
    facts: dict[tuple, dict] = {}
    paths: list[tuple] = []
    kinds = placeholders(len(QUESTION_TYPES))
    for start in range(0, len(sessions), 500):
        chunk = sessions[start : start + 500]
        marks = placeholders(len(chunk))
        for sid, pid, size, work, prompts in conn.execute(
            f"SELECT session_id, prompt_id, count(*), sum(type NOT IN ({kinds})), "
            f"group_concat(CASE WHEN type = 'prompt' THEN id END) FROM memory WHERE session_id IN ({marks}) "
            "GROUP BY session_id, prompt_id",
            [*sorted(QUESTION_TYPES), *chunk],
        ):
            key = (sid, pid or None)
            if key in wanted:
                fact = facts.setdefault(key, {"size": 0, "work": 0, "prompts": []})
                fact["size"] += size
                fact["work"] += work
                fact["prompts"] += map(int, prompts.split(",")) if prompts else ()
        if path_words == []:
            continue
        holding = " OR ".join("file_path LIKE ?" for _word in path_words or ())  # LIKE: ASCII in any case
        for row in conn.execute(
            f"SELECT id, session_id, prompt_id, file_path FROM memory WHERE session_id IN ({marks}) "
            f"AND file_path IS NOT NULL{f' AND ({holding})' if holding else ''}",
            [*chunk, *(f"%{word}%" for word in path_words or ())],
        ):
            if row[3] and (row[1], row[2] or None) in wanted:
                paths.append(row)
    return facts, paths


def turn_prompts(conn, session_id: str, prompt_id: str) -> list[dict]:
    """The prompt memories of one turn (usually one)."""
    from store.database import dicts

    # `+type`: through the session's index, not the type index (every prompt ever
    # stored: 15 ms at 100k memories, against 0.02 ms).
    return dicts(conn.execute(
        "SELECT * FROM memory WHERE session_id = ? AND prompt_id = ? AND +type = 'prompt' ORDER BY id LIMIT 3",
        (session_id, prompt_id),
    ))  # fmt: skip
