"""Compact text of memories, sessions, errors and stats: what `/memory` gives the model."""

from __future__ import annotations

BRIEF_CONTENT_CHARS = 300


def plain(text: str | None) -> str:
    """A search snippet without its highlight markers."""
    from store.search import HIGHLIGHT

    return (text or "").replace(HIGHLIGHT[0], "").replace(HIGHLIGHT[1], "")


def _when(value: str | None) -> str:
    """A stored UTC time as local `YYYY-MM-DD HH:MM`."""
    if not value:
        return "?"
    from datetime import datetime

    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        from store.display import inert_line

        return inert_line(value[:16])
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def _squash(text: str | None, limit: int) -> str:
    """Stored text as one inert line of at most `limit` characters."""
    from store.display import inert_line

    text = inert_line(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _inert_output(render):
    """Whatever a compact renderer puts together from stored fields leaves inert."""
    import functools

    @functools.wraps(render)
    def wrapper(*args, **kwargs) -> str:
        from store.display import inert

        return inert(render(*args, **kwargs))

    return wrapper


@_inert_output
def brief_memories(rows: list[dict], query: str = "") -> str:
    if not rows:
        return f'No memories match "{query}".' if query.strip() else "No memories yet."
    head = _plural(len(rows), "memory", "memories") + (
        f' matching "{query}"' if query.strip() else ", newest first"
    )  # fmt: skip
    lines = [head + ":"]
    for r in rows:
        where = " ".join(x for x in (r.get("project_name"), r.get("file_path")) if x)
        if r.get("author"):  # `search --team`: a teammate's memory
            from store.display import inert_line

            where += f" (by {inert_line(r['author'])})"
        lines.append(f"#{r['id']} {_when(r.get('created_at'))} [{r.get('type')}] {where}".rstrip())
        body = plain(r.get("snippet")) if query.strip() and r.get("snippet") else r.get("content")
        lines.append("  " + _squash(body, BRIEF_CONTENT_CHARS))
    return "\n".join(lines)


def _duration(seconds) -> str:
    if seconds is None:
        return ""
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds}s"
    minutes = seconds // 60
    return f"{minutes}m" if minutes < 60 else f"{minutes // 60}h{minutes % 60:02d}m"


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


@_inert_output
def brief_sessions(rows: list[dict]) -> str:
    if not rows:
        return "No sessions yet."
    lines = []
    for r in rows:
        bits = [_plural(r.get("memory_count") or 0, "memory", "memories")]
        if r.get("error_count"):
            bits.append(_plural(r["error_count"], "error"))
        if r.get("duration_s") is not None:
            bits.insert(0, _duration(r["duration_s"]))
        name = r.get("project_name") or r.get("project") or "?"
        lines.append(f"## {name} {_when(r.get('started_at'))} ({', '.join(bits)}) session {r['session_id']}")
        lines.append(_squash(r.get("summary"), 600) or "(no summary yet)")
    return "\n".join(lines)


@_inert_output
def brief_errors(rows: list[dict]) -> str:
    if not rows:
        return "No recorded errors."
    lines = []
    for r in rows:
        lines.append(
            f"- [{r.get('status')}] x{r.get('count')} last {_when(r.get('last_seen'))}"
            f" {r.get('tool_name') or ''}: {_squash(r.get('sample'), 200)}"
            + (f" (note: {_squash(r.get('note'), 120)})" if r.get("note") else "")
        )
    return "\n".join(lines)


@_inert_output
def brief_stats(data: dict) -> str:
    types = ", ".join(f"{k} {v}" for k, v in (data.get("by_type") or {}).items())
    return "\n".join([
        f"{_plural(data['memories'], 'memory', 'memories')} in {_plural(data['sessions'], 'session')}"
        f" across {_plural(data['projects'], 'project')}",
        f"errors: {_plural(data['error_groups'], 'group')}, {data['open_errors']} open",
        f"from {_when(data.get('oldest'))} to {_when(data.get('newest'))}",
        f"by type: {types or '-'}",
        f"database: {data.get('db_path')} ({_size(data.get('db_bytes') or 0)})",
    ])  # fmt: skip


def _size(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return str(n)  # pragma: no cover


