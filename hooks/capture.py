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
  content leads with the message), Agent / Task -> ``subagent``,
  WebFetch / WebSearch -> ``web``, ``mcp__*`` -> ``mcp``,
  Read -> ``file_read`` and Grep / Glob -> ``search`` only when enabled,
  TaskCreate -> ``observation``, TaskUpdate -> ``observation`` only when a
  task is completed, TodoWrite -> ``observation`` only for newly completed
  todos, ExitPlanMode -> ``observation`` (the plan); other tools: nothing.
- PostToolUseFailure -> ``error`` (importance 3, ``error_text`` set); an
  interrupt (``is_interrupt``) is an ``observation`` of importance 1 instead.
  Failures of Read/Grep/Glob are only kept when that tool's capture is on.
- PreCompact with non-empty ``custom_instructions`` / PostCompact with
  ``compact_summary`` -> ``compact_summary`` (importance 2).
- Everything else (SessionStart, Stop, Notification, PreToolUse, ...) -> [].

Files under dependency / build / cache directories (node_modules, .git,
dist, build, .venv, ...) are skipped for Edit/Write/Read/NotebookEdit, and a
cwd matching ``exclude_projects`` yields nothing.
"""
from __future__ import annotations

import re

from store.config import DEFAULTS, is_project_excluded
from store.text import MAX_CONTENT_CHARS, cap_text
from store.text import basename as _basename
from store.text import one_line as _one_line
from store.text import relative_path as _relative

SKIP_DIRS = frozenset(
    {
        "node_modules", "bower_components", "jspm_packages", ".pnpm-store", ".yarn",
        ".git", ".hg", ".svn",
        "dist", "build", "out", "target", "_build", ".output",
        ".venv", "venv", ".virtualenv", "site-packages", ".eggs", "__pycache__",
        ".next", ".nuxt", ".svelte-kit", ".turbo", ".parcel-cache", ".angular",
        ".expo", ".vercel", ".netlify", ".serverless", ".terraform", ".dart_tool",
        ".cache", ".tox", ".nox", ".mypy_cache", ".pytest_cache", ".ruff_cache",
        ".hypothesis", "coverage", "htmlcov", ".nyc_output", ".gradle",
        "pods", "deriveddata",
    }
)

# Commands that only look at things; skipped unless chained with a meaningful one.
TRIVIAL_COMMANDS = frozenset(
    {
        "ls", "ll", "la", "dir", "cat", "bat", "head", "tail", "less", "more", "echo",
        "printf", "pwd", "cd", "pushd", "popd", "which", "where", "whereis", "type",
        "wc", "clear", "cls", "true", "false", "sleep", "find", "fd", "tree", "grep",
        "egrep", "fgrep", "rg", "ag", "ack", "stat", "file", "du", "df", "date",
        "whoami", "id", "hostname", "uname", "printenv", "history", "exit", "sort",
        "uniq", "cut", "tr", "column", "xxd", "od", "hexdump", "basename", "dirname",
        "realpath", "readlink", "test", "[", "[[", "diff", "cmp", "nl", "jq", "yq",
        "mkdir", "touch", "set", "export", "unset", "alias", "read", "wait", "sed",
        "awk", "tee", ":", "open", "xdg-open", "say", "md5sum", "sha256sum",
        "shasum", "get-childitem", "get-content", "select-string", "write-host",
        "write-output", "get-location", "set-location",
    }
)
# Words placed in front of the real command.
_WRAPPERS = frozenset(
    {"sudo", "doas", "env", "time", "nohup", "exec", "command", "builtin", "nice",
     "ionice", "timeout", "xargs", "stdbuf", "caffeinate", "unbuffer", "rtk"}
)
_WRAPPER_ARG_OPTS = {
    "sudo": {"-u", "-g", "-h", "-p", "-C", "-D", "-U"},
    "doas": {"-u", "-C"},
    "env": {"-u", "-C", "-S"},
    "nice": {"-n"},
    "ionice": {"-c", "-n", "-p"},
    "timeout": {"-s", "-k", "--signal", "--kill-after"},
    "xargs": {"-I", "-n", "-P", "-L", "-d", "-E", "-s", "-a"},
    "stdbuf": set(),
}
_KEYWORDS = frozenset({"then", "else", "do", "!", "{", "(", "elif", "if", "while", "until"})
_SKIP_SEGMENT_KEYWORDS = frozenset(
    {"for", "case", "select", "function", "fi", "done", "esac", "}", ")"}
)
# Read-only git subcommands: as trivial as ls.
_GIT_READONLY = frozenset(
    {"status", "log", "diff", "show", "rev-parse", "ls-files", "blame", "grep",
     "describe", "shortlog", "reflog", "ls-remote", "cat-file", "show-ref", "whatchanged"}
)
_GIT_GLOBAL_ARG_OPTS = frozenset(
    {"-c", "-C", "--git-dir", "--work-tree", "--namespace", "--exec-path"}
)

_TEST_RUNNERS = frozenset(
    {"pytest", "py.test", "jest", "vitest", "mocha", "ava", "tap", "karma", "playwright",
     "cypress", "phpunit", "rspec", "tox", "nox", "ctest", "unittest", "nosetests", "bats"}
)
_BUILD_TOOLS = frozenset(
    {"make", "cmake", "ninja", "tsc", "gradle", "gradlew", "mvn", "mvnw", "bazel", "webpack",
     "vite", "rollup", "esbuild", "msbuild", "dotnet", "swiftc", "gcc", "g++", "clang",
     "rustc", "javac", "meson", "scons", "turbo", "nx", "xcodebuild"}
)
_PKG_MANAGERS = frozenset(
    {"npm", "pnpm", "yarn", "bun", "npx", "pnpx", "bunx", "pip", "pip3", "pipx", "uv", "uvx",
     "poetry", "pdm", "hatch", "conda", "mamba", "cargo", "go", "apt", "apt-get", "brew",
     "gem", "bundle", "composer", "dnf", "yum", "pacman", "apk", "choco", "winget", "nuget",
     "deno", "rustup", "nvm", "pyenv", "mix", "stack", "cabal", "swift", "flutter", "dart"}
)
_PKG_RUNNERS = frozenset(
    {"npx", "pnpx", "bunx", "uvx", "uv", "yarn", "pnpm", "bun", "poetry", "pdm", "hatch",
     "pipx", "python", "python3", "py", "dotnet", "deno"}
)
_SCRIPT_RUNNERS = frozenset(
    {"python", "python3", "py", "node", "deno", "bun", "ruby", "perl", "bash", "sh", "zsh",
     "pwsh", "powershell", "tsx", "ts-node"}
)
_CONTAINER = frozenset(
    {"docker", "docker-compose", "podman", "kubectl", "helm", "k9s", "minikube", "kind"}
)

# Regexes are kept as strings and compiled on first use (re caches them), so
# importing this module compiles nothing.
_ENV_ASSIGN_RE = r"^[A-Za-z_][A-Za-z0-9_]*="
_COMMIT_LINE_RE = r"(?m)^\[([^\]\s]+)(?: \(root-commit\))? ([0-9a-f]{7,40})\] (.*)$"
_HEREDOC_MSG_RE = (
    r"(?s)^\$\(\s*cat\s+<<-?\s*(['\"]?)(\w+)\1[ \t]*\n"  # $(cat <<'EOF'
    r"(.*?)\n[ \t]*\2[ \t]*\n?\s*\)\s*$"  # body, EOF, )
)
_HEREDOC_START_RE = r"<<-?[ \t]*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\1"
_TRAILER_RE = r"(?i)^(co-authored-by:|🤖 generated with|generated with \[claude)"

_BASH_HEAD_LINES = 15
_BASH_TAIL_LINES = 15
_LINE_CHARS = 300
_DIFF_LINES = 30


# ----------------------------------------------------------------- helpers
def _str(value) -> str | None:
    return value if isinstance(value, str) else None


def _text(value) -> str:
    """A string field or '' (numbers are stringified, other types dropped)."""
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return ""


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def _cfg(config, key):
    if isinstance(config, dict) and key in config:
        return config[key]
    return DEFAULTS.get(key)


def _cut_line(line: str, limit: int = _LINE_CHARS) -> str:
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _head_tail_lines(text: str, head: int = _BASH_HEAD_LINES, tail: int = _BASH_TAIL_LINES) -> str:
    lines = text.splitlines()
    if len(lines) > head + tail + 1:
        cut = len(lines) - head - tail
        lines = lines[:head] + [f"… {cut} lines …"] + lines[-tail:]
    return "\n".join(_cut_line(line) for line in lines)


def _preview(text: str, max_lines: int = 10, max_chars: int = 600) -> str:
    lines = text.splitlines()
    out = "\n".join(_cut_line(line, 200) for line in lines[:max_lines])
    if len(out) > max_chars:
        out = out[: max_chars - 1] + "…"
    elif len(lines) > max_lines:
        out += f"\n… {len(lines) - max_lines} more lines"
    return out


def _norm_path(path: str) -> str:
    return path.replace("\\", "/")


def _display_path(path: str, cwd: str | None) -> str:
    rel = _relative(path, cwd)
    if rel is not None:
        return rel
    return _basename(path) or path


def _in_skipped_dir(path: str, cwd: str | None) -> bool:
    """True if a directory component (relative to cwd when under it) is a
    dependency/build/cache directory."""
    rel = _relative(path, cwd)
    parts = _norm_path(rel if rel is not None else path).split("/")[:-1]
    for part in parts:
        low = part.lower()
        if low in SKIP_DIRS or low.endswith(".egg-info"):
            return True
    return False


def _tags(*words) -> str:
    out: list[str] = []
    for word in words:
        if not word or not isinstance(word, str):
            continue
        for w in word.split():
            w = w.strip().lower()[:60]
            if w and w not in out:
                out.append(w)
    return " ".join(out)


def _file_tag(path: str) -> str:
    return "_".join(_basename(path).split())


def blocks_text(value, *, text_blocks_only: bool = False) -> str:
    """Text of a content value: a string, or a list of {type: text, text} blocks.

    `text_blocks_only`: skip blocks of another type that happen to carry text
    (transcript messages mix text with tool and thinking blocks)."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        parts = []
        for block in value:
            if isinstance(block, str):
                parts.append(block)
            elif isinstance(block, dict) and isinstance(block.get("text"), str):
                if text_blocks_only and block.get("type", "text") != "text":
                    continue
                parts.append(block["text"])
        return "\n".join(parts)
    if isinstance(value, dict) and isinstance(value.get("text"), str):
        return value["text"]
    return ""


