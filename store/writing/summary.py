"""Session summary without an LLM, built from the session's Memory dicts.

``build_summary(memories, started_at, ended_at)`` returns a few short lines,
most informative first, e.g.::

    Task: fix the add function
    Edited 3 files: config.ts, handler.ts, schema.ts
    Commands: npm test; git commit -m "fix add"
    Errors (1): ENOENT /tmp/missing.txt
    Also: 1 subagent, 2 web
    [15 observations, 120s, tools: Edit/Bash/Write]

The task is the first prompt the user wrote: one Claude Code wrote itself (an approved
plan, a compaction's continuation, a hook's feedback; ``is_generated_prompt``) is not;
a session started to implement a plan has a ``Plan:`` line instead.

Deterministic (depends only on the arguments, in their order) and at most
``MAX_SUMMARY_CHARS`` characters. Returns "" for an empty session.
"""
from __future__ import annotations

from store.database import FILE_TYPES
from store.text import basename, one_line

MAX_SUMMARY_CHARS = 600

_OTHER_LABELS = (
    ("subagent", "subagent", "subagents"),
    ("web", "web", "web"),
    ("mcp", "MCP call", "MCP calls"),
    ("compact_summary", "compaction", "compactions"),
)


def _s(value) -> str:
    return value if isinstance(value, str) else ""


