"""`memlane-hook`: one Claude Code hook event on stdin -> memory store (and context out).

Dispatch on `hook_event_name`:

- SessionStart: open or resume the session row; print the SessionStart context
  block (plain text); start retention in the background if due.
- UserPromptSubmit: store the prompt (privacy-filtered; an entirely private
  prompt stores nothing, and neither do that turn's tool events); print the
  memories relevant to the prompt as `hookSpecificOutput.additionalContext`.
- PostToolUse / PostToolUseFailure / PreCompact / PostCompact: capture
  (`hooks.capture.observations_from_event`) and store.
- Stop: rebuild the session summary (not when `stop_hook_active`).
- SessionEnd: close the session (end time, reason, duration), summarise it, and keep
  the name Claude Code's /resume shows for it (`hooks.session_title`).
- Notification: a session waiting for its user (a permission or an idle prompt) is
  noted on its row until its turn ends or a memory of it is stored (its next prompt):
  `store.writing.writer.waiting_sessions`.
- PostModelSwitch, DirectoryAdded: a small memory (`hooks.capture`).
- Anything else (PreModelSwitch, FileChanged, ...): ignored quietly, no log line.

Reading and bounding the event is `hooks.event`'s; the private-turn rule and
its marker files are `hooks.turns`'.

Fail open: whatever happens the process exits 0, prints nothing but valid
context output, and reports a problem as one `[memlane] <event>: <sentence>`
line on stderr and in the log.  A write the database cannot take within
BUSY_TIMEOUT_MS goes to the spool (`store.writing.queue`) and is applied by the next
run that can write.

Imports: only `store`, `hooks` and the standard library, and on the
PostToolUse path only what that path needs: no dataclasses, typing, logging,
tomllib (`store.config.load_config(cached=True)` keeps the parsed config as JSON)
or subprocess.  (`datetime` comes with `sqlite3` itself.)  Run as its own process, the hook ends with
`os._exit(0)` without closing the database (see `_finish`).
"""

from __future__ import annotations

import os
import sys

from hooks.event import (
    Problem,
    clean_event,
    event_label,
    parse_event,
    prompt_text,
    prune_event,
    read_stdin,
    safe_session_id,
    session_id_problem,
    short,
    text_field,
)

BUSY_TIMEOUT_MS = 1000
CAPTURE_EVENTS = frozenset(("PostToolUse", "PostToolUseFailure", "PreCompact", "PostCompact",
                            "PostModelSwitch", "DirectoryAdded"))  # fmt: skip
HANDLED_EVENTS = CAPTURE_EVENTS | frozenset(
    ("SessionStart", "UserPromptSubmit", "Stop", "SessionEnd", "Notification")
)
# Notifications that say the session waits for its user (the rest are not kept).
WAITING_NOTIFICATIONS = frozenset(("permission_prompt", "idle_prompt", "elicitation_dialog"))


class _Run:
    """The state of one hook run: the event's name and the first problem met."""

    __slots__ = ("event", "message", "conn", "warning")

    def __init__(self) -> None:
        self.event = "hook"
        self.message: str | None = None
        self.conn = None
        self.warning: str | None = None  # said only when nothing went wrong

    def problem(self, message: str) -> None:
        if self.message is None:
            self.message = message



# ------------------------------------------------------------------ output


def _emit(text: str) -> None:
    data = (text if text.endswith("\n") else text + "\n").encode("utf-8", "replace")
    out = getattr(sys.stdout, "buffer", None)
    try:
        if out is not None:
            sys.stdout.flush()
            out.write(data)
            out.flush()
        else:
            sys.stdout.write(data.decode("utf-8"))
            sys.stdout.flush()
    except (OSError, ValueError):
        pass  # Claude Code stopped listening: nothing to do


def _prompt_output(block: str) -> str:
    import json

    return json.dumps(
        {"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": block}}
    )


# ------------------------------------------------------------------ the run


def _db_message(db_path: str, exc: BaseException) -> str:
    from store.database import StoreError, describe_error

    if isinstance(exc, StoreError):
        return str(exc)
    return describe_error(db_path, exc)


def _excluded(path: str | None, config: dict) -> bool:
    if not path or not isinstance(path, str) or not config.get("exclude_projects"):
        return False
    from store.config import is_project_excluded

    return is_project_excluded(path, config)


