"""One vocabulary of memory types: the short names the app shows, which the CLI's --type takes too.

No rich here: the CLI's JSON output imports it without the rendering libraries.
"""

from __future__ import annotations

TYPE_LABELS = {
    "prompt": "prompt",
    "file_edit": "edit",
    "file_write": "write",
    "command": "cmd",
    "error": "error",
    "observation": "note",
    "response": "reply",
    "compact_summary": "compact",
    "subagent": "agent",
    "web": "web",
    "mcp": "mcp",
    "notebook_edit": "notebook",
    "file_read": "read",
    "search": "search",
}
# The app's names for the stored types, which the CLI's --type takes too (`stored_type`).
TYPE_BY_LABEL = {label: mtype for mtype, label in TYPE_LABELS.items()}


def stored_type(name: str) -> str:
    """A type as stored, from its name in the app ("edit") or as stored ("file_edit")."""
    return TYPE_BY_LABEL.get(name, name)