def _input_summary(tool_input, limit: int = 200) -> str:
    """key=value summary of a tool input (scalars only), capped."""
    if isinstance(tool_input, str):
        return _one_line(tool_input, limit)
    if not isinstance(tool_input, dict):
        return ""
    parts = []
    for key, value in tool_input.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, (int, float)):
            value = str(value)
        elif isinstance(value, str):
            value = _one_line(value, 80)
        elif isinstance(value, list):
            value = f"[{len(value)} items]"
        elif isinstance(value, dict):
            value = "{…}"
        else:
            continue
        parts.append(f"{key}={value}")
    return _one_line(" ".join(parts), limit)


# ------------------------------------------------------------ shell parsing
def _split_commands(command: str) -> list[str]:
    """Split a shell command line into simple commands at ``&& || ; | & ( )``
    and newlines, respecting quotes, ``$(...)``/backticks and skipping heredoc
    bodies. Approximate, but never raises."""
    segments: list[str] = []
    buf: list[str] = []
    i, n = 0, len(command)
    quote = None
    depth = 0  # $( ... ) nesting
    pending_heredocs: list[str] = []

    def flush():
        seg = "".join(buf).strip()
        if seg:
            segments.append(seg)
        buf.clear()

    while i < n:
        ch = command[i]
        if quote:
            buf.append(ch)
            if ch == "\\" and quote == '"' and i + 1 < n:
                buf.append(command[i + 1])
                i += 2
                continue
            if ch == quote:
                quote = None
            i += 1
            continue
        if ch == "\\" and i + 1 < n:
            buf.append(ch)
            buf.append(command[i + 1])
            i += 2
            continue
        if ch in "'\"`":
            quote = ch
            buf.append(ch)
            i += 1
            continue
        if ch == "$" and i + 1 < n and command[i + 1] == "(":
            depth += 1
            buf.append("$(")
            i += 2
            continue
        if depth:
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
            if ch == "<" and command.startswith("<<", i):
                m = re.compile(_HEREDOC_START_RE).match(command, i)
                if m:
                    pending_heredocs.append(m.group(2))
            if ch == "\n" and pending_heredocs:
                i = _skip_heredocs(command, i + 1, pending_heredocs, buf)
                continue
            buf.append(ch)
            i += 1
            continue
        if ch == "<" and command.startswith("<<", i) and not command.startswith("<<<", i):
            m = re.compile(_HEREDOC_START_RE).match(command, i)
            if m:
                pending_heredocs.append(m.group(2))
                buf.append(m.group(0))
                i = m.end()
                continue
        if ch == "\n":
            flush()
            if pending_heredocs:
                i = _skip_heredocs(command, i + 1, pending_heredocs, None)
            else:
                i += 1
            continue
        if ch in ";|&()":
            # keep redirections like 2>&1, >&2, &> and |& attached
            if ch == "&" and (
                (buf and buf[-1] in "<>")
                or (i + 1 < n and command[i + 1] == ">")
            ):
                buf.append(ch)
                i += 1
                continue
            flush()
            i += 1
            continue
        if ch == "#" and (not buf or buf[-1] in " \t"):
            # comment to end of line
            j = command.find("\n", i)
            i = n if j == -1 else j
            continue
        buf.append(ch)
        i += 1
    flush()
    return segments


