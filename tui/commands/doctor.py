"""`memlane doctor`: is the install wired up, the database healthy, the config valid, the log quiet?"""

from __future__ import annotations

import os
import re
import shlex
import time

from store.database import (
    FULL_CHECK_BUDGET_S,
    REBUILD_INDEX,
    damage_sentence,
    file_version,
    health,
    integrity_problems,
)
from store.paths import claude_settings_path, claude_user_config_path
from store.reading import stats
from tui.commands.install import (
    EVENTS,
    FAIL,
    NOTE,
    OK,
    RECENT_LOG_S,
    InstallError,
    is_ours,
    is_text_script,
    memlane_hooks_in,
    memory_command_path,
    read_settings,
)
from tui.formatting import plural


class _Report:
    def __init__(self, say):
        self.say = say
        self.failed = 0

    def ok(self, text: str) -> None:
        self.say(f"{OK} {text}")

    def fail(self, text: str) -> None:
        self.failed += 1
        self.say(f"{FAIL} {text}")

    def note(self, text: str) -> None:
        self.say(f"  {text}")


def cmd_doctor(args) -> int:
    if getattr(args, "repair", False):
        return repair(args.db)
    return doctor(args.db, redact_secrets=getattr(args, "redact_secrets", False))


def repair(db_path: str, *, say=print) -> int:
    """`memlane doctor --repair`: a damaged database's readable memories into a sound file."""
    from store.database import RepairError, StoreError, connect
    from store.database import repair as repair_copy

    if not os.path.exists(db_path):
        say(f"{FAIL} no database at {db_path}; nothing to repair.")
        return 1
    try:
        kept = repair_copy(db_path)
        conn = connect(db_path, create=False)
        try:
            problems = integrity_problems(conn, full=True, budget_s=FULL_CHECK_BUDGET_S)
            memories = stats(conn)["memories"]
        finally:
            conn.close()
    except (RepairError, StoreError) as exc:
        say(f"{FAIL} {exc}")
        return 1
    if problems:
        say(f"{FAIL} {damage_sentence(db_path, problems)}")
        return 1
    say(f"{OK} {db_path} rebuilt from what could be read: {plural(memories, 'memory')}; "
        f"the damaged file is kept as {kept} (delete it once all is well).")  # fmt: skip
    return 0


def doctor(db_path: str, *, say=print, run_hook: bool = True, redact_secrets: bool = False) -> int:
    """Check the install, the database and the recent hook errors; 0 if all is well, else 1.

    The database check includes the secrets audit (today's rules over what is stored);
    `redact_secrets` redacts what it finds."""
    report = _Report(say)
    _check_install(report, run_hook)
    _check_mcp(report, run_hook)
    _check_database(report, db_path, redact_secrets)
    _check_hook_server(report, db_path)
    _check_config(report)
    _check_log(report)
    if report.failed:
        say(f"{plural(report.failed, 'problem')} found.")
        return 1
    say("All good.")
    return 0


def _check_install(report: _Report, run_hook: bool) -> None:
    path = claude_settings_path()
    try:
        settings, original = read_settings(path)
    except InstallError as exc:
        report.fail(str(exc))
        return
    if original is None:
        report.fail(f"{path} does not exist: run `memlane install`")
        return
    report.ok(f"{path} parses")
    groups_by_event = settings.get("hooks") or {}
    commands: list[str] = []
    missing, doubled = [], []
    for event in EVENTS:
        groups = groups_by_event.get(event) or []
        ours = memlane_hooks_in(groups)
        if not ours:
            missing.append(event)
        elif len(ours) > 1:
            doubled.append(event)
        for gi, hi in ours:
            cmd = groups[gi]["hooks"][hi].get("command")
            if cmd not in commands:
                commands.append(cmd)
    if missing:
        report.fail(f"no memlane hook for {', '.join(missing)}: run `memlane install`")
    else:
        report.ok(f"memlane hooks for all {len(EVENTS)} events")
    if doubled:
        report.fail(f"memlane runs twice for {', '.join(doubled)}: run `memlane install` to fix")
    if len(commands) > 1:
        report.fail(f"the hooks call {len(commands)} different commands: run `memlane install`")
    for command in commands:
        _check_command(report, command, run_hook)
    memory_path = memory_command_path()
    if is_ours(memory_path):
        report.ok(f"/memory command installed ({memory_path})")
    elif os.path.exists(memory_path):
        report.note(f"{NOTE} {memory_path} is not memlane's: /memory is someone else's command")
    else:
        report.fail(f"/memory command missing ({memory_path}): run `memlane install`")


