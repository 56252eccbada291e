"""How values look on screen: local times, durations, ellipses, highlighted snippets, memory bodies.

Stored times are UTC ISO-8601 ("2025-05-02T14:03:12.000000Z"); they are shown
in `tz` (None = the system's local time, with its daylight-saving rules).
"""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta, tzinfo

from rich.cells import cell_len
from rich.text import Text

from store.display import inert, inert_line
from store.search import HIGHLIGHT, SNIPPET_LEAD

ELLIPSIS = "…"

TYPE_LABELS = {
    "prompt": "prompt",
    "file_edit": "edit",
    "file_write": "write",
    "command": "cmd",
    "error": "error",
    "observation": "note",
    "response": "reply",
    "compact_summary": "compact",
    "subagent": "agent",
    "web": "web",
    "mcp": "mcp",
    "notebook_edit": "notebook",
    "file_read": "read",
    "search": "search",
}
TYPE_STYLES = {
    "prompt": "bold magenta",
    "file_edit": "green",
    "file_write": "green",
    "notebook_edit": "green",
    "command": "cyan",
    "error": "bold red",
    "subagent": "blue",
    "compact_summary": "yellow",
    "web": "blue",
    "mcp": "blue",
}
ERROR_STYLE = "bold red"
HIT_STYLE = "bold reverse"


# -- time -----------------------------------------------------------------------


def parse_utc(value: str | None) -> datetime | None:
    """A stored timestamp as an aware UTC datetime (None if missing or unreadable)."""
    if not value or not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value)  # 3.11+ reads the trailing Z
    except ValueError:
        return None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed


def to_local(value: str | datetime | None, tz: tzinfo | None = None) -> datetime | None:
    moment = parse_utc(value) if isinstance(value, str) or value is None else value
    if moment is None:
        return None
    return moment.astimezone(tz) if tz is not None else moment.astimezone()


def local_time(
    value: str | datetime | None, tz: tzinfo | None = None, *, now: datetime | None = None,
    style: str = "short",
) -> str:  # fmt: skip
    """A stored time in local time.

    style: "clock" (14:03:12), "short" (May 02 14:03, or 2024 May 02 in another
    year than `now`, the current time when not given), "full" (2025-05-02 14:03:12 +0200).
    """
    moment = to_local(value, tz)
    if moment is None:
        return "—"
    if style == "clock":
        return moment.strftime("%H:%M:%S")
    if style == "full":
        return moment.strftime("%Y-%m-%d %H:%M:%S %z").strip()
    if to_local(now if now is not None else datetime.now(UTC), tz).year != moment.year:
        return moment.strftime("%Y %b %d")
    return moment.strftime("%b %d %H:%M")


def utc_iso(moment: datetime) -> str:
    """`moment` in the stored format (UTC, microseconds, Z): for `since`/`until` filters."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def duration(seconds: float | None) -> str:
    """45s, 12m, 1h 05m, 2d 3h; "—" when unknown."""
    if seconds is None or seconds < 0:
        return "—"
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds}s"
    minutes = seconds // 60
    if minutes < 60:
        return f"{minutes}m"
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        return f"{hours}h {minutes:02d}m"
    days, hours = divmod(hours, 24)
    return f"{days}d {hours}h"


def seconds_between(start: str | None, end: str | datetime | None) -> float | None:
    a = parse_utc(start)
    b = parse_utc(end) if isinstance(end, str) or end is None else end
    if a is None or b is None:
        return None
    return (b - a).total_seconds()


def ago(value: str | None, now: datetime) -> str:
    """How long before `now`: "just now", "5m ago", "3h ago", "2d ago"."""
    seconds = seconds_between(value, now)
    if seconds is None:
        return "—"
    if seconds < 45:
        return "just now"
    return duration(seconds).split(" ")[0] + " ago"


def session_duration(session: dict, now: datetime) -> float | None:
    """A session's length: stored, or up to its last activity while it runs."""
    if session.get("duration_s") is not None:
        return session["duration_s"]
    end = session.get("ended_at") or session.get("last_activity_at")
    return seconds_between(session.get("started_at"), end or now)


LIVE_WINDOW = timedelta(minutes=15)


def is_live(session: dict, now: datetime) -> bool:
    """Not ended and active in the last 15 minutes (a crashed session never ends)."""
    if session.get("ended_at"):
        return False
    last = parse_utc(session.get("last_activity_at") or session.get("started_at"))
    return last is not None and now - last < LIVE_WINDOW


# -- text -----------------------------------------------------------------------


def first_line(text: str | None) -> str:
    """The first non-blank line of stored text, inert (see `store.display`)."""
    for line in (text or "").splitlines():
        if line.strip():
            return inert_line(line)
    return ""


def one_line(text: str | None) -> str:
    """Stored text as one inert line: whitespace folded, control characters made visible."""
    return inert_line(text)


def safe_text(text: str | None, style: str = "", *, single_line: bool = False, **kwargs) -> Text:
    """Stored text as a rich Text: inert, never parsed as markup (the one builder for it)."""
    return Text(inert_line(text) if single_line else inert(text), style=style, **kwargs)


def ellipsize(text: str, width: int) -> str:
    """`text` cut to `width` terminal cells, ending in an ellipsis when cut (wide chars aware)."""
    if width <= 0:
        return ""
    text = inert(text, keep_layout=False)
    if cell_len(text) <= width:
        return text
    out = []
    used = 0
    for ch in text:
        w = cell_len(ch)
        if used + w > width - 1:
            break
        out.append(ch)
        used += w
    return "".join(out) + ELLIPSIS