def handle(run: _Run, event: dict, raw_size: int = 0) -> None:
    name = event.get("hook_event_name")
    if not isinstance(name, str) or not name:
        run.problem("the event has no hook_event_name; ignored.")
        return
    run.event = event_label(name)
    if name not in HANDLED_EVENTS:
        return
    if name == "Notification" and _waiting_message(event) is None:
        return  # not a wait for the user (auth done, an update...): nothing kept, nothing said
    session_id = event.get("session_id")
    if not isinstance(session_id, str) or not session_id.strip():
        run.problem("the event has no session_id; nothing stored.")
        return
    odd = session_id_problem(session_id)
    if odd is not None:  # kept, under an id that is safe wherever it goes
        session_id = safe_session_id(session_id)
        event = dict(event, session_id=session_id)
        run.problem(f"the session id {odd}; its events are stored under session {session_id}.")
    if name == "Stop" and event.get("stop_hook_active") is True:
        return

    from store.config import load_config

    config, warnings = load_config(cached=True)
    if warnings and name == "SessionStart":  # once a session, not on every tool call
        more = f" (and {len(warnings) - 1} more)" if len(warnings) > 1 else ""
        run.warning = warnings[0] + more
    cwd = text_field(event, "cwd")
    if _excluded(cwd, config):
        return
    if _excluded(os.environ.get("CLAUDE_PROJECT_DIR"), config):
        return
    prompt_id = text_field(event, "prompt_id")
    from hooks.turns import TurnMarkers

    markers = TurnMarkers()
    if name in CAPTURE_EVENTS and markers.hides(session_id, prompt_id):
        return  # an event of a turn whose prompt was entirely private
    private_turn = None
    prompt_hidden = True
    if name == "UserPromptSubmit":
        from hooks.turns import private_turn as private_turn_of

        raw_prompt = prompt_text(event)
        private_turn = private_turn_of(raw_prompt, prompt_id)  # judged before cleaning
        if private_turn is not None:
            from hooks.turns import prompt_is_hidden

            prompt_hidden = prompt_is_hidden(raw_prompt)

    # The privacy filter, before anything else reads the event's text.
    from store.privacy import clean_value
    from store.text import storable

    raw_session_id = session_id  # private-turn markers are keyed by the id as sent
    patterns = config.get("secret_patterns") or ()
    event = clean_event(prune_event(event, raw_size), lambda value: clean_value(value, patterns))
    session_id = storable(text_field(event, "session_id") or session_id)  # as the memories carry it
    event["session_id"] = session_id
    cwd = text_field(event, "cwd")

    ops: list[dict] = []
    want_context = None
    if name in CAPTURE_EVENTS or name == "UserPromptSubmit":
        if private_turn is not None:
            markers.open(raw_session_id, private_turn)
            if prompt_hidden:
                return  # an entirely private prompt: nothing stored, nothing searched
        from hooks.capture import is_memory_command, observations_from_event

        if name == "UserPromptSubmit" and private_turn is None:
            markers.close(raw_session_id)
            # `/memory QUERY` prints its own results; recall would only repeat them.
            want_context = None if is_memory_command(prompt_text(event)) else "prompt"

        ops = [{"op": "memory", "obs": obs} for obs in observations_from_event(event, config)]
        if name == "UserPromptSubmit" and ops:
            # A session's summary is built at Stop: until its first turn ends, the session
            # being worked on would be listed without one.
            ops.append({"op": "summary", "session_id": session_id, "if_empty": True})
    elif name == "SessionStart":
        ops = [{"op": "start_session", "session_id": session_id, "cwd": cwd}]
        note = _start_note(event)
        if note:
            ops.append(dict(note, op="session_note", session_id=session_id))
        want_context = "start"
    elif name == "Stop":
        ops = [{"op": "summary", "session_id": session_id},
               {"op": "session_note", "session_id": session_id, "answered": True}]  # fmt: skip
    elif name == "SessionEnd":
        reason = text_field(event, "reason")
        ops = [
            {"op": "end_session", "session_id": session_id, "reason": reason},
            {"op": "summary", "session_id": session_id},
        ]
        named = _transcript_title(event)
        if named:
            ops.append({"op": "session_note", "session_id": session_id, "title": named[0],
                        "title_kind": named[1]})  # fmt: skip
        markers.drop(raw_session_id)
    elif name == "Notification":
        ops = [{"op": "session_note", "session_id": session_id, "waiting": _waiting_message(event)}]

    if want_context:
        from hooks.context import injection_enabled

        if not injection_enabled(config):
            want_context = None
    from store.paths import default_db_path
    from store.writing import queue as spool_mod

    backlog = spool_mod.pending(db_path=default_db_path())
    from hooks.ledger import JUDGED_EVENTS, waiting

    judging = name in JUDGED_EVENTS and waiting(session_id)  # an injection awaits its verdict
    if not ops and not want_context and not backlog and not judging:
        return  # nothing to write, nothing to say (e.g. `ls`): no database needed
    _with_database(run, name, event, ops, want_context, backlog, config, judging)
    if name == "SessionEnd":
        from hooks.team_trigger import start_background_sync

        start_background_sync(config)  # after the session's last writes; never waited for


