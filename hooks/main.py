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
  the name Claude Code's /resume shows for it (`hooks.transcripts.title`).
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
run that can write; the writer applies the operations either way (`store.writing.writer.apply_ops`).

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
    HookEvent,
    Problem,
    parse_event,
    read_event,
    read_stdin,
    short,
)

BUSY_TIMEOUT_MS = 1000
CAPTURE_EVENTS = frozenset(("PostToolUse", "PostToolUseFailure", "PreCompact", "PostCompact",
                            "PostModelSwitch", "DirectoryAdded"))  # fmt: skip
HANDLED_EVENTS = CAPTURE_EVENTS | frozenset(
    ("SessionStart", "UserPromptSubmit", "Stop", "SessionEnd", "Notification")
)


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
    hook = read_event(event)
    if not _accepted(run, hook):
        return
    config = _config(run, hook)
    if config is None:
        return  # an excluded project
    from hooks.turns import TurnMarkers

    markers = TurnMarkers()
    if hook.name in CAPTURE_EVENTS and markers.hides(hook.raw_session_id, hook.prompt_id):
        return  # an event of a turn whose prompt was entirely private
    # The privacy filter, before anything else reads the event's text.
    from store.config import privacy_patterns
    from store.paths import default_db_path
    from store.seen_secrets import remembering  # (only `os`: hashing loads where a token asks)

    hook.clean(raw_size, remembering(privacy_patterns(config), default_db_path()))
    ops, want_context = _dispatch(hook, config, markers)
    if ops is None:
        return  # an entirely private prompt: nothing stored, nothing searched
    if want_context:
        # store.config, not hooks.recall: the switch alone loads none of recall
        from store.config import injection_enabled

        if not injection_enabled(config):
            want_context = None
    from store.paths import default_db_path
    from store.writing import pending

    backlog = pending(db_path=default_db_path())
    from hooks.turns import JUDGED_EVENTS, waiting  # not hooks.recall: a stat, no ledger

    judging = hook.name in JUDGED_EVENTS and waiting(hook.session_id)  # an injection awaits its verdict
    if hook.name == "SessionEnd":
        markers.drop(hook.raw_session_id)  # the session's private turns are over
    if not ops and not want_context and not backlog and not judging:
        return  # nothing to write, nothing to say (e.g. `ls`): no database needed
    _with_database(run, hook, ops, want_context, backlog, config, judging)
    if hook.name == "SessionEnd":
        from hooks.background import start_team_sync

        start_team_sync(config)  # after the session's last writes; never waited for


def _accepted(run: _Run, hook: HookEvent) -> bool:
    """True when the hook handles the event (a problem is said where there is one)."""
    run.event = hook.label
    if hook.name not in HANDLED_EVENTS:
        return False
    if hook.name == "Notification" and hook.waiting is None:
        return False  # not a wait for the user (auth done, an update...): nothing kept, nothing said
    if hook.session_id is None:
        run.problem("the event has no session_id; nothing stored.")
        return False
    if hook.odd_session_id is not None:
        run.problem(f"the session id {hook.odd_session_id}; its events are stored under session {hook.session_id}.")
    return not (hook.name == "Stop" and hook.fields.get("stop_hook_active") is True)


def _config(run: _Run, hook: HookEvent) -> dict | None:
    """The settings, or None when the event's project is excluded."""
    from store.config import load_config

    config, warnings = load_config(cached=True)
    if warnings and hook.name == "SessionStart":  # once a session, not on every tool call
        more = f" (and {len(warnings) - 1} more)" if len(warnings) > 1 else ""
        run.warning = warnings[0] + more
    if _excluded(hook.cwd, config) or _excluded(os.environ.get("CLAUDE_PROJECT_DIR"), config):
        return None
    return config


# ------------------------------------------------------------------ one function per event
# Each takes the cleaned event and returns (the operations to write, the context wanted:
# None, "start" or "prompt"); the operations are None when nothing at all is to be done.


