"""`memlane install` and `uninstall`: memlane's hooks in Claude Code's settings.json, the /memory
command and the MCP server entry (`memlane doctor`, in doctor.py, checks what they wrote).

No textual or rich here: plain text out through a `say` callable.  Our hook
entries are recognised by their command running `hooks.client` (or, as older installs wrote
it, `hooks.main`, `memlane-hook` or `-m hooks`), so the user's own hooks are never touched.
"""

from __future__ import annotations

import difflib
import json
import os
import shlex
import sys
import time

from store.errors import MemlaneError
from store.paths import claude_dir, claude_settings_path, claude_user_config_path
from tui.formatting import plural

EVENTS = (
    "SessionStart", "UserPromptSubmit", "PostToolUse", "PostToolUseFailure",
    "Stop", "SessionEnd", "PreCompact", "PostCompact",
)  # fmt: skip
TOOL_EVENTS = ("PostToolUse", "PostToolUseFailure")  # the ones that take a tool matcher
# Seconds Claude Code waits before it kills the hook. A hook normally takes ~40 ms;
# the end-of-session ones may rebuild a summary.
TIMEOUTS = {"SessionEnd": 30, "Stop": 20, "PreCompact": 20, "PostCompact": 20}
DEFAULT_TIMEOUT = 10
HOOK_SCRIPT = "memlane-hook"
CLI_SCRIPT = "memlane"
MEMORY_MARKER = "<!-- memlane: /memory command; `memlane uninstall` removes this file -->"
BACKUP_SUFFIX = ".memlane-backup-"
KEEP_BACKUPS = 5
RECENT_LOG_S = 24 * 3600

OK, FAIL, NOTE = "✓", "✗", "·"


class InstallError(MemlaneError):
    """A problem with the user's files, said in one sentence."""


# -- where things are ---------------------------------------------------------------------------


def memory_command_path() -> str:
    return os.path.join(claude_dir(), "commands", "memory.md")


def interpreter() -> str:
    """This Python's absolute path, as a hook should call it.

    Not symlink-resolved: a venv's `bin/python` is a symlink whose name is what
    makes the venv's packages visible.  A running interpreter's `sys.executable`
    is the real binary, never a pyenv shim (the shim execs the binary).
    """
    exe = sys.executable or ""
    if exe and not is_text_script(exe):
        return os.path.abspath(exe)
    return os.path.realpath(exe) if exe else "python3"


def is_text_script(path: str) -> bool:
    try:
        with open(path, "rb") as fh:
            return fh.read(2) == b"#!"
    except OSError:
        return False


def _script_dirs() -> list[str]:
    import sysconfig

    dirs = [os.path.dirname(os.path.abspath(sys.executable or ""))]
    argv0 = sys.argv[0] if sys.argv and sys.argv[0] else ""
    if os.path.basename(argv0) == CLI_SCRIPT:
        dirs.insert(0, os.path.dirname(os.path.abspath(argv0)))
    for scheme in (None, f"{os.name}_user"):
        try:
            path = sysconfig.get_path("scripts", scheme) if scheme else sysconfig.get_path("scripts")
        except KeyError:
            continue
        if path:
            dirs.append(path)
    return list(dict.fromkeys(dirs))


def find_script(name: str) -> str | None:
    """The absolute path of an installed console script of this memlane, or None."""
    import shutil

    for folder in _script_dirs():
        candidate = os.path.join(folder, name)
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    found = shutil.which(name)
    return os.path.abspath(found) if found else None


def hook_command(python: str | None = None, paths: list[str] | None = None) -> str:
    """The hook command line: `"<python>" -I -S -c "<HOOK_CODE>" "<folder>"...`.

    `-S`: no `site` module (its .pth files and folders cost ~4M instructions, 3.5% of a
    PostToolUse run); `-I`: neither the user's project (the hook's working folder) nor
    PYTHON* variables can shadow a module.  The folders the hook imports from are written
    out at install time (`hook_paths`), so the command needs no script and no `site`.  A pyenv
    shim adds 50-140 ms per call, so the interpreter is written out, never `python3` from PATH.
    """
    python = python or interpreter()
    folders = " ".join(_quote(folder) for folder in (paths or hook_paths()))
    return f"{_quote(python)} -I -S -c {_quote(HOOK_CODE)} {folders}"


