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

import sys

_HOMES = {
    "connection": ("FULL_CHECK_BUDGET_S", "REBUILD_INDEX", "RepairError", "StoreError", "bound_wal",
                   "chunks", "connect", "damage_sentence", "describe_error", "dicts",
                   "file_version", "forced_read_only", "health", "integrity_problems",
                   "optimize_indexes", "path_problem", "placeholders", "repair", "utc_now", "write"),
    "schema": ("FILE_TYPES", "FTS_TABLES", "MEMORY_TYPES", "TAIL_BACKFILL_KEY",
               "TAIL_FIRST_CODE_POINT"),
}  # fmt: skip
_MODULES = ("connection", "schema")  # modules some callers take whole
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}
__all__ = sorted([*_HOME_OF, *_MODULES])


def __getattr__(name: str):
    module = name if name in _MODULES else _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    __import__(f"{__name__}.{module}")
    found = sys.modules[f"{__name__}.{module}"]
    return found if name in _MODULES else getattr(found, name)


def __dir__() -> list[str]:
    return __all__
