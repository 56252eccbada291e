"""The `memlane` command: search, list and forget memories; install the hooks; open the app.

Kept light: textual loads only for the app, rich only when a table is printed.
Errors a user can cause end in one sentence on stderr and a non-zero exit.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys

from tui.commands.brief import _plural, brief_errors, brief_memories, brief_sessions, brief_stats
from tui.commands.tables import _table_errors, _table_memories, _table_sessions, _table_stats

EXIT_OK, EXIT_ERROR, EXIT_USAGE = 0, 1, 2
MEMORY_KEYS = (
    "id", "session_id", "project", "project_name", "tool_name", "type", "file_path", "content",
    "tags", "importance", "created_at", "source",
)  # fmt: skip
SESSION_KEYS = (
    "session_id", "project", "project_name", "cwd", "started_at", "ended_at", "end_reason",
    "duration_s", "last_activity_at", "summary", "memory_count", "error_count", "tools_used",
    "files_changed", "source",
)  # fmt: skip
ERROR_KEYS = (
    "id", "signature", "status", "count", "first_seen", "last_seen", "tool_name", "sample", "note",
    "projects",
)  # fmt: skip


class UsageError(Exception):
    """Bad arguments, said in one sentence (exit 2)."""


# -- arguments ----------------------------------------------------------------------------------


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be 1 or more")
    return value


def _limit_up_to(most: int):
    """A --limit type that says so when asked for more than the listing can give."""

    def parse(text: str) -> int:
        value = _positive_int(text)
        if value > most:
            raise argparse.ArgumentTypeError(f"{value} is more than {most}, the most memlane lists at once")
        return value

    return parse


def _days(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of days") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 or more days")
    return value


def _output_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--json", dest="format", action="store_const", const="json",
                       help="print one JSON value")  # fmt: skip
    group.add_argument("--format", choices=("table", "brief", "json"),
                       help="table (default), brief (compact text for Claude) or json")  # fmt: skip
    parser.set_defaults(format="table")


def _filter_options(parser: argparse.ArgumentParser, *, types: bool = True) -> None:
    parser.add_argument("--project", "-p", metavar="P",
                        help="a project's name, or a path inside it ('.' = here)")  # fmt: skip
    if types:
        parser.add_argument("--type", "-t", metavar="T", action="append",
                            help="memory type (prompt, file_edit, command, error, ...); repeatable")  # fmt: skip
        parser.add_argument("--session", "-s", metavar="S", help="one session id")


def build_parser() -> argparse.ArgumentParser:
    """The parser; `parser.commands` maps each command to its own parser (for its usage line)."""
    from store.search import MAX_LIMIT

    parser = argparse.ArgumentParser(
        prog="memlane",
        description="Long-term memory for Claude Code. With no command, opens the app.",
    )
    parser.add_argument("--db", metavar="PATH",
                        help="the memory database (default: $MEMLANE_DB or ~/.claude/memlane/memory.db)")  # fmt: skip
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(
        dest="command", metavar="COMMAND",
        title="commands (memlane COMMAND --help for details)",
    )  # fmt: skip

    p = sub.add_parser("search", help="find memories")
    p.add_argument("query", nargs="+", metavar="QUERY", help="words to look for")
    _filter_options(p)
    p.add_argument("--team", action="store_true", help="teammates' memories too (see `memlane team`)")
    p.add_argument("--limit", "-n", type=_limit_up_to(MAX_LIMIT), default=20, metavar="N",
                   help=f"how many (at most {MAX_LIMIT})")  # fmt: skip
    _output_options(p)

    p = sub.add_parser("recent", help="the newest memories")
    _filter_options(p)
    p.add_argument("--limit", "-n", type=_limit_up_to(MAX_LIMIT), default=20, metavar="N",
                   help=f"how many (at most {MAX_LIMIT})")  # fmt: skip
    _output_options(p)

    p = sub.add_parser("sessions", help="sessions with their summaries, newest first")
    _filter_options(p, types=False)
    p.add_argument("--limit", "-n", type=_positive_int, default=20, metavar="N")
    _output_options(p)

    p = sub.add_parser("stats", help="counts and sizes")
    _output_options(p)

    p = sub.add_parser("errors", help="recurring errors, grouped")
    _filter_options(p, types=False)
    p.add_argument("--status", choices=("open", "resolved", "ignored", "all"), default="all")
    p.add_argument("--sort", choices=("recent", "count"), default="recent")
    p.add_argument("--limit", "-n", type=_positive_int, default=50, metavar="N")
    _output_options(p)

    p = sub.add_parser(
        "export", help="a session, a search or some memories as Markdown or JSON",
        description="Export memories, through the privacy filter, as Markdown (default) or JSON.",
    )  # fmt: skip
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--session", metavar="S", help="a session (its id, or the start of it)")
    what.add_argument("--query", metavar="Q", help="the memories a search for Q finds (at most 500)")
    what.add_argument("--id", type=_positive_int, action="append", metavar="N", help="a memory id; repeatable")
    p.add_argument("--project", "-p", metavar="P", help="with --query: only this project")
    p.add_argument("--type", "-t", metavar="T", action="append", help="with --query: only this type; repeatable")
    p.add_argument("--format", "-f", choices=("markdown", "md", "json"),
                   help="markdown or json (default: from the output file's name, else markdown)")  # fmt: skip
    p.add_argument("--output", "-o", metavar="FILE", help="write to FILE (owner-only) instead of stdout")

    p = sub.add_parser(
        "forget", help="delete memories for good",
        description="Delete memories and every copy of their text. Criteria combine (AND).",
    )  # fmt: skip
    p.add_argument("--id", type=_positive_int, action="append", metavar="N", help="a memory id; repeatable")
    p.add_argument("--session", metavar="S", help="every memory of a session")
    p.add_argument("--project", metavar="P", help="every memory of a project (name or path)")
    p.add_argument("--query", metavar="Q", help="every memory a search for Q finds")
    p.add_argument("--older-than", type=_days, metavar="DAYS", help="memories created more than DAYS ago")
    p.add_argument("--yes", "-y", action="store_true", help="do not ask for confirmation")
    p.add_argument("--dry-run", action="store_true", help="say how many would go, delete nothing")
    p.add_argument("--log", action="store_true",
                   help="list past forgets and redactions (when, what kind, how many; no content)")

    p = sub.add_parser("install", help="add memlane's hooks and /memory to Claude Code")
    p.add_argument("--dry-run", action="store_true", help="show the change, write nothing")
    p = sub.add_parser("uninstall", help="remove exactly what install added")
    p.add_argument("--dry-run", action="store_true", help="show the change, write nothing")
    sub.add_parser("doctor", help="check the install, the database and recent hook errors")
    sub.add_parser("mcp", help="serve memlane's memory to Claude Code as MCP tools (stdio; started by Claude Code)")

    # import and demo parse their own options (tui/importer.py, tui/demo.py): see main()
    sub.add_parser("import", help="import past Claude Code transcripts (memlane import --help)")
    sub.add_parser("demo", help="open the app on a generated demo database (memlane demo --help)")
    sub.add_parser("team", help="share memories through PostgreSQL (memlane team --help)")

    # `/memory` inside Claude Code runs `memlane slash ...`: not meant to be typed, so it has
    # no parser here (it would show in usage errors); main() hands its words on untouched.
    parser.commands = dict(sub.choices)
    return parser


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("memlane")
    except Exception:
        return "(not installed)"


# -- entry point --------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    cut = _passthrough_at(argv)  # argparse cannot hand `--recent` etc. to a REMAINDER: keep them apart
    try:
        if cut is not None and argv[cut] == "slash":
            args = parser.parse_args(argv[:cut])
            args.command = "slash"
        else:
            args = _parse(parser, argv if cut is None else argv[: cut + 1])
    except SystemExit as exc:  # --help, --version, or argparse's one-line usage error
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    if cut is not None:
        args.words = argv[cut + 1 :]
    args.argv = argv
    from store.paths import default_db_path

    args.db_named = bool(args.db or os.environ.get("MEMLANE_DB"))  # typed, so maybe mistyped
    args.db = os.path.abspath(os.path.expanduser(args.db)) if args.db else default_db_path()
    handler = _HANDLERS.get(args.command, _open_app)
    try:
        return handler(args)
    except UsageError as exc:
        return _fail(str(exc), EXIT_USAGE)
    except sqlite3.Error as exc:
        from store.db import describe_error

        return _fail(describe_error(args.db, exc))
    except Exception as exc:
        message = _user_error(exc)
        if message is None:
            raise
        return _fail(message)
    except KeyboardInterrupt:
        return 130


def _parse(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    """parse_args, except that words a command does not know get that command's usage line."""
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        owner = parser.commands.get(args.command, parser)
        owner.error(f"unrecognized arguments: {' '.join(unknown)}")
    return args


