"""What transcript lines look like (Claude Code 1.0 - 2.1), and the small pure
readings of their parts that :class:`hooks.transcripts.reader.TranscriptReader` uses.

Nothing here keeps state: line types skipped as bookkeeping, the prefixes of
local-command artefacts and of tool calls that never ran, the framing around a
compaction summary, and the tool response rebuilt from a ``tool_result`` when a
line has no ``toolUseResult``.
"""
from __future__ import annotations

import os

# What a failed call's result says about it: one reading for the hook and the importer.
from hooks.capture import INTERRUPTED_PREFIXES, never_ran, was_interrupted  # noqa: F401
from store.writing import normalise_timestamp

# Line types that are bookkeeping, never the user's work (Claude Code 1.0 - 2.1).
SKIPPED_TYPES = frozenset(
    {
        "attachment", "progress", "file-history-snapshot", "queue-operation", "summary",
        "last-prompt", "custom-title", "ai-title", "tag", "relocated", "agent-name",
        "agent-color", "agent-setting", "mode", "permission-mode", "pr-link", "worktree-state",
        "content-replacement", "attribution-snapshot", "bridge-session", "fork-context-ref",
        "isolation-latch", "marble-origami-commit", "marble-origami-reset",
        "marble-origami-snapshot", "speculation-accept", "task-summary",
    }
)  # fmt: skip

# A user line whose text starts with one of these is a local command or its output.
ARTEFACT_PREFIXES = (
    "<command-name>", "<command-message>", "<command-args>", "<local-command-stdout>",
    "<local-command-stderr>", "<local-command-caveat>", "<bash-input>", "<bash-stdout>",
    "<bash-stderr>", "<user-memory-input>", "<task-notification>", "Caveat: The messages below",
)  # fmt: skip
INTERRUPT_MARKERS = ("[Request interrupted by user", "[Request cancelled by user")

_NO_OUTPUT = "(Bash completed with no output)"

# Around the summary in an isCompactSummary message (Claude Code 1.0 - 2.1).
_COMPACT_LEADS = (
    "This session is being continued from a previous conversation that ran out of context.",
)
_COMPACT_LEAD_ENDS = (
    "The summary below covers the earlier portion of the conversation.",
    "The conversation is summarized below:",
)
_COMPACT_TRAILERS = (
    "\n\nIf you need specific details from before compaction",
    "\n\nRecent messages are preserved verbatim.",
    "\n\nYour REPL VM state has been cleared",
    "\nContinue the conversation from where it left off",
    "\nPlease continue the conversation from where we left it off",
)


def new_stats() -> dict:
    """The counters a reader keeps (all ints, except ``skipped_by`` / ``malformed_by``)."""
    return {
        "files": 0, "lines": 0, "bytes": 0, "events": 0, "prompts": 0, "tool_calls": 0,
        "errors": 0, "skipped": 0, "malformed": 0, "skipped_by": {}, "malformed_by": {},
    }  # fmt: skip


def bump(stats: dict, key: str, reason: str, n: int = 1) -> None:
    stats[key] += n
    by = stats[key + "_by"]
    by[reason] = by.get(reason, 0) + n


_TS_RE = None


def timestamp(value) -> str | None:
    """``store.writing.writer.normalise_timestamp``, with a fast path for the form Claude
    Code writes (``2026-05-21T14:59:47.068Z`` -> ``2026-05-21T14:59:47.068000Z``)."""
    global _TS_RE
    if isinstance(value, str) and len(value) == 24 and value[-1] == "Z":
        if _TS_RE is None:
            import re

            _TS_RE = re.compile(
                r"\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])"
                r"T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z\Z"
            )
        if _TS_RE.match(value):
            return value[:23] + "000Z"
    return normalise_timestamp(value)


def _is_absolute(path: str) -> bool:
    return path.startswith(("/", "\\", "~")) or (len(path) > 2 and path[1] == ":")


def absolute_path(path, cwd):
    """A relative file path made absolute against cwd, as Claude Code does before
    the hook sees it; anything else unchanged."""
    if not isinstance(path, str) or not path or not isinstance(cwd, str) or not cwd:
        return path
    if _is_absolute(path):
        return path
    if "\\" in cwd or (len(cwd) > 1 and cwd[1] == ":"):
        import ntpath

        return ntpath.normpath(ntpath.join(cwd, path))
    import posixpath

    return posixpath.normpath(posixpath.join(cwd, path))


