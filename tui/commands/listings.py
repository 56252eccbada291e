"""`memlane search`, `recent`, `sessions`, `stats` and `errors`: read-only listings, printed
as a table (default), as compact text for Claude (`--format brief`) or as JSON."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from contextlib import closing
from functools import partial

from store.claude_memory import CLAUDE_MEMORY, memory_file_rows
from tui.commands.brief import brief_errors, brief_memories, brief_sessions, brief_stats, plain
from tui.commands.common import EXIT_OK, UsageError, open_db, print_json, warn
from tui.commands.filters import checked_types, one_project, one_session, project_keys
from tui.commands.tables import print_errors, print_memories, print_sessions, print_stats

MEMORY_KEYS = (
    "id", "session_id", "project", "project_name", "tool_name", "type", "file_path", "content",
    "tags", "importance", "created_at", "source",
)  # fmt: skip
SESSION_KEYS = (
    "session_id", "project", "project_name", "cwd", "started_at", "ended_at", "end_reason",
    "duration_s", "last_activity_at", "summary", "memory_count", "error_count", "tools_used",
    "files_changed", "source", "forked_from",
)  # fmt: skip
ERROR_KEYS = (
    "id", "signature", "status", "count", "first_seen", "last_seen", "tool_name", "sample", "note",
    "projects",
)  # fmt: skip


def cmd_search(args) -> int:
    return _memories(args, " ".join(args.query))


def cmd_recent(args) -> int:
    return _memories(args, "")


def cmd_sessions(args) -> int:
    from store.reading import list_sessions

    since, until = _time_range(args)
    with closing(open_db(args.db)) as conn:
        rows = list_sessions(conn, project=one_project(conn, args.project), limit=args.limit,
                             since=since, until=until)  # fmt: skip
    return _show(args.format, rows, to_json=_picker(SESSION_KEYS), brief=brief_sessions, table=print_sessions)


def cmd_stats(args) -> int:
    from store.reading import stats

    with closing(open_db(args.db)) as conn:
        data = stats(conn)
    return _show(args.format, data, to_json=lambda value: value, brief=brief_stats, table=print_stats)


def cmd_errors(args) -> int:
    from store.reading import error_groups

    with closing(open_db(args.db)) as conn:
        rows = error_groups(
            conn, status=None if args.status == "all" else args.status,
            project=one_project(conn, args.project), sort=args.sort, limit=args.limit,
        )  # fmt: skip
    return _show(args.format, rows, to_json=_picker(ERROR_KEYS), brief=brief_errors, table=print_errors)


def _memories(args, query: str) -> int:
    from store.search import Query, search

    since, until = _time_range(args)
    if getattr(args, "team", False):
        if since or until:
            raise UsageError("--since and --until do not work with --team yet; leave one out.")
        return _team_memories(args, query)
    wanted = list(args.type or [])
    files_too = bool(query) and not args.session and not since and not until and (not wanted or CLAUDE_MEMORY in wanted)
    memory_types = [t for t in wanted if t != CLAUDE_MEMORY]
    with closing(open_db(args.db)) as conn:
        projects = project_keys(conn, args.project)
        rows = [] if wanted and not memory_types else search(conn, Query.of(
            query, project=projects, type=checked_types(conn, memory_types),
            session=one_session(conn, args.session), since=since, until=until,
        ), limit=args.limit)  # fmt: skip
        if files_too:
            rows = rows + memory_file_rows(conn, query, projects, args.limit)
    return _show_memories(args.format, rows, query, _memory_json)


def _time_range(args) -> tuple[str | None, str | None]:
    """--since and --until (stored stamps, parsed by the parser), refused when they cross."""
    since, until = getattr(args, "since", None), getattr(args, "until", None)
    if since and until and since >= until:
        raise UsageError("--since is not before --until, so nothing could match; check the two times.")
    return since, until


def _team_memories(args, query: str) -> int:
    from team.cache import cache_path, open_cache
    from team.search import search_team
    from team.settings import team_settings

    with closing(open_db(args.db)) as conn:
        # Read-write: a cache made by an older memlane is upgraded here rather than refused.
        team_db = open_cache() if os.path.exists(cache_path()) else None
        try:
            rows, note = search_team(conn, team_db, team_settings(), query, limit=args.limit,
                                     type=checked_types(conn, args.type))  # fmt: skip
        finally:
            if team_db is not None:
                team_db.close()
    warn(note)
    return _show_memories(args.format, rows, query, lambda r: {**_memory_json(r), "author": r.get("author") or None})


def _show_memories(fmt: str, rows: list[dict], query: str, one_json: Callable[[dict], dict]) -> int:
    return _show(fmt, rows, to_json=lambda rows: [one_json(r) for r in rows],
                 brief=partial(brief_memories, query=query), table=partial(print_memories, query=query))  # fmt: skip


def _show(fmt: str, value, *, to_json: Callable, brief: Callable[..., str], table: Callable[..., None]) -> int:
    """`value` printed in the format asked for."""
    if fmt == "json":
        print_json(to_json(value))
    elif fmt == "brief":
        sys.stdout.write(brief(value) + "\n")
    else:
        table(value)
    return EXIT_OK


def _picker(keys: tuple[str, ...]) -> Callable[[list[dict]], list[dict]]:
    return lambda rows: [{k: r.get(k) for k in keys} for r in rows]


def _memory_json(row: dict) -> dict:
    """A memory as `--json` gives it: its stored fields, and a search hit's score and snippet."""
    out = {k: row.get(k) for k in MEMORY_KEYS}
    if row.get("type") == CLAUDE_MEMORY:  # a line of Claude Code's memory file, read now
        out.update(line=row["line"], kind=row["kind"])
    if "score" in row and row.get("total_terms"):
        out["score"] = row["score"]
        out["matched_terms"] = row["matched_terms"]
        out["total_terms"] = row["total_terms"]
        out["snippet"] = plain(row.get("snippet"))
    return out

