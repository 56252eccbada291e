"""`M` in Recall: Claude Code's own memory files of the project (what loads at every start,
its tokens, when it changed), opened in the editor, audited for secrets and redacted only
after a yes; and a session's start in the ledger as one budget.  Snapshots at 80x24 and 200x50."""

from __future__ import annotations

import os

import pytest

from store.claude_memory.files import folder_name
from store.database import connection as db
from store.reading import ledger
from store.writing import writer
from tests.secret_shapes import gen
from tests.tui.conftest import NOW, build_db, fixed_clock, pilot_test, screen_text, settle, until
from tui.gui.app import AppOptions, build_app
from tui.gui.screens.claude_memory import ClaudeMemoryScreen

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((200, 50), id="200x50")]
KEY = "sk-ant-api03-" + gen("claude-memory-screen", 80)


def _touch(path, minutes: float) -> None:
    moment = NOW.timestamp() - minutes * 60
    os.utime(path, (moment, moment))


def make_project(home) -> tuple[str, object]:
    project = home / "work" / "shop-api"
    (project / ".git").mkdir(parents=True)
    (project / ".claude").mkdir()
    (home / ".claude").mkdir(exist_ok=True)
    files = {
        home / ".claude" / "CLAUDE.md": "Answer briefly. Prefer small commits.\n" * 12,
        project / "CLAUDE.md": "# shop-api\nRun `make test` before every commit.\nAPI notes: @docs/api.md\n",
        project / "docs" / "api.md": "The API speaks JSON only; money is integer cents.\n",
        project / "CLAUDE.local.md": "My sandbox is sandbox-3.\n",
    }
    memory = home / ".claude" / "projects" / folder_name(str(project)) / "memory"
    files[memory / "MEMORY.md"] = ("# Memory index\n- [Deploys](deploys.md): staging first, then prod\n"
                                   "- [Tokens](tokens.md): refresh tokens last 14 days\n")  # fmt: skip
    files[memory / "deploys.md"] = f"Deploy: staging first.\nexport ANTHROPIC_API_KEY={KEY}\n"
    files[memory / "tokens.md"] = "Refresh tokens last 14 days since the November fix.\n"
    for n, (path, text) in enumerate(files.items()):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        _touch(path, 60 * 24 * (n + 1))
    return str(project), memory


@pytest.fixture
def memory_db(home, utc):
    path = build_db(home / "memory.db")
    project, memory = make_project(home)
    from hooks.recall import start_context
    from store.claude_memory import loaded_files

    conn = db.connect(path)
    try:
        writer.start_session(conn, "s-mem-0005", project, started_at="2025-05-02T14:00:00.000000Z")
        block = "<memory-context project=\"shop-api\">\n" + "- [x] a line of the digest\n" * 50 + "</memory-context>"
        ledger.record(conn, session_id="s-mem-0005", prompt_id=None, event="start", project=project,
                      reason="start", memory_ids=[], chars=len(block), at="2025-05-02T14:00:00.000000Z",
                      context=start_context(loaded_files(project, topics=False), block, []))  # fmt: skip
    finally:
        conn.close()
    return path, project, memory


def app_for(path: str):
    return build_app(path, clock=fixed_clock, options=AppOptions.for_tests())


async def open_screen(pilot):
    await settle(pilot)
    await pilot.press("7")
    pane = pilot.app.query_one("RecallPane")
    await until(lambda: pane.ledger.row_count > 0)
    await settle(pilot)
    await pilot.press("M")
    await until(lambda: isinstance(pilot.app.screen, ClaudeMemoryScreen) and pilot.app.screen.files)
    await settle(pilot)
    return pilot.app.screen


@pilot_test
async def test_the_recall_pane_says_what_a_session_started_with_as_one_budget(memory_db):
    path, _project, _memory = memory_db
    app = app_for(path)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        await pilot.press("7")
        pane = app.query_one("RecallPane")
        await until(lambda: pane.ledger.row_count > 0)
        await settle(pilot)
        text = screen_text(app)
        # CLAUDE.md: yours 456 B, the project's 72 B, api.md 51 B, CLAUDE.local.md 25 B ->
        # 114 + 18 + 13 + 7 tokens; MEMORY.md 114 B -> 29; memlane's block 1,402 B -> 351
        assert "(session start) 532 tokens of memory: CLAUDE.md 152, auto memory 29, memlane 351" in text
        assert "sent the session digest" in text


@pilot_test
async def test_M_shows_the_files_claude_code_loads_with_tokens_and_when_they_changed(memory_db):
    path, project, _memory = memory_db
    app = app_for(path)
    async with app.run_test(size=(200, 50)) as pilot:
        screen = await open_screen(pilot)
        assert screen.project == project
        text = screen_text(app)
        assert "181 tokens of memory: CLAUDE.md 152, auto memory 29 loaded at every start, from 5 files" in text
        for shown in ("~/.claude/CLAUDE.md", "docs/api.md", "CLAUDE.local.md", "~/.claude/projects/…/memory/MEMORY.md",
                      "~/.claude/projects/…/memory/deploys.md", "read when Claude needs it"):  # fmt: skip
            assert shown in text, shown
        (_memory / "MEMORY.md").write_text("# Memory index\n" + "- a much longer index line of notes\n" * 30)
        await pilot.press("r")  # read again: never a stale copy
        await until(lambda: screen.budget.get("auto memory", 0) > 29)
        await pilot.press("escape")
        await until(lambda: not isinstance(app.screen, ClaudeMemoryScreen))