def _skip_heredocs(command: str, i: int, pending: list[str], buf) -> int:
    """Skip heredoc bodies starting at index i; return the index after the
    last terminator line. If buf is given, the body is appended to it."""
    n = len(command)
    while pending and i < n:
        delim = pending[0]
        j = command.find("\n", i)
        line_end = n if j == -1 else j
        line = command[i:line_end]
        if buf is not None:
            buf.append(line + "\n")
        i = line_end + 1
        if line.strip() == delim:
            pending.pop(0)
    pending.clear()
    return min(i, n)


def _words(segment: str) -> list[str]:
    """Very small shell word splitter (quotes removed, no expansion)."""
    words: list[str] = []
    cur: list[str] = []
    has = False
    quote = None
    i, n = 0, len(segment)
    while i < n:
        ch = segment[i]
        if quote:
            if ch == quote:
                quote = None
            elif ch == "\\" and quote == '"' and i + 1 < n and segment[i + 1] in '"\\$`':
                cur.append(segment[i + 1])
                i += 1
            else:
                cur.append(ch)
            i += 1
            continue
        if ch in "'\"":
            quote = ch
            has = True
        elif ch == "\\" and i + 1 < n:
            cur.append(segment[i + 1])
            has = True
            i += 1
        elif ch in " \t\r\n":
            if cur or has:
                words.append("".join(cur))
                cur, has = [], False
        else:
            cur.append(ch)
        i += 1
    if cur or has:
        words.append("".join(cur))
    return words


def _command_name(word: str) -> str:
    name = _basename(word).lower()
    for ext in (".exe", ".cmd", ".bat", ".ps1"):
        if name.endswith(ext):
            name = name[: -len(ext)]
    return name


