"""The `memlane` command: listings and their JSON shapes, filters, forget, one-sentence errors."""

import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from store.db import connect
from store.search import search
from store.writer import add_memory, end_session, start_session, update_session_summary
from tui.commands import forget, open_app
from tui.commands.cli import main

ROOT = Path(__file__).resolve().parents[2]
MEMORY_KEYS = {"id", "session_id", "project", "tool_name", "type", "file_path", "content",
               "importance", "created_at"}  # fmt: skip


def ts(days_ago: float = 0) -> str:
    t = time.time() - days_ago * 86400
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + ".000000Z"


pytestmark = pytest.mark.usefixtures("isolated")


@pytest.fixture
def projects(tmp_path):
    alpha, beta = tmp_path / "alpha", tmp_path / "beta"
    alpha.mkdir()
    beta.mkdir()
    return str(alpha), str(beta)


@pytest.fixture
def db(tmp_path, projects):
    alpha, beta = projects
    path = str(tmp_path / "memory.db")
    conn = connect(path)
    start_session(conn, "s-alpha", alpha, started_at=ts(20))
    add_memory(conn, {"session_id": "s-alpha", "type": "prompt", "cwd": alpha, "importance": 2,
                      "content": "fix the login redirect loop", "created_at": ts(20)})  # fmt: skip
    add_memory(conn, {"session_id": "s-alpha", "type": "file_edit", "tool_name": "Edit", "cwd": alpha,
                      "file_path": f"{alpha}/auth.py", "created_at": ts(19.9),
                      "content": "auth.py: refresh the token before the redirect"})  # fmt: skip
    add_memory(conn, {"session_id": "s-alpha", "type": "error", "tool_name": "Bash", "cwd": alpha,
                      "content": "pytest: AssertionError in test_redirect", "created_at": ts(19.8),
                      "error_text": "AssertionError in test_redirect"})  # fmt: skip
    end_session(conn, "s-alpha", "other", ended_at=ts(19.7))
    update_session_summary(conn, "s-alpha")
    start_session(conn, "s-beta", beta, started_at=ts(1))
    add_memory(conn, {"session_id": "s-beta", "type": "command", "tool_name": "Bash", "cwd": beta,
                      "content": "make deploy pushed the redirect service", "created_at": ts(1)})  # fmt: skip
    add_memory(conn, {"session_id": "s-beta", "type": "prompt", "cwd": beta,
                      "content": "/memory redirect", "created_at": ts(0.5)})  # fmt: skip
    conn.close()
    return path


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def assert_one_sentence(err: str):
    assert "Traceback" not in err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1, err
    assert lines[0].startswith("memlane: ")


# -- listings ---------------------------------------------------------------------------------


def test_search_json_shape_and_markers_removed(capsys, db):
    hits = run_json(capsys, "--db", db, "search", "redirect")
    assert hits and isinstance(hits, list)
    for hit in hits:
        assert MEMORY_KEYS <= set(hit)
        assert "\x02" not in hit["snippet"] and "\x03" not in hit["snippet"]
        assert isinstance(hit["score"], float)
    assert {h["type"] for h in hits} >= {"prompt", "file_edit", "command"}


def test_search_query_words_are_joined(capsys, db):
    hits = run_json(capsys, "--db", db, "search", "token", "redirect")
    assert [h["file_path"].endswith("auth.py") for h in hits] == [True]


def test_search_filters(capsys, db, projects):
    alpha, beta = projects
    by_name = run_json(capsys, "--db", db, "search", "redirect", "--project", "beta")
    assert by_name and {h["project"] for h in by_name} == {beta}
    by_path = run_json(capsys, "--db", db, "search", "redirect", "--project", alpha)
    assert by_path and {h["project"] for h in by_path} == {alpha}
    edits = run_json(capsys, "--db", db, "search", "redirect", "--type", "file_edit")
    assert [h["type"] for h in edits] == ["file_edit"]
    two = run_json(capsys, "--db", db, "search", "redirect", "--type", "file_edit", "--type", "command")
    assert {h["type"] for h in two} == {"file_edit", "command"}
    assert len(run_json(capsys, "--db", db, "search", "redirect", "--limit", "1")) == 1
    assert run_json(capsys, "--db", db, "search", "nothing-like-this-anywhere") == []


def test_search_table_has_no_raw_markers(capsys, db):
    code, out, err = run(capsys, "--db", db, "search", "redirect")
    assert code == 0, err
    assert "redirect" in out and "\x02" not in out and "\x03" not in out


