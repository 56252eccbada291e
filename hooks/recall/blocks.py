"""What memlane tells Claude: the pieces of a block, and the SessionStart block.

Both blocks (this one and the per-prompt one, `hooks/recall/choose.py`) are plain
strings wrapped in ``<memory-context project="NAME">`` ... ``</memory-context>``.
Every piece of stored text that goes in is cleaned first: control, zero-width,
bidi and other invisible format characters are removed, whitespace is
collapsed to one line, the text is XML-escaped (``&``, ``<``, ``>``; attributes
also ``"`` and ``'``) and cut to MAX_LINE_CHARS, so stored text can neither
break out of the block nor hide anything in it.  A block is never longer than
the ``context_max_chars`` setting, whose bound (store/config.py) keeps it under
Claude Code's cut of hook output.  Each block ends with
how to get more (`/memory show ID`, the memlane MCP tools).
"""

from __future__ import annotations

import os
import re

from store.config import setting
from store.display import escape_markup as escape
from store.text import basename, relative_path
from store.text import one_line as clean_line

MAX_LINE_CHARS = 200



# ------------------------------------------------------------------ cleaning


def fit(text: object, limit: int = MAX_LINE_CHARS, *, attribute: bool = False) -> str:
    """`text` cleaned and escaped, at most `limit` characters (an entity is never cut)."""
    clean = clean_line(text)
    escaped = escape(clean, attribute=attribute)
    if len(escaped) <= limit:
        return escaped
    out = []
    used = 0
    budget = max(0, limit - 1)  # room for the ellipsis
    for ch in clean:
        piece = escape(ch, attribute=attribute)
        if used + len(piece) > budget:
            break
        out.append(piece)
        used += len(piece)
    return "".join(out).rstrip() + "…"


def item_line(prefix: str, text: object, suffix: str = "") -> str:
    """`prefix + text + suffix` within MAX_LINE_CHARS; only `text` is shortened."""
    room = MAX_LINE_CHARS - len(prefix) - len(suffix)
    return prefix + fit(text, max(10, room)) + suffix


def _open_tag(project_name: str) -> str:
    return f'<memory-context project="{fit(project_name or "unknown", 100, attribute=True)}">'


CLOSE_TAG = "</memory-context>"


def assemble_block(project_name: str, sections: list[tuple[str, list[str]]], max_chars: int) -> str:
    """The block with as many lines as fit in `max_chars`.

    `max_chars` comes from the ``context_max_chars`` setting (or is sized from
    ``max_inject``), both bounded where settings are read, so it is not clamped again.

    Lines are admitted round-robin (each section's first line, then each one's
    second, ...), so a long first section cannot crowd out the others.
    """
    head = _open_tag(project_name)
    used = len(head) + 1 + len(CLOSE_TAG)
    kept: list[list[str]] = [[] for _ in sections]
    full = [not lines for _, lines in sections]
    depth = 0
    while not all(full):
        for i, (title, lines) in enumerate(sections):
            if full[i]:
                continue
            if depth >= len(lines):
                full[i] = True
                continue
            line = lines[depth]
            cost = len(line) + 1 + (0 if kept[i] else len(title) + 1)
            if used + cost > max_chars:
                full[i] = True  # keep the section's lines in order: no later, shorter one
                continue
            kept[i].append(line)
            used += cost
        depth += 1
    if not any(kept):
        return ""
    parts = [head]
    for (title, _), lines in zip(sections, kept):
        if lines:
            parts.append(title)
            parts.extend(lines)
    parts.append(CLOSE_TAG)
    return "\n".join(parts)


def max_inject(config: dict | None) -> int:
    return setting(config, "max_inject")


_TYPE_LABELS = {"file_edit": "edit", "file_write": "write", "notebook_edit": "edit"}
_LEADING_VERB = r"^(?:Edit|Write|Created|Updated|Read)\s+\S+(?:\s+\([^)]*\))?[:\s]*"
_COMPILED: list[re.Pattern] = []


def _leading_verb() -> re.Pattern:
    """`_LEADING_VERB`, compiled when a recall line first needs it (not by every prompt's import)."""
    if not _COMPILED:
        _COMPILED.append(re.compile(_LEADING_VERB))
    return _COMPILED[0]