def _strip_prefix(words: list[str]) -> list[str]:
    """Drop keywords, VAR=value assignments and wrappers (sudo, env, time, ...)."""
    i, n = 0, len(words)
    while i < n:
        w = words[i]
        if w in _KEYWORDS:
            i += 1
            continue
        if re.match(_ENV_ASSIGN_RE, w):
            i += 1
            continue
        name = _command_name(w)
        if name in _WRAPPERS:
            arg_opts = _WRAPPER_ARG_OPTS.get(name, set())
            i += 1
            while i < n and words[i].startswith("-"):
                opt = words[i]
                i += 1
                if opt in arg_opts and i < n:
                    i += 1
            if name == "timeout" and i < n and words[i][:1].isdigit():
                i += 1
            continue
        break
    return words[i:]


def _git_subcommand(args: list[str]) -> tuple[str, int]:
    """(subcommand, index in args) after git's global options."""
    i, n = 0, len(args)
    while i < n:
        a = args[i]
        if a in _GIT_GLOBAL_ARG_OPTS:
            i += 2
            continue
        if a.startswith("-"):
            i += 1
            continue
        return a.lower(), i
    return "", n


def _analyse_segment(segment: str) -> dict | None:
    words = _words(segment)
    if words and words[0] in _SKIP_SEGMENT_KEYWORDS:
        return None
    words = _strip_prefix(words)
    if not words:
        return None
    name = _command_name(words[0])
    args = words[1:]
    info = {"name": name, "args": args, "sub": "", "trivial": name in TRIVIAL_COMMANDS}
    if name == "git":
        sub, idx = _git_subcommand(args)
        info["sub"] = sub
        info["sub_index"] = idx
        if not sub or sub in _GIT_READONLY or _git_listing(sub, args[idx + 1:]):
            info["trivial"] = True
    elif name == "sed" and any(a.startswith("-i") or a == "--in-place" for a in args):
        info["trivial"] = False  # in-place edit
    elif name == "find" and any(a in ("-delete", "-exec", "-execdir", "-ok") for a in args):
        info["trivial"] = False  # find that changes things
    elif info["trivial"] and _writes_file(args):
        info["trivial"] = False  # e.g. cat > file <<EOF, echo x >> .env
    elif name in ("python", "python3", "py", "node") and not args:
        info["trivial"] = False
    elif args and name in _PKG_MANAGERS:
        info["sub"] = args[0].lower()
    return info


def _writes_file(args: list[str]) -> bool:
    """True if the words contain an output redirection to a real file."""
    for i, a in enumerate(args):
        target = None
        for op in ("&>>", "&>", "1>>", "1>", ">>", ">"):
            if a.startswith(op):
                target = a[len(op):]
                if not target:
                    target = args[i + 1] if i + 1 < len(args) else ""
                break
        if target is None or target.startswith("&") or target.startswith("/dev/"):
            continue
        if target and target.lower() != "nul":
            return True
    return False


def _git_listing(sub: str, rest: list[str]) -> bool:
    if sub == "branch":
        changing = ("-d", "-D", "-m", "-M", "-c", "-C", "--delete", "--move")
        return not rest or all(a.startswith("-") and a not in changing for a in rest)
    if sub == "remote":
        return not rest or rest == ["-v"]
    if sub == "stash":
        return bool(rest) and rest[0] in ("list", "show")
    if sub == "tag":
        return not rest or rest[0] in ("-l", "--list")
    if sub == "config":
        return bool(rest) and rest[0] in ("--get", "--list", "-l", "--get-all")
    return False


def analyse_command(command: str) -> list[dict]:
    """The simple commands of a command line, each as
    ``{"name", "args", "sub", "trivial"}``."""
    out = []
    for seg in _split_commands(command):
        info = _analyse_segment(seg)
        if info is not None:
            out.append(info)
    return out


def is_meaningful_command(command: str) -> bool:
    return any(not c["trivial"] for c in analyse_command(command))


def _commit_message_from_args(args: list[str]) -> str | None:
    msgs: list[str] = []
    i, n = 0, len(args)
    while i < n:
        a = args[i]
        i += 1
        if a == "--":
            break
        if a.startswith("--message="):
            msgs.append(a[len("--message="):])
        elif a == "--message":
            if i < n:
                msgs.append(args[i])
                i += 1
        elif a.startswith("-") and not a.startswith("--") and len(a) > 1:
            flags = a[1:]
            pos = flags.find("m")
            if pos != -1 and all(c.isalpha() for c in flags[:pos]):
                rest = flags[pos + 1:]
                if rest:
                    msgs.append(rest)
                elif i < n:
                    msgs.append(args[i])
                    i += 1
    if not msgs:
        return None
    cleaned = []
    for msg in msgs:
        m = re.match(_HEREDOC_MSG_RE, msg.strip())
        if m:
            msg = m.group(3)
        cleaned.append(msg.strip())
    text = "\n\n".join(m for m in cleaned if m)
    lines = [line for line in text.splitlines() if not re.match(_TRAILER_RE, line.strip())]
    text = "\n".join(lines).strip()
    return text or None


def _obs(type_: str, content: str, importance: int, tags: str, **extra) -> dict:
    d = {"type": type_, "content": content, "importance": importance, "tags": tags}
    d.update(extra)
    return d


# -------------------------------------------------------------- the rules
OWN_MCP_TOOLS = "mcp__memlane__"  # `memlane mcp`'s tools (search, timeline, get_memories)