def test_recent_newest_first_with_filters(capsys, db):
    rows = run_json(capsys, "--db", db, "recent")
    assert [r["id"] for r in rows] == sorted((r["id"] for r in rows), reverse=True)
    assert len(rows) == 5 and MEMORY_KEYS <= set(rows[0])
    assert "snippet" not in rows[0]
    prompts = run_json(capsys, "--db", db, "recent", "--type", "prompt")
    assert {r["type"] for r in prompts} == {"prompt"} and len(prompts) == 2
    assert [r["session_id"] for r in run_json(capsys, "--db", db, "recent", "--session", "s-beta")] == [
        "s-beta", "s-beta",
    ]  # fmt: skip
    assert len(run_json(capsys, "--db", db, "recent", "-n", "2")) == 2


def test_sessions_json(capsys, db, projects):
    rows = run_json(capsys, "--db", db, "sessions")
    assert [r["session_id"] for r in rows] == ["s-beta", "s-alpha"]
    alpha = rows[1]
    for key in ("session_id", "project", "started_at", "ended_at", "summary", "memory_count", "error_count"):
        assert key in alpha
    assert alpha["project"] == projects[0]
    assert alpha["memory_count"] == 3 and alpha["error_count"] == 1
    assert alpha["ended_at"] and "login redirect" in alpha["summary"]
    only = run_json(capsys, "--db", db, "sessions", "--project", "alpha")
    assert [r["session_id"] for r in only] == ["s-alpha"]


def test_errors_json(capsys, db):
    groups = run_json(capsys, "--db", db, "errors")
    assert len(groups) == 1
    group = groups[0]
    for key in ("signature", "status", "count", "first_seen", "last_seen"):
        assert key in group
    assert group["status"] == "open" and group["count"] == 1
    assert run_json(capsys, "--db", db, "errors", "--status", "resolved") == []


def test_stats_json_is_one_object(capsys, db):
    data = run_json(capsys, "--db", db, "stats")
    assert isinstance(data, dict)
    assert data["memories"] == 5 and data["sessions"] == 2 and data["open_errors"] == 1
    assert data["by_type"]["prompt"] == 2


def test_tables_print(capsys, db):
    for command in ("recent", "sessions", "stats", "errors"):
        code, out, err = run(capsys, "--db", db, command)
        assert code == 0 and out.strip() and not err, command


def test_brief_format(capsys, db):
    code, out, _ = run(capsys, "--db", db, "search", "token", "--format", "brief")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == '1 memory matching "token":'
    assert lines[1].startswith("#2 ") and "[file_edit]" in lines[1]
    code, out, _ = run(capsys, "--db", db, "sessions", "--format", "brief")
    assert code == 0 and "## alpha" in out and "session s-alpha" in out


def test_db_from_environment(capsys, db, monkeypatch):
    monkeypatch.setenv("MEMLANE_DB", db)
    assert len(run_json(capsys, "recent")) == 5


# -- errors a user can cause ------------------------------------------------------------------


def test_missing_database_is_one_sentence(capsys, tmp_path):
    for command in (["search", "x"], ["recent"], ["sessions"], ["stats"], ["errors"], ["forget", "--id", "1"]):
        code, out, err = run(capsys, "--db", str(tmp_path / "none.db"), *command)
        assert code == 1, command
        assert_one_sentence(err)
        assert "no memlane database" in err.lower()
    assert not (tmp_path / "none.db").exists()


def test_corrupt_database_is_one_sentence(capsys, tmp_path):
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"this is not sqlite at all\n" * 200)
    code, out, err = run(capsys, "--db", str(bad), "search", "x")
    assert code == 1
    assert_one_sentence(err)
    assert "not a readable memlane database" in err
    assert bad.read_bytes() == b"this is not sqlite at all\n" * 200


def test_folder_as_database(capsys, tmp_path):
    code, _, err = run(capsys, "--db", str(tmp_path), "stats")
    assert code == 1
    assert_one_sentence(err)


def test_bad_arguments_exit_2(capsys, db):
    code, _, err = run(capsys, "--db", db, "search", "x", "--limit", "0")
    assert code == 2 and "Traceback" not in err
    code, _, err = run(capsys, "--db", db, "forget", "--older-than", "soon")
    assert code == 2 and "number of days" in err
    code, _, err = run(capsys, "--db", db, "no-such-command")
    assert code == 2


# -- forget -----------------------------------------------------------------------------------


def texts(db: str, query: str) -> list[str]:
    conn = connect(db)
    try:
        return [h["content"] for h in search(conn, query)]
    finally:
        conn.close()


