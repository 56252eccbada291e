"""Hooks start on every tool call: store and hooks never pull in UI libraries (or peewee on the hot path)."""

import ast
import json
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def modules_of(package: str) -> list[str]:
    """Every module of a package, its sub-packages' too (not `__main__`)."""
    found = []
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] != "__main__":
            found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


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
    hot = [m for m in modules_of("store") + modules_of("hooks")
           if m not in ("store.database.models", "store.database.migrate")]  # fmt: skip
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


# -- what each layer may import, declared ---------------------------------------------------
# As harlequin's import-linter contracts: each contract names the source it reads, what that
# source may never import (a module and everything under it), and each allowed exception with
# its reason.  `imports_in` reads every import statement, inside functions too.

CONTRACTS = {
    "hooks start on every tool call: store, hooks and corpus name no UI library": (
        ("store", "hooks", "corpus"), ("textual", "rich", "tui"), {},
    ),
    "the store is the bottom layer: it imports none of the hooks (the log and the spool are its own)": (
        ("store",), ("hooks",), {},
    ),
    "hooks stay local and fast: store and hooks never import team or its driver": (
        ("store", "hooks"), ("team", "psycopg"), {},
    ),
    "the GUI reaches data through the store, never through the hooks or the commands": (
        ("tui/gui",), ("hooks", "tui.commands"), {},
    ),
    "the commands import no textual and reach the app only through run_app": (
        ("tui/commands",), ("textual", "tui.gui"), {
            ("tui/commands/open_app.py", "tui.gui.app"): "`memlane` with no command opens the app (run_app)",
            ("tui/commands/open_app.py", "tui.gui.perf"): "pauses the cycle collector before the app's imports (no textual there)",
            ("tui/commands/open_app.py", "tui.gui.start_files"): "asks the disk for the app's files before its imports (no textual there)",
            ("tui/commands/demo.py", "tui.gui.app"): "`memlane demo` opens the app on the demo database (run_app)",
        },
    ),
    "the app and the commands reach Claude Code's folders and the data through the store, not the hooks": (
        ("tui",), ("hooks",), {
            ("tui/commands/importer.py", "hooks.transcripts"): "`memlane import` runs the importer, which "
                "applies the hooks' capture rules to transcripts (one function for both)",
            ("tui/commands/doctor.py", "hooks.client"): "`memlane doctor` asks the hook server how it is "
                "with the hooks' own status question",
            ("tui/commands/install.py", "hooks.client"): "`memlane uninstall` stops the hook server the "
                "way the hooks reach it",
        },
    ),
    "team memory runs without the app or the commands (`python -m team sync`)": (
        ("team",), ("tui", "hooks"), {},
    ),
}  # fmt: skip


def _under(module: str, forbidden: str) -> bool:
    return module == forbidden or module.startswith(forbidden + ".")


@pytest.mark.parametrize("contract", sorted(CONTRACTS))
def test_the_layers_import_only_what_their_contract_allows(contract):
    sources, forbidden, allowed = CONTRACTS[contract]
    hits = {(path, module) for pkg in sources for path, _line, module in imports_in(pkg)
            if any(_under(module, f) for f in forbidden)}  # fmt: skip
    assert sorted(hits - set(allowed)) == []
    assert sorted(set(allowed) - hits) == [], "an allowed exception no longer happens: take it off"


def test_hooks_import_only_store_and_the_standard_library():
    allowed = set(sys.stdlib_module_names) | {"store", "hooks"}
    assert [hit for hit in imports_in("hooks") if _top(hit[2]) not in allowed] == []


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


def test_team_imports_only_store_peewee_psycopg_and_the_standard_library():
    allowed = set(sys.stdlib_module_names) | {"store", "team", "peewee", "playhouse", "psycopg"}
    assert [hit for hit in imports_in("team") if _top(hit[2]) not in allowed] == []


# -- public names: no module imports another's `_private` name --------------------------------

OUR_PACKAGES = ("store", "hooks", "team", "tui", "corpus")
# Not yet public; the lead empties this list at the end (an entry that is fixed fails the test).
PRIVATE_PENDING: dict[tuple[str, str], str] = {}


