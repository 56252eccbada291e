"""Compact text of memories, sessions, errors and stats: what `/memory` gives the model."""

from __future__ import annotations

from tui.formatting import duration, human_bytes, local_time, one_line, plural

BRIEF_CONTENT_CHARS = 300


def plain(text: str | None) -> str:
    """A search snippet without its highlight markers."""
    from store.search import HIGHLIGHT

    return (text or "").replace(HIGHLIGHT[0], "").replace(HIGHLIGHT[1], "")


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
    head = plural(len(rows), "memory") + (
        f' matching "{query}"' if query.strip() else ", newest first"
    )  # fmt: skip
    lines = [head + ":"]
    for r in rows:
        where = " ".join(x for x in (r.get("project_name"), r.get("file_path")) if x)
        if r.get("author"):  # `search --team`: a teammate's memory
            from store.display import inert_line

            where += f" (by {inert_line(r['author'])})"
        when = local_time(r.get("created_at"), style="minute")
        lines.append(f"#{r['id']} {when} [{r.get('type')}] {where}".rstrip())
        body = plain(r.get("snippet")) if query.strip() and r.get("snippet") else r.get("content")
        lines.append("  " + one_line(body, BRIEF_CONTENT_CHARS))
    return "\n".join(lines)


@_inert_output
def brief_sessions(rows: list[dict]) -> str:
    if not rows:
        return "No sessions yet."
    lines = []
    for r in rows:
        bits = [plural(r.get("memory_count") or 0, "memory")]
        if r.get("error_count"):
            bits.append(plural(r["error_count"], "error"))
        if r.get("duration_s") is not None:
            bits.insert(0, duration(r["duration_s"]))
        name = r.get("project_name") or r.get("project") or "?"
        when = local_time(r.get("started_at"), style="minute")
        lines.append(f"## {name} {when} ({', '.join(bits)}) session {r['session_id']}")
        lines.append(one_line(r.get("summary"), 600) or "(no summary yet)")
    return "\n".join(lines)


@_inert_output
def brief_errors(rows: list[dict]) -> str:
    if not rows:
        return "No recorded errors."
    lines = []
    for r in rows:
        last = local_time(r.get("last_seen"), style="minute")
        lines.append(
            f"- [{r.get('status')}] x{r.get('count')} last {last}"
            f" {r.get('tool_name') or ''}: {one_line(r.get('sample'), 200)}"
            + (f" (note: {one_line(r.get('note'), 120)})" if r.get("note") else "")
        )
    return "\n".join(lines)


@_inert_output
def brief_stats(data: dict) -> str:
    types = ", ".join(f"{k} {v}" for k, v in (data.get("by_type") or {}).items())
    oldest, newest = (local_time(data.get(end), style="minute") for end in ("oldest", "newest"))
    return "\n".join([
        f"{plural(data['memories'], 'memory')} in {plural(data['sessions'], 'session')}"
        f" across {plural(data['projects'], 'project')}",
        f"errors: {plural(data['error_groups'], 'group')}, {data['open_errors']} open",
        f"from {oldest} to {newest}",
        f"by type: {types or '-'}",
        f"database: {data.get('db_path')} ({human_bytes(data.get('db_bytes'))})",
    ])  # fmt: skip
