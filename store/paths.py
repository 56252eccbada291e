"""Where memlane keeps its files, and where Claude Code keeps the ones memlane reads.

Everything is resolved at call time (not import time) so tests can point
``HOME`` / ``MEMLANE_HOME`` / ``MEMLANE_DB`` at a temporary directory.

- ``memlane_home()``: ``$MEMLANE_HOME`` if set, else ``~/.claude/memlane``.
- ``default_db_path()``: ``$MEMLANE_DB`` if set, else ``<home>/memory.db``.
- ``log_path()``: ``<home>/memlane.log``.
- ``spool_dir()``: ``<home>/spool``; ``spool_dir_for(db)``: ``<home>/spool/db-<hash>``,
  one spool per database (keyed by its absolute path).
- ``config_path()``: ``<home>/config.toml``.
- ``team_db_path()``: ``$MEMLANE_TEAM_DB`` if set, else ``<home>/team.db`` (teammates'
  memories, written only by `memlane team sync`).

Claude Code's own folders (``$CLAUDE_CONFIG_DIR`` moves all of them):

- ``claude_dir()``: ``$CLAUDE_CONFIG_DIR`` if set, else ``~/.claude``.
- ``claude_projects_dir()``: ``<claude_dir>/projects``, one folder of transcripts (and the
  auto memory) per project.
- ``claude_settings_path()``: ``<claude_dir>/settings.json``.
- ``claude_user_config_path()``: ``$CLAUDE_CONFIG_DIR/.claude.json`` if set, else
  ``~/.claude.json`` (MCP servers; it sits beside the folder, not in it).

Nothing here creates directories on its own; callers that write use
``store.files`` (owner-only, no symbolic links).
"""
from __future__ import annotations

import os


def memlane_home() -> str:
    env = os.environ.get("MEMLANE_HOME")
    if env:
        return os.path.expanduser(env)
    return os.path.join(os.path.expanduser("~"), ".claude", "memlane")


def default_db_path() -> str:
    env = os.environ.get("MEMLANE_DB")
    if env:
        return os.path.expanduser(env)
    return os.path.join(memlane_home(), "memory.db")


def log_path() -> str:
    return os.path.join(memlane_home(), "memlane.log")


def spool_dir() -> str:
    return os.path.join(memlane_home(), "spool")


def spool_dir_for(db_path: str) -> str:
    """The spool of one database: writes meant for it are never applied to another."""
    from store.digest import text_digest

    key = os.path.realpath(os.path.abspath(os.path.expanduser(db_path)))
    return os.path.join(spool_dir(), "db-" + text_digest(key)[:24])


def config_path() -> str:
    return os.path.join(memlane_home(), "config.toml")


def team_db_path() -> str:
    env = os.environ.get("MEMLANE_TEAM_DB")
    if env:
        return os.path.expanduser(env)
    return os.path.join(memlane_home(), "team.db")


def claude_dir(environ=None) -> str:
    """Claude Code's user folder: `$CLAUDE_CONFIG_DIR`, else `~/.claude`."""
    env = os.environ if environ is None else environ
    custom = env.get("CLAUDE_CONFIG_DIR")
    return os.path.expanduser(custom) if custom else os.path.join(os.path.expanduser("~"), ".claude")


def claude_projects_dir(environ=None) -> str:
    """Where Claude Code keeps transcripts, one folder per project."""
    return os.path.join(claude_dir(environ), "projects")


def claude_settings_path(environ=None) -> str:
    return os.path.join(claude_dir(environ), "settings.json")


def claude_user_config_path() -> str:
    """Claude Code's user config (`~/.claude.json`), in `$CLAUDE_CONFIG_DIR` when that is set."""
    custom = os.environ.get("CLAUDE_CONFIG_DIR")
    return os.path.join(os.path.expanduser(custom) if custom else os.path.expanduser("~"), ".claude.json")
