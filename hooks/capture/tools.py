"""What one tool call becomes: a rule a tool, each ``rule(tool, tool_input, response,
config, cwd) -> [observation dicts]`` (``rules.TOOL_RULES`` maps tool names
to them; ``mcp`` serves every ``mcp__server__tool``).

Standard library and ``store`` only (hook path).
"""
from __future__ import annotations

import re

from hooks.capture.observation import (
    blocks_text,
    cut_line,
    display_path,
    field_dict,
    field_text,
    file_tag,
    in_skipped_dir,
    input_summary,
    make_tags,
    observation,
    preview,
)
from store.text import cap_text, console_text, one_line, relative_path

_COMMIT_LINE_RE = r"(?m)^\[([^\]\s]+)(?: \(root-commit\))? ([0-9a-f]{7,40})\] (.*)$"
_BASH_HEAD_LINES = 15
_BASH_TAIL_LINES = 15
_DIFF_LINES = 30


def _head_tail_lines(text: str, head: int = _BASH_HEAD_LINES, tail: int = _BASH_TAIL_LINES) -> str:
    lines = text.splitlines()
    if len(lines) > head + tail + 1:
        cut = len(lines) - head - tail
        lines = lines[:head] + [f"… {cut} lines …"] + lines[-tail:]
    return "\n".join(cut_line(line) for line in lines)


# --- Edit / MultiEdit
def _patch_lines(patch) -> tuple[list[str], int, int, int]:
    """(changed lines, added, removed, hunks) from a structuredPatch list."""
    lines: list[str] = []
    added = removed = hunks = 0
    if not isinstance(patch, list):
        return lines, 0, 0, 0
    multi = sum(1 for h in patch if isinstance(h, dict)) > 1
    for hunk in patch:
        if not isinstance(hunk, dict):
            continue
        hlines = hunk.get("lines")
        if not isinstance(hlines, list):
            continue
        hunks += 1
        if multi:
            start = hunk.get("newStart")
            lines.append(f"@@ line {start}" if isinstance(start, int) else "@@")
        for line in hlines:
            if not isinstance(line, str):
                continue
            if line.startswith("+"):
                added += 1
                lines.append(line)
            elif line.startswith("-"):
                removed += 1
                lines.append(line)
    return lines, added, removed, hunks


def _string_diff(old: str, new: str) -> tuple[list[str], int, int]:
    """A naive -/+ diff of two snippets, common leading/trailing lines dropped."""
    a = old.splitlines()
    b = new.splitlines()
    start = 0
    while start < len(a) and start < len(b) and a[start] == b[start]:
        start += 1
    end_a, end_b = len(a), len(b)
    while end_a > start and end_b > start and a[end_a - 1] == b[end_b - 1]:
        end_a -= 1
        end_b -= 1
    minus = ["-" + line for line in a[start:end_a]]
    plus = ["+" + line for line in b[start:end_b]]
    return minus + plus, len(plus), len(minus)


def edit(tool: str, tool_input: dict, resp, config: dict, cwd: str | None) -> list[dict]:
    rd = field_dict(resp)
    path = field_text(tool_input.get("file_path")) or field_text(rd.get("filePath"))
    if not path:
        return []
    if in_skipped_dir(path, cwd):
        return []
    lines, added, removed, hunks = _patch_lines(rd.get("structuredPatch"))
    if not hunks:
        lines, added, removed = [], 0, 0
        edits = tool_input.get("edits")
        if not isinstance(edits, list):
            edits = rd.get("edits")
        if isinstance(edits, list) and edits:
            multi = len(edits) > 1
            for idx, e in enumerate(edits, 1):
                if not isinstance(e, dict):
                    continue
                d, a, r = _string_diff(field_text(e.get("old_string")), field_text(e.get("new_string")))
                if multi:
                    lines.append(f"@@ edit {idx}")
                lines.extend(d)
                added += a
                removed += r
        else:
            old = field_text(tool_input.get("old_string")) or field_text(rd.get("oldString"))
            new = field_text(tool_input.get("new_string")) or field_text(rd.get("newString"))
            if old or new:
                lines, added, removed = _string_diff(old, new)
    shown = [cut_line(line, 200) for line in lines[:_DIFF_LINES]]
    if len(lines) > _DIFF_LINES:
        shown.append(f"… {len(lines) - _DIFF_LINES} more lines")
    header = f"Edit {display_path(path, cwd)} (+{added} -{removed})"
    if tool_input.get("replace_all") is True:
        header += " (replace all)"
    content = header + ("\n" + "\n".join(shown) if shown else "")
    tags = make_tags("edit", tool.lower(), file_tag(path))
    return [observation("file_edit", content, 2, tags, file_path=path)]