def _check_command(report: _Report, command: str, run_hook: bool) -> None:
    try:
        words = shlex.split(command)
    except ValueError:
        report.fail(f"the hook command cannot be parsed: {command}")
        return
    paths = [w for w in words if os.path.isabs(w)]
    if not words or not os.path.isabs(words[0]):
        report.fail(f"the hook command does not start with an absolute path: {command}")
    bad = [p for p in paths if not os.path.exists(p)]  # the interpreter, and the folders the hook imports from
    if bad:
        report.fail(f"the hook command points at {', '.join(bad)}, which does not exist: run `memlane install`")
        return
    if words and is_text_script(words[0]) and "shims" in words[0]:
        report.fail(f"the hook runs through a shim ({words[0]}), which adds ~70 ms per call: run `memlane install`")
    if not run_hook:
        report.ok(f"hook command: {command}")
        return
    ok, detail, ms = _run_hook(command)
    if not ok:
        report.fail(f"the hook command failed ({detail}): {command}")
        return
    slow = f"the hook is slow: {detail} (it runs on every tool call; ~40-100 ms is usual)"
    stale = _stale_bytecode() if ms > SLOW_HOOK_MS else ""
    if stale:  # memlane's own doing, and `memlane install` mends it
        report.fail(f"{slow}: {stale}")
        return
    report.ok(f"hook command runs ({detail}): {command}")
    if ms > SLOW_HOOK_MS:
        report.note(f"{NOTE} {slow}: {_other_slowness()}")


SLOW_HOOK_MS = 300


def _stale_bytecode() -> str:
    """Why the hook compiles memlane's modules on every run ("" when it does not)."""
    from tui.commands.bytecode import bytecode_disabled, stale_hook_modules

    stale = len(stale_hook_modules())
    if not stale:
        return ""
    why = "PYTHONDONTWRITEBYTECODE is set, so Python never keeps" if bytecode_disabled() else "Python has not kept"
    return (f"{why} the bytecode of {stale} of the modules it imports, and compiles them on every "
            "run: `memlane install` writes it (Python still reads it with that variable set).")  # fmt: skip


def _other_slowness() -> str:
    """What else makes a hook slow here, as far as doctor can tell."""
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = 0.0
    if load > (os.cpu_count() or 1):
        return f"the machine is busy (load {load:.1f} on {os.cpu_count()} cores); run `memlane doctor` again later."
    return "not the bytecode nor the load; `python -X importtime -m hooks < /dev/null` shows where the time goes."


