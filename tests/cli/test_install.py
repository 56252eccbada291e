"""`memlane install / uninstall / doctor` against a temporary HOME with the user's own settings."""

import json
import os
import shlex
import sqlite3
import subprocess
from pathlib import Path

import pytest

from store.database.connection import connect
from store.writing.writer import add_memory
from tui.commands import install
from tui.commands.cli import main

ROOT = Path(__file__).resolve().parents[2]
ORIGINAL = {
    "model": "opus",
    "permissions": {"allow": ["Bash(ls:*)"], "deny": []},
    "env": {"FOO": "bar"},
    "hooks": {
        "PostToolUse": [
            {"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "prettier --write"}]}
        ],
        "Stop": [{"hooks": [{"type": "command", "command": "notify-send done", "timeout": 5}]}],
        "Notification": [{"hooks": [{"type": "command", "command": "say hi"}]}],
    },
}


@pytest.fixture
def settings(home):
    path = home / ".claude" / "settings.json"
    path.write_text(json.dumps(ORIGINAL, indent=4) + "\n")
    return path


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".memlane-backup-*"))


def memlane_commands(data: dict) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for event, groups in data.get("hooks", {}).items():
        for group in groups:
            for hook in group["hooks"]:
                if install.is_memlane_command(hook.get("command")):
                    found.setdefault(event, []).append(hook["command"])
    return found


def test_install_adds_every_event_and_keeps_the_rest(capsys, settings):
    code, out, err = run(capsys, "install")
    assert code == 0, err
    data = json.loads(settings.read_text())
    for key in ("model", "permissions", "env"):
        assert data[key] == ORIGINAL[key]
    ours = memlane_commands(data)
    assert sorted(ours) == sorted(install.EVENTS)
    assert all(len(cmds) == 1 for cmds in ours.values())
    # the user's hooks are all still there, first
    assert data["hooks"]["PostToolUse"][0] == ORIGINAL["hooks"]["PostToolUse"][0]
    assert data["hooks"]["Stop"][0] == ORIGINAL["hooks"]["Stop"][0]
    assert data["hooks"]["Notification"] == ORIGINAL["hooks"]["Notification"]
    # every hook entry has the type Claude Code requires; tool events match every tool
    for groups in data["hooks"].values():
        for group in groups:
            assert all(h["type"] == "command" for h in group["hooks"])
    assert data["hooks"]["PostToolUseFailure"][-1]["matcher"] == "*"


def test_command_paths_are_absolute_and_exist(capsys, settings):
    assert run(capsys, "install")[0] == 0
    commands = {c for cmds in memlane_commands(json.loads(settings.read_text())).values() for c in cmds}
    assert len(commands) == 1
    words = shlex.split(commands.pop())
    assert os.path.isabs(words[0]) and os.path.isfile(words[0])
    assert words[1:4] == ["-I", "-S", "-c"]  # no site module: its .pth files cost every hook ~3.5%
    folders = words[5:]
    assert folders and all(os.path.isabs(f) and os.path.isdir(f) for f in folders)
    assert os.path.isdir(os.path.join(folders[0], "hooks")) and os.path.isdir(os.path.join(folders[0], "store"))
    assert "/shims/" not in words[0]


def test_the_installed_command_runs_the_hook_without_site_from_any_folder(capsys, settings, tmp_path):
    """The command as Claude Code runs it (through a shell, in the user's project): no `site`,
    no PYTHONPATH, and a project with its own `hooks` package does not shadow memlane's."""
    assert run(capsys, "install")[0] == 0
    (command,) = {c for cmds in memlane_commands(json.loads(settings.read_text())).values() for c in cmds}
    project = tmp_path / "project"
    (project / "hooks").mkdir(parents=True)
    (project / "hooks" / "__init__.py").write_text("raise SystemExit('the project shadowed memlane')\n")
    db = tmp_path / "memlane-home" / "memory.db"
    event = {"hook_event_name": "UserPromptSubmit", "session_id": "s-site", "cwd": str(project),
             "prompt": "the hook without site", "transcript_path": "", "permission_mode": "default"}  # fmt: skip
    environ = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(command, shell=True, input=json.dumps(event).encode(), capture_output=True, cwd=project,
                          env=dict(environ, MEMLANE_DB=str(db)), timeout=60)  # fmt: skip
    assert (done.returncode, done.stderr) == (0, b"")
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT content FROM memory").fetchall() == [("the hook without site",)]
    conn.close()


