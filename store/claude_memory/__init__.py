"""Claude Code's own memory (its CLAUDE.md files and the auto memory of each project):
which files load at every session start, their size in tokens and when they last changed
(`files`), searched beside memlane's memories (`search`), and audited for secrets
(`audit`).  Always read fresh from disk; memlane keeps no copy of them."""

from store.claude_memory.files import (
    GROUPS,
    KINDS,
    auto_memory_dir,
    budget,
    config_dir,
    index_part,
    loaded_files,
    read_text,
)

__all__ = ["GROUPS", "KINDS", "auto_memory_dir", "budget", "config_dir", "index_part",
           "loaded_files", "read_text"]  # fmt: skip
