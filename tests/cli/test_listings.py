"""`memlane search`, `recent`, `sessions`, `stats` and `errors`: JSON shapes, filters, tables, brief."""

import json
import os
import subprocess
import sys
import time

import pytest

from tests.cli.conftest import ROOT, run, run_json

MEMORY_KEYS = {"id", "session_id", "project", "tool_name", "type", "file_path", "content",
               "importance", "created_at"}  # fmt: skip

pytestmark = pytest.mark.usefixtures("isolated")


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
    # The names the app shows in its Type column are taken too: one vocabulary.
    assert run_json(capsys, "--db", db, "search", "redirect", "--type", "edit", "--type", "cmd") == two
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


def test_search_recent_and_sessions_take_since_and_until(capsys, db):
    def ids(*argv):
        code, out, err = run(capsys, "--db", db, *argv, "--json")
        assert code == 0, err
        return [row.get("id") or row.get("session_id") for row in json.loads(out)]

    assert len(ids("search", "redirect")) == 5
    assert len(ids("search", "redirect", "--since", "7d")) == 2  # s-beta's
    assert len(ids("search", "redirect", "--until", "7d")) == 3  # s-alpha's
    assert ids("recent", "--since", "2d", "--until", "18h") == ids("search", "make", "deploy")
    assert ids("sessions", "--since", "7d") == ["s-beta"]
    assert ids("sessions", "--until", "10d") == ["s-alpha"]
    day = time.strftime("%Y-%m-%d", time.localtime(time.time() - 20 * 86400))
    assert ids("sessions", "--since", day, "--until", day) == ["s-alpha"]  # a date: the whole day


def test_a_time_that_is_not_one_is_refused_in_one_sentence(capsys, db):
    code, out, err = run(capsys, "--db", db, "search", "redirect", "--since", "last tuesday")
    assert code == 2 and out == ""
    assert "--since: 'last tuesday' is not a date or time: use 2026-11-20" in err
    code, out, err = run(capsys, "--db", db, "sessions", "--since", "1d", "--until", "7d")
    assert code == 2 and err.strip() == "memlane: --since is not before --until, so nothing could match; check the two times."
