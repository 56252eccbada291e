"""`memlane import` (tui.commands.importer.main) end to end on files: store, dedupe, sessions, report."""
from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path

import pytest

from hooks.transcripts import TranscriptReader, find_transcripts, import_files
from store.config import defaults
from store.database import connection as db
from tests.hooks.transcripts import PAYLOADS, SAMPLE, Transcript, load_payload, sample_times
from tui.commands import importer

SAMPLE_SESSION = "064029b2-9298-429a-987c-019be7412488"


@pytest.fixture(autouse=True)
def isolated(monkeypatch, tmp_path):
    home = tmp_path / "memlane"
    monkeypatch.setenv("MEMLANE_HOME", str(home))  # the default database: import makes it
    monkeypatch.delenv("MEMLANE_DB", raising=False)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    monkeypatch.setenv("COLUMNS", "160")
    return home


def db_file(tmp_path) -> str:
    return str(tmp_path / "memlane" / "memory.db")


def run(capsys, *args) -> tuple[int, str]:
    code = importer.main([*map(str, args), "--no-progress"])
    return code, capsys.readouterr().out


def rows(path, sql, *params):
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def memories(path):
    return rows(path, "SELECT type, tool_use_id, content, source, created_at FROM memory ORDER BY id")


def table_row(out: str, label: str) -> str:
    return next(line for line in out.splitlines() if label in line)


# ---------------------------------------------------------------------- basics
def test_import_the_real_transcript(capsys, tmp_path):
    code, out = run(capsys, SAMPLE)
    assert code == 0
    path = db_file(tmp_path)
    mems = memories(path)
    assert [m[0] for m in mems] == ["prompt", "file_edit", "file_write", "command", "error",
                                    "command", "error", "observation", "command"]  # fmt: skip
    assert {m[3] for m in mems} == {"import"}
    (session,) = rows(path, "SELECT session_id, source, started_at, ended_at, memory_count, "
                            "error_count, summary, tools_used, project_name FROM session")  # fmt: skip
    sid, source, started, ended, count, errors, summary, tools, project = session
    assert (sid, source, count, errors, project) == (SAMPLE_SESSION, "import", 9, 2, "calc-app")
    assert (started, ended) == sample_times()  # its first message, its last line
    assert summary.startswith("Task: Fix the add function in calc.py and document it.")
    assert "Bash" in tools.split()
    groups = rows(path, "SELECT count(*), sum(count) FROM error_group")
    assert groups == [(2, 2)]
    assert "Sessions" in out and "Memories" in out and "Malformed" in out
    assert " 9 " in table_row(out, "Memories") and " 2 " in table_row(out, "Errors")


def test_importing_again_adds_nothing(capsys, tmp_path):
    run(capsys, SAMPLE)
    before = memories(db_file(tmp_path))
    summary = rows(db_file(tmp_path), "SELECT summary, ended_at FROM session")
    code, out = run(capsys, SAMPLE)
    assert code == 0
    assert memories(db_file(tmp_path)) == before
    assert rows(db_file(tmp_path), "SELECT summary, ended_at FROM session") == summary
    assert "9 already stored" in table_row(out, "Memories")
    assert " 0 " in table_row(out, "Memories")


def test_dry_run_writes_nothing_and_counts_what_an_import_adds(capsys, tmp_path):
    code, out = run(capsys, SAMPLE, "--dry-run")
    assert code == 0 and "Dry run: nothing was written." in out
    assert not Path(db_file(tmp_path)).exists()
    assert " 9 " in table_row(out, "Memories")
    run(capsys, SAMPLE)
    t = Transcript(session_id="more", cwd="/home/dev/calc-app")
    t.prompt("one more thing")
    more = t.write(tmp_path / "more.jsonl")
    before = memories(db_file(tmp_path))
    code, out = run(capsys, SAMPLE, more, "--dry-run")
    assert code == 0 and memories(db_file(tmp_path)) == before
    assert " 1 " in table_row(out, "Memories") and "9 already stored" in out
    assert "1 new" in table_row(out, "Sessions")
    assert rows(db_file(tmp_path), "SELECT count(*) FROM session") == [(1,)]


# ------------------------------------------------------------- with the hooks
def _hook(event: dict, at: str, monkeypatch) -> None:
    """Run the real hook (in process) for one event, its clock set to `at`."""
    from hooks import main as hook_main
    from store.writing import writer

    with monkeypatch.context() as patch:  # only the clock: the env stays isolated
        patch.setattr(writer, "utc_now", lambda: at)
        run = hook_main.run_hook(io.BytesIO(json.dumps(event).encode()))
    if run.conn is not None:
        run.conn.close()
    assert run.message is None, run.message


