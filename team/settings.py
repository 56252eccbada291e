"""The `[team]` settings, read through store.config, and which projects they share."""

from __future__ import annotations

import getpass
import os
import socket

from store.config import is_project_excluded, load_config


def team_settings(config: dict | None = None) -> dict:
    """url (MEMLANE_TEAM_URL wins), projects, author (default user@host), recall, exclude_projects."""
    if config is None:
        config, _warnings = load_config()
    author = config.get("team_author") or ""
    if not author:
        try:
            author = f"{getpass.getuser()}@{socket.gethostname()}"
        except Exception:  # no user name in this environment
            author = socket.gethostname()
    return {
        "url": os.environ.get("MEMLANE_TEAM_URL") or config.get("team_url") or "",
        "projects": list(config.get("team_projects") or []),
        "author": author,
        "recall": bool(config.get("team_recall")),
        "exclude_projects": list(config.get("exclude_projects") or []),
    }


def is_shared(project: str, settings: dict) -> bool:
    """A project is shared when a `team.projects` glob matches it (or a parent folder)
    and no `exclude_projects` glob does: nothing else ever leaves the machine."""
    if not project or not settings["projects"]:
        return False
    if is_project_excluded(project, {"exclude_projects": settings["exclude_projects"]}):
        return False
    # The same glob rule as exclude_projects: one matcher for both lists.
    return is_project_excluded(project, {"exclude_projects": settings["projects"]})
