"""Hooks start on every tool call: store and hooks never pull in UI libraries (or peewee on the hot path)."""

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def modules_of(package: str) -> list[str]:
    return [f"{package}.{m.name}" for m in pkgutil.iter_modules([str(ROOT / package)]) if m.name != "__main__"]


def loaded_after_importing(modules: list[str]) -> set[str]:
    code = (
        "import sys, json\n"
        f"for m in {modules!r}: __import__(m)\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    return set(json.loads(out.stdout))


def test_store_and_hooks_never_import_textual_or_rich():
    loaded = loaded_after_importing(["store", "hooks", *modules_of("store"), *modules_of("hooks")])
    assert not {m for m in loaded if m.split(".")[0] in ("textual", "rich")}


def test_the_hook_hot_path_does_not_import_peewee():
    hot = [m for m in modules_of("store") + modules_of("hooks") if m not in ("store.models", "store.migrate")]
    loaded = loaded_after_importing(hot)
    assert "peewee" not in loaded
