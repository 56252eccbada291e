"""The `memlane` command line: its parser, and which module answers each command.

The work of each command is in its own module under tui/commands (listings, forget,
export, install, doctor, importer, team, slash, demo, open_app, mcp_server); this
module imports none of them before a command is chosen, so `memlane --help` stays light.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from tui.commands.common import EXIT_ERROR, EXIT_USAGE, UsageError, fail, user_error

# command -> (its module under tui.commands, the function there that takes the parsed arguments)
COMMANDS = {
    "search": ("listings", "cmd_search"),
    "recent": ("listings", "cmd_recent"),
    "sessions": ("listings", "cmd_sessions"),
    "stats": ("listings", "cmd_stats"),
    "errors": ("listings", "cmd_errors"),
    "export": ("export", "cmd_export"),
    "forget": ("forget", "cmd_forget"),
    "install": ("install", "cmd_install"),
    "uninstall": ("install", "cmd_uninstall"),
    "doctor": ("doctor", "cmd_doctor"),
    "mcp": ("mcp_server", "cmd_mcp"),
    "slash": ("slash", "cmd_slash"),
    "ledger": ("ledger", "cmd_ledger"),
    "veto": ("ledger", "cmd_veto"),
    "unveto": ("ledger", "cmd_unveto"),
    "pin": ("ledger", "cmd_pin"),
    "unpin": ("ledger", "cmd_unpin"),
    None: ("open_app", "cmd_open_app"),  # `memlane` alone
}
# Commands that parse their own words with their module's `main(argv)`, and when that parser
# is handed memlane's --db: "always", "named" (only one the person gave, by --db or MEMLANE_DB:
# the command then refuses it if it does not exist, and makes the default one itself), or never.
# `slash` keeps its words too (args.words) but is answered above.
OWN_PARSERS = {"import": ("importer", "named"), "team": ("team", "always"), "demo": ("demo", None)}
PASSTHROUGH = ("slash", *OWN_PARSERS)
# Top-level packages of memlane itself: a missing one of these is a bug, not a missing dependency.
OUR_PACKAGES = ("tui", "store", "hooks", "team", "corpus")


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


def _moment(end: bool):
    """A --since / --until type: store.times.parse_time's stamp (the MCP tool's `since` parser)."""

    def parse(text: str) -> str | None:
        from store.times import BadTime, parse_time

        try:
            return parse_time(text, end=end)
        except BadTime as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parse


def _time_options(parser: argparse.ArgumentParser, what: str) -> None:
    when = "2026-11-20, 2026-11-20T14:00, yesterday, or 7d / 12h / 2w ago"
    parser.add_argument("--since", type=_moment(end=False), metavar="WHEN", help=f"{what} since WHEN ({when})")
    parser.add_argument("--until", type=_moment(end=True), metavar="WHEN",
                        help=f"{what} before WHEN (a date: until the end of that day)")  # fmt: skip


def _output_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--json", dest="format", action="store_const", const="json",
                       help="print one JSON value")  # fmt: skip
    group.add_argument("--format", choices=("table", "brief", "json"),
                       help="table (default), brief (compact text for Claude) or json")  # fmt: skip
    parser.set_defaults(format="table")


def _json_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", dest="format", action="store_const", const="json", default="table",
                        help="print one JSON value")  # fmt: skip


def _filter_options(parser: argparse.ArgumentParser, *, types: bool = True) -> None:
    parser.add_argument("--project", "-p", metavar="P",
                        help="a project's name, or a path inside it ('.' = here)")  # fmt: skip
    if types:
        parser.add_argument("--type", "-t", metavar="T", action="append",
                            help="memory type as the app names it (prompt, edit, cmd, error, ...); repeatable")  # fmt: skip
        parser.add_argument("--session", "-s", metavar="S", help="one session (its id, or the start of it)")


def _top_level_parser() -> argparse.ArgumentParser:
    """`memlane [--db PATH]`: what opening the app takes (build_parser adds the commands)."""
    parser = argparse.ArgumentParser(
        prog="memlane",
        description="Long-term memory for Claude Code. With no command, opens the app.",
    )
    parser.add_argument("--db", metavar="PATH",
                        help="the memory database (default: $MEMLANE_DB or ~/.claude/memlane/memory.db)")  # fmt: skip
    parser.set_defaults(command=None)
    return parser


class _VersionAction(argparse.Action):
    """`--version`: the installed version, looked up only when asked (importlib.metadata
    imports the email package: ~40 ms of every start when it was read for the parser)."""

    def __init__(self, option_strings, dest, **kwargs) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="show the version and exit")  # fmt: skip

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        sys.stdout.write(f"{parser.prog} {_version()}\n")  # on stdout, as argparse's own
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The parser; `parser.commands` maps each command to its own parser (for its usage line)."""
    parser = _top_level_parser()
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(
        dest="command", metavar="COMMAND",
        title="commands (memlane COMMAND --help for details)",
    )  # fmt: skip

    _reading_commands(sub)
    _export_and_forget_commands(sub)
    _recall_commands(sub)
    _setup_commands(sub)

    # `/memory` inside Claude Code runs `memlane slash ...`: not meant to be typed, so it has
    # no parser here (it would show in usage errors); main() hands its words on untouched.
    parser.commands = dict(sub.choices)
    return parser