PASSTHROUGH = ("slash", "demo", "import", "team")  # commands that parse their own words


def _passthrough_at(argv: list[str]) -> int | None:
    """The index of a PASSTHROUGH command word (after global options), else None."""
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--db":
            i += 2
        elif word.startswith("--db="):
            i += 1
        else:
            return i if word in PASSTHROUGH else None
    return None


def _user_error(exc: Exception) -> str | None:
    from store.db import StoreError

    if isinstance(exc, StoreError):
        return str(exc)
    install = sys.modules.get("tui.commands.install")
    if install is not None and isinstance(exc, install.InstallError):
        return str(exc)
    if isinstance(exc, BrokenPipeError):
        try:  # the reader went away (`memlane search x | head`): stop quietly
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return ""
    if isinstance(exc, OSError) and exc.filename:  # a file or folder the user can fix
        return f"cannot use {exc.filename}: {exc.strerror or exc}."
    return None


def _fail(message: str, code: int = EXIT_ERROR) -> int:
    if message:
        message = message[0].upper() + message[1:] if message[0].islower() else message
        print(f"memlane: {message}", file=sys.stderr)
    return code


def _open_db(path: str) -> sqlite3.Connection:
    from store.db import StoreError, connect

    if not os.path.exists(path):
        raise StoreError(missing_db_message(path))
    return connect(path, create=False)


