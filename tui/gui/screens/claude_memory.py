"""Claude Code's own memory, per project (`M` in Recall and Sessions): the CLAUDE.md files, rules, imports
and auto memory Claude Code loads at every session start, each with its size in tokens and
when it last changed, and the topic files it reads on demand (store/claude_memory).

Read fresh from disk each time the screen loads or `r` is pressed: memlane keeps no copy.
`o` opens the highlighted file in `$VISUAL` / `$EDITOR`; `p` goes to the next project;
`S` runs the secrets audit over every file listed, and `R` redacts what it found, in the
files themselves, after a yes (a backup of each file is kept; modes and links stay).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from tui.formatting import budget_line, local_time, one_line, plural, tokens_label
from tui.gui.shared_keys import shared_keys
from tui.gui.store_client import StoreClient
from tui.gui.widgets.app_footer import AppFooter
from tui.gui.widgets.vim_table import VimDataTable
from tui.gui.worker_failures import WorkerFailures
from tui.rich_text import cell

PREVIEW_LINES = 6


def shown_path(path: str, project: str) -> str:
    """A memory file's path as the screen shows it: in the project relative to it, under
    HOME as `~/...`, the auto memory's long folder name as `…`."""
    root = project.rstrip(os.sep) + os.sep
    if path.startswith(root):
        return path[len(root) :]
    parts = path.split(os.sep)
    if len(parts) > 3 and parts[-2] == "memory" and parts[-4] == "projects":
        path = os.sep.join([*parts[:-3], "…", *parts[-2:]])
    home = os.path.expanduser("~").rstrip(os.sep) + os.sep
    if path.startswith(home):
        return "~/" + path[len(home) :]
    return path


def open_claude_memory(owner, project: str | None) -> None:
    """`M`: this screen at `project` (the selected row's), `p` then going through every project
    memlane knows.  The projects are read in a thread worker of `owner` (a pane)."""
    app = owner.app

    def read() -> None:
        rows = [(p["project"], p.get("project_name") or "") for p in owner.store.projects() if p.get("project")]
        if project and project not in {key for key, _name in rows}:
            rows.insert(0, (project, os.path.basename(project.rstrip(os.sep))))
        index = next((i for i, (key, _name) in enumerate(rows) if key == project), 0)
        app.call_from_thread(app.push_screen, ClaudeMemoryScreen(owner.store, rows, index))

    owner.run_worker(read, thread=True, group="claude-memory-projects", exit_on_error=False)


@dataclass
class FilesLoaded(Message):
    project: str
    files: list
    budget: dict


@dataclass
class AuditDone(Message):
    reports: list


@dataclass
class RedactDone(Message):
    results: list
    problems: list


