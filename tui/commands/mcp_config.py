"""memlane's MCP server in Claude Code's user config: add it, remove it, find it.

Measured with Claude Code 2.1.197 (`claude mcp add --scope user`, see
docs/claude-code-facts.md): user-scope MCP servers live in `~/.claude.json`
(`$CLAUDE_CONFIG_DIR/.claude.json` when that is set), not in
`~/.claude/settings.json`, under the top-level `mcpServers` object, as
`{"type": "stdio", "command": ..., "args": [...], "env": {}}`. That file is
Claude Code's own state (projects, account, counters): only the `memlane` key
of `mcpServers` is ever touched, the write is atomic and keeps the file's mode
(the CLI creates it 0600). The CLI's schema for a stdio entry also takes `timeout`
and `alwaysLoad`.
"""

from __future__ import annotations

import os

from store.errors import MemlaneError

SERVER_KEY = "memlane"
TOOL_NAMES = ("search", "timeline", "get_memories")  # Claude Code shows mcp__memlane__<name>


class ConfigError(MemlaneError):
    """A problem with ~/.claude.json, said in one sentence."""


def server_entry(python: str, script: str | None) -> dict:
    """How Claude Code starts `memlane mcp`: this interpreter, then the `memlane` script
    (or `-m tui.commands.cli` when the script is not installed)."""
    args = [os.path.abspath(script), "mcp"] if script else ["-m", "tui.commands.cli", "mcp"]
    # alwaysLoad: Claude Code waits for the server before the first request and never defers
    # its tools. Without it, a `claude -p` session whose server took ~1 s to start offered no
    # memlane tools at all (measured, 2.1.197).
    return {"type": "stdio", "command": python, "args": args, "env": {}, "alwaysLoad": True}


def is_memlane_entry(entry: object) -> bool:
    """Whether an `mcpServers` entry runs memlane (and not something else named memlane)."""
    if not isinstance(entry, dict):
        return False
    args = entry.get("args") if isinstance(entry.get("args"), list) else []
    words = [entry.get("command"), *args]
    text = " ".join(w for w in words if isinstance(w, str))
    return "mcp" in args and ("memlane" in text or "tui.commands.cli" in text)


def read_config(path: str) -> tuple[dict, str | None]:
    """(config, original text or None when the file does not exist)."""
    from tui.commands.json_file import read_json_object

    data, text = read_json_object(path, ConfigError)
    servers = data.get("mcpServers")
    if servers is not None and not isinstance(servers, dict):
        raise ConfigError(f'"mcpServers" in {path} is not an object; memlane left it unchanged.')
    return data, text


def registered(config: dict) -> dict | None:
    """memlane's entry in a config, if it has one."""
    entry = (config.get("mcpServers") or {}).get(SERVER_KEY)
    return entry if isinstance(entry, dict) else None


def with_server(config: dict, entry: dict) -> dict:
    """A copy of `config` whose `mcpServers.memlane` is `entry`; every other key kept, in order."""
    new = dict(config)
    servers = dict(new.get("mcpServers") or {})
    servers[SERVER_KEY] = entry
    new["mcpServers"] = servers
    return new


def without_server(config: dict) -> dict:
    """A copy of `config` without memlane's entry; an `mcpServers` left empty goes too."""
    new = dict(config)
    servers = dict(new.get("mcpServers") or {})
    servers.pop(SERVER_KEY, None)
    if servers:
        new["mcpServers"] = servers
    else:
        new.pop("mcpServers", None)
    return new