def _shifted(ts: str, ms: int = 250) -> str:
    from datetime import datetime, timedelta

    t = datetime.strptime(ts[:23], "%Y-%m-%dT%H:%M:%S.%f") + timedelta(milliseconds=ms)
    return t.strftime("%Y-%m-%dT%H:%M:%S.%f") + "Z"


def _line_times() -> dict:
    """tool_use_id (or 'prompt') -> the time of its transcript line."""
    times = {}
    for line in SAMPLE.read_text().splitlines():
        obj = json.loads(line)
        content = (obj.get("message") or {}).get("content")
        if obj.get("type") == "user" and isinstance(content, str):
            times["prompt"] = obj["timestamp"]
        elif obj.get("type") == "user" and isinstance(content, list):
            for block in content:
                if block.get("type") == "tool_result":
                    times[block["tool_use_id"]] = obj["timestamp"]
    return times


def test_a_session_the_hooks_captured_is_not_stored_twice(capsys, tmp_path, monkeypatch):
    times = _line_times()
    start = load_payload("session-start.json")
    first, last = sample_times()
    _hook(start, _shifted(first, -300), monkeypatch)
    for path in sorted(PAYLOADS.glob("*.json")):
        event = json.loads(path.read_text())
        if event["hook_event_name"] in ("UserPromptSubmit", "PostToolUse", "PostToolUseFailure"):
            key = "prompt" if event["hook_event_name"] == "UserPromptSubmit" else event["tool_use_id"]
            _hook(event, _shifted(times[key]), monkeypatch)  # the hook ran a moment later
    _hook(load_payload("session-end.json"), _shifted(last, 250), monkeypatch)
    path = db_file(tmp_path)
    hooked = memories(path)
    assert len(hooked) == 9 and {m[3] for m in hooked} == {"hook"}
    session_before = rows(path, "SELECT source, started_at, ended_at, end_reason FROM session")

    code, out = run(capsys, SAMPLE)
    assert code == 0
    assert memories(path) == hooked  # nothing added: same content within the dedupe window
    assert rows(path, "SELECT source, started_at, ended_at, end_reason FROM session") == session_before
    assert "9 already stored" in table_row(out, "Memories")


def test_a_tool_call_the_hook_stored_differently_is_not_stored_twice(capsys, tmp_path):
    """Subagent transcripts carry no toolUseResult: the import cannot rebuild the hook's
    exact text, so the tool call's id tells (session + tool_use_id, hook rows only)."""
    from store.writing import writer

    projects = tmp_path / "claude" / "projects"
    main = Transcript(session_id="parent")
    main.prompt("check")
    main.write_in(projects)
    sub = Transcript(session_id="parent", sidechain=True, agent_id="ag1")
    sub.prompt_id = main.prompt_id
    edit_id = sub.call("Edit", {"file_path": "/home/dev/app/a.py", "old_string": "x = 1",
                                "new_string": "x = 2"}, "The file has been updated.")  # fmt: skip
    sub.write_in(projects)
    conn = db.connect(db_file(tmp_path))
    writer.start_session(conn, "parent", "/home/dev/app", started_at="2026-03-01T10:00:00Z")
    writer.add_memory(conn, {
        "session_id": "parent", "tool_use_id": edit_id, "tool_name": "Edit", "type": "file_edit",
        "cwd": "/home/dev/app", "file_path": "/home/dev/app/a.py", "importance": 2,
        "content": "Edit a.py (+1 -1)\n-    x = 1\n+    x = 2", "source": "hook",
        "created_at": "2026-03-01T10:00:05Z"})  # fmt: skip
    conn.close()
    code, _out = run(capsys)
    assert code == 0
    mems = memories(db_file(tmp_path))
    assert [(m[0], m[3]) for m in mems] == [("file_edit", "hook"), ("prompt", "import")]
    assert rows(db_file(tmp_path), "SELECT source FROM session") == [("hook",)]


# ----------------------------------------------------------------- the options
def _two_projects(tmp_path) -> Path:
    projects = tmp_path / "claude" / "projects"
    a = Transcript(session_id="shop-old", cwd="/home/dev/shop-api", start="2026-01-05T09:00:00")
    a.prompt("old shop work")
    a.write_in(projects)
    b = Transcript(session_id="shop-new", cwd="/home/dev/shop-api", start="2026-02-05T09:00:00")
    b.prompt("new shop work")
    b.bash("make deploy", "deployed")
    b.write_in(projects)
    c = Transcript(session_id="blog", cwd="/home/dev/blog", start="2026-02-06T09:00:00")
    c.prompt("blog work")
    c.write_in(projects)
    return projects


