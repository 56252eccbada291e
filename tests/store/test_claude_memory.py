"""Claude Code's own memory files as memlane sees them: which load at every start (the order
and limits the real CLI showed, docs/claude-code-facts.md), their tokens, searched fresh,
and the secrets audit that redacts only when asked, keeping a backup, the mode and links."""

from __future__ import annotations

import os
import stat

import pytest

from store.claude_memory import budget, loaded_files
from store.claude_memory.audit import Changed, audit_files, redact_file
from store.claude_memory.search import search_memory_files
from tests.secret_shapes import gen


@pytest.fixture
def home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    return home


def _project(tmp_path, home):
    parent = tmp_path / "work"
    project = parent / "shop-api"
    (project / ".claude" / "rules").mkdir(parents=True)
    (project / "docs").mkdir()
    (project / ".git").mkdir()
    (home / ".claude" / "CLAUDE.md").write_text("Answer in British English.\n")
    (parent / "CLAUDE.md").write_text("All services log to stdout.\n")
    (project / "CLAUDE.md").write_text("Run `make test` before a commit.\nSee @docs/api.md for the API.\n"
                                       "Not an import: `@docs/nope.md`, nor me@example.com.\n")  # fmt: skip
    (project / "docs" / "api.md").write_text("The API speaks JSON only.\n")
    (project / "docs" / "nope.md").write_text("never loaded\n")
    (project / ".claude" / "CLAUDE.md").write_text("Use pnpm, not npm.\n")
    (project / ".claude" / "rules" / "style.md").write_text("Four spaces.\n")
    (project / ".claude" / "rules" / "tests.md").write_text("---\npaths: tests/**\n---\nUse pytest.\n")
    (project / "CLAUDE.local.md").write_text("My sandbox is sandbox-3.\n")
    memory = home / ".claude" / "projects" / ("-" + str(project)[1:].replace("/", "-").replace("_", "-")) / "memory"
    memory.mkdir(parents=True)
    (memory / "MEMORY.md").write_text("# Index\n- [tokens](tokens.md): refresh tokens last 14 days\n")
    (memory / "tokens.md").write_text("Refresh tokens: 14 days since the fix of November.\n")
    return project, memory


def test_the_files_claude_code_loads_in_its_order_with_imports_and_auto_memory(tmp_path, home):
    project, memory = _project(tmp_path, home)
    files = loaded_files(str(project))
    names = [(f["kind"], os.path.relpath(f["path"], tmp_path), f["loaded"]) for f in files]
    assert names == [
        ("user", "home/.claude/CLAUDE.md", True),
        ("parent", "work/CLAUDE.md", True),
        ("project", "work/shop-api/CLAUDE.md", True),
        ("import", "work/shop-api/docs/api.md", True),  # right after the file that imports it
        ("project", "work/shop-api/.claude/CLAUDE.md", True),
        ("project_rules", "work/shop-api/.claude/rules/style.md", True),  # tests.md names paths: not at start
        ("local", "work/shop-api/CLAUDE.local.md", True),
        ("auto_index", os.path.relpath(memory / "MEMORY.md", tmp_path), True),
        ("auto_topic", os.path.relpath(memory / "tokens.md", tmp_path), False),  # read on demand
    ]
    api = files[3]
    assert api["via"] == str(project / "CLAUDE.md") and api["bytes"] == len("The API speaks JSON only.\n")
    assert api["tokens"] == 7  # 26 bytes, about four a token
    totals = budget(files)
    assert totals["auto memory"] == files[7]["tokens"] and totals["total"] == sum(f["tokens"] for f in files)


def test_a_sub_folder_shares_the_git_roots_auto_memory_and_reads_the_folders_between(tmp_path, home):
    project, memory = _project(tmp_path, home)
    (project / "pkg").mkdir()
    (project / "pkg" / "CLAUDE.md").write_text("pkg rules\n")
    files = loaded_files(str(project / "pkg"))
    assert [f["path"] for f in files if f["kind"] == "auto_index"] == [str(memory / "MEMORY.md")]
    assert files[-3]["path"] == str(project / "pkg" / "CLAUDE.md")


def test_memory_md_loads_200_lines_or_25000_bytes_whole_lines(tmp_path, home):
    project, memory = _project(tmp_path, home)
    lines = [f"- note {i}" for i in range(1, 203)]
    (memory / "MEMORY.md").write_text("\n".join(lines) + "\n")
    [index] = [f for f in loaded_files(str(project)) if f["kind"] == "auto_index"]
    assert index["loaded_bytes"] == len("\n".join(lines[:200]).encode()) + 1  # whole lines, newline kept
    assert "only the first" in index["note"]
    long = "".join(f"L{i:03d} " + "x" * 300 + "\n" for i in range(150))  # 306 bytes a line
    (memory / "MEMORY.md").write_text(long)
    [index] = [f for f in loaded_files(str(project)) if f["kind"] == "auto_index"]
    assert index["loaded_bytes"] == 81 * 306  # the CLI showed lines L000-L080
    assert index["bytes"] == 150 * 306 and index["tokens"] == (81 * 306 + 3) // 4