def observations_from_event(event, config) -> list[dict]:
    """Observation dicts for one hook event (see module docstring). Never raises:
    a capture bug stores nothing from that event and says so in one `[memlane]`
    line (stderr and the log), so it never looks like "nothing to capture"."""
    try:
        return capture_observations(event, config)
    except Exception as exc:  # a capture bug must never break the hook
        from store.log import log_line

        tool = _str(event.get("tool_name")) if isinstance(event, dict) else ""
        what = _str(event.get("hook_event_name")) if isinstance(event, dict) else ""
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
    session_id = _str(event.get("session_id"))
    if not session_id:
        return []
    cwd = _str(event.get("cwd")) or None
    if cwd and is_project_excluded(cwd, config):
        return []
    name = event.get("hook_event_name")
    tool_name = _str(event.get("tool_name")) or None
    if tool_name:
        if tool_name.startswith(OWN_MCP_TOOLS):
            return []  # memlane's own answers are memories already: storing them again would copy them
        disabled = _cfg(config, "capture_disabled_tools")
        if isinstance(disabled, (list, tuple, set)) and tool_name in disabled:
            return []
    base = {
        "session_id": session_id,
        "prompt_id": _str(event.get("prompt_id")) or None,
        "tool_use_id": _str(event.get("tool_use_id")) or None,
        "tool_name": tool_name,
        "cwd": cwd,
        "created_at": _str(event.get("_timestamp")) or None,
        "source": "import" if event.get("_source") == "import" else "hook",
    }
    if name == "UserPromptSubmit":
        results = _prompt(event)
    elif name == "PostToolUse":
        results = _post_tool_use(event, config, tool_name, cwd)
    elif name == "PostToolUseFailure":
        results = _failure(event, config, tool_name, cwd)
    elif name in ("PreCompact", "PostCompact"):
        results = _compact(event, name)
    else:
        return []
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
    prompt = event.get("prompt")
    if not isinstance(prompt, str) or not prompt.strip():
        prompt = event.get("user_prompt")
    if not isinstance(prompt, str) or not prompt.strip() or is_memory_command(prompt):
        return []
    return [{"type": "prompt", "content": prompt.strip(), "importance": 2, "tags": "prompt"}]


def _compact(event: dict, name: str) -> list[dict]:
    trigger = _text(event.get("trigger"))
    if name == "PostCompact":
        summary = _text(event.get("compact_summary")) or _text(event.get("summary"))
        if not summary.strip():
            return []
        content = summary.strip()
    else:
        instructions = _text(event.get("custom_instructions"))
        if not instructions.strip():
            return []
        content = "Compaction instructions: " + instructions.strip()
    return [
        {
            "type": "compact_summary",
            "content": content,
            "importance": 2,
            "tags": _tags("compact", trigger),
        }
    ]


def _post_tool_use(event: dict, config: dict, tool: str | None, cwd: str | None) -> list[dict]:
    if not tool:
        return []
    tool_input = _dict(event.get("tool_input"))
    resp = event.get("tool_response")
    if tool in ("Edit", "MultiEdit"):
        return _edit(tool, tool_input, resp, cwd)
    if tool == "Write":
        return _write(tool_input, resp, cwd)
    if tool == "Bash":
        return _bash(tool_input, resp)
    if tool == "NotebookEdit":
        return _notebook(tool_input, resp, cwd)
    if tool in ("Agent", "Task"):
        return _subagent(tool, tool_input, resp)
    if tool == "WebFetch":
        return _webfetch(tool_input, resp)
    if tool == "WebSearch":
        return _websearch(tool_input, resp)
    if tool.startswith("mcp__"):
        return _mcp(tool, event.get("tool_input"), resp)
    if tool == "Read":
        return _read(tool_input, resp, config, cwd)
    if tool in ("Grep", "Glob"):
        return _search(tool, tool_input, resp, config, cwd)
    if tool == "TaskCreate":
        return _task_create(tool_input, resp)
    if tool == "TaskUpdate":
        return _task_update(tool_input, resp)
    if tool == "TodoWrite":
        return _todo_write(tool_input, resp)
    if tool == "ExitPlanMode":
        plan = _text(tool_input.get("plan")) or _text(_dict(resp).get("plan"))
        if plan.strip():
            return [{"type": "observation", "content": "Plan:\n" + plan.strip(),
                     "importance": 2, "tags": _tags("plan")}]
    return []


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


def _edit(tool: str, tool_input: dict, resp, cwd: str | None) -> list[dict]:
    rd = _dict(resp)
    path = _text(tool_input.get("file_path")) or _text(rd.get("filePath"))
    if not path:
        return []
    if _in_skipped_dir(path, cwd):
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
                d, a, r = _string_diff(_text(e.get("old_string")), _text(e.get("new_string")))
                if multi:
                    lines.append(f"@@ edit {idx}")
                lines.extend(d)
                added += a
                removed += r
        else:
            old = _text(tool_input.get("old_string")) or _text(rd.get("oldString"))
            new = _text(tool_input.get("new_string")) or _text(rd.get("newString"))
            if old or new:
                lines, added, removed = _string_diff(old, new)
    shown = [_cut_line(line, 200) for line in lines[:_DIFF_LINES]]
    if len(lines) > _DIFF_LINES:
        shown.append(f"… {len(lines) - _DIFF_LINES} more lines")
    header = f"Edit {_display_path(path, cwd)} (+{added} -{removed})"
    if tool_input.get("replace_all") is True:
        header += " (replace all)"
    content = header + ("\n" + "\n".join(shown) if shown else "")
    tags = _tags("edit", tool.lower(), _file_tag(path))
    return [_obs("file_edit", content, 2, tags, file_path=path)]


