"""What the --project, --session and --type options of the listing and export commands name,
checked against the database and refused in one sentence when they name nothing."""

from __future__ import annotations

import sqlite3

from store.database import MEMORY_TYPES
from store.reading import type_is_stored
from tui.commands.common import UsageError


def project_keys(conn: sqlite3.Connection, value: str | None) -> list[str] | None:
    """What --project names: a path (its project), else a project name or key seen in sessions."""
    if not value:
        return None
    from store.forgetting import matching_projects

    keys = matching_projects(conn, value)
    if not keys:
        raise UsageError(f"no project matches {value!r} (`memlane sessions` lists them).")
    return keys


def one_project(conn: sqlite3.Connection, value: str | None) -> str | None:
    """The one project --project names, for listings that take a single project."""
    keys = project_keys(conn, value)
    if not keys:
        return None
    if len(keys) > 1:
        raise UsageError(
            f"{value!r} names {len(keys)} projects ({', '.join(keys)}); give the path of the one you mean."
        )
    return keys[0]


def one_session(conn: sqlite3.Connection, typed: str | None) -> str | None:
    """The session --session names: its whole id or the start of it (the eight characters
    the app and every listing show), refused in one sentence when it names none or several."""
    from store.reading import sessions_named

    if not typed:
        return None
    rows = sessions_named(conn, typed)
    if not rows:
        raise UsageError(f"no session starts with {typed!r} (`memlane sessions` lists them).")
    if len(rows) > 1:
        raise UsageError(f"more than one session starts with {typed!r}; give more of the id.")
    return rows[0]


def checked_types(conn: sqlite3.Connection, types: list[str] | None) -> list[str] | None:
    """--type values as stored (the app's names, `edit`, `cmd`, ... are taken too: one
    vocabulary), refused in one sentence when one names no type memlane knows."""
    from tui.formatting import TYPE_LABELS, stored_type

    if not types:
        return None
    types = [stored_type(name) for name in types]
    for mtype in types:
        if mtype not in MEMORY_TYPES and not type_is_stored(conn, mtype):
            names = ", ".join(sorted({TYPE_LABELS.get(t, t) for t in MEMORY_TYPES}))
            raise UsageError(f"unknown type {mtype!r}; the types are {names} (as the app names them).")
    return types