def _start_note(event: dict) -> dict:
    """What a SessionStart says about its session besides its start: the name it is shown
    under, and on a resume or a fork (2.1.150+) what resuming cost (absent is not zero)."""
    note: dict = {}
    title = text_field(event, "session_title")
    kind = "start"
    if title is None and event.get("source") in ("resume", "fork"):
        named = _transcript_title(event)
        if named:
            title, kind = named
    if title:
        note.update(title=title, title_kind=kind)
    tokens = event.get("context_tokens")
    if isinstance(tokens, (int, float)) and not isinstance(tokens, bool) and tokens >= 0:
        note["context_tokens"] = int(tokens)
    if isinstance(event.get("prompt_cache_likely_expired"), bool):
        note["cache_expired"] = event["prompt_cache_likely_expired"]
    return note


def _transcript_title(event: dict):
    from hooks.session_title import transcript_title

    return transcript_title(event.get("transcript_path"))


def _waiting_message(event: dict) -> str | None:
    """The message of a Notification that says the session waits for its user, else None."""
    kind = text_field(event, "notification_type")
    message = text_field(event, "message") or ""
    if kind is not None:
        if kind not in WAITING_NOTIFICATIONS:
            return None
        return message or kind.replace("_", " ")
    lowered = message.lower()  # versions before notification_type: its message says it
    waits = "waiting for your input" in lowered or "needs your permission" in lowered
    return message if waits else None


def _with_database(run, name, event, ops, want_context, backlog, config, judging=False) -> None:
    from store.database import StoreError, connect
    from store.paths import default_db_path
    from store.writing import queue as spool_mod

    db_path = default_db_path()
    import time

    conn = None
    db_problem = None
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    try:
        conn = connect(db_path, busy_timeout_ms=BUSY_TIMEOUT_MS)
    except StoreError as exc:
        db_problem = str(exc)
    except Exception as exc:  # sqlite3.Error, OSError: still one sentence
        db_problem = _db_message(db_path, exc)
    try:
        if conn is not None and backlog:
            from store.files import SymlinkRefused

            try:
                spool_mod.drain(conn)
            except SymlinkRefused as exc:
                run.problem(str(exc))  # this run's own writes still go in
            except Exception as exc:
                if not spool_mod.is_db_failure(exc):
                    raise
                db_problem = _db_message(db_path, exc)
        left = ops
        if ops and conn is not None and db_problem is None:
            # One budget for the whole run: what the drain waited is not waited again.
            remaining_ms = max(50, int((deadline - time.monotonic()) * 1000))
            if remaining_ms < BUSY_TIMEOUT_MS:
                conn.execute(f"PRAGMA busy_timeout = {remaining_ms}")
            done, error = spool_mod.apply_ops(conn, ops)
            left = ops[done:]
            if error is not None:
                db_problem = _db_message(db_path, error)
        if left:
            try:
                spool_mod.spool(left, db_path=db_path)
                run.problem(
                    f"{db_problem} Kept {_count(left)} in the spool; it is written as soon as "
                    "the database takes writes again."
                )
            except Exception as exc:
                run.problem(f"{db_problem} Could not spool the write either ({short(exc)}); it was lost.")
        elif db_problem:
            run.problem(db_problem)
        if conn is not None and judging and db_problem is None:
            _judge_injection(run, conn, name, event)
        if conn is None or not want_context:
            return
        if want_context == "start":
            _session_start_output(run, conn, db_path, event, config)
        else:
            _prompt_context_output(run, conn, event, config)
    finally:
        if conn is not None:
            run.conn = conn  # closed by main(), or left to the process exit (see _finish)


def _count(ops: list[dict]) -> str:
    memories = sum(1 for op in ops if op.get("op") == "memory")
    other = len(ops) - memories
    parts = []
    if memories:
        parts.append(f"{memories} memor{'y' if memories == 1 else 'ies'}")
    if other:
        parts.append(f"{other} session update{'s' if other != 1 else ''}")
    return " and ".join(parts) or "nothing"


def _judge_injection(run, conn, name, event) -> None:
    try:
        from hooks.ledger import judge

        judge(conn, name, event)
    except Exception as exc:
        run.problem(f"could not tell whether the injected memories were used ({short(exc)}).")


def _record(run, record, *args) -> None:
    """One decision into the injection ledger; a failure is said, and changes nothing else."""
    try:
        record(*args)
    except Exception as exc:
        run.problem(f"could not record what was injected in the ledger ({short(exc)}).")


