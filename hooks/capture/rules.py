"""The capture rules: one hook event in, zero or more Observation dicts out.

``observations_from_event(event, config)`` is a pure function of the event
dict (as Claude Code sends it to a hook, already privacy-filtered) and the
config dict from ``store.config.load_config``. The transcript importer builds
PostToolUse-shaped events and calls it too; it may set ``_source``
(``"import"``) and ``_timestamp`` (ISO-8601) on the event.

It never raises: wrong types anywhere (``tool_input`` a string, MCP
``tool_response`` a list, missing fields) are guarded, and an unusable event
gives ``[]``.

What is captured (see docs/architecture.md for the Observation contract):

- UserPromptSubmit -> ``prompt`` (importance 2).
- PostToolUse:
  Edit / MultiEdit -> ``file_edit`` (diff summary; never ``originalFile``),
  Write -> ``file_write``, NotebookEdit -> ``notebook_edit``,
  Bash -> ``command`` for meaningful commands only (git commit: importance 2,
  content leads with the message), Agent / Task / Workflow -> ``subagent``,
  WebFetch / WebSearch -> ``web``, ``mcp__*`` -> ``mcp``,
  Read -> ``file_read`` and Grep / Glob -> ``search`` only when enabled,
  TaskCreate -> ``observation``, TaskUpdate -> ``observation`` only when a
  task is completed, TodoWrite -> ``observation`` only for newly completed
  todos, ExitPlanMode -> ``observation`` (the plan); other tools: nothing.
- PostToolUseFailure -> ``error`` (importance 3, ``error_text`` set); an
  interrupt (``is_interrupt``, or ``Exit code 137`` then the interrupt marker) is an
  ``observation`` of importance 1 instead (tag ``interrupted``), and so is a call that
  never ran (tag ``refused``: a permission denied, a hook's block, the ``cd`` sandbox;
  ``refusals``).
  Failures of Read/Grep/Glob are only kept when that tool's capture is on.
- PreCompact with non-empty ``custom_instructions`` / PostCompact with
  ``compact_summary`` -> ``compact_summary`` (importance 2).
- PostModelSwitch -> ``observation`` (the model switched to); DirectoryAdded ->
  ``observation`` (the folder added to the session); both importance 1.
- Everything else (SessionStart, Stop, Notification, PreToolUse, ...) -> [].

The dispatch is here (``TOOL_RULES``, ``OPT_IN``), with the prompt, compaction
and failure rules; each tool's rule is in ``tools``, the shell
reading of Bash commands in ``shell``, and the parts every rule builds
with in ``observation``.

Files under dependency / build / cache directories (node_modules, .git,
dist, build, .venv, ...) are skipped for Edit/Write/Read/NotebookEdit, and a
cwd matching ``exclude_projects`` yields nothing.
"""
from __future__ import annotations

from hooks.capture import tools
from hooks.capture.observation import (
    blocks_text,
    display_path,
    field_str,
    field_text,
    field_texts,
    file_tag,
    input_dict,
    input_summary,
    make_tags,
)
from hooks.event import prompt_text
from store.config import is_project_excluded, setting
from store.text import MAX_CONTENT_CHARS, cap_text, console_text

# -------------------------------------------------------------- the rules
OWN_MCP_TOOLS = "mcp__memlane__"  # `memlane mcp`'s tools (search, timeline, get_memories)
# A tool's call -> its rule (every rule takes (tool, tool_input, response, config, cwd)).
TOOL_RULES = {
    "Edit": tools.edit, "MultiEdit": tools.edit, "Write": tools.write,
    "NotebookEdit": tools.notebook_edit, "Bash": tools.bash,
    "Agent": tools.subagent, "Task": tools.subagent, "Workflow": tools.workflow,
    "WebFetch": tools.webfetch, "WebSearch": tools.websearch,
    "Read": tools.read, "Grep": tools.search, "Glob": tools.search,
    "TaskCreate": tools.task_create, "TaskUpdate": tools.task_update,
    "TodoWrite": tools.todo_write, "ExitPlanMode": tools.exit_plan_mode,
}  # fmt: skip
# Tools captured only when their setting is on (their calls and their failures).
OPT_IN = {"Read": "capture_read", "Grep": "capture_grep", "Glob": "capture_glob"}


