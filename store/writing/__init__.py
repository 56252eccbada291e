"""The one write path, for the hooks, the importer, the CLI and the app.

    writer.py      memories and sessions written: capped, deduplicated, grouped, summarised
    queue.py       the spool: writes the database could not take in time, kept until it can
    spooled.py     is anything spooled? (every hook run asks, without loading the queue)
    tombstones.py  what was forgotten stays forgotten: every write checks here
    summary.py     a session's summary without an LLM, built when its memories are written
    forks.py       a forked session linked to the session it was copied from

Callers outside the package import from `store.writing` only.  Each name is loaded from its
module when first asked for (PEP 562), so importing the face costs nothing, and the face keeps
no copy: a name patched in its module is the name every caller gets.
"""

from __future__ import annotations

from store.faces import lazy_face

_HOMES = {
    "queue": ("drain", "drain_before_forget", "spool"),
    "spooled": ("pending",),
    "summary": ("build_summary",),
    "tombstones": ("bury_content", "bury_memories", "bury_session"),
    "writer": ("apply_ops", "content_hash", "is_db_failure", "normalise_timestamp",
               "session_summaries", "store_summaries", "summarise_sessions"),
}  # fmt: skip
_MODULES = ("writer",)  # modules some callers take whole

__getattr__, __dir__, __all__ = lazy_face(__name__, _HOMES, _MODULES)