# --- Write
def write(tool: str, tool_input: dict, resp, config: dict, cwd: str | None) -> list[dict]:
    rd = field_dict(resp)
    path = field_text(tool_input.get("file_path")) or field_text(rd.get("filePath"))
    if not path or in_skipped_dir(path, cwd):
        return []
    kind = field_text(rd.get("type"))
    verb = {"create": "created", "update": "updated"}.get(kind, "written")
    body = field_text(tool_input.get("content")) or field_text(rd.get("content"))
    nlines = len(body.splitlines())
    header = f"Write {display_path(path, cwd)} ({verb}, {nlines} line{'s' if nlines != 1 else ''})"
    content = header + ("\n" + preview(body) if body.strip() else "")
    tags = make_tags("write", verb, file_tag(path))
    return [observation("file_write", content, 2, tags, file_path=path)]


# --- NotebookEdit
def notebook_edit(tool: str, tool_input: dict, resp, config: dict, cwd: str | None) -> list[dict]:
    rd = field_dict(resp)
    path = field_text(tool_input.get("notebook_path")) or field_text(rd.get("notebook_path"))
    if not path or in_skipped_dir(path, cwd):
        return []
    mode = field_text(tool_input.get("edit_mode")) or field_text(rd.get("edit_mode")) or "replace"
    cell = field_text(tool_input.get("cell_id")) or field_text(rd.get("cell_id"))
    if not cell and isinstance(tool_input.get("cell_number"), int):
        cell = f"#{tool_input['cell_number']}"
    cell_type = field_text(tool_input.get("cell_type")) or field_text(rd.get("cell_type"))
    source = field_text(tool_input.get("new_source")) or field_text(rd.get("new_source"))
    header = f"NotebookEdit {display_path(path, cwd)} {mode} cell {cell or '?'}"
    if cell_type:
        header += f" ({cell_type})"
    content = header + ("\n" + preview(source) if source.strip() and mode != "delete" else "")
    tags = make_tags("notebook", "notebookedit", mode, file_tag(path))
    return [observation("notebook_edit", content, 2, tags, file_path=path)]


# --- Bash
def _bash_output(resp) -> str:
    if isinstance(resp, str):
        return resp
    rd = field_dict(resp)
    out = field_text(rd.get("stdout")) or field_text(rd.get("output"))
    err = field_text(rd.get("stderr"))
    text = out.rstrip("\n")
    if err.strip():
        text = (text + "\n" if text else "") + err.rstrip("\n")
    return text


def bash(tool: str, tool_input: dict, resp, config: dict, cwd: str | None) -> list[dict]:
    command = field_text(tool_input.get("command"))
    if not command.strip():
        return []
    from hooks.capture.shell import analyse_command, command_tags, commit_message  # Bash calls only

    cmds = analyse_command(command)
    if not any(not c["trivial"] for c in cmds):
        return []
    output = console_text(_bash_output(resp))  # as a Windows console wrote it
    rd = field_dict(resp)
    shown_cmd = cap_text(command.strip(), 1000)
    notes = []
    interp = field_text(rd.get("returnCodeInterpretation"))
    if interp:
        notes.append(interp)
    if rd.get("interrupted") is True:
        notes.append("interrupted")
    for key in ("exitCode", "exit_code", "returnCode"):
        code = rd.get(key)
        if isinstance(code, int) and not isinstance(code, bool) and code != 0:
            notes.append(f"exit code {code}")
            break
    tags = command_tags(cmds)
    commit = next((c for c in cmds if c["name"] == "git" and c["sub"] == "commit"), None)
    body = _head_tail_lines(output) if output.strip() else ""
    tail = f"$ {shown_cmd}" + (f"  ({'; '.join(notes)})" if notes else "")
    if body:
        tail += "\n" + body
    if commit is not None:
        idx = commit.get("sub_index", 0)
        message = commit_message(commit["args"][idx + 1:])
        m = re.search(_COMMIT_LINE_RE, output)
        branch = sha = None
        if m:
            branch, sha = m.group(1), m.group(2)
            if not message:
                message = m.group(3).strip()
        if not sha:
            git_op = field_dict(field_dict(rd.get("gitOperation")).get("commit"))
            sha = field_text(git_op.get("sha")) or None
        message = cap_text(message, 1500) if message else "(no message)"
        ref = "git commit" + (f" {sha}" if sha else "") + (f" on {branch}" if branch else "")
        content = f"{message}\n[{ref}]\n{tail}"
        tags.insert(1, "git commit")
        return [{"type": "command", "content": content, "importance": 2, "tags": make_tags(*tags)}]
    return [{"type": "command", "content": tail, "importance": 1, "tags": make_tags(*tags)}]


