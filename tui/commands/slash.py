"""`/memory ...` inside Claude Code: what the user typed, answered as compact text for the model."""

from __future__ import annotations

import os
import sys

from tui.commands.brief import brief_errors, brief_memories, brief_sessions, brief_stats
from tui.commands.common import EXIT_OK, UsageError, open_db, user_error
from tui.formatting import local_time, plural

MAX_SLASH_CHARS = 2000
FRAME_TAG = "memory-results"


SLASH_HELP = (
    "Usage: /memory QUERY | show ID | --recent [N] | --summaries [N] | --errors | --stats | ledger | "
    "veto [ID] | unveto ID | pin [ID] | unpin ID  "
    "(add --here to stay in this project, --limit N for more)"
)
SHOW_CONTENT_CHARS = 6000
SHOW_TASK_LINES = 12


def cmd_slash(args) -> int:
    """`/memory ...`: compact text for the model; problems are printed too, never a failing exit."""
    try:
        text = slash_text(args.db, args.words)
    except UsageError as exc:
        text = f"memlane: {exc}\n{SLASH_HELP}"
    except Exception as exc:
        message = user_error(exc, args.db)
        if message is None:
            raise
        text = "memlane: " + message
    sys.stdout.write(text.rstrip("\n") + "\n")
    return EXIT_OK


def _slash_words(words: list[str]) -> list[str]:
    """What the user typed after /memory, whether the shell split it or not."""
    import shlex

    out: list[str] = []
    for word in words:
        if any(ch.isspace() for ch in word.strip()):
            try:
                out += shlex.split(word)
            except ValueError:
                out += word.split()
        elif word:
            out.append(word)
    return out


def slash_text(db_path: str, words: list[str]) -> str:
    """The answer to `/memory WORDS`, framed and escaped as the injected context is:
    ``<memory-results request="WORDS">`` ... ``</memory-results>``. Stored text is shown
    inert and XML-escaped, so a stored ``</function_results>`` or ``<system>`` is only text."""
    if words[:1] == ["--stdin"]:  # the /memory file passes what the user typed on stdin
        words = [sys.stdin.read(MAX_SLASH_CHARS).strip()] + words[1:]
    words = _slash_words(words)
    from store.display import framed

    return framed(FRAME_TAG, _answer(db_path, words), request=" ".join(words))


def _answer(db_path: str, words: list[str]) -> str:
    if words[:1] and words[0].lower() in ("show", "--show"):
        return _show_text(db_path, words[1:])
    from tui.commands.ledger import SLASH_WORDS
    from tui.commands.ledger import slash_text as ledger_text

    if words[:1] and words[0].lower() in SLASH_WORDS:
        return ledger_text(db_path, words)
    mode, limit, here, query = "search", None, False, []
    i = 0
    while i < len(words):
        word = words[i]
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if word in ("--recent", "-r"):
            mode = "recent"
        elif word in ("--summaries", "--sessions"):
            mode = "sessions"
        elif word == "--stats":
            mode = "stats"
        elif word == "--errors":
            mode = "errors"
        elif word in ("--help", "-h"):
            return SLASH_HELP
        elif word == "--here":
            here = True
        elif word in ("--limit", "-n"):
            if not nxt.isdigit():
                raise UsageError("--limit needs a number.")
            limit, i = int(nxt), i + 1
        else:
            if word.isdigit() and mode != "search" and limit is None and not query:
                limit = int(word)
            else:
                query.append(word)
        i += 1
    if mode == "search" and not query:
        mode = "recent"
    limit = max(1, min(limit or (5 if mode == "sessions" else 10), 50))
    conn = open_db(db_path)
    try:
        project = None
        if here:
            from store.project import resolve_project

            project = resolve_project(os.getcwd())[0] or None
        if mode == "stats":
            from store.reading import stats

            return brief_stats(stats(conn))
        if mode == "sessions":
            from store.reading import list_sessions

            return brief_sessions(list_sessions(conn, project=project, limit=limit))
        if mode == "errors":
            from store.reading import error_groups

            return brief_errors(error_groups(conn, project=project, status=("regressed", "open"), limit=limit))
        from store.search import search

        text = " ".join(query)
        rows = [r for r in search(conn, text, project=project, limit=limit + 10) if not _is_slash_prompt(r)]
        return brief_memories(rows[:limit], text)
    finally:
        conn.close()


def _is_slash_prompt(row: dict) -> bool:
    """Earlier `/memory ...` prompts (stored by the prompt hook) are not worth showing back."""
    return row.get("type") == "prompt" and (row.get("content") or "").lstrip().startswith("/memory")


def _show_text(db_path: str, words: list[str]) -> str:
    """`/memory show 1234` (or `#1234`): one memory in full, and the rest of its task
    (the other memories of the same prompt) one line each, with their ids."""
    wanted = words[0].lstrip("#") if len(words) == 1 else ""
    if not wanted.isdigit():
        raise UsageError("show needs one memory id, e.g. /memory show 1234.")
    from store.display import inert, inert_line
    from store.reading import get_memory

    conn = open_db(db_path)
    try:
        memory = get_memory(conn, int(wanted))
        if memory is None:
            return f"No memory #{wanted} (it may have been forgotten)."
        where = " ".join(x for x in (memory.get("project_name"), memory.get("file_path")) if x)
        when = local_time(memory.get("created_at"), style="minute")
        head = f"#{memory['id']} {when} [{memory.get('type')}] {where}".rstrip()
        content = memory.get("content") or ""
        if len(content) > SHOW_CONTENT_CHARS:
            content = content[:SHOW_CONTENT_CHARS] + f"\n… ({len(content) - SHOW_CONTENT_CHARS} more characters)"
        lines = [inert_line(head), inert(content)]
        task = _task_of(conn, memory)
        if task:
            lines.append(f"The same task ({plural(len(task), 'other memory')}):")
            for other in task[:SHOW_TASK_LINES]:
                one = " ".join((other.get("content") or "").split())[:160]
                lines.append(inert_line(f"#{other['id']} [{other.get('type')}] {one}"))
        return "\n".join(lines)
    finally:
        conn.close()


def _task_of(conn, memory: dict) -> list[dict]:
    from store.search import task_memories

    rows = task_memories(conn, memory["session_id"], memory.get("prompt_id"), limit=SHOW_TASK_LINES + 1)
    return [r for r in rows if r["id"] != memory["id"]]