def private_names_in(path: Path) -> set[str]:
    """`module._name` for every `from our.module import _name`, and every `alias._name`
    reached through a module of ours imported under a name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found, modules = set(), {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level and _top(node.module) in OUR_PACKAGES:
            for a in node.names:
                if a.name.startswith("_") and not a.name.startswith("__"):
                    found.add(f"{node.module}.{a.name}")
                modules[a.asname or a.name] = f"{node.module}.{a.name}"
        elif isinstance(node, ast.Import):
            modules.update({a.asname: a.name for a in node.names if a.asname and _top(a.name) in OUR_PACKAGES})
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules
                and node.attr.startswith("_") and not node.attr.startswith("__")):  # fmt: skip
            found.add(f"{modules[node.value.id]}.{node.attr}")
    return found


def private_names_used() -> set[tuple[str, str]]:
    return {(str(path.relative_to(ROOT)), name) for pkg in OUR_PACKAGES
            for path in sorted((ROOT / pkg).rglob("*.py")) for name in private_names_in(path)}  # fmt: skip


def test_no_module_imports_another_modules_private_name():
    used = private_names_used()
    assert sorted(used - set(PRIVATE_PENDING)) == []
    assert sorted(set(PRIVATE_PENDING) - used) == [], "fixed: take it off PRIVATE_PENDING"


# -- no SQL under tui/: the app and the commands ask the store ----------------------------------

SQL = re.compile(r"\b(?:SELECT\s.+?\sFROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|"
                 r"CREATE\s+(?:TABLE|INDEX|VIRTUAL)|PRAGMA\s+\w+)", re.S)  # fmt: skip
SQL_PENDING: dict[str, str] = {}  # file: owner (a file without SQL left fails the test)


def sql_in(path: Path) -> list[int]:
    """Lines of string constants that hold SQL (docstrings and comments may name it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and ast.get_docstring(node, clean=False) is not None}  # fmt: skip
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docs and SQL.search(node.value)]  # fmt: skip


def test_no_sql_under_tui():
    found = {str(p.relative_to(ROOT)) for p in sorted((ROOT / "tui").rglob("*.py")) if sql_in(p)}
    assert sorted(found - set(SQL_PENDING)) == []
    assert sorted(set(SQL_PENDING) - found) == [], "no SQL left there: take it off SQL_PENDING"


