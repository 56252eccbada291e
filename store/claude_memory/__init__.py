"""Claude Code's own memory: its CLAUDE.md files and the auto memory of each project.

    files.py   which files load at every session start, their size in tokens, when they
               last changed
    search.py  those files searched beside memlane's memories
    audit.py   those files audited for secrets, and a secret redacted in place

Always read fresh from disk; memlane keeps no copy of them.  Callers outside the package
import from `store.claude_memory` only; each name is loaded from its module when first asked
for (PEP 562), and the face keeps no copy.
"""

from __future__ import annotations

from store.faces import lazy_face

_HOMES = {
    "files": ("GROUPS", "KINDS", "auto_memory_dir", "budget", "index_part", "loaded_files",
              "read_text"),
    "audit": ("Changed", "audit_files", "redact_file"),
    "search": ("search_memory_files", "CLAUDE_MEMORY", "memory_file_rows"),
    "sweep": ("HORIZON_DAYS", "due", "outlook_sentence", "save_swept", "swept_state"),
}  # fmt: skip
_MODULES = ()  # modules some callers take whole

__getattr__, __dir__, __all__ = lazy_face(__name__, _HOMES, _MODULES)
