"""`memlane install / uninstall / doctor` and the MCP server's entry in Claude Code's ~/.claude.json.

~/.claude.json is Claude Code's own state file (the layout below is what the real CLI
2.1.197 writes): install may touch nothing in it but `mcpServers.memlane`.
"""

import json
import os
import stat
import sys
from pathlib import Path

import pytest

from tui.commands import mcp_config
from tui.commands.cli import main
from tui.commands.doctor import probe_mcp_server

ROOT = Path(__file__).resolve().parents[2]
CLAUDE_STATE = {
    "numStartups": 12,
    "firstStartTime": "2026-11-01T09:00:00.000Z",
    "userID": "abc123",
    "projects": {"/home/me/app": {"allowedTools": [], "mcpServers": {"local-one": {"command": "x"}}}},
    "mcpServers": {"github": {"type": "stdio", "command": "npx", "args": ["gh-mcp"], "env": {"T": "1"}}},
    "oauthAccount": {"emailAddress": "me@example.com"},
}


@pytest.fixture
def state(home):
    path = home / ".claude.json"
    path.write_text(json.dumps(CLAUDE_STATE, indent=2))
    path.chmod(0o600)
    return path


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_install_adds_only_memlanes_server_and_keeps_everything_else(capsys, state):
    code, out, _ = run(capsys, "install")
    assert code == 0 and f"MCP server memlane (tools search, timeline, get_memories) in {state}" in out
    data = json.loads(state.read_text())
    entry = data["mcpServers"].pop("memlane")
    assert data == CLAUDE_STATE  # every other key and server as it was, in order
    assert list(json.loads(state.read_text())) == list(CLAUDE_STATE)
    assert entry["type"] == "stdio" and entry["env"] == {}
    assert os.path.isabs(entry["command"]) and os.path.isfile(entry["command"])
    assert entry["args"][-1] == "mcp" and os.path.basename(entry["args"][0]) == "memlane"
    assert stat.S_IMODE(state.stat().st_mode) == 0o600
    assert not list(state.parent.glob(".claude.json.*"))  # no temporary file or backup left


def test_install_twice_changes_nothing_the_second_time(capsys, state):
    run(capsys, "install")
    first = state.read_text()
    code, out, _ = run(capsys, "install")
    assert code == 0 and "MCP server memlane already registered" in out
    assert state.read_text() == first


def test_uninstall_leaves_the_file_as_it_was_before_install(capsys, state):
    run(capsys, "install")
    code, out, _ = run(capsys, "uninstall")
    assert code == 0 and f"removed the MCP server memlane from {state}" in out
    assert json.loads(state.read_text()) == CLAUDE_STATE
    assert stat.S_IMODE(state.stat().st_mode) == 0o600
    assert "memlane" not in state.read_text()
    code, out, _ = run(capsys, "uninstall")
    assert code == 0 and "no MCP server memlane" in out


def test_install_creates_the_file_owner_only_and_uninstall_removes_it(capsys, home):
    path = home / ".claude.json"
    run(capsys, "install")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert list(json.loads(path.read_text())) == ["mcpServers"]
    run(capsys, "uninstall")
    assert not path.exists()


def test_a_foreign_server_named_memlane_is_left_alone(capsys, state):
    data = dict(CLAUDE_STATE, mcpServers={"memlane": {"type": "stdio", "command": "other-tool", "args": []}})
    state.write_text(json.dumps(data, indent=2))
    code, out, _ = run(capsys, "install")
    assert code == 0 and "does not run memlane; left it alone" in out
    assert json.loads(state.read_text()) == data
    run(capsys, "uninstall")
    assert json.loads(state.read_text()) == data


def test_invalid_json_is_left_alone_with_one_sentence(capsys, home):
    path = home / ".claude.json"
    path.write_text('{"mcpServers": {')
    code, _, err = run(capsys, "install")
    assert code == 1 and "is not valid JSON" in err and "Traceback" not in err
    assert path.read_text() == '{"mcpServers": {'


def test_dry_run_writes_nothing(capsys, state):
    before = state.read_text()
    code, out, _ = run(capsys, "install", "--dry-run")
    assert code == 0 and "the MCP server memlane would be added" in out
    assert state.read_text() == before
    run(capsys, "install")
    after = state.read_text()
    code, out, _ = run(capsys, "uninstall", "--dry-run")
    assert "the MCP server memlane would be removed" in out and state.read_text() == after


