"""store.signature as it was before issue 35 (frozen here for bench_errors's before/after):

The signature names the error: the line of its output that says what went wrong
(the last ``Error:`` / ``error[E…]:`` / ``SomethingError:`` / ``fatal:`` line, so a
Python traceback is named by its exception; else the first line that sounds
like an error; else the first line that says anything).  Paths, numbers,
hashes, addresses, UUIDs and timestamps become placeholders.  When what is left
says too little to tell two failures apart (``Error``, ``<path>``, a version
number, no output at all), the failing command or call is part of the
signature, so failures that have nothing in common do not share a group.
"""

from __future__ import annotations

import re

_EXIT_CODE = re.compile(r"^\s*exit code -?\d+\s*$", re.IGNORECASE)
# A line that names an error: `Error: …`, `TypeError: …`, `error[E0308]: …`, `fatal: …`,
# `panic: …`, pytest's `E   ValueError: …`, npm's `npm ERR! Error: …`.
_NAMED = re.compile(
    r"^(?:E\s+|npm ERR! |error |ERROR |\[?error\]? )?"
    r"(?:[A-Za-z_][\w.]*(?:Error|Exception|Failure)|error(?:\[[^\]]{1,24}\])?|fatal|panic"
    r"|ERROR|FATAL|Uncaught [A-Za-z]*Error)\s*:",
)
# Lines that only say that something before them failed (cargo, make, yarn, CI runners).
_SUMMARY = re.compile(
    r"could not compile|previous errors?|command failed with exit code|process completed with"
    r" exit code|exited with (?:exit )?code|\*\*\* \[[^\]]*\] error \d+|^error: recipe for target"
    r"|^error: aborting due to|^fatal: the remote end hung up",
    re.IGNORECASE,
)
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
_PLACEHOLDER = re.compile(r"<(?:time|uuid|addr|hash|url|path|file|n)>")
_WORD = re.compile(r"[^\W\d_]{2,}")
# Words that say an error happened without saying which.
_GENERIC = frozenset(
    {"error", "errors", "err", "failed", "failure", "fail", "fatal", "exception", "warning",
     "warn", "info", "debug", "stderr", "stdout", "exit", "code", "status", "the", "an"}
)  # fmt: skip
MAX_SIGNATURE = 300
MAX_CALL = 160  # chars of the failing call kept in a signature


def error_signature(error_text: str, tool_name: str | None = None, call: str | None = None) -> str:
    """A stable, normalised key for an error message.

    `call` is what failed, as the error memory's first line says it (``$ npm test``,
    ``WebFetch https://…``): it joins the signature when the error's own line says
    too little to tell it from another failure."""
    line = normalise(headline(error_text))
    prefix = f"{tool_name}: " if tool_name else ""
    if says_enough(line):
        return prefix + line[:MAX_SIGNATURE]
    what = normalise(call or "")[:MAX_CALL]
    if not what:
        return prefix + (line or "<no output>")[:MAX_SIGNATURE]
    return prefix + (f"{what} -> {line}" if line else what)[:MAX_SIGNATURE]


def normalise(line: str) -> str:
    """`line` with its variable parts (paths, numbers, times, ids...) as placeholders."""
    for pattern, placeholder in _REPLACEMENTS:
        line = pattern.sub(placeholder, line)
    return line.strip()


def says_enough(line: str) -> bool:
    """A normalised line names an error by itself: two words beyond the generic ones
    (`error`, `failed`...) and the placeholders, or a phrase in a script without spaces."""
    words = [w for w in _WORD.findall(_PLACEHOLDER.sub(" ", line)) if w.lower() not in _GENERIC]
    if len(words) >= 2:
        return True
    return len(words) == 1 and not words[0].isascii()


def headline(error_text: str) -> str:
    """The one line of an error's text that says what went wrong."""
    if not isinstance(error_text, str):
        error_text = str(error_text)
    lines = [ln.strip() for ln in error_text.splitlines()]
    lines = [ln for ln in lines if ln and not _EXIT_CODE.match(ln)]
    if not lines:
        return ""
    named = [ln for ln in lines if _NAMED.match(ln) and not _SUMMARY.search(ln)]
    if named:
        return named[-1][:MAX_SIGNATURE]  # the last: Python puts the exception last
    errorish = [ln for ln in lines if _ERRORISH.search(ln) and not _SUMMARY.search(ln)]
    for ln in errorish:
        if says_enough(normalise(ln)):
            return ln[:MAX_SIGNATURE]
    for ln in lines:
        if says_enough(normalise(ln)):
            return ln[:MAX_SIGNATURE]
    return (errorish or lines)[0][:MAX_SIGNATURE]