def test_default_source_and_filters(capsys, tmp_path):
    _two_projects(tmp_path)
    code, _out = run(capsys, "--project", "shop-api", "--since", "2026-02-01")
    assert code == 0
    assert [m[2] for m in memories(db_file(tmp_path))] == ["new shop work", "$ make deploy\ndeployed"]
    assert rows(db_file(tmp_path), "SELECT session_id, source FROM session") == [("shop-new", "import")]
    code, out = run(capsys, "--project", "/home/dev/blog")
    assert code == 0 and " 1 new" in table_row(out, "Sessions")
    code, _out = run(capsys)
    assert code == 0
    assert sorted(r[0] for r in rows(db_file(tmp_path), "SELECT session_id FROM session")) == [
        "blog", "shop-new", "shop-old"]  # fmt: skip


def test_bad_since_is_a_usage_error(capsys, tmp_path):
    _two_projects(tmp_path)
    code, out = run(capsys, "--since", "last tuesday")
    assert code == 2 and "--since" in out


def test_relative_since():
    iso, epoch = importer.parse_since("7d", now=1_000_000.0)
    assert epoch == 1_000_000.0 - 7 * 86400 and iso.endswith("Z")


def test_a_missing_folder_is_one_line(capsys, tmp_path):
    code, out = run(capsys)  # CLAUDE_CONFIG_DIR points at a folder that does not exist
    assert code == 0
    assert out.strip().count("\n") == 0 and "nothing to import" in out
    code, out = run(capsys, tmp_path / "nowhere")
    assert code == 1
    assert out.strip() == f"memlane import: {tmp_path / 'nowhere'} does not exist; skipped."


def test_malformed_lines_are_reported_at_the_end(capsys, tmp_path):
    t = Transcript()
    t.prompt("good line")
    t.raw("{broken")
    t.bash("make build", "ok")
    path = t.write(tmp_path / "t.jsonl")
    with open(path, "a") as f:
        f.write('{"type": "user", "mess')
    code, out = run(capsys, path)
    assert code == 0
    assert " 2 " in table_row(out, "Malformed")
    assert "2 malformed lines skipped (2 not JSON); the rest of those files was imported." in out
    assert [m[2] for m in memories(db_file(tmp_path))] == ["good line", "$ make build\nok"]


def test_sessions_without_memories_still_get_their_row(capsys, tmp_path):
    t = Transcript(session_id="reads-only")
    t.prompt("<private>secret</private>")
    t.call("Read", {"file_path": "/home/dev/app/a.py"}, "1\tx = 1",
           result={"type": "text", "file": {"filePath": "/home/dev/app/a.py", "content": "x = 1\n",
                                            "numLines": 1, "startLine": 1, "totalLines": 1}})  # fmt: skip
    t.prompt("read more")
    t.call("Read", {"file_path": "/home/dev/app/b.py"}, "1\ty = 2",
           result={"type": "text", "file": {"filePath": "/home/dev/app/b.py", "content": "y = 2\n",
                                            "numLines": 1, "startLine": 1, "totalLines": 1}})  # fmt: skip
    code, _out = run(capsys, t.write(tmp_path / "r.jsonl"))
    assert code == 0
    assert rows(db_file(tmp_path), "SELECT session_id, source, memory_count FROM session") == [
        ("reads-only", "import", 1)]  # fmt: skip


def test_a_longer_import_of_a_session_moves_its_end(capsys, tmp_path):
    t = Transcript(session_id="grows")
    t.prompt("part one")
    path = t.write(tmp_path / "g.jsonl")
    run(capsys, path)
    first_end = rows(db_file(tmp_path), "SELECT ended_at FROM session")[0][0]
    t.prompt("part two")
    t.write(path)
    run(capsys, path)
    (ended, count), = rows(db_file(tmp_path), "SELECT ended_at, memory_count FROM session")
    assert ended > first_end and count == 2


def test_a_named_database_that_does_not_exist_is_refused_not_made(capsys, tmp_path, monkeypatch):
    from tui.commands.cli import main

    typo = tmp_path / "memroy.db"
    code, out = run(capsys, SAMPLE, "--db", typo)
    assert code == 1 and out.startswith(f"memlane import: no memlane database at {typo} yet")
    assert main(["--db", str(typo), "import", str(SAMPLE), "--no-progress"]) == 1
    monkeypatch.setenv("MEMLANE_DB", str(typo))
    assert main(["import", str(SAMPLE), "--no-progress"]) == 1
    assert not typo.exists() and not (tmp_path / "memlane" / "memory.db").exists()
    monkeypatch.delenv("MEMLANE_DB")
    assert main(["import", str(SAMPLE), "--no-progress"]) == 0  # the default one is made
    assert (tmp_path / "memlane" / "memory.db").exists()