def missing_db_message(path: str) -> str:
    """What every read-only command (and the app) says when there is no database at `path`."""
    return (
        f"no memlane database at {path} yet (run `memlane install`, then use Claude Code, "
        "or point --db at one)."
    )


# -- listings -----------------------------------------------------------------------------------


def _project_keys(conn: sqlite3.Connection, value: str | None) -> list[str] | None:
    """What --project names: a path (its project), else a project name or key seen in sessions."""
    if not value:
        return None
    from store.selection import matching_projects

    keys = matching_projects(conn, value)
    if not keys:
        raise UsageError(f"no project matches {value!r} (`memlane sessions` lists them).")
    return keys


# Every type the hooks and the importer write; a database may hold others (kept from older versions).
MEMORY_TYPES = (
    "prompt", "file_edit", "file_write", "file_read", "notebook_edit", "command", "error",
    "observation", "response", "compact_summary", "subagent", "web", "mcp", "search",
)  # fmt: skip


def _checked_types(conn: sqlite3.Connection, types: list[str] | None) -> list[str] | None:
    """--type values, refused in one sentence when one names no type memlane knows."""
    if not types:
        return None
    for mtype in types:
        # No index on type: look only for a name memlane does not write, and stop at one row.
        if mtype not in MEMORY_TYPES and not conn.execute(
            "SELECT 1 FROM memory WHERE type = ? LIMIT 1", (mtype,)
        ).fetchone():
            raise UsageError(f"unknown type {mtype!r}; the types are {', '.join(sorted(MEMORY_TYPES))}.")
    return types


def _one_project(conn: sqlite3.Connection, value: str | None) -> str | None:
    keys = _project_keys(conn, value)
    if not keys:
        return None
    if len(keys) > 1:
        raise UsageError(
            f"{value!r} names {len(keys)} projects ({', '.join(keys)}); give the path of the one you mean."
        )
    return keys[0]


