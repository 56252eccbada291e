"""Private Textual names live in one module, `tui/gui/textual_internals.py` (issue 23).

Anywhere else in the app, its tests and its benches, naming one of Textual's private
attributes is refused: importing a private module or name from `textual`, reading or
writing `something._name` that Textual defines, or, in a class built on a Textual class,
overriding or touching a `_name` one of its Textual bases defines.  What is private is
read from the installed (pinned) Textual's own source, so a name Textual adds is covered.
"""

from __future__ import annotations

import ast
import importlib
from functools import cache
from pathlib import Path

import textual

ROOT = Path(__file__).resolve().parents[1]
THE_DOOR = {"tui/gui/textual_internals.py", "tests/tui/test_textual_internals.py"}
SCANNED = ("tui", "bench", "tests", "team", "corpus")


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name != "_"


@cache
def textual_private_names() -> dict[str, frozenset[str]]:
    """{"module.Class": private names its body defines (methods, class attributes, self._x =)}."""
    package = Path(textual.__file__).parent
    found: dict[str, frozenset[str]] = {}
    for path in package.rglob("*.py"):
        module = ".".join(("textual", *path.relative_to(package).with_suffix("").parts))
        module = module.removesuffix(".__init__")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found[f"{module}.{node.name}"] = frozenset(_defined_in(node))
    return found


def _defined_in(cls: ast.ClassDef) -> set[str]:
    names = set()
    for item in cls.body:
        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and _private(item.name):
            names.add(item.name)
        targets = item.targets if isinstance(item, ast.Assign) else [getattr(item, "target", None)]
        names |= {t.id for t in targets if isinstance(t, ast.Name) and _private(t.id)}
    for node in ast.walk(cls):
        if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _private(node.attr)
                and isinstance(node.value, ast.Name) and node.value.id == "self"):  # fmt: skip
            names.add(node.attr)
    return names


def textual_names_of(cls: type) -> set[str]:
    """The private names `cls`'s Textual bases define."""
    table = textual_private_names()
    names: set[str] = set()
    for base in cls.__mro__:
        if base.__module__.split(".")[0] == "textual":
            names |= table.get(f"{base.__module__}.{base.__qualname__}", frozenset())
    return names


def our_files() -> list[Path]:
    files = [p for top in SCANNED for p in sorted((ROOT / top).rglob("*.py"))]
    return [p for p in files if "__snapshots__" not in p.parts]


def _on_self(node: ast.Attribute) -> bool:
    value = node.value
    return (isinstance(value, ast.Name) and value.id in ("self", "cls")) or (
        isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "super")  # fmt: skip


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def violations() -> list[str]:
    every_textual_private = set().union(*textual_private_names().values())
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in our_files()}
    ours = set()  # private names memlane's own classes define: `pane._rows` is ours
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                ours |= _defined_in(node)
    found = []
    for path, tree in trees.items():
        where = str(path.relative_to(ROOT))
        if where in THE_DOOR:
            continue
        uses_textual = False
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "textual":
                uses_textual = True
                if any(map(_private, node.module.split("."))) or any(_private(a.name) for a in node.names):
                    found.append(f"{where}:{node.lineno}: from {node.module} import ...")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] == "textual":
                        uses_textual = True
                        if any(map(_private, alias.name.split("."))):
                            found.append(f"{where}:{node.lineno}: import {alias.name}")
        if not uses_textual:
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and _private(node.attr) and not _on_self(node)
                    and node.attr in every_textual_private and node.attr not in ours):  # fmt: skip
                found.append(f"{where}:{node.lineno}: .{node.attr}")
        module = importlib.import_module(_module_name(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            cls = getattr(module, node.name, None)
            if not isinstance(cls, type):
                continue
            theirs = textual_names_of(cls)
            for sub in ast.walk(node):
                if isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef) and sub.name in theirs:
                    found.append(f"{where}:{sub.lineno}: {node.name} overrides {sub.name}")
                elif isinstance(sub, ast.Attribute) and _on_self(sub) and sub.attr in theirs:
                    found.append(f"{where}:{sub.lineno}: {node.name} uses self.{sub.attr}")
    return found


def test_no_private_textual_name_outside_textual_internals():
    assert violations() == []


def test_the_fence_sees_each_kind_of_reach_into_textual(tmp_path, monkeypatch):
    """The check catches each way code has reached into Textual before."""
    import sys

    package = tmp_path / "leaky_probe"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "table.py").write_text(
        "from textual.widgets._footer import FooterKey\n"
        "from textual.widgets import DataTable\n"
        "class Table(DataTable):\n"
        "    def _update_dimensions(self, rows):\n"
        "        self._update_count += 1\n"
        "def draw(app):\n"
        "    return app._batch_count\n"
    )
    this = sys.modules[__name__]
    monkeypatch.setattr(this, "ROOT", tmp_path)
    monkeypatch.setattr(this, "SCANNED", ("leaky_probe",))
    monkeypatch.syspath_prepend(str(tmp_path))
    assert sorted(f.split(": ", 1)[1] for f in violations()) == sorted([
        "from textual.widgets._footer import ...",
        "._batch_count",
        "Table overrides _update_dimensions",
        "Table uses self._update_count",
    ])  # fmt: skip
