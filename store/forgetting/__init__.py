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

import sys

_HOMES = {
    "audit": ("audit_batch", "audit_ids", "redact_findings", "secrets_audit"),
    "erase": ("REDACTED", "finish_scrub", "forget_ids", "forget_log", "redact", "redaction_text"),
    "retention": ("MARKER_KEY", "retention_due", "run_retention"),
    "selection": ("Criteria", "count_memories", "fetch_rows", "forget_selected",
                  "matching_projects", "resolve_criteria", "selected_ids", "summarise_ids"),
}  # fmt: skip
_MODULES = ()  # modules some callers take whole
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
