"""Search Claude Code's own memory files beside memlane's memories: read at query time,
never copied into the database, so what is found is what the file says now."""

from __future__ import annotations

import re

from store.claude_memory.files import loaded_files, read_text

MAX_LINE_CHARS = 300


def query_words(query: str) -> list[str]:
    return [w for w in re.findall(r"\w[\w.\-/]*", (query or "").casefold()) if w]


def search_memory_files(query: str, projects: list[str], *, limit: int = 50) -> list[dict]:
    """Lines of the memory files of `projects` (folders) holding every word of `query`.

    Each hit: {type: "claude_memory", path, kind, group, line (1-based), text, mtime,
    project (the first project the file belongs to)}; a file shared by several projects
    (your own CLAUDE.md) is searched once.  Lines in file order, files in load order."""
    words = query_words(query)
    if not words:
        return []
    hits: list[dict] = []
    done: set[str] = set()
    for project in projects:
        for entry in loaded_files(project):
            if entry["path"] in done:
                continue
            done.add(entry["path"])
            text = read_text(entry["path"])
            if not text:
                continue
            for number, line in enumerate(text.split("\n"), 1):
                folded = line.casefold()
                if all(w in folded for w in words):
                    hits.append({"type": "claude_memory", "path": entry["path"], "kind": entry["kind"],
                                 "group": entry["group"], "line": number, "text": line.strip()[:MAX_LINE_CHARS],
                                 "mtime": entry["mtime"], "project": project})  # fmt: skip
                    if len(hits) >= limit:
                        return hits
    return hits
