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
- SessionEnd: close the session (end time, reason, duration) and summarise it.
- Anything else: ignored quietly.

Fail open: whatever happens the process exits 0, prints nothing but valid
context output, and reports a problem as one `[memlane] <event>: <sentence>`
line on stderr and in the log.  A write the database cannot take within
BUSY_TIMEOUT_MS goes to the spool (`store.spool`) and is applied by the next
run that can write.

Imports: only `store`, `hooks` and the standard library, and on the
PostToolUse path only what that path needs: no dataclasses, typing, logging,
tomllib (the parsed config is cached as JSON) or subprocess.  (`datetime`
comes with `sqlite3` itself.)  Run as its own process, the hook ends with
`os._exit(0)` without closing the database (see `_finish`).
"""

from __future__ import annotations

import os
import sys

MAX_STDIN_BYTES = 16 * 1024 * 1024
STDIN_TIMEOUT_S = 2.0
BUSY_TIMEOUT_MS = 1000
MAX_FIELD_CHARS = 100_000  # longer strings keep a head and a tail before the privacy filter
# Work per event is bounded by counts as well as bytes: 15 MB of `{},` is 5M objects.
MAX_JSON_CONTAINERS = 300_000  # objects + arrays in one event (counted before parsing)
MAX_ITEMS = 1000  # items kept of one list or object
MAX_DEPTH = 40  # nesting kept
MAX_VALUES = 20_000  # values kept in one event in all
CAPTURE_EVENTS = frozenset(("PostToolUse", "PostToolUseFailure", "PreCompact", "PostCompact"))
HANDLED_EVENTS = CAPTURE_EVENTS | frozenset(("SessionStart", "UserPromptSubmit", "Stop", "SessionEnd"))
PRIVATE_TURNS_DIR = "private-turns"


class Problem(Exception):
    """Something the user may want to know, in one sentence (logged, never raised out)."""


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


# ------------------------------------------------------------------ stdin


def _read_fallback(stream, cap: int) -> bytes:
    """Read a stream without a file descriptor (tests, odd platforms)."""
    buffer = getattr(stream, "buffer", None)
    data = (buffer or stream).read(cap + 1)
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    return data or b""


def _looks_complete(chunks: list[bytes]) -> bool:
    """The data so far is one whole JSON object (the sender may keep stdin open)."""
    last = chunks[-1].rstrip()
    if not last.endswith(b"}"):
        return False
    import json

    try:
        json.loads(b"".join(chunks))
        return True
    except (ValueError, RecursionError):
        return False


def read_stdin(stream=None, timeout: float = STDIN_TIMEOUT_S, cap: int = MAX_STDIN_BYTES) -> bytes:
    """All of stdin, waiting at most `timeout` seconds in all.

    Stops early when what has arrived is a whole JSON object and nothing more
    is coming right now (Claude Code may leave the pipe open).  Raises Problem
    when more than `cap` bytes arrive.
    """
    stream = sys.stdin if stream is None else stream
    if stream is None:
        return b""
    try:
        fd = stream.fileno()
    except (AttributeError, ValueError, OSError):
        data = _read_fallback(stream, cap)
        if len(data) > cap:
            raise Problem(f"the event is larger than {cap // 2**20} MB; ignored.") from None
        return data
    import select
    import time

    deadline = time.monotonic() + timeout
    chunks: list[bytes] = []
    size = 0
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            break
        try:
            ready, _, _ = select.select([fd], [], [], 0 if chunks else remaining)
            if not ready and chunks:
                if _looks_complete(chunks):
                    break
                ready, _, _ = select.select([fd], [], [], remaining)
        except (OSError, ValueError):  # pragma: no cover - select cannot wait on this stdin
            data = b"".join(chunks) + os.read(fd, cap + 1 - size)
            chunks, size = [data], len(data)
            break
        if not ready:
            break
        try:
            chunk = os.read(fd, 1 << 20)
        except InterruptedError:  # pragma: no cover
            continue
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
        if size > cap:
            raise Problem(f"the event is larger than {cap // 2**20} MB; ignored.") from None
    return b"".join(chunks)


def parse_event(data: bytes) -> dict:
    """The event dict from stdin bytes (invalid UTF-8 replaced); Problem if unusable."""
    import json

    containers = data.count(b"{") + data.count(b"[")  # an upper bound (brackets in strings too)
    if containers > MAX_JSON_CONTAINERS:
        raise Problem(
            f"the event holds up to {containers} JSON objects and arrays (more than "
            f"{MAX_JSON_CONTAINERS}); ignored so that this tool call is not slowed down."
        )
    text = data.decode("utf-8", "replace").strip()
    if not text:
        raise Problem("no event on stdin; nothing to do.")
    try:
        event = json.loads(text)
    except RecursionError:
        raise Problem("the event is nested too deeply to read; ignored.") from None
    except ValueError as exc:
        raise Problem(f"the event is not valid JSON ({_short(exc)}); ignored.") from None
    if not isinstance(event, dict):
        raise Problem(f"the event is a JSON {type(event).__name__}, not an object; ignored.")
    return event


def _short(value: object, limit: int = 120) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _label(name: object) -> str:
    if isinstance(name, str) and name and len(name) <= 40 and name.isprintable():
        return name
    return "hook"


# ------------------------------------------------------------ config


def load_config_cached() -> tuple[dict, list[str]]:
    """`store.config.load_config()`, remembered as JSON next to it.

    Reading TOML means importing tomllib (~5 ms) on every tool call; the parsed
    result is kept in `<memlane home>/.config-cache.json`, keyed by the config
    file's path, size and modification time, and re-read only when it changes.
    """
    import json

    from store.config import load_config
    from store.paths import config_path, memlane_home

    path = config_path()
    try:
        st = os.stat(path)
    except OSError:
        return load_config()  # no file: defaults, no tomllib
    key = [path, st.st_size, st.st_mtime_ns]
    cache = os.path.join(memlane_home(), ".config-cache.json")
    from store.files import read_regular

    try:
        saved = json.loads(read_regular(cache))  # a FIFO here is not waited on
        if saved.get("key") == key and isinstance(saved.get("config"), dict):
            return saved["config"], list(saved.get("warnings") or [])
    except (OSError, ValueError, AttributeError):
        pass
    config, warnings = load_config(path)
    try:
        from store.files import make_private_dir, write_private_atomic

        make_private_dir(os.path.dirname(cache))
        data = json.dumps({"key": key, "config": config, "warnings": warnings})
        write_private_atomic(cache, data.encode("utf-8", "replace"), "the config cache")
    except OSError as exc:  # the settings still apply; only the next run's shortcut is lost
        from store.log import log_line

        log_line(f"the config cache {cache} could not be written ({_short(exc)}).")
    return config, warnings


# ------------------------------------------------------------ before cleaning


def _safe_cap(text: str, limit: int = MAX_FIELD_CHARS) -> str:
    """A head and a tail of a huge string, cut so the privacy filter still sees whole things.

    Private/injected blocks are removed from the whole text first (a linear
    scan).  The cuts fall on line ends (a secret assignment is one line); a
    tail is kept only when it starts on a new line, and a private key whose
    BEGIN line was cut away is dropped up to its END line.
    """
    from store.privacy import strip_injected, strip_private

    text = strip_private(strip_injected(text))
    if len(text) <= limit:
        return text
    half = limit // 2
    cut = text.rfind("\n", half // 2, half)
    if cut < 0:
        space = max(text.rfind(" ", half - 1000, half), text.rfind("\t", half - 1000, half))
        cut = space if space > 0 else half
    head = text[:cut]
    tail = ""
    start = text.find("\n", len(text) - half, len(text) - half // 2)
    if start >= 0:
        tail = text[start + 1 :]
        import re

        end = re.search(r"-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----", tail)
        if end and "-----BEGIN" not in tail[: end.start()]:
            tail = tail[end.end() :]
    dropped = len(text) - len(head) - len(tail)
    return head + f"\n… [{dropped} chars cut] …\n" + tail


def _cap_strings(value, limit: int = MAX_FIELD_CHARS):
    """A bounded copy of a JSON value: strings longer than `limit` cut, at most MAX_ITEMS
    items of a list or object, MAX_DEPTH levels and MAX_VALUES values in all (a marker
    says what was left out).  Breadth first, so the event's own fields always stay."""
    if isinstance(value, str):
        return _safe_cap(value, limit) if len(value) > limit else value
    if not isinstance(value, (dict, list)):
        return value
    from collections import deque

    root = {} if isinstance(value, dict) else []
    queue = deque([(value, root, 1)])
    budget = MAX_VALUES
    while queue:
        src, dst, depth = queue.popleft()
        is_dict = isinstance(src, dict)
        total = len(src)
        keep = min(total, MAX_ITEMS, max(0, budget))
        budget -= keep
        items = src.items() if is_dict else enumerate(src)
        for n, (key, item) in enumerate(items):
            if n >= keep:
                break
            if isinstance(item, str):
                new = _safe_cap(item, limit) if len(item) > limit else item
            elif isinstance(item, (dict, list)):
                if depth >= MAX_DEPTH:
                    new = f"… nested deeper than {MAX_DEPTH} levels"
                else:
                    new = {} if isinstance(item, dict) else []
                    queue.append((item, new, depth + 1))
            else:
                new = item
            if is_dict:
                dst[key] = new
            else:
                dst.append(new)
        if keep < total:
            note = f"… {total - keep} more items"
            if is_dict:
                dst["…"] = note
            else:
                dst.append(note)
    return root