# What the hook process runs: a thin client of the store's hook server (`hooks.client`), which
# runs the hook itself when no server takes the event.  The folders after the code go first on
# sys.path.
HOOK_CODE = "import sys; sys.path[:0] = sys.argv[1:]; from hooks.client import main; main()"


def hook_paths() -> list[str]:
    """The folders a hook imports from, as this memlane is installed: the one holding memlane's
    packages (the source tree of an editable install, else site-packages), then this Python's
    site-packages folders (peewee, and what it loads), as `site` would add them."""
    import site

    # memlane's packages (store, hooks, tui) sit side by side, in a wheel as in the source tree
    folders = [os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))]
    candidates = [*site.getsitepackages(), site.getusersitepackages()]
    folders += [os.path.abspath(p) for p in sys.path if p and p in candidates and os.path.isdir(p)]
    folders += _folder_of("peewee")  # wherever it is (a .pth may have put it elsewhere)
    return list(dict.fromkeys(folders))


def _folder_of(module: str) -> list[str]:
    import importlib.util

    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return []
    if spec is None or not spec.origin or spec.origin in ("built-in", "frozen"):
        return []
    path = os.path.dirname(os.path.abspath(spec.origin))
    return [os.path.dirname(path) if spec.submodule_search_locations else path]


def cli_command(script: str | None = None, python: str | None = None) -> str:
    """How the /memory command calls the CLI: the `memlane` script, else `python -m tui.commands.cli`."""
    script = script or find_script(CLI_SCRIPT)
    if script:
        return shlex.quote(os.path.abspath(script))
    return f"{shlex.quote(python or interpreter())} -m tui.commands.cli"


def _quote(path: str) -> str:
    """A path for a shell command line: in double quotes (spaces are common on macOS)."""
    if any(ch in path for ch in '"$`\\!'):
        return shlex.quote(path)
    return f'"{path}"'


def is_memlane_command(command: object) -> bool:
    if not isinstance(command, str):
        return False
    if HOOK_SCRIPT in command or "from hooks.client import" in command or "from hooks.main import" in command:
        return True
    try:
        words = shlex.split(command)
    except ValueError:
        return False
    return len(words) >= 3 and words[-2:] == ["-m", "hooks"]


# -- settings.json ------------------------------------------------------------------------------


def read_settings(path: str) -> tuple[dict, str | None]:
    """(settings, original text or None when the file does not exist)."""
    from tui.commands.json_file import read_json_object

    data, text = read_json_object(path, InstallError, "fix it first, ")
    hooks = data.get("hooks")
    if hooks is not None and not isinstance(hooks, dict):
        raise InstallError(f'"hooks" in {path} is not an object; memlane left it unchanged.')
    for event, groups in (hooks or {}).items():
        if not isinstance(groups, list):
            raise InstallError(
                f'"hooks.{event}" in {path} is not a list; memlane left it unchanged.'
            )
    return data, text


def _our_entry(event: str, command: str) -> dict:
    group: dict = {}
    if event in TOOL_EVENTS:
        group["matcher"] = "*"
    group["hooks"] = [
        {"type": "command", "command": command, "timeout": TIMEOUTS.get(event, DEFAULT_TIMEOUT)}
    ]
    return group


def memlane_hooks_in(groups: list) -> list[tuple[int, int]]:
    """(group index, hook index) of each memlane hook in an event's list."""
    found = []
    for gi, group in enumerate(groups):
        if isinstance(group, dict) and isinstance(group.get("hooks"), list):
            for hi, hook in enumerate(group["hooks"]):
                if isinstance(hook, dict) and is_memlane_command(hook.get("command")):
                    found.append((gi, hi))
    return found


def _strip_ours(groups: list) -> tuple[list, int]:
    """The event's groups without memlane hooks; groups emptied by that go too."""
    kept, removed = [], 0
    for group in groups:
        if not (isinstance(group, dict) and isinstance(group.get("hooks"), list)):
            kept.append(group)
            continue
        hooks = [h for h in group["hooks"] if not (isinstance(h, dict) and is_memlane_command(h.get("command")))]
        removed += len(group["hooks"]) - len(hooks)
        if len(hooks) == len(group["hooks"]):
            kept.append(group)
        elif hooks:
            kept.append({**group, "hooks": hooks})
    return kept, removed


