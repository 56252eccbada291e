"""The name Claude Code's own /resume picker shows for a session, read from its transcript.

Claude Code appends ``{"type":"custom-title","customTitle":...}`` when the user names a
session (``/rename``, ``claude -n``) and ``{"type":"ai-title","aiTitle":...}`` when it
names one itself; the newest of each counts, and a name the user gave wins.  (Old
versions wrote ``{"type":"summary","summary":...,"leafUuid":...}`` lines, read by the
importer, ``hooks.transcripts.reader``.)

The hook reads them at a resume and at the session's end: the file is searched, not
parsed (a memory map, the last occurrence of each key), only when it is a regular file,
and only up to MAX_TRANSCRIPT_BYTES.  Standard library only (hook path).
"""

from __future__ import annotations

MAX_TRANSCRIPT_BYTES = 256 * 1024 * 1024
TITLE_KEYS = (("custom-title", "customTitle", "custom"), ("ai-title", "aiTitle", "ai"))


def title_line(obj: dict) -> tuple[str, str] | None:
    """(title, kind) of a transcript line that names its session (custom or ai), else None."""
    for kind_name, key, kind in TITLE_KEYS:
        if obj.get("type") == kind_name:
            value = obj.get(key)
            if isinstance(value, str) and value.strip():
                return value, kind
    return None


def transcript_title(path: object) -> tuple[str, str] | None:
    """(title, kind) of the transcript at `path` ("custom" or "ai"), or None (no name, or
    a path that is not a regular file that can be read)."""
    from store.files import read_mapped

    return read_mapped(path, MAX_TRANSCRIPT_BYTES, _title_in)


def _title_in(data) -> tuple[str, str] | None:
    for _kind_name, key, _kind in TITLE_KEYS:
        found = _last_title(data, key)
        if found is not None:
            return found
    return None


def _last_title(data, key: str) -> tuple[str, str] | None:
    import json

    needle = f'"{key}"'.encode()
    end = len(data)
    for _ in range(20):  # the key may also be quoted inside a message: look a little further back
        at = data.rfind(needle, 0, end)
        if at < 0:
            return None
        start = data.rfind(b"\n", 0, at) + 1
        stop = data.find(b"\n", at)
        line = data[start : stop if stop >= 0 else len(data)]
        end = start
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError):
            continue
        found = title_line(obj) if isinstance(obj, dict) else None
        if found is not None:
            return found
    return None