def observations_from_event(event, config) -> list[dict]:
    """Observation dicts for one hook event (see module docstring). Never raises:
    a capture bug stores nothing from that event and says so in one `[memlane]`
    line (stderr and the log), so it never looks like "nothing to capture"."""
    try:
        return capture_observations(event, config)
    except Exception as exc:  # a capture bug must never break the hook
        from store.log import log_line

        tool = field_str(event.get("tool_name")) if isinstance(event, dict) else ""
        what = field_str(event.get("hook_event_name")) if isinstance(event, dict) else ""
        label = " ".join(x for x in (what, tool) if x)[:80] or "an event"
        log_line(
            f"capture: could not capture {label} ({type(exc).__name__}: {str(exc)[:200]}); "
            "nothing was stored from it."
        )
        return []


def capture_observations(event, config) -> list[dict]:
    """observations_from_event without the safety net: a capture bug raises (tests use it)."""
    return _observations(event, config if isinstance(config, dict) else {})


def _observations(event, config: dict) -> list[dict]:
    if not isinstance(event, dict):
        return []
    session_id = field_str(event.get("session_id"))
    if not session_id:
        return []
    cwd = field_str(event.get("cwd")) or None
    if cwd and is_project_excluded(cwd, config):
        return []
    name = event.get("hook_event_name")
    tool_name = field_str(event.get("tool_name")) or None
    if tool_name:
        if tool_name.startswith(OWN_MCP_TOOLS):
            return []  # memlane's own answers are memories already: storing them again would copy them
        disabled = setting(config, "capture_disabled_tools")
        if isinstance(disabled, (list, tuple, set)) and tool_name in disabled:
            return []
        opt_in = OPT_IN.get(tool_name)
        if opt_in is not None and setting(config, opt_in) is not True:
            return []
    base = {
        "session_id": session_id,
        "prompt_id": field_str(event.get("prompt_id")) or None,
        "tool_use_id": field_str(event.get("tool_use_id")) or None,
        "tool_name": tool_name,
        "cwd": cwd,
        "created_at": field_str(event.get("_timestamp")) or None,
        "source": "import" if event.get("_source") == "import" else "hook",
    }
    if name == "UserPromptSubmit":
        results = _prompt(event)
    elif name == "PostToolUse":
        results = _post_tool_use(event, config, tool_name, cwd)
    elif name == "PostToolUseFailure":
        results = _failure(event, config, tool_name, cwd)
    else:
        texts = field_texts(event)  # read once, for the session events' rules
        results = _session_event(texts, name)
    out = []
    for r in results:
        obs = dict(base)
        obs.update(
            {"file_path": None, "tags": "", "importance": 1, "error_text": None}
        )
        obs.update(r)
        content = obs.get("content")
        if not isinstance(content, str) or not content.strip():
            continue
        obs["content"] = cap_text(content, MAX_CONTENT_CHARS)
        out.append(obs)
    return out


def is_memory_command(prompt: object) -> bool:
    """`/memory ...`: a question to memlane itself, not work to remember."""
    if not isinstance(prompt, str):
        return False
    text = prompt.lstrip()
    return text.startswith("/memory") and (len(text) == 7 or text[7].isspace())


def _prompt(event: dict) -> list[dict]:
    prompt = prompt_text(event)
    if prompt is None or not prompt.strip() or is_memory_command(prompt):
        return []
    return [{"type": "prompt", "content": prompt.strip(), "importance": 2, "tags": "prompt"}]


def _session_event(texts: dict, name: object) -> list[dict]:
    """The events about the session rather than a tool call (compaction, a model switch, a
    folder added), from the event's text fields read once (``field_texts``); [] for others."""
    if name in ("PreCompact", "PostCompact"):
        return _compact(texts, name)
    if name == "PostModelSwitch":
        return _model_switch(texts)
    if name == "DirectoryAdded":
        return _directory_added(texts)
    return []


def _compact(texts: dict, name: str) -> list[dict]:
    trigger = texts.get("trigger", "")
    if name == "PostCompact":
        summary = texts.get("compact_summary", "") or texts.get("summary", "")
        if not summary.strip():
            return []
        content = summary.strip()
    else:
        instructions = texts.get("custom_instructions", "")
        if not instructions.strip():
            return []
        content = "Compaction instructions: " + instructions.strip()
    return [
        {
            "type": "compact_summary",
            "content": content,
            "importance": 2,
            "tags": make_tags("compact", trigger),
        }
    ]


