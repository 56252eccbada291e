"""The team sync a hook starts after SessionEnd (`python -m team sync --quiet`).

Nobody reads its output: it prints nothing, and a failure is one
`[memlane] team sync: ...` line in the log file.  A sync already running on this
machine makes it step aside (said in the log too).
"""

from __future__ import annotations

import psycopg

from store.database import StoreError
from store.log import log_line
from store.paths import default_db_path
from team import server
from team.settings import team_settings
from team.sync import locked_sync


def sync_quietly(db_path: str | None = None) -> int:
    """One sync of `db_path` (default: the default database); 0 done, 1 failed (logged)."""
    settings = team_settings()
    try:
        locked_sync(db_path or default_db_path(), settings)
        return 0
    except (server.TeamError, StoreError) as exc:
        message = str(exc)
    except psycopg.Error as exc:
        message = server.describe(exc, settings["url"])
    log_line("team sync: " + message[:1].upper() + message[1:], stderr=False)
    return 1