def prune_event(event: dict, raw_size: int) -> dict:
    """Drop what capture never stores before the (costly) privacy filter runs.

    Edit's `originalFile` (the whole file), Read's file content and Write's
    echoed content go; strings over MAX_FIELD_CHARS keep a head and a tail.
    Dropping text can only make less of it reach the store.
    """
    response = event.get("tool_response")
    if isinstance(response, dict):
        response = dict(response)
        response.pop("originalFile", None)
        file_info = response.get("file")
        if isinstance(file_info, dict) and "content" in file_info:
            response["file"] = {k: v for k, v in file_info.items() if k != "content"}
        tool_input = event.get("tool_input")
        if (
            isinstance(tool_input, dict)
            and isinstance(response.get("content"), str)
            and response.get("content") == tool_input.get("content")
        ):
            del response["content"]
        event = dict(event, tool_response=response)
    if raw_size > MAX_FIELD_CHARS:
        event = _cap_strings(event)
    return event


# ------------------------------------------------------------ private turns
#
# The rule is hooks.turns'.  The hook keeps a session's private turns in a small
# file `<memlane home>/private-turns/<hash of session id>`: the first line is
# the open turn (its prompt_id, "" for a prompt without one, "-" for none); the
# other lines are every private prompt_id of the session, so a late event of a
# private turn (a background subagent finishing after the next prompt) is
# still dropped.  SessionEnd deletes the file; maintenance prunes old ones.