def test_install_is_idempotent_and_backs_up_once(capsys, settings):
    original = settings.read_text()
    assert run(capsys, "install")[0] == 0
    first = settings.read_text()
    [backup] = backups(settings)
    assert backup.read_text() == original
    code, out, _ = run(capsys, "install")
    assert code == 0 and "nothing changed" in out
    assert settings.read_text() == first
    assert len(backups(settings)) == 1


def test_install_keeps_the_files_indent(capsys, settings):
    assert run(capsys, "install")[0] == 0
    assert settings.read_text().startswith('{\n    "model"')


def test_install_replaces_an_old_memlane_command(capsys, settings):
    data = json.loads(settings.read_text())
    old = {"type": "command", "command": "/old/venv/bin/python /old/venv/bin/memlane-hook"}
    data["hooks"]["SessionStart"] = [{"hooks": [old]}]
    data["hooks"]["Stop"][0]["hooks"].append(dict(old))  # ours, sharing a user's group
    settings.write_text(json.dumps(data))
    assert run(capsys, "install")[0] == 0
    new = json.loads(settings.read_text())
    ours = memlane_commands(new)
    assert all(len(c) == 1 and "/old/" not in c[0] for c in ours.values())
    assert new["hooks"]["Stop"][0] == ORIGINAL["hooks"]["Stop"][0]


def test_dry_run_writes_nothing(capsys, settings, home):
    before = settings.read_bytes()
    code, out, _ = run(capsys, "install", "--dry-run")
    assert code == 0
    assert "from hooks.client import main" in out
    assert "+" in out and "SessionStart" in out
    assert settings.read_bytes() == before
    assert backups(settings) == []
    assert not (home / ".claude" / "commands").exists()


def test_install_without_settings_file(capsys, home):
    code, _, err = run(capsys, "install")
    assert code == 0, err
    path = home / ".claude" / "settings.json"
    assert sorted(memlane_commands(json.loads(path.read_text()))) == sorted(install.EVENTS)
    assert backups(path) == []


def test_uninstall_restores_the_original_hooks(capsys, settings, home):
    assert run(capsys, "install")[0] == 0
    assert (home / ".claude" / "commands" / "memory.md").exists()
    code, out, _ = run(capsys, "uninstall")
    assert code == 0
    assert json.loads(settings.read_text()) == ORIGINAL
    assert not (home / ".claude" / "commands" / "memory.md").exists()
    code, out, _ = run(capsys, "uninstall")
    assert code == 0 and "no memlane hooks" in out
    assert json.loads(settings.read_text()) == ORIGINAL


def test_uninstall_without_hooks_key_originally(capsys, home):
    path = home / ".claude" / "settings.json"
    path.write_text(json.dumps({"model": "sonnet"}))
    assert run(capsys, "install")[0] == 0
    assert run(capsys, "uninstall")[0] == 0
    assert json.loads(path.read_text()) == {"model": "sonnet"}


def test_memory_command_file(capsys, settings, home):
    assert run(capsys, "install")[0] == 0
    text = (home / ".claude" / "commands" / "memory.md").read_text()
    assert install.MEMORY_MARKER in text
    bang = text[text.index("!`") :]
    cli = shlex.split(bang[2:].split(" slash ")[0])
    assert os.path.isabs(cli[0])
    # the arguments go in through a quoted here-document: nothing the user types is shell syntax,
    # and its delimiter is random, so no line the user types can end it
    delimiter = install.installed_delimiter(str(home / ".claude" / "commands" / "memory.md"))
    assert delimiter and len(delimiter) == len("MEMLANE_ARGS_") + 32
    assert f"<<'{delimiter}'" in bang and f"\n$ARGUMENTS\n{delimiter}\n`" in bang
    # installing again keeps the file as it is (same delimiter), another home gets another one
    assert "already installed" in run(capsys, "install")[1]
    assert install.memory_command_text("x") != install.memory_command_text("x")