# --- Write
def _write(tool_input: dict, resp, cwd: str | None) -> list[dict]:
    rd = _dict(resp)
    path = _text(tool_input.get("file_path")) or _text(rd.get("filePath"))
    if not path or _in_skipped_dir(path, cwd):
        return []
    kind = _text(rd.get("type"))
    verb = {"create": "created", "update": "updated"}.get(kind, "written")
    body = _text(tool_input.get("content")) or _text(rd.get("content"))
    nlines = len(body.splitlines())
    header = f"Write {_display_path(path, cwd)} ({verb}, {nlines} line{'s' if nlines != 1 else ''})"
    content = header + ("\n" + _preview(body) if body.strip() else "")
    tags = _tags("write", verb, _file_tag(path))
    return [_obs("file_write", content, 2, tags, file_path=path)]


# --- NotebookEdit
def _notebook(tool_input: dict, resp, cwd: str | None) -> list[dict]:
    rd = _dict(resp)
    path = _text(tool_input.get("notebook_path")) or _text(rd.get("notebook_path"))
    if not path or _in_skipped_dir(path, cwd):
        return []
    mode = _text(tool_input.get("edit_mode")) or _text(rd.get("edit_mode")) or "replace"
    cell = _text(tool_input.get("cell_id")) or _text(rd.get("cell_id"))
    if not cell and isinstance(tool_input.get("cell_number"), int):
        cell = f"#{tool_input['cell_number']}"
    cell_type = _text(tool_input.get("cell_type")) or _text(rd.get("cell_type"))
    source = _text(tool_input.get("new_source")) or _text(rd.get("new_source"))
    header = f"NotebookEdit {_display_path(path, cwd)} {mode} cell {cell or '?'}"
    if cell_type:
        header += f" ({cell_type})"
    content = header + ("\n" + _preview(source) if source.strip() and mode != "delete" else "")
    tags = _tags("notebook", "notebookedit", mode, _file_tag(path))
    return [_obs("notebook_edit", content, 2, tags, file_path=path)]


# --- Bash
def _bash_output(resp) -> str:
    if isinstance(resp, str):
        return resp
    rd = _dict(resp)
    out = _text(rd.get("stdout")) or _text(rd.get("output"))
    err = _text(rd.get("stderr"))
    text = out.rstrip("\n")
    if err.strip():
        text = (text + "\n" if text else "") + err.rstrip("\n")
    return text


def _command_tags(cmds: list[dict]) -> list[str]:
    tags = ["bash"]
    for c in cmds:
        if c["trivial"]:
            continue
        name, sub, args = c["name"], c["sub"], c["args"]
        tags.append(name)
        low_args = [a.lower() for a in args[:4]]
        names = {name}
        if name in _PKG_RUNNERS and low_args:  # npx jest, uv run pytest, python -m pytest
            first = low_args[0]
            if first in ("run", "exec", "x", "dlx", "-m") and len(low_args) > 1:
                first = low_args[1]
            if not first.startswith("-"):
                names.add(_command_name(first))
        tags.extend(sorted(names - {name}))
        if name == "git":
            tags.append("git")
            if sub:
                tags.append(sub)
        if (names & _TEST_RUNNERS or "test" in low_args
                or any(a.startswith("test") and not a.startswith("test.") for a in low_args[:2])):
            tags.append("test")
        if names & _BUILD_TOOLS or "build" in low_args or "compile" in low_args:
            tags.append("build")
        if name in _PKG_MANAGERS and sub in (
            "install", "i", "add", "ci", "sync", "get", "upgrade", "update", "remove", "uninstall"
        ):
            tags.append("install")
        if names & _CONTAINER:
            tags.append("container")
        if name in _SCRIPT_RUNNERS and args:
            script = args[0]
            if not script.startswith("-"):
                tags.append(_command_name(script))
            elif script == "-m" and len(args) > 1:
                tags.append(args[1].lower())
    return tags


def _bash(tool_input: dict, resp) -> list[dict]:
    command = _text(tool_input.get("command"))
    if not command.strip():
        return []
    cmds = analyse_command(command)
    if not any(not c["trivial"] for c in cmds):
        return []
    output = _bash_output(resp)
    rd = _dict(resp)
    shown_cmd = cap_text(command.strip(), 1000)
    notes = []
    interp = _text(rd.get("returnCodeInterpretation"))
    if interp:
        notes.append(interp)
    if rd.get("interrupted") is True:
        notes.append("interrupted")
    for key in ("exitCode", "exit_code", "returnCode"):
        code = rd.get(key)
        if isinstance(code, int) and not isinstance(code, bool) and code != 0:
            notes.append(f"exit code {code}")
            break
    tags = _command_tags(cmds)
    commit = next((c for c in cmds if c["name"] == "git" and c["sub"] == "commit"), None)
    body = _head_tail_lines(output) if output.strip() else ""
    tail = f"$ {shown_cmd}" + (f"  ({'; '.join(notes)})" if notes else "")
    if body:
        tail += "\n" + body
    if commit is not None:
        idx = commit.get("sub_index", 0)
        message = _commit_message_from_args(commit["args"][idx + 1:])
        m = re.search(_COMMIT_LINE_RE, output)
        branch = sha = None
        if m:
            branch, sha = m.group(1), m.group(2)
            if not message:
                message = m.group(3).strip()
        if not sha:
            git_op = _dict(_dict(rd.get("gitOperation")).get("commit"))
            sha = _text(git_op.get("sha")) or None
        message = cap_text(message, 1500) if message else "(no message)"
        ref = "git commit" + (f" {sha}" if sha else "") + (f" on {branch}" if branch else "")
        content = f"{message}\n[{ref}]\n{tail}"
        tags.insert(1, "git commit")
        return [{"type": "command", "content": content, "importance": 2, "tags": _tags(*tags)}]
    return [{"type": "command", "content": tail, "importance": 1, "tags": _tags(*tags)}]


