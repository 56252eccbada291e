"""Which project a working directory belongs to: a stable key and a display name.

The key is the git top-level of `cwd`, with worktrees folded into their main
repository; `cwd` itself when it is not inside a repository (or no longer
exists, as for imported transcripts from another machine).  Reads `.git` files
directly instead of running git: a hook cannot afford a subprocess.

Only regular files are read, never waiting on one (a `.git` or `commondir`
that is a FIFO would otherwise hang the hook), and the walk up the folders
gives up after WALK_BUDGET_S.  Writers resolve the project before they take
the write lock.
"""

from __future__ import annotations

import os
import time

from store.files import first_line
from store.text import basename

WALK_BUDGET_S = 0.25


def resolve_project(cwd: str | None) -> tuple[str, str]:
    """(project key, project name) for a working directory."""
    if not cwd or not isinstance(cwd, str):
        return "", ""
    top = _git_top_level(cwd)
    key = top or cwd.rstrip("/\\") or cwd
    # The name is shown and matched: a folder named "site " is the project "site".
    return key, basename(key).strip() or key


def _git_top_level(cwd: str) -> str | None:
    path = os.path.abspath(cwd) if os.path.isabs(cwd) else None
    if path is None or not os.path.isdir(path):
        return None
    deadline = time.monotonic() + WALK_BUDGET_S
    for _ in range(64):
        if time.monotonic() > deadline:
            return None  # a slow file system: the folder itself is the project
        dot_git = os.path.join(path, ".git")
        if os.path.isdir(dot_git):
            return path
        if os.path.isfile(dot_git):
            return _main_repository(path, dot_git) or path
        parent = os.path.dirname(path)
        if parent == path:
            return None
        path = parent
    return None


def _main_repository(worktree: str, dot_git_file: str) -> str | None:
    """For a linked worktree, the folder of the repository it belongs to."""
    try:
        line = first_line(dot_git_file)
    except OSError:
        return None
    if not line.startswith("gitdir:"):
        return None
    gitdir = line[len("gitdir:") :].strip()
    if not os.path.isabs(gitdir):
        gitdir = os.path.normpath(os.path.join(worktree, gitdir))
    commondir_file = os.path.join(gitdir, "commondir")
    try:
        common = first_line(commondir_file)
    except OSError:
        return None  # a submodule: its own top-level is the project
    if not os.path.isabs(common):
        common = os.path.normpath(os.path.join(gitdir, common))
    if os.path.basename(common) == ".git":
        return os.path.dirname(common)
    return common  # a bare repository's worktree: name it by the bare repo
