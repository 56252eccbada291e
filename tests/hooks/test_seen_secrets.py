"""Once a secret, always a secret: a value the filter redacted under a label in one event is
redacted where it comes back bare in a later event (an `echo` of it, a prompt that pastes it),
through the real hook entry point and through `memlane import`, while no copy of it, and no
hash of a guessable password, reaches the store's folder (store/seen_secrets.py)."""

from __future__ import annotations

import hashlib
import hmac
import io
import json
import os
import stat

import pytest

from hooks import main as hook_main
from store import seen_secrets
from tests.hooks.transcripts import Transcript
from tests.privacy_eval import random_secret
from tui.commands import importer

SESSION = "7d1e2a40-5b3c-4f6e-8a9d-0c1b2e3f4a5b"
CWD = "/home/dev/app"


@pytest.fixture
def home(tmp_path, monkeypatch):
    mhome = tmp_path / "memlane"
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("MEMLANE_HOME", str(mhome))
    monkeypatch.setenv("MEMLANE_DB", str(mhome / "memory.db"))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))
    monkeypatch.setenv("MEMLANE_HOOK_SERVER", "off")
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    from hooks import background

    monkeypatch.setattr(background, "maybe_start", lambda *a, **k: False)
    seen_secrets.forget_loaded()  # (each test's store is its own: nothing carried from another's)
    yield mhome
    seen_secrets.forget_loaded()


def send(event: dict) -> None:
    run = hook_main.run_hook(io.BytesIO(json.dumps({"session_id": SESSION, "cwd": CWD,
                                                    "transcript_path": "/dev/null", **event}).encode()))
    hook_main._finish(run)
    assert run.message is None, run.message


def bash(command: str, stdout: str) -> dict:
    return {"hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_input": {"command": command},
            "tool_response": {"stdout": stdout, "stderr": "", "interrupted": False}}


def every_byte(folder) -> bytes:
    """Every byte memlane left under its folder: database, WAL, spool, log, the seen file."""
    return b"".join(p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file())


def stored_text(mhome) -> str:
    import sqlite3

    conn = sqlite3.connect(str(mhome / "memory.db"))
    try:
        return "\n".join(row[0] for row in conn.execute("SELECT content FROM memory"))
    finally:
        conn.close()


def mac_of(mhome, value: str) -> bytes:
    """The value's keyed hash as the seen file would hold it (HMAC-SHA256 under its key)."""
    data = (mhome / ("memory.db" + seen_secrets.SUFFIX)).read_bytes()
    key = data[len(seen_secrets.MAGIC):len(seen_secrets.MAGIC) + seen_secrets.KEY_BYTES]
    return hmac.new(key, value.encode(), hashlib.sha256).digest()[:seen_secrets.MAC_BYTES]


def test_a_labelled_random_key_is_redacted_where_it_comes_back_bare_in_a_later_event(home):
    key = random_secret("recur-hook-key", 32)
    send(bash(f"export ACME_API_KEY={key} && ./deploy.sh", "deployed"))
    send({"hook_event_name": "UserPromptSubmit", "prompt": f"does this one still work?\n{key}\nit says 401",
          "prompt_id": "p2"})
    send(bash("cat ~/.acme/credentials | tail -1", f"current:\n{key}\n"))
    text = stored_text(home)
    assert "it says 401" in text
    assert text.count("[REDACTED:api_key]") >= 2, text  # the first one's kind, in the prompt too
    assert key.encode() not in every_byte(home)
    seen = home / ("memory.db" + seen_secrets.SUFFIX)
    assert stat.S_IMODE(seen.stat().st_mode) == 0o600
    assert mac_of(home, key) in seen.read_bytes()


