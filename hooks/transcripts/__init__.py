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

_HOMES = {
    "files": ("claude_projects_dir", "files_size", "find_transcripts", "persistence_note",
              "session_groups", "session_id_for_path"),
    "load": ("BATCH_OBSERVATIONS", "import_files", "new_report"),
    "reader": ("TranscriptReader",),
    "shapes": ("new_stats",),
    "title": ("transcript_title",),
}  # fmt: skip
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}
__all__ = sorted(_HOME_OF)


def __getattr__(name: str):
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'hooks.transcripts' has no attribute {name!r}")
    # `from .module import name`, spelt out: importlib would load two more modules per hook run.
    value = getattr(__import__(module, globals(), None, (name,), 1), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