def _run_hook(command: str) -> tuple[bool, str, float]:
    """Run the hook as Claude Code would, on one prompt, against a throwaway memlane home:
    (passed, what happened, milliseconds).

    Passes if it exits 0, logs no problem and stored the prompt in the scratch database.
    """
    import json
    import sqlite3
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory(prefix="memlane-doctor-") as scratch:
        db = os.path.join(scratch, "memory.db")
        # No hook server for a scratch database that is removed right after (one starting in
        # it would race the removal): the hook runs the prompt itself, as with no server up.
        env = dict(os.environ, MEMLANE_HOME=scratch, MEMLANE_DB=db, MEMLANE_HOOK_SERVER="off")
        event = {
            "hook_event_name": "UserPromptSubmit", "session_id": "memlane-doctor", "cwd": scratch,
            "prompt": "memlane doctor check", "transcript_path": "", "permission_mode": "default",
        }  # fmt: skip
        start = time.perf_counter()
        try:
            done = subprocess.run(
                command, shell=True, input=json.dumps(event).encode(), capture_output=True,
                env=env, timeout=20, cwd=scratch,
            )  # fmt: skip
        except subprocess.TimeoutExpired:
            return False, "no answer in 20 s", 20_000.0
        except OSError as exc:
            return False, exc.strerror or str(exc), 0.0
        ms = (time.perf_counter() - start) * 1000
        if done.returncode != 0:
            err = done.stderr.decode("utf-8", "replace").strip().splitlines()
            return False, f"exit {done.returncode}" + (f": {err[-1][:200]}" if err else ""), ms
        try:
            with open(os.path.join(scratch, "memlane.log"), encoding="utf-8", errors="replace") as fh:
                logged = [ln for ln in fh.read().splitlines() if ln.strip()]
        except OSError:
            logged = []
        if logged:
            return False, logged[-1][:200], ms
        from store.database import StoreError, connect
        from store.reading import latest_memory_id

        try:
            conn = connect(db, readonly=True)
            try:
                stored = latest_memory_id(conn)
            finally:
                conn.close()
        except (StoreError, sqlite3.Error):
            stored = 0
        if not stored:
            return False, "it ran but stored nothing", ms
    return True, f"a test prompt reached a scratch database in {ms:.0f} ms", ms


def _check_mcp(report: _Report, run_server: bool) -> None:
    """memlane's MCP server is registered in ~/.claude.json, starts, and lists its tools."""
    from tui.commands import mcp_config

    path = claude_user_config_path()
    try:
        config, _ = mcp_config.read_config(path)
    except mcp_config.ConfigError as exc:
        report.fail(str(exc))
        return
    entry = mcp_config.registered(config)
    if entry is None:
        report.fail(f"no MCP server memlane in {path}: run `memlane install`")
        return
    if not mcp_config.is_memlane_entry(entry):
        report.fail(f"the MCP server memlane in {path} does not run memlane")
        return
    command = [entry.get("command"), *(entry.get("args") or [])]
    if not all(isinstance(w, str) for w in command) or not os.path.isabs(command[0]):
        report.fail(f"the MCP server memlane in {path} has no absolute command: run `memlane install`")
        return
    shown = " ".join(shlex.quote(w) for w in command)
    if not run_server:
        report.ok(f"MCP server memlane registered: {shown}")
        return
    ok, detail = probe_mcp_server(command, entry.get("env") if isinstance(entry.get("env"), dict) else {})
    if ok:
        report.ok(f"MCP server memlane answers ({detail}): {shown}")
    else:
        report.fail(f"the MCP server memlane does not work ({detail}): {shown}")


def probe_mcp_server(command: list[str], env: dict | None = None, timeout: float = 30) -> tuple[bool, str]:
    """Start an MCP server the way Claude Code does (stdio, JSON-RPC lines), ask `tools/list`.

    Passes when the answer names memlane's three tools. Returns (ok, detail).
    """
    import json
    import subprocess

    from tui.commands.mcp_config import TOOL_NAMES

    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "memlane-doctor", "version": "1"}}}  # fmt: skip
    # Like a real client, nothing else is sent before the answer to initialize: the SDK's
    # server does not always answer a tools/list that arrives before it (seen 2 in 8 runs).
    after_init = [{"jsonrpc": "2.0", "method": "notifications/initialized"},
                  {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}}]  # fmt: skip
    start = time.perf_counter()
    try:
        proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env={**os.environ, **(env or {})})  # fmt: skip
    except OSError as exc:
        return False, exc.strerror or str(exc)
    answers: dict = {}
    deadline = start + timeout
    try:
        assert proc.stdin and proc.stdout
        for wanted, sending in ((1, [initialize]), (2, after_init)):
            proc.stdin.write("".join(json.dumps(r) + "\n" for r in sending).encode())
            proc.stdin.flush()
            while wanted not in answers:
                line = _read_line(proc, deadline)
                if line is None:
                    break
                try:
                    message = json.loads(line)
                except ValueError:
                    return False, f"it wrote something that is not JSON-RPC: {line[:120]!r}"
                if isinstance(message, dict) and "id" in message:
                    answers[message["id"]] = message
            if wanted not in answers:
                break
        ms = (time.perf_counter() - start) * 1000
    except BrokenPipeError:
        # it exited before it read what was sent: what it wrote first says why, else its last words
        while (line := _read_line(proc, deadline)) is not None:
            try:
                json.loads(line)
            except ValueError:
                return False, f"it wrote something that is not JSON-RPC: {line[:120]!r}"
    finally:
        proc.kill()
        _, err = proc.communicate()
    if 2 not in answers:
        last = err.decode("utf-8", "replace").strip().splitlines()
        why = f": {last[-1][:200]}" if last else ""
        if proc.returncode == -9:  # still running when killed
            return False, f"no answer to tools/list in {timeout:.0f} s{why}"
        return False, f"it exited{why}"
    tools = [t.get("name") for t in (answers[2].get("result") or {}).get("tools", [])]
    missing = [name for name in TOOL_NAMES if name not in tools]
    if missing:
        return False, f"tools/list lacks {', '.join(missing)}"
    return True, f"tools/list lists {', '.join(TOOL_NAMES)} {ms:.0f} ms after start"