def recall_line(memory: dict) -> str:
    """`- [#1234] 2026-11-20 shop-api edit auth/tokens.py: what changed`, one line
    (a pinned memory at SessionStart, a recalled one per prompt)."""
    mtype = memory.get("type") or "memory"
    label = _TYPE_LABELS.get(mtype, mtype)
    if mtype == "command" and "commit" in (memory.get("tags") or "").split():
        label = "commit"
    content = clean_line(memory.get("content"))
    path = memory.get("file_path")
    if path:
        label += " " + fit(relative_path(path, memory.get("cwd")) or path, 60)
        content = _leading_verb().sub("", content, count=1) or content
    if content.startswith("$ "):
        content = content[2:]
    project = fit(memory.get("project_name") or basename(memory.get("project") or "") or "?", 40)
    prefix = f"- [#{memory['id']}] {short_date(memory.get('created_at'))} {project} {label}: "
    return item_line(prefix, content)


def short_date(value) -> str:
    return value[:10] if isinstance(value, str) and len(value) >= 10 else "?"


# ------------------------------------------------------------ SessionStart


def _session_text(row: dict) -> str:
    parts = []
    for line in (row.get("summary") or "").splitlines():
        line = line.strip()
        if not line or line.startswith("[") or line.startswith("Errors ("):
            continue
        parts.append((line[6:] if line.startswith("Task: ") else line).rstrip(" .;"))
    return "; ".join(parts)


def sessions_as_lines(rows: list[dict]) -> list[str]:
    """Lines of the project's latest other sessions (store.reading.listings.session_start_rows)."""
    lines = []
    for row in rows:
        text = _session_text(row)
        if not text:
            continue
        errors = row.get("error_count") or 0
        suffix = f" ({errors} error{'s' if errors != 1 else ''})" if errors else ""
        lines.append(item_line(f"- [{short_date(row.get('started_at'))}] ", text, suffix))
    return lines


def changes_as_lines(rows: list[dict]) -> list[tuple[int, str]]:
    """(memory id, line) of the recent changes (store.reading.listings.session_start_rows), a line
    said once."""
    lines = []
    seen = set()
    for row in rows:
        mtype, file_path = row["type"], row["file_path"]
        if file_path:
            label = basename(file_path)
        elif mtype == "command" and "commit" in (row["tags"] or "").split():
            label = "git commit"
        else:
            label = row["tool_name"] or mtype or "memory"
        line = item_line(f"- [{fit(label, 60)}] ", row["content"])
        if line not in seen:
            seen.add(line)
            lines.append((row["id"], line))
    return lines