def _plain(text: str | None) -> str:
    from tui.commands.brief import plain

    return plain(text)


def _memory_json(row: dict) -> dict:
    out = {k: row.get(k) for k in MEMORY_KEYS}
    if "score" in row and row.get("total_terms"):
        out["score"] = row["score"]
        out["matched_terms"] = row["matched_terms"]
        out["total_terms"] = row["total_terms"]
        out["snippet"] = _plain(row.get("snippet"))
    return out


def _print_json(value) -> None:
    import json
    import re

    text = json.dumps(value, ensure_ascii=False, indent=2)
    # json escapes C0 controls itself; C1 controls and bidirectional marks only appear inside
    # strings, where a \u escape keeps the JSON the same and the terminal untouched
    text = re.sub(_JSON_UNSAFE, lambda m: f"\\u{ord(m.group()):04x}", text)
    sys.stdout.write(text + "\n")


_JSON_UNSAFE = "[\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"


def cmd_search(args) -> int:
    return _memories(args, " ".join(args.query))


def cmd_recent(args) -> int:
    return _memories(args, "")


def _memories(args, query: str) -> int:
    from store.search import search

    if getattr(args, "team", False):
        return _team_memories(args, query)
    conn = _open_db(args.db)
    try:
        rows = search(
            conn, query, project=_project_keys(conn, args.project), type=_checked_types(conn, args.type),
            session=args.session, limit=args.limit,
        )  # fmt: skip
    finally:
        conn.close()
    if args.format == "json":
        _print_json([_memory_json(r) for r in rows])
    elif args.format == "brief":
        sys.stdout.write(brief_memories(rows, query) + "\n")
    else:
        _table_memories(rows, query)
    return EXIT_OK


def _team_memories(args, query: str) -> int:
    from team.cache import cache_path, open_cache
    from team.search import search_team
    from team.settings import team_settings

    conn = _open_db(args.db)
    # Read-write: a cache made by an older memlane is upgraded here rather than refused.
    team_db = open_cache() if os.path.exists(cache_path()) else None
    try:
        rows, note = search_team(conn, team_db, team_settings(), query, limit=args.limit, type=args.type)
    finally:
        conn.close()
        if team_db is not None:
            team_db.close()
    if note:
        print(f"memlane: {note[:1].upper() + note[1:]}", file=sys.stderr)
    if args.format == "json":
        _print_json([{**_memory_json(r), "author": r.get("author") or None} for r in rows])
    elif args.format == "brief":
        sys.stdout.write(brief_memories(rows, query) + "\n")
    else:
        _table_memories(rows, query)
    return EXIT_OK


def cmd_sessions(args) -> int:
    from store.listings import list_sessions

    conn = _open_db(args.db)
    try:
        rows = list_sessions(conn, project=_one_project(conn, args.project), limit=args.limit)
    finally:
        conn.close()
    if args.format == "json":
        _print_json([{k: r.get(k) for k in SESSION_KEYS} for r in rows])
    elif args.format == "brief":
        sys.stdout.write(brief_sessions(rows) + "\n")
    else:
        _table_sessions(rows)
    return EXIT_OK


def cmd_stats(args) -> int:
    from store.listings import stats

    conn = _open_db(args.db)
    try:
        data = stats(conn)
    finally:
        conn.close()
    if args.format == "json":
        _print_json(data)
    elif args.format == "brief":
        sys.stdout.write(brief_stats(data) + "\n")
    else:
        _table_stats(data)
    return EXIT_OK


def cmd_errors(args) -> int:
    from store.listings import error_groups

    conn = _open_db(args.db)
    try:
        rows = error_groups(
            conn, status=None if args.status == "all" else args.status,
            project=_one_project(conn, args.project), sort=args.sort, limit=args.limit,
        )  # fmt: skip
    finally:
        conn.close()
    if args.format == "json":
        _print_json([{k: r.get(k) for k in ERROR_KEYS} for r in rows])
    elif args.format == "brief":
        sys.stdout.write(brief_errors(rows) + "\n")
    else:
        _table_errors(rows)
    return EXIT_OK


