"""Going back to a session in Claude Code: `claude --resume ID` (or a fork of it) in the
session's own folder, and whether Claude Code can still do it.

No textual here: the app's `c` / `C` and its copy menu (`y`) use it, and a test runs it
against the real CLI.  Claude Code keeps a session's transcript at
`<config>/projects/<its folder, every non-alphanumeric character a '-'>/<id>.jsonl` and
deletes transcripts older than `cleanupPeriodDays` (30 days by default): then it can no
longer resume the session, though memlane still holds what it stored of it.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
from dataclasses import dataclass
from typing import IO

from store.paths import claude_projects_dir

CLAUDE = "claude"
# What a session id looks like (Claude Code's are UUIDs).  An id is stored text: one that
# starts with '-' would be read as an option, one with a '/' would name another file.
SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$")
PURGE_HINT = "Claude Code deletes sessions older than its cleanupPeriodDays setting, 30 days by default"


@dataclass(frozen=True)
class Resume:
    """How to go back to a session: `argv` run in `cwd`; `problem` is "" when it can run,
    else the one sentence that says why not (and what memlane still holds)."""

    session_id: str
    argv: tuple[str, ...]
    cwd: str
    problem: str = ""
    held: str = ""  # what memlane still holds of the session, said when Claude Code fails
    gone: bool = False  # Claude Code no longer has the session (its transcript is gone)
    memories: int = 0  # how many memories memlane holds of it

    @property
    def shell_command(self) -> str:
        """The command to paste into a shell: `cd FOLDER && claude --resume ID`."""
        command = " ".join(shlex.quote(part) for part in self.argv)
        return f"cd {shlex.quote(self.cwd)} && {command}" if self.cwd else command


@dataclass(frozen=True)
class Finished:
    """How Claude Code exited: its exit `code` and the last line it wrote to stderr (without
    terminal controls; "" if none)."""

    code: int
    last_line: str = ""


def resume_argv(session_id: str, *, fork: bool = False) -> tuple[str, ...]:
    return (CLAUDE, "--resume", session_id, *(("--fork-session",) if fork else ()))


def transcript_path(session_id: str, cwd: str | None) -> str | None:
    """Where Claude Code keeps the session's transcript, if it still does (None: gone)."""
    if not SAFE_ID.match(session_id or ""):
        return None
    projects = claude_projects_dir()
    name = session_id + ".jsonl"
    if cwd:
        path = os.path.join(projects, re.sub(r"[^A-Za-z0-9]", "-", cwd), name)
        if os.path.isfile(path):
            return path
    try:  # the folder's name is not always the rule's (a symlinked or renamed folder)
        with os.scandir(projects) as folders:
            for folder in folders:
                path = os.path.join(folder.path, name)
                if folder.is_dir(follow_symlinks=False) and os.path.isfile(path):
                    return path
    except OSError:
        pass
    return None


def plan_resume(session: dict, *, fork: bool = False, which=shutil.which) -> Resume:
    """How to resume (or fork) `session` (a session row: session_id, cwd, memory_count), and
    whether it can be done now: `claude` on PATH, the folder there, the transcript kept."""
    session_id = session.get("session_id") or ""
    cwd = session.get("cwd") or ""
    argv = resume_argv(session_id, fork=fork)
    short = session_id[:8]
    held = _what_memlane_holds(session)
    memories = session.get("memory_count") or 0

    def refused(problem: str, *, gone: bool = False) -> Resume:
        return Resume(session_id, argv, cwd, problem, held, gone, memories)

    if not SAFE_ID.match(session_id):
        return refused(f"session {short!r} does not have a Claude Code session id, so it cannot be resumed; {held}.")
    if which(CLAUDE) is None:
        return refused(f"Claude Code's `claude` command is not on PATH, so memlane cannot resume "
                       f"session {short}: install Claude Code or add it to PATH; {held}.")  # fmt: skip
    if not cwd or not os.path.isdir(cwd):
        where = f"its folder {cwd} is not there any more" if cwd else "memlane does not know its folder"
        return refused(f"session {short} cannot be resumed: {where}, and Claude Code resumes a session "
                       f"from its folder; {held}.")  # fmt: skip
    if transcript_path(session_id, cwd) is None:
        return refused(f"Claude Code no longer has session {short} ({PURGE_HINT}), so it cannot be "
                       f"resumed; {held}.", gone=True)  # fmt: skip
    return Resume(session_id, argv, cwd, held=held, memories=memories)


def _what_memlane_holds(session: dict) -> str:
    count = session.get("memory_count") or 0
    noun = "memory" if count == 1 else "memories"
    return f"memlane still holds its {count:,} {noun} (t shows its timeline, e exports it)"


def run_resume(resume: Resume, *, echo: int = 2) -> Finished:
    """Run Claude Code in the session's folder, on this terminal, until it exits.  Its stderr
    goes through memlane to the terminal (fd `echo`) unchanged, so that when it fails ("No
    conversation found ...") the app can say its last line."""
    process = subprocess.Popen(list(resume.argv), cwd=resume.cwd, stderr=subprocess.PIPE)
    tail = _relay(process.stderr, echo) if process.stderr is not None else b""
    return Finished(process.wait(), last_line(tail))


TAIL_BYTES = 4096
_CONTROLS = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b.|[\x00-\x08\x0b-\x1f\x7f]")


def _relay(stream: IO[bytes], echo: int) -> bytes:
    """Copy `stream` to the file descriptor `echo` until it ends; the last TAIL_BYTES of it."""
    tail = b""
    while chunk := stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536):
        try:
            os.write(echo, chunk)
        except OSError:
            pass  # the terminal went: Claude Code's exit still counts
        tail = (tail + chunk)[-TAIL_BYTES:]
    stream.close()
    return tail


NOT_FOUND = "No conversation found"  # what `claude --resume` says of a session it no longer has


def says_gone(finished: Finished) -> bool:
    """Claude Code exited because it does not have the session (a transcript memlane did not
    see go, in a folder it did not look in)."""
    return finished.code != 0 and NOT_FOUND.casefold() in finished.last_line.casefold()


def last_line(output: bytes) -> str:
    """The last line with text in `output`, without colours or other terminal controls."""
    text = output.decode("utf-8", "replace").replace("\r", "\n")
    for line in reversed(text.split("\n")):
        line = _CONTROLS.sub("", line).strip()
        if line:
            return line[:300]
    return ""
