"""`y`, `o`, `c` and `C` on any list: copy a row's id, command, path, session id or resume
command; open its file; resume or fork its session in Claude Code.

Copying goes through `App.copy_to_clipboard` (OSC 52, so it works over ssh). Opening
suspends the app and runs `$VISUAL` / `$EDITOR` (else `vi`) on the memory's file, at its
line when the memory knows one (an edit's `@@ line N`).  Resuming suspends the app and runs
the command `tui.claude_resume` makes (which also says what stops it) until Claude Code exits.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from collections.abc import Callable

from textual.app import App, SuspendNotSupported
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from store.database import StoreError
from store.display import inert_line
from tui.claude_resume import (
    PURGE_HINT,
    SAFE_ID,
    Finished,
    Resume,
    plan_resume,
    resume_argv,
    run_resume,
    says_gone,
)
from tui.gui import messages
from tui.gui.modals import AnswersOnce
from tui.gui.widgets.app_footer import AppFooter
from tui.rich_text import ellipsize

LINE_PATTERNS = (re.compile(r"^@@ line (\d+)", re.MULTILINE), re.compile(r"\(lines? (\d+)"))
# Editors that take `file:line` (with the flag before it) instead of `+line file`.
COLON_EDITORS = {"code": ["-g"], "code-insiders": ["-g"], "codium": ["-g"], "cursor": ["-g"],
                 "subl": [], "zed": []}  # fmt: skip


def command_of(memory: dict) -> str:
    """The shell command of a command memory (its `$ ...` line), else ""."""
    if memory.get("type") not in ("command", "error"):
        return ""
    for line in (memory.get("content") or "").splitlines():
        if line.startswith("$ "):
            return line[2:].strip()
    return ""


def file_of(memory: dict) -> str:
    """The memory's file as an absolute path ("" when it has none)."""
    path = memory.get("file_path") or ""
    if path and not os.path.isabs(path) and memory.get("cwd"):
        path = os.path.join(memory["cwd"], path)
    return path


def line_of(memory: dict) -> int | None:
    for pattern in LINE_PATTERNS:
        match = pattern.search(memory.get("content") or "")
        if match:
            return int(match.group(1))
    return None


def copy_choices(memory: dict | None = None, session: dict | None = None) -> list[tuple[str, str]]:
    """(what, value) a person may want from a row, most useful first."""
    choices: list[tuple[str, str]] = []
    if memory is not None:
        if file_of(memory):
            choices.append(("path", file_of(memory)))
        if command_of(memory):
            choices.append(("command", command_of(memory)))
        choices.append(("id", str(memory["id"])))
        if memory.get("session_id"):
            choices.append(("session id", memory["session_id"]))
    elif session is not None:
        choices.append(("session id", session["session_id"]))
        if session.get("cwd"):
            choices.append(("folder", session["cwd"]))
    row = memory if memory is not None else session
    if row is not None and SAFE_ID.match(row.get("session_id") or ""):
        command = Resume(row["session_id"], resume_argv(row["session_id"]), row.get("cwd") or "")
        choices.append(("resume", command.shell_command))
    return choices


def editor_command(path: str, line: int | None, environ: dict | None = None) -> list[str]:
    """The argv that opens `path` (at `line`) in the person's editor."""
    env = os.environ if environ is None else environ
    editor = shlex.split(env.get("VISUAL") or env.get("EDITOR") or "vi")
    name = os.path.basename(editor[0])
    if line is None:
        return [*editor, path]
    if name in COLON_EDITORS:
        return [*editor, *COLON_EDITORS[name], f"{path}:{line}"]
    return [*editor, f"+{line}", path]


