"""Small text and path helpers shared by the hooks, the store and the app (stdlib only)."""
from __future__ import annotations

MAX_CONTENT_CHARS = 4000
BYTES_PER_TOKEN = 4  # the token estimate every budget uses (memory files, memlane's blocks)

_MARKER = "\n… [{n} chars cut] …\n"


def _is_high(ch: str) -> bool:
    return "\ud800" <= ch <= "\udbff"


def _is_low(ch: str) -> bool:
    return "\udc00" <= ch <= "\udfff"


def _safe_head_end(text: str, end: int) -> int:
    """Move ``end`` back so text[:end] does not end on a lone high surrogate."""
    if 0 < end < len(text) and _is_high(text[end - 1]) and _is_low(text[end]):
        return end - 1
    return end


def _safe_tail_start(text: str, start: int) -> int:
    """Move ``start`` forward so text[start:] does not begin on a lone low surrogate."""
    if 0 < start < len(text) and _is_low(text[start]) and _is_high(text[start - 1]):
        return start + 1
    return start


def cap_text(text: str, limit: int = MAX_CONTENT_CHARS) -> str:
    """Return ``text`` if it fits in ``limit`` chars, else head + marker + tail.

    The result is never longer than ``limit``. The marker is
    ``\\n… [N chars cut] …\\n`` where N is the number of characters removed.
    Cuts prefer line boundaries near the cut point and never split a UTF-16
    surrogate pair (which can appear in strings decoded from JSON escapes).
    """
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    if limit is None or len(text) <= limit:
        return text
    if limit <= 0:
        return ""
    # Upper bound of the marker length: N has at most as many digits as len(text).
    marker_len = len(_MARKER.format(n=len(text)))
    budget = limit - marker_len
    if budget < 2:
        return text[: _safe_head_end(text, limit)]
    head_len = budget - budget // 2  # head gets the odd char
    tail_len = budget // 2
    head_end = head_len
    # Prefer ending the head at a newline in its last fifth.
    nl = text.rfind("\n", head_len - max(1, head_len // 5), head_len)
    if nl > 0:
        head_end = nl
    head_end = _safe_head_end(text, head_end)
    tail_start = len(text) - tail_len
    nl = text.find("\n", tail_start, tail_start + max(1, tail_len // 5))
    if nl != -1 and nl + 1 < len(text):
        tail_start = nl + 1
    tail_start = _safe_tail_start(text, tail_start)
    if tail_start < head_end:  # pragma: no cover - only for absurd limits
        tail_start = head_end
    cut = tail_start - head_end
    return text[:head_end] + _MARKER.format(n=cut) + text[tail_start:]


def storable(text: str) -> str:
    """`text` with lone surrogates (JSON can carry "\\ud800") as U+FFFD: SQLite cannot take them."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def one_line(text: object, limit: int | None = None) -> str:
    """`text` as one line of visible characters: whitespace folded to single spaces, other
    invisible characters (control, zero-width, bidi) dropped, cut to `limit` with a "…"."""
    if text is None:
        return ""
    if not isinstance(text, str):
        text = str(text)
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else (" " if ch.isspace() else "") for ch in text)
    text = " ".join(text.split())
    if limit is not None and len(text) > limit:
        text = text[: max(1, limit - 1)].rstrip() + "…"
    return text


def _slashes(path: str) -> str:
    return path.replace("\\", "/")


def _is_windows_path(path: str) -> bool:
    return len(path) >= 2 and path[1] == ":" or path.startswith("\\\\") or "\\" in path


def basename(path: str) -> str:
    """The last part of a POSIX or Windows path ("" for "" or "/")."""
    p = _slashes(path).rstrip("/")
    return p.rsplit("/", 1)[-1] if p else ""


def relative_path(path: str, cwd: str | None) -> str | None:
    """`path` relative to `cwd` with "/" separators, or None when it is not under `cwd`.
    Windows paths (either side) compare without case, as Windows does."""
    if not cwd:
        return None
    p = _slashes(path)
    c = _slashes(cwd).rstrip("/")
    if not c:
        return None
    if _is_windows_path(path) or _is_windows_path(cwd):
        pl, cl = p.lower(), c.lower()
    else:
        pl, cl = p, c
    if pl.startswith(cl + "/") and len(p) > len(c) + 1:
        return p[len(c) + 1 :]
    return None


def estimate_tokens(size_bytes: int) -> int:
    """About how many tokens `size_bytes` of UTF-8 text is (four bytes a token, rounded up)."""
    return (max(0, int(size_bytes)) + BYTES_PER_TOKEN - 1) // BYTES_PER_TOKEN


def text_tokens(text: str) -> int:
    """`estimate_tokens` of `text` encoded as UTF-8 (0 for no text)."""
    return estimate_tokens(len(text.encode("utf-8", "replace"))) if text else 0
