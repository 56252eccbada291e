"""Forgetting and redaction that leave no copy behind.

    erase.py       forget memories, sessions or a search's hits; redact in place
    selection.py   which memories a selection means (`memlane forget`, the Cleanup pane)
    retention.py   memories received more than N days ago go, at most once a day
    audit.py       stored memories that hold what the privacy filter would now remove

Callers outside the package import from `store.forgetting` only.  Each name is loaded from its
module when first asked for (PEP 562), so importing the face costs nothing, and the face keeps
no copy: a name patched in its module is the name every caller gets.
"""

from __future__ import annotations

from store.faces import lazy_face

_HOMES = {
    "audit": ("audit_batch", "audit_ids", "redact_findings", "secrets_audit"),
    "erase": ("REDACTED", "finish_scrub", "forget_ids", "forget_log", "redact", "redaction_text"),
    "retention": ("MARKER_KEY", "retention_due", "run_retention"),
    "selection": ("Criteria", "count_memories", "fetch_rows", "forget_selected",
                  "matching_projects", "resolve_criteria", "selected_ids", "summarise_ids"),
}  # fmt: skip
_MODULES = ()  # modules some callers take whole

__getattr__, __dir__, __all__ = lazy_face(__name__, _HOMES, _MODULES)