def absolute_tool_input(tool_input, cwd):
    if not isinstance(tool_input, dict):
        return tool_input
    out = tool_input
    for key in ("file_path", "notebook_path"):
        value = tool_input.get(key)
        fixed = absolute_path(value, cwd)
        if fixed is not value:
            if out is tool_input:
                out = dict(tool_input)
            out[key] = fixed
    return out


def fallback_response(tool_name: str, content, text: str):
    """A tool_response rebuilt from the tool_result when the line has no
    ``toolUseResult`` (subagent transcripts, old versions, several results in one line)."""
    if tool_name == "Bash":
        return {"stdout": "" if text.strip() == _NO_OUTPUT else text, "stderr": "",
                "interrupted": False}  # fmt: skip
    if tool_name == "Write":
        if text.startswith("File created successfully"):
            return {"type": "create"}
        if "has been updated" in text or "has been overwritten" in text:
            return {"type": "update"}
        return {}
    if tool_name in ("Agent", "Task"):
        blocks = content if isinstance(content, list) else [{"type": "text", "text": text}]
        response: dict = {"content": []}
        for b in blocks:
            body = b.get("text") if isinstance(b, dict) else None
            if isinstance(body, str) and body.startswith("agentId: "):
                # "agentId: X (...)\n<usage>subagent_tokens: N\ntool_uses: N\n
                #  duration_ms: N</usage>"
                for line in body.replace("<usage>", "\n").replace("</usage>", "\n").splitlines():
                    key, _, value = line.partition(":")
                    field = {"tool_uses": "totalToolUseCount", "duration_ms": "totalDurationMs",
                             "subagent_tokens": "totalTokens"}.get(key.strip())  # fmt: skip
                    if field and value.strip().isdigit():
                        response[field] = int(value.strip())
            else:
                response["content"].append(b)
        return response
    if tool_name.startswith("mcp__"):
        return content
    return text


def compact_summary(text: str) -> str:
    """The summary inside a compaction message, without Claude Code's framing."""
    out = text.strip()
    for lead in _COMPACT_LEADS:
        if out.startswith(lead):
            out = out[len(lead):]
            for end in _COMPACT_LEAD_ENDS:
                stripped = out.lstrip()
                if stripped.startswith(end):
                    out = stripped[len(end):]
                    break
            break
    for trailer in _COMPACT_TRAILERS:
        cut = out.find(trailer)
        if cut != -1:
            out = out[:cut]
    return out.strip()


# Claude Code's own commands that run in the CLI: no UserPromptSubmit fires for them, so
# they are not prompts (custom commands, skills and prompt commands like /init are).
LOCAL_COMMANDS = frozenset(
    {
        "add-dir", "agents", "bashes", "bug", "clear", "color", "compact", "config", "context",
        "copy", "cost", "doctor", "effort", "exit", "export", "extra-usage", "fast", "feedback",
        "help", "hooks", "ide", "install-github-app", "keybindings", "login", "logout", "mcp",
        "memory", "migrate-installer", "model", "output-style", "permissions", "plugin",
        "plugins", "privacy-settings", "quit", "release-notes", "reload-plugins", "remote-env",
        "rename", "reset", "resume", "rewind", "sandbox", "skills", "stats", "status",
        "statusline", "tasks", "terminal-setup", "theme", "todos", "upgrade", "usage", "vim",
    }
)  # fmt: skip
_COMMAND_TAGS = ("<command-name>", "<command-message>", "<command-args>")


def _tag(text: str, name: str) -> str | None:
    start = text.find(f"<{name}>")
    end = text.find(f"</{name}>", start + 1)
    if start == -1 or end == -1:
        return None
    return text[start + len(name) + 2 : end]


def slash_command(text: str) -> tuple[str, str] | None:
    """``(name, args)`` of a line that records a slash command (``<command-name>/x
    </command-name>`` ... ``<command-args>...</command-args>``, in either order, the
    expansion of an older version's command after them), else None."""
    if not text.startswith(_COMMAND_TAGS):
        return None
    name = _tag(text, "command-name")
    if not name or not name.strip():
        return None
    name = name.strip()
    if not name.startswith("/"):
        name = "/" + name
    return name, (_tag(text, "command-args") or "").strip()


def is_local_command(name: str) -> bool:
    return name.lstrip("/").lower() in LOCAL_COMMANDS


def iso_mtime(path: str) -> str | None:
    try:
        t = os.stat(path).st_mtime
    except OSError:
        return None
    import time

    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t % 1 * 1e6):06d}Z"
