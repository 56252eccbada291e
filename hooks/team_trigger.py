"""After SessionEnd, start `python -m team sync --quiet` in the background when a team is configured.

The hook only starts the process (a new session, no pipes) and returns: the
network is never on a hook's path.  The sync logs its own failures to the log
file; a sync already running makes the new one step aside.
"""

from __future__ import annotations

import os


def team_configured(config: dict) -> bool:
    return bool(os.environ.get("MEMLANE_TEAM_URL") or config.get("team_url"))


def start_background_sync(config: dict) -> bool:
    """True if a background sync was started."""
    if not team_configured(config):
        return False
    import subprocess
    import sys

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
