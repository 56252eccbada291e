"""Where transcripts are and which files belong to one session.

Claude Code keeps a session's transcript at
``<projects>/<encoded-cwd>/<session-id>.jsonl`` and its subagents' at
``<session-id>/subagents/agent-*.jsonl`` beside it (older versions wrote
``agent-*.jsonl`` next to the session files, their lines naming the session).
"""
from __future__ import annotations

import os

from store.paths import claude_projects_dir, claude_settings_path  # noqa: F401  (the face hands it on)


def _subagents_folder(path: str) -> str | None:
    """The ``<session>/subagents`` folder a subagent's file is in: directly, or under
    ``workflows/wf_<id>/`` for the subagents a Workflow started (2.1.2xx)."""
    folder = os.path.dirname(path)
    if os.path.basename(folder) == "subagents":
        return folder
    workflows = os.path.dirname(folder)
    if os.path.basename(workflows) == "workflows" and os.path.basename(os.path.dirname(workflows)) == "subagents":
        return os.path.dirname(workflows)
    return None


def is_workflow_journal(path: str) -> bool:
    """A Workflow's ``journal.jsonl`` (its agents' start and result events): not a transcript."""
    return os.path.basename(path) == "journal.jsonl" and _subagents_folder(path) is not None


def session_id_for_path(path) -> str | None:
    """The session a transcript file belongs to, from its path: ``<id>.jsonl``, or
    ``<id>/subagents/agent-*.jsonl`` (``<id>/subagents/workflows/wf_*/agent-*.jsonl``) for
    a subagent (None for an old top-level ``agent-*.jsonl``, whose lines name their session)."""
    path = os.fspath(path)
    subagents = _subagents_folder(path)
    if subagents is not None:
        return os.path.basename(os.path.dirname(subagents)) or None
    stem = os.path.basename(path)
    if stem.endswith(".jsonl"):
        stem = stem[: -len(".jsonl")]
    if stem.startswith("agent-"):
        return None
    return stem or None


def _group_key(path: str):
    subagents = _subagents_folder(path)
    folder = os.path.dirname(os.path.dirname(subagents)) if subagents else os.path.dirname(path)
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


def persistence_note() -> str | None:
    """Why Claude Code may have kept no transcripts to import, when its settings say so
    (``cleanupPeriodDays`` 0: sessions are not saved); None when nothing says so.  A session
    run with ``--no-session-persistence`` leaves no file either, and no trace of it."""
    path = claude_settings_path()
    try:
        import json

        from store.files import read_regular

        settings = json.loads(read_regular(path, 4 << 20).decode("utf-8", "replace"))
    except (OSError, ValueError, RecursionError):
        return None
    days = settings.get("cleanupPeriodDays") if isinstance(settings, dict) else None
    if isinstance(days, (int, float)) and not isinstance(days, bool) and days <= 0:
        return (f"Claude Code is set not to keep sessions (cleanupPeriodDays is {days:g} in {path}): "
                "it saves no transcripts, so there is nothing to import; memlane's hooks still "
                "capture every session as it happens.")  # fmt: skip
    return None


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
            if not is_workflow_journal(p):
                _add(found, p)
        elif os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for name in sorted(files):
                    if name.endswith(".jsonl"):
                        path = os.path.join(root, name)
                        if is_workflow_journal(path):
                            continue  # a Workflow's own bookkeeping, not a session's lines
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
        is_sub = _subagents_folder(f) is not None
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
