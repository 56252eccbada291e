"""The normalised signature of an error, so the same error seen 40 times is one group.

The signature names the error: the line of its output that says what went wrong
(the last ``Error:`` / ``error[E…]:`` / ``SomethingError:`` / ``fatal:`` line, so a
Python traceback is named by its exception; else the first line that sounds
like an error (a heading such as ``error during build:`` by the line it heads);
else the first line that says anything).  Lines that only report progress are never
the name: a tool's start-up chatter (``Loaded Prisma config from …``, npm's ``> script``
echo), curl's progress meter, a ``key: value`` configuration dump, a stack frame.
Paths, hosts, numbers, hashes, addresses, UUIDs and timestamps become placeholders, and a
shell's ``bash: line 3:`` prefix goes.  When what is left says too little to tell two
failures apart (``Error``, ``<path>``, a version number, no output at all), or names no
error and says little (``Shutting down``), the failing command or call is part of
the signature, so failures that have nothing in common do not share a group.  Claude
Code's own refusals (``<tool_use_error>``) are one error whichever tool got them.

Console text a Windows console wrote in its code page (GBK on a Chinese system) and a
tool read one byte a character, or UTF-8 read as GBK, is read back as it was written, a
line at a time (``store.text.console_text``, which the capture rules apply before storing;
here for what an older memlane stored); bytes already replaced (U+FFFD) are gone, and such
a line is named by what is left of it.
"""

from __future__ import annotations

import re

from store.text import console_text

