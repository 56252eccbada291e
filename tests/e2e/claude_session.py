"""Run the real Claude Code CLI against the scripted mock model, for e2e tests.

Thin wrapper around ``/work/shared/claude-e2e/run_session.py`` (found next to
the repository as ``<repo>/../shared/claude-e2e``). See
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

import fcntl
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
SHARED_E2E = REPO_ROOT.parent / "shared" / "claude-e2e"
RUN_SESSION = SHARED_E2E / "run_session.py"

# Environment variables of an enclosing Claude Code session (or a developer's
# shell) that would change what the CLI under test does, e.g. CLAUDE_CONFIG_DIR
# would make it ignore HOME/.claude. run_session.py sets what it needs itself.
_ENV_DROP_PREFIXES = ("CLAUDE_CODE_", "ANTHROPIC_")
_ENV_DROP = {"CLAUDECODE", "CLAUDE_CONFIG_DIR", "CLAUDE_PROJECT_DIR", "CLAUDE_ENV_FILE"}

# First use installs the CLI from npm (~250 MB): allow for that on top of the
# session's own timeout.
_INSTALL_ALLOWANCE = 900


def _load_run_session():
    spec = importlib.util.spec_from_file_location("claude_e2e_run_session", RUN_SESSION)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ensure_cli_installed() -> Path:
    """Install the pinned CLI once, under a file lock (pytest-xdist workers
    would otherwise run two ``npm install`` into the same folder at once)."""
    if not RUN_SESSION.exists():
        raise AssertionError(f"Claude Code e2e runner not found at {RUN_SESSION}")
    runner = _load_run_session()
    cache = Path(runner.CACHE)
    cache.parent.mkdir(parents=True, exist_ok=True)
    with open(cache.parent / (cache.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            return Path(runner.claude_binary())
        except (OSError, subprocess.CalledProcessError) as exc:
            raise AssertionError(
                f"could not install the Claude Code CLI (needs node and npm on PATH): {exc}"
            ) from exc
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _clean_env() -> dict:
    env = {}
    for key, value in os.environ.items():
        if key in _ENV_DROP or key.startswith(_ENV_DROP_PREFIXES):
            continue
        env[key] = value
    return env


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
) -> dict:
    """Run one ``claude -p PROMPT`` session with HOME=home in cwd; the mock
    model plays ``steps``. Returns the CLI's JSON result (has ``session_id``,
    ``result``, ``is_error``, ``num_turns``). With ``log``, every request body
    the CLI sent is appended there (see requests_sent / text_sent_to_model).
    Raises AssertionError (with the tail of stdout/stderr) if the run fails."""
    home = Path(home).resolve()  # a relative HOME silently disables every hook
    cwd = Path(cwd).resolve()
    home.mkdir(parents=True, exist_ok=True)
    ensure_cli_installed()
    with tempfile.TemporaryDirectory(prefix="claude-e2e-steps-") as tmp:
        script = Path(tmp) / "steps.json"
        script.write_text(json.dumps(steps), encoding="utf-8")
        cmd = [sys.executable, str(RUN_SESSION), "--script", str(script),
               "--home", str(home), "--cwd", str(cwd), "--prompt", prompt,
               "--timeout", str(timeout)]
        if log is not None:
            cmd += ["--log", str(Path(log).resolve())]
        if resume:
            cmd += ["--resume", resume]
        try:
            done = subprocess.run(cmd, capture_output=True, text=True, env=_clean_env(),
                                  stdin=subprocess.DEVNULL, timeout=timeout + 60)
        except subprocess.TimeoutExpired as exc:
            raise AssertionError(
                f"claude session timed out after {timeout + 60}s\n"
                f"stdout: {_tail(exc.stdout if isinstance(exc.stdout, str) else '')}\n"
                f"stderr: {_tail(exc.stderr if isinstance(exc.stderr, str) else '')}"
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
