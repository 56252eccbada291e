"""What a hook starts and never waits for: the old-memory cleanup and the team sync.

Each is a process of its own (a new session, no stdin/stdout/stderr) that the hook starts
and leaves: neither the cleanup's work nor the network is ever on a hook's path.

The old-memory cleanup (retention).  SessionStart calls `maybe_start(conn, db_path)`: one
cheap read (`store.forgetting.retention.retention_due`); when due, it starts
`python -m hooks.background --detach DB_PATH`, which forks once more so the work survives
whatever happens to the hook's process tree, and returns at once: the context output is
not delayed.  The child runs `store.forgetting.retention.run_retention` with the configured
`retention_days` (which itself does nothing if another process already ran it today) and
prunes the hook's small marker files.  It first runs SQLite's quick check of the store (a
damaged store is logged, and left alone), then finishes a schema upgrade's backfill
(`store.search.short_terms.backfill`), which a hook never runs itself.  The day's first run
merges the word index down when it has grown many segments (recall looks each term up once
per segment), in short steps (`store.database.compact_index`).  Then it imports
the transcripts Claude Code's own cleanup (`cleanupPeriodDays`) will delete within a week
that memlane does not hold (`hooks.sweep`).

The team sync.  After SessionEnd's last writes, `start_team_sync(config)` starts
`python -m team sync --quiet` when a team is configured.  The sync logs its own failures to
the log file; a sync already running makes the new one step aside.
"""

from __future__ import annotations

import os
import sys
import time

MARKER_MAX_AGE_S = 2 * 86400


def maybe_start(conn, db_path: str) -> bool:
    """Start retention in a detached child if it has not run today, or if memories stored
    before schema 4 still wait for the short-term backfill; True if started."""
    from store.forgetting import retention_due
    from store.search import pending_below

    if not retention_due(conn) and pending_below(conn) is None:
        return False
    return start_detached(db_path)


def start_detached(db_path: str) -> bool:
    import subprocess

    kwargs = {}
    if os.name == "nt":  # pragma: no cover - Windows
        kwargs["creationflags"] = getattr(subprocess, "DETACHED_PROCESS", 0) | getattr(
            subprocess, "CREATE_NEW_PROCESS_GROUP", 0
        )
    else:
        kwargs["start_new_session"] = True
    # `-m` puts the working folder first on sys.path: run from the folder that
    # holds the `hooks` package, so a source checkout works as well as a wheel.
    package_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    subprocess.Popen(
        [sys.executable, "-m", "hooks.background", "--detach", os.fspath(db_path)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        close_fds=True,
        cwd=package_root,
        **kwargs,
    )
    return True


def prune_markers(home: str | None = None, max_age_s: float = MARKER_MAX_AGE_S) -> int:
    """Delete private-turn and recall-waiting markers older than `max_age_s` (a session
    killed before its end leaves them); returns how many went."""
    from hooks.turns import PRIVATE_TURNS_DIR, WAITING_DIR
    from store.paths import memlane_home

    removed = 0
    cutoff = time.time() - max_age_s
    for name in (PRIVATE_TURNS_DIR, WAITING_DIR):
        try:
            with os.scandir(os.path.join(home or memlane_home(), name)) as entries:
                for entry in entries:
                    try:
                        if entry.stat().st_mtime < cutoff:
                            os.unlink(entry.path)
                            removed += 1
                    except OSError:
                        pass
        except OSError:
            pass
    return removed


def run(db_path: str) -> int | None:
    """Retention for the database at `db_path`; None if it already ran today."""
    from store.config import load_config
    from store.database import connect
    from store.forgetting import run_retention

    config, _warnings = load_config()
    prune_markers()
    from store.search import backfill

    conn = connect(db_path, busy_timeout_ms=30000, create=False)
    try:
        if damaged(conn, db_path):
            return None  # deleting rows in a damaged file can lose more: the person decides
        backfill(conn)
        removed = run_retention(conn, config["retention_days"])
        if removed is not None:  # today's run is this one: the word index's upkeep, once a day
            compact_word_index(conn)
        keep_before_sweep(conn, config)
        return removed
    finally:
        conn.close()


def damaged(conn, db_path: str) -> bool:
    """SQLite's quick check of the store, bounded in time (here, never in a hook: this job runs
    detached): a damaged store is said in the log, which `memlane doctor` shows."""
    from store.database import damage_sentence, integrity_problems
    from store.log import log_line

    problems = integrity_problems(conn)
    if problems:
        log_line(
            f"maintenance: {damage_sentence(db_path, problems)} Retention was not run.",
            stderr=False,
        )
    return bool(problems)


def compact_word_index(conn) -> dict | None:
    """Merge the word index down when it holds more than `COMPACT_ABOVE` segments
    (`store.database.compact_index`: short steps, a hook's write waits one at most); a
    failure is logged, and the next run goes on where this one stopped."""
    try:
        from store.database import compact_index

        return compact_index(conn)
    except Exception as exc:
        from store.log import log_line

        log_line(f"maintenance: could not merge the word index ({type(exc).__name__}: {exc}).", stderr=False)
        return None


def keep_before_sweep(conn, config: dict) -> dict | None:
    """Import what Claude Code's sweep will delete within a week and memlane does not hold
    (`hooks.sweep`); a failure is logged and changes nothing else."""
    try:
        from hooks.sweep import keep_before_sweep as keep

        done = keep(conn, config)
    except Exception as exc:
        from store.log import log_line

        log_line(f"maintenance: could not import the transcripts Claude Code will delete ({type(exc).__name__}: {exc}).",
                 stderr=False)  # fmt: skip
        return None
    if done["imported"]:
        from store.log import write_log

        write_log(f"[memlane] maintenance: imported {done['imported']} transcripts before Claude Code's cleanup deletes them"
                  + (f" ({done['left']} next time)." if done["left"] else "."))  # fmt: skip
    return done


# ---------------------------------------------------------------- the team sync


def team_configured(config: dict) -> bool:
    return bool(os.environ.get("MEMLANE_TEAM_URL") or config.get("team_url"))


def start_team_sync(config: dict) -> bool:
    """True if a background sync was started."""
    if not team_configured(config):
        return False
    import subprocess

    try:
        subprocess.Popen(
            [sys.executable, "-m", "team", "sync", "--quiet"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True, close_fds=True,
        )  # fmt: skip
    except OSError as exc:
        from store.log import log_line

        log_line(f"team sync could not start in the background ({exc}); run `memlane team sync`.")
        return False
    return True


# ---------------------------------------------------------------- the cleanup's own process


def detach() -> None:
    """Fork again and let the parent exit: Claude Code kills a hook's whole process
    tree (setsid children included) when it times out; only a grandchild that
    left it lives on."""
    if not hasattr(os, "fork"):  # pragma: no cover - Windows: the flags did it
        return
    if os.fork() > 0:
        os._exit(0)
    try:
        os.setsid()
    except OSError:
        pass


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--detach" in argv:
        argv.remove("--detach")
        detach()
    from store.paths import default_db_path

    db_path = argv[0] if argv else default_db_path()
    try:
        removed = run(db_path)
    except Exception as exc:  # a background job: log it, never raise
        from store.database import describe_error
        from store.log import log_line

        log_line(f"maintenance: retention failed: {describe_error(db_path, exc)}", stderr=False)
        return 0
    if removed:
        from store.log import write_log

        write_log(f"[memlane] maintenance: retention removed {removed} old memories.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