def test_the_checks_find_what_they_look_for(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""Reads PRAGMA data_version."""\nfrom store.database import connection as d\nfrom store.database.connection import _x\n'
                      'Q = "SELECT id FROM memory"\nd._y\n')
    assert sql_in(sample) == [4]
    assert private_names_in(sample) == {"store.database.connection._x", "store.database.connection._y"}


# -- no import cycles between our modules (an import inside a function counts too) -------------

# Cycles still being taken apart, and by whom; the lead empties this list.
CYCLES_PENDING: dict[tuple[str, ...], str] = {}


def modules_under(root: Path, packages: tuple[str, ...] = OUR_PACKAGES) -> dict[str, Path]:
    """module name -> its file, for every module of `packages` under `root`."""
    found = {}
    for path in sorted(p for pkg in packages for p in (root / pkg).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def import_graph(files: dict[str, Path]) -> dict[str, set[str]]:
    """module -> the modules of ours it imports (`from pkg import mod` names the module)."""
    graph: dict[str, set[str]] = {m: set() for m in files}
    for module, path in files.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                named = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                named = [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in files else node.module
                         for a in node.names]  # fmt: skip
            else:
                continue
            graph[module].update(n for n in named if n in files and n != module)
    return graph


def cycles(graph: dict[str, set[str]]) -> set[tuple[str, ...]]:
    """Each strongly connected group of two or more modules, sorted (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = set()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.add(tuple(sorted(group)))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycles():
    found = cycles(import_graph(modules_under(ROOT)))
    assert sorted(found - set(CYCLES_PENDING)) == []
    assert sorted(set(CYCLES_PENDING) - found) == [], "no cycle left there: take it off CYCLES_PENDING"


def test_the_cycle_check_finds_a_cycle(tmp_path):
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "a.py").write_text("def f():\n    from p.b import g\n")
    (tmp_path / "p" / "b.py").write_text("from p import a\n")
    (tmp_path / "p" / "c.py").write_text("import p.a\n")
    assert cycles(import_graph(modules_under(tmp_path, ("p",)))) == {("p.a", "p.b")}


def test_a_pane_built_on_its_key_imports_what_its_first_view_draws_not_what_its_actions_use():
    """A pane is built when its key is pressed, so its module's imports are part of that
    key's wait: the forget (and the secrets filter it brings), the secrets audit and the
    modals come with the action that uses them."""
    loaded = loaded_after_importing(["tui.gui.panes.cleanup.pane", "tui.gui.panes.errors"])
    assert not {m for m in loaded if m == "store.forgetting.erase" or m.startswith(("tui.gui.modals",
                "tui.gui.panes.cleanup.audit", "store.forgetting.audit"))}  # fmt: skip


# -- a package is a room with one door: outside it, only its face is imported -------------------

# (file, the module or name it takes past a face): owner.  The lead empties this list.
FACE_PENDING: dict[tuple[str, str], str] = {
    ("store/config.py", "store.privacy.user_patterns"): "privacy: its face offers secret_pattern_problem",
    ("tui/gui/modals/redact.py", "store.privacy.user_patterns"): "privacy: as above",
    ("tui/gui/panes/cleanup/pane.py", "tui.gui.modals.redact"): "tui/gui: the modals' face offers RedactModal, lazily",
    ("tui/gui/panes/sessions.py", "tui.gui.panes.search.dates"): "tui/gui: quick date ranges serve two panes; "
        "they leave the Search pane's package",
}  # fmt: skip


def faces() -> dict[str, set[str]]:
    """package -> the names its face offers, for every package of ours whose __init__.py has __all__."""
    packages = sorted(".".join(p.parent.relative_to(ROOT).parts) for pkg in OUR_PACKAGES
                      for p in (ROOT / pkg).rglob("__init__.py") if "__all__" in p.read_text(encoding="utf-8"))  # fmt: skip
    code = f"import json, importlib\nprint(json.dumps({{p: list(importlib.import_module(p).__all__) for p in {packages!r}}}))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    return {package: set(names) for package, names in json.loads(out.stdout).items()}


def past_the_faces(offered: dict[str, set[str]], sources=OUR_PACKAGES, root: Path = ROOT) -> set[tuple[str, str]]:
    """(file, what it takes) for each import, outside a package, of a module inside it or of
    a name its face does not offer."""
    found = set()
    for pkg in sources:
        for path in sorted((root / pkg).rglob("*.py")):
            here = ".".join(path.relative_to(root).with_suffix("").parts)
            rel = str(path.relative_to(root))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    taken = [(a.name, None) for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    taken = [(node.module, a.name) for a in node.names]
                else:
                    continue
                for module, name in taken:
                    for face, names in offered.items():
                        if here.startswith(face + "."):
                            continue
                        if module.startswith(face + "."):
                            found.add((rel, module))
                        elif module == face and name is not None and name not in names:
                            found.add((rel, f"{face}.{name}"))
    return found


def test_outside_a_package_only_its_face_is_imported():
    found = past_the_faces(faces())
    assert sorted(found - set(FACE_PENDING)) == []
    assert sorted(set(FACE_PENDING) - found) == [], "fixed: take it off FACE_PENDING"


def test_the_face_check_finds_a_module_taken_past_the_face(tmp_path):
    (tmp_path / "p" / "inner").mkdir(parents=True)
    (tmp_path / "p" / "a.py").write_text("from p.inner.x import f\nfrom p.inner import g, h\nimport p.inner.y\n")
    (tmp_path / "p" / "inner" / "x.py").write_text("from p.inner.y import z\n")
    found = past_the_faces({"p.inner": {"h"}}, ("p",), tmp_path)
    assert found == {("p/a.py", "p.inner.x"), ("p/a.py", "p.inner.g"), ("p/a.py", "p.inner.y")}


STORE_TOP_MAX = 20  # modules at the top of store/; the rest are products, each a package
EAGER_FACES = {"store.privacy": "privacy: the filter's face is the filter (clean_text) and loads it whole"}


def test_the_top_of_store_is_a_few_shared_modules_and_packages_with_lazy_faces():
    top = [p.name for p in (ROOT / "store").glob("*.py") if p.name != "__init__.py"]
    assert len(top) <= STORE_TOP_MAX, sorted(top)
    packages = sorted(f"store.{p.parent.name}" for p in (ROOT / "store").glob("*/__init__.py"))
    assert sorted(set(packages) - set(faces())) == [], "a package of store/ without a face (__all__)"
    code = ("import json, sys\n"
            f"for p in {packages!r}: __import__(p)\n"
            "print(json.dumps(sorted(sys.modules)))")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    loaded = json.loads(out.stdout)
    eager = {p for p in packages if any(m.startswith(p + ".") for m in loaded)}
    assert sorted(eager - set(EAGER_FACES)) == [], "importing a face loads its modules: make it lazy (PEP 562)"


def test_a_lazy_face_keeps_no_copy_so_a_name_patched_in_its_module_is_what_callers_get(monkeypatch):
    """Callers import names from a face inside functions; a test that patches the module a
    name lives in must reach them too (the face would otherwise hand out its own copy)."""
    import importlib

    checked = 0
    for package in sorted(p for p in faces() if p not in EAGER_FACES):
        face = importlib.import_module(package)
        homes = getattr(face, "_HOMES", {})  # every lazy face is store.faces.lazy_face over this table
        home_of = sorted((name, module) for module, names in homes.items() for name in names)
        for name, module in home_of[:3]:
            getattr(face, name)  # a first look, which a caching face would keep
            sentinel = object()
            # undone at once: a module the next look imports would keep the stand-in for good
            with monkeypatch.context() as patch:
                patch.setattr(f"{package}.{module}.{name}", sentinel)
                assert getattr(face, name) is sentinel, f"{package}.{name}"
            checked += 1
    assert checked >= 20
