"""Databases as an older memlane left them, to test and time the upgrades."""

from __future__ import annotations

import sqlite3


def as_schema_3(path: str) -> None:
    """Make the database at `path` look as schema 3 made it: no short-term index or tail table."""
    raw = sqlite3.connect(path)
    try:
        for name in ("memory_tail_insert", "memory_tail_delete", "memory_tail_update"):
            raw.execute(f"DROP TRIGGER {name}")
        for name in ("memory_trigram_vocab", "memory_trigram_terms", "memory_tail"):
            raw.execute(f"DROP TABLE {name}")
        raw.execute("PRAGMA user_version = 3")
        raw.commit()
    finally:
        raw.close()
