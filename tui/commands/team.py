"""``memlane team ...``: share chosen projects' memories through PostgreSQL.

    memlane team init              # an admin, once per server: create or upgrade the tables
    memlane team sync              # push this machine's shared memories and forgets, pull teammates'
    memlane team status            # what is pending each way, and when the last sync ran
    memlane team forget ID ...     # remove team memories from the server (yours, or any as admin)

Settings: `[team]` in config.toml (url or $MEMLANE_TEAM_URL, projects, author).
Exit codes: 0 done, 1 the server or a database cannot be used, 2 bad arguments.
"""

from __future__ import annotations

import argparse
import sys
import time

from store.database import StoreError, connect
from team import cache, server
from team.settings import team_settings
from tui.formatting import local_time, plural


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="memlane team", description="Team memory through PostgreSQL.")
    parser.add_argument("--db", help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    p = sub.add_parser("sync", help="push shared memories and forgets, pull teammates' (incremental)")
    p.add_argument("--quiet", action="store_true", help="no progress and no table (background runs)")
    sub.add_parser("status", help="what is pending each way and when the last sync ran")
    p = sub.add_parser("forget", help="remove team memories (ids from `memlane search --team`) from the server")
    p.add_argument("ids", nargs="+", type=int, metavar="ID")
    sub.add_parser("init", help="create or upgrade the server's tables (a role that may create them)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    settings = team_settings()
    if args.action == "sync" and args.quiet:  # a background run: its failures go to the log
        from team.background import sync_quietly

        return sync_quietly(args.db)
    handler = {"sync": cmd_sync, "status": cmd_status, "forget": cmd_forget, "init": cmd_init}[args.action]
    import psycopg

    try:
        return handler(args, settings)
    except (server.TeamError, StoreError) as exc:
        return _fail(str(exc))
    except psycopg.Error as exc:
        return _fail(server.describe(exc, settings["url"]))


def _fail(message: str) -> int:
    print(f"memlane: {message[:1].upper() + message[1:]}", file=sys.stderr)
    return 1


def _console():
    from rich.console import Console

    return Console(highlight=False, soft_wrap=False)


def cmd_sync(args, settings: dict) -> int:
    from team.sync import locked_sync

    started = time.monotonic()
    if sys.stderr.isatty():
        report = _sync_with_progress(args.db, settings)
    else:
        report = locked_sync(args.db, settings)
    _console().print(summary_table(report, settings, time.monotonic() - started))
    return 0


def _sync_with_progress(db_path: str, settings: dict) -> dict:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from team.sync import locked_sync

    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=Console(stderr=True), transient=True) as bar:  # fmt: skip
        tasks: dict[str, int] = {}

        def progress(phase: str, done: int, total: int) -> None:
            if phase not in tasks:
                tasks[phase] = bar.add_task("Pushing" if phase == "push" else "Pulling", total=max(total, 1))
            bar.update(tasks[phase], completed=done, total=max(total, done, 1))

        return locked_sync(db_path, settings, progress=progress)


def summary_table(report: dict, settings: dict, elapsed: float):
    from rich.table import Table

    from store.display import inert_line

    table = Table(title=f"memlane team sync ({elapsed:,.1f}s)", show_header=False)
    table.add_column("what", style="bold")
    table.add_column("count", justify="right")
    table.add_column("details", style="dim")
    projects = ", ".join(inert_line(p) for p in report["projects"]) or "none (see [team] projects)"
    table.add_row("Pushed", f"{report['pushed']:,}", f"as {inert_line(settings['author'])}, from {projects}")
    table.add_row("Withdrawn", f"{report['withdrawn']:,}", "forgotten here, removed from the server")
    table.add_row("Pulled", f"{report['pulled']:,}", "teammates' memories, now searchable offline")
    table.add_row("Removed", f"{report['removed']:,}", "forgotten by teammates, gone from this machine")
    return table


def cmd_status(args, settings: dict) -> int:
    from rich.table import Table

    from store.display import inert_line
    from team.sync import status

    local, team_db = connect(args.db), cache.open_cache()
    try:
        s = status(local, team_db, settings)
    finally:
        local.close()
        team_db.close()
    unknown = "? (server not reachable)"
    table = Table(title="memlane team", show_header=False)
    table.add_column("what", style="bold")
    table.add_column("value")
    table.add_row("Server", inert_line(s["url"] or "none") + f" — {inert_line(s['server'])}")
    table.add_row("Author", inert_line(s["author"]))
    table.add_row("Shared projects", ", ".join(inert_line(p) for p in s["projects"]) or "none")
    table.add_row("To push", f"{s['to_push']:,} memories, {s['to_withdraw']:,} forgets")
    table.add_row("To pull", unknown if s["to_pull"] is None else f"{s['to_pull']:,} memories, {s['to_remove']:,} forgets")
    table.add_row("Team cache", f"{s['cached']:,} teammates' memories")
    table.add_row("Last sync", local_time(s["last_sync"]) if s["last_sync"] else "never")
    _console().print(table)
    return 0


def cmd_forget(args, settings: dict) -> int:
    pg = server.connect(settings["url"])
    try:
        removed = server.forget_ids(pg, args.ids)
    finally:
        pg.close()
    team_db = cache.open_cache()
    try:
        cache.forget_copies(team_db, removed)
    finally:
        team_db.close()
    kept = sorted(set(args.ids) - set(removed))
    print(f"Forgot {plural(len(removed), 'team memory')} on the server.")
    if kept:
        print(f"Not removed (someone else's, or already gone): {', '.join(map(str, kept))}.", file=sys.stderr)
        return 1
    return 0


def cmd_init(args, settings: dict) -> int:
    from team.server_migrate import upgrade

    if not settings["url"]:
        raise server.TeamError("set [team] url in config.toml (or MEMLANE_TEAM_URL) to the server to set up.")
    try:
        start, end = upgrade(settings["url"])
    except Exception as exc:  # peewee/psycopg: permissions, a missing extension, no server
        reason = " ".join(str(exc).split())[:300]
        raise server.TeamError(f"setting up {server.where(settings['url'])} failed ({reason}); it was left as it was.") from exc
    print(f"Team server {server.where(settings['url'])}: schema {start} -> {end}." if start != end
          else f"Team server {server.where(settings['url'])} is up to date (schema {end}).")  # fmt: skip
    return 0
