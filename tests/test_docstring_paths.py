"""Every file a docstring, a comment or a page of the docs names (`store/search/rank.py`,
`app.py`, `docs/keys.md`) exists: a moved module leaves no stale directions behind."""

import ast
import io
import re
import subprocess
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("store", "hooks", "team", "tui", "corpus", "bench", "tests")
NAMED = re.compile(r"`([A-Za-z0-9_.-][A-Za-z0-9_./-]*\.(?:py|md|tcss))`")  # not /absolute ones: not ours
# Names that are examples of a person's files, not ours.
EXAMPLES = {
    "rounding.py": "hooks/recall/terms.py: a file name in a prompt, as recall matches it",
    "rate_limit.py": "bench/bench_store.py: a phrase query, as people type one",
    "HOME/.claude/commands/memory.md": "docs/claude-code-facts.md: the person's /memory command file",
}
DOCS = ("README.md", "docs/")
# How a backtick may be written inside a string literal (a docstring is read decoded).
BACKTICK_ESCAPES = ("\\x60", "\\u0060", "\\U00000060", "\\140", "\\N{GRAVE")


def named_paths(path: Path) -> list[tuple[int, str]]:
    """(line, name) of each backticked file name in the docstrings and comments of `path`."""
    text = path.read_text(encoding="utf-8")
    if not NAMED.search(text) and not any(escape in text for escape in BACKTICK_ESCAPES):
        return []  # a docstring or comment is in the text as written: none names a file here
    pieces = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc is not None:
                pieces.append((node.body[0].lineno, doc))
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            pieces.append((token.start[0], token.string))
    return [(line, name) for line, piece in pieces for name in NAMED.findall(piece)]


def named_in_text(path: Path) -> list[tuple[int, str]]:
    """(line, name) of each backticked file name of a Markdown page (not those outside the
    repository: `../elsewhere/...`)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [(i, name) for i, line in enumerate(lines, 1) for name in NAMED.findall(line)
            if not name.startswith("../")]  # fmt: skip


def repo_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True)  # fmt: skip
    if listed.returncode == 0 and listed.stdout.strip():
        return listed.stdout.split()
    return [str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if p.is_file() and ".venv" not in p.parts]


def test_every_file_a_docstring_or_comment_names_exists():
    files = repo_files()
    known = set(files)
    missing = []
    sources = [f for f in files if f.endswith(".py") and f.split("/")[0] in SOURCES]
    pages = [f for f in files if f.endswith(".md") and f.startswith(DOCS)]
    for name in sources + pages:
        named_in = named_paths if name.endswith(".py") else named_in_text
        for line, named in named_in(ROOT / name):
            # A path from the repository's root, or one relative to a folder (`panes/live.py`).
            if named not in known and not any(f.endswith("/" + named) for f in files) and named not in EXAMPLES:
                missing.append(f"{name}:{line}: `{named}`")
    assert missing == []


def test_the_check_reads_docstrings_and_comments(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""See `store/gone.py`."""\n# and `docs/x.md`\nTEXT = "`not/a/docstring.py`"\n')
    assert named_paths(sample) == [(1, "store/gone.py"), (2, "docs/x.md")]


def test_the_check_reads_the_docs(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("The log is `store/log.py`.\nThe runner is `../elsewhere/run_session.py`.\n")
    assert named_in_text(page) == [(1, "store/log.py")]


def test_the_architecture_page_draws_every_part_of_store_in_its_tree():
    """docs/architecture.md's tree is the newcomer's map: a new module or folder of store/
    goes in it, and the tree alone says where a thing lives (no table)."""
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    tree = page[page.index("## The tree"):page.index("## Rules every module follows")]
    store = tree[tree.index("\nstore/"):tree.index("\nhooks/")]
    drawn = set(re.findall(r"^ {2}([a-z_]+(?:\.py|/))", store, re.M))
    parts = {p.name for p in (ROOT / "store").glob("*.py") if p.stem != "__init__"}
    parts |= {p.parent.name + "/" for p in (ROOT / "store").glob("*/__init__.py")}
    assert sorted(parts - drawn) == []
    assert sorted(drawn - parts) == [], "the tree draws a part store/ no longer has"
    assert "|---|" not in tree
