"""Run the real Claude Code CLI against the scripted mock model, for e2e tests.

A thin layer over memlane's own harness, ``tests/e2e/harness/`` (``mock_api.py`` plays the
model, ``run_session.py`` installs the pinned CLI from npm on first use and runs it). See
``docs/claude-code-facts.md`` for what the CLI really does with hooks.

    result = run_claude_session(home, cwd, [{"name": "Bash", "input": {"command": "ls"}},
                                            {"text": "done"}], "list files", log=log)
    assert "my injected context" in text_sent_to_model(log)

Things to know when writing a test:

- ``home`` gets ``.claude/settings.json`` (hooks) from the test; the session's
  transcript lands in ``home/.claude/projects/<cwd with every non-alphanumeric
  character turned into '-'>/<session_id>.jsonl``.
- Each step is the assistant's next turn: ``{"name": TOOL, "input": {...}}``, a
  list of such calls (run in parallel, so their hooks run concurrently), or
  ``{"text": "..."}``. The mock picks the step by counting tool results already
  in the conversation, so for ``resume=`` the script index continues from the
  number of tool turns in the resumed history.
- Subagents (the ``Agent``/``Task`` tool) ask the same mock and also start at
  step 0.
"""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
from contextlib import closing
from pathlib import Path

from tests.e2e.harness import run_session as harness

# The runner as a command, for a test that puts a `claude` of its own on PATH.
RUN_SESSION = Path(harness.__file__)

def ensure_cli_installed() -> Path:
    """The pinned CLI, installed once (under a file lock: pytest-xdist workers share it)."""
    try:
        return harness.claude_binary()
    except harness.InstallError as exc:
        raise AssertionError(f"could not install the Claude Code CLI (needs node and npm on PATH): {exc}") from exc


def clean_env() -> dict:
    """This process's environment without what an enclosing Claude Code session set."""
    return harness.clean_env()


def _tail(text: str, limit: int = 3000) -> str:
    text = text or ""
    return text if len(text) <= limit else "..." + text[-limit:]


def run_claude_session(
    home: Path,
    cwd: Path,
    steps: list,
    prompt: str,
    log: Path | None = None,
    resume: str | None = None,
    timeout: int = 240,
    fork: bool = False,
) -> dict:
    """Run one ``claude -p PROMPT`` session with HOME=home in cwd; the mock
    model plays ``steps``. Returns the CLI's JSON result (has ``session_id``,
    ``result``, ``is_error``, ``num_turns``). With ``log``, every request body
    the CLI sent is appended there (see requests_sent / text_sent_to_model). ``fork`` with
    ``resume``: a new session from the resumed one (``--fork-session``).
    Raises AssertionError (with the tail of stdout/stderr) if the run fails."""
    ensure_cli_installed()
    try:
        done = harness.run_session(steps, home, cwd, prompt, log=log, resume=resume, fork=fork, timeout=timeout)
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode(errors="replace") if isinstance(exc.stdout, bytes) else exc.stdout
        err = exc.stderr.decode(errors="replace") if isinstance(exc.stderr, bytes) else exc.stderr
        raise AssertionError(
            f"claude session timed out after {timeout}s\nstdout: {_tail(out)}\nstderr: {_tail(err)}"
        ) from exc
    out = done.stdout.strip()
    details = f"exit code {done.returncode}\nstdout: {_tail(out)}\nstderr: {_tail(done.stderr)}"
    if done.returncode != 0:
        raise AssertionError(f"claude session failed: {details}")
    try:
        result = json.loads(out)
    except ValueError:
        try:  # tolerate stray lines before the JSON result
            result = json.loads(out.splitlines()[-1])
        except (ValueError, IndexError):
            raise AssertionError(f"claude session printed no JSON result: {details}") from None
    if not isinstance(result, dict) or ("error" in result and "session_id" not in result):
        raise AssertionError(f"claude session gave no result: {details}")
    return result


def requests_sent(log: Path) -> list[dict]:
    """Bodies of the Messages API requests the CLI sent to the mock, in order
    (token-counting requests left out). Empty if no request was made."""
    log = Path(log)
    if not log.exists():
        return []
    bodies = []
    for line in log.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        if "count_tokens" in record.get("path", ""):
            continue
        bodies.append(record.get("body") or {})
    return bodies


def _block_texts(content) -> list[str]:
    if isinstance(content, str):
        return [content]
    texts = []
    for block in content or []:
        if isinstance(block, str):
            texts.append(block)
        elif isinstance(block, dict):
            if isinstance(block.get("text"), str):
                texts.append(block["text"])
            if block.get("type") == "tool_result":
                texts.extend(_block_texts(block.get("content")))
    return texts


def text_sent_to_model(log: Path) -> str:
    """All text the model received over the session: the ``system`` prompt and
    every message's text (text blocks, tool results), every request,
    newline-joined. Hook context (SessionStart / UserPromptSubmit output)
    arrives as a ``role: "system"`` message inside ``body.messages``."""
    parts = []
    for body in requests_sent(log):
        parts.extend(_block_texts(body.get("system")))
        for message in body.get("messages", []):
            parts.extend(_block_texts(message.get("content")))
    return "\n".join(parts)


class SessionState:
    """The folders a real session left (HOME and the project), kept once and put back, at the
    same paths, before each test that goes on from there: one real session serves every test
    of a module instead of each test running its own copy of it first.

        state = SessionState(tmp_path_factory.mktemp("first"))   # run the session in state.root
        state.keep()                                              # then, once
        state.put_back()                                          # at the start of each test

    The paths stay the same because memlane and the CLI key what they keep on them (the
    project, the transcripts' folder).  A database is copied through SQLite's backup, so a
    maintenance run a hook started in the background cannot leave a torn copy."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self.saved = self.root.with_name(self.root.name + "-kept")

    def keep(self) -> None:
        _copy_folder(self.root, self.saved)

    def put_back(self) -> None:
        if not self.saved.exists():
            raise AssertionError("SessionState.put_back before keep: nothing was kept")
        shutil.rmtree(self.root)
        _copy_folder(self.saved, self.root)


def _copy_folder(source: Path, target: Path) -> None:
    databases = sorted(source.rglob("*.db"))
    # the database's live files, and its hook server's socket, lock and start mark
    live = {f"{db}{suffix}" for db in databases
            for suffix in ("-wal", "-shm", "-journal", "-hook.sock", "-hook.lock", "-hook.start")}  # fmt: skip
    shutil.copytree(source, target, symlinks=True,
                    ignore=lambda folder, names: [n for n in names if os.path.join(folder, n) in live])  # fmt: skip
    for db in databases:
        copy = target / db.relative_to(source)
        copy.unlink()
        with closing(sqlite3.connect(db)) as src, closing(sqlite3.connect(copy)) as dst:
            src.backup(dst)
        os.chmod(copy, db.stat().st_mode & 0o777)  # what memlane keeps is owner-only
