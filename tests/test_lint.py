"""The code passes the project's lint rules (pyproject.toml [tool.ruff.lint])."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_check_is_clean():
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    assert ruff, "ruff is part of the test extras: pip install -e '.[test]'"
    done = subprocess.run([ruff, "check", "--output-format", "concise", "."], cwd=ROOT,
                          capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:]