# --- Agent / Task
def _subagent(tool: str, tool_input: dict, resp) -> list[dict]:
    desc = _text(tool_input.get("description"))
    prompt = _text(tool_input.get("prompt"))
    agent_type = _text(tool_input.get("subagent_type"))
    rd = _dict(resp)
    if not desc and not prompt:
        desc = _text(rd.get("description"))
        prompt = _text(rd.get("prompt"))
    if not desc and not prompt:
        return []
    head = "Subagent" + (f" ({agent_type})" if agent_type else "") + ": "
    head += _one_line(desc or prompt, 200)
    parts = [head]
    if prompt and desc:
        parts.append("Prompt: " + _one_line(prompt, 300))
    if isinstance(resp, str):
        result = resp.strip()
    else:
        result = blocks_text(rd.get("content")).strip() or _text(rd.get("result")).strip()
    status = _text(rd.get("status"))
    if status == "async_launched" or rd.get("isAsync") is True:
        agent_id = _text(rd.get("agentId"))
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
             "tags": _tags("subagent", tool.lower(), agent_type)}]


# --- Web
def _domain(url: str) -> str:
    m = re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*://([^/?#:@]+@)?([^/?#:]+)", url)
    return m.group(2).lower() if m else ""


def _webfetch(tool_input: dict, resp) -> list[dict]:
    rd = _dict(resp)
    url = _text(tool_input.get("url")) or _text(rd.get("url"))
    if not url:
        return []
    prompt = _text(tool_input.get("prompt"))
    parts = [f"WebFetch {url}"]
    code = rd.get("code")
    if isinstance(code, int) and not isinstance(code, bool) and code != 200:
        parts[0] += f" (HTTP {code})"
    if prompt:
        parts.append("Prompt: " + _one_line(prompt, 300))
    result = resp if isinstance(resp, str) else _text(rd.get("result"))
    if result.strip():
        parts.append(cap_text(result.strip(), 600))
    return [{"type": "web", "content": "\n".join(parts), "importance": 1,
             "tags": _tags("web", "webfetch", _domain(url))}]


def _websearch(tool_input: dict, resp) -> list[dict]:
    rd = _dict(resp)
    query = _text(tool_input.get("query")) or _text(rd.get("query"))
    if not query.strip():
        return []
    parts = [f"WebSearch: {_one_line(query, 300)}"]
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
                    title = _text(item.get("title"))
                    url = _text(item.get("url"))
                    if title or url:
                        hits.append(f"- {_one_line(title, 100)} {url}".rstrip())
    if hits:
        parts.extend(hits[:5])
    return [{"type": "web", "content": "\n".join(parts), "importance": 1,
             "tags": _tags("web", "websearch")}]


# --- MCP
def _mcp(tool: str, tool_input, resp) -> list[dict]:
    pieces = tool.split("__")
    server = pieces[1] if len(pieces) > 1 else ""
    name = "__".join(pieces[2:]) if len(pieces) > 2 else ""
    label = f"MCP {server}/{name}" if name else f"MCP {tool}"
    args = _input_summary(tool_input)
    content = label + (f" {args}" if args else "")
    if isinstance(resp, (list, str)):
        result = blocks_text(resp)
    else:
        rd = _dict(resp)
        result = blocks_text(rd.get("content")) or _text(rd.get("result"))
    if result.strip():
        content += "\n" + _one_line(result, 300)
    return [{"type": "mcp", "content": content, "importance": 1,
             "tags": _tags("mcp", server, name.replace("_", " ") if name else "")}]


# --- Read / Grep / Glob
def _read(tool_input: dict, resp, config: dict, cwd: str | None) -> list[dict]:
    if _cfg(config, "capture_read") is not True:
        return []
    rd = _dict(resp)
    f = _dict(rd.get("file"))
    path = _text(tool_input.get("file_path")) or _text(f.get("filePath"))
    if not path or _in_skipped_dir(path, cwd):
        return []
    content = f"Read {_display_path(path, cwd)}"
    start, num, total = f.get("startLine"), f.get("numLines"), f.get("totalLines")
    if isinstance(start, int) and isinstance(num, int) and isinstance(total, int) and num:
        if start <= 1 and num >= total:
            content += f" ({total} lines)"
        else:
            content += f" (lines {start}-{start + num - 1} of {total})"
    return [{"type": "file_read", "file_path": path, "content": content, "importance": 1,
             "tags": _tags("read", _file_tag(path))}]