# --- Agent / Task
def subagent(tool: str, tool_input: dict, resp, config: dict, cwd: str | None) -> list[dict]:
    desc = field_text(tool_input.get("description"))
    prompt = field_text(tool_input.get("prompt"))
    agent_type = field_text(tool_input.get("subagent_type"))
    rd = field_dict(resp)
    if not desc and not prompt:
        desc = field_text(rd.get("description"))
        prompt = field_text(rd.get("prompt"))
    if not desc and not prompt:
        return []
    head = "Subagent" + (f" ({agent_type})" if agent_type else "") + ": "
    head += one_line(desc or prompt, 200)
    parts = [head]
    if prompt and desc:
        parts.append("Prompt: " + one_line(prompt, 300))
    if isinstance(resp, str):
        result = resp.strip()
    else:
        result = blocks_text(rd.get("content")).strip() or field_text(rd.get("result")).strip()
    status = field_text(rd.get("status"))
    if status == "async_launched" or rd.get("isAsync") is True:
        agent_id = field_text(rd.get("agentId"))
        parts.append("Launched in background" + (f" (agent {agent_id})" if agent_id else ""))
    elif result:
        parts.append("Result: " + cap_text(result, 1200))
    elif status:
        parts.append(f"Status: {status}")
    stats = []
    if isinstance(rd.get("totalToolUseCount"), int):
        stats.append(f"{rd['totalToolUseCount']} tool uses")
    ms = rd.get("totalDurationMs")
    if isinstance(ms, (int, float)) and not isinstance(ms, bool):
        stats.append(f"{round(ms / 1000)}s")
    if stats:
        parts.append("[" + ", ".join(stats) + "]")
    return [{"type": "subagent", "content": "\n".join(parts), "importance": 2,
             "tags": make_tags("subagent", tool.lower(), agent_type)}]


# --- Workflow (2.1.2xx: a script that runs subagents in phases)
_PHASE_RE = r"""\bphase\(\s*['"`]([^'"`\n]{1,80})['"`]"""


def workflow(tool: str, tool_input: dict, resp, config: dict, cwd: str | None) -> list[dict]:
    """A Workflow call: its name or description, its phases and how many subagents its
    script starts (the script itself is code, not kept), and what it answered."""
    script = field_text(tool_input.get("script"))
    label = (field_text(tool_input.get("description")) or field_text(tool_input.get("name"))
             or field_text(tool_input.get("label"))).strip()  # fmt: skip
    phases = list(dict.fromkeys(re.findall(_PHASE_RE, script)))
    if not label and not script.strip():
        return []
    head = "Workflow: " + (one_line(label, 200) if label else f"script of {len(script.splitlines())} lines")
    parts = [head]
    if phases:
        parts.append("Phases: " + "; ".join(one_line(p, 60) for p in phases[:8]))
    agents = len(re.findall(r"\bagent\(", script))
    if agents:
        parts.append(f"{agents} subagent call{'s' if agents != 1 else ''} in its script")
    rd = field_dict(resp)
    result = resp.strip() if isinstance(resp, str) else (
        blocks_text(rd.get("content")).strip() or field_text(rd.get("result")).strip()
        if rd else blocks_text(resp).strip())  # fmt: skip
    if result:
        parts.append("Result: " + cap_text(result, 1200))
    return [{"type": "subagent", "content": "\n".join(parts), "importance": 2,
             "tags": make_tags("subagent", "workflow")}]


# --- Web
def _domain(url: str) -> str:
    m = re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*://([^/?#:@]+@)?([^/?#:]+)", url)
    return m.group(2).lower() if m else ""


def webfetch(tool: str, tool_input: dict, resp, config: dict, cwd: str | None) -> list[dict]:
    rd = field_dict(resp)
    url = field_text(tool_input.get("url")) or field_text(rd.get("url"))
    if not url:
        return []
    prompt = field_text(tool_input.get("prompt"))
    parts = [f"WebFetch {url}"]
    code = rd.get("code")
    if isinstance(code, int) and not isinstance(code, bool) and code != 200:
        parts[0] += f" (HTTP {code})"
    if prompt:
        parts.append("Prompt: " + one_line(prompt, 300))
    result = resp if isinstance(resp, str) else field_text(rd.get("result"))
    if result.strip():
        parts.append(cap_text(result.strip(), 600))
    return [{"type": "web", "content": "\n".join(parts), "importance": 1,
             "tags": make_tags("web", "webfetch", _domain(url))}]