_NO_TURN = "-"


_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")


def _marker(session_id: str) -> str:
    from store.paths import memlane_home

    if 0 < len(session_id) <= 80 and set(session_id) <= _ID_CHARS:
        name = "s-" + session_id  # Claude Code's ids are UUIDs: safe as they are
    else:
        from store.digest import text_digest

        name = "h-" + text_digest(session_id)[:32]
    return os.path.join(memlane_home(), PRIVATE_TURNS_DIR, name)


def _read_turns(session_id: str) -> tuple[str | None, list[str]] | None:
    """(open turn or None, private prompt ids) or None when the session has none."""
    from store.files import read_regular, refuse_symlink

    path = _marker(session_id)
    try:
        refuse_symlink(os.path.dirname(path), "the private-turns folder")
        refuse_symlink(path, "a private-turn marker")
        lines = read_regular(path).decode("utf-8", "replace").split("\n")
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError:
        return "", []  # a marker we cannot read (or a symbolic link): fail closed
    current = lines[0] if lines else ""
    return (None if current == _NO_TURN else current), [ln for ln in lines[1:] if ln]


def _write_turns(session_id: str, current: str | None, ids: list[str]) -> None:
    path = _marker(session_id)
    if current is None and not ids:
        _remove_marker(path)
        return
    from store.files import make_private_dir, write_private_atomic

    make_private_dir(os.path.dirname(path), "the private-turns folder")
    text = "\n".join([_NO_TURN if current is None else current, *ids])
    write_private_atomic(path, text.encode("utf-8", "replace"), "a private-turn marker")


