"""`/memory ARGS` in the real Claude Code CLI: whatever the user types after /memory is a
query, never shell.  Claude Code pastes the arguments unescaped into the command's `!`
shell text; they go in through a here-document whose delimiter is random per install."""

from __future__ import annotations

import pytest

from tests.e2e.claude_session import run_claude_session, text_sent_to_model
from tests.e2e.test_memlane_in_claude_code import _install


@pytest.mark.e2e
def test_memory_arguments_cannot_end_the_here_document(tmp_path, monkeypatch):
    home = tmp_path / "home"
    _install(home, monkeypatch)
    project = tmp_path / "proj"
    project.mkdir()
    planted = tmp_path / "pwned"
    # the delimiter the file once used, and ones a person might guess, each on a line of its
    # own, followed by commands; $(...) and backticks too
    hostile = "\n".join([
        "zebra", "MEMLANE_ARGS", f"touch {planted}-1", "EOF", f"touch {planted}-2",
        "MEMLANE_ARGS_0123456789abcdef0123456789abcdef", f"touch {planted}-3",
        f"$(touch {planted}-4) 'quoted' \"double\"",
    ])  # fmt: skip
    log = tmp_path / "requests.jsonl"
    result = run_claude_session(home, project, [{"text": "Nothing relevant was found."}],
                                "/memory " + hostile, log=log, timeout=180)  # fmt: skip
    assert result.get("is_error") is False
    assert not list(tmp_path.glob("pwned*")), "an argument ran as a shell command"
    sent = text_sent_to_model(log)
    # memlane answered, with the whole text as the query (the lines after a would-be
    # delimiter reached `memlane slash` as words, not the shell)
    assert "No memories" in sent
    assert f"touch {planted}-3" in sent and f"$(touch {planted}-4)" in sent
