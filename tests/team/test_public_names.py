"""Team code uses the store's and the hooks' helpers by their public names only:
a private name (`_x`) may change under it without notice."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEAM_CODE = [*sorted((ROOT / "team").glob("*.py")), ROOT / "hooks" / "recall" / "team.py"]


def private_names_used(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in ("store", "hooks"):
            found += [f"{node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            if isinstance(node.value, ast.Name) and node.value.id in ("matching", "search", "context", "store_search"):
                found.append(f"{node.value.id}.{node.attr}")
    return found


def test_team_code_reaches_no_private_name_of_store_or_hooks():
    used = {str(p.relative_to(ROOT)): private_names_used(p) for p in TEAM_CODE}
    assert {path: names for path, names in used.items() if names} == {}


def test_the_check_finds_a_private_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from store.search import _snippet\nfrom store import matching\nmatching._TOKEN\n")
    assert private_names_used(sample) == ["store.search._snippet", "matching._TOKEN"]
