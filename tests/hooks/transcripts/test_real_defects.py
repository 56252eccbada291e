"""What real transcripts broke in `memlane import` (issue 21), each shown on a session of
the realistic corpus (tests/fixtures/real_sessions)."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path

import pytest

from tests.fixtures import import_into, real_session


@pytest.fixture
def db(tmp_path, monkeypatch):
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / "memlane"))
    return str(tmp_path / "memory.db")


def run_hooks_into(db: str, events: list[dict], monkeypatch) -> None:
    """The real hook, in this process, for each event (no background retention)."""
    from hooks import background
    from hooks import main as hook_main

    monkeypatch.setenv("MEMLANE_DB", db)
    monkeypatch.setattr(background, "maybe_start", lambda *a, **k: False)
    for event in events:
        run = hook_main.run_hook(io.BytesIO(json.dumps(event).encode()))
        if run.conn is not None:
            run.conn.close()
        assert run.message is None, run.message


def rows(db: str, sql: str, *params) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def test_a_result_written_before_its_call_is_paired_with_it(db):
    session = real_session("result-before-call")
    report = import_into(db, session.transcripts)
    kept = rows(db, "SELECT type, file_path FROM memory WHERE type != 'prompt' ORDER BY id")
    assert kept == [("file_edit", "/home/dev/ledger/src/totals.py"),
                    ("file_write", "/home/dev/ledger/tests/test_totals.py"),
                    ("command", None)]  # fmt: skip
    assert report["unpaired"] == 0


def test_results_and_calls_that_never_meet_are_counted_and_said(tmp_path, capsys, monkeypatch):
    from store.database import connection as store_db
    from tui.commands import importer

    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / "memlane"))
    monkeypatch.setenv("COLUMNS", "200")
    store_db.connect(str(tmp_path / "m.db")).close()  # import refuses a --db that does not exist
    lines = real_session("result-before-call").transcripts[0].read_text().splitlines()
    cut = tmp_path / "cut.jsonl"  # the file ends between a result and its (later) call
    cut.write_text("\n".join(lines[:4]) + "\n")
    assert importer.main([str(cut), "--db", str(tmp_path / "m.db"), "--no-progress"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "Unpaired" in line)
    assert " 1 " in row and "not imported" in row


def test_custom_commands_and_skills_typed_with_arguments_are_prompts(db):
    session = real_session("slash-commands")
    import_into(db, session.transcripts)
    prompts = [r[0] for r in rows(db, "SELECT content FROM memory WHERE type = 'prompt' ORDER BY id")]
    assert prompts == [
        "/apply-grant help me apply for the NLnet open-source grant with our sync engine",
        "/superpowers:requesting-code-review check the draft against the call's criteria",
        "/init",
    ]  # Claude Code's own /model opus and /clear are not prompts (no hook saw them)
    (summary,) = rows(db, "SELECT summary FROM session")
    assert "/apply-grant help me apply for the NLnet" in summary[0]


@pytest.mark.parametrize("name", ["failures-v1", "failures-v2"])
def test_calls_refused_before_they_ran_are_not_errors_in_any_version(db, name):
    # 1.0.x wrote "File has not been read yet ..." bare, 2.x inside <tool_use_error>:
    # either way the call never ran, no hook saw it, and it is no error group.
    import_into(db, real_session(name).transcripts)
    errors = [r[0] for r in rows(db, "SELECT content FROM memory WHERE type = 'error'")]
    groups = [r[0] for r in rows(db, "SELECT signature FROM error_group")]
    assert len(errors) == {"failures-v1": 1, "failures-v2": 2}[name]
    for text in errors + groups:
        assert "has not been read yet" not in text and "String to replace" not in text
    assert any("Error: name 'format_datetime' is not defined" in g or "ImportError" in g for g in groups)


def test_ide_notes_are_not_the_prompt_in_the_hook_nor_the_import(db, tmp_path, monkeypatch):
    session = real_session("vscode-ide")
    run_hooks_into(str(tmp_path / "hooks.db"), session.hook_events, monkeypatch)
    import_into(db, session.transcripts)
    typed = ["why does the cart total round 0.1 + 0.2 wrong?", "add a test for this line"]
    for where in (db, str(tmp_path / "hooks.db")):
        prompts = [r[0] for r in rows(where, "SELECT content FROM memory WHERE type = 'prompt' ORDER BY id")]
        assert prompts == typed, where
        (summary,) = rows(where, "SELECT summary FROM session")
        assert "ide_" not in summary[0] and "The user opened" not in summary[0]


def test_terminal_colour_and_cursor_codes_are_not_stored(db, tmp_path, monkeypatch):
    session = real_session("ansi-output")
    run_hooks_into(str(tmp_path / "hooks.db"), session.hook_events, monkeypatch)
    import_into(db, session.transcripts)
    for where in (db, str(tmp_path / "hooks.db")):
        stored = rows(where, "SELECT content FROM memory") + rows(where, "SELECT signature, sample FROM error_group")
        text = json.dumps(stored, ensure_ascii=False)
        assert "\\u001b" not in text and "[39m" not in text and "[2K" not in text, where
        assert "✓ src/sum.test.ts (3 tests)" in text
        (signature,) = rows(where, "SELECT signature FROM error_group")
        assert signature == ("Bash: Error: Cannot find module 'eslint-plugin-vue'",)


def test_failures_that_say_nothing_in_common_do_not_share_an_error_group(db):
    import_into(db, [p for name in ("silent-failures-api", "silent-failures-web")
                     for p in real_session(name).transcripts])  # fmt: skip
    errors = rows(db, "SELECT count(*) FROM memory WHERE type = 'error'")[0][0]
    groups = [r[0] for r in rows(db, "SELECT signature FROM error_group ORDER BY id")]
    assert errors == 7 and len(groups) == 7, groups  # seven different failures, seven groups
    for signature in groups:
        named = signature.removeprefix("Bash: ")
        assert named not in ("<empty>", "Error", "<path>", "v<n>.<n>.<n>", "--gradle--"), signature
    assert any("grep" in g for g in groups) and any("ls dist" in g for g in groups)
    assert any(g.startswith("Bash: This project is configured to use yarn") for g in groups)


def test_an_error_group_is_named_after_the_line_that_says_what_went_wrong(db):
    import_into(db, real_session("failures-v2").transcripts)
    groups = sorted(r[0] for r in rows(db, "SELECT signature FROM error_group"))
    assert groups == [
        "Bash: ImportError: cannot import name 'format_datetime' from 'email.utils'",
        "Bash: error[E<n>]: mismatched types",
    ]


def test_identical_edits_at_different_places_are_four_memories_and_repeats_are_none(db, tmp_path,
                                                                                   monkeypatch):
    session = real_session("identical-edits")
    hooks_db = str(tmp_path / "hooks.db")
    run_hooks_into(hooks_db, session.hook_events, monkeypatch)
    import_into(db, session.transcripts)
    for where in (db, hooks_db):
        assert rows(where, "SELECT count(*) FROM memory WHERE type = 'file_edit'") == [(4,)], where
    assert import_into(db, session.transcripts)["memories"] == 0  # the same events again
    import_into(hooks_db, session.transcripts)  # the calls the hooks stored already
    assert rows(hooks_db, "SELECT count(*) FROM memory WHERE type = 'file_edit'") == [(4,)]


def test_an_imported_archive_survives_the_next_session_start(tmp_path, monkeypatch):
    # A 1.0.x session from July 2025, far past retention_days (90) by its own times.
    import os
    import subprocess
    import sys
    import time

    from store.database import connection as store_db
    from store.writing import writer

    home = tmp_path / "memlane"
    path = str(home / "memory.db")
    monkeypatch.setenv("MEMLANE_HOME", str(home))
    report = import_into(path, real_session("failures-v1").transcripts)
    imported = rows(path, "SELECT id, created_at FROM memory ORDER BY id")
    assert report["older_than_retention"] == len(imported) > 0
    assert all(created < "2025-08" for _, created in imported)  # their transcript times stay
    # Something memlane did receive 200 days ago: the run that removes it is the run we wait for.
    conn = store_db.connect(path)
    long_ago = time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime(time.time() - 200 * 86400))
    stale = writer.add_memory(conn, {"session_id": "stale", "type": "command", "content": "$ make old",
                                     "created_at": long_ago, "received_at": long_ago, "cwd": "/home/dev/blog"})
    conn.close()
    start = {"session_id": "9d0c6f0e-1c1d-4a43-9a8e-0d8c4f1b2a77", "cwd": "/home/dev/blog",
             "hook_event_name": "SessionStart", "source": "startup",
             "transcript_path": "/home/dev/.claude/projects/-home-dev-blog/9d0c6f0e.jsonl"}
    env = dict(os.environ, MEMLANE_HOME=str(home), MEMLANE_DB=path,
               PYTHONPATH=str(Path(__file__).resolve().parents[3]))  # fmt: skip
    hook = subprocess.run([sys.executable, "-m", "hooks.main"], input=json.dumps(start).encode(),
                          capture_output=True, env=env, timeout=120)  # fmt: skip
    assert hook.returncode == 0 and hook.stderr == b"", hook.stderr
    deadline = time.monotonic() + 120  # the background retention run, on a busy machine
    while rows(path, "SELECT count(*) FROM memory WHERE id = ?", stale) != [(0,)]:
        assert time.monotonic() < deadline, "retention did not run after SessionStart"
        time.sleep(0.2)
    assert rows(path, "SELECT id, created_at FROM memory ORDER BY id") == imported
    assert rows(path, "SELECT count(*) FROM session WHERE session_id = ?", real_session("failures-v1").session_id) == [(1,)]


@pytest.mark.parametrize("dry_run", [False, True])
def test_import_says_what_is_older_than_retention_and_how_long_it_is_kept(tmp_path, capsys, monkeypatch,
                                                                          dry_run):
    from store.database import connection as store_db
    from tui.commands import importer

    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path / "memlane"))
    monkeypatch.setenv("COLUMNS", "250")
    store_db.connect(str(tmp_path / "m.db")).close()  # import refuses a --db that does not exist
    args = [str(p) for p in real_session("failures-v1").transcripts]
    args += ["--db", str(tmp_path / "m.db"), "--no-progress"] + (["--dry-run"] if dry_run else [])
    assert importer.main(args) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "Older" in line)
    assert " 3 " in row and "more than 90 days ago" in row and "kept 90 days from today" in row
