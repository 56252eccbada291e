"""``memlane import``: Claude Code transcripts -> the hook events they record -> memories.

- :mod:`hooks.transcripts.reader`: ``TranscriptReader``, lines -> hook-shaped events;
- :mod:`hooks.transcripts.shapes`: what transcript lines look like (1.0 - 2.1);
- :mod:`hooks.transcripts.files`: where transcripts are, which files are one session;
- :mod:`hooks.transcripts.worker`: the reading child process and its protocol;
- :mod:`hooks.transcripts.load`: ``import_files``, the batched writes.
"""
from __future__ import annotations

from hooks.transcripts.files import (
    claude_projects_dir,
    files_size,
    find_transcripts,
    persistence_note,
    session_groups,
    session_id_for_path,
)
from hooks.transcripts.load import BATCH_OBSERVATIONS, import_files, new_report
from hooks.transcripts.reader import TranscriptReader
from hooks.transcripts.shapes import new_stats

__all__ = [
    "BATCH_OBSERVATIONS", "TranscriptReader", "claude_projects_dir", "files_size",
    "find_transcripts", "import_files", "new_report", "new_stats", "persistence_note", "session_groups",
    "session_id_for_path",
]  # fmt: skip