def with_memlane(settings: dict, command: str) -> dict:
    """A copy of `settings` with exactly one memlane hook per event; others untouched."""
    new = dict(settings)
    hooks = dict(new.get("hooks") or {})
    for event in EVENTS:
        groups = list(hooks.get(event) or [])
        wanted = _our_entry(event, command)
        ours = memlane_hooks_in(groups)
        if len(ours) == 1 and groups[ours[0][0]] == wanted:
            continue  # already right: leave it where it is
        groups, _ = _strip_ours(groups)
        groups.append(wanted)
        hooks[event] = groups
    new["hooks"] = hooks
    return new


def without_memlane(settings: dict) -> tuple[dict, int]:
    """A copy of `settings` with every memlane hook removed, and how many there were."""
    if not isinstance(settings.get("hooks"), dict):
        return dict(settings), 0
    new = dict(settings)
    hooks = {}
    total = 0
    for event, groups in settings["hooks"].items():
        kept, removed = _strip_ours(groups)
        total += removed
        if kept or not removed:
            hooks[event] = kept
    if hooks or not total:
        new["hooks"] = hooks
    else:
        del new["hooks"]
    return new, total


def _indent_of(text: str | None) -> int | str:
    for line in (text or "").splitlines()[1:]:
        stripped = line.lstrip(" \t")
        if stripped and len(stripped) < len(line):
            lead = line[: len(line) - len(stripped)]
            return "\t" if lead.startswith("\t") else len(lead)
    return 2


def dump_settings(settings: dict, like: str | None = None) -> str:
    return json.dumps(settings, indent=_indent_of(like), ensure_ascii=False) + "\n"


def _write_atomic(path: str, text: str, new_mode: int = 0o644) -> None:
    """Replace `path` (following a symlink, keeping its mode) in one rename; a new file gets `new_mode`.

    Not `store.files.write_private_atomic`: these are the user's files (settings.json,
    ~/.claude.json), not memlane's. Many people keep them as links into a dotfiles
    repository, so the link is followed and kept, and the file keeps the mode it has."""
    target = os.path.realpath(path)
    try:
        mode = os.stat(target).st_mode & 0o7777
    except OSError:
        mode = new_mode
    tmp = f"{target}.memlane-tmp-{os.getpid()}"
    try:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise InstallError(f"cannot write {path} ({exc.strerror}); it was left unchanged.") from exc


def backup(path: str, text: str) -> str | None:
    """Save `text` next to `path` as `<name>.memlane-backup-<UTC time>`; keep the newest few.

    None when a backup already holds exactly `text` (install, uninstall, install again
    leaves one backup, not one per run).
    """
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    target = os.path.realpath(path)
    if _already_backed_up(target, text):
        return None
    name = f"{target}{BACKUP_SUFFIX}{stamp}"
    n = 1
    while os.path.exists(name):
        n += 1
        name = f"{target}{BACKUP_SUFFIX}{stamp}-{n}"
    try:
        mode = os.stat(target).st_mode & 0o777
    except OSError:
        mode = 0o600
    try:
        # Created with the original's mode, never wider: settings.json may hold API keys.
        fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), mode)
        with open(fd, "w", encoding="utf-8") as fh:
            os.fchmod(fd, mode)
            fh.write(text)
    except OSError as exc:
        raise InstallError(f"cannot write the backup {name} ({exc.strerror}); nothing was changed.") from exc
    _prune_backups(target)
    return name


def _already_backed_up(target: str, text: str) -> bool:
    folder, base = os.path.split(target)
    try:
        names = [n for n in os.listdir(folder) if n.startswith(base + BACKUP_SUFFIX)]
    except OSError:
        return False
    for name in names:
        try:
            with open(os.path.join(folder, name), encoding="utf-8") as fh:
                if fh.read() == text:
                    return True
        except (OSError, UnicodeDecodeError):
            continue
    return False


