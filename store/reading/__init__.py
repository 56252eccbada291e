"""What a person reads of the store: the app's and the CLI's views.

    listings.py    sessions, timelines, live rows, error groups, stats (read-only)
    ledger.py      what recall told the model, why, and whether the model used it
    insights.py    the Insights pane's figures, each one SQL aggregate
    export.py      memories as Markdown or JSON, cleaned and made inert

Callers outside the package import from `store.reading` only.  Each name is loaded from its
module when first asked for (PEP 562), so importing the face costs nothing, and the face keeps
no copy: a name patched in its module is the name every caller gets.
"""

from __future__ import annotations

from store.faces import lazy_face

_HOMES = {
    "export": ("ExportError", "ExportExists", "ExportRequest", "export_memories", "format_for_path",
               "write_export"),
    "insights": ("overview",),
    "ledger": ("ACTED", "LEFT_OUT", "REASONS", "entries", "judge_turn", "missing",
               "page", "pins", "pointers", "project_of", "session_decisions", "sessions_named",
               "start_budget", "steering_of", "stored_paths", "vetoed_groups", "vetoed_ids"),
    "listings": ("BY_TIME", "SESSION_SORTS", "around_in_session", "error_groups", "get_memory",
                 "get_session", "last_block", "latest_memory_id", "list_sessions", "memories_by_id", "neighbours",
                 "project_names", "projects", "session_project", "session_start_rows", "stats",
                 "time_keyset", "tool_names", "type_is_stored"),
}  # fmt: skip
_MODULES = ("ledger", "listings")  # modules some callers take whole

__getattr__, __dir__, __all__ = lazy_face(__name__, _HOMES, _MODULES)
