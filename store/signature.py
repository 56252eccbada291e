"""The normalised signature of an error, so the same error seen 40 times is one group.

Paths, numbers, hashes, addresses, UUIDs and timestamps are replaced by
placeholders; the line that says what went wrong is chosen from longer output.
"""

from __future__ import annotations

import re

_EXIT_CODE = re.compile(r"^\s*exit code -?\d+\s*$", re.IGNORECASE)
_ERRORISH = re.compile(
    r"error|exception|fail|fatal|cannot|can't|could not|not found|no such|denied|refused"
    r"|enoent|eacces|eaddrinuse|econnrefused|panic|undefined|traceback|unable|invalid|timed? ?out",
    re.IGNORECASE,
)
_REPLACEMENTS = [
    (re.compile(r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?"), "<time>"),
    (re.compile(r"\b\d{1,2}:\d{2}:\d{2}(\.\d+)?\b"), "<time>"),
    (re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", re.I), "<uuid>"),
    (re.compile(r"\b0x[0-9a-f]+\b", re.I), "<addr>"),
    (re.compile(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b", re.I), "<hash>"),
    (re.compile(r"https?://\S+"), "<url>"),
    (re.compile(r"(?:[A-Za-z]:)?(?:[\\/][\w.@+~-]+){2,}[\\/]?|(?:\.{1,2}|~)(?:[\\/][\w.@+~-]+)+"), "<path>"),
    (re.compile(r"\b[\w.-]+\.(?:py|js|ts|tsx|jsx|go|rs|rb|java|c|h|cpp|json|toml|yaml|yml|md|txt|sh)\b"), "<file>"),
    (re.compile(r"\d+"), "<n>"),
    (re.compile(r"\s+"), " "),
]
MAX_SIGNATURE = 300


def error_signature(error_text: str, tool_name: str | None = None) -> str:
    """A stable, normalised key for an error message."""
    line = headline(error_text)
    for pattern, placeholder in _REPLACEMENTS:
        line = pattern.sub(placeholder, line)
    line = line.strip()[:MAX_SIGNATURE]
    prefix = f"{tool_name}: " if tool_name else ""
    return prefix + (line or "<empty>")


def headline(error_text: str) -> str:
    """The one line of an error's text that says what went wrong."""
    if not isinstance(error_text, str):
        error_text = str(error_text)
    lines = [ln.strip() for ln in error_text.splitlines()]
    lines = [ln for ln in lines if ln and not _EXIT_CODE.match(ln)]
    if not lines:
        return ""
    errorish = [ln for ln in lines if _ERRORISH.search(ln)]
    if not errorish:
        return lines[0][:MAX_SIGNATURE]
    if any(ln.startswith("Traceback") for ln in lines):
        return errorish[-1][:MAX_SIGNATURE]  # Python puts the exception last
    return errorish[0][:MAX_SIGNATURE]
