"""The secrets audit over Claude Code's memory files, and redaction in the file itself.

Finding uses memlane's own detector (`store.privacy.find_secrets`), so a credential is
caught by what it is.  Redacting changes the person's file, so it is done only when asked
(the app asks first), and only if the file still holds what was audited:

- a copy of the file as it was goes first to `<memlane home>/backups/claude-memory/`
  (owner-only), so nothing is lost;
- the file is rewritten in place, through its symbolic link if it is one: the link stays
  a link, the file keeps its mode, its owner and its hard links.
"""

from __future__ import annotations

import hashlib
import os
import time

from store.claude_memory.files import read_text
from store.errors import MemlaneError

BACKUP_DIR = ("backups", "claude-memory")


class Changed(MemlaneError):
    """The file changed since it was audited: nothing was written."""


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def find_in_text(text: str, extra_patterns=()) -> list[dict]:
    """{kind, line (1-based), start, end (offsets in the text), masked (the line, the secret hidden)}."""
    from store.privacy import find_secrets

    found = []
    for kind, start, end in find_secrets(text, extra_patterns):
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", end)
        line_end = len(text) if line_end < 0 else line_end
        masked = text[line_start:start] + f"[{kind}]" + text[end:line_end]
        found.append({"kind": kind, "line": text.count("\n", 0, start) + 1, "start": start, "end": end,
                      "masked": masked.strip()[:300]})  # fmt: skip
    return found


def audit_files(files: list[dict], extra_patterns=()) -> list[dict]:
    """Every file of `files` (`loaded_files` entries) holding a secret, read now:
    {path, kind (the file's), digest (of the text audited), findings}."""
    out = []
    seen = set()
    for entry in files:
        path = entry["path"]
        if path in seen:
            continue
        seen.add(path)
        text = read_text(path)
        if not text:
            continue
        findings = find_in_text(text, extra_patterns)
        if findings:
            out.append({"path": path, "kind": entry["kind"], "digest": digest(text), "findings": findings})
    return out


def redact_file(path: str, expected_digest: str, extra_patterns=(), *, now: float | None = None) -> dict:
    """Replace every secret in the file at `path` with `[REDACTED:<kind>]`, in place.

    Raises Changed when the file no longer holds the text audited (its digest), OSError when
    it cannot be written.  Returns {path, redacted (how many), backup (the copy's path)}."""
    from store.claude_memory.files import FULL_LIMIT
    from store.files import make_private_dir, open_private
    from store.paths import memlane_home
    from store.privacy import redact_secrets

    real = os.path.realpath(path)
    if os.path.getsize(real) > FULL_LIMIT:
        raise Changed(f"{path} is bigger than memlane reads whole; redact it by hand.")
    text = read_text(real)
    if text is None or digest(text) != expected_digest:
        raise Changed(f"{path} changed since it was audited; audit it again.")
    clean = redact_secrets(text, extra_patterns)
    count = len(find_in_text(text, extra_patterns))
    if clean == text:
        return {"path": path, "redacted": 0, "backup": None}
    folder = os.path.join(memlane_home(), *BACKUP_DIR)
    make_private_dir(folder, "the memory-file backups folder")
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(now))
    name = f"{stamp}-{hashlib.sha256(real.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}-{os.path.basename(real)}"
    backup = os.path.join(folder, name)
    fd = open_private(backup, os.O_WRONLY | os.O_CREAT | os.O_EXCL, "a memory-file backup")
    with os.fdopen(fd, "wb") as fh:
        fh.write(text.encode("utf-8", "surrogatepass"))
        fh.flush()
        os.fsync(fh.fileno())
    data = clean.encode("utf-8", "surrogatepass")
    with open(real, "r+b") as fh:  # in place: the mode, the owner, every link stay as they were
        fh.write(data)
        fh.truncate()
        fh.flush()
        os.fsync(fh.fileno())
    return {"path": path, "redacted": count, "backup": backup}