def test_its_keys_are_checked_safely_when_its_table_is_gone(memory_db):
    # Textual checks a screen's bindings again while escape dismisses it; its table was already
    # removed then, and `o`'s check read it: the app crashed on a busy machine.
    path, project, _memory = memory_db
    screen = ClaudeMemoryScreen(None, [(project, "demo")])
    assert screen.check_action("open_file", ()) is False


@pilot_test
async def test_o_opens_the_highlighted_file_in_the_editor(memory_db, monkeypatch):
    path, project, _memory = memory_db
    opened = []
    monkeypatch.setattr("tui.gui.memory_actions._run_suspended", lambda app: opened.append)
    monkeypatch.setenv("EDITOR", "nano")
    app = app_for(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_screen(pilot)
        await pilot.press("j", "o")
        await until(lambda: opened)
        assert opened[0][0] == "nano" and opened[0][-1] == os.path.join(project, "CLAUDE.md")


@pilot_test
async def test_S_finds_a_planted_credential_and_R_redacts_it_only_after_yes(memory_db):
    path, _project, memory = memory_db
    app = app_for(path)
    async with app.run_test(size=(200, 50)) as pilot:
        screen = await open_screen(pilot)
        assert not screen.check_action("redact_findings", ())
        await pilot.press("S")
        await until(lambda: screen.reports is not None)
        await settle(pilot)
        assert [r["path"] for r in screen.reports] == [str(memory / "deploys.md")]
        assert "Secrets audit: 1 secret in 1 file" in screen_text(app) and KEY not in screen_text(app)
        await pilot.press("R")
        await settle(pilot)
        await pilot.press("n")  # no: nothing changes
        await settle(pilot)
        assert KEY in (memory / "deploys.md").read_text()
        await pilot.press("R")
        await settle(pilot)
        await pilot.press("y")
        await until(lambda: KEY not in (memory / "deploys.md").read_text())
        assert "[REDACTED:" in (memory / "deploys.md").read_text()
        await until(lambda: screen.reports == [])


@pilot_test
async def test_S_and_R_use_the_persons_own_patterns(memory_db, home):
    # the same patterns as the hook, the import and the other audit: a shape only the person's
    # secret_patterns name is found and redacted; one their not_secret_patterns name is kept
    path, project, memory = memory_db
    config = home / ".claude" / "memlane" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text('secret_patterns = ["sandbox-[0-9]"]\nnot_secret_patterns = ["sk-ant-api03-[A-Za-z0-9_-]{80}"]\n')
    app = app_for(path)
    async with app.run_test(size=(200, 50)) as pilot:
        screen = await open_screen(pilot)
        await pilot.press("S")
        await until(lambda: screen.reports is not None)
        assert [r["path"] for r in screen.reports] == [os.path.join(project, "CLAUDE.local.md")]
        await pilot.press("R")
        await settle(pilot)
        await pilot.press("y")
        await until(lambda: "sandbox-3" not in (home / "work" / "shop-api" / "CLAUDE.local.md").read_text())
        await until(lambda: screen.reports == [])
        assert KEY in (memory / "deploys.md").read_text()


@pytest.mark.parametrize("size", SIZES)
def test_claude_memory_screen(snap_compare, memory_db, size):
    path, _project, _memory = memory_db

    async def run_before(pilot):
        await open_screen(pilot)
        await pilot.press("S")
        await until(lambda: pilot.app.screen.reports is not None)
        await settle(pilot)

    assert snap_compare(app_for(path), terminal_size=size, run_before=run_before)


@pilot_test
async def test_M_on_sessions_opens_claude_codes_memory_of_the_selected_sessions_project(memory_db):
    path, project, _memory = memory_db
    app = app_for(path)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        sessions = app.query_one("#sessions-table")
        await until(lambda: sessions.row_count > 0)
        while sessions.cursor_key != "s-mem-0005":  # the second newest: shop-api's
            await pilot.press("j")
        await pilot.press("M")
        await until(lambda: isinstance(app.screen, ClaudeMemoryScreen) and app.screen.files)
        await settle(pilot)
        assert app.screen.project == project
        assert "181 tokens of memory: CLAUDE.md 152, auto memory 29 loaded at every start" in screen_text(app)
        await pilot.press("p")  # the next project memlane knows, as from Recall
        await until(lambda: app.screen.project != project)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_M_from_sessions(snap_compare, memory_db, size):
    path, _project, _memory = memory_db

    async def run_before(pilot):
        await settle(pilot)
        sessions = pilot.app.query_one("#sessions-table")
        await until(lambda: sessions.row_count > 0)
        while sessions.cursor_key != "s-mem-0005":
            await pilot.press("j")
        await pilot.press("M")
        await until(lambda: isinstance(pilot.app.screen, ClaudeMemoryScreen) and pilot.app.screen.files)
        await settle(pilot)

    assert snap_compare(app_for(path), terminal_size=size, run_before=run_before)
