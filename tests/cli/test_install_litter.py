"""Install and uninstall leave no litter: at most one backup per real change, no `{}` in a fresh home."""

import json

from tests.cli.test_install import ORIGINAL, backups, run
from tests.cli.test_install import settings as _settings  # noqa: F401

settings = _settings


def test_an_install_uninstall_cycle_leaves_one_backup(capsys, settings):
    original = settings.read_text()
    for _ in range(3):
        assert run(capsys, "install")[0] == 0
        assert run(capsys, "uninstall")[0] == 0
    [backup] = backups(settings)
    assert backup.read_text() == original
    assert json.loads(settings.read_text()) == ORIGINAL


def test_uninstall_says_no_backup_was_needed(capsys, settings):
    assert run(capsys, "install")[0] == 0
    code, out, _ = run(capsys, "uninstall")
    assert code == 0 and "Backup of" not in out


def test_a_fresh_home_gets_no_empty_settings_and_no_backup(capsys, home):
    path = home / ".claude" / "settings.json"
    assert run(capsys, "install")[0] == 0
    assert path.exists()
    code, out, _ = run(capsys, "uninstall")
    assert code == 0
    assert not path.exists()  # not `{}`
    assert backups(path) == []
    assert sorted(p.name for p in (home / ".claude").iterdir()) == []


def test_a_changed_file_gets_its_own_backup(capsys, settings):
    assert run(capsys, "install")[0] == 0
    assert run(capsys, "uninstall")[0] == 0
    data = json.loads(settings.read_text())
    data["model"] = "sonnet"  # a real change by the user since
    settings.write_text(json.dumps(data))
    assert run(capsys, "install")[0] == 0
    assert len(backups(settings)) == 2