def _reading_commands(sub) -> None:
    """search, recent, sessions, stats, errors: what the store holds, read."""
    from store.search import MAX_LIMIT

    p = sub.add_parser("search", help="find memories")
    p.add_argument("query", nargs="+", metavar="QUERY", help="words to look for")
    _filter_options(p)
    _time_options(p, "memories")
    p.add_argument("--team", action="store_true", help="teammates' memories too (see `memlane team`)")
    p.add_argument("--limit", "-n", type=_limit_up_to(MAX_LIMIT), default=20, metavar="N",
                   help=f"how many (at most {MAX_LIMIT})")  # fmt: skip
    _output_options(p)

    p = sub.add_parser("recent", help="the newest memories")
    _filter_options(p)
    _time_options(p, "memories")
    p.add_argument("--limit", "-n", type=_limit_up_to(MAX_LIMIT), default=20, metavar="N",
                   help=f"how many (at most {MAX_LIMIT})")  # fmt: skip
    _output_options(p)

    p = sub.add_parser("sessions", help="sessions with their summaries, newest first")
    _filter_options(p, types=False)
    _time_options(p, "sessions active")
    p.add_argument("--limit", "-n", type=_positive_int, default=20, metavar="N")
    _output_options(p)

    p = sub.add_parser("stats", help="counts and sizes")
    _output_options(p)

    p = sub.add_parser("errors", help="recurring errors, grouped")
    _filter_options(p, types=False)
    p.add_argument("--status", choices=("open", "regressed", "resolved", "ignored", "all"), default="all")
    p.add_argument("--sort", choices=("recent", "count"), default="recent")
    p.add_argument("--limit", "-n", type=_positive_int, default=50, metavar="N")
    _output_options(p)


def _export_and_forget_commands(sub) -> None:
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
    p.add_argument("--force", action="store_true", help="replace FILE if it exists (a regular file only)")

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


def _recall_commands(sub) -> None:
    """ledger, veto, unveto, pin, unpin: what recall told Claude, and steering it."""
    from store.search import MAX_LIMIT

    p = sub.add_parser("ledger", help="what recall told Claude at each prompt, and why (newest first)")
    p.add_argument("--project", "-p", metavar="P", help="a project's name, or a path inside it ('.' = here)")
    p.add_argument("--session", "-s", metavar="S", help="one session (its id, or the start of it)")
    p.add_argument("--sent", action="store_true", help="only the decisions that sent something")
    p.add_argument("--limit", "-n", type=_limit_up_to(MAX_LIMIT), default=30, metavar="N",
                   help=f"how many (at most {MAX_LIMIT})")  # fmt: skip
    _json_option(p)
    for name, does in (("veto", "keep memories, a file or an error group out of recall for good (no argument: list)"),
                       ("unveto", "lift a veto")):  # fmt: skip
        p = sub.add_parser(name, help=does)
        p.add_argument("ids", nargs="*", type=_positive_int, metavar="ID", help="memory ids")
        p.add_argument("--file", metavar="PATH", help="every memory of this file (its path, or the end of it)")
        p.add_argument("--error-group", type=_positive_int, metavar="N", help="every memory of this error group")
        _json_option(p)
    for name, does in (("pin", "offer memories at every session start of their project (no argument: list)"),
                       ("unpin", "take a pin back")):  # fmt: skip
        p = sub.add_parser(name, help=does)
        p.add_argument("ids", nargs="*" if name == "pin" else "+", type=_positive_int, metavar="ID", help="memory ids")
        _json_option(p)