def _dispatch(hook: HookEvent, config: dict, markers) -> tuple:
    if hook.name == "SessionStart":
        return _on_session_start(hook)
    if hook.name == "Stop":
        return _on_stop(hook)
    if hook.name == "SessionEnd":
        return _on_session_end(hook)
    if hook.name == "Notification":
        return _on_notification(hook)
    return _on_capture(hook, config, markers)  # UserPromptSubmit and CAPTURE_EVENTS


def _on_capture(hook: HookEvent, config: dict, markers) -> tuple:
    """A prompt or a captured tool event: its memories (and for a prompt, the recall wanted)."""
    turn = None
    if hook.name == "UserPromptSubmit":
        turn = markers.take_prompt(hook.raw_session_id, hook.typed_prompt, hook.prompt_id)
        if turn == "hidden":
            return None, None
    from hooks.capture import is_memory_command, observations_from_event

    ops = [{"op": "memory", "obs": obs} for obs in observations_from_event(hook.fields, config)]
    if hook.name != "UserPromptSubmit":
        return ops, None
    # A private turn gets no recall; `/memory QUERY` prints its own results, recall would repeat them.
    want_context = None if turn or is_memory_command(hook.prompt) else "prompt"
    if ops:
        # A session's summary is built at Stop: until its first turn ends, the session
        # being worked on would be listed without one.
        ops.append({"op": "summary", "session_id": hook.session_id, "if_empty": True})
    return ops, want_context


def _on_session_start(hook: HookEvent) -> tuple:
    ops = [{"op": "start_session", "session_id": hook.session_id, "cwd": hook.cwd}]
    note = _start_note(hook)
    if note:
        ops.append(dict(note, op="session_note", session_id=hook.session_id))
    return ops, "start"


def _on_stop(hook: HookEvent) -> tuple:
    return [{"op": "summary", "session_id": hook.session_id},
            {"op": "session_note", "session_id": hook.session_id, "answered": True}], None  # fmt: skip


def _on_session_end(hook: HookEvent) -> tuple:
    ops = [
        {"op": "end_session", "session_id": hook.session_id, "reason": hook.reason},
        {"op": "summary", "session_id": hook.session_id},
    ]
    named = _transcript_title(hook)
    if named:
        ops.append({"op": "session_note", "session_id": hook.session_id, "title": named[0],
                    "title_kind": named[1]})  # fmt: skip
    from hooks.forks import fork_op

    ops += [op for op in (fork_op(hook.session_id, hook.transcript_path),) if op]  # linked to its parent
    return ops, None


def _on_notification(hook: HookEvent) -> tuple:
    return [{"op": "session_note", "session_id": hook.session_id, "waiting": hook.waiting}], None


def _start_note(hook: HookEvent) -> dict:
    """What a SessionStart says about its session besides its start: the name it is shown
    under, and on a resume or a fork (2.1.150+) what resuming cost (absent is not zero)."""
    event = hook.fields
    note: dict = {}
    title = hook.title
    kind = "start"
    if title is None and hook.source in ("resume", "fork"):
        named = _transcript_title(hook)
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


def _transcript_title(hook: HookEvent):
    from hooks.transcripts import transcript_title

    return transcript_title(hook.transcript_path)


# ------------------------------------------------------------------ the database


# The hook server (`hooks.server`) keeps one connection open between events: its keeper, which
# `_open_database` asks and `_finish` gives the connection back to; None in a hook's own process.
RESIDENT = None


def _open_database(db_path: str):
    if RESIDENT is not None:
        return RESIDENT.open(db_path, BUSY_TIMEOUT_MS)
    from store.database import connect

    return connect(db_path, busy_timeout_ms=BUSY_TIMEOUT_MS)