def _first_line(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return ""


def _join_limited(items: list[str], sep: str, limit: int) -> str:
    """Join items until ``limit`` chars; append ``+N more`` for the rest."""
    out = ""
    for i, item in enumerate(items):
        piece = item if not out else sep + item
        rest = len(items) - i - 1
        more = f" +{rest} more" if rest else ""
        if out and len(out) + len(piece) + len(more) > limit:
            return out + f" +{len(items) - i} more"
        if not out and len(piece) + len(more) > limit:
            piece = one_line(piece, max(8, limit - len(more) - 1))
        out += piece
    return out


def _shell_command(line: str) -> str:
    cmd = line[2:].strip()
    # drop the "  (note)" the capture rules append
    if cmd.endswith(")") and "  (" in cmd:
        cmd = cmd[: cmd.rindex("  (")]
    return one_line(cmd, 60)


def _command_of(mem: dict) -> str:
    content = _s(mem.get("content"))
    tags = _s(mem.get("tags")).split()
    # Most commands start "$ cmd": read only that first line, not the whole output
    # (a forget re-summarises thousands of sessions).  The shortcut holds when the
    # text up to the first "\n" is non-blank and has no other line break in it,
    # so it is exactly the first line splitlines() would give.
    end = content.find("\n")
    head = content if end < 0 else content[:end]
    if head.strip() and head.splitlines() == [head]:
        if "commit" in tags and not head.startswith("$ "):
            return f'git commit -m "{one_line(head, 50)}"'
        if head.startswith("$ "):
            return _shell_command(head)
    lines = [line for line in content.splitlines() if line.strip()]
    if "commit" in tags and lines and not lines[0].startswith("$ "):
        return f'git commit -m "{one_line(lines[0], 50)}"'
    for line in lines:
        if line.startswith("$ "):
            return _shell_command(line)
    return one_line(lines[0], 60) if lines else ""


def _error_of(mem: dict) -> str:
    lines = [line.strip() for line in _s(mem.get("content")).splitlines() if line.strip()]
    what = ""
    for i, line in enumerate(lines):
        if i == 0 and (line.startswith("$ ") or len(lines) > 1):
            what = line
            continue
        if line.lower().startswith("exit code"):
            continue
        return line
    return what[2:] if what.startswith("$ ") else what


def _duration(started_at: str | None, ended_at: str | None) -> str:
    if not isinstance(started_at, str) or not isinstance(ended_at, str):
        return ""
    from datetime import datetime, timezone  # lazy: only when both times are known

    from store.times import duration

    try:
        a = datetime.fromisoformat(started_at.strip().replace("Z", "+00:00"))
        b = datetime.fromisoformat(ended_at.strip().replace("Z", "+00:00"))
        if (a.tzinfo is None) != (b.tzinfo is None):
            a = a.replace(tzinfo=a.tzinfo or timezone.utc)
            b = b.replace(tzinfo=b.tzinfo or timezone.utc)
        secs = int((b - a).total_seconds())
    except (ValueError, TypeError, OverflowError):
        return ""
    return "" if secs < 0 else duration(secs)


def _tool_label(name: str) -> str:
    if name.startswith("mcp__"):
        parts = name.split("__")
        return "mcp:" + parts[1] if len(parts) > 1 and parts[1] else "mcp"
    return name


# Prompts Claude Code writes itself (a UserPromptSubmit fires for some of them): never a
# session's task.  Plan approval that clears the context starts a session with the plan;
# a compaction continues one with its summary; a blocking Stop hook's answer, a finished
# background task, a local command's output come back as the next "prompt".
_PLAN_LEAD = "Implement the following plan:"
_GENERATED_LEADS = (
    _PLAN_LEAD,
    "This session is being continued from a previous conversation",
    "<task-notification", "<teammate-message", "<system-reminder", "<local-command-",
    "<command-name>", "<command-message>", "<command-args>", "<bash-input>", "<bash-stdout>",
    "<bash-stderr>", "<user-memory-input>",
    "Caveat: The messages below were generated by the user while running local commands",
    "[Request interrupted by user", "[Request cancelled by user",
)  # fmt: skip


def is_generated_prompt(text: object) -> bool:
    """A prompt Claude Code wrote, not the user (see _GENERATED_LEADS), and the
    feedback of a blocking hook (``Stop hook feedback:``, ``SubagentStop hook feedback:``)."""
    if not isinstance(text, str):
        return False
    head = text.lstrip()
    if head.startswith(_GENERATED_LEADS):
        return True
    first = head[:200].split("\n", 1)[0]
    event, sep, _ = first.partition(" hook feedback:")
    return bool(sep) and event.replace(":", "").isalnum()


def _plan_title(text: str) -> str:
    """The plan's title (its first heading, else its first line) of a plan prompt."""
    body = text.lstrip()[len(_PLAN_LEAD) :]
    lines = [line.strip() for line in body.splitlines() if line.strip()]
    heading = next((line for line in lines if line.startswith("#")), lines[0] if lines else "")
    heading = heading.lstrip("#").strip()
    return heading[len("Plan:") :].strip() if heading.lower().startswith("plan:") else heading


class _Seen:
    """What one pass over a session's memories found, by kind."""

    __slots__ = ("prompts", "plan", "files", "created", "commands", "errors", "other", "tool_counts")

    def __init__(self) -> None:
        self.prompts: list[str] = []  # the user's own, not the ones Claude Code wrote
        self.plan = ""  # the title of a plan the session was started to implement
        self.files: list[str] = []
        self.created: set = set()
        self.commands: list[str] = []
        self.errors: list[str] = []
        self.other: dict = {}
        self.tool_counts: dict = {}  # in the order first used

    def add(self, m: dict) -> None:
        mtype = _s(m.get("type"))
        tool = _s(m.get("tool_name"))
        if tool:
            label = _tool_label(tool)
            self.tool_counts[label] = self.tool_counts.get(label, 0) + 1
        if mtype == "prompt":
            self._prompt(_s(m.get("content")))
        elif mtype in FILE_TYPES:
            self._file(m, mtype)
        elif mtype == "command":
            cmd = _command_of(m)
            if cmd and cmd not in self.commands:
                self.commands.append(cmd)
        elif mtype == "error":
            self.errors.append(_error_of(m))
        elif mtype:
            self.other[mtype] = self.other.get(mtype, 0) + 1

    def _prompt(self, text: str) -> None:
        if is_generated_prompt(text):
            if not self.plan and text.lstrip().startswith(_PLAN_LEAD):
                self.plan = _plan_title(text)
            return
        line = _first_line(text)
        if line:
            self.prompts.append(line)

    def _file(self, m: dict, mtype: str) -> None:
        path = _s(m.get("file_path"))
        name = basename(path) if path else ""
        if not name:
            words = _first_line(_s(m.get("content"))).split()
            name = basename(words[1]) if len(words) > 1 else ""
        if name and name not in self.files:
            self.files.append(name)
        if mtype == "file_write" and "created" in _s(m.get("tags")).split():
            self.created.add(name)


def _body_lines(seen: _Seen) -> list[str]:
    """The task (or plan), files, commands, errors and the other kinds, each a line when present."""
    lines: list[str] = []
    prompts = seen.prompts
    if prompts:
        task = "Task: " + one_line(prompts[0], 110)
        if len(prompts) > 1:
            task += f" (+{len(prompts) - 1} more prompt{'s' if len(prompts) > 2 else ''})"
        lines.append(task)
    elif seen.plan:
        lines.append("Plan: " + one_line(seen.plan, 110))
    if seen.files:
        verb = "Created" if seen.created and len(seen.created) == len(seen.files) else "Edited"
        n = len(seen.files)
        lines.append(f"{verb} {n} file{'s' if n != 1 else ''}: " + _join_limited(seen.files, ", ", 130))
    if seen.commands:
        lines.append("Commands: " + _join_limited(seen.commands, "; ", 150))
    if seen.errors:
        first = next((e for e in seen.errors if e), "")
        lines.append(f"Errors ({len(seen.errors)}): " + one_line(first, 100))
    extras = [f"{count} {one if count == 1 else many}"
              for key, one, many in _OTHER_LABELS if (count := seen.other.get(key, 0))]  # fmt: skip
    if extras:
        lines.append("Also: " + ", ".join(extras))
    return lines


def _stats_line(count: int, tool_counts: dict, started_at: str | None, ended_at: str | None) -> str:
    stats = [f"{count} observation{'s' if count != 1 else ''}"]
    dur = _duration(started_at, ended_at)
    if dur:
        stats.append(dur)
    if tool_counts:
        order = list(tool_counts)
        ranked = sorted(order, key=lambda t: (-tool_counts[t], order.index(t)))
        more = f" +{len(ranked) - 6}" if len(ranked) > 6 else ""
        stats.append("tools: " + "/".join(ranked[:6]) + more)
    return "[" + ", ".join(stats) + "]"


def _within_budget(lines: list[str], stats_line: str) -> str:
    """Drop optional lines (keep the first and the stats), then clip."""
    text = "\n".join(lines)
    while len(text) > MAX_SUMMARY_CHARS and len(lines) > 2:
        lines.pop(-2)
        text = "\n".join(lines)
    if len(text) > MAX_SUMMARY_CHARS:
        text = one_line(lines[0], MAX_SUMMARY_CHARS - len(stats_line) - 1) + "\n" + stats_line
        text = text[:MAX_SUMMARY_CHARS]
    return text


def build_summary(memories: list[dict], started_at: str | None, ended_at: str | None) -> str:
    mems = [m for m in (memories or []) if isinstance(m, dict)]
    if not mems:
        return ""
    seen = _Seen()
    for m in mems:
        seen.add(m)
    stats_line = _stats_line(len(mems), seen.tool_counts, started_at, ended_at)
    return _within_budget([*_body_lines(seen), stats_line], stats_line)
