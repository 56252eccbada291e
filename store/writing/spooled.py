"""Is anything spooled?  The check every hook run makes before it decides whether to open the
database, kept apart from the spool itself (`store.writing.queue`) so that asking costs a
directory read or two and no load of the queue's code.

The spool's folders and file names are defined here; the queue writes, claims and drains
the files.
"""

from __future__ import annotations

import os

from store.files import SymlinkRefused, refuse_symlink
from store.paths import default_db_path, memlane_home, spool_dir, spool_dir_for

SUFFIX = ".jsonl"
CLAIM = ".claim-"


def directories_for(db_path: str) -> list[str]:
    """The spool folders whose operations belong to the database at `db_path`."""
    folders = [spool_dir_for(db_path)]
    if os.path.realpath(os.path.abspath(db_path)) == os.path.realpath(
        os.path.join(memlane_home(), "memory.db")
    ):
        folders.append(spool_dir())  # written by versions with one spool for all
    return folders


def refuse_links(directory: str) -> None:
    """SymlinkRefused when a spool folder, or the spool folder holding it, is a symbolic
    link: files planted elsewhere by another user are not memories."""
    refuse_symlink(directory, "the spool folder")
    parent = os.path.dirname(os.path.abspath(directory))
    if parent == os.path.abspath(spool_dir()):
        refuse_symlink(parent, "the spool folder")


def _has_files(directory: str) -> bool:
    try:
        refuse_links(directory)
    except SymlinkRefused:
        return True  # the drain says why, once a database is open
    try:
        with os.scandir(directory) as entries:
            for entry in entries:
                if entry.name.endswith(SUFFIX) or CLAIM in entry.name:
                    return True
    except OSError:
        return False
    return False


def pending(directory: str | None = None, db_path: str | None = None) -> bool:
    """True when the spool of `db_path` (default: the default database), or
    `directory`, holds anything (a cheap directory read or two)."""
    if directory:
        return _has_files(directory)
    return any(_has_files(d) for d in directories_for(db_path or default_db_path()))