def _with_database(run, hook: HookEvent, ops, want_context, backlog, config, judging=False) -> None:
    from store.database import StoreError
    from store.paths import default_db_path

    db_path = default_db_path()
    import time

    conn = None
    db_problem = None
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    try:
        conn = _open_database(db_path)
    except StoreError as exc:
        db_problem = str(exc)
    except Exception as exc:  # sqlite3.Error, OSError: still one sentence
        db_problem = _db_message(db_path, exc)
    try:
        if conn is not None and backlog:
            db_problem = _drain(run, conn, db_path)
        db_problem = _write(run, conn, db_path, ops, db_problem, deadline)
        if conn is not None and judging and db_problem is None:
            try:
                from hooks.recall import judge

                judge(conn, hook.name, hook.fields)
            except Exception as exc:
                run.problem(f"could not tell whether the injected memories were used ({short(exc)}).")
        if conn is None or not want_context:
            return
        if want_context == "start":
            _session_start_output(run, conn, db_path, hook, config)
        else:
            _prompt_context_output(run, conn, hook, config)
    finally:
        if conn is not None:
            run.conn = conn  # closed by main(), or left to the process exit (see _finish)


def _drain(run, conn, db_path: str) -> str | None:
    """The spooled writes applied before this run's own; the database's problem, if any."""
    from store.files import SymlinkRefused
    from store.writing import drain, is_db_failure

    try:
        drain(conn)
    except SymlinkRefused as exc:
        run.problem(str(exc))  # this run's own writes still go in
    except Exception as exc:
        if not is_db_failure(exc):
            raise
        return _db_message(db_path, exc)
    return None


def _write(run, conn, db_path: str, ops: list[dict], db_problem: str | None, deadline: float) -> str | None:
    """This run's operations into the database, and what it cannot take into the spool;
    returns the database's problem (None: it took them)."""
    left = ops  # what the database did not take
    if ops and conn is not None and db_problem is None:
        import time

        # One budget for the whole run: what the drain waited is not waited again.
        remaining_ms = max(50, int((deadline - time.monotonic()) * 1000))
        if remaining_ms < BUSY_TIMEOUT_MS:
            conn.execute(f"PRAGMA busy_timeout = {remaining_ms}")
        from store.writing import apply_ops

        done, error = apply_ops(conn, left)
        from store.live_signal import ring

        ring(db_path)  # the app reads now, not at its next poll (store/live_signal.py)
        left = left[done:]
        if error is not None:
            db_problem = _db_message(db_path, error)
    if left:
        from store.writing import spool

        try:
            spool(left, db_path=db_path)
            run.problem(
                f"{db_problem} Kept {_count(left)} in the spool; it is written as soon as "
                "the database takes writes again."
            )
        except Exception as exc:
            run.problem(f"{db_problem} Could not spool the write either ({short(exc)}); it was lost.")
    elif db_problem:
        run.problem(db_problem)
    return db_problem


def _count(ops: list[dict]) -> str:
    memories = sum(1 for op in ops if op.get("op") == "memory")
    other = len(ops) - memories
    parts = []
    if memories:
        parts.append(f"{memories} memor{'y' if memories == 1 else 'ies'}")
    if other:
        parts.append(f"{other} session update{'s' if other != 1 else ''}")
    return " and ".join(parts) or "nothing"


# ------------------------------------------------------------------ what Claude is told


def _record(run, record, *args) -> None:
    """One decision into the injection ledger; a failure is said, and changes nothing else."""
    try:
        record(*args)
    except Exception as exc:
        run.problem(f"could not record what was injected in the ledger ({short(exc)}).")


def _memory_files_at_start(run, event: dict) -> list[dict]:
    """The memory files Claude Code loads at this start, with their text (a few small files
    stat-ed and read); [] when they cannot be read (said once, nothing else changes)."""
    try:
        from store.claude_memory import loaded_files

        folder = os.environ.get("CLAUDE_PROJECT_DIR") or event.get("cwd")
        if not isinstance(folder, str) or not folder:
            return []
        return loaded_files(folder, topics=False, with_text=True)
    except Exception as exc:
        run.problem(f"could not read Claude Code's memory files ({type(exc).__name__}: {exc}).")
        return []