def errors_as_lines(groups: list[dict]) -> list[str]:
    """Lines of the project's open error groups (store.reading.listings.session_start_rows)."""
    lines = []
    for group in groups:
        content_lines = [
            ln.strip() for ln in (group.get("last_content") or "").splitlines() if ln.strip()
        ]
        what = content_lines[0] if content_lines else (group.get("tool_name") or "")
        if what.startswith("$ "):
            what = what[2:]
        sample = group.get("sample") or (content_lines[-1] if len(content_lines) > 1 else "")
        if sample.removeprefix("$ ") == what:
            sample = ""
        count = group.get("count") or 1
        seen = "seen once" if count == 1 else f"seen {count} times"
        suffix = f" ({seen}, last {short_date(group.get('last_seen'))})"
        prefix = f"- [x{group['id']}] "
        room = MAX_LINE_CHARS - len(prefix) - len(suffix)
        what_part = fit(what, max(10, room // 2)) if what else ""
        rest = room - len(what_part) - (4 if what_part else 0)
        if what_part and not sample:
            body = what_part
        else:
            body = (what_part + " -> " if what_part else "") + fit(sample, max(10, rest))
        lines.append(prefix + body + suffix)
    return lines


def session_project(conn, session_id: str | None, cwd: str | None) -> tuple[str, str]:
    """(project, name) of a session: the one fixed when it started (the model may
    `cd` elsewhere later), else Claude Code's project folder, else `cwd`'s."""
    if session_id:
        from store.reading import session_project as fixed_project

        fixed = fixed_project(conn, session_id)
        if fixed:
            return fixed[0], fixed[1] or basename(fixed[0])
    from store.project import resolve_project

    return resolve_project(os.environ.get("CLAUDE_PROJECT_DIR") or cwd)


def session_start_block(conn, cwd: str | None, session_id: str | None, config: dict | None) -> str:
    """The SessionStart context for the session's project ('' when there is nothing)."""
    return session_start_context(conn, cwd, session_id, config)[0]


def session_start_context(
    conn, cwd: str | None, session_id: str | None, config: dict | None
) -> tuple[str, str, list[int]]:
    """(the SessionStart block, the session's project, the ids of the memories it sends)."""
    plan = session_start_plan(conn, cwd, session_id, config)
    return plan["block"], plan["project"], plan["sent"]


def session_start_plan(
    conn, cwd: str | None, session_id: str | None, config: dict | None, *, source: str | None = None,
    memory_files: list[dict] | None = None,
) -> dict:  # fmt: skip
    """The SessionStart block and each decision behind it: {block, project, sent (memory ids),
    reason (store.reading.ledger.REASONS), left_out: [{memory_id, kind (store.reading.ledger.LEFT_OUT), path}]}.

    The memories pinned to the project come first (`store.reading.ledger.pin`); what the person
    vetoed (`store.reading.ledger.veto`) is left out of every section.  Nothing twice:

    - a line a loaded memory file already says (`memory_files`, entries with their text, see
      `hooks.recall.already_said`) is left out;
    - a `resume` (Claude Code sends `source: "resume"` for `--resume`, `--continue` and a
      fork, with the resumed session's id) of a session that already received a block gets
      only what is new since: memories received after that block, not the session's own,
      nor any sent to it before; sessions active and errors seen since.
    """
    from hooks.recall.already_said import SaidIndex
    from store.reading import last_block, pins, session_start_rows, vetoed_groups, vetoed_ids

    config = config if isinstance(config, dict) else {}
    project, project_name = session_project(conn, session_id, cwd)
    plan = {"block": "", "project": project, "sent": [], "reason": "nothing", "left_out": []}
    if not project:
        return plan
    sessions, memories, errors = (setting(config, f"context_{key}") for key in ("sessions", "memories", "errors"))
    previous = last_block(conn, session_id) if source == "resume" and session_id else None
    skip = vetoed_ids(conn)
    left_out = plan["left_out"]
    pinned = [m for m in pins(conn, project) if m["id"] not in skip]
    if previous:
        left_out += [{"memory_id": m["id"], "kind": "sent_before"} for m in pinned if m["id"] in previous["sent"]]
        pinned = [m for m in pinned if m["id"] not in previous["sent"]]
    pinned_lines = [(m["id"], recall_line(m)) for m in pinned]
    rows = session_start_rows(conn, project, session_id, sessions=sessions, memories=memories, errors=errors,
                              skip=skip | {m["id"] for m in pinned}, skip_groups=vetoed_groups(conn),
                              previous=previous)  # fmt: skip
    changes = changes_as_lines(rows["changes"])
    if previous:
        fresh = changes_as_lines(rows["fresh"])
        kept = {memory_id for memory_id, _ in fresh}
        own = {r["id"] for r in rows["changes"] if r["session_id"] == session_id}
        for memory_id, _line in changes:
            if memory_id not in kept:
                why = "sent_before" if memory_id in previous["sent"] else "in_session" if memory_id in own else "not_new"
                left_out.append({"memory_id": memory_id, "kind": why})
        changes = fresh
    said = SaidIndex(memory_files or [])
    if said:
        pinned_lines, gone = _unsaid(pinned_lines, said)
        left_out += gone
        changes, gone = _unsaid(changes, said)
        left_out += gone
    session_lines = sessions_as_lines(rows["sessions"])
    error_lines = errors_as_lines(rows["errors"])
    if said:
        session_lines = [line for line in session_lines if said.where(line) is None]
        error_lines = [line for line in error_lines if said.where(line) is None]
    sections = [
        ("## Pinned", [line for _, line in pinned_lines]),
        ("## Recent Sessions", session_lines),
        ("## Recent Changes", [line for _, line in changes]),
        ("## Open Errors", error_lines),
    ]
    if not any(lines for _, lines in sections):
        if previous:
            plan["reason"] = "resumed"
        elif any(item["kind"] == "in_memory_files" for item in left_out):
            plan["reason"] = "said"
        return plan
    block = assemble_block(project_name, sections + [("## More", [more_line()])], setting(config, "context_max_chars"))
    sent = set(block.split("\n"))
    plan.update(block=block, sent=[memory_id for memory_id, line in pinned_lines + changes if line in sent],
                reason="resume_new" if previous else "start")  # fmt: skip
    return plan


def _unsaid(lines: list[tuple[int, str]], said) -> tuple[list[tuple[int, str]], list[dict]]:
    """(the lines no loaded memory file says, [left-out rows of those one does])."""
    kept, gone = [], []
    for memory_id, line in lines:
        path = said.where(line)
        if path is None:
            kept.append((memory_id, line))
        else:
            gone.append({"memory_id": memory_id, "kind": "in_memory_files", "path": path})
    return kept, gone


def more_line(example_id: int | None = None) -> str:
    """How the model gets more than the block holds."""
    show = f"/memory show {example_id}" if example_id else "/memory show ID"
    return (f"More: `{show}` prints a memory in full; the MCP tools mcp__memlane__search, "
            "mcp__memlane__timeline and mcp__memlane__get_memories search and read memory.")  # fmt: skip
