"""How values read, for the CLI, /memory, the MCP tools and the app: local times, durations,
counts, sizes, one-line text. Plain strings, no rich: /memory and `--json` stay light
(`tui.rich_text` builds the styled cells, snippets and bodies from these).

Stored times are UTC ISO-8601 ("2025-05-02T14:03:12.000000Z"); they are shown
in `tz` (None = the system's local time, with its daylight-saving rules).
"""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta, tzinfo

from store.display import inert_line, shown_line
from store.times import duration

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
# The app's names for the stored types, which the CLI's --type takes too (`stored_type`).
TYPE_BY_LABEL = {label: mtype for mtype, label in TYPE_LABELS.items()}


def stored_type(name: str) -> str:
    """A type as stored, from its name in the app ("edit") or as stored ("file_edit")."""
    return TYPE_BY_LABEL.get(name, name)

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
    """A stored time in local time; "—" when missing or unreadable.

    style: "clock" (14:03:12), "short" (May 02 14:03, or 2024 May 02 in another
    year than `now`, the current time when not given), "minute" (2025-05-02 14:03:
    compact text for the model), "full" (2025-05-02 14:03:12 +0200).
    """
    moment = to_local(value, tz)
    if moment is None:
        return "—"
    if style == "clock":
        return moment.strftime("%H:%M:%S")
    if style == "minute":
        return moment.strftime("%Y-%m-%d %H:%M")
    if style == "full":
        return moment.strftime("%Y-%m-%d %H:%M:%S %z").strip()
    if to_local(now if now is not None else datetime.now(UTC), tz).year != moment.year:
        return moment.strftime("%Y %b %d")
    return moment.strftime("%b %d %H:%M")


def short_day(moment: datetime, today: datetime) -> str:
    """A day in at most 8 characters: "May 02" this year; in another, its year too, in ISO
    order ("24-05-02"): an imported store's rows of last year must not read as this year's."""
    if moment.year == today.year:
        return moment.strftime("%b %d")
    return moment.strftime("%y-%m-%d")