def websearch(tool: str, tool_input: dict, resp, config: dict, cwd: str | None) -> list[dict]:
    rd = field_dict(resp)
    query = field_text(tool_input.get("query")) or field_text(rd.get("query"))
    if not query.strip():
        return []
    parts = [f"WebSearch: {one_line(query, 300)}"]
    hits = []
    results = rd.get("results")
    if isinstance(results, list):
        for r in results:
            if not isinstance(r, dict):
                continue
            items = r.get("content")
            if not isinstance(items, list):
                items = [r]
            for item in items:
                if isinstance(item, dict):
                    title = field_text(item.get("title"))
                    url = field_text(item.get("url"))
                    if title or url:
                        hits.append(f"- {one_line(title, 100)} {url}".rstrip())
    if hits:
        parts.extend(hits[:5])
    return [{"type": "web", "content": "\n".join(parts), "importance": 1,
             "tags": make_tags("web", "websearch")}]


# --- MCP
# A file server's tools that change a file named by the input's `path` (the reference
# filesystem server and the ones shaped like it): stored as a change of that file.
MCP_FILE_CHANGES = {"write_file": "file_write", "create_file": "file_write",
                    "edit_file": "file_edit", "append_file": "file_write"}  # fmt: skip


def _mcp_file_change(server: str, name: str, tool_input, cwd: str | None) -> list[dict] | None:
    """The memory of an MCP call that wrote or edited a file, or None when it is not one."""
    kind = MCP_FILE_CHANGES.get(name)
    if kind is None or not isinstance(tool_input, dict) or tool_input.get("dryRun") is True:
        return None
    path = field_text(tool_input.get("path")) or field_text(tool_input.get("file_path"))
    if not path.strip():
        return None
    if in_skipped_dir(path, cwd):
        return []
    shown = display_path(path, cwd)
    tags = ["mcp", server, file_tag(path)]
    if kind == "file_write":
        body = field_text(tool_input.get("content"))
        nlines = len(body.splitlines())
        header = f"Write {shown} (MCP {server}/{name}, {nlines} line{'s' if nlines != 1 else ''})"
        content = header + ("\n" + preview(body) if body.strip() else "")
        return [observation("file_write", content, 2, make_tags("write", *tags), file_path=path)]
    lines: list[str] = []
    added = removed = 0
    edits = tool_input.get("edits")
    for e in edits if isinstance(edits, list) else []:
        if isinstance(e, dict):
            old = field_text(e.get("oldText")) or field_text(e.get("old_string"))
            new = field_text(e.get("newText")) or field_text(e.get("new_string"))
            d, a, r = _string_diff(old, new)
            lines.extend(d)
            added += a
            removed += r
    diff = [cut_line(line, 200) for line in lines[:_DIFF_LINES]]
    if len(lines) > _DIFF_LINES:
        diff.append(f"… {len(lines) - _DIFF_LINES} more lines")
    content = f"Edit {shown} (+{added} -{removed}) (MCP {server}/{name})"
    content += "\n" + "\n".join(diff) if diff else ""
    return [observation("file_edit", content, 2, make_tags("edit", *tags), file_path=path)]


def mcp(tool: str, tool_input, resp, config: dict, cwd: str | None) -> list[dict]:
    """Every ``mcp__server__tool`` (its input may be any JSON value)."""
    pieces = tool.split("__")
    server = pieces[1] if len(pieces) > 1 else ""
    name = "__".join(pieces[2:]) if len(pieces) > 2 else ""
    change = _mcp_file_change(server, name, tool_input, cwd)
    if change is not None:
        return change
    label = f"MCP {server}/{name}" if name else f"MCP {tool}"
    args = input_summary(tool_input)
    content = label + (f" {args}" if args else "")
    if isinstance(resp, (list, str)):
        result = blocks_text(resp)
    else:
        rd = field_dict(resp)
        result = blocks_text(rd.get("content")) or field_text(rd.get("result"))
    if result.strip():
        content += "\n" + one_line(result, 300)
    return [{"type": "mcp", "content": content, "importance": 1,
             "tags": make_tags("mcp", server, name.replace("_", " ") if name else "")}]