def test_a_users_own_memory_command_is_left_alone(capsys, settings, home):
    commands = home / ".claude" / "commands"
    commands.mkdir()
    (commands / "memory.md").write_text("my own /memory\n")
    code, out, _ = run(capsys, "install")
    assert code == 0 and "not memlane's" in out
    assert (commands / "memory.md").read_text() == "my own /memory\n"
    assert run(capsys, "uninstall")[0] == 0
    assert (commands / "memory.md").read_text() == "my own /memory\n"


def test_invalid_settings_are_left_alone(capsys, home):
    path = home / ".claude" / "settings.json"
    path.write_text('{"model": "opus",}')
    for command in ("install", "uninstall"):
        code, _, err = run(capsys, command)
        assert code == 1
        assert "not valid JSON" in err and "Traceback" not in err
        assert len(err.strip().splitlines()) == 1
    assert path.read_text() == '{"model": "opus",}'
    assert backups(path) == []


def test_a_symlinked_settings_file_stays_a_symlink(capsys, home, tmp_path):
    real = tmp_path / "dotfiles" / "settings.json"
    real.parent.mkdir()
    real.write_text(json.dumps(ORIGINAL))
    link = home / ".claude" / "settings.json"
    link.symlink_to(real)
    assert run(capsys, "install")[0] == 0
    assert link.is_symlink()
    assert sorted(memlane_commands(json.loads(real.read_text()))) == sorted(install.EVENTS)


def test_claude_config_dir_is_respected(capsys, tmp_path, home, monkeypatch):
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "cfg"))
    assert run(capsys, "install")[0] == 0
    assert (tmp_path / "cfg" / "settings.json").exists()
    assert not (home / ".claude" / "settings.json").exists()


# -- doctor -----------------------------------------------------------------------------------


@pytest.fixture
def db(tmp_path):
    path = str(tmp_path / "memlane-home" / "memory.db")
    conn = connect(path)
    add_memory(conn, {"session_id": "s1", "type": "prompt", "content": "hello there", "cwd": str(tmp_path)})
    conn.close()
    return path


def test_doctor_after_install_is_all_good(capsys, settings, db):
    assert run(capsys, "install")[0] == 0
    code, out, err = run(capsys, "doctor")
    assert code == 0, out + err
    assert "✗" not in out
    for text in ("parses", "all 8 events", "hook command runs", "schema version", "WAL mode",
                 "FTS integrity-check", "1 memory", "/memory command installed", "secrets audit"):  # fmt: skip
        assert text in out, text


def test_doctor_finds_secrets_stored_before_todays_rules_and_redacts_them(capsys, settings, db):
    # stored raw, as an older memlane's list of shapes let them through
    password = "Tr0ub4dor-and-3x"
    conn = connect(db)
    add_memory(conn, {"session_id": "s1", "type": "command", "cwd": "/tmp",
                      "content": f"$ ttyd --port 7681 -c admin:{password} bash\nMYSQL_PWD={password}x mysql"})  # fmt: skip
    conn.close()
    assert run(capsys, "install")[0] == 0
    code, out, _ = run(capsys, "doctor")
    assert code == 1 and "secrets audit: today's rules find secrets in 1 stored memory" in out and "--redact-secrets" in out
    assert password not in out
    code, out, _ = run(capsys, "doctor", "--redact-secrets")
    assert "secrets audit: redacted 1 memory" in out
    with open(db, "rb") as fh:
        assert password.encode() not in fh.read()
    code, out, err = run(capsys, "doctor")
    assert code == 0 and "secrets audit: no stored memory" in out, out + err