def _prune_backups(target: str) -> None:
    folder, base = os.path.split(target)
    try:
        names = sorted(n for n in os.listdir(folder) if n.startswith(base + BACKUP_SUFFIX))
    except OSError:
        return
    for old in names[:-KEEP_BACKUPS]:
        try:
            os.unlink(os.path.join(folder, old))
        except OSError:
            pass


def _diff(old: str | None, new: str, path: str) -> str:
    lines = difflib.unified_diff(
        (old or "").splitlines(keepends=True), new.splitlines(keepends=True),
        fromfile=f"{path} (now)", tofile=f"{path} (after)",
    )  # fmt: skip
    return "".join(lines)


# -- the /memory command ------------------------------------------------------------------------


DELIMITER_PREFIX = "MEMLANE_ARGS_"


def new_delimiter() -> str:
    """A here-document delimiter nobody can type by chance or guess: 128 random bits."""
    import secrets

    return DELIMITER_PREFIX + secrets.token_hex(16)


def installed_delimiter(path: str) -> str | None:
    """The delimiter of an installed /memory file, kept when memlane is installed again."""
    import re

    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            found = re.search(r"<<'(" + DELIMITER_PREFIX + r"[0-9a-f]{32})'", fh.read(8192))
    except OSError:
        return None
    return found.group(1) if found else None


def memory_command_text(cli: str, delimiter: str | None = None) -> str:
    """~/.claude/commands/memory.md: runs `memlane slash` on what the user typed.

    Claude Code pastes `$ARGUMENTS` into the `!` shell text unescaped (see
    docs/claude-code-facts.md), so it goes in through a quoted here-document:
    quotes, `$(...)` and apostrophes stay literal.  The here-document ends only at
    a line equal to its delimiter, so the delimiter is random per install (see
    `new_delimiter`): a fixed one, typed on a line of its own, ended the
    here-document and ran the lines after it as commands.  A failing `!` command
    would abort /memory silently, so `slash` always exits 0 and `|| echo` covers a
    missing memlane.
    """
    delimiter = delimiter or new_delimiter()
    return f"""---
description: Search memlane's long-term memory (QUERY, show ID, --recent, --stats, --summaries, --errors) and steer recall (ledger, veto ID, pin ID)
argument-hint: "QUERY | show ID | --recent | --stats | --summaries | --errors | ledger | veto ID | pin ID"
allowed-tools: Bash({cli} slash:*), Bash(echo:*)
---
{MEMORY_MARKER}
What memlane remembers from earlier Claude Code sessions:

!`{cli} slash --stdin <<'{delimiter}' || echo "memlane could not run; check it with: memlane doctor"
$ARGUMENTS
{delimiter}
`

Use these memories (`#N` is a memory id) to answer the user or to continue the work; do not
search again. If nothing was found, say so in one line.
"""


def is_ours(path: str) -> bool:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return MEMORY_MARKER in fh.read(4096)
    except OSError:
        return False


# -- install / uninstall ------------------------------------------------------------------------


def cmd_install(args) -> int:
    return install(dry_run=args.dry_run)


def cmd_uninstall(args) -> int:
    return uninstall(dry_run=args.dry_run)