# --- Read / Grep / Glob
def read(tool: str, tool_input: dict, resp, config: dict, cwd: str | None) -> list[dict]:
    rd = field_dict(resp)
    f = field_dict(rd.get("file"))
    path = field_text(tool_input.get("file_path")) or field_text(f.get("filePath"))
    if not path or in_skipped_dir(path, cwd):
        return []
    content = f"Read {display_path(path, cwd)}"
    start, num, total = f.get("startLine"), f.get("numLines"), f.get("totalLines")
    if isinstance(start, int) and isinstance(num, int) and isinstance(total, int) and num:
        if start <= 1 and num >= total:
            content += f" ({total} lines)"
        else:
            content += f" (lines {start}-{start + num - 1} of {total})"
    return [{"type": "file_read", "file_path": path, "content": content, "importance": 1,
             "tags": make_tags("read", file_tag(path))}]


def search(tool: str, tool_input: dict, resp, config: dict, cwd: str | None) -> list[dict]:
    pattern = field_text(tool_input.get("pattern"))
    if not pattern:
        return []
    where = field_text(tool_input.get("path"))
    content = f"{tool} {one_line(pattern, 200)}"
    if where:
        content += f" in {display_path(where, cwd) if relative_path(where, cwd) else where}"
    glob = field_text(tool_input.get("glob"))
    if glob:
        content += f" ({glob})"
    rd = field_dict(resp)
    counts = []
    if isinstance(rd.get("numFiles"), int):
        counts.append(f"{rd['numFiles']} files")
    if isinstance(rd.get("numLines"), int) and rd.get("numLines"):
        counts.append(f"{rd['numLines']} lines")
    if counts:
        content += " -> " + ", ".join(counts)
    return [observation("search", content, 1, make_tags("search", tool.lower()))]


# --- tasks / todos
def task_create(tool: str, tool_input: dict, resp, config: dict, cwd: str | None) -> list[dict]:
    subject = field_text(tool_input.get("subject"))
    task = field_dict(field_dict(resp).get("task"))
    if not subject:
        subject = field_text(task.get("subject"))
    if not subject.strip():
        return []
    desc = field_text(tool_input.get("description"))
    tid = field_text(task.get("id"))
    content = "Task created" + (f" #{tid}" if tid else "") + f": {one_line(subject, 200)}"
    if desc.strip() and desc.strip() != subject.strip():
        content += f"\n{one_line(desc, 400)}"
    return [observation("observation", content, 1, make_tags("task", "todo"))]


def task_update(tool: str, tool_input: dict, resp, config: dict, cwd: str | None) -> list[dict]:
    if field_text(tool_input.get("status")) != "completed":
        return []
    rd = field_dict(resp)
    task = field_dict(rd.get("task"))
    subject = field_text(tool_input.get("subject")) or field_text(task.get("subject"))
    tid = field_text(tool_input.get("taskId")) or field_text(tool_input.get("id")) or field_text(task.get("id"))
    if not subject and not tid:
        return []
    content = "Task completed" + (f" #{tid}" if tid else "")
    if subject:
        content += f": {one_line(subject, 200)}"
    return [observation("observation", content, 1, make_tags("task", "todo", "completed"))]


def todo_write(tool: str, tool_input: dict, resp, config: dict, cwd: str | None) -> list[dict]:
    rd = field_dict(resp)
    old = rd.get("oldTodos")
    new = rd.get("newTodos")
    if not isinstance(new, list):
        new = tool_input.get("todos")
    if not isinstance(old, list) or not isinstance(new, list):
        return []
    done_before = {
        field_text(t.get("content"))
        for t in old
        if isinstance(t, dict) and t.get("status") == "completed"
    }
    newly = [
        field_text(t.get("content")) for t in new
        if isinstance(t, dict) and t.get("status") == "completed"
        and field_text(t.get("content")) and field_text(t.get("content")) not in done_before
    ]
    if not newly:
        return []
    content = "Completed: " + "; ".join(one_line(t, 150) for t in newly[:10])
    return [observation("observation", content, 1, make_tags("todo", "completed"))]


def exit_plan_mode(tool: str, tool_input: dict, resp, config: dict, cwd: str | None) -> list[dict]:
    plan = field_text(tool_input.get("plan")) or field_text(field_dict(resp).get("plan"))
    if not plan.strip():
        return []
    return [observation("observation", "Plan:\n" + plan.strip(), 2, make_tags("plan"))]