def test_doctor_does_not_report_a_value_the_person_said_is_not_a_secret(capsys, settings, db, tmp_path):
    build = "b7Qx9LmZ2pVt4Kw8"
    conn = connect(db)
    add_memory(conn, {"session_id": "s1", "type": "command", "cwd": "/tmp", "content": f"$ make CACHE_TOKEN={build}"})
    conn.close()
    assert run(capsys, "install")[0] == 0
    assert "today's rules find secrets in 1 stored memory" in run(capsys, "doctor")[1]
    (tmp_path / "memlane-home" / "config.toml").write_text('not_secret_patterns = ["b7Qx[0-9A-Za-z]{12}"]\n')
    code, out, err = run(capsys, "doctor", "--redact-secrets")
    assert "secrets audit: no stored memory" in out, out + err
    with open(db, "rb") as fh:
        assert build.encode() in fh.read()


def test_doctor_reports_a_missing_hook(capsys, settings, db):
    assert run(capsys, "install")[0] == 0
    data = json.loads(settings.read_text())
    data["hooks"]["PostToolUseFailure"] = []
    settings.write_text(json.dumps(data))
    code, out, _ = run(capsys, "doctor")
    assert code == 1
    assert "✗ no memlane hook for PostToolUseFailure" in out


def test_doctor_reports_a_missing_command_path(capsys, settings, db):
    data = json.loads(settings.read_text())
    command = '"/nowhere/bin/python" "/nowhere/bin/memlane-hook"'
    assert run(capsys, "install")[0] == 0
    data = json.loads(settings.read_text())
    for groups in data["hooks"].values():
        for group in groups:
            for hook in group["hooks"]:
                if install.is_memlane_command(hook["command"]):
                    hook["command"] = command
    settings.write_text(json.dumps(data))
    code, out, _ = run(capsys, "doctor")
    assert code == 1 and "does not exist" in out


def test_doctor_without_install_or_database(capsys, home):
    code, out, _ = run(capsys, "doctor")
    assert code == 1
    assert "✗" in out and "memlane install" in out
    assert "no database" in out


def test_doctor_reports_a_corrupt_database(capsys, settings, tmp_path):
    assert run(capsys, "install")[0] == 0
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"garbage" * 1000)
    code, out, _ = run(capsys, "--db", str(bad), "doctor")
    assert code == 1 and "✗" in out and "not a readable memlane database" in out


def test_doctor_shows_recent_hook_errors(capsys, settings, db, tmp_path):
    from store.log import log_line

    assert run(capsys, "install")[0] == 0
    log_line("PostToolUse: the database is locked; spooled.", stderr=False)
    code, out, _ = run(capsys, "doctor")
    assert code == 1
    assert "hook problems in the last 24 hours" in out and "the database is locked" in out


@pytest.mark.parametrize("mode", [0o600, 0o640])
def test_a_backup_keeps_the_settings_files_mode(capsys, settings, mode):
    # settings.json may hold API keys in `env`: its backup must not be readable by more people.
    settings.chmod(mode)
    old_umask = os.umask(0o022)
    try:
        assert run(capsys, "install")[0] == 0
    finally:
        os.umask(old_umask)
    [backup] = backups(settings)
    assert backup.stat().st_mode & 0o777 == mode
    assert settings.stat().st_mode & 0o777 == mode


def test_doctor_shows_the_settings_changed_from_their_defaults(capsys, settings, db, home):
    config = Path(os.environ["MEMLANE_HOME"]) / "config.toml"
    config.write_text('max_inject = 3\n[team]\nurl = "postgresql://dana:hunter2@db/memlane"\n')
    assert run(capsys, "install")[0] == 0
    code, out, _ = run(capsys, "doctor")
    assert "max_inject = 3  (default 5)" in out
    assert 'team_url = "postgresql://dana:***@db/memlane"  (default "")' in out and "hunter2" not in out
    assert "retention_days" not in out  # at its default