# -- forget -------------------------------------------------------------------------------------


def cmd_forget(args) -> int:
    from datetime import UTC, datetime

    from store.forget import finish_scrub
    from store.selection import Criteria, forget_selected, selected_ids, summarise_ids

    if args.log:
        return _forget_log(args)
    if args.query is not None and not args.query.strip():
        raise UsageError("--query needs some words to search for.")
    criteria = Criteria(
        ids=tuple(args.id or ()), session=args.session or "", project=args.project or "",
        query=args.query or "", older_days=args.older_than,
    )  # fmt: skip
    if criteria.is_empty:
        raise UsageError(
            "say what to forget: --id N, --session S, --project P, --query Q or --older-than DAYS."
        )
    conn = _open_db(args.db)
    try:
        finish_scrub(conn)
        now = datetime.now(UTC)
        ids, problem = selected_ids(conn, criteria, now)
        if problem:
            raise UsageError(problem)
        if not ids:
            print("No memories match; nothing was forgotten.")
            return EXIT_OK
        sessions = summarise_ids(conn, ids)["sessions"]
        what = f"{_plural(len(ids), 'memory', 'memories')} from {_plural(len(sessions), 'session')}"
        if args.dry_run:
            print(f"Would forget {what}; nothing was deleted (--dry-run).")
            return EXIT_OK
        if not args.yes:
            if not _stdin_is_tty():
                raise UsageError(
                    f"this would forget {what}; confirm with --yes (stdin is not a terminal, so memlane cannot ask)."
                )
            answer = _ask(f"Forget {what}? They are deleted for good. [y/N] ")
            if answer.strip().lower() not in ("y", "yes"):
                print("Cancelled; nothing was forgotten.")
                return EXIT_OK
        done = forget_selected(conn, criteria, now)
    finally:
        conn.close()
    print(f"Forgot {_plural(done.count, 'memory', 'memories')}.")
    if done.pending:
        print("Note: " + done.pending)
    return EXIT_OK


def _forget_log(args) -> int:
    from store.display import inert_line
    from store.forget import finish_scrub, forget_log

    conn = _open_db(args.db)
    try:
        finish_scrub(conn)
        rows = forget_log(conn)
    finally:
        conn.close()
    if not rows:
        print("Nothing has been forgotten or redacted yet.")
        return EXIT_OK
    for row in rows:
        scrub = "" if row["scrub"] == "done" else "  (scrub pending: another process is reading)"
        print(f"{row['at'][:19].replace('T', ' ')} UTC  {_plural(row['count'], 'memory', 'memories'):>14}  "
              f"{inert_line(row['criteria'])}{scrub}")  # fmt: skip
    return EXIT_OK


def cmd_export(args) -> int:
    from store.export import (
        ExportError,
        ExportRequest,
        export_memories,
        format_for_path,
        write_export,
    )
    from store.selection import Criteria, resolve_criteria

    fmt = {"md": "markdown"}.get(args.format, args.format) or format_for_path(args.output or "")
    conn = _open_db(args.db)
    try:
        if args.session:
            from datetime import UTC, datetime

            kwargs, problem = resolve_criteria(conn, Criteria(session=args.session), datetime.now(UTC))
            if problem or not kwargs:
                raise UsageError(problem)
            request = ExportRequest(session=kwargs["session"])
        elif args.query is not None:
            filters = {"project": _project_keys(conn, args.project), "type": args.type}
            request = ExportRequest(query=args.query, filters={k: v for k, v in filters.items() if v})
        else:
            request = ExportRequest(ids=tuple(args.id))
        try:
            result = export_memories(conn, request, fmt)
        except ExportError as exc:
            raise UsageError(str(exc)) from exc
    finally:
        conn.close()
    if args.output:
        try:
            path = write_export(args.output, result.text)
        except ExportError as exc:
            raise UsageError(str(exc)) from exc
        except OSError as exc:
            return _fail(f"cannot write {args.output}: {exc.strerror or exc}.")
        left = f" ({result.left_out} of excluded projects left out)" if result.left_out else ""
        noun = "memory" if result.count == 1 else "memories"
        print(f"Exported {result.count:,} {noun} to {path}{left}.", file=sys.stderr)
    else:
        sys.stdout.write(result.text)
    return EXIT_OK