class ClaudeMemoryScreen(WorkerFailures, Screen[None]):
    """The memory files Claude Code loads for one project, and their secrets audit."""

    HELP_SECTION = "Claude Code's memory"
    BINDINGS = [
        Binding("escape", "back", "Back", id="claude_memory.back"),
        *shared_keys("claude_memory", "open_file"),
        Binding("p", "project", "Next project", id="claude_memory.project"),
        Binding("S", "audit", "Secrets", id="claude_memory.audit"),
        Binding("R", "redact_findings", "Redact", id="claude_memory.redact"),
        Binding("r", "reload", "Read again", show=False, id="claude_memory.reload"),
    ]

    def __init__(self, store: StoreClient, projects: list[tuple[str, str]], index: int = 0) -> None:
        super().__init__(classes="claude-memory")
        self.store = store
        self.projects = projects or [(os.getcwd(), os.path.basename(os.getcwd()))]
        self.index = max(0, min(index, len(self.projects) - 1))
        self.files: list[dict] = []
        self.budget: dict = {}
        self.reports: list[dict] | None = None

    @property
    def project(self) -> str:
        return self.projects[self.index][0]

    def compose(self) -> ComposeResult:
        with Vertical(id="claude-memory-body"):
            yield Static("Reading…", id="claude-memory-header", markup=False)
            table = VimDataTable(id="claude-memory-files")
            table.add_column("", key="loads", width=2)
            table.add_column("What", key="kind", width=21)
            table.add_flex_column("File", key="path", min_width=16)
            table.add_column("Tokens", key="tokens", width=7)
            table.add_column("Changed", key="changed", width=12)
            table.add_column("Secrets", key="secrets", width=8)
            yield table
            yield Static("", id="claude-memory-preview", markup=False)
        yield AppFooter()

    def on_mount(self) -> None:
        self.query_one(VimDataTable).focus()
        self._load(self.project)

    @work(thread=True, exclusive=True, group="claude-memory", exit_on_error=False)
    def _load(self, project: str) -> None:
        from store.claude_memory import budget, loaded_files

        files = loaded_files(project)
        self.post_message(FilesLoaded(project, files, budget(files)))

    @on(FilesLoaded)
    def _loaded(self, message: FilesLoaded) -> None:
        if message.project != self.project:
            return
        self.files, self.budget = message.files, message.budget
        self._fill()

    def _fill(self) -> None:
        table = self.query_one(VimDataTable)
        keep = table.cursor_key
        findings = {r["path"]: len(r["findings"]) for r in self.reports or []}
        tz, now = getattr(self.app, "tz", None), self._now()
        with self.app.batch_update():
            table.clear()
            for n, entry in enumerate(self.files):
                from store.claude_memory import KINDS

                mark = Text("●", style="green") if entry["loaded"] else Text("○", style="dim")
                path = Text(shown_path(entry["path"], self.project), no_wrap=True, overflow="ellipsis")
                if entry.get("note"):
                    path.append(f"  {entry['note']}", style="dim")
                changed = local_time(_moment(entry["mtime"]), tz, now=now) if entry["mtime"] else ""
                secrets = ""
                if self.reports is not None:
                    secrets = Text(str(findings[entry["path"]]), style="bold red") if entry["path"] in findings else Text("none", style="dim")
                table.add_row(mark, cell(KINDS[entry["kind"]][1]), path,
                              Text(tokens_label(entry["tokens"]) if entry["loaded"] else "-", justify="right"),
                              cell(changed), secrets, key=str(n))  # fmt: skip
            if not self.files:
                table.add_row(Text(""), cell("nothing", style="dim"),
                              cell("Claude Code loads no memory file for this project", style="dim"),
                              Text(""), Text(""), Text(""), key="none")  # fmt: skip
        if keep is not None and keep in table.rows:
            table.move_cursor(row=table.get_row_index(keep), animate=False)
        self._header()
        self._preview()
        self.refresh_bindings()

    def _now(self):
        return self.app.now() if hasattr(self.app, "now") else None

    def _header(self) -> None:
        name = self.projects[self.index][1] or os.path.basename(self.project)
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        text.append("Claude Code's memory", style="bold")
        text.append(f" · {one_line(name)}")
        if len(self.projects) > 1:
            text.append(f" ({self.index + 1} of {len(self.projects)}, p next)", style="dim")
        text.append("\n")
        loaded = sum(1 for f in self.files if f["loaded"])
        text.append(f"{budget_line(self.budget)} loaded at every start, from {plural(loaded, 'file')}")
        if self.reports is not None:
            count = sum(len(r["findings"]) for r in self.reports)
            text.append("\n")
            if count:
                text.append(f"Secrets audit: {plural(count, 'secret')} in {plural(len(self.reports), 'file')}",
                            style="bold red")  # fmt: skip
                text.append(" · R redacts them in the files (a backup of each is kept)")
            else:
                text.append("Secrets audit: no secret in these files", style="green")
        self.query_one("#claude-memory-header", Static).update(text)

    def _selected(self) -> dict | None:
        tables = self.query(VimDataTable)
        if not tables:  # (the bindings are checked while the screen is dismissed: its table is gone)
            return None
        key = tables.first().cursor_key
        if key is None or key == "none":
            return None
        index = int(key)
        return self.files[index] if index < len(self.files) else None

    @on(VimDataTable.RowHighlighted, "#claude-memory-files")
    def _highlighted(self, _event) -> None:
        self._preview()
        self.refresh_bindings()

    def _preview(self) -> None:
        entry = self._selected()
        preview = self.query_one("#claude-memory-preview", Static)
        if entry is None:
            preview.update("")
            return
        report = next((r for r in self.reports or [] if r["path"] == entry["path"]), None)
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        if report is not None:
            for finding in report["findings"][:PREVIEW_LINES]:
                text.append(f"line {finding['line']}: ", style="bold red")
                text.append(one_line(finding["masked"]) + "\n")
        else:
            from store.claude_memory import read_text

            body = read_text(entry["path"], 64 << 10) or ""
            lines = [one_line(line) for line in body.split("\n") if line.strip()][:PREVIEW_LINES]
            text.append("\n".join(lines) if lines else "(empty)", style="" if lines else "dim")
        preview.update(text)

    # -- the keys ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "open_file":
            return self._selected() is not None
        if action == "project":
            return len(self.projects) > 1
        if action == "redact_findings":
            return bool(self.reports)
        return True

    def action_back(self) -> None:
        self.dismiss(None)

    def action_reload(self) -> None:
        self.reports = None
        self._load(self.project)

    def action_project(self) -> None:
        self.index = (self.index + 1) % len(self.projects)
        self.files, self.budget, self.reports = [], {}, None
        self.query_one(VimDataTable).move_cursor(row=0, animate=False)
        self._load(self.project)

    def action_open_file(self) -> None:
        from tui.gui.memory_actions import open_in_editor

        entry = self._selected()
        if entry is not None and open_in_editor(self.app, {"id": 0, "file_path": entry["path"]}):
            self.action_reload()  # what the editor changed

    def action_audit(self) -> None:
        self._audit([dict(f) for f in self.files])

    @work(thread=True, exclusive=True, group="claude-memory-audit", exit_on_error=False)
    def _audit(self, files: list[dict]) -> None:
        from store.claude_memory import audit_files
        from store.config import privacy_patterns

        self.post_message(AuditDone(audit_files(files, privacy_patterns())))

    @on(AuditDone)
    def _audited(self, message: AuditDone) -> None:
        self.reports = message.reports
        self._fill()

    def action_redact_findings(self) -> None:
        from tui.gui.modals import ConfirmModal

        reports = list(self.reports or [])
        if not reports:
            return
        count = sum(len(r["findings"]) for r in reports)
        paths = ", ".join(shown_path(r["path"], self.project) for r in reports[:4])
        details = (f"In {paths}{' …' if len(reports) > 4 else ''}: each secret becomes [REDACTED:kind] in the file "
                   "itself. A copy of each file as it is now is kept in memlane's backups folder (owner-only); "
                   "the files keep their mode and links.")  # fmt: skip

        def answered(yes: bool | None) -> None:
            if yes:
                self._redact(reports)

        self.app.push_screen(ConfirmModal(f"Redact {plural(count, 'secret')} in {plural(len(reports), 'file')}?",
                                          details, count=count, confirm_label="Redact", type_count=False),
                             answered)  # fmt: skip

    @work(thread=True, exclusive=True, group="claude-memory-audit", exit_on_error=False)
    def _redact(self, reports: list[dict]) -> None:
        from store.claude_memory import Changed, redact_file
        from store.config import privacy_patterns

        patterns = privacy_patterns()
        results, problems = [], []
        for report in reports:
            try:
                results.append(redact_file(report["path"], report["digest"], patterns))
            except (Changed, OSError) as exc:
                problems.append(str(exc))
        self.post_message(RedactDone(results, problems))

    @on(RedactDone)
    def _redacted(self, message: RedactDone) -> None:
        done = sum(r["redacted"] for r in message.results)
        if done:
            self.app.notify(f"Redacted {plural(done, 'secret')}; backups are in memlane's backups folder.", timeout=6)
        for problem in message.problems:
            self.app.notify(one_line(problem), severity="warning", timeout=8, markup=False)
        self.reports = None
        self._load(self.project)
        self._audit([dict(f) for f in self.files])


def _moment(mtime: float):
    from datetime import UTC, datetime

    return datetime.fromtimestamp(mtime, UTC)
