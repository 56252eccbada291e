"""Results kept per connection until the database changes: this connection's writes or
another's commits (`PRAGMA data_version`).  The rankings and the short terms' trigrams are
each one such cache."""

from __future__ import annotations

import sqlite3
import weakref
from collections import OrderedDict


def data_version(conn: sqlite3.Connection) -> tuple:
    """Changes since a result was made: this connection's writes, or another's commits."""
    return (conn.total_changes, conn.execute("PRAGMA data_version").fetchone()[0])


class PerConnection:
    """At most `size` results per connection, the least recently used let go first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def get(self, conn: sqlite3.Connection, key, make):
        """The result kept for `key`, or `make()`'s, kept until the database changes."""
        version = data_version(conn)
        try:
            kept = self._kept.setdefault(conn, OrderedDict())
        except TypeError:  # a connection type without weak references: nothing kept
            kept = OrderedDict()
        hit = kept.get(key)
        if hit is not None and hit[0] == version:
            kept.move_to_end(key)
            return hit[1]
        value = make()
        kept[key] = (version, value)
        kept.move_to_end(key)
        while len(kept) > self.size:
            kept.popitem(last=False)
        return value