class CopyModal(AnswersOnce, ModalScreen["str | None"]):
    """Pick what to copy; the first letter of each choice picks it too."""

    BINDINGS = [
        Binding("enter", "choose", "Copy", id="copy.choose", priority=True),
        Binding("escape", "dismiss_none", "Cancel", id="copy.cancel"),
    ]

    def __init__(self, choices: list[tuple[str, str]]) -> None:
        super().__init__(classes="copy-modal")
        self.choices = choices

    def compose(self):
        yield Static("Copy which?  (enter, or its first letter; escape cancels)", id="copy-title",
                     markup=False)  # fmt: skip
        options = [Option(f"{what:<10} {ellipsize(inert_line(value), 60)}", id=str(i))
                   for i, (what, value) in enumerate(self.choices)]  # fmt: skip
        yield OptionList(*options, id="copy-options", markup=False)
        yield AppFooter()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[int(event.option.id or 0)][0])

    def on_key(self, event) -> None:
        for what, _ in self.choices:
            if event.character and event.character == what[0]:
                event.stop()
                self.dismiss(what)
                return

    def action_choose(self) -> None:
        index = self.query_one(OptionList).highlighted
        if index is not None:
            self.dismiss(self.choices[index][0])

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


def offer_copy(app: App, choices: list[tuple[str, str]]) -> None:
    """Copy the only choice at once; ask when there are several."""
    values = dict(choices)

    def copy(what: str | None) -> None:
        if what is None:
            return
        app.copy_to_clipboard(values[what])
        app.notify(f"Copied the {what}: {ellipsize(inert_line(values[what]), 60)}", timeout=3,
                   markup=False)  # fmt: skip

    if len(choices) == 1:
        copy(choices[0][0])
    elif choices:
        app.push_screen(CopyModal(choices), copy)


def with_memory(owner: Widget, memory_id: int, then: Callable[[dict], None]) -> None:
    """Read memory `memory_id` in a thread worker, then call `then(memory)` on the main thread."""
    app = owner.app

    def read() -> None:
        try:
            memory = app.store.get_memory(memory_id)
        except StoreError as exc:
            app.call_from_thread(app.post_message, messages.StoreFailed(str(exc)))
            return
        if memory is None:
            app.call_from_thread(app.notify, f"Memory {memory_id} is no longer in the database.",
                                 severity="warning", timeout=4)  # fmt: skip
            return
        app.call_from_thread(then, memory)

    owner.run_worker(read, thread=True, group="memory-action", exit_on_error=False)


def copy_from_memory(owner: Widget, memory_id: int | None) -> None:
    if memory_id is not None:
        with_memory(owner, memory_id, lambda memory: offer_copy(owner.app, copy_choices(memory)))


def open_memory_file(owner: Widget, memory_id: int | None) -> None:
    if memory_id is not None:
        with_memory(owner, memory_id, lambda memory: open_in_editor(owner.app, memory))


def open_in_editor(app: App, memory: dict, run: Callable[[list[str]], object] | None = None, *,
                   line: int | None = None) -> bool:  # fmt: skip
    """Suspend the app and edit the memory's file (at `line`, else the memory's own line);
    False (with a notification) when it cannot."""
    path = file_of(memory)
    if not path:
        app.notify(f"Memory {memory['id']} has no file to open.", severity="warning", timeout=3)
        return False
    if not os.path.exists(path):
        app.notify(f"{inert_line(path)} is not there any more.", severity="warning", timeout=4,
                   markup=False)  # fmt: skip
        return False
    argv = editor_command(path, line if line is not None else line_of(memory))
    runner = run or _run_suspended(app)
    try:
        runner(argv)
    except SuspendNotSupported:
        app.notify("This terminal cannot hand the screen to an editor.", severity="error", timeout=6)
        return False
    except (OSError, subprocess.SubprocessError) as exc:
        app.notify(f"Cannot run {inert_line(argv[0])}: {exc}", severity="error", timeout=6,
                   markup=False)  # fmt: skip
        return False
    return True


def _run_suspended(app: App) -> Callable[[list[str]], object]:
    def run(argv: list[str]) -> object:
        with app.suspend():
            return subprocess.call(argv)

    return run


