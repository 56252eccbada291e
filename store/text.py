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


def one_line(text: object, limit: int | None = None) -> str:
    """`text` as one line: whitespace folded to single spaces, other invisible characters
    (control, zero-width, bidi) dropped, cut to `limit` characters at most (`cut_line`).
    For text a person reads, `store.display.shown_line` keeps those characters visible."""
    if text is None:
        return ""
    if not isinstance(text, str):
        text = str(text)
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else (" " if ch.isspace() else "") for ch in text)
    return cut_line(" ".join(text.split()), limit)


def cut_line(text: str, limit: int | None) -> str:
    """`text` cut to `limit` characters at most, the last a "…" with no space before it."""
    if limit is not None and len(text) > limit:
        text = text[: max(0, limit - 1)].rstrip() + "…"
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


# ------------------------------------------------------- console code pages
def _has_cjk(text: str) -> bool:
    return any("\u3040" <= c <= "\u30ff" or "\u3400" <= c <= "\u9fff" or "\uac00" <= c <= "\ud7af"
               for c in text)  # fmt: skip


def _common_chinese(text: str) -> bool:
    """Most of the Chinese characters in `text` are GB2312's common ones (level 1), as a console's
    messages are; accented Latin letters read as GBK pair into rare ones ("Größe": level 2)."""
    hanzi = [c for c in text if "\u4e00" <= c <= "\u9fff"]
    common = 0
    for c in hanzi:
        try:
            common += 0xB0 <= c.encode("gb2312")[0] <= 0xD7
        except UnicodeError:
            pass
    return bool(hanzi) and common >= 0.8 * len(hanzi)


def readable(text: str) -> str:
    """`text` as its console wrote it, when it is recognisably bytes of one encoding read
    as another: GBK (a Chinese Windows console) read one byte a character, or UTF-8 read as
    GBK.  Anything else is returned as it is: a repair is taken only when it decodes and
    gives CJK text, never by guesswork.  Bytes already replaced (U+FFFD) are gone."""
    if not text or text.isascii():
        return text
    high = [c for c in text if not c.isascii()]
    if all("\x80" <= c <= "\xff" for c in high):  # one byte a character
        try:
            fixed = text.encode("latin-1").decode("gbk")
        except UnicodeError:
            return text
        return fixed if _has_cjk(fixed) and _common_chinese(fixed) else text
    # Every character of UTF-8 read as GBK is GBK's, but for a byte GBK could not pair, lost
    # already (U+FFFD): 0xFF stands for it, never UTF-8.
    try:
        raw = b"\xff".join(part.encode("gbk") for part in text.split("\ufffd"))
    except UnicodeError:
        return text
    fixed = raw.decode("utf-8", errors="replace")
    lost, lost_before = fixed.count("\ufffd"), text.count("\ufffd")
    # Real CJK text written as GBK never decodes as UTF-8 but for a few bytes at most; a lost
    # byte costs the character it belonged to (one U+FFFD for the rest of it, one for itself).
    if fixed != text and _has_cjk(fixed) and lost <= 2 * lost_before + max(2, len(fixed) // 20):
        while "\ufffd\ufffd" in fixed:
            fixed = fixed.replace("\ufffd\ufffd", "\ufffd")
        return fixed
    return text


def console_text(text: str) -> str:
    """A command's output as its console wrote it: each line `readable` on its own (a tool's
    own UTF-8 lines and a console's mis-read ones share an output).  Lines end at "\n" only:
    "\x85", a line break to `str.splitlines`, is a GBK byte read one byte a character."""
    if not isinstance(text, str) or text.isascii():
        return text
    return "\n".join(readable(line) for line in text.split("\n"))