_EXIT_CODE = re.compile(r"^\s*(?:error:\s*)?exit code -?\d+\s*$", re.IGNORECASE)
_TOOL_USE_ERROR = re.compile(r"</?tool_use_error>")
# A line that names an error: `Error: …`, `TypeError: …`, `error[E0308]: …`, `fatal: …`,
# `panic: …`, pytest's `E   ValueError: …`, npm's `npm ERR! Error: …`.
_NAMED = re.compile(
    r"^(?:E\s+|npm ERR! |error |ERROR |\[?error\]? )?"
    r"(?:[A-Za-z_][\w.]*(?:Error|Exception|Failure)|[Ee]rror(?:\[[^\]]{1,24}\])?|fatal|panic"
    r"|ERROR|FATAL|Uncaught [A-Za-z]*Error)\s*:",
)
# Lines that only say that something before them failed (cargo, make, yarn, CI runners).
_SUMMARY = re.compile(
    r"could not compile|previous errors?|command failed with exit code|process completed with"
    r" exit code|exited with (?:exit )?code|\*\*\* \[[^\]]*\] error \d+|^error: recipe for target"
    r"|^error: aborting due to|^fatal: the remote end hung up|^x build failed in|build failed because of"
    r"|^failed to compile\.?$|a complete log of this run|^npm error (?:code|path|command|workspace|location)\b"
    r"|^npm error lifecycle script|elifecycle\b|^error: exit code",
    re.IGNORECASE,
)
# Lines that only report progress or set-up: never an error's name.
_CHATTER = re.compile(
    r"^(?:loaded \S+(?: \S+)? config(?:uration)? from|(?:prisma )?schema loaded from|datasource \"|◇ injected env"
    r"|environment variables loaded from|> |#\d+ (?:\[|\d+\.\d+ )|node\.js v\d|at |\d+ migrations? found"
    r"|(?:compiling|downloading|downloaded|installing|resolving|fetching|collecting|using cached|creating an "
    r"optimized|transforming|running|starting|building|checking|finished|✓|✔|▲|warning)\b"
    r"|% total\s+% received|dload\s+upload|[\d\s.:kmgbKMGB-]+$)",
    re.IGNORECASE,
)
_SETTING = re.compile(r"^\s+[\w.-]+:\s+\S+\s*$")  # an indented `key: value` of a configuration dump
_SHELL_PREFIX = re.compile(r"^(?:<path>|[a-z]*sh)(?:: line <n>)?: ")
_ERRORISH = re.compile(
    r"error|exception|fail|fatal|cannot|can't|could not|not found|no such|denied|refused"
    r"|enoent|eacces|eaddrinuse|econnrefused|panic|undefined|traceback|unable|invalid|timed? ?out"
    r"|drift|not in sync|conflict|mismatch|missing|violat|abort|reject|forbidden|unauthori[sz]ed|expired"
    r"|exceed|killed|terminated|segmentation|out of memory|not allowed|not supported|no such"
    r"|unexpected|unrecogni[sz]ed|unknown|not in \S+ format|not a valid|corrupt"
    r"|错误|錯誤|失败|失敗|找不到|无法|無法|不是内部或外部命令|拒绝|エラー|見つかりません|오류|에러|실패"
    r"|fehler|erreur|échec|ошибка|не удалось",
    re.IGNORECASE,
)
_REPLACEMENTS = [
    (re.compile(r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?"), "<time>"),
    (re.compile(r"\b\d{1,2}:\d{2}:\d{2}(\.\d+)?\b"), "<time>"),
    (re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", re.I), "<uuid>"),
    (re.compile(r"\b0x[0-9a-f]+\b", re.I), "<addr>"),
    (re.compile(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b", re.I), "<hash>"),
    (re.compile(r"https?://\S+"), "<url>"),
    (re.compile(r"\b(?:localhost|\d{1,3}(?:\.\d{1,3}){3})\b"), "<host>"),
    (re.compile(r"(?:[A-Za-z]:|[\w.@+~-]+(?=(?:[\\/][\w.@+~-]+){2}))?(?:[\\/][\w.@+~-]+){2,}[\\/]?"
                r"|(?:\.{1,2}|~)(?:[\\/][\w.@+~-]+)+"), "<path>"),
    (re.compile(r"\b[\w.-]+\.(?:py|js|ts|tsx|jsx|go|rs|rb|java|c|h|cpp|json|toml|yaml|yml|md|txt|sh)\b"), "<file>"),
    (re.compile(r"\d+"), "<n>"),
    (re.compile(r"\s+"), " "),
]
_PLACEHOLDER = re.compile(r"<(?:time|uuid|addr|hash|url|host|path|file|n)>")
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
    too little to tell it from another failure, or names no error."""
    line, named = _headline(error_text)
    own = bool(_TOOL_USE_ERROR.search(error_text)) if isinstance(error_text, str) else False
    line = _SHELL_PREFIX.sub("", normalise(line))
    prefix = f"{tool_name}: " if tool_name and not own else ""
    if says_enough(line) and (named or _words(line) >= SPECIFIC_WORDS):
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
    words = _meaningful(line)
    if len(words) >= 2:
        return True
    return len(words) == 1 and not words[0].isascii()


# A line that names no error but says this much is specific enough to be a group by itself
# ("This project is configured to use yarn because …"); a shorter one ("Shutting down")
# is joined with the call that failed.
SPECIFIC_WORDS = 6


def _meaningful(line: str) -> list[str]:
    return [w for w in _WORD.findall(_PLACEHOLDER.sub(" ", line)) if w.lower() not in _GENERIC]


def _words(line: str) -> int:
    return len(_meaningful(line))


def headline(error_text: str) -> str:
    """The one line of an error's text that says what went wrong."""
    return _headline(error_text)[0]


def _headline(error_text: str) -> tuple[str, bool]:
    """(the line that says what went wrong, whether it names an error: a named or
    error-sounding line, or a console line garbled past reading, rather than the first
    line that says anything)."""
    if not isinstance(error_text, str):
        error_text = str(error_text)
    own = _TOOL_USE_ERROR.search(error_text)
    text = console_text(_TOOL_USE_ERROR.sub("\n", error_text))
    raw = [ln for ln in re.split(r"\r\n|\r|\n", text) if ln.strip() and not _EXIT_CODE.match(ln)]
    if not raw:
        return "", False
    if own:  # Claude Code refused the call: its first line is the error
        return raw[0].strip()[:MAX_SIGNATURE], True
    settings = {i for i, ln in enumerate(raw) if _SETTING.match(ln)}
    lines = [ln.strip() for ln in raw]
    named = [ln for ln in lines if _NAMED.match(ln) and not _SUMMARY.search(ln)]
    if named:
        return _PYTEST_E.sub("", named[-1])[:MAX_SIGNATURE], True  # the last: Python puts the exception last
    failed = [ln for ln in lines if _PYTEST_FAILED.match(ln)]
    if failed:  # pytest's summary: which test, and how it failed
        return failed[0][:MAX_SIGNATURE], True
    said = [i for i, ln in enumerate(lines) if i not in settings and not _CHATTER.match(ln) and not _SUMMARY.search(ln)]
    for i in said:
        ln = lines[i]
        if not (_ERRORISH.search(ln) or "\ufffd" in ln):
            continue
        if ln.endswith((":", "：")):  # a heading (`error during build:`): the line it heads names it
            following = next((lines[j] for j in said if j > i), "")
            if following and says_enough(normalise(following)):
                return following[:MAX_SIGNATURE], True
        if says_enough(normalise(ln)):
            return ln[:MAX_SIGNATURE], True
    for i in said:
        if not lines[i].endswith((":", "：")) and says_enough(normalise(lines[i])):
            return lines[i][:MAX_SIGNATURE], False
    errorish = [ln for ln in lines if _ERRORISH.search(ln) and not _SUMMARY.search(ln)]
    return (errorish or lines)[0][:MAX_SIGNATURE], False


_PYTEST_FAILED = re.compile(r"^FAILED \S+::\S+")
_PYTEST_E = re.compile(r"^E\s+(?=\S)")  # pytest's `E   ValueError: …` is the exception's own line