def resume_session(owner: Widget, session_id: str, *, fork: bool = False,
                   run: Callable[[Resume], object] | None = None) -> None:  # fmt: skip
    """`c` / `C`: resume (or fork) the session in Claude Code in its folder, the app suspended
    until Claude Code exits; what stops it (no `claude`, the folder gone) is one notification,
    and a session Claude Code no longer has gets what memlane holds of it instead
    (`offer_what_memlane_holds`).  The session is read (and the files checked) in a thread worker."""
    app = owner.app
    store = getattr(owner, "store", None) or app.store

    def plan() -> None:
        try:
            session = store.get_session(session_id)
        except StoreError as exc:
            app.call_from_thread(app.post_message, messages.StoreFailed(str(exc)))
            return
        resume = plan_resume(session or {"session_id": session_id}, fork=fork)
        app.call_from_thread(_resume, owner, resume, run or run_resume)

    owner.run_worker(plan, thread=True, group="resume", exit_on_error=False)


def _resume(owner: Widget, resume: Resume, run: Callable[[Resume], object]) -> None:
    app = owner.app
    if resume.gone:
        why = f"{PURGE_HINT}: this session's transcript is gone, so `claude --resume` would end in an error."
        offer_what_memlane_holds(owner, resume, why)
        return
    if resume.problem:
        app.notify(inert_line(resume.problem), severity="warning", timeout=10, markup=False)
        return
    try:
        with app.suspend():
            finished = run(resume)
    except SuspendNotSupported:
        app.notify(f"This terminal cannot hand the screen to Claude Code; in a shell: {inert_line(resume.shell_command)}",
                   severity="error", timeout=10, markup=False)  # fmt: skip
        return
    except (OSError, subprocess.SubprocessError) as exc:
        held = f"; {resume.held}" if resume.held else ""
        app.notify(f"Cannot run Claude Code: {exc}{held}.", severity="error", timeout=15, markup=False)
        return
    failure = resume_failure(resume, finished)
    if failure:
        app.notify(inert_line(failure), title="Claude Code", severity="error", timeout=20, markup=False)
    if isinstance(finished, Finished) and says_gone(finished):
        offer_what_memlane_holds(owner, resume, f"Claude Code said: {finished.last_line.rstrip('.')}.")


def offer_what_memlane_holds(owner: Widget, resume: Resume, why: str) -> None:
    """Claude Code no longer has the session: say so, and offer its timeline or an export
    (tui/gui/modals/session_gone.py) rather than a `claude --resume` that ends in an error."""
    from tui.gui.modals import SessionGoneModal

    app, session_id = owner.app, resume.session_id
    on_its_timeline = getattr(owner, "session_id", None) == session_id  # the timeline screen itself

    def chosen(action: str | None) -> None:
        if action == "timeline":
            app.post_message(messages.OpenTimeline(session_id))
        elif action == "export":
            from store.reading import ExportRequest
            from tui.gui.export_flow import ask_and_export

            ask_and_export(owner, ExportRequest(session=session_id), session_id)

    app.push_screen(SessionGoneModal(session_id, why, resume.memories, timeline=not on_its_timeline), chosen)


def resume_failure(resume: Resume, finished: object) -> str:
    """One sentence when Claude Code exited with an error ("" when it did not): its exit code,
    its last line, and what memlane still holds of the session."""
    if isinstance(finished, int):
        finished = Finished(finished)
    if not isinstance(finished, Finished) or finished.code == 0:
        return ""
    code = finished.code
    how = f"was stopped by signal {-code}" if code < 0 else f"exited with code {code}"
    said = f": {finished.last_line.rstrip('.')}" if finished.last_line else ""
    held = f" {resume.held}." if resume.held else ""
    return f"Claude Code {how} resuming session {resume.session_id[:8]}{said}.{held}"
