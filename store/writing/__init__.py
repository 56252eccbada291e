"""The one write path, for the hooks, the importer, the CLI and the app.

    writer.py      memories and sessions written: capped, deduplicated, grouped, summarised
    queue.py       the spool: writes the database could not take in time, kept until it can
    tombstones.py  what was forgotten stays forgotten: every write checks here
    summary.py     a session's summary without an LLM, built when its memories are written

Callers outside the package import from `store.writing` only.  Each name is loaded from its
module when first asked for (PEP 562), so importing the face costs nothing, and the face keeps
no copy: a name patched in its module is the name every caller gets.
"""

from __future__ import annotations

import sys

_HOMES = {
    "queue": ("drain", "drain_before_forget", "pending", "spool"),
    "summary": ("build_summary",),
    "tombstones": ("bury_content", "bury_memories", "bury_session"),
    "writer": ("apply_ops", "content_hash", "is_db_failure", "normalise_timestamp",
               "session_summaries", "store_summaries", "summarise_sessions"),
}  # fmt: skip
_MODULES = ("writer",)  # modules some callers take whole
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
