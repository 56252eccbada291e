"""``memlane import [PATH ...]``: turn existing Claude Code transcripts into memories.

    memlane import                      # every transcript under ~/.claude/projects
    memlane import ~/old-transcripts    # files and/or folders
    memlane import --since 2026-01-01 --project shop-api --dry-run

The default source respects ``CLAUDE_CONFIG_DIR``. Transcripts are read by
``hooks.transcripts`` (the same capture rules, privacy filter, dedupe and
session summaries as the hooks); this module only adds the command line, a
rich progress bar (files, lines, memories) and the final table.

Exit codes: 0 done (also: nothing to import), 1 a given path is missing or the
database cannot be used, 2 bad arguments.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from hooks.transcripts import (
    TranscriptReader,
    claude_projects_dir,
    files_size,
    find_transcripts,
    import_files,
    persistence_note,
)
from tui.formatting import plural

USAGE_EPILOG = (
    "Without PATH, every transcript under $CLAUDE_CONFIG_DIR/projects (default "
    "~/.claude/projects) is imported. Importing again adds nothing twice."
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="memlane import",
        description="Import Claude Code transcripts (sessions before memlane was installed) "
        "as memories.",
        epilog=USAGE_EPILOG,
    )
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="transcript files (.jsonl) or folders holding them")  # fmt: skip
    parser.add_argument("--dry-run", action="store_true",
                        help="report what would be imported, write nothing")  # fmt: skip
    parser.add_argument("--since", metavar="DATE",
                        help="only events on or after DATE (YYYY-MM-DD, an ISO time, or 7d, 12h)")  # fmt: skip
    parser.add_argument("--project", metavar="P",
                        help="only sessions of project P (a name like shop-api, or a path)")  # fmt: skip
    parser.add_argument("--db", metavar="FILE", help="database file (default: memlane's)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    return parser


# ------------------------------------------------------------------ arguments
def parse_since(text: str, now: float | None = None) -> tuple[str, float]:
    """``(iso, epoch)`` for --since (store.times.parse_time: a date, an ISO time, today /
    yesterday, or ``7d`` / ``12h`` / ``2w`` ago)."""
    from datetime import UTC, datetime

    from store.times import BadTime, parse_time

    moment = datetime.fromtimestamp(time.time() if now is None else now, UTC)
    try:
        iso = parse_time(text, moment) or "0001-01-01T00:00:00.000000Z"
    except BadTime as exc:
        raise ValueError(f"--since {exc}") from None
    return iso, datetime.fromisoformat(iso[:-1]).replace(tzinfo=UTC).timestamp()


class ProjectMatcher:
    """``keep_cwd(cwd) -> bool`` for --project: the project's name, its folder or a
    folder under it (Windows paths compared without case). A class, not a closure:
    the reader may run in a worker process, which gets it pickled."""

    def __init__(self, project: str):
        wanted = project.strip()
        self.wanted = wanted
        looks_like_path = any(c in wanted for c in "/\\") or wanted.startswith("~")
        self.folder = os.path.abspath(os.path.expanduser(wanted)) if looks_like_path else None

    @staticmethod
    def _norm(path: str) -> str:
        p = path.replace("\\", "/").rstrip("/")
        return p.lower() if (len(p) > 1 and p[1] == ":") else p

    def __call__(self, cwd: str) -> bool:
        from store.project import resolve_project

        key, name = resolve_project(cwd)
        if self.folder is None:
            return name == self.wanted or name.lower() == self.wanted.lower()
        target = self._norm(self.folder)
        for candidate in (self._norm(cwd), self._norm(key)):
            if candidate == target or candidate.startswith(target + "/"):
                return True
        return False


def project_matcher(project: str) -> ProjectMatcher:
    return ProjectMatcher(project)


# ---------------------------------------------------------------------- run
def run(args, console) -> int:
    from store.config import load_config

    db_path = _database_path(args, console)
    if db_path is None:
        return 1
    since_iso = since_epoch = None
    if args.since:
        try:
            since_iso, since_epoch = parse_since(args.since)
        except ValueError as exc:
            _say(console, f"memlane import: {exc}")
            return 2
    files, missing, done = _transcripts(args, since_epoch, console)
    if done is not None:
        return done

    config, warnings = load_config()
    for warning in warnings:
        _say(console, warning)
    keep = project_matcher(args.project) if args.project else None
    # (a dry run changes nothing: not the store's memory of secrets either)
    reader = TranscriptReader(config, since=since_iso, keep_cwd=keep, db_path=None if args.dry_run else db_path)
    if _import_into(db_path, files, reader, config, args, console):
        return 1
    return 1 if missing else 0


def _say(console, text: str) -> None:
    console.print(text, markup=False, highlight=False)


def _database_path(args, console) -> str | None:
    """The database to import into; None (said why) for a named one that does not exist: a
    mistyped path never takes the import."""
    from store.paths import default_db_path, memlane_home

    db_path = os.path.abspath(os.path.expanduser(args.db or default_db_path()))
    default = os.path.abspath(os.path.join(memlane_home(), "memory.db"))  # the one import may make
    if (args.db or os.environ.get("MEMLANE_DB")) and db_path != default and not os.path.exists(db_path):
        from tui.commands.common import missing_db_message

        _say(console, f"memlane import: {missing_db_message(db_path)}")
        return None
    return db_path


def _transcripts(args, since_epoch, console) -> tuple[list, list, int | None]:
    """(files, the sources that are missing, the exit code when there is nothing to import)."""
    default_source = not args.paths
    sources = args.paths or [claude_projects_dir()]
    files, missing = find_transcripts(sources, since_epoch=since_epoch)
    for path in missing:
        if os.path.lexists(path):  # a FIFO, a device, a link to one: refused, not read
            _say(console, f"memlane import: {path} is not a regular file; skipped.")
            continue
        if default_source:
            _say(console, persistence_note() or f"No Claude Code transcripts at {path}: nothing to import.")
            return files, missing, 0
        _say(console, f"memlane import: {path} does not exist; skipped.")
    if not files:
        if not missing:
            where = ", ".join(sources)
            note = persistence_note() if default_source else None
            _say(console, note or f"No transcripts (.jsonl) found in {where}: nothing to import.")
        return files, missing, 1 if missing else 0
    return files, missing, None


def _import_into(db_path, files, reader, config, args, console) -> bool:
    """Import and print the report; True when the database failed (said why)."""
    from store.database import StoreError, connect

    temp_dir = None
    if args.dry_run and not os.path.exists(db_path):
        import tempfile

        temp_dir = tempfile.TemporaryDirectory(prefix="memlane-dry-run-")
        db_path = os.path.join(temp_dir.name, "memory.db")
    try:
        conn = connect(db_path, busy_timeout_ms=30000)
    except StoreError as exc:
        _say(console, f"memlane import: {exc}")
        return True
    started = time.perf_counter()
    try:
        report = _import_with_progress(conn, files, reader, config, args, console)
    except (StoreError, RuntimeError) as exc:  # RuntimeError: the reader process failed
        _say(console, f"memlane import: {exc} What was already imported is kept.")
        return True
    finally:
        conn.close()
        if temp_dir is not None:
            temp_dir.cleanup()
    elapsed = time.perf_counter() - started
    console.print(summary_table(report, reader.stats, elapsed, dry_run=args.dry_run))
    malformed = reader.stats["malformed"]
    if malformed:
        reasons = ", ".join(f"{n} {why}" for why, n in sorted(reader.stats["malformed_by"].items()))
        _say(console, f"{plural(malformed, 'malformed line')} skipped "
                      f"({reasons}); the rest of those files was imported.")  # fmt: skip
    if args.dry_run:
        _say(console, "Dry run: nothing was written.")
    return False


def _import_with_progress(conn, files, reader, config, args, console) -> dict:
    show = not args.no_progress and console.is_terminal
    if not show:
        return import_files(conn, files, reader, config, dry_run=args.dry_run)
    from rich.progress import (
        BarColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
    )  # fmt: skip

    total_bytes = files_size(files)
    stats = reader.stats
    with Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), TaskProgressColumn(),
        TextColumn("{task.fields[files]}/{task.fields[total_files]} files"),
        TextColumn("{task.fields[lines]:,} lines"),
        TextColumn("{task.fields[memories]:,} memories"),
        TimeElapsedColumn(), console=console, transient=True,
    ) as progress:  # fmt: skip
        task = progress.add_task("Importing" if not args.dry_run else "Dry run",
                                 total=max(1, total_bytes), files=0, total_files=len(files),
                                 lines=0, memories=0)  # fmt: skip
        last = [0.0]

        def update(report):
            now = time.monotonic()
            if now - last[0] < 0.1:
                return
            last[0] = now
            progress.update(task, completed=stats["bytes"], files=stats["files"],
                            lines=stats["lines"], memories=report["memories"])  # fmt: skip

        report = import_files(conn, files, reader, config, dry_run=args.dry_run, progress=update)
        progress.update(task, completed=max(1, total_bytes), files=stats["files"],
                        lines=stats["lines"], memories=report["memories"])  # fmt: skip
    return report


def summary_table(report: dict, stats: dict, elapsed: float, *, dry_run: bool = False):
    """The final table: sessions, memories, errors, skipped, malformed (and speed)."""
    from rich.table import Table

    verb = "would be " if dry_run else ""
    table = Table(title="memlane import" + (" (dry run)" if dry_run else ""), show_header=False)
    table.add_column("what", style="bold")
    table.add_column("count", justify="right")
    table.add_column("details", style="dim")
    sessions = report["sessions_new"] + report["sessions_updated"]
    table.add_row("Sessions", f"{sessions:,}",
                  f"{report['sessions_new']:,} new, {report['sessions_updated']:,} "
                  f"already stored {verb}given new memories")  # fmt: skip
    table.add_row("Memories", f"{report['memories']:,}",
                  f"{verb}added; {report['duplicates']:,} already stored")  # fmt: skip
    table.add_row("Errors", f"{report['errors']:,}", "error memories, in their error groups")
    old, days = report.get("older_than_retention"), report.get("retention_days")
    if old:
        table.add_row("Older", f"{old:,}",
                      f"happened more than {days} days ago (retention_days); kept {days} days from "
                      "today, as retention counts from when memlane receives a memory")  # fmt: skip
    table.add_row("Skipped", f"{stats['skipped']:,}", _top_reasons(stats["skipped_by"]))
    if report.get("unpaired"):
        table.add_row("Unpaired", f"{report['unpaired']:,}",
                      "tool calls without their result, or results without their call "
                      "(a session cut short): not imported")  # fmt: skip
    table.add_row("Malformed", f"{stats['malformed']:,}", _top_reasons(stats["malformed_by"]))
    mb = stats["bytes"] / 1e6
    rate = ""
    if elapsed > 0:
        rate = f"{stats['tool_calls'] / elapsed:,.0f} tool calls/s, {mb / elapsed:,.1f} MB/s"
    table.add_row("Read", f"{stats['files']:,} files",
                  f"{stats['lines']:,} lines, {mb:,.1f} MB, {stats['tool_calls']:,} tool calls "
                  f"in {elapsed:,.1f}s ({rate})")  # fmt: skip
    return table


def _top_reasons(by: dict, limit: int = 4) -> str:
    items = sorted(by.items(), key=lambda kv: (-kv[1], kv[0]))
    text = ", ".join(f"{n:,} {why}" for why, n in items[:limit])
    if len(items) > limit:
        text += f", {sum(n for _, n in items[limit:]):,} other"
    return text


def main(argv: list[str] | None = None) -> int:
    """Entry point for ``memlane import ...`` (argv without the ``import`` word)."""
    from rich.console import Console

    try:
        args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as exc:  # --help, or bad arguments (argparse printed why)
        return exc.code if isinstance(exc.code, int) else 2
    console = Console(highlight=False)
    try:
        return run(args, console)
    except KeyboardInterrupt:
        console.print("memlane import: interrupted; what was already imported is kept "
                      "(run it again to finish).", markup=False)  # fmt: skip
        return 130


if __name__ == "__main__":
    sys.exit(main())
