"""Tokens memlane's session-start digest leaves out (issue 39, "nothing twice"), on a corpus.

    .venv/bin/python -m bench.bench_tokens_saved [--resume-every 2] [--note-every 2]

Replays the realistic session corpus (tests/fixtures/real_sessions: 27 sessions of 14
projects, in the shapes real transcripts have, written by us) through the hooks, in process,
as Claude Code would have sent them, each project in a folder of its own with the memory
files Claude Code loads at every start:

- a CLAUDE.md of the project's conventions (its test and build commands), and
- an auto-memory MEMORY.md that grows as Claude Code's own does: after each session Claude
  keeps a note of what it was asked (the first prompt, as Claude notes it), every other
  session (Claude does not note every one).

Every other session is resumed (`claude --resume`, or a fork: Claude Code sends the same
SessionStart, `source: "resume"`) after the next session of the corpus ran.

At each SessionStart the bench asks `hooks.recall.session_start_plan` (the hook's own
function) three times: as a plain digest (no memory files, no resume: the baseline, what
memlane sent before issue 39), with the memory files Claude Code loads, and with both.  It
prints the tokens the digest left out because the loaded files already said it, and because
the resumed session had already received it, per start and in all.  Tokens are the
estimate the ledger uses (store.text.text_tokens, ~4 bytes of UTF-8 a token).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

RESUME_EVERY = 2  # every other session is resumed later
NOTE_EVERY = 2  # Claude notes every other session in its auto memory

CONVENTIONS = """# {name}

- Run the tests with `make test` before every commit; lint with `make lint`.
- Keep commits small, with messages that say why.
- Never commit `.env` files; secrets live in the team's vault.
"""


def _first_prompt(events: list[dict]) -> str:
    for event in events:
        if event.get("hook_event_name") == "UserPromptSubmit" and isinstance(event.get("prompt"), str):
            return " ".join(event["prompt"].split())[:200]
    return ""


def _local(cwd: str, disk: Path) -> str:
    """The session's folder moved under `disk` (a Windows path gets a POSIX one)."""
    tail = cwd.replace("\\", "/").replace(":", "").strip("/") or "root"
    return str(disk / tail)


def _start_plans(event: dict, config: dict) -> dict:
    """The three digests of one SessionStart: plain, with the loaded files, with the resume too."""
    from hooks.recall import session_start_plan
    from store.claude_memory import loaded_files
    from store.database.connection import connect
    from store.paths import default_db_path
    from store.text import text_tokens

    files = loaded_files(event["cwd"], topics=False, with_text=True)
    conn = connect(default_db_path())
    try:
        args = (conn, event["cwd"], event["session_id"], config)
        plain = session_start_plan(*args)
        said = session_start_plan(*args, memory_files=files)
        both = session_start_plan(*args, memory_files=files, source=event.get("source"))
    finally:
        conn.close()
    return {"plain": text_tokens(plain["block"]), "said": text_tokens(said["block"]),
            "both": text_tokens(both["block"]), "resume": event.get("source") == "resume",
            "files": sum(f["tokens"] for f in files if f["loaded"]), "reason": both["reason"]}  # fmt: skip


def replay(sessions, disk: Path, *, resume_every: int = RESUME_EVERY, note_every: int = NOTE_EVERY) -> list[dict]:
    """Run `sessions` through the hooks in order; the three digests of every SessionStart."""
    from bench.bench_recall import run_in_process
    from store.claude_memory.files import auto_memory_dir
    from store.config import load_config

    config = load_config()[0]
    starts: list[dict] = []
    notes: dict[str, list[str]] = {}
    pending: list[dict] = []  # resumes due after the next session

    def start(event: dict) -> None:
        starts.append(_start_plans(event, config))
        run_in_process(event)

    for index, session in enumerate(sessions):
        folder = _local(session.cwd, disk)
        if not os.path.isdir(folder):
            os.makedirs(os.path.join(folder, ".git"))
            Path(folder, "CLAUDE.md").write_text(CONVENTIONS.format(name=os.path.basename(folder)))
        memory = Path(auto_memory_dir(folder))
        if notes.get(folder):
            memory.mkdir(parents=True, exist_ok=True)
            (memory / "MEMORY.md").write_text("# Memory\n" + "".join(f"- {n}\n" for n in notes[folder]))
        events = [dict(e, cwd=folder) for e in session.hook_events]
        for event in events:
            if event.get("hook_event_name") == "SessionStart":
                start(event)
            else:
                run_in_process(event)
        for event in pending:
            start(event)
        pending = []
        if resume_every and index % resume_every == 0:
            first = next((e for e in events if e.get("hook_event_name") == "SessionStart"), None)
            if first is not None:
                pending.append(dict(first, source="resume"))
        if note_every and index % note_every == 0 and _first_prompt(events):
            notes.setdefault(folder, []).append(_first_prompt(events))
    for event in pending:
        start(event)
    return starts


def report(starts: list[dict]) -> list[str]:
    fresh = [s for s in starts if not s["resume"]]
    resumed = [s for s in starts if s["resume"]]
    plain = sum(s["plain"] for s in starts)
    by_files = sum(s["plain"] - s["said"] for s in starts)
    by_resume = sum(s["said"] - s["both"] for s in starts)
    sent = sum(s["both"] for s in starts)
    lines = [
        f"{len(starts)} session starts ({len(fresh)} new, {len(resumed)} resumes or forks); "
        f"Claude Code's own memory files loaded: {sum(s['files'] for s in starts):,} tokens in all",
        f"baseline (plain digest, nothing left out): {plain:,} tokens",
        f"left out, already said in the loaded memory files: {by_files:,} tokens",
        f"left out, already sent before the resume: {by_resume:,} tokens "
        f"({by_resume / max(1, len(resumed)):.0f} per resume)",
        f"sent: {sent:,} tokens ({(plain - sent) / max(1, plain):.0%} less than the baseline)",
    ]
    reasons: dict[str, int] = {}
    for s in starts:
        reasons[s["reason"]] = reasons.get(s["reason"], 0) + 1
    lines.append("decisions: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--resume-every", type=int, default=RESUME_EVERY, help="resume every Nth session (0: none)")
    parser.add_argument("--note-every", type=int, default=NOTE_EVERY,
                        help="Claude notes every Nth session in its auto memory (0: none)")  # fmt: skip
    args = parser.parse_args(argv)
    from tests.fixtures import real_sessions

    with tempfile.TemporaryDirectory(prefix="memlane-tokens-") as tmp:
        home = Path(tmp) / "home"
        os.environ.update({"HOME": str(home), "MEMLANE_HOME": str(home / ".claude" / "memlane"),
                           "MEMLANE_DB": str(home / ".claude" / "memlane" / "memory.db"),
                           "CLAUDE_CONFIG_DIR": str(home / ".claude")})  # fmt: skip
        os.environ.pop("CLAUDE_PROJECT_DIR", None)
        from hooks import background

        background.maybe_start = lambda *a, **k: False  # no detached process: nothing but the replay
        starts = replay(real_sessions(), Path(tmp) / "disk", resume_every=args.resume_every,
                        note_every=args.note_every)  # fmt: skip
    for line in report(starts):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
