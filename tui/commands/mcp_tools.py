"""What memlane's MCP tools answer: a compact index, a timeline, full memories, as plain text.

The model pays for every token it reads, so memory is disclosed in steps:
`search` gives one short line per hit (~50-100 tokens), `timeline` shows what
happened around one memory, and `get_memories` gives full text only for the ids
the model picked. Everything shown passes through `store.display.inert`;
stored text is already privacy-filtered (the hook filters before writing).

No MCP SDK here: these functions take a read-only connection and return text,
so they are tested without a server. A problem the model can fix (a bad date,
an unknown project) raises ToolInputError with one sentence.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime

from store.database import MEMORY_TYPES
from store.display import inert, inert_line
from store.errors import MemlaneError
from tui.formatting import local_time, plural

SEARCH_LIMIT_DEFAULT = 10
SEARCH_LIMIT_MAX = 50
SNIPPET_CHARS = 140
WHERE_CHARS = 60
TURN_CHARS = 60  # the prompt of a hit's turn, shown beside it
TIMELINE_DEFAULT = 5
TIMELINE_MAX = 30
TIMELINE_LINE_CHARS = 160
GET_MAX_IDS = 20
REPLY_CHARS_MAX = 16_000  # the text of one get_memories answer at most (~4k tokens; a memory holds <= 4,000)


class ToolInputError(MemlaneError, ValueError):
    """An argument the model can correct, said in one sentence."""


# -- arguments ----------------------------------------------------------------------------------


def parse_since(value: str | None, now: datetime | None = None) -> str | None:
    """`since` as a stored UTC time stamp (store.times.parse_time: a date, an ISO time,
    today / yesterday, or 7d / 12h / 2w ago)."""
    from store.times import BadTime, parse_time

    try:
        return parse_time(value, now)
    except BadTime as exc:
        raise ToolInputError(f"since={exc}") from None


def parse_types(value: str | None) -> list[str] | None:
    """`type` as a list: one type or several joined by commas; unknown names are refused."""
    if value is None or not str(value).strip():
        return None
    names = [n.strip().lower() for n in str(value).replace(" ", ",").split(",") if n.strip()]
    unknown = [n for n in names if n not in MEMORY_TYPES]
    if unknown:
        raise ToolInputError(
            f"unknown type {unknown[0]!r}; use one of: {', '.join(MEMORY_TYPES)}."
        )
    return names


def resolve_project(conn: sqlite3.Connection, value: str | None) -> list[str] | None:
    """`project` as project keys: a name, a key or a path. Unknown names are refused, with the known ones."""
    if value is None or not str(value).strip():
        return None
    from store.forgetting import matching_projects

    keys = matching_projects(conn, str(value).strip())
    if keys:
        return keys
    from store.reading import project_names

    names = project_names(conn)
    known = f"; known projects: {', '.join(inert_line(n) for n in names)}" if names else ""
    raise ToolInputError(f"no project named {inert_line(value)!r}{known}.")


def _limit(value: object, default: int, most: int, name: str) -> int:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise ToolInputError(f"{name} must be a whole number.")
    if value < 0:
        raise ToolInputError(f"{name} must be 0 or more.")
    return min(value, most)


# -- one line per memory ------------------------------------------------------------------------


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _where(memory: dict) -> str:
    """The file a memory is about, else the command it ran, else nothing."""
    path = memory.get("file_path")
    if path:
        cwd = memory.get("project") or memory.get("cwd") or ""
        if cwd and path.startswith(cwd.rstrip("/") + "/"):
            path = path[len(cwd.rstrip("/")) + 1 :]
        return _cut(inert_line(path), WHERE_CHARS)
    if memory.get("type") in ("command", "error"):
        for line in (memory.get("content") or "").splitlines():
            if line.startswith("$ "):
                return _cut(inert_line(line), WHERE_CHARS)
    return ""


def memory_line(memory: dict, text: str | None = None, chars: int = SNIPPET_CHARS) -> str:
    """`#id date project type where: text` on one line."""
    head = [f"#{memory['id']}", local_time(memory.get("created_at"), style="minute"),
            inert_line(memory.get("project_name") or "?"), inert_line(memory.get("type") or "?")]  # fmt: skip
    where = _where(memory)
    if where:
        head.append(where)
    body = inert_line(memory.get("content") if text is None else text)
    if where and body.startswith(where):  # a command's `$ cmd` line is already in the head
        body = body[len(where) :].lstrip()
    return " ".join(head) + ": " + _cut(body, chars)


# -- the tools ----------------------------------------------------------------------------------


def search_index(
    conn: sqlite3.Connection, query: str, *, project: str | None = None, type: str | None = None,
    since: str | None = None, limit: int | None = None,
) -> str:  # fmt: skip
    """The compact index: a count line, then one line per hit, best first."""
    from store.search import Query, search, search_summary

    limit = _limit(limit, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, "limit")
    asked = Query.of(query if isinstance(query, str) else "", project=resolve_project(conn, project),
                     type=parse_types(type), since=parse_since(since))  # fmt: skip
    query = asked.text
    hits = search(conn, asked, limit=limit, marks=("", "")) if limit else []
    summary = search_summary(conn, asked)  # the ranking search just made: no second pass
    total = summary["total"]
    if not query.strip():
        what = "(no query: newest first)"
    elif summary["all_terms"]:
        what = f'matching "{inert_line(query)}"'
    else:
        what = f'matching some words of "{inert_line(query)}", most relevant first (not all have every word)'
    scope = [f"{k}={inert_line(v)}" for k, v in (("project", project), ("type", type),
             ("since", since)) if v]  # fmt: skip
    head = f"{plural(total, 'memory')} {what}" + (f" ({', '.join(scope)})" if scope else "")
    if not total:
        return head + ". Try fewer or other words, or drop a filter."
    lines = [head + (f"; the best {len(hits)}:" if len(hits) < total else ":")]
    asked = _turn_prompts(conn, hits) if query.strip() else {}
    for hit in hits:
        line = memory_line(hit, hit.get("snippet") if query.strip() else None)
        if hit["id"] in asked:
            line += f' [in the turn "{_cut(inert_line(asked[hit["id"]]), TURN_CHARS)}"]'
        lines.append(line)
    tail = "get_memories(ids) gives full text; timeline(id) the session around one (what was asked, what followed)."
    if total > len(hits):
        tail = f"{total - len(hits)} more: raise limit (max {SEARCH_LIMIT_MAX}) or narrow the query. " + tail
    lines.append(tail)
    return "\n".join(lines)


def _turn_prompts(conn: sqlite3.Connection, hits: list[dict]) -> dict[int, str]:
    """The prompt of each hit's turn, for the hits that are not prompts: an edit or an error
    found by a question is read with what was asked for (store.search.recall.turn_prompts,
    through the session's index)."""
    from store.search import turn_prompts

    found = {}
    for hit in hits:
        if hit.get("type") != "prompt" and hit.get("prompt_id"):
            prompts = turn_prompts(conn, hit["session_id"], hit["prompt_id"])
            if prompts and prompts[0].get("content"):
                found[hit["id"]] = prompts[0]["content"]
    return found


def timeline_lines(
    conn: sqlite3.Connection, memory_id: int, *, before: int | None = None, after: int | None = None
) -> str:
    """A memory's session around it, one line each, the memory itself marked with `>`."""
    from store.reading import around_in_session, get_memory, get_session, neighbours

    before = _limit(before, TIMELINE_DEFAULT, TIMELINE_MAX, "before")
    after = _limit(after, TIMELINE_DEFAULT, TIMELINE_MAX, "after")
    anchor = get_memory(conn, int(memory_id))
    if anchor is None:
        raise ToolInputError(f"no memory #{memory_id} (it may have been forgotten); search again.")
    rows = neighbours(conn, anchor["id"], before=before, after=after)
    session = get_session(conn, anchor["session_id"]) or {}
    earlier, later = around_in_session(conn, anchor["session_id"], rows[0]["id"], rows[-1]["id"])
    head = (f"Session {inert_line(anchor['session_id'])} in {inert_line(anchor.get('project_name') or '?')}"
            f", started {local_time(session.get('started_at') or rows[0].get('created_at'), style='minute')}"
            f" ({earlier + len(rows) + later} memories):")  # fmt: skip
    lines = [head]
    if earlier:
        lines.append(f"  … {earlier} earlier")
    for row in rows:
        mark = ">" if row["id"] == anchor["id"] else " "
        lines.append(mark + " " + memory_line(row, chars=TIMELINE_LINE_CHARS))
    if later:
        lines.append(f"  … {later} later")
    return "\n".join(lines)


def full_memories(conn: sqlite3.Connection, ids: list[int]) -> str:
    """The full text of each memory asked for, in the order asked, capped in size with a note."""
    wanted = list(dict.fromkeys(int(i) for i in ids))
    if not wanted:
        raise ToolInputError("give the ids of the memories to show (from search or timeline).")
    notes = []
    if len(wanted) > GET_MAX_IDS:
        notes.append(f"Only the first {GET_MAX_IDS} of {len(wanted)} ids are shown; ask for the rest next.")
        wanted = wanted[:GET_MAX_IDS]
    from store.reading import memories_by_id

    found = memories_by_id(conn, wanted)
    missing = [i for i in wanted if i not in found]
    parts, used, left_out = [], 0, []
    for memory_id in wanted:
        memory = found.get(memory_id)
        if memory is None:
            continue
        room = REPLY_CHARS_MAX - used
        if room < 200:  # too little room to be worth a start: ask again
            left_out.append(memory_id)
            continue
        header = memory_line(memory, text="", chars=0).rstrip(": ")
        extra = [f"session {inert_line(memory['session_id'])}"]
        if memory.get("tool_name"):
            extra.append(f"tool {inert_line(memory['tool_name'])}")
        if memory.get("file_path"):
            extra.append(f"file {inert_line(memory['file_path'])}")
        text = inert(memory.get("content") or "")
        if len(text) > room:
            text = text[:room] + f"\n[… cut here: {len(text) - room:,} more characters of #{memory_id}]"
        used += len(text)
        parts.append(f"== {header} ({'; '.join(extra)})\n{text}")
    if left_out:
        notes.append(
            f"This answer is full ({REPLY_CHARS_MAX:,} characters): "
            + ", ".join(f"#{i}" for i in left_out) + " left out; ask for them in another call."
        )
    if missing:
        notes.append(
            "No memory " + ", ".join(f"#{i}" for i in missing) + " (never existed or was forgotten)."
        )
    return "\n\n".join(parts + notes) if parts or notes else "Nothing found."