def test_an_import_outside_the_project_is_listed_not_counted(tmp_path, home):
    project, _memory = _project(tmp_path, home)
    (home / "notes.md").write_text("personal\n")
    (project / "CLAUDE.md").write_text("See @~/notes.md\n")
    [imported] = [f for f in loaded_files(str(project)) if f["kind"] == "import"]
    assert imported["path"] == str(home / "notes.md") and not imported["loaded"] and imported["tokens"] == 0


def test_a_fifo_is_listed_and_never_read(tmp_path, home):
    project, _memory = _project(tmp_path, home)
    (project / "CLAUDE.local.md").unlink()
    os.mkfifo(project / "CLAUDE.local.md")
    [local] = [f for f in loaded_files(str(project)) if f["kind"] == "local"]
    assert not local["loaded"] and "not a regular file" in local["note"]


def test_search_reads_the_files_as_they_are_now(tmp_path, home):
    project, memory = _project(tmp_path, home)
    hits = search_memory_files("refresh 14 days", [str(project)])
    assert [(h["kind"], h["line"]) for h in hits] == [("auto_index", 2), ("auto_topic", 1)]
    assert hits[1]["path"] == str(memory / "tokens.md")
    (memory / "tokens.md").write_text("Refresh tokens: 30 days now.\n")
    assert [h["kind"] for h in search_memory_files("refresh 14 days", [str(project)])] == ["auto_index"]
    assert [h["kind"] for h in search_memory_files("british", [str(project), str(project)])] == ["user"]


def test_rows_of_the_projects_the_caller_read_already_need_no_store_read(tmp_path, home):
    """The Search pane knows the projects (it lists them): each search typed reads no
    sessions again to find them (~15 ms of CPU at 1M memories)."""
    from store.claude_memory import memory_file_rows

    project, _memory = _project(tmp_path, home)

    class NoStore:
        def execute(self, *args):
            raise AssertionError("the projects were read again")

    rows = memory_file_rows(NoStore(), "refresh 14 days", None, 60, known=[{"project": str(project)}])
    assert [(r["kind"], r["line"]) for r in rows] == [("auto_index", 2), ("auto_topic", 1)]


def _planted(memory):
    key = "sk-ant-api03-" + gen("claude-memory-audit", 80)
    path = memory / "tokens.md"
    path.write_text(f"Refresh tokens: 14 days.\nDeploy with ANTHROPIC_API_KEY={key}\ncommit 3f9a2c1d7e5b\n")
    return path, key


def test_the_audit_finds_a_planted_credential_and_redacts_only_when_asked(tmp_path, home, memlane_home):
    project, memory = _project(tmp_path, home)
    path, key = _planted(memory)
    os.chmod(path, 0o640)
    [report] = audit_files(loaded_files(str(project)))
    assert report["path"] == str(path) and [f["line"] for f in report["findings"]] == [2]
    assert key not in report["findings"][0]["masked"]
    assert key in path.read_text()  # found, not touched: redacting waits for the person's yes
    done = redact_file(str(path), report["digest"])
    text = path.read_text()
    assert key not in text and "[REDACTED:" in text and "commit 3f9a2c1d7e5b" in text  # a hash is not a secret
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    backup = done["backup"]
    assert key in open(backup).read() and stat.S_IMODE(os.stat(backup).st_mode) == 0o600
    assert backup.startswith(str(memlane_home))
    assert audit_files(loaded_files(str(project))) == []


def test_redacting_through_a_symbolic_link_keeps_the_link(tmp_path, home, memlane_home):
    project, memory = _project(tmp_path, home)
    (tmp_path / "elsewhere").mkdir()
    target, key = _planted(tmp_path / "elsewhere")
    os.unlink(memory / "tokens.md")
    os.symlink(target, memory / "tokens.md")
    [report] = audit_files(loaded_files(str(project)))
    redact_file(str(memory / "tokens.md"), report["digest"])
    assert os.path.islink(memory / "tokens.md") and key not in target.read_text()


def test_a_file_changed_since_the_audit_is_not_written(tmp_path, home):
    project, memory = _project(tmp_path, home)
    path, key = _planted(memory)
    [report] = audit_files(loaded_files(str(project)))
    path.write_text(path.read_text() + "a new line Claude wrote\n")
    with pytest.raises(Changed):
        redact_file(str(path), report["digest"])
    assert key in path.read_text()


def test_a_big_memory_file_is_audited_and_redacted_whole(tmp_path, home):
    project, memory = _project(tmp_path, home)
    path, key = _planted(memory)
    filler = "".join(f"- note {i}: nothing secret here\n" for i in range(12_000))  # ~350 KB, past what a hook reads
    path.write_text(filler + path.read_text() + filler)
    [report] = audit_files(loaded_files(str(project)))
    redact_file(str(path), report["digest"])
    text = path.read_text()
    assert key not in text and text.startswith(filler) and text.endswith("commit 3f9a2c1d7e5b\n" + filler)