def _search(tool: str, tool_input: dict, resp, config: dict, cwd: str | None) -> list[dict]:
    if _cfg(config, "capture_grep" if tool == "Grep" else "capture_glob") is not True:
        return []
    pattern = _text(tool_input.get("pattern"))
    if not pattern:
        return []
    where = _text(tool_input.get("path"))
    content = f"{tool} {_one_line(pattern, 200)}"
    if where:
        content += f" in {_display_path(where, cwd) if _relative(where, cwd) else where}"
    glob = _text(tool_input.get("glob"))
    if glob:
        content += f" ({glob})"
    rd = _dict(resp)
    counts = []
    if isinstance(rd.get("numFiles"), int):
        counts.append(f"{rd['numFiles']} files")
    if isinstance(rd.get("numLines"), int) and rd.get("numLines"):
        counts.append(f"{rd['numLines']} lines")
    if counts:
        content += " -> " + ", ".join(counts)
    return [_obs("search", content, 1, _tags("search", tool.lower()))]


# --- tasks / todos
def _task_create(tool_input: dict, resp) -> list[dict]:
    subject = _text(tool_input.get("subject"))
    task = _dict(_dict(resp).get("task"))
    if not subject:
        subject = _text(task.get("subject"))
    if not subject.strip():
        return []
    desc = _text(tool_input.get("description"))
    tid = _text(task.get("id"))
    content = "Task created" + (f" #{tid}" if tid else "") + f": {_one_line(subject, 200)}"
    if desc.strip() and desc.strip() != subject.strip():
        content += f"\n{_one_line(desc, 400)}"
    return [_obs("observation", content, 1, _tags("task", "todo"))]


def _task_update(tool_input: dict, resp) -> list[dict]:
    if _text(tool_input.get("status")) != "completed":
        return []
    rd = _dict(resp)
    task = _dict(rd.get("task"))
    subject = _text(tool_input.get("subject")) or _text(task.get("subject"))
    tid = _text(tool_input.get("taskId")) or _text(tool_input.get("id")) or _text(task.get("id"))
    if not subject and not tid:
        return []
    content = "Task completed" + (f" #{tid}" if tid else "")
    if subject:
        content += f": {_one_line(subject, 200)}"
    return [_obs("observation", content, 1, _tags("task", "todo", "completed"))]


def _todo_write(tool_input: dict, resp) -> list[dict]:
    rd = _dict(resp)
    old = rd.get("oldTodos")
    new = rd.get("newTodos")
    if not isinstance(new, list):
        new = tool_input.get("todos")
    if not isinstance(old, list) or not isinstance(new, list):
        return []
    done_before = {
        _text(t.get("content"))
        for t in old
        if isinstance(t, dict) and t.get("status") == "completed"
    }
    newly = [
        _text(t.get("content")) for t in new
        if isinstance(t, dict) and t.get("status") == "completed"
        and _text(t.get("content")) and _text(t.get("content")) not in done_before
    ]
    if not newly:
        return []
    content = "Completed: " + "; ".join(_one_line(t, 150) for t in newly[:10])
    return [_obs("observation", content, 1, _tags("todo", "completed"))]


# --- failures
def _failure(event: dict, config: dict, tool: str | None, cwd: str | None) -> list[dict]:
    error = event.get("error")
    error = _text(error) if not isinstance(error, (dict, list)) else blocks_text(error) or ""
    tool_input_raw = event.get("tool_input")
    tool_input = _dict(tool_input_raw)
    if tool in ("Read", "Grep", "Glob"):
        key = {"Read": "capture_read", "Grep": "capture_grep", "Glob": "capture_glob"}[tool]
        if _cfg(config, key) is not True:
            return []
    path = None
    if tool == "Bash":
        cmd = _text(tool_input.get("command")).strip()
        what = f"$ {cap_text(cmd, 1000)}" if cmd else "$ (unknown command)"
    else:
        path = _text(tool_input.get("file_path")) or _text(tool_input.get("notebook_path")) or None
        if tool in ("Edit", "MultiEdit", "Write", "Read", "NotebookEdit") and path:
            what = f"{tool} {_display_path(path, cwd)}"
        elif tool == "WebFetch" and _text(tool_input.get("url")):
            what = f"WebFetch {_text(tool_input.get('url'))}"
        else:
            summary = _input_summary(tool_input_raw)
            what = (tool or "tool") + (f" {summary}" if summary else "")
    tags = ["error", (tool or "").lower()]
    if tool == "Bash":
        tags = ["error"] + _command_tags(analyse_command(_text(tool_input.get("command"))))
    elif tool and tool.startswith("mcp__"):
        tags.append("mcp")
    if path:
        tags.append(_file_tag(path))
    if event.get("is_interrupt") is True:
        content = f"Interrupted: {what}"
        if error.strip() and "interrupt" not in error.lower():
            content += "\n" + cap_text(error.strip(), 500)
        return [{"type": "observation", "content": content, "importance": 1, "file_path": path,
                 "tags": _tags("interrupted", *(t for t in tags if t != "error"))}]
    err = cap_text(error.strip(), MAX_CONTENT_CHARS) if error.strip() else ""
    content = what + ("\n" + cap_text(err, 3000) if err else "")
    return [{"type": "error", "content": content, "importance": 3, "file_path": path,
             "error_text": err or None, "tags": _tags(*tags)}]
