"""Which memory files Claude Code loads for a project, read fresh from disk every time.

Checked with the real CLI (2.1.197, `docs/claude-code-facts.md`): at every session start
Claude Code puts into the first message, in this order,

- ~/.claude/CLAUDE.md and ~/.claude/rules/*.md (the user's, for every project);
- for each folder from the top of the disk down to the session's folder: CLAUDE.md,
  .claude/CLAUDE.md, .claude/rules/*.md (not those whose front matter names `paths:`:
  they load when Claude works on a matching file) and CLAUDE.local.md;
- each file another one imports with `@path` (relative to the importing file, or `~/...`),
  right after it, five hops deep at most; an import outside the project is not loaded
  until the person approves it (it was not, in `-p` mode);
- the auto memory's index, `~/.claude/projects/<git root, every character but a letter or a
  digit turned into '-'>/memory/MEMORY.md`: its first 200 lines and at most 25,000 bytes
  (cut at a line's end).  The topic files beside it load only when Claude reads them.

`CLAUDE_CONFIG_DIR` moves `~/.claude`.  Nothing here writes; a file that is not a regular
file (a FIFO, a device) is listed and not read.  Token counts are estimates: about four
bytes of UTF-8 a token (`store.text.estimate_tokens`).
"""

from __future__ import annotations

import os
import re
import stat

from store.paths import claude_dir
from store.text import estimate_tokens

config_dir = claude_dir  # Claude Code's folder, by the name this package's callers know (store.paths has it)

MEMORY_INDEX = "MEMORY.md"
INDEX_MAX_LINES = 200
INDEX_MAX_BYTES = 25_000
IMPORT_DEPTH = 5
READ_LIMIT = 256 << 10  # of a bigger memory file only this much is read (imports, "already said"); its size counts whole
FULL_LIMIT = 64 << 20  # what the audit, the search and a redaction read of one file at most

# kind -> (group, what a person reads)
KINDS = {
    "user": ("CLAUDE.md", "yours, all projects"),
    "user_rules": ("CLAUDE.md", "your rule"),
    "parent": ("CLAUDE.md", "a folder above"),
    "project": ("CLAUDE.md", "the project's"),
    "project_rules": ("CLAUDE.md", "the project's rule"),
    "local": ("CLAUDE.md", "local, not checked in"),
    "import": ("CLAUDE.md", "@ import"),
    "auto_index": ("auto memory", "auto memory index"),
    "auto_topic": ("auto memory", "auto memory topic"),
}
GROUPS = ("CLAUDE.md", "auto memory")

_IMPORT = re.compile(r"(?<![\w`@])@((?:~/|/|\.{1,2}/)?[\w.\-/~]*[\w\-]\.[A-Za-z0-9]+)")
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
_PATHS_FRONT_MATTER = re.compile(r"\A---\s*\n(?:.*\n)*?\s*paths\s*:", re.M)


def folder_name(path: str) -> str:
    """The name Claude Code gives a project's folder under `projects/`."""
    return re.sub(r"[^A-Za-z0-9]", "-", path)


def auto_memory_dir(project: str, environ=None) -> str:
    """The auto-memory folder of the project at `project` (its git root's, worktrees folded)."""
    from store.project import resolve_project

    root = resolve_project(project)[0] or project
    return os.path.join(claude_dir(environ), "projects", folder_name(root), "memory")


def _stat(path: str):
    try:
        return os.stat(path)
    except (OSError, ValueError):
        return None


def _read(path: str, st, limit: int = READ_LIMIT) -> str | None:
    if st is None or not stat.S_ISREG(st.st_mode):
        return None
    from store.files import read_regular

    try:
        return read_regular(path, limit).decode("utf-8", "replace")
    except OSError:
        return None


def _entry(kind: str, path: str, st, *, loaded: bool, note: str = "", via: str = "") -> dict:
    regular = st is not None and stat.S_ISREG(st.st_mode)
    size = st.st_size if regular else 0
    return {"kind": kind, "group": KINDS[kind][0], "path": path, "bytes": size,
            "loaded_bytes": size if loaded and regular else 0,
            "tokens": estimate_tokens(size) if loaded and regular else 0,
            "mtime": st.st_mtime if st is not None else None, "loaded": bool(loaded and regular),
            "note": note if regular else (note or "not a regular file: not read"), "via": via}  # fmt: skip


def index_part(text: str) -> str:
    """The part of MEMORY.md Claude Code loads: whole lines, 200 at most, 25,000 bytes at most."""
    data = text.encode("utf-8", "replace")
    if len(data) > INDEX_MAX_BYTES:
        data = data[:INDEX_MAX_BYTES]
        cut = data.rfind(b"\n")
        data = data[: cut + 1] if cut >= 0 else b""
    part = data.decode("utf-8", "ignore")
    lines = part.split("\n")
    if len(lines) > INDEX_MAX_LINES + 1 or (len(lines) == INDEX_MAX_LINES + 1 and lines[-1]):
        part = "\n".join(lines[:INDEX_MAX_LINES]) + "\n"
    return part