def test_claude_config_dir_holds_the_config(capsys, home, tmp_path, monkeypatch):
    config_dir = tmp_path / "cfg"
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(config_dir))
    run(capsys, "install")
    assert "memlane" in json.loads((config_dir / ".claude.json").read_text())["mcpServers"]
    assert not (home / ".claude.json").exists()


def test_a_symlinked_config_stays_a_symlink(capsys, home, tmp_path):
    real = tmp_path / "dotfiles" / "claude.json"
    real.parent.mkdir()
    real.write_text(json.dumps(CLAUDE_STATE))
    (home / ".claude.json").symlink_to(real)
    run(capsys, "install")
    assert (home / ".claude.json").is_symlink()
    assert "memlane" in json.loads(real.read_text())["mcpServers"]


def test_doctor_starts_the_server_and_sees_its_tools(capsys, state):
    run(capsys, "install")
    code, out, err = run(capsys, "doctor")
    line = next((ln for ln in out.splitlines() if "MCP server memlane" in ln), "")
    assert line.startswith("✓ MCP server memlane answers (tools/list lists search, timeline, get_memories"), out


def test_doctor_reports_a_missing_or_broken_server(capsys, state):
    code, out, _ = run(capsys, "doctor")
    assert code == 1 and f"✗ no MCP server memlane in {state}: run `memlane install`" in out
    run(capsys, "install")
    data = json.loads(state.read_text())
    data["mcpServers"]["memlane"]["args"] = ["-c", "import sys; print('memlane mcp broken'); sys.exit(3)", "mcp"]
    state.write_text(json.dumps(data))
    code, out, _ = run(capsys, "doctor")
    assert code == 1 and "✗ the MCP server memlane does not work (it wrote something that is not JSON-RPC" in out


def test_probe_names_a_server_that_exits(tmp_path):
    ok, detail = probe_mcp_server(["/bin/sh", "-c", "echo boom >&2; exit 1"], timeout=10)
    assert not ok and detail == "it exited: boom"
    ok, detail = probe_mcp_server(["/nonexistent/memlane", "mcp"], timeout=10)
    assert not ok


def test_only_entries_that_run_memlane_mcp_count_as_memlanes():
    assert mcp_config.is_memlane_entry(mcp_config.server_entry("/usr/bin/python3", "/opt/bin/memlane"))
    assert mcp_config.is_memlane_entry(mcp_config.server_entry("/usr/bin/python3", None))
    assert not mcp_config.is_memlane_entry({"command": "/opt/bin/memlane", "args": ["doctor"]})
    assert not mcp_config.is_memlane_entry({"command": "npx", "args": ["some-mcp"]})
    assert not mcp_config.is_memlane_entry("memlane mcp")


def test_a_change_claude_code_makes_meanwhile_is_kept(capsys, state, monkeypatch):
    real = mcp_config.with_server
    calls = []

    def claude_code_writes_meanwhile(config, entry):
        calls.append(1)
        if len(calls) == 1:  # the CLI bumps its counter between memlane's read and write
            data = json.loads(state.read_text())
            data["numStartups"] = 13
            state.write_text(json.dumps(data, indent=2))
        return real(config, entry)

    monkeypatch.setattr(mcp_config, "with_server", claude_code_writes_meanwhile)
    code, out, _ = run(capsys, "install")
    data = json.loads(state.read_text())
    assert code == 0 and len(calls) == 2
    assert data["numStartups"] == 13 and "memlane" in data["mcpServers"]


def test_a_file_that_never_settles_is_left_alone_with_one_sentence(capsys, state, monkeypatch):
    real = mcp_config.with_server

    def always_changing(config, entry):
        state.write_text(state.read_text() + " ")
        return real(config, entry)

    monkeypatch.setattr(mcp_config, "with_server", always_changing)
    code, _, err = run(capsys, "install")
    assert code == 1 and "kept changing while memlane wrote it" in err
    assert "memlane" not in json.loads(state.read_text()).get("mcpServers", {})


def test_probe_names_what_a_server_wrote_before_it_exited_unread(monkeypatch):
    """A broken server that prints and exits before the probe writes to it (a loaded machine):
    the write fails, and what it printed still says why."""
    import subprocess

    real = subprocess.Popen

    class ExitedFirst(real):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.wait()  # the server is gone before the probe sends anything

    monkeypatch.setattr(subprocess, "Popen", ExitedFirst)
    ok, detail = probe_mcp_server([sys.executable, "-c", "print('memlane mcp broken')"], timeout=10)
    assert not ok and detail == "it wrote something that is not JSON-RPC: 'memlane mcp broken\\n'"
