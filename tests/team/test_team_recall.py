"""team_recall = true: the per-prompt block includes teammates' memories, marked with their author."""

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _prompt(lee, prompt: str, recall: bool) -> str:
    (lee.folder / "config.toml").write_text(f"[team]\nrecall = {'true' if recall else 'false'}\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MEMLANE", "CLAUDE_PROJECT_DIR"))}
    env.update(HOME=str(lee.folder), MEMLANE_HOME=str(lee.folder), PYTHONPATH=str(REPO))
    event = {"session_id": "lee-1", "cwd": "/work/shop-api", "hook_event_name": "UserPromptSubmit", "prompt": prompt}
    result = subprocess.run([sys.executable, "-m", "hooks.main"], input=json.dumps(event).encode(),
                            capture_output=True, env=env, timeout=60, cwd=REPO)  # fmt: skip
    assert result.returncode == 0 and result.stderr == b"", result.stderr
    if not result.stdout:
        return ""
    return json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]


def test_a_teammates_memory_is_recalled_with_its_author_only_when_asked(machines):
    dana, lee = machines
    dana.settings["author"] = 'dana <b>"x"'
    dana.remember(["the ledger rounding drift lives in money.py: quantize with Decimal before summing"]
                  + [f"unrelated build step {i} for the checkout page" for i in range(40)])  # fmt: skip
    dana.remember(["ledger rounding drift notes from another project money.py"], project="/work/shop-web")
    dana.sync()
    lee.sync()
    lee.local.close()
    prompt = "why does the ledger rounding drift in money.py?"
    assert _prompt(lee, prompt, recall=False) == ""
    block = _prompt(lee, prompt, recall=True)
    assert "## From your team" in block
    assert '[by dana &lt;b&gt;"x"]' in block  # the author is stored text: escaped
    assert "quantize with Decimal" in block
    assert "another project" not in block  # only the project of the same name


def test_no_team_cache_yet_means_no_team_block_and_no_error(machines):
    _dana, lee = machines
    lee.team.close()
    os.remove(lee.folder / "team.db")
    lee.local.close()
    assert _prompt(lee, "why does the ledger rounding drift in money.py?", recall=True) == ""