def test_forget_needs_criteria(capsys, db):
    code, _, err = run(capsys, "--db", db, "forget", "--yes")
    assert code == 2
    assert_one_sentence(err)


def test_forget_refuses_without_a_terminal(capsys, db, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("y\n"))
    code, out, err = run(capsys, "--db", db, "forget", "--query", "token")
    assert code == 2
    assert_one_sentence(err)
    assert "1 memory" in err and "--yes" in err
    assert texts(db, "token")


def test_forget_asks_and_says_how_many(capsys, db, monkeypatch):
    asked = []
    monkeypatch.setattr(forget, "_stdin_is_tty", lambda: True)
    monkeypatch.setattr(forget, "_ask", lambda prompt: asked.append(prompt) or "n")
    code, out, _ = run(capsys, "--db", db, "forget", "--session", "s-alpha")
    assert code == 0 and "Cancelled" in out
    assert asked == ["Forget 3 memories from 1 session? They are deleted for good. [y/N] "]
    assert len(run_json(capsys, "--db", db, "recent", "--session", "s-alpha")) == 3

    monkeypatch.setattr(forget, "_ask", lambda prompt: "y")
    code, out, _ = run(capsys, "--db", db, "forget", "--session", "s-alpha")
    assert code == 0 and "Forgot 3 memories." in out
    assert run_json(capsys, "--db", db, "recent", "--session", "s-alpha") == []
    assert [s["session_id"] for s in run_json(capsys, "--db", db, "sessions")] == ["s-beta"]


def test_forget_yes_removes_text_from_search(capsys, db):
    assert texts(db, "token")
    code, out, _ = run(capsys, "--db", db, "forget", "--query", "token", "--yes")
    assert code == 0 and "Forgot 1 memory." in out
    assert texts(db, "token") == []
    assert len(run_json(capsys, "--db", db, "recent")) == 4


def test_forget_by_id_and_project(capsys, db, projects):
    code, out, _ = run(capsys, "--db", db, "forget", "--id", "1", "--id", "2", "--yes")
    assert code == 0 and "Forgot 2 memories." in out
    assert {r["id"] for r in run_json(capsys, "--db", db, "recent")} == {3, 4, 5}
    code, out, _ = run(capsys, "--db", db, "forget", "--project", "beta", "--yes")
    assert code == 0 and "Forgot 2 memories." in out
    assert {r["project"] for r in run_json(capsys, "--db", db, "recent")} == {projects[0]}


def test_forget_older_than(capsys, db):
    code, out, _ = run(capsys, "--db", db, "forget", "--older-than", "10", "--dry-run")
    assert code == 0 and "Would forget 3 memories from 1 session" in out
    assert len(run_json(capsys, "--db", db, "recent")) == 5
    code, out, _ = run(capsys, "--db", db, "forget", "--older-than", "10", "--yes")
    assert code == 0 and "Forgot 3 memories." in out
    assert {r["session_id"] for r in run_json(capsys, "--db", db, "recent")} == {"s-beta"}


def test_forget_nothing_matches(capsys, db):
    code, out, _ = run(capsys, "--db", db, "forget", "--query", "zebra", "--yes")
    assert code == 0 and "nothing was forgotten" in out


def test_forget_resolves_a_selection_as_the_cleanup_pane_does(capsys, db, projects):
    code, out, _ = run(capsys, "--db", db, "forget", "--session", "s-al", "--dry-run")
    assert code == 0 and "Would forget 3 memories from 1 session" in out  # a unique prefix
    code, _, err = run(capsys, "--db", db, "forget", "--project", "gamma", "--yes")
    assert code == 2 and "No project matches 'gamma'" in err
    assert_one_sentence(err)
    code, _, err = run(capsys, "--db", db, "forget", "--session", "s-", "--yes")
    assert code == 2 and "2 sessions match 's-'" in err
    assert len(run_json(capsys, "--db", db, "recent")) == 5
    code, out, _ = run(capsys, "--db", db, "forget", "--project", projects[1] + "/", "--yes")
    assert code == 0 and "Forgot 2 memories." in out


# -- /memory ----------------------------------------------------------------------------------


