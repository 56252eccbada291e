"""The memory database: one SQLite file in WAL mode, opened the same way by every caller.

    connection.py  open a database: path, pragmas, version checks, `write`, clear errors
    schema.py      the facts every connection shares: version, FTS indexes and triggers
    models.py      the peewee models, the one definition of the schema (imports peewee)
    migrate.py     creating the schema from the models, upgrading older databases

Callers outside the package import from `store.database` only.  Each name is loaded from its
module when first asked for (PEP 562), so importing the face costs nothing, and the face keeps
no copy: a name patched in its module is the name every caller gets.
"""

from __future__ import annotations

from store.faces import lazy_face

_HOMES = {
    "connection": ("FULL_CHECK_BUDGET_S", "REBUILD_INDEX", "RepairError", "StoreError", "bound_wal",
                   "chunks", "compact_index", "connect", "damage_sentence", "describe_error", "dicts",
                   "file_version", "forced_read_only", "health", "index_segments", "integrity_problems",
                   "merge_indexes", "optimize_indexes", "path_problem", "placeholders", "repair", "utc_now", "write"),
    "schema": ("FILE_TYPES", "FTS_TABLES", "MEMORY_TYPES", "TAIL_BACKFILL_KEY",
               "TAIL_FIRST_CODE_POINT"),
}  # fmt: skip
_MODULES = ("connection", "schema")  # modules some callers take whole

__getattr__, __dir__, __all__ = lazy_face(__name__, _HOMES, _MODULES)