def install(
    *, dry_run: bool = False, command: str | None = None, cli: str | None = None, say=print
) -> int:
    """Add memlane's hooks for every event and the /memory command. Returns an exit code."""
    path = claude_settings_path()
    settings, original = read_settings(path)
    command = command or hook_command()
    new_settings = with_memlane(settings, command)
    new_text = dump_settings(new_settings, like=original)
    changed = original is None or new_settings != settings

    memory_path = memory_command_path()
    memory_text = memory_command_text(cli or cli_command(), installed_delimiter(memory_path))
    memory_state = _memory_state(memory_path, memory_text)

    if dry_run:
        say(f"Dry run: nothing is written. Hook command: {command}")
        if changed:
            before, after = settings.get("hooks") or {}, new_settings.get("hooks") or {}
            events = [e for e in EVENTS if before.get(e) != after.get(e)]
            say(f"memlane's hook would be added to {', '.join(events)}; every other setting and hook stays.")
            say(f"{path} would become:")
            say(_diff(original, new_text, path).rstrip("\n") or "(unchanged)")
        else:
            say(f"{path}: memlane's hooks are already installed; no change.")
        say(f"{memory_path}: " + {
            "same": "already installed; no change.",
            "update": "would be updated.",
            "new": "would be created.",
            "foreign": "exists and is not memlane's; it would be left alone.",
        }[memory_state])  # fmt: skip
        _install_mcp(say=say, dry_run=True)
        from tui.commands.bytecode import stale_hook_modules

        stale = len(stale_hook_modules())
        if stale:
            say(f"The bytecode of {plural(stale, 'module')} the hooks import would be written.")
        return 0

    if changed:
        if original is not None and original.strip():
            saved = backup(path, original)
            if saved:
                say(f"Backup of {path}: {saved}")
        _write_atomic(path, new_text)
        say(f"{OK} hooks for {', '.join(EVENTS)} in {path}")
    else:
        say(f"{OK} hooks already installed in {path}; nothing changed")
    say(f"  command: {command}")
    if memory_state == "foreign":
        say(f"{FAIL} {memory_path} exists and is not memlane's; left it alone (no /memory command)")
    elif memory_state == "same":
        say(f"{OK} /memory command already installed ({memory_path})")
    else:
        _write_atomic(memory_path, memory_text)
        say(f"{OK} /memory command in {memory_path}")
    _install_mcp(say=say)
    _write_bytecode(say)
    return 0


def _write_bytecode(say) -> None:
    """The bytecode of what the hooks import, written now: with PYTHONDONTWRITEBYTECODE set
    every hook would compile memlane's modules again (tui/commands/bytecode.py)."""
    from tui.commands.bytecode import compile_hook_modules

    written, problems = compile_hook_modules()
    if problems:
        say(f"{FAIL} the bytecode of {plural(len(problems), 'module')} the hooks import could not be "
            f"written, so each hook compiles them ({problems[0]})")  # fmt: skip
    elif written:
        say(f"{OK} bytecode of the {plural(written, 'module')} the hooks import, written")


def _remove_settings(path: str) -> None:
    try:
        os.unlink(path)
    except OSError as exc:
        raise InstallError(f"cannot remove {path} ({exc.strerror}).") from exc