def _model_switch(texts: dict) -> list[dict]:
    """PostModelSwitch (2.1.150+): the model the session goes on with."""
    to_model = texts.get("to_model", "").strip()
    if not to_model:
        return []
    from_model = texts.get("from_model", "").strip()
    content = f"Model switched to {to_model}" + (f" (from {from_model})" if from_model else "")
    return [{"type": "observation", "content": content, "importance": 1,
             "tags": make_tags("model", "switch", to_model)}]


def _directory_added(texts: dict) -> list[dict]:
    """DirectoryAdded (2.1.150+, `/add-dir`): a folder the session may work in too."""
    folder = next((texts.get(k, "").strip() for k in ("directory", "path", "added_directory")
                   if texts.get(k, "").strip()), "")  # fmt: skip
    if not folder:
        return []
    return [{"type": "observation", "content": f"Directory added to the session: {folder}",
             "importance": 1, "tags": make_tags("directory", "add-dir")}]


def _post_tool_use(event: dict, config: dict, tool: str | None, cwd: str | None) -> list[dict]:
    if not tool:
        return []
    rule = TOOL_RULES.get(tool)
    if rule is None:
        if not tool.startswith("mcp__"):
            return []
        return tools.mcp(tool, event.get("tool_input"), event.get("tool_response"), config, cwd)
    return rule(tool, input_dict(event.get("tool_input")), event.get("tool_response"), config, cwd)


# --- failures
def _failure(event: dict, config: dict, tool: str | None, cwd: str | None) -> list[dict]:
    error = event.get("error")
    error = field_text(error) if not isinstance(error, (dict, list)) else blocks_text(error) or ""
    error = console_text(error)  # a command's output, as a Windows console wrote it
    tool_input_raw = event.get("tool_input")
    tool_input = input_dict(tool_input_raw)
    path = None
    if tool == "Bash":
        cmd = field_text(tool_input.get("command")).strip()
        what = f"$ {cap_text(cmd, 1000)}" if cmd else "$ (unknown command)"
    else:
        path = field_text(tool_input.get("file_path")) or field_text(tool_input.get("notebook_path")) or None
        if tool in ("Edit", "MultiEdit", "Write", "Read", "NotebookEdit") and path:
            what = f"{tool} {display_path(path, cwd)}"
        elif tool == "WebFetch" and field_text(tool_input.get("url")):
            what = f"WebFetch {field_text(tool_input.get('url'))}"
        else:
            summary = input_summary(tool_input_raw)
            what = (tool or "tool") + (f" {summary}" if summary else "")
    tags = ["error", (tool or "").lower()]
    if tool == "Bash":
        from hooks.capture.shell import analyse_command, command_tags  # Bash calls only

        tags = ["error"] + command_tags(analyse_command(field_text(tool_input.get("command"))))
    elif tool and tool.startswith("mcp__"):
        tags.append("mcp")
    if path:
        tags.append(file_tag(path))
    quiet_tags = [t for t in tags if t != "error"]
    from hooks.capture.refusals import refusal_reason, was_interrupted, was_refused  # failures only

    if event.get("is_interrupt") is True or was_interrupted(error):
        content = f"Interrupted: {what}"
        if error.strip() and "interrupt" not in error.lower():
            content += "\n" + cap_text(error.strip(), 500)
        return [{"type": "observation", "content": content, "importance": 1, "file_path": path,
                 "tags": make_tags("interrupted", *quiet_tags)}]
    if was_refused(error):  # refused before it ran (permission, a hook, the cd sandbox): no error
        content = f"Refused: {what}\n{refusal_reason(error)}"
        return [{"type": "observation", "content": content, "importance": 1, "file_path": path,
                 "tags": make_tags("refused", *quiet_tags)}]
    err = cap_text(error.strip(), MAX_CONTENT_CHARS) if error.strip() else ""
    content = what + ("\n" + cap_text(err, 3000) if err else "")
    return [{"type": "error", "content": content, "importance": 3, "file_path": path,
             "error_text": err or None, "tags": make_tags(*tags)}]