def _stdin_is_tty() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (ValueError, OSError):
        return False


def _ask(prompt: str) -> str:
    try:
        return input(prompt)
    except EOFError:
        return ""


# -- install, doctor, import, demo, app ---------------------------------------------------------


def cmd_install(args) -> int:
    from tui.commands import install

    return install.install(dry_run=args.dry_run)


def cmd_uninstall(args) -> int:
    from tui.commands import install

    return install.uninstall(dry_run=args.dry_run)


def cmd_doctor(args) -> int:

    from tui.commands import doctor

    return doctor.doctor(args.db)


def cmd_mcp(args) -> int:
    try:
        from tui.commands import mcp_server
    except ModuleNotFoundError as exc:
        if exc.name not in ("mcp", "pydantic") and not (exc.name or "").startswith("mcp."):
            raise
        return _fail(f"`memlane mcp` needs the {exc.name} package; reinstall memlane (pip install -e .).")
    return mcp_server.run(args.db)


def cmd_import(args) -> int:
    try:
        from tui.commands import importer
    except ModuleNotFoundError as exc:
        if exc.name != "tui.commands.importer":
            raise
        return _fail("`memlane import` is not available in this build yet.")
    words = list(args.words)
    if not any(w == "--db" or w.startswith("--db=") for w in words):
        words = ["--db", args.db, *words]
    return _call(importer.main, words)


def cmd_demo(args) -> int:
    try:
        from tui.commands import demo
    except ModuleNotFoundError as exc:
        if exc.name != "tui.commands.demo":
            raise
        return _fail("`memlane demo` is not available in this build yet.")
    return _call(demo.main, args.words)


def cmd_team(args) -> int:
    from tui.commands import team

    words = list(args.words)
    if not any(w == "--db" or w.startswith("--db=") for w in words):
        words = ["--db", args.db, *words]
    return _call(team.main, words)


def _call(entry, argv: list[str]) -> int:
    """Another module's `main(argv)`, whose argparse may exit."""
    try:
        return int(entry(argv) or 0)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else EXIT_ERROR)


def terminal_problem() -> str | None:
    """Why the full-screen app cannot run here (stdin or stdout is not a terminal), else None."""
    for name, stream in (("input", sys.stdin), ("output", sys.stdout)):
        try:
            is_tty = stream is not None and stream.isatty()
        except (ValueError, OSError):
            is_tty = False
        if not is_tty:
            return (
                f"the app needs a terminal, and its {name} is not one; "
                "the commands in `memlane --help` print plain text."
            )
    return None


def _open_app(args) -> int:
    if problem := terminal_problem():
        return _fail(problem, EXIT_USAGE)
    if args.db_named and not os.path.exists(args.db):  # never create one for a mistyped --db
        return _fail(missing_db_message(args.db))
    try:
        from tui.gui.app import run_app
    except ModuleNotFoundError as exc:
        if exc.name not in ("tui.gui.app", "textual"):
            raise
        return _fail("the memlane app is not available in this build; try `memlane --help`.")
    return int(run_app(args.db) or 0)


def cmd_slash(args) -> int:
    from tui.commands.slash import cmd_slash as answer

    return answer(args)


_HANDLERS = {
    "search": cmd_search, "recent": cmd_recent, "sessions": cmd_sessions, "stats": cmd_stats,
    "errors": cmd_errors, "forget": cmd_forget, "install": cmd_install, "uninstall": cmd_uninstall,
    "doctor": cmd_doctor, "mcp": cmd_mcp, "import": cmd_import, "demo": cmd_demo, "slash": cmd_slash,
    "team": cmd_team,
    "export": cmd_export,
}  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