def open_private_turn(session_id: str, turn: str) -> None:
    state = _read_turns(session_id)
    ids = state[1] if state else []
    if turn and turn not in ids:
        ids.append(turn)
    _write_turns(session_id, turn, ids[-200:])


def close_private_turn(session_id: str) -> None:
    """A new, not private prompt: the open turn is over (its ids are still remembered)."""
    state = _read_turns(session_id)
    if state is not None and state[0] is not None:
        _write_turns(session_id, None, state[1])


def drop_private_turns(session_id: str) -> None:
    _remove_marker(_marker(session_id))


def _remove_marker(path: str) -> None:
    """A private-turn marker gone; one that cannot be removed is said, not ignored."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as exc:
        from store.log import log_line

        log_line(f"the private-turn marker {path} could not be removed ({_short(exc)}).")


def in_private_turn(session_id: str, prompt_id: str | None) -> bool:
    """True when an event of this session and prompt belongs to a private turn."""
    state = _read_turns(session_id)
    if state is None:
        return False
    current, ids = state
    if prompt_id and prompt_id in ids:
        return True
    from hooks.turns import in_private_turn as in_turn

    return in_turn(current, prompt_id)


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
    from store.db import StoreError, describe_error

    if isinstance(exc, StoreError):
        return str(exc)
    return describe_error(db_path, exc)


def _excluded(path: str | None, config: dict) -> bool:
    if not path or not isinstance(path, str) or not config.get("exclude_projects"):
        return False
    from store.config import is_project_excluded

    return is_project_excluded(path, config)


def _text_field(event: dict, key: str) -> str | None:
    value = event.get(key)
    return value if isinstance(value, str) and value else None


def handle(run: _Run, event: dict, raw_size: int = 0) -> None:
    name = event.get("hook_event_name")
    if not isinstance(name, str) or not name:
        run.problem("the event has no hook_event_name; ignored.")
        return
    run.event = _label(name)
    if name not in HANDLED_EVENTS:
        return
    session_id = event.get("session_id")
    if not isinstance(session_id, str) or not session_id.strip():
        run.problem("the event has no session_id; nothing stored.")
        return
    if name == "Stop" and event.get("stop_hook_active") is True:
        return

    config, warnings = load_config_cached()
    if warnings and name == "SessionStart":  # once a session, not on every tool call
        more = f" (and {len(warnings) - 1} more)" if len(warnings) > 1 else ""
        run.warning = warnings[0] + more
    cwd = _text_field(event, "cwd")
    if _excluded(cwd, config):
        return
    if _excluded(os.environ.get("CLAUDE_PROJECT_DIR"), config):
        return
    prompt_id = _text_field(event, "prompt_id")
    if name in CAPTURE_EVENTS and in_private_turn(session_id, prompt_id):
        return  # an event of a turn whose prompt was entirely private
    private_turn = None
    prompt_hidden = True
    if name == "UserPromptSubmit":
        from hooks.turns import private_turn as private_turn_of

        raw_prompt = event.get("prompt")
        if not isinstance(raw_prompt, str) or not raw_prompt.strip():
            raw_prompt = event.get("user_prompt")
        private_turn = private_turn_of(raw_prompt, prompt_id)  # judged before cleaning
        if private_turn is not None:
            from hooks.turns import prompt_is_hidden

            prompt_hidden = prompt_is_hidden(raw_prompt)

    # The privacy filter, before anything else reads the event's text.
    from store.privacy import clean_value
    from store.text import storable

    raw_session_id = session_id  # private-turn markers are keyed by the id as sent
    event = clean_value(prune_event(event, raw_size), config.get("secret_patterns") or ())
    session_id = storable(_text_field(event, "session_id") or session_id)  # as the memories carry it
    event["session_id"] = session_id
    cwd = _text_field(event, "cwd")

    ops: list[dict] = []
    want_context = None
    if name in CAPTURE_EVENTS or name == "UserPromptSubmit":
        if private_turn is not None:
            open_private_turn(raw_session_id, private_turn)
            if prompt_hidden:
                return  # an entirely private prompt: nothing stored, nothing searched
        from hooks.capture import is_memory_command, observations_from_event

        if name == "UserPromptSubmit" and private_turn is None:
            close_private_turn(raw_session_id)
            # `/memory QUERY` prints its own results; recall would only repeat them.
            want_context = None if is_memory_command(event.get("prompt")) else "prompt"

        ops = [{"op": "memory", "obs": obs} for obs in observations_from_event(event, config)]
    elif name == "SessionStart":
        ops = [{"op": "start_session", "session_id": session_id, "cwd": cwd}]
        want_context = "start"
    elif name == "Stop":
        ops = [{"op": "summary", "session_id": session_id}]
    elif name == "SessionEnd":
        reason = _text_field(event, "reason")
        ops = [
            {"op": "end_session", "session_id": session_id, "reason": reason},
            {"op": "summary", "session_id": session_id},
        ]
        drop_private_turns(raw_session_id)

    if want_context:
        from hooks.context import injection_enabled

        if not injection_enabled(config):
            want_context = None
    from store import spool as spool_mod
    from store.paths import default_db_path

    backlog = spool_mod.pending(db_path=default_db_path())
    if not ops and not want_context and not backlog:
        return  # nothing to write, nothing to say (e.g. `ls`): no database needed
    _with_database(run, name, event, ops, want_context, backlog, config)
    if name == "SessionEnd":
        from hooks.team_trigger import start_background_sync

        start_background_sync(config)  # after the session's last writes; never waited for


def _with_database(run, name, event, ops, want_context, backlog, config) -> None:
    from store import spool as spool_mod
    from store.db import StoreError, connect
    from store.paths import default_db_path

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
                run.problem(f"{db_problem} Could not spool the write either ({_short(exc)}); it was lost.")
        elif db_problem:
            run.problem(db_problem)
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


def _session_start_output(run, conn, db_path, event, config) -> None:
    from hooks.context import session_start_block

    try:
        block = session_start_block(conn, _text_field(event, "cwd"), event.get("session_id"), config)
    except Exception as exc:
        run.problem(f"could not build the context ({_db_message(db_path, exc)}).")
        block = ""
    if block:
        _emit(block)
    try:
        from hooks.maintenance import maybe_start

        maybe_start(conn, db_path)
    except Exception as exc:
        run.problem(f"could not start the old-memory cleanup ({_short(exc)}).")


def _prompt_context_output(run, conn, event, config) -> None:
    from hooks.context import prompt_block

    prompt = event.get("prompt")
    if not isinstance(prompt, str) or not prompt.strip():
        prompt = event.get("user_prompt")
    if not isinstance(prompt, str):
        return
    try:
        block = prompt_block(
            conn, prompt, _text_field(event, "cwd"), event.get("session_id"), config
        )
    except Exception as exc:
        run.problem(f"could not search memory for this prompt ({_short(exc)}).")
        return
    if config.get("team_recall"):
        block = "\n".join(b for b in (block, _team_recall(run, conn, prompt, event, config)) if b)
    if block:
        _emit(_prompt_output(block))


def _team_recall(run, conn, prompt: str, event: dict, config: dict) -> str:
    try:
        from hooks.team_recall import team_block

        return team_block(conn, prompt, _text_field(event, "cwd"), event.get("session_id"), config)
    except Exception as exc:
        run.problem(f"could not search the team memories for this prompt ({_short(exc)}).")
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
        run.problem(f"unexpected {type(exc).__name__}: {_short(exc)} (nothing else was affected).")
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
    from store.db import bound_wal
    from store.paths import default_db_path

    try:
        bound_wal(run.conn, default_db_path())
    except Exception as exc:
        from store.log import log_line

        log_line(f"{run.event}: could not empty the write-ahead log ({_short(exc)}).")


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

                log_line(f"could not flush the hook's output ({_short(exc)}).", stderr=False)
        os._exit(0)
    if run is not None and run.conn is not None:
        try:
            run.conn.close()
        except Exception as exc:
            from store.log import log_line

            log_line(f"could not close the database ({_short(exc)}).")


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
