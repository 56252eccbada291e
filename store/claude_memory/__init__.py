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

import sys

_HOMES = {
    "files": ("GROUPS", "KINDS", "auto_memory_dir", "budget", "index_part", "loaded_files",
              "read_text"),
    "audit": ("Changed", "audit_files", "redact_file"),
    "search": ("search_memory_files", "CLAUDE_MEMORY", "memory_file_rows"),
    "sweep": ("HORIZON_DAYS", "due", "outlook_sentence", "save_swept", "swept_state"),
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
