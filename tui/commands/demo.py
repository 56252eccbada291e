"""`memlane demo`: a realistic demo database, kept moving by the real `memlane-hook`.

Creates a database in a temporary folder (several projects and sessions, edits,
commands, recurring errors, Korean and English, some content the privacy filter
redacted), opens the app on it, and meanwhile a background process feeds new
hook events through the real hook entry point so the Live pane moves.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

from corpus import demo_corpus
from store import privacy
from store.database import connection as db
from store.reading import listings
from store.triage import groups as error_groups
from store.writing import writer

FEED_INTERVAL_S = 1.5
FEED_LIFETIME_S = 3 * 3600  # a forgotten feeder stops by itself

# Text as a session would have produced it; the privacy filter redacts it on the way in.
LEAKY = [
    ("command", "$ export GITHUB_TOKEN=ghp_" + "Zq8Lw2Xv7Rt5Ny1Mb4Kc6Jd9Hf3Gs0Pa2Qe" + " && gh release create v1.4.0"),
    ("command", "$ curl -H 'Authorization: Bearer sk-ant-api03-" + "x" * 40 + "' https://api.example.com/v1/usage"),
    ("file_edit", "Edit .env (+2 -0)\n+DATABASE_PASSWORD=correct-horse-battery\n+STRIPE_KEY=sk_live_" + "4" * 24),
    ("prompt", "결제 설정을 점검해줘 <private>관리자 비밀번호는 hunter2</private> 나머지는 README 참고"),
]


def build_demo_database(path: str, *, memories: int = 1800, seed: int = 3, now: float | None = None) -> dict:
    """Fill `path` with a demo history ending at `now`; returns its stats."""
    now = time.time() if now is None else now
    conn = db.connect(path)
    rng = random.Random(seed)
    sessions: dict[str, list[dict]] = {}
    for obs in demo_corpus.generate(memories, seed=seed, end=now - 3600, span_days=45, per_session=45):
        sessions.setdefault(obs["session_id"], []).append(obs)
    for session_id, observations in sessions.items():
        # Real sessions last minutes, not days: one to three minutes between events.
        t = demo_corpus.parse_iso(observations[0]["created_at"])
        for obs in observations:
            obs["created_at"] = obs["received_at"] = demo_corpus.iso(t)  # the hooks got it then
            t += rng.uniform(40, 180)
        if rng.random() < 0.25:
            kind, text = rng.choice(LEAKY)
            leak = {**observations[0], "type": kind, "content": privacy.clean_text(text),
                    "tool_name": {"command": "Bash", "file_edit": "Edit"}.get(kind), "importance": 1}  # fmt: skip
            observations.insert(len(observations) // 2, leak)
        first, last = observations[0], observations[-1]
        writer.start_session(conn, session_id, first["cwd"], started_at=first["created_at"])
        writer.add_memories(conn, observations)
        writer.update_session_summary(conn, session_id)
        writer.end_session(conn, session_id, rng.choice(["prompt_input_exit", "clear", "logout"]),
                           ended_at=last["created_at"])  # fmt: skip
    groups = listings.error_groups(conn, sort="count", limit=10)
    for group, status in zip(groups[1:4], ["resolved", "ignored", "resolved"]):
        error_groups.set_error_status(conn, group["id"], status, note="demo: " + status)
    db.optimize_indexes(conn)
    stats = listings.stats(conn)
    conn.close()
    return stats


def _hook_events(rng: random.Random, session_id: str, cwd: str, step: int) -> dict:
    base = {"session_id": session_id, "cwd": cwd, "transcript_path": "", "permission_mode": "default",
            "prompt_id": f"demo-prompt-{step // 6}"}  # fmt: skip
    if step == 0:
        return {**base, "hook_event_name": "SessionStart", "source": "startup"}
    kind = step % 6
    if kind == 1:
        prompt = rng.choice(demo_corpus.ENGLISH_PROMPTS + demo_corpus.KOREAN_PROMPTS)
        return {**base, "hook_event_name": "UserPromptSubmit", "prompt": prompt}
    if kind in (2, 4):
        cmd, out = rng.choice(demo_corpus.COMMANDS)
        return {**base, "hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_use_id": f"toolu_demo_{step}",
                "tool_input": {"command": cmd}, "tool_response": {"stdout": out, "stderr": "", "interrupted": False}}  # fmt: skip
    if kind == 3:
        path = f"{cwd}/{rng.choice(demo_corpus.FILES)}"
        return {**base, "hook_event_name": "PostToolUse", "tool_name": "Edit", "tool_use_id": f"toolu_demo_{step}",
                "tool_input": {"file_path": path, "old_string": "timeout = 30", "new_string": "timeout = 60"},
                "tool_response": {"filePath": path, "structuredPatch": [{"oldStart": 3, "oldLines": 1, "newStart": 3,
                                  "newLines": 1, "lines": ["-timeout = 30", "+timeout = 60"]}]}}  # fmt: skip
    cmd, err = rng.choice(demo_corpus.ERRORS)
    return {**base, "hook_event_name": "PostToolUseFailure", "tool_name": "Bash", "tool_use_id": f"toolu_demo_{step}",
            "tool_input": {"command": cmd}, "error": "Exit code 1\n" + err.replace("{n}", str(rng.randint(1, 99))),
            "is_interrupt": False}  # fmt: skip


def feed(path: str, home: str, *, parent: int, interval: float = FEED_INTERVAL_S,
         max_events: int | None = None) -> None:  # fmt: skip
    """Send hook events through the real `memlane-hook` until the parent process goes away."""
    rng = random.Random()
    env = dict(os.environ, MEMLANE_DB=path, MEMLANE_HOME=home)
    hook = [sys.executable, "-m", "hooks"]
    started = time.time()
    session_no, step = 0, 0
    session_id, cwd = "", ""
    sent = 0
    while os.getppid() == parent and time.time() - started < FEED_LIFETIME_S:
        if max_events is not None and sent >= max_events:
            return
        sent += 1
        if step == 0:
            session_no += 1
            session_id = f"live-{int(started)}-{session_no}"
            cwd = rng.choice(demo_corpus.PROJECTS)[0]
        event = _hook_events(rng, session_id, cwd, step)
        subprocess.run(hook, input=json.dumps(event).encode(), env=env, capture_output=True, timeout=10)
        step = 0 if step >= 24 else step + 1
        if step == 0:
            for name, extra in (("Stop", {"stop_hook_active": False}), ("SessionEnd", {"reason": "other"})):
                end = {"session_id": session_id, "cwd": cwd, "hook_event_name": name, **extra}
                subprocess.run(hook, input=json.dumps(end).encode(), env=env, capture_output=True, timeout=10)
        time.sleep(interval)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="memlane demo", description=__doc__)
    parser.add_argument("--keep", action="store_true", help="keep the demo folder when the app closes")
    parser.add_argument("--no-feed", action="store_true", help="no background events")
    parser.add_argument("--feed", nargs=3, metavar=("DB", "HOME", "PARENT"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.feed:
        feed(args.feed[0], args.feed[1], parent=int(args.feed[2]))
        return 0
    from tui.commands.common import EXIT_USAGE, fail
    from tui.commands.open_app import terminal_problem

    if problem := terminal_problem():
        return fail(problem, EXIT_USAGE)
    folder = tempfile.mkdtemp(prefix="memlane-demo-")
    path = os.path.join(folder, "memory.db")
    print(f"Building a demo database in {folder} …", flush=True)
    build_demo_database(path)
    feeder = None
    if not args.no_feed:
        feeder = subprocess.Popen(
            [sys.executable, "-m", "tui.commands.demo", "--feed", path, folder, str(os.getpid())],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
    from tui.gui.app import run_app

    own_home = _use_demo_home(folder)
    try:
        return run_app(path)
    finally:
        _restore_home(own_home)
        if feeder is not None:
            feeder.terminate()
            feeder.wait(timeout=5)
        if args.keep:
            print(f"The demo database is kept at {path}")
        else:
            shutil.rmtree(folder, ignore_errors=True)


def _use_demo_home(folder: str) -> str | None:
    """Point memlane's folder (config.toml, log) at the demo's for the app's run, starting from
    the person's theme: a theme chosen in the demo is written there, never into their own
    config.toml.  Returns the MEMLANE_HOME to put back."""
    from store.config import load_config, save_setting

    theme = load_config()[0].get("theme") or ""
    if theme:
        save_setting("theme", theme, path=os.path.join(folder, "config.toml"))
    previous = os.environ.get("MEMLANE_HOME")
    os.environ["MEMLANE_HOME"] = folder
    return previous


def _restore_home(previous: str | None) -> None:
    if previous is None:
        os.environ.pop("MEMLANE_HOME", None)
    else:
        os.environ["MEMLANE_HOME"] = previous


if __name__ == "__main__":
    sys.exit(main())
