"""Run one real, non-interactive Claude Code session against the scripted mock model.

The CLI comes from the npm registry at the version pinned here, installed on first use
into a cache folder (``~/.cache/memlane-e2e/claude-code-<version>``, about 250 MB; needs
``node`` and ``npm`` on PATH; ``MEMLANE_E2E_CACHE`` moves it). The session runs with HOME
set to a folder of the caller's, so hooks in ``HOME/.claude/settings.json`` fire exactly
as they do for a person who installed them; tools really run, in the session's cwd.

    python -m tests.e2e.harness.run_session --script steps.json --home /tmp/h \
        --cwd /tmp/proj --prompt "fix the add function" [--log requests.jsonl] \
        [--resume SESSION_ID [--fork-session]] [--settings extra.json]

prints the CLI's JSON result (it holds ``session_id``) and exits with the CLI's code.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import subprocess
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a file: make `tests.e2e.harness` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from tests.e2e.harness.mock_api import serve  # noqa: E402

CLAUDE_CODE_VERSION = "2.1.197"  # docs/claude-code-facts.md was measured on this one

# Variables of an enclosing Claude Code session or a developer's shell that would change
# what the CLI under test does (CLAUDE_CONFIG_DIR would make it ignore HOME/.claude).
_ENV_DROP_PREFIXES = ("CLAUDE_CODE_", "ANTHROPIC_")
_ENV_DROP = {"CLAUDECODE", "CLAUDE_CONFIG_DIR", "CLAUDE_PROJECT_DIR", "CLAUDE_ENV_FILE"}


def _cache_root() -> Path:
    root = os.environ.get("MEMLANE_E2E_CACHE")
    if root:
        return Path(root)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "memlane-e2e"


# Found once, on import: tests set HOME to a folder of their own before they run a session,
# and the CLI must not be installed again (250 MB, a minute) under each of them.
CACHE_ROOT = _cache_root()


def cache_dir(version: str = CLAUDE_CODE_VERSION) -> Path:
    return CACHE_ROOT / f"claude-code-{version}"


class InstallError(RuntimeError):
    """The pinned CLI could not be installed (no node/npm, no registry)."""


def claude_binary(version: str = CLAUDE_CODE_VERSION) -> Path:
    """The pinned CLI, installed from npm the first time. A file lock keeps parallel test
    workers from running two installs into one folder."""
    folder = cache_dir(version)
    binary = folder / "node_modules" / ".bin" / "claude"
    done = folder / ".installed"
    if done.exists() and binary.exists():
        return binary
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder.parent / f"{folder.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if done.exists() and binary.exists():  # another worker installed it meanwhile
            return binary
        command = ["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(folder),
                   f"@anthropic-ai/claude-code@{version}"]  # fmt: skip
        try:
            installed = subprocess.run(command, capture_output=True, text=True, timeout=900)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise InstallError(f"could not run npm to install Claude Code {version}: {exc}") from exc
        if installed.returncode != 0 or not binary.exists():
            raise InstallError(f"npm could not install Claude Code {version} into {folder}:\n"
                               f"{installed.stderr[-2000:]}")  # fmt: skip
        done.write_text(version + "\n")
    return binary


def clean_env() -> dict:
    """This process's environment without what an enclosing Claude Code session set."""
    return {key: value for key, value in os.environ.items()
            if key not in _ENV_DROP and not key.startswith(_ENV_DROP_PREFIXES)}  # fmt: skip


def session_env(home: Path, base_url: str) -> dict:
    env = clean_env()
    env.update(
        HOME=str(home),
        ANTHROPIC_BASE_URL=base_url,
        ANTHROPIC_API_KEY="sk-ant-mock-key",
        IS_SANDBOX="1",  # the CLI refuses --dangerously-skip-permissions as root without it
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1",
        DISABLE_TELEMETRY="1",
        DISABLE_AUTOUPDATER="1",
    )
    return env


def run_session(steps: list, home: Path, cwd: Path, prompt: str, *, log: Path | None = None,
                resume: str | None = None, settings: Path | None = None, fork: bool = False,
                timeout: float = 180) -> subprocess.CompletedProcess:  # fmt: skip
    """One ``claude -p PROMPT`` session; the mock plays ``steps``. The CLI's stdout holds
    its JSON result. ``fork`` with ``resume``: a new session from it (``--fork-session``).
    Raises subprocess.TimeoutExpired past ``timeout`` seconds."""
    home, cwd = Path(home).resolve(), Path(cwd).resolve()  # a relative HOME disables every hook
    home.mkdir(parents=True, exist_ok=True)
    binary = claude_binary()
    command = [str(binary), "-p", prompt, "--output-format", "json", "--dangerously-skip-permissions"]
    if settings:
        command += ["--settings", str(settings)]
    if resume:
        command += ["--resume", resume, *(["--fork-session"] if fork else [])]
    with serve(steps, Path(log).resolve() if log else None) as base_url:
        return subprocess.run(command, cwd=cwd, env=session_env(home, base_url), stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=timeout)  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--script", required=True, help="JSON list of the assistant's steps (see mock_api)")
    parser.add_argument("--home", required=True, help="HOME of the session (holds .claude/)")
    parser.add_argument("--cwd", required=True, help="working folder of the session")
    parser.add_argument("--prompt", required=True)
    parser.add_argument("--log", help="append every API request here (JSON lines)")
    parser.add_argument("--resume", help="the session id to continue")
    parser.add_argument("--fork-session", action="store_true", help="with --resume: a new session from it")
    parser.add_argument("--settings", help="a further settings file (claude --settings)")
    parser.add_argument("--timeout", type=float, default=180)
    args = parser.parse_args(argv)
    steps = json.loads(Path(args.script).read_text(encoding="utf-8"))
    done = run_session(steps, Path(args.home), Path(args.cwd), args.prompt, log=args.log,
                       resume=args.resume, settings=args.settings, fork=args.fork_session,
                       timeout=args.timeout)  # fmt: skip
    out = done.stdout.strip()
    print(out if out else json.dumps({"error": done.stderr[-2000:]}))
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