def _session_start_output(run, conn, db_path, event, config) -> None:
    from hooks.context import session_start_plan
    from hooks.ledger import memory_files_at_start

    files = memory_files_at_start(run, event)
    try:
        plan = session_start_plan(conn, text_field(event, "cwd"), event.get("session_id"), config,
                                  source=text_field(event, "source"), memory_files=files)  # fmt: skip
    except Exception as exc:
        run.problem(f"could not build the context ({_db_message(db_path, exc)}).")
        plan = {"block": "", "project": "", "sent": [], "reason": "nothing", "left_out": []}
    if plan["block"]:
        _emit(plan["block"])
    if plan["project"]:
        from hooks.ledger import record_start

        _record(run, record_start, conn, event, plan["project"], plan["sent"], plan["block"], plan, files)
    try:
        from hooks.maintenance import maybe_start

        maybe_start(conn, db_path)
    except Exception as exc:
        run.problem(f"could not start the old-memory cleanup ({short(exc)}).")


def _prompt_context_output(run, conn, event, config) -> None:
    from hooks.recall import prompt_decision

    prompt = prompt_text(event)
    if prompt is None:
        return
    try:
        block, decision, project = prompt_decision(conn, prompt, text_field(event, "cwd"), event.get("session_id"), config)
    except Exception as exc:
        run.problem(f"could not search memory for this prompt ({short(exc)}).")
        return
    own = block
    if config.get("team_recall"):
        block = "\n".join(b for b in (block, _team_recall(run, conn, prompt, event, config)) if b)
    if block:
        _emit(_prompt_output(block))
    if decision["reason"] != "off":
        from hooks.ledger import record_prompt

        _record(run, record_prompt, conn, event, project, decision, own)


def _team_recall(run, conn, prompt: str, event: dict, config: dict) -> str:
    try:
        from hooks.team_recall import team_block

        return team_block(conn, prompt, text_field(event, "cwd"), event.get("session_id"), config)
    except Exception as exc:
        run.problem(f"could not search the team memories for this prompt ({short(exc)}).")
        return ""


def run_hook(stream=None) -> _Run:
    """One hook run over `stream` (default stdin); returns what happened (never raises)."""
    run = _Run()
    try:
        data = read_stdin(stream)
        event = parse_event(data)
        handle(run, event, len(data))
    except Problem as exc:
        run.problem(str(exc))
    except MemoryError:
        run.problem("out of memory reading the event; ignored.")
    except Exception as exc:
        run.problem(f"unexpected {type(exc).__name__}: {short(exc)} (nothing else was affected).")
    return run


def _owns_process() -> bool:
    """True when this process is `memlane-hook` / `python -m hooks[.main]` itself
    (not a test or another program calling main())."""
    entry = sys.modules.get("__main__")
    spec = getattr(entry, "__spec__", None)
    if spec is not None and getattr(spec, "name", None) in ("hooks.main", "hooks.__main__"):
        return True
    return os.path.basename(getattr(entry, "__file__", None) or "").startswith("memlane-hook")


def _bound_wal(run: _Run) -> None:
    from store.database import bound_wal
    from store.paths import default_db_path

    try:
        bound_wal(run.conn, default_db_path())
    except Exception as exc:
        from store.log import log_line

        log_line(f"{run.event}: could not empty the write-ahead log ({short(exc)}).")


def _finish(run: _Run | None) -> None:
    """End the run.  As its own process, the hook leaves without closing the database:
    closing the last connection checkpoints the WAL and deletes it (an fsync and
    ~10-20 ms of disk work per run, and the next run has to create the WAL again).
    Everything is committed by then; SQLite needs no close to stay consistent."""
    if run is not None and run.conn is not None:
        _bound_wal(run)
    if _owns_process():
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception as exc:  # Claude Code closed the pipe: the log file still hears it
                from store.log import log_line

                log_line(f"could not flush the hook's output ({short(exc)}).", stderr=False)
        os._exit(0)
    if run is not None and run.conn is not None:
        try:
            run.conn.close()
        except Exception as exc:
            from store.log import log_line

            log_line(f"could not close the database ({short(exc)}).")


def main(argv: list[str] | None = None) -> int:
    """The console script: always returns 0 (a hook must never block Claude Code)."""
    run = None
    try:
        run = run_hook()
        message = run.message or run.warning
        if message:
            from store.log import log_line

            log_line(f"{run.event}: {message}")
    except BaseException:  # even KeyboardInterrupt: exit 0, quietly
        pass
    _finish(run)
    return 0


if __name__ == "__main__":
    sys.exit(main())