def test_a_word_like_password_is_redacted_but_never_remembered(home):
    key = random_secret("recur-hook-key-2", 32)
    password = "sunflower42"
    send(bash(f"export ACME_API_KEY={key}; export DB_PASSWORD={password}", "ok"))
    seen = home / ("memory.db" + seen_secrets.SUFFIX)
    assert seen.exists()  # the random key was remembered
    data = every_byte(home)
    assert password.encode() not in data  # redacted where its label stands
    assert mac_of(home, password) not in data  # and no hash of it anywhere: it could be guessed from one
    assert hashlib.sha256(password.encode()).digest()[:seen_secrets.MAC_BYTES] not in data


def test_a_secret_learned_in_an_event_goes_from_the_strings_of_that_event_read_before_it(home):
    key = random_secret("recur-hook-key-3", 40)
    # the output is read beside the command: both strings of one event
    send(bash(f"export ACME_SECRET_KEY={key}; echo $ACME_SECRET_KEY", f"{key}\n"))
    assert key.encode() not in every_byte(home)


def test_a_broken_seen_file_leaves_the_hook_filtering_as_before(home):
    home.mkdir(parents=True)
    (home / ("memory.db" + seen_secrets.SUFFIX)).mkdir()  # a folder where the file goes
    key = random_secret("recur-hook-key-4", 32)
    send(bash(f"export ACME_API_KEY={key} && ./deploy.sh", "deployed"))
    send({"hook_event_name": "UserPromptSubmit", "prompt": "why does the build fail on main?", "prompt_id": "p3"})
    text = stored_text(home)
    assert "[REDACTED:api_key]" in text and "why does the build fail" in text
    assert key.encode() not in every_byte(home)


def test_a_garbled_seen_file_is_a_no_op(home):
    home.mkdir(parents=True)
    os.chmod(home, 0o700)
    (home / ("memory.db" + seen_secrets.SUFFIX)).write_bytes(b"not a seen file at all")
    key = random_secret("recur-hook-key-5", 32)
    send(bash(f"export ACME_API_KEY={key} && ./deploy.sh", "deployed"))
    assert "[REDACTED:api_key]" in stored_text(home)


def test_import_redacts_the_bare_copy_of_a_key_redacted_earlier(home, tmp_path, capsys):
    key = random_secret("recur-import-key", 36)
    password = "bluebird77"
    t = Transcript(session_id=SESSION, cwd=CWD)
    t.prompt("set up the deploy")
    t.bash(f"export ACME_API_KEY={key}; export DB_PASSWORD={password}", "ok")
    t.prompt(f"this fails, why?\n{key}\n")
    t.bash("curl -s localhost:8080/whoami", json.dumps({"user": "dev", "auth": key}))
    path = t.write(tmp_path / "session.jsonl")
    assert importer.main([str(path), "--no-progress"]) == 0
    capsys.readouterr()
    os.remove(path)
    data = every_byte(home)
    assert key.encode() not in data
    assert "this fails, why?\n[REDACTED:api_key]" in stored_text(home)  # the prompt's bare copy: the first one's kind
    assert mac_of(home, password) not in data


def test_the_secrets_audit_finds_a_bare_copy_stored_before_its_secret_was_seen(home):
    from store.config import privacy_patterns
    from store.database import connect
    from store.forgetting import redact_findings, secrets_audit
    from store.seen_secrets import remembering

    key = random_secret("recur-audit-key", 32)
    send({"hook_event_name": "UserPromptSubmit", "prompt": f"try this one:\n{key}", "prompt_id": "p1"})
    assert key in stored_text(home)  # nothing said it was a secret yet
    send(bash(f"export ACME_API_KEY={key} && ./deploy.sh", "deployed"))
    conn = connect(str(home / "memory.db"))
    try:
        assert secrets_audit(conn, privacy_patterns()) == []  # today's rules alone: a bare value
        patterns = remembering(privacy_patterns(), str(home / "memory.db"))
        found = secrets_audit(conn, patterns)
        assert [f["kinds"] for f in found] == [["api_key"]]
        assert redact_findings(conn, [f["id"] for f in found], patterns) == 1
    finally:
        conn.close()
    assert key not in stored_text(home)