def _memory_state(path: str, text: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            current = fh.read()
    except FileNotFoundError:
        return "new"
    except OSError:
        return "foreign"
    if current == text:
        return "same"
    return "update" if MEMORY_MARKER in current else "foreign"


def uninstall(*, dry_run: bool = False, say=print) -> int:
    """Remove exactly what `install` added. Returns an exit code."""
    path = claude_settings_path()
    settings, original = read_settings(path)
    new_settings, removed = without_memlane(settings)
    memory_path = memory_command_path()
    memory_ours = os.path.exists(memory_path) and is_ours(memory_path)
    if dry_run:
        say("Dry run: nothing is written.")
        if removed:
            new_text = dump_settings(new_settings, like=original)
            say(_diff(original, new_text, path).rstrip("\n"))
        else:
            say(f"{path}: no memlane hooks; no change.")
        if memory_ours:
            say(f"{memory_path} would be removed.")
        _uninstall_mcp(say=say, dry_run=True)
        _stop_hook_server(say=say, dry_run=True)
        return 0
    if removed:
        # No backup: only memlane's own entries go, and `install` puts them back.
        what = plural(removed, "memlane hook")
        if new_settings or os.path.islink(path):
            _write_atomic(path, dump_settings(new_settings, like=original))
            say(f"{OK} removed {what} from {path}")
        else:  # the file held nothing but memlane's hooks (install created it): leave no `{}`
            _remove_settings(path)
            say(f"{OK} removed {what} and {path}, which held nothing else")
    else:
        say(f"{OK} no memlane hooks in {path}")
    if memory_ours:
        try:
            os.unlink(memory_path)
        except OSError as exc:
            raise InstallError(f"cannot remove {memory_path} ({exc.strerror}).") from exc
        say(f"{OK} removed {memory_path}")
        try:
            os.rmdir(os.path.dirname(memory_path))  # only if install left it empty
        except OSError:
            pass
    elif os.path.exists(memory_path):
        say(f"{NOTE} {memory_path} is not memlane's; left it alone")
    _uninstall_mcp(say=say)
    _stop_hook_server(say=say)
    say("Your memories are kept; delete the database yourself if you want them gone.")
    return 0


def _stop_hook_server(*, say=print, dry_run: bool = False) -> None:
    """The store's hook server (hooks/client.py) would idle out on its own; with the hooks gone
    nothing should keep running: it is asked to leave now."""
    from hooks.client import server_status, stop_server
    from store.paths import default_db_path

    db_path = default_db_path()
    if dry_run:
        status = server_status(db_path)
        if status is not None:
            say(f"The hook server (pid {status['pid']}) would be stopped.")
        return
    pid = stop_server(db_path)
    if pid is not None:
        say(f"{OK} stopped the hook server (pid {pid})")


# -- the MCP server in ~/.claude.json -----------------------------------------------------------


def mcp_entry() -> dict:
    """How Claude Code should start `memlane mcp` from this install."""
    from tui.commands.mcp_config import server_entry

    return server_entry(interpreter(), find_script(CLI_SCRIPT))


def _config(path: str) -> tuple[dict, str | None]:
    from tui.commands.mcp_config import ConfigError, read_config

    try:
        return read_config(path)
    except ConfigError as exc:
        raise InstallError(str(exc)) from exc


# Claude Code rewrites ~/.claude.json as it runs (counters, project state): a change made
# between our read and our rename would be lost, so the file is read again just before.
CONFIG_TRIES = 5


def _unchanged(path: str, original: str | None) -> bool:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read() == original
    except FileNotFoundError:
        return original is None
    except (OSError, UnicodeDecodeError):
        return False


def _install_mcp(*, say=print, dry_run: bool = False, entry: dict | None = None) -> None:
    """Register `memlane mcp` as Claude Code's user-scope MCP server `memlane`."""
    from tui.commands import mcp_config

    path = claude_user_config_path()
    entry = entry or mcp_entry()
    for _ in range(CONFIG_TRIES):
        config, original = _config(path)
        current = mcp_config.registered(config)
        if current is not None and not mcp_config.is_memlane_entry(current):
            say(f"{FAIL} {path} has an MCP server named memlane that does not run memlane; left it alone")
            return
        if current == entry:
            say(f"{OK} MCP server memlane already registered in {path}")
            return
        if dry_run:
            say(f"{path}: the MCP server memlane would be {'updated' if current else 'added'}:"
                f" {json.dumps(entry, ensure_ascii=False)}")  # fmt: skip
            return
        new_text = dump_settings(mcp_config.with_server(config, entry), like=original)
        if _unchanged(path, original):
            _write_atomic(path, new_text, new_mode=0o600)
            say(f"{OK} MCP server memlane (tools search, timeline, get_memories) in {path}")
            return
    raise InstallError(f"{path} kept changing while memlane wrote it (is Claude Code busy?); try again.")


def _uninstall_mcp(*, say=print, dry_run: bool = False) -> None:
    """Remove exactly memlane's MCP server entry; the rest of the file stays as it was."""
    from tui.commands import mcp_config

    path = claude_user_config_path()
    for _ in range(CONFIG_TRIES):
        config, original = _config(path)
        current = mcp_config.registered(config)
        if current is None:
            say(f"{OK} no MCP server memlane in {path}")
            return
        if not mcp_config.is_memlane_entry(current):
            say(f"{NOTE} the MCP server memlane in {path} does not run memlane; left it alone")
            return
        if dry_run:
            say(f"{path}: the MCP server memlane would be removed.")
            return
        new_config = mcp_config.without_server(config)
        if not _unchanged(path, original):
            continue
        if new_config:
            _write_atomic(path, dump_settings(new_config, like=original))
        else:  # the file held nothing but memlane's entry: memlane made it
            try:
                os.unlink(path)
            except OSError as exc:
                raise InstallError(f"cannot remove {path} ({exc.strerror}).") from exc
        say(f"{OK} removed the MCP server memlane from {path}")
        return
    raise InstallError(f"{path} kept changing while memlane wrote it (is Claude Code busy?); try again.")
