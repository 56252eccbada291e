"""Search Claude Code's own memory files beside memlane's memories: read at query time,
never copied into the database, so what is found is what the file says now."""

from __future__ import annotations

import os
import re
import time

from store.claude_memory.files import loaded_files, read_text

MAX_LINE_CHARS = 300
CLAUDE_MEMORY = "claude_memory"  # the type of a memory file's line among search results
MEMORY_FILE_PROJECTS = 20  # the latest projects whose memory files a search reads


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


def memory_file_rows(conn, query: str, projects: list[str] | None, limit: int,
                     known: list[dict] | None = None) -> list[dict]:  # fmt: skip
    """Lines of Claude Code's own memory files (CLAUDE.md, auto memory) holding the query, read
    now, as search rows of type `claude_memory` (after the memories, in `memlane search` and
    the app's Search pane alike): those of `projects` (folders), else of the latest projects
    (`known`: `store.reading.projects` as the caller read it already; grouping every session
    by project costs ~15 ms of CPU at 1M memories, on every search typed)."""
    from store.reading import projects as all_projects

    latest = known if known is not None else all_projects(conn)
    folders = projects or [p["project"] for p in latest[:MEMORY_FILE_PROJECTS] if p.get("project")]
    hits = search_memory_files(query, [f for f in folders if os.path.isdir(f)], limit=limit)
    return [{"id": None, "type": CLAUDE_MEMORY, "file_path": h["path"], "content": h["text"], "line": h["line"],
             "project": h["project"], "project_name": os.path.basename(h["project"]), "session_id": None,
             "created_at": _stamp(h["mtime"]), "kind": h["kind"], "snippet": h["text"]} for h in hits]  # fmt: skip


def _stamp(mtime: float | None) -> str | None:
    return None if mtime is None else time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime(mtime))
