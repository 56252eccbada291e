"""Shapes of real sessions the earlier rounds did not hold (issue 35): writes through an
MCP filesystem server, a project folder whose name ends in a space, and what Claude Code
2.1.150 and later write into transcripts (tests/fixtures/real_sessions)."""

from __future__ import annotations

import io
import json
import sqlite3

import pytest

from tests.fixtures import import_into, real_session


def run_hooks(events) -> None:
    from hooks import main as hook_main

    for event in events:
        run = hook_main.run_hook(io.BytesIO(json.dumps(event).encode()))
        if run.conn is not None:
            run.conn.close()
        assert run.message is None, run.message


def query(db, sql, *params) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


CWD = "/Users/jo/code/ai test web site "


@pytest.mark.parametrize("way", ["hook", "import"])
def test_mcp_filesystem_writes_are_stored_with_their_file(homes, way):
    session = real_session("mcp-filesystem")
    if way == "hook":
        run_hooks(session.hook_events)
        db = str(homes / "memlane" / "hooks.db")
    else:
        import_into(db := str(homes / "imported.db"), session.transcripts)
    files = query(db, "SELECT type, file_path, content FROM memory WHERE type LIKE 'file_%' ORDER BY id")
    assert [(t, p) for t, p, _ in files] == [("file_write", f"{CWD}/contact.html"),
                                            ("file_edit", f"{CWD}/index.html")]  # fmt: skip
    assert files[0][2].startswith("Write contact.html (MCP filesystem/write_file, 3 lines)")
    assert files[1][2].startswith("Edit index.html (+1 -0) (MCP filesystem/edit_file)")
    assert '+<a href="/contact.html">Contact</a>' in files[1][2]
    (summary,) = query(db, "SELECT summary FROM session")
    assert "Edited 2 files: contact.html, index.html" in summary[0]
    listing = query(db, "SELECT type FROM memory WHERE tool_name = 'mcp__filesystem__list_directory'")
    assert listing == [("mcp",)]


def test_a_project_name_keeps_no_trailing_space(homes):
    import_into(db := str(homes / "imported.db"), real_session("mcp-filesystem").transcripts)
    assert query(db, "SELECT project, project_name FROM session") == [(CWD, "ai test web site")]


# --------------------------------------------------------------- 2.1.2xx transcripts


def workflow_import(homes):
    from hooks.transcripts import TranscriptReader, find_transcripts, import_files
    from store.config import defaults
    from store.database import connection as store_db

    session = real_session("workflow")
    files, missing = find_transcripts([session.transcripts[0].parent])
    conn = store_db.connect(str(homes / "imported.db"))
    reader = TranscriptReader(defaults())
    try:
        report = import_files(conn, files, reader, defaults(), worker=False)
    finally:
        conn.close()
    return session, files, missing, reader, report


def test_a_workflows_subagents_join_their_session_and_its_journal_is_not_read(homes):
    session, files, missing, reader, report = workflow_import(homes)
    assert missing == [] and not any(f.endswith("journal.jsonl") for f in files)
    assert any("/subagents/workflows/wf_" in f for f in files)
    assert reader.stats["malformed"] == 0, reader.stats["malformed_by"]
    db = str(homes / "imported.db")
    assert query(db, "SELECT DISTINCT session_id FROM memory") == [(session.session_id,)]
    commands = [c for (c,) in query(db, "SELECT content FROM memory WHERE type = 'command' ORDER BY id")]
    assert commands[0].startswith("$ npm test -- api")  # the workflow's subagent's call
    assert report["unpaired"] == 0


def test_a_workflow_call_is_stored_as_what_it_did(homes):
    workflow_import(homes)
    ((content,),) = query(str(homes / "imported.db"), "SELECT content FROM memory WHERE tool_name = 'Workflow'")
    assert content.splitlines()[:3] == ["Workflow: Bug hunt: find then verify", "Phases: Discover; Verify",
                                        "2 subagent calls in its script"]  # fmt: skip
    assert "Result: 2 bugs confirmed" in content and "FINDERS" not in content


def test_attachment_lines_that_are_not_objects_are_skipped_not_malformed(homes):
    _session, _files, _missing, reader, _report = workflow_import(homes)
    assert reader.stats["skipped_by"]["attachment"] == 6
    assert reader.stats["malformed"] == 0


def test_a_tool_input_written_as_its_json_text_is_read_as_the_input(homes):
    workflow_import(homes)
    rows = query(str(homes / "imported.db"), "SELECT content FROM memory WHERE content LIKE '$ npm run build%'")
    assert rows == [("$ npm run build\nbuilt in 3.1s",)]


@pytest.mark.parametrize("tool_input", [
    {"command": ["npm", "test"]}, {"command": None}, {"file_path": 12, "content": {"a": 1}},
    ["ls", "-la"], "ls -la", 42, None, {"edits": "not a list", "file_path": "/a/b.py"},
    {"pattern": {"regex": "x"}, "path": ["/a"]},
])  # fmt: skip
@pytest.mark.parametrize("tool", ["Bash", "Edit", "Write", "Grep", "Workflow", "Agent", "mcp__x__y",
                                  "mcp__filesystem__edit_file"])
def test_tool_inputs_that_are_not_strings_never_break_capture(tool, tool_input):
    from hooks.capture import capture_observations

    for name, extra in (("PostToolUse", {"tool_response": {"stdout": "ok"}}),
                        ("PostToolUseFailure", {"error": "Exit code 1\nboom"})):  # fmt: skip
        event = {"session_id": "s", "hook_event_name": name, "tool_name": tool, "tool_input": tool_input,
                 "cwd": "/a", **extra}  # fmt: skip
        for obs in capture_observations(event, {"capture_grep": True}):
            assert isinstance(obs["content"], str) and obs["content"].strip()


def test_the_project_comes_from_the_sessions_folder_not_its_transcripts_folder_name(homes):
    """With CLAUDE_CODE_PROJECT_DIR_NAME (2.1.234+) the transcripts' folder is an alias."""
    session, *_ = workflow_import(homes)
    assert session.transcripts[0].parent.name == "jp-c123-otvo8"
    assert query(str(homes / "imported.db"), "SELECT project, project_name FROM session") == [
        ("/workspace", "workspace")
    ]


def test_claude_code_set_not_to_keep_sessions_is_said(homes, capsys, monkeypatch):
    from tui.commands import importer

    monkeypatch.delenv("MEMLANE_DB")  # the default database, which import makes
    claude = homes / "claude"
    claude.mkdir()
    (claude / "settings.json").write_text(json.dumps({"cleanupPeriodDays": 0}))
    assert importer.main(["--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "cleanupPeriodDays is 0" in out and "nothing to import" in out
    (claude / "projects").mkdir()
    assert importer.main(["--no-progress"]) == 0
    assert "cleanupPeriodDays is 0" in capsys.readouterr().out