def _read_line(proc, deadline: float) -> str | None:
    """One line of the server's stdout, or None at its end or at the deadline."""
    import selectors

    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        if not sel.select(max(0.0, deadline - time.perf_counter())):
            return None
    line = proc.stdout.readline()
    return line.decode("utf-8", "replace") if line else None


def _check_database(report: _Report, db_path: str, redact_secrets: bool = False) -> None:
    import sqlite3

    from store.database import StoreError, connect, describe_error, path_problem, schema

    if problem := path_problem(db_path):
        report.fail(problem)
        return
    if not os.path.exists(db_path):
        report.note(f"{NOTE} no database at {db_path} yet; the first hook call creates it")
        return
    try:
        version = file_version(db_path)
    except sqlite3.Error as exc:
        report.fail(describe_error(db_path, exc))
        return
    try:
        conn = connect(db_path, create=False)
    except StoreError as exc:
        report.fail(str(exc))
        return
    try:
        report.ok(f"database opens: {db_path}")
        if version == schema.SCHEMA_VERSION:
            report.ok(f"schema version {version}")
        else:
            report.ok(f"schema upgraded from version {version} to {schema.SCHEMA_VERSION}")
        counts = stats(conn)
        memories, sessions, groups = counts["memories"], counts["sessions"], counts["error_groups"]
        report.ok(
            f"{plural(memories, 'memory')}, {plural(sessions, 'session')}, {plural(groups, 'error group')}"
        )
        found = health(conn)
        mode, bad = found["journal_mode"], found["damaged_indexes"]
        if str(mode).lower() == "wal":
            report.ok("WAL mode")
        else:
            report.fail(f"journal mode is {mode}, not WAL: hooks may block each other")
        problems = integrity_problems(conn, full=True, budget_s=FULL_CHECK_BUDGET_S)
        if problems is None:
            report.note(f"{NOTE} the integrity check did not finish in {FULL_CHECK_BUDGET_S:.0f} s; "
                        "run `memlane doctor` again when no session is busy")  # fmt: skip
        elif problems:
            report.fail(damage_sentence(db_path, problems))
        else:
            report.ok("database integrity (integrity_check)")
        if bad:
            report.fail(f"search index damaged: {'; '.join(bad)} (rebuild: {REBUILD_INDEX})")
        else:
            report.ok("search indexes (FTS integrity-check)")
        _check_secrets(report, conn, redact_secrets, db_path)
        _check_sweep(report, conn)
    except sqlite3.Error as exc:
        report.fail(describe_error(db_path, exc))
    finally:
        conn.close()


