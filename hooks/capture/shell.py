"""A small shell reader for the commands Claude Code runs (the Bash tool).

``analyse_command(line)`` splits a command line into its simple commands (at
``&& || ; | & ( )`` and newlines, respecting quotes, ``$(...)``, backticks and
heredoc bodies), each ``{"name", "args", "sub", "trivial"}``: wrappers
(``sudo``, ``env``, ``timeout`` ...), keywords and ``VAR=value`` prefixes are
stepped over, and commands that only look at things (``ls``, ``git status``,
``grep`` ...) are trivial unless they write a file.  ``is_meaningful_command``,
``commit_message`` (the message of a ``git commit``) and ``command_tags`` (the
tags of a command memory) read that analysis.  Approximate, never raises.

Standard library and ``store.text`` only (hook path).
"""
from __future__ import annotations

import re

from store.text import basename

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
# Regexes are kept as strings and compiled on first use (re caches them), so
# importing this module compiles nothing.
_ENV_ASSIGN_RE = r"^[A-Za-z_][A-Za-z0-9_]*="
_HEREDOC_MSG_RE = (
    r"(?s)^\$\(\s*cat\s+<<-?\s*(['\"]?)(\w+)\1[ \t]*\n"  # $(cat <<'EOF'
    r"(.*?)\n[ \t]*\2[ \t]*\n?\s*\)\s*$"  # body, EOF, )
)
_HEREDOC_START_RE = r"<<-?[ \t]*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\1"
_TRAILER_RE = r"(?i)^(co-authored-by:|🤖 generated with|generated with \[claude)"


# ------------------------------------------------------------ shell parsing
def _split_commands(command: str) -> list[str]:
    """Split a shell command line into simple commands at ``&& || ; | & ( )``
    and newlines, respecting quotes, ``$(...)``/backticks and skipping heredoc
    bodies. Approximate, but never raises.  One pass, a character at a time (this runs
    on every Bash call the hook sees): the rare parts are in the functions below."""
    segments: list[str] = []
    buf: list[str] = []  # the simple command read so far, a character an entry
    i, n = 0, len(command)
    quote = None
    depth = 0  # $( ... ) nesting
    pending_heredocs: list[str] = []
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
            depth, i = _in_substitution(command, i, depth, pending_heredocs, buf)
            continue
        if ch == "<" and command.startswith("<<", i) and not command.startswith("<<<", i):
            m = re.compile(_HEREDOC_START_RE).match(command, i)
            if m:
                pending_heredocs.append(m.group(2))
                buf.append(m.group(0))
                i = m.end()
                continue
        if ch == "\n":
            _flush(buf, segments)
            i = _skip_heredocs(command, i + 1, pending_heredocs, None) if pending_heredocs else i + 1
            continue
        if ch in ";|&()":
            # keep redirections like 2>&1, >&2, &> and |& attached
            if ch == "&" and ((buf and buf[-1] in "<>") or (i + 1 < n and command[i + 1] == ">")):
                buf.append(ch)
                i += 1
                continue
            _flush(buf, segments)
            i += 1
            continue
        if ch == "#" and (not buf or buf[-1] in " \t"):
            j = command.find("\n", i)  # a comment, to the end of the line
            i = n if j == -1 else j
            continue
        buf.append(ch)
        i += 1
    _flush(buf, segments)
    return segments


def _flush(buf: list[str], segments: list[str]) -> None:
    """The simple command read so far ends here."""
    seg = "".join(buf).strip()
    if seg:
        segments.append(seg)
    buf.clear()


def _in_substitution(command: str, i: int, depth: int, pending: list[str], buf: list[str]) -> tuple[int, int]:
    """One step inside ``$(...)``, where nothing splits and a heredoc's body is kept:
    (the nesting depth, the index) after it."""
    ch = command[i]
    if ch == "(":
        depth += 1
    elif ch == ")":
        depth -= 1
    if ch == "<" and command.startswith("<<", i):
        m = re.compile(_HEREDOC_START_RE).match(command, i)
        if m:
            pending.append(m.group(2))
    if ch == "\n" and pending:
        return depth, _skip_heredocs(command, i + 1, pending, buf)
    buf.append(ch)
    return depth, i + 1


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
    name = basename(word).lower()
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


def commit_message(args: list[str]) -> str | None:
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


def command_tags(cmds: list[dict]) -> list[str]:
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
