"""Every file a docstring or a comment names (`store/search/rank.py`, `app.py`, `docs/keys.md`)
exists: a moved module leaves no stale directions behind."""

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
    "rounding.py": "hooks/recall_terms.py: a file name in a prompt, as recall matches it",
    "rate_limit.py": "bench/bench_store.py: a phrase query, as people type one",
}


def named_paths(path: Path) -> list[tuple[int, str]]:
    """(line, name) of each backticked file name in the docstrings and comments of `path`."""
    text = path.read_text(encoding="utf-8")
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
    for name in (f for f in files if f.endswith(".py") and f.split("/")[0] in SOURCES):
        for line, named in named_paths(ROOT / name):
            # A path from the repository's root, or one relative to a folder (`panes/search.py`).
            if named not in known and not any(f.endswith("/" + named) for f in files) and named not in EXAMPLES:
                missing.append(f"{name}:{line}: `{named}`")
    assert missing == []


def test_the_check_reads_docstrings_and_comments(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""See `store/gone.py`."""\n# and `docs/x.md`\nTEXT = "`not/a/docstring.py`"\n')
    assert named_paths(sample) == [(1, "store/gone.py"), (2, "docs/x.md")]
