"""What every `memlane` command shares: exit codes, the usage error, opening the database,
and turning an error a user can fix into one sentence, `memlane: ...` on stderr."""

from __future__ import annotations

import os
import sqlite3
import sys

from store.errors import MemlaneError

EXIT_OK, EXIT_ERROR, EXIT_USAGE = 0, 1, 2
# json escapes C0 controls itself; C1 controls and bidirectional marks only appear inside
# strings, where a \u escape keeps the JSON the same and the terminal untouched
_JSON_UNSAFE = "[\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"


class UsageError(MemlaneError):
    """Bad arguments, said in one sentence (exit 2)."""


def warn(message: str) -> None:
    """`memlane: Message` on stderr (nothing for an empty message): a note beside the answer."""
    if message:
        print(f"memlane: {message[:1].upper()}{message[1:]}", file=sys.stderr)


def fail(message: str, code: int = EXIT_ERROR) -> int:
    """Say `message` (see `warn`) and return `code`: how a command ends on an error."""
    warn(message)
    return code


def print_json(value) -> None:
    """`value` as indented JSON on stdout, with nothing in it that could drive a terminal."""
    import json
    import re

    text = json.dumps(value, ensure_ascii=False, indent=2)
    sys.stdout.write(re.sub(_JSON_UNSAFE, lambda m: f"\\u{ord(m.group()):04x}", text) + "\n")


def missing_db_message(path: str) -> str:
    """What every read-only command (and the app) says when there is no database at `path`."""
    return (
        f"no memlane database at {path} yet (run `memlane install`, then use Claude Code, "
        "or point --db at one)."
    )


def open_db(path: str) -> sqlite3.Connection:
    """The database at `path` for a command that only reads it: never created here."""
    from store.database import StoreError, connect

    if not os.path.exists(path):
        raise StoreError(missing_db_message(path))
    conn = connect(path, create=False)
    if conn.full_disk:  # read-only on a full disk: the answer follows, but say why nothing new is stored
        warn(conn.full_disk)
    return conn


def user_error(exc: Exception, db_path: str) -> str | None:
    """The one sentence for an error a user caused or can fix ("" to stop quietly), else None."""
    from store.database import describe_error

    if isinstance(exc, MemlaneError):
        return str(exc)
    if isinstance(exc, sqlite3.Error):
        return describe_error(db_path, exc)
    if isinstance(exc, BrokenPipeError):
        try:  # the reader went away (`memlane search x | head`): stop quietly
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return ""
    if isinstance(exc, OSError) and exc.filename:  # a file or folder the user can fix
        return f"cannot use {exc.filename}: {exc.strerror or exc}."
    return None