def cell(text: str | None, style: str = "") -> Text:
    """A one-line table cell that ends in an ellipsis instead of wrapping."""
    return Text(one_line(text), style=style, no_wrap=True, overflow="ellipsis", end="")


def number(n: int | None) -> str:
    return "—" if n is None else f"{n:,}"


def plural(n: int, word: str, many: str | None = None) -> str:
    """`1 match`, `2 matches`, `1,842 memories`: the count with the right form of `word`."""
    if n == 1:
        return f"{number(n)} {word}"
    if many is None:
        if word.endswith(("s", "sh", "ch", "x", "z")):
            many = word + "es"
        elif word.endswith("y") and word[-2:-1] not in ("a", "e", "i", "o", "u"):
            many = word[:-1] + "ies"
        else:
            many = word + "s"
    return f"{number(n)} {many}"


def short_path(path: str | None) -> str:
    """`path` with the home folder shown as ~."""
    if not path:
        return ""
    path = inert_line(path)
    home = os.path.expanduser("~")
    if home and home != "/" and (path == home or path.startswith(home + os.sep)):
        return "~" + path[len(home) :]
    return path


def type_label(mtype: str | None) -> Text:
    mtype = mtype or "observation"
    return Text(TYPE_LABELS.get(mtype) or inert_line(mtype), style=TYPE_STYLES.get(mtype, "dim"), no_wrap=True,
                overflow="ellipsis", end="")  # fmt: skip


def tool_label(name: str) -> str:
    """A tool name for people: MCP tools (`mcp__github__create_issue`) as `github · create_issue`."""
    name = inert_line(name)
    server, sep, tool = name.removeprefix("mcp__").partition("__")
    if not name.startswith("mcp__") or not sep or not server or not tool:
        return name
    return f"{server} · {tool}"


def snippet_text(
    snippet: str | None, marks: tuple[str, str] = HIGHLIGHT, base_style: str = "",
    lead_cells: int = SNIPPET_LEAD,
) -> Text:  # fmt: skip
    """A search snippet with its marked matches highlighted (markers removed).

    At most `lead_cells` terminal cells come before the first match, so a narrow
    column still shows it (the store counts its lead in characters; Korean or
    CJK text takes two cells a character).
    """
    text = Text(style=base_style, no_wrap=True, overflow="ellipsis", end="")
    start, end = marks
    rest = " ".join((snippet or "").split())  # the marks are control characters: inert per piece
    pieces: list[tuple[str, bool]] = []
    inside = False
    while rest:
        marker = end if inside else start
        idx = rest.find(marker)
        piece = rest if idx < 0 else rest[:idx]
        if piece:
            pieces.append((inert(piece, keep_layout=False), inside))
        if idx < 0:
            break
        rest = rest[idx + len(marker) :]
        inside = not inside
    for piece, hit in _lead_trimmed(pieces, lead_cells):
        text.append(piece, style=HIT_STYLE if hit else "")
    return text


def _lead_trimmed(pieces: list[tuple[str, bool]], lead_cells: int) -> list[tuple[str, bool]]:
    """`pieces` with the context before the first match cut to `lead_cells` cells ("…" first)."""
    if not pieces or pieces[0][1]:
        return pieces
    lead = pieces[0][0]
    if len(pieces) == 1 or cell_len(lead) <= lead_cells:
        return pieces
    kept: list[str] = []
    used = cell_len(ELLIPSIS)
    for ch in reversed(lead):
        used += cell_len(ch)
        if used > lead_cells:
            break
        kept.append(ch)
    tail = "".join(reversed(kept))
    space = tail.find(" ")
    if 0 <= space < len(tail) - 1:  # start at a word, as the store does
        tail = tail[space + 1 :]
    return [(ELLIPSIS + tail, False), *pieces[1:]]


# -- memory bodies --------------------------------------------------------------


def _diff_line_style(line: str) -> str:
    if line.startswith("+"):
        return "green"
    if line.startswith("-"):
        return "red"
    if line.startswith("@@"):
        return "cyan"
    return ""


def memory_body(memory: dict, max_lines: int | None = None, *, wrap: bool = True) -> Text:
    """A memory's content, coloured by type: diffs, commands and output, errors, prompts.

    `max_lines` keeps the first lines and says how many more there are;
    `wrap=False` cuts long lines with an ellipsis (cards) instead of wrapping.
    """
    content = inert((memory.get("content") or "").replace("\t", "    ").rstrip())
    mtype = memory.get("type") or ""
    lines = content.splitlines() or [""]
    cut = 0
    if max_lines is not None and len(lines) > max_lines:
        cut = len(lines) - max_lines
        lines = lines[:max_lines]
    text = Text(overflow="fold" if wrap else "ellipsis", no_wrap=not wrap, end="")
    for i, line in enumerate(lines):
        if i:
            text.append("\n")
        style = ""
        if mtype in ("file_edit", "notebook_edit"):
            style = "bold" if i == 0 else _diff_line_style(line)
        elif mtype == "file_write":
            style = "bold" if i == 0 else "green"
        elif mtype == "command":
            style = "bold cyan" if line.startswith("$ ") else "dim" if i else ""
        elif mtype == "error":
            style = "bold red" if i == 0 else "red"
        elif mtype == "prompt":
            style = "bold"
        text.append(line, style=style)
    if cut:
        text.append(f"\n… {cut} more line{'s' if cut != 1 else ''}", style="dim italic")
    return text