def test_slash_reads_the_arguments_from_stdin(capsys, db, monkeypatch):
    monkeypatch.setenv("MEMLANE_DB", db)
    monkeypatch.setattr(sys, "stdin", io.StringIO('"token" redirect\n'))
    code, out, _ = run(capsys, "slash", "--stdin")
    assert code == 0 and out.startswith('1 memory matching "token redirect"')
    monkeypatch.setattr(sys, "stdin", io.StringIO("don't \"redirect\" $(touch pwned) `x`\n"))
    code, out, _ = run(capsys, "slash", "--stdin")
    assert code == 0 and "matching" in out or out.startswith("No memories match")
    monkeypatch.setattr(sys, "stdin", io.StringIO("--stats\n"))
    code, out, _ = run(capsys, "slash", "--stdin")
    assert code == 0 and out.startswith("5 memories")


def test_slash_modes(capsys, db, monkeypatch):
    monkeypatch.setenv("MEMLANE_DB", db)
    code, out, _ = run(capsys, "slash", "redirect")
    assert code == 0 and 'matching "redirect"' in out
    assert "/memory redirect" not in out  # earlier /memory prompts are not shown back
    code, out, _ = run(capsys, "slash", "--recent", "2")
    assert code == 0 and out.startswith("2 memories, newest first")
    code, out, _ = run(capsys, "slash", "--stats")
    assert code == 0 and out.startswith("5 memories in 2 sessions")
    code, out, _ = run(capsys, "slash", "--summaries")
    assert code == 0 and "## alpha" in out
    code, out, _ = run(capsys, "slash", "--errors")
    assert code == 0 and "AssertionError" in out
    code, out, _ = run(capsys, "slash")
    assert code == 0 and "newest first" in out


def test_slash_never_fails(capsys, tmp_path, monkeypatch):
    # A failing `!` command aborts the whole /memory command in Claude Code: always exit 0.
    code, out, err = run(capsys, "--db", str(tmp_path / "none.db"), "slash", "x")
    assert code == 0 and out.startswith("memlane: ") and "no memlane database" in out.lower()
    code, out, _ = run(capsys, "--db", str(tmp_path / "none.db"), "slash", "--limit", "many")
    assert code == 0 and "Usage: /memory" in out


# -- weight -----------------------------------------------------------------------------------


def test_cli_and_install_do_not_import_textual_or_rich():
    code = (
        "import sys, json\nimport tui, tui.commands.cli, tui.commands.install\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_json_listing_does_not_import_rich(db):
    code = (
        "import sys, json\nfrom tui.commands.cli import main\n"
        f"main(['--db', {db!r}, 'recent', '--json'])\n"
        "sys.stderr.write(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, MEMLANE_HOME=os.path.dirname(db)))  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stderr) == []


# -- commands other modules implement ---------------------------------------------------------


def test_a_command_whose_package_is_missing_says_which_in_one_sentence(tmp_path):
    code = (
        "import sys\nsys.modules['mcp'] = None  # as if the MCP SDK were not installed\n"
        "from tui.commands.cli import main\n"
        f"sys.exit(main(['--db', {str(tmp_path / 'memory.db')!r}, 'mcp']))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == "memlane: `memlane mcp` needs the mcp package; reinstall memlane (pip install -e .).\n"


def test_bare_memlane_opens_the_app(capsys, db, monkeypatch):
    import tui.gui.app

    opened = []
    monkeypatch.setattr(tui.gui.app, "run_app", lambda path: opened.append(path) or 0)
    monkeypatch.setattr(open_app, "terminal_problem", lambda: None)
    assert main(["--db", db]) == 0
    assert opened == [db]


def test_demo_gets_its_own_arguments(monkeypatch):
    import types

    seen = []
    fake = types.ModuleType("tui.commands.demo")
    fake.main = lambda argv: seen.append(argv) or 0
    monkeypatch.setitem(sys.modules, "tui.commands.demo", fake)
    import tui.commands

    monkeypatch.setattr(tui.commands, "demo", fake, raising=False)  # once imported, the attribute wins
    assert main(["demo", "--keep", "--no-feed"]) == 0
    assert seen == [["--keep", "--no-feed"]]


def test_import_calls_the_importer(monkeypatch, db):
    import types

    seen = []
    fake = types.ModuleType("tui.commands.importer")
    fake.main = lambda argv: seen.append(argv) or 0
    monkeypatch.setitem(sys.modules, "tui.commands.importer", fake)
    import tui.commands

    monkeypatch.setattr(tui.commands, "importer", fake, raising=False)  # once imported, the attribute wins
    assert main(["--db", db, "import", "a.jsonl", "--dry-run", "--since", "2025-01-01"]) == 0
    assert main(["import", "--no-progress", "--db", "x.db"]) == 0
    assert seen == [
        ["--db", db, "a.jsonl", "--dry-run", "--since", "2025-01-01"],
        ["--no-progress", "--db", "x.db"],
    ]