def _check_secrets(report: _Report, conn, redact: bool, db_path: str = "") -> None:
    """The secrets audit: what today's rules (with the person's secret_patterns and
    not_secret_patterns, and the store's memory of secrets redacted before: store/seen_secrets.py)
    would remove from memories stored before them; with `redact`, removed now."""
    from store.config import privacy_patterns
    from store.forgetting import redact_findings, secrets_audit
    from store.seen_secrets import remembering

    patterns = remembering(privacy_patterns(), db_path)
    findings = secrets_audit(conn, patterns)
    if not findings:
        report.ok("secrets audit: no stored memory holds a secret today's rules find")
        return
    kinds: dict[str, int] = {}
    for finding in findings:
        for kind in finding["kinds"]:
            kinds[kind] = kinds.get(kind, 0) + 1
    what = ", ".join(f"{kind} {n:,}" for kind, n in sorted(kinds.items(), key=lambda kv: -kv[1]))
    if redact:
        changed = redact_findings(conn, [f["id"] for f in findings], patterns)
        report.ok(f"secrets audit: redacted {plural(changed, 'memory')} stored before today's rules ({what})")
        return
    report.fail(
        f"secrets audit: today's rules find secrets in {plural(len(findings), 'stored memory')} ({what}): "
        "redact them with `memlane doctor --redact-secrets`, or review them in the app (Cleanup, s)"
    )


def _check_sweep(report: _Report, conn) -> None:
    """How many sessions Claude Code's own cleanup (cleanupPeriodDays) deletes within a week,
    and whether memlane holds them (the maintenance run imports the rest)."""
    from store.claude_memory import due, outlook_sentence

    report.ok(outlook_sentence(due(conn)))


def _check_hook_server(report: _Report, db_path: str) -> None:
    """Whether the hooks hand their events to a resident server (docs/settings.md); never a
    failure: without one, each hook runs in its own process, only slower."""
    from hooks.client import SWITCH, server_enabled, server_status

    if not server_enabled():
        report.ok(f"hook server: off ({SWITCH}); each hook runs in its own process")
        return
    status = server_status(db_path)
    if status is None:
        report.ok("hook server: not running; the next hook starts one (until then hooks run in their own process)")
    else:
        report.ok(f"hook server: running, pid {status['pid']}, {plural(status['events'], 'event')} served")


def _check_config(report: _Report) -> None:
    """The config's warnings, and the settings it changes from their defaults (SETTINGS)."""
    from store.config import SETTINGS, load_config, toml_value
    from store.paths import config_path

    config, warnings = load_config()
    for warning in warnings:
        report.fail(warning)
    if not warnings and os.path.exists(config_path()):
        report.ok(f"config {config_path()}")
    for key, (default, _kind, _lo, _hi, _doc) in SETTINGS.items():
        if config[key] != default:
            value = _URL_PASSWORD.sub(r"\1***@", config[key]) if key == "team_url" else config[key]
            report.note(f"{key} = {toml_value(value)}  (default {toml_value(default)})")


_URL_PASSWORD = re.compile(r"(://[^/:@]*:)[^@/]*@")  # a team URL's password is not shown


def _check_log(report: _Report, tail: int = 5) -> None:
    from store.paths import log_path

    path = log_path()
    try:
        with open(path, "rb") as fh:
            fh.seek(0, os.SEEK_END)
            size = fh.tell()
            fh.seek(max(0, size - 16384))
            lines = fh.read().decode("utf-8", "replace").splitlines()[-tail:]
    except FileNotFoundError:
        report.ok("no hook errors logged")
        return
    except OSError as exc:
        report.fail(f"cannot read the log {path} ({exc.strerror})")
        return
    lines = [ln for ln in lines if ln.strip()]
    if not lines:
        report.ok("no hook errors logged")
        return
    now = time.time()
    recent = [ln for ln in lines if now - _log_time(ln, path) < RECENT_LOG_S]
    if recent:
        report.fail(f"hook problems in the last 24 hours (from {path}):")
        for line in recent:
            report.note(line[:300])
    else:
        report.ok(f"no hook errors in the last 24 hours (older ones in {path})")


def _log_time(line: str, path: str) -> float:
    """The UTC time stamp a log line starts with, else the log file's modification time."""
    import calendar

    try:
        return float(calendar.timegm(time.strptime(line[:20], "%Y-%m-%dT%H:%M:%SZ")))
    except ValueError:
        try:
            return os.path.getmtime(path)
        except OSError:
            return time.time()
