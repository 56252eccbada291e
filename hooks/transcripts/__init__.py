"""Claude Code's transcripts: ``memlane import`` (transcripts -> the hook events they record
-> memories), and the name a session is shown under.

- :mod:`hooks.transcripts.reader`: ``TranscriptReader``, lines -> hook-shaped events;
- :mod:`hooks.transcripts.shapes`: what transcript lines look like (1.0 - 2.1);
- :mod:`hooks.transcripts.files`: where transcripts are, which files are one session;
- :mod:`hooks.transcripts.worker`: the reading child process and its protocol;
- :mod:`hooks.transcripts.load`: ``import_files``, the batched writes;
- :mod:`hooks.transcripts.title`: the name /resume shows, read by the hook too.

The names are loaded when first asked for (PEP 562): the hook, which reads only a
session's title, never loads the importer.
"""

from __future__ import annotations

from store.faces import lazy_face

_HOMES = {
    "files": ("claude_projects_dir", "files_size", "find_transcripts", "persistence_note",
              "session_groups", "session_id_for_path"),
    "load": ("BATCH_OBSERVATIONS", "import_files", "new_report"),
    "reader": ("TranscriptReader",),
    "shapes": ("new_stats",),
    "title": ("transcript_title",),
}  # fmt: skip

__getattr__, __dir__, __all__ = lazy_face(__name__, _HOMES)
