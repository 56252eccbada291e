"""not_secret_patterns through the hook's entry point and the importer: a value the person said
is not a secret is stored, and a secret beside it is not."""

from __future__ import annotations

from tests.hooks.test_hook_events import payload, rows, run_hook
from tests.hooks.test_hostile_events import assert_refused_pattern_reported
from tests.hooks.transcripts import Transcript
from tui.commands import importer

SESSION = "0b1c2d3e-not-secret-0001"
BUILD = "b7Qx9LmZ2pVt4Kw8"  # redacted by the filter beside CACHE_TOKEN, unless a pattern keeps it
SECRET = "Zr4mQ8vLx2Pw9Tk7Nc3B"
TEXT = f"run it with CACHE_TOKEN={BUILD} and API_TOKEN={SECRET}"
CONFIG = 'not_secret_patterns = ["b7Qx[0-9A-Za-z]{12}"]\n'


def stored(db: str) -> str:
    return " ".join(r[0] for r in rows(db, "SELECT content FROM memory"))


def test_a_hook_event_stores_the_kept_value_and_redacts_the_secret(env):
    env.mhome.mkdir(parents=True)
    (env.mhome / "config.toml").write_text(CONFIG)
    prompt = dict(payload("user-prompt-submit"), session_id=SESSION, prompt=TEXT)
    result = run_hook(prompt)
    assert result.returncode == 0, result.stderr
    everything = stored(env.db)
    assert f"CACHE_TOKEN={BUILD}" in everything
    assert SECRET not in everything and "API_TOKEN=[REDACTED:" in everything


def test_without_the_setting_the_hook_redacts_both(env):
    prompt = dict(payload("user-prompt-submit"), session_id=SESSION, prompt=TEXT)
    assert run_hook(prompt).returncode == 0
    everything = stored(env.db)
    assert BUILD not in everything and SECRET not in everything


def test_the_importer_keeps_the_value_too(env, tmp_path, monkeypatch, capsys):
    env.mhome.mkdir(parents=True)
    (env.mhome / "config.toml").write_text(CONFIG)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))
    t = Transcript(session_id=SESSION, cwd="/home/dev/app")
    t.prompt(TEXT)
    t.bash(f"CACHE_TOKEN={BUILD} API_TOKEN={SECRET} make build", "built")
    path = t.write(tmp_path / "s.jsonl")
    assert importer.main([str(path), "--no-progress"]) == 0
    capsys.readouterr()
    everything = stored(env.db)
    assert everything.count(f"CACHE_TOKEN={BUILD}") == 2
    assert SECRET not in everything


def test_a_refused_pattern_is_reported_and_the_filter_still_redacts(env, capsys):
    assert_refused_pattern_reported(env, capsys, "not_secret_patterns", "[A-Za-z0-9]+", SESSION)
    assert run_hook(dict(payload("user-prompt-submit"), session_id=SESSION, prompt=TEXT)).returncode == 0
    everything = stored(env.db)
    assert BUILD not in everything and SECRET not in everything
