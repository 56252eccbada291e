"""Hooks start on every tool call: store and hooks never pull in UI libraries (or peewee on the hot path)."""

import ast
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


def imports_in(package: str) -> list[tuple[str, int, str]]:
    """Every module an `import` names in a package's source, at any depth (inside functions too)."""
    found = []
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found += [(str(path.relative_to(ROOT)), node.lineno, a.name) for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.append((str(path.relative_to(ROOT)), node.lineno, node.module))
    return found


def _top(name: str) -> str:
    return name.split(".")[0]


def test_store_hooks_and_corpus_name_no_ui_library_anywhere_in_their_source():
    bad = [hit for pkg in ("store", "hooks", "corpus") for hit in imports_in(pkg)
           if _top(hit[2]) in ("textual", "rich", "tui")]  # fmt: skip
    assert bad == []


def test_hooks_import_only_store_and_the_standard_library():
    allowed = set(sys.stdlib_module_names) | {"store", "hooks"}
    assert [hit for hit in imports_in("hooks") if _top(hit[2]) not in allowed] == []


def test_commands_never_import_textual_and_reach_the_app_only_through_run_app():
    hits = imports_in("tui/commands")
    assert [h for h in hits if _top(h[2]) == "textual"] == []
    gui = sorted({h[2] for h in hits if h[2].startswith("tui.gui")})
    assert gui == ["tui.gui.app"]  # `memlane` (no command) and `memlane demo` open the app


def test_importing_every_command_module_loads_no_textual():
    commands = [f"tui.commands.{m.name}" for m in pkgutil.iter_modules([str(ROOT / "tui" / "commands")])]
    loaded = loaded_after_importing(["corpus", "tui.formatting", *commands])
    assert not {m for m in loaded if _top(m) == "textual"}


def test_the_formatter_and_the_plain_text_commands_load_no_rich():
    """/memory, the MCP tools and --json print plain text: rich (~25 ms) loads only for a table."""
    plain = ["tui.formatting", "tui.commands.brief", "tui.commands.slash", "tui.commands.mcp_tools",
             "tui.commands.listings", "tui.commands.forget", "tui.commands.export"]  # fmt: skip
    loaded = loaded_after_importing(plain)
    assert not {m for m in loaded if _top(m) in ("textual", "rich")}


def test_store_and_hooks_never_import_the_team_package_or_its_driver():
    """Hooks stay local and fast: the network code lives in team/ and only commands reach it."""
    bad = [hit for pkg in ("store", "hooks") for hit in imports_in(pkg) if _top(hit[2]) in ("team", "psycopg")]
    assert bad == []


def test_team_imports_only_store_peewee_psycopg_and_the_standard_library():
    allowed = set(sys.stdlib_module_names) | {"store", "team", "peewee", "playhouse", "psycopg"}
    assert [hit for hit in imports_in("team") if _top(hit[2]) not in allowed] == []
