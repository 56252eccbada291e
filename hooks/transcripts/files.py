"""Where transcripts are and which files belong to one session.

Claude Code keeps a session's transcript at
``<projects>/<encoded-cwd>/<session-id>.jsonl`` and its subagents' at
``<session-id>/subagents/agent-*.jsonl`` beside it (older versions wrote
``agent-*.jsonl`` next to the session files, their lines naming the session).
"""
from __future__ import annotations

import os


def session_id_for_path(path) -> str | None:
    """The session a transcript file belongs to, from its path: ``<id>.jsonl``, or
    ``<id>/subagents/agent-*.jsonl`` for a subagent (None for an old top-level
    ``agent-*.jsonl``, whose lines name their session)."""
    path = os.fspath(path)
    parent = os.path.basename(os.path.dirname(path))
    if parent == "subagents":
        return os.path.basename(os.path.dirname(os.path.dirname(path))) or None
    stem = os.path.basename(path)
    if stem.endswith(".jsonl"):
        stem = stem[: -len(".jsonl")]
    if stem.startswith("agent-"):
        return None
    return stem or None


def _group_key(path: str):
    folder = os.path.dirname(path)
    if os.path.basename(folder) == "subagents":
        folder = os.path.dirname(os.path.dirname(folder))
    return folder, session_id_for_path(path) or path


def session_groups(paths) -> list[list[str]]:
    """Consecutive paths of one session (its main file, then its subagents'), grouped."""
    groups: list[list[str]] = []
    last = None
    for path in paths:
        path = os.fspath(path)
        key = _group_key(path)
        if groups and key == last:
            groups[-1].append(path)
        else:
            groups.append([path])
        last = key
    return groups


def claude_projects_dir() -> str:
    """Where Claude Code keeps transcripts: ``$CLAUDE_CONFIG_DIR/projects``, else
    ``~/.claude/projects``."""
    base = os.environ.get("CLAUDE_CONFIG_DIR")
    if base:
        return os.path.join(os.path.expanduser(base), "projects")
    return os.path.join(os.path.expanduser("~"), ".claude", "projects")


def find_transcripts(paths, *, since_epoch: float | None = None) -> tuple[list[str], list[str]]:
    """``(files, missing)``: the ``.jsonl`` files under the given files/folders, in
    reading order (sessions oldest first by modification time, each session's
    main file before its subagents'), and the paths that cannot be read as
    transcripts: given paths that do not exist, and given or found ones that are not
    regular files (a FIFO, a link to ``/dev/zero``: reading them would hang the import
    or fill its memory).

    ``since_epoch`` leaves out files not modified since then (they can only
    hold older lines)."""
    found: dict[str, float] = {}
    missing: list[str] = []
    for given in paths:
        p = os.path.expanduser(os.fspath(given))
        if os.path.isfile(p):
            _add(found, p)
        elif os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for name in sorted(files):
                    if name.endswith(".jsonl"):
                        path = os.path.join(root, name)
                        if os.path.isfile(path):
                            _add(found, path)
                        else:
                            missing.append(path)
        else:
            missing.append(os.fspath(given))
    if since_epoch is not None:
        found = {f: m for f, m in found.items() if m >= since_epoch}
    # A session's files: its main file and <session>/subagents/*.jsonl next to it.
    groups: dict[tuple, list] = {}
    for f, mtime in found.items():
        is_sub = os.path.basename(os.path.dirname(f)) == "subagents"
        groups.setdefault(_group_key(f), []).append((is_sub, mtime, f))

    def group_order(group):
        mains = [mtime for is_sub, mtime, _ in group if not is_sub]
        return (min(mains) if mains else min(mtime for _, mtime, _ in group), group[0][2])

    files = [f for group in sorted(groups.values(), key=group_order) for _, _, f in sorted(group)]
    return files, missing


def _add(found: dict, path: str) -> None:
    try:
        found[os.path.abspath(path)] = os.stat(path).st_mtime
    except OSError:
        pass


def files_size(files, stop_above: int | None = None) -> int:
    """Bytes in `files` (unreadable ones count 0); stops counting past `stop_above`."""
    total = 0
    for f in files:
        try:
            total += os.path.getsize(f)
        except OSError:
            pass
        if stop_above is not None and total > stop_above:
            break
    return total