def _setup_commands(sub) -> None:
    """install, uninstall, doctor, mcp; and import, demo, team, which parse their own options."""
    p = sub.add_parser("install", help="add memlane's hooks and /memory to Claude Code")
    p.add_argument("--dry-run", action="store_true", help="show the change, write nothing")
    p = sub.add_parser("uninstall", help="remove exactly what install added")
    p.add_argument("--dry-run", action="store_true", help="show the change, write nothing")
    p = sub.add_parser("doctor", help="check the install, the database and recent hook errors")
    p.add_argument("--redact-secrets", action="store_true",
                   help="redact what the secrets audit finds in stored memories")  # fmt: skip
    p.add_argument("--repair", action="store_true",
                   help="copy a damaged database's readable memories into a sound file (keeps the damaged one)")  # fmt: skip
    sub.add_parser("mcp", help="serve memlane's memory to Claude Code as MCP tools (stdio; started by Claude Code)")

    # import, demo and team parse their own options (OWN_PARSERS): see main()
    sub.add_parser("import", help="import past Claude Code transcripts (memlane import --help)")
    sub.add_parser("demo", help="open the app on a generated demo database (memlane demo --help)")
    sub.add_parser("team", help="share memories through PostgreSQL (memlane team --help)")


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("memlane")
    except Exception:
        return "(not installed)"


# -- entry point --------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    args = parse_command_line(list(sys.argv[1:] if argv is None else argv))
    if isinstance(args, int):
        return args
    try:
        return _dispatch(args)
    except UsageError as exc:
        return fail(str(exc), EXIT_USAGE)
    except Exception as exc:
        message = user_error(exc, args.db)
        if message is None:
            raise
        return fail(message)
    except KeyboardInterrupt:
        return 130


def parse_command_line(argv: list[str]) -> argparse.Namespace | int:
    """The command, its options and the database, as `main` runs them; or the exit status
    when there is nothing to run (--help, --version, a usage error, said on stderr)."""
    # `memlane` alone (or with --db) opens the app: building every command's parser was
    # ~35 ms of its start, before the app's first import.
    parser = build_parser() if _names_more_than_db(argv) else _top_level_parser()
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
    return args


def _parse(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    """parse_args, except that words a command does not know get that command's usage line."""
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        owner = parser.commands.get(args.command, parser)
        owner.error(f"unrecognized arguments: {' '.join(unknown)}")
    return args


def _names_more_than_db(argv: list[str]) -> bool:
    """Anything but `--db PATH` (a command, --help, --version, a typo) needs the commands."""
    return _past_global_options(argv) != len(argv)


def _passthrough_at(argv: list[str]) -> int | None:
    """The index of a PASSTHROUGH command word (after global options), else None."""
    i = _past_global_options(argv)
    return i if i < len(argv) and argv[i] in PASSTHROUGH else None


def _past_global_options(argv: list[str]) -> int:
    """The index of the first word after the `--db PATH` / `--db=PATH` options (past the
    end when the last `--db` lacks its PATH)."""
    i = 0
    while i < len(argv):
        if argv[i] == "--db":
            i += 2
        elif argv[i].startswith("--db="):
            i += 1
        else:
            break
    return i


def _dispatch(args: argparse.Namespace) -> int:
    """Hand the parsed command to the module that answers it."""
    own_parser = OWN_PARSERS.get(args.command)
    name = own_parser[0] if own_parser else COMMANDS[args.command][0]
    try:
        module = importlib.import_module(f"tui.commands.{name}")
    except ModuleNotFoundError as exc:  # a dependency missing from this install
        package = (exc.name or "").split(".")[0]
        if not package or package in OUR_PACKAGES:
            raise
        return fail(f"`memlane {args.command}` needs the {package} package; reinstall memlane (pip install -e .).")
    if not own_parser:
        return getattr(module, COMMANDS[args.command][1])(args)
    words = list(args.words)
    hand_db = own_parser[1] == "always" or (own_parser[1] == "named" and args.db_named)
    if hand_db and not any(w == "--db" or w.startswith("--db=") for w in words):
        words = ["--db", args.db, *words]
    return _call(module.main, words)


def _call(entry, argv: list[str]) -> int:
    """Another module's `main(argv)`, whose argparse may exit."""
    try:
        return int(entry(argv) or 0)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else EXIT_ERROR)


if __name__ == "__main__":
    sys.exit(main())