def _session_start_output(run, conn, db_path, hook: HookEvent, config) -> None:
    from hooks.recall import session_start_plan

    files = _memory_files_at_start(run, hook.fields)
    try:
        basis, source = hook.session_id, hook.source
        if source == "fork":  # a fork holds its parent's conversation: what is new since the parent's block
            from hooks.forks import parent_at_start

            parent = parent_at_start(conn, hook.session_id, hook.cwd, hook.title)
            basis, source = (parent, "resume") if parent else (basis, source)
        plan = session_start_plan(conn, hook.cwd, basis, config, source=source, memory_files=files)
    except Exception as exc:
        run.problem(f"could not build the context ({_db_message(db_path, exc)}).")
        plan = {"block": "", "project": "", "sent": [], "reason": "nothing", "left_out": []}
    if plan["block"]:
        _emit(plan["block"])
    if plan["project"]:
        from hooks.recall import record_start

        _record(run, record_start, conn, hook.fields, plan["project"], plan["sent"], plan["block"], plan, files)
    try:
        from hooks.background import maybe_start

        maybe_start(conn, db_path)
    except Exception as exc:
        run.problem(f"could not start the old-memory cleanup ({short(exc)}).")


def _prompt_context_output(run, conn, hook: HookEvent, config) -> None:
    from hooks.recall import prompt_decision

    if hook.prompt is None:
        return
    try:
        block, decision, (project, project_name) = prompt_decision(conn, hook.prompt, hook.cwd, hook.session_id, config)
    except Exception as exc:
        run.problem(f"could not search memory for this prompt ({short(exc)}).")
        return
    own = block
    if config.get("team_recall"):
        try:
            from hooks.recall import team_block

            block = "\n".join(b for b in (block, team_block(hook.prompt, project_name, config)) if b)
        except Exception as exc:
            run.problem(f"could not search the team memories for this prompt ({short(exc)}).")
    if block:
        _emit(_prompt_output(block))
    if decision["reason"] != "off":
        from hooks.recall import record_prompt

        _record(run, record_prompt, conn, hook.fields, project, decision, own)


def run_hook(stream=None, read=None) -> _Run:
    """One hook run over `stream` (default stdin), or over what `read()` returns (the event a
    hook client already read: `hooks.client`, `hooks.server`); returns what happened (never raises)."""
    run = _Run()
    try:
        data = read() if read is not None else read_stdin(stream)
        event = parse_event(data)
        handle(run, event, len(data))
    except Problem as exc:
        run.problem(str(exc))
    except MemoryError:
        run.problem("out of memory reading the event; ignored.")
    except Exception as exc:
        run.problem(f"unexpected {type(exc).__name__}: {short(exc)} (nothing else was affected).")
    return run


_LAUNCHED: list[bool] = []


def launched(read=None) -> int:
    """The hook run in a process that is the hook's own (see `_owns_process`): as `memlane
    install` wrote it before the hook server (`python -I -S -c ...`), and as `hooks.client`
    runs it when no server takes the event (`read`: the event it already read)."""
    _LAUNCHED.append(True)
    return main(read=read)


def _owns_process() -> bool:
    """True when this process is `memlane-hook` / `python -m hooks[.main]` / `launched()`
    itself (not a test or another program calling main())."""
    if _LAUNCHED:
        return True
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
    if run is not None and run.conn is not None and RESIDENT is not None:
        RESIDENT.release(run.conn)  # kept for the server's next event
    elif run is not None and run.conn is not None:
        try:
            run.conn.close()
        except Exception as exc:
            from store.log import log_line

            log_line(f"could not close the database ({short(exc)}).")


def _without_cycle_collector() -> None:
    """As its own process, the hook runs without Python's cycle collector: the collections the
    imports and the event's parsing set off walk every object made so far (about 5% of a
    PostToolUse run), to free next to nothing (the hook makes few reference cycles, and ends
    with `os._exit` within a second).  Reference counting still frees everything else."""
    if _owns_process():
        import gc

        gc.disable()


def main(argv: list[str] | None = None, read=None) -> int:
    """The console script: always returns 0 (a hook must never block Claude Code).  The hook
    server (`hooks.server`) runs each event through here too, with `read` giving its bytes."""
    run = None
    _without_cycle_collector()
    try:
        run = run_hook(read=read)
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