def utc_iso(moment: datetime) -> str:
    """`moment` in the stored format (UTC, microseconds, Z): for `since`/`until` filters."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


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

SHORT_ID = 8  # cells of a session id in every list of the app and the CLI


def short_id(session_id: str | None) -> str:
    """A session id as every list shows it: its first eight characters (a UUID's first
    group), which every `--session` option and the Cleanup filter take as a prefix."""
    return inert_line(session_id or "")[:SHORT_ID]



def forked_from(session: dict) -> str:
    """"forked from 7d0c6f9e · its name" for a forked session ("" for any other): the
    session it was copied from (`claude --resume --fork-session`), as a person knows it."""
    parent = session.get("forked_from")
    if not parent:
        return ""
    name = first_line(session.get("forked_from_name")).removeprefix("Task: ")
    return f"forked from {short_id(parent)}" + (f" · {name}" if name else "")


def first_line(text: str | None) -> str:
    """The first non-blank line of stored text, inert (see `store.display`)."""
    for line in (text or "").splitlines():
        if line.strip():
            return inert_line(line)
    return ""


# Stored text as one line a person reads: control characters shown, not dropped.
one_line = shown_line


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


def human_bytes(n: int | None) -> str:
    """A size in bytes for people: 512 B, 1.5 KB, 12 KB, 3.4 GB (powers of 1024, one decimal
    under 10); "—" when unknown."""
    if n is None:
        return "—"
    value = float(n)
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            if unit == "B":
                return f"{int(value)} B"
            return f"{value:.1f} {unit}" if value < 10 else f"{value:.0f} {unit}"
        value /= 1024
    return f"{value:.0f} GB"  # pragma: no cover - the loop returns


def short_path(path: str | None) -> str:
    """`path` with the home folder shown as ~."""
    if not path:
        return ""
    path = inert_line(path)
    home = os.path.expanduser("~")
    if home and home != "/" and (path == home or path.startswith(home + os.sep)):
        return "~" + path[len(home) :]
    return path


def tool_label(name: str) -> str:
    """A tool name for people: MCP tools (`mcp__github__create_issue`) as `github · create_issue`."""
    name = inert_line(name)
    server, sep, tool = name.removeprefix("mcp__").partition("__")
    if not name.startswith("mcp__") or not sep or not server or not tool:
        return name
    return f"{server} · {tool}"




# -- the injection ledger (store.reading.ledger): the same words in the app, the CLI and /memory ---------


def tokens_label(tokens: int) -> str:
    """`840`, `1.2k`, `31k`: a token count as the budget line says it."""
    if tokens < 1000:
        return str(tokens)
    if tokens < 10_000:
        return f"{tokens / 1000:.1f}k"
    return f"{round(tokens / 1000)}k"


def budget_line(budget: dict) -> str:
    """`3.1k tokens of memory: CLAUDE.md 1.2k, auto memory 1.5k, memlane 0.4k` (memlane's part
    only when the budget has one: a session's start, not the files alone)."""
    parts = [f"CLAUDE.md {tokens_label(budget.get('claude_md', budget.get('CLAUDE.md', 0)))}",
             f"auto memory {tokens_label(budget.get('auto_memory', budget.get('auto memory', 0)))}"]  # fmt: skip
    if "memlane" in budget:
        parts.append(f"memlane {tokens_label(budget['memlane'])}")
    return f"{tokens_label(budget.get('total', 0))} tokens of memory: " + ", ".join(parts)


def ledger_prompt(decision: dict) -> str:
    """What the decision answered: the prompt on one line, or the session's start (with the
    memory it started with, when the ledger holds it)."""
    if decision.get("event") == "start":
        context = [c for c in decision.get("context") or [] if c.get("source") != "left_out"]
        if context:
            from store.reading import start_budget

            return "(session start) " + budget_line(start_budget(context))
        return "(session start)"
    return one_line(decision.get("prompt")) or "(the prompt was not stored)"


def ledger_decision(decision: dict, *, short: bool = False) -> str:
    """`sent 3 memories: #12 #13 #14` or `silent: another session's task scored almost as high`."""
    from store.reading import REASONS

    items = decision.get("items") or []
    if decision.get("injected"):
        if short:
            return f"sent {len(items)}"
        return f"sent {plural(len(items), 'memory', 'memories')}: " + " ".join(f"#{i['memory_id']}" for i in items[:8])
    reason = decision.get("reason") or "nothing"
    if reason in ("start", "resume_new") and decision.get("chars"):  # recent sessions, errors: no memory ids
        return "sent the digest" if short else "sent the session digest (recent sessions, open errors)"
    if short:
        return f"silent: {reason}"
    return "silent: " + REASONS.get(reason, inert_line(reason))


def ledger_numbers(decision: dict) -> str:
    """`score 21.0 · next session 9.3 · x2.3 · 68% of the prompt`; '' when nothing was scored."""
    score, rival, share = decision.get("score"), decision.get("runner_up"), decision.get("share")
    if score is None:
        return ""
    parts = [f"score {score:.1f}"]
    parts += [f"next session {rival:.1f}", f"x{score / rival:.1f}"] if rival else ["no other session"]
    if share is not None:
        parts.append(f"{share:.0%} of the prompt")
    return " · ".join(parts)


def ledger_acted(decision: dict, *, short: bool | str = False) -> str:
    """Whether the model acted on what was sent: `yes: touched the injected file`, `no`, `…`
    (the turn goes on), '' for a silent decision."""
    from store.reading import ACTED

    if not decision.get("injected"):
        return ""
    acted = decision.get("acted")
    if acted is None:
        return "…"
    if not acted:
        return "no"
    how = decision.get("acted_how") or ""
    if short:
        return f"yes: {ACTED_SHORT.get(how, 'yes')}" if short == "medium" else "yes"
    return f"yes: {ACTED.get(how, inert_line(how))}"


ACTED_SHORT = {"file": "file", "command": "command", "show": "opened"}


def veto_label(veto: dict, memory: dict | None = None) -> str:
    """`memory #12: REFRESH_TTL = …`, `file ~/shop/src/auth/tokens.py`, `error group x7`."""
    kind, value = veto.get("kind"), inert_line(str(veto.get("value")))
    if kind == "file":
        return f"file {short_path(value)}"
    if kind == "error_group":
        return f"error group x{value}"
    about = f": {one_line(memory.get('content'))[:200]}" if memory else ""
    return f"memory #{value}{about}"
