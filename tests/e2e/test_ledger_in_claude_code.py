"""The injection ledger in a real Claude Code: what it records is what the model was sent,
and the rest of the turn tells whether the model acted on it."""

from __future__ import annotations

import io
import json
import re
import subprocess
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from tests.e2e.claude_session import (
    SessionState,
    requests_sent,
    run_claude_session,
    text_sent_to_model,
)
from tests.e2e.test_memlane_in_claude_code import _install
from tui.commands import cli


def _project(path: Path) -> Path:
    path.mkdir()
    (path / "tokens.py").write_text("from datetime import timedelta\nREFRESH_TTL = timedelta(days=1)\n")
    subprocess.run(["git", "init", "-q"], cwd=path, check=True)
    return path


def _prompt_blocks(log: Path) -> list[str]:
    """The per-prompt recall blocks (`## Relevant Memories`) in what the CLI sent the model."""
    blocks = []
    for body in requests_sent(log):
        for message in body.get("messages", []):
            content = message.get("content")
            parts = [content] if isinstance(content, str) else [
                p.get("text", "") for p in content or [] if isinstance(p, dict)]  # fmt: skip
            for part in parts:
                blocks += [b for b in re.findall(r"<memory-context.*?</memory-context>", part, re.S)
                           if "## Relevant Memories" in b]  # fmt: skip
    return list(dict.fromkeys(blocks))


def _ledger(home: Path) -> list[dict]:
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(["--db", str(home / ".claude" / "memlane" / "memory.db"), "ledger", "--json"]) == 0
    return json.loads(out.getvalue())


# One worker runs this module's tests, so that they share its first session (tests/conftest.py).
pytestmark = pytest.mark.xdist_group("e2e-ledger-session")


@pytest.fixture(scope="module")
def first_session(tmp_path_factory):
    """memlane installed, then one real session that makes the refresh token last 14 days
    (read, edit, check), kept: each test of the module goes on from it."""
    state = SessionState(tmp_path_factory.mktemp("first-session"))
    home, project = state.root / "home", _project(state.root / "shop-api")
    tokens = str(project / "tokens.py")
    with pytest.MonkeyPatch.context() as mp:
        _install(home, mp)
        run_claude_session(home, project, [
            {"name": "Read", "input": {"file_path": tokens}},  # the CLI refuses to edit a file it has not read
            {"name": "Edit", "input": {"file_path": tokens, "old_string": "timedelta(days=1)",
                                       "new_string": "timedelta(days=14)"}},
            {"name": "Bash", "input": {"command": "python3 -c 'import tokens; print(tokens.REFRESH_TTL.days)'",
                                       "description": "check the refresh token lifetime"}},
            {"text": "The refresh token now lasts 14 days."},
        ], "users log in again every day: make the refresh token last 14 days")  # fmt: skip
    state.keep()
    return state


@pytest.fixture
def after_first_session(first_session, monkeypatch):
    """(home, project), as the first session left them."""
    first_session.put_back()
    monkeypatch.setenv("HOME", str(first_session.root / "home"))
    for name in ("MEMLANE_DB", "MEMLANE_HOME", "MEMLANE_DISABLE", "CLAUDE_CONFIG_DIR"):
        monkeypatch.delenv(name, raising=False)
    return first_session.root / "home", first_session.root / "shop-api"


@pytest.mark.e2e
def test_the_ledger_records_what_the_model_was_sent_and_that_it_acted(after_first_session, tmp_path):
    home, project = after_first_session
    tokens = str(project / "tokens.py")
    log = tmp_path / "second.jsonl"
    run_claude_session(home, project, [{"name": "Read", "input": {"file_path": tokens}},
                                       {"text": "It is set in tokens.py."}],
                       "how long does the refresh token last now?", log=log)  # fmt: skip

    [block] = _prompt_blocks(log)
    sent = [int(n) for n in re.findall(r"^- \[#(\d+)\]", block, re.M)]
    assert sent
    rows = _ledger(home)
    [row] = [r for r in rows if r["event"] == "prompt" and r["prompt"] == "how long does the refresh token last now?"]
    assert [i["memory_id"] for i in row["items"]] == sent
    assert row["reason"] == "chosen" and row["chars"] == len(block)
    assert (row["acted"], row["acted_how"]) == (1, "file")  # the model read the injected file
    first = next(r for r in rows if r["event"] == "prompt" and r["session_id"] != row["session_id"])
    assert first["injected"] == 0 and first["reason"] in ("nothing", "generic", "weak", "tie", "short")
    starts = [r for r in rows if r["event"] == "start" and r["session_id"] == row["session_id"]]
    assert len(starts) == 1 and starts[0]["injected"] > 0  # the second session's start was given the first's work


def _recent(home: Path) -> list[dict]:
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(["--db", str(home / ".claude" / "memlane" / "memory.db"), "recent", "--json"]) == 0
    return json.loads(out.getvalue())


@pytest.mark.e2e
def test_a_memory_vetoed_with_slash_memory_is_never_sent_again(after_first_session, tmp_path):
    home, project = after_first_session
    [edit] = [m["id"] for m in _recent(home) if m["type"] == "file_edit"]

    vetoed = tmp_path / "veto.jsonl"
    run_claude_session(home, project, [{"text": "Done."}], f"/memory veto {edit}", log=vetoed)
    assert f"Vetoed #{edit}: recall will not inject it again." in text_sent_to_model(vetoed)

    log = tmp_path / "asked.jsonl"
    run_claude_session(home, project, [{"text": "It is in tokens.py."}],
                       "how long does the refresh token last now?", log=log)  # fmt: skip
    sent = "\n".join(_prompt_blocks(log)) + text_sent_to_model(log)
    assert f"[#{edit}]" not in sent  # not in the prompt's block
    assert "+REFRESH_TTL = timedelta(days=14)" not in sent  # nor in the session start's recent changes
    [row] = [r for r in _ledger(home) if r["prompt"] == "how long does the refresh token last now?"]
    assert edit not in [i["memory_id"] for i in row["items"]]