def test_the_progress_bar_on_a_terminal(tmp_path):
    from rich.console import Console

    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True, width=120)
    db.connect(str(tmp_path / "p.db")).close()
    args = importer.build_parser().parse_args([str(SAMPLE), "--db", str(tmp_path / "p.db")])
    assert importer.run(args, console) == 0
    assert "Memories" in buf.getvalue()


def test_import_files_batches_and_progress(tmp_path):
    t = Transcript(session_id="many")
    t.prompt("lots of commands")
    for i in range(30):
        t.bash(f"make target-{i}", f"built {i}")
    path = t.write(tmp_path / "m.jsonl")
    conn = db.connect(tmp_path / "b.db")
    seen = []
    report = import_files(conn, [path], TranscriptReader(defaults()), batch_size=7,
                          progress=lambda r: seen.append(r["memories"]))  # fmt: skip
    conn.close()
    assert report["memories"] == 31 and report["sessions_new"] == 1
    assert seen == sorted(seen) and seen[-1] == 31 and len(seen) >= 5


def test_help_and_bad_arguments_return_codes(capsys):
    assert importer.main(["--help"]) == 0
    assert importer.main(["--no-such-flag"]) == 2
    capsys.readouterr()


def test_an_interrupted_import_is_finished_by_the_next(capsys, tmp_path):
    run(capsys, SAMPLE)
    path = db_file(tmp_path)
    done = rows(path, "SELECT started_at, ended_at, summary FROM session")
    conn = sqlite3.connect(path)
    conn.execute("UPDATE session SET ended_at = NULL, summary = ''")  # as if stopped before the end
    conn.commit()
    conn.close()
    code, _out = run(capsys, SAMPLE)
    assert code == 0
    assert rows(path, "SELECT started_at, ended_at, summary FROM session") == done


def test_reading_in_a_worker_process_gives_the_same_result(tmp_path):
    projects = _two_projects(tmp_path)
    sub = Transcript(session_id="shop-new", cwd="/home/dev/shop-api", sidechain=True,
                     agent_id="w1", start="2026-02-05T09:00:03")  # fmt: skip
    sub.bash("make lint", "clean")
    sub.write_in(projects)
    files, _ = find_transcripts([projects, SAMPLE])
    results = []
    for worker in (False, True):
        conn = db.connect(tmp_path / f"w{worker}.db")
        reader = TranscriptReader(defaults(), keep_cwd=importer.ProjectMatcher("/home/dev"))
        report = import_files(conn, files, reader, worker=worker)
        conn.close()
        mems = rows(str(tmp_path / f"w{worker}.db"),
                    "SELECT session_id, type, tool_use_id, content, created_at FROM memory ORDER BY id")  # fmt: skip
        results.append((report, reader.stats, reader.sessions, reader.unpaired_calls(), mems))
    assert results[0] == results[1]
    assert results[1][0]["memories"] == 5 + 9 and results[1][1]["files"] == 5


def test_a_reader_that_cannot_go_to_a_worker_is_read_here(tmp_path):
    t = Transcript(session_id="lam")
    t.prompt("hello")
    path = t.write(tmp_path / "l.jsonl")
    conn = db.connect(tmp_path / "l.db")
    reader = TranscriptReader(defaults(), keep_cwd=lambda cwd: True)  # a lambda: not picklable
    report = import_files(conn, [path], reader, worker=True)
    conn.close()
    assert report["memories"] == 1 and reader.stats["files"] == 1


def test_add_memories_in_multi_row_inserts_keeps_the_dedupe_and_the_ids(tmp_path):
    """store.writing.writer.add_memories writes its rows in multi-row INSERTs (for the full-text
    index's sake); a duplicate inside one batch must still be caught, ids still match."""
    from store.writing import writer

    conn = db.connect(tmp_path / "w.db")
    base = {"session_id": "s", "type": "command", "content": "$ make", "created_at": "2026-01-01T00:00:00Z"}
    ids = writer.add_memories(conn, [
        base, dict(base, created_at="2026-01-01T00:00:30Z"),  # same, 30 s later: a duplicate
        dict(base, created_at="2026-01-01T00:02:00Z"), dict(base, content="other"), base,
    ])  # fmt: skip
    assert ids == [1, None, 2, 3, None]
    many = writer.add_memories(conn, [dict(base, content=f"c{i}") for i in range(450)])
    assert many == list(range(4, 454))
    got = conn.execute("SELECT id, content FROM memory WHERE id IN (1, 3, 453)").fetchall()
    assert got == [(1, "$ make"), (3, "other"), (453, "c449")]
    assert conn.execute("SELECT memory_count FROM session").fetchone() == (453,)
    hits = conn.execute("SELECT rowid FROM memory_words WHERE memory_words MATCH 'c449'").fetchall()
    assert hits == [(453,)]
    conn.close()
