"""`memlane forget`: delete the memories the criteria pick (asking first), or list past forgets."""

from __future__ import annotations

import sys
from contextlib import closing

from tui.commands.common import EXIT_OK, UsageError, open_db
from tui.formatting import plural


def cmd_forget(args) -> int:
    from datetime import UTC, datetime

    from store.forgetting import (
        Criteria,
        finish_scrub,
        forget_selected,
        selected_ids,
        summarise_ids,
    )

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
    with closing(open_db(args.db)) as conn:
        finish_scrub(conn)
        now = datetime.now(UTC)
        ids, problem = selected_ids(conn, criteria, now)
        if problem:
            raise UsageError(problem)
        if not ids:
            print("No memories match; nothing was forgotten.")
            return EXIT_OK
        sessions = summarise_ids(conn, ids)["sessions"]
        what = f"{plural(len(ids), 'memory')} from {plural(len(sessions), 'session')}"
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
    print(f"Forgot {plural(done.count, 'memory')}.")
    if done.pending:
        print("Note: " + done.pending)
    return EXIT_OK


def _forget_log(args) -> int:
    from store.display import inert_line
    from store.forgetting import finish_scrub, forget_log

    with closing(open_db(args.db)) as conn:
        finish_scrub(conn)
        rows = forget_log(conn)
    if not rows:
        print("Nothing has been forgotten or redacted yet.")
        return EXIT_OK
    for row in rows:
        scrub = "" if row["scrub"] == "done" else "  (scrub pending: another process is reading)"
        print(f"{row['at'][:19].replace('T', ' ')} UTC  {plural(row['count'], 'memory'):>14}  "
              f"{inert_line(row['criteria'])}{scrub}")  # fmt: skip
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
