"""The CLI's tables of memories, sessions, errors and stats (rich, loaded only when printed)."""

from __future__ import annotations

from tui.formatting import duration, human_bytes, local_time, one_line


def _console():
    from rich.console import Console

    return Console(highlight=False)


def print_memories(rows: list[dict], query: str) -> None:
    from rich.table import Table

    from store.display import inert_line
    from tui.rich_text import cell, snippet_text, type_label

    console = _console()
    if not rows:
        # the query is typed text: inert (no ESC reaches the terminal) and never read as markup
        message = f'No memories match "{inert_line(query)}".' if query.strip() else "No memories yet."
        console.print(message, markup=False)
        return
    table = Table(show_edge=False, pad_edge=False, expand=False)
    table.add_column("id", justify="right", style="dim", no_wrap=True)
    table.add_column("when", no_wrap=True)
    table.add_column("type", no_wrap=True)
    table.add_column("project", no_wrap=True, max_width=18, overflow="ellipsis")
    team = any("author" in r for r in rows)  # `search --team`: whose memory ("" = this machine's)
    if team:
        table.add_column("author", no_wrap=True, max_width=16, overflow="ellipsis")
    table.add_column("memory", ratio=1, overflow="fold")
    for r in rows:
        text = r.get("snippet") if query.strip() else one_line(r.get("content"), 200)
        body = snippet_text(text)
        body.no_wrap, body.overflow = False, "fold"
        if r.get("file_path"):
            body = _join_text(r["file_path"], body)
        cells = [str(r["id"]), local_time(r.get("created_at")), type_label(r.get("type")), cell(r.get("project_name"))]
        if team:
            cells.append(inert_line(r.get("author") or "you"))
        table.add_row(*cells, body)
    console.print(table)


def _join_text(path: str, body):
    from rich.text import Text

    from store.display import inert_line

    out = Text(inert_line(path), style="bold", overflow="fold")
    out.append("  ")
    out.append_text(body)
    return out


def print_sessions(rows: list[dict]) -> None:
    from rich.table import Table
    from rich.text import Text

    from tui.rich_text import cell

    console = _console()
    if not rows:
        console.print("No sessions yet.")
        return
    from rich import box

    # At 80 columns the summary needs the room: no column rules, the session's id (whole
    # on one line, or a UUID's first eight) under its start time, the summary's first line.
    table = Table(show_edge=False, pad_edge=False, box=box.SIMPLE_HEAD, padding=(0, 1),
                  collapse_padding=True)  # fmt: skip
    table.add_column("started / id", no_wrap=True)
    table.add_column("project", no_wrap=True, max_width=14, overflow="ellipsis")
    table.add_column("length", justify="right", no_wrap=True)
    table.add_column("mem", justify="right", no_wrap=True)
    table.add_column("err", justify="right", no_wrap=True)
    table.add_column("summary", ratio=1, overflow="fold")
    for r in rows:
        first = next((line for line in (r.get("summary") or "").splitlines() if line.strip()), "")
        summary = Text(one_line(first, 200) or "—", overflow="fold")
        when = Text(local_time(r.get("started_at")))
        when.append("\n" + one_line(session_prefix(r["session_id"]), 200), style="dim")
        table.add_row(when, cell(r.get("project_name")),
                      duration(r.get("duration_s")), str(r.get("memory_count") or 0),
                      Text(str(r.get("error_count") or 0), style="red" if r.get("error_count") else "dim"),
                      summary)  # fmt: skip
    console.print(table)


def session_prefix(session_id: str) -> str:
    """A session id as every list of the app and the CLI shows it (`tui.formatting.short_id`):
    its first eight characters, which every `--session` option takes."""
    from tui.formatting import short_id

    return short_id(session_id)


def print_errors(rows: list[dict]) -> None:
    from rich.table import Table
    from rich.text import Text

    console = _console()
    if not rows:
        console.print("No recorded errors.")
        return
    styles = {"open": "bold red", "regressed": "bold magenta", "resolved": "green", "ignored": "dim"}
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("id", justify="right", style="dim", no_wrap=True)
    table.add_column("status", no_wrap=True)
    table.add_column("count", justify="right", no_wrap=True)
    table.add_column("last seen", no_wrap=True)
    table.add_column("first seen", no_wrap=True)
    table.add_column("error", ratio=1, overflow="fold")
    for r in rows:
        table.add_row(str(r["id"]), Text(one_line(r.get("status"), 20), style=styles.get(r.get("status"), "")),
                      str(r.get("count")), local_time(r.get("last_seen")), local_time(r.get("first_seen")),
                      Text(one_line(r.get("sample"), 300), overflow="fold"))  # fmt: skip
    console.print(table)


def print_stats(data: dict) -> None:
    from rich.table import Table
    from rich.text import Text

    table = Table(show_header=False, show_edge=False, pad_edge=False, box=None)
    table.add_column(style="bold")
    table.add_column()
    for label, value in (
        ("memories", f"{data['memories']:,}"), ("sessions", f"{data['sessions']:,}"),
        ("projects", f"{data['projects']:,}"),
        ("error groups", f"{data['error_groups']:,} ({data['open_errors']:,} open)"),
        ("oldest", local_time(data.get("oldest"), style="minute")),
        ("newest", local_time(data.get("newest"), style="minute")),
        ("database", f"{data.get('db_path')} ({human_bytes(data.get('db_bytes'))})"),
    ):  # fmt: skip
        table.add_row(label, Text(one_line(value, 500)))
    for mtype, count in (data.get("by_type") or {}).items():
        table.add_row(Text("  " + one_line(mtype, 40)), f"{count:,}")
    _console().print(table)


