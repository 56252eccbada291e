"""`memlane` with no command: the app on the database, when there is a terminal to draw it on."""

from __future__ import annotations

import os
import sys

from tui.commands.common import EXIT_USAGE, fail, missing_db_message


def terminal_problem() -> str | None:
    """Why a full-screen app cannot run here (stdin or stdout is not a terminal), else None."""
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


def cmd_open_app(args) -> int:
    if problem := terminal_problem():
        return fail(problem, EXIT_USAGE)
    if args.db_named and not os.path.exists(args.db):  # never create one for a mistyped --db
        return fail(missing_db_message(args.db))
    from tui.gui.perf import pause_collector, resume_collector
    from tui.gui.start_files import prefetch

    prefetch()  # after a reboot: the disk reads the app's modules while the first are imported
    pause_collector()  # the app's imports build objects that live on: nothing to collect
    try:
        from tui.gui.app import run_app

        return int(run_app(args.db) or 0)
    finally:
        resume_collector()  # run_app's tuning turned it on already, unless it never started