def imports_of(text: str, file_path: str) -> list[str]:
    """The paths `@path` imports in a memory file name (outside code spans and blocks), resolved."""
    if "@" not in text:
        return []
    bare = _INLINE_CODE.sub("", _FENCE.sub("", text))
    out = []
    base = os.path.dirname(file_path)
    for raw in _IMPORT.findall(bare):
        target = os.path.expanduser(raw) if raw.startswith("~/") else raw
        target = os.path.normpath(target if os.path.isabs(target) else os.path.join(base, target))
        if target not in out:
            out.append(target)
    return out


def _inside(path: str, folder: str) -> bool:
    folder = folder.rstrip(os.sep) + os.sep
    return (path.rstrip(os.sep) + os.sep).startswith(folder)


def _rules(folder: str) -> list[str]:
    """`*.md` under a rules folder (sub-folders too), in name order."""
    found = []
    for top, dirs, files in os.walk(folder):
        dirs.sort()
        if top.count(os.sep) - folder.count(os.sep) > 3:
            dirs[:] = []
        found += [os.path.join(top, f) for f in sorted(files) if f.endswith(".md")]
    return found


def loaded_files(cwd: str, *, topics: bool = True, with_text: bool = False, environ=None) -> list[dict]:
    """Every memory file Claude Code loads at the start of a session in `cwd`, in its order,
    and (with `topics`) the auto-memory topic files it reads on demand.

    Each: {kind, group, path, bytes, loaded_bytes, tokens (of what loads), mtime, loaded,
    note, via (the file that imported it)}, and with `with_text` the `text` that loads."""
    cwd = os.path.abspath(os.path.expanduser(cwd or "."))
    home_dir = claude_dir(environ)
    from store.project import resolve_project

    root = resolve_project(cwd)[0] or cwd
    out: list[dict] = []
    seen: set[str] = set()

    def add(kind: str, path: str, *, scope: str, depth: int = 0, via: str = "", outside=False) -> None:
        real = os.path.realpath(path)
        if real in seen:
            return
        st = _stat(path)
        if st is None:
            return
        if kind == "project_rules" or kind == "user_rules":
            head = _read(path, st, 4096) or ""
            if _PATHS_FRONT_MATTER.match(head):
                return  # conditional: loads when Claude works on a file its paths match
        seen.add(real)
        note = "outside the project: loaded once you approve it in Claude Code" if outside else ""
        out.append(_entry(kind, path, st, loaded=not outside, note=note, via=via))
        if outside:
            return
        text = _read(path, st)
        if with_text:
            out[-1]["text"] = text or ""
        if depth >= IMPORT_DEPTH:
            return
        for target in imports_of(text or "", path):
            if _stat(target) is None:
                continue
            away = scope == "project" and not _inside(target, root) and not _inside(target, home_dir)
            add("import", target, scope=scope, depth=depth + 1, via=path, outside=away)

    add("user", os.path.join(home_dir, "CLAUDE.md"), scope="user")
    for rule in _rules(os.path.join(home_dir, "rules")):
        add("user_rules", rule, scope="user")
    folders = []
    folder = cwd
    while True:
        parent = os.path.dirname(folder)
        if parent == folder:
            break  # the disk's root itself is not read
        folders.append(folder)
        folder = parent
    for folder in reversed(folders):
        kind = "project" if _inside(folder, root) else "parent"
        add(kind, os.path.join(folder, "CLAUDE.md"), scope="project")
        add(kind, os.path.join(folder, ".claude", "CLAUDE.md"), scope="project")
        for rule in _rules(os.path.join(folder, ".claude", "rules")):
            add("project_rules", rule, scope="project")
        add("local", os.path.join(folder, "CLAUDE.local.md"), scope="project")
    memory_dir = os.path.join(home_dir, "projects", folder_name(root), "memory")
    index = os.path.join(memory_dir, MEMORY_INDEX)
    st = _stat(index)
    if st is not None:
        entry = _entry("auto_index", index, st, loaded=True)
        text = _read(index, st, INDEX_MAX_BYTES + 1)
        if text is not None:
            part = index_part(text)
            entry["loaded_bytes"] = len(part.encode("utf-8", "replace"))
            entry["tokens"] = estimate_tokens(entry["loaded_bytes"])
            if with_text:
                entry["text"] = part
            if entry["loaded_bytes"] < st.st_size:
                entry["note"] = f"only the first {entry['loaded_bytes']:,} of {st.st_size:,} bytes load"
        out.append(entry)
    if topics:
        out += topic_files(memory_dir)
    return out


def topic_files(memory_dir: str) -> list[dict]:
    """The auto memory's topic files (every `*.md` but the index), read on demand."""
    try:
        names = sorted(n for n in os.listdir(memory_dir) if n.endswith(".md") and n != MEMORY_INDEX)
    except OSError:
        return []
    out = []
    for name in names:
        path = os.path.join(memory_dir, name)
        st = _stat(path)
        if st is not None:
            out.append(_entry("auto_topic", path, st, loaded=False, note="read when Claude needs it"))
    return out


def read_text(path: str, limit: int = FULL_LIMIT) -> str | None:
    """A memory file's text now, its first `limit` bytes (None when it is gone or not a
    regular file)."""
    return _read(path, _stat(path), limit)


def budget(files: list[dict]) -> dict:
    """{group: tokens loaded at every start} and the total."""
    out = {group: 0 for group in GROUPS}
    for f in files:
        if f["loaded"]:
            out[f["group"]] += f["tokens"]
    out["total"] = sum(out[g] for g in GROUPS)
    return out
