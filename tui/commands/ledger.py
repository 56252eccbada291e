"""`memlane ledger`, `veto`, `unveto`, `pin` and `unpin`: what recall told Claude and why,
and the person's say over it (see docs/recall.md).

    memlane ledger [--project P] [--session S] [--sent] [--limit N] [--json]
    memlane veto                       the vetoes
    memlane veto ID ... | --file PATH | --error-group N
    memlane unveto ID ... | --file PATH | --error-group N
    memlane pin                        the pins
    memlane pin ID ...    /    memlane unpin ID ...
"""

from __future__ import annotations

from contextlib import closing

from tui.commands.common import EXIT_OK, UsageError, open_db, print_json
from tui.commands.filters import one_session

LEDGER_KEYS = (
    "id", "at", "event", "session_id", "project", "prompt_memory_id", "prompt", "reason", "injected", "chars",
    "score", "runner_up", "share", "task_session_id", "task_prompt_id", "acted", "acted_how", "items", "context",
)  # fmt: skip


def cmd_ledger(args) -> int:
    from store.reading import entries
    from tui.commands.filters import one_project

    with closing(open_db(args.db)) as conn:
        project = one_project(conn, args.project)
        rows = entries(conn, limit=args.limit, session_id=one_session(conn, args.session), project=project,
                       injected_only=args.sent)  # fmt: skip
    if args.format == "json":
        print_json([{k: r.get(k) for k in LEDGER_KEYS} for r in rows])
    else:
        from tui.commands.ledger_text import print_ledger

        print_ledger(rows)
    return EXIT_OK


def _target(args) -> tuple[str, list]:
    """(kind, values) a veto or unveto names: memory ids, one file, or one error group."""
    given = [bool(args.ids), bool(args.file), args.error_group is not None]
    if sum(given) > 1:
        raise UsageError("name memories, a file or an error group, one kind at a time.")
    if args.file:
        return "file", [args.file]
    if args.error_group is not None:
        return "error_group", [args.error_group]
    return "memory", list(args.ids)


def cmd_veto(args) -> int:
    from store.reading import ledger

    kind, values = _target(args)
    with closing(open_db(args.db)) as conn:
        if not values:
            return _print_vetoes(args, ledger.vetoes(conn))
        missing = _missing(conn, kind, values)
        if missing:
            return _say_missing(missing)
        for value in values:
            project = _project_of(conn, kind, value)
            ledger.veto(conn, kind, _stored_path(conn, value) if kind == "file" else value, project)
    print(f"Vetoed {_named(kind, values)}: recall will not inject {'it' if len(values) == 1 else 'them'} again "
          "(`memlane unveto` lifts it).")  # fmt: skip
    return EXIT_OK


def cmd_unveto(args) -> int:
    from store.reading import ledger

    kind, values = _target(args)
    if not values:
        raise UsageError("say what to unveto: memory ids, --file PATH or --error-group N.")
    with closing(open_db(args.db)) as conn:
        lifted = [v for v in values if ledger.unveto(conn, kind, _stored_path(conn, v) if kind == "file" else v)]
    rest = [v for v in values if v not in lifted]
    if lifted:
        print(f"Lifted the veto on {_named(kind, lifted)}.")
    if rest:
        from tui.commands.common import fail

        return fail(f"{_named(kind, rest)} {'was' if len(rest) == 1 else 'were'} not vetoed.")
    return EXIT_OK


def cmd_pin(args) -> int:
    from store.reading import ledger

    with closing(open_db(args.db)) as conn:
        if not args.ids:
            return _print_pins(args, ledger.pins(conn))
        missing = _missing(conn, "memory", args.ids)
        if missing:
            return _say_missing(missing)
        for memory_id in args.ids:
            ledger.pin(conn, memory_id)
    print(f"Pinned {_named('memory', args.ids)}: offered at every session start of its project "
          "(`memlane unpin` takes it back).")  # fmt: skip
    return EXIT_OK


def cmd_unpin(args) -> int:
    from store.reading import ledger

    with closing(open_db(args.db)) as conn:
        taken = [i for i in args.ids if ledger.unpin(conn, i)]
    if taken:
        print(f"Unpinned {_named('memory', taken)}.")
    rest = [i for i in args.ids if i not in taken]
    if rest:
        from tui.commands.common import fail

        return fail(f"{_named('memory', rest)} {'was' if len(rest) == 1 else 'were'} not pinned.")
    return EXIT_OK


def _missing(conn, kind: str, values: list) -> list:
    from store.reading import missing

    if kind == "file":
        return [] if _stored_path(conn, values[0]) else values
    return missing(conn, kind, values)


def _stored_path(conn, typed: str) -> str | None:
    """The file path as memories store it: as typed, else the one stored path ending in it."""
    from store.reading import stored_paths

    rows = stored_paths(conn, typed)
    if len(rows) > 1:
        raise UsageError(f"{typed} names more than one stored file; give more of its path.")
    return rows[0] if rows else None


def _project_of(conn, kind: str, value) -> str:
    from store.reading import project_of

    return project_of(conn, kind, _stored_path(conn, value) if kind == "file" else value)


def _say_missing(missing: list) -> int:
    from tui.commands.common import fail

    return fail(f"nothing was changed: there is no {', '.join(str(m) for m in missing)} "
                "(it may have been forgotten).")  # fmt: skip


def _named(kind: str, values: list) -> str:
    from store.display import inert_line

    if kind == "file":
        return f"the file {inert_line(str(values[0]))}"
    if kind == "error_group":
        return f"error group x{values[0]}"
    return ", ".join(f"#{v}" for v in values)


def _print_vetoes(args, rows: list[dict]) -> int:
    if args.format == "json":
        print_json(rows)
        return EXIT_OK
    from tui.commands.ledger_text import print_vetoes

    print_vetoes(rows)
    return EXIT_OK


def _print_pins(args, rows: list[dict]) -> int:
    if args.format == "json":
        print_json([{"id": r["id"], "project": r.get("project"), "type": r.get("type"), "content": r.get("content"),
                     "pinned_at": r.get("pinned_at")} for r in rows])  # fmt: skip
        return EXIT_OK
    from tui.commands.ledger_text import print_pins

    print_pins(rows)
    return EXIT_OK



# -- `/memory ledger|veto|unveto|pin|unpin ...` inside Claude Code: compact text for the model --

SLASH_WORDS = ("ledger", "veto", "unveto", "pin", "unpin")
SLASH_LEDGER_ROWS = 10


def slash_text(db_path: str, words: list[str]) -> str:
    """The answer to `/memory WORD ...` for one of SLASH_WORDS (UsageError for bad words)."""
    from store.display import inert_line
    from store.reading import ledger
    from tui.formatting import (
        ledger_acted,
        ledger_decision,
        ledger_numbers,
        ledger_prompt,
        veto_label,
    )

    command, rest = words[0].lower(), words[1:]
    ids = []
    for word in rest:
        if not word.lstrip("#").isdigit():
            raise UsageError(f"{command} takes memory ids, e.g. /memory {command} 1234.")
        ids.append(int(word.lstrip("#")))
    with closing(open_db(db_path)) as conn:
        if command == "ledger":
            lines = []
            for row in ledger.entries(conn, limit=SLASH_LEDGER_ROWS):
                numbers = ledger_numbers(row)
                acted = ledger_acted(row)
                lines.append(inert_line(f"{row['at'][:16].replace('T', ' ')} {ledger_prompt(row)[:120]} -> "
                                        f"{ledger_decision(row)}" + (f" ({numbers})" if numbers else "")
                                        + (f"; acted on: {acted}" if acted else "")))  # fmt: skip
            return "\n".join(lines) or "Nothing in the ledger yet."
        if command in ("veto", "pin") and not ids:
            if command == "veto":
                rows = ledger.vetoes(conn)
                return "\n".join(f"vetoed {veto_label(v)}" for v in rows) or "No vetoes."
            rows = ledger.pins(conn)
            return "\n".join(inert_line(f"pinned #{m['id']} {(m.get('content') or '')[:120]}") for m in rows) or "No pins."
        if not ids:
            raise UsageError(f"{command} needs memory ids, e.g. /memory {command} 1234.")
        missing = _missing(conn, "memory", ids) if command in ("veto", "pin") else []
        if missing:
            return f"Nothing was changed: there is no memory {', '.join(f'#{i}' for i in missing)}."
        done = []
        for memory_id in ids:
            if command == "veto":
                done.append(ledger.veto(conn, "memory", memory_id, _project_of(conn, "memory", memory_id)) and memory_id)
            elif command == "unveto":
                done.append(ledger.unveto(conn, "memory", memory_id) and memory_id)
            elif command == "pin":
                done.append(ledger.pin(conn, memory_id) and memory_id)
            else:
                done.append(ledger.unpin(conn, memory_id) and memory_id)
    named = _named("memory", [i for i in done if i])
    if not named:
        return f"Nothing to {command}: {_named('memory', ids)} {'was' if len(ids) == 1 else 'were'} not " \
               f"{'vetoed' if command == 'unveto' else 'pinned'}."
    return {"veto": f"Vetoed {named}: recall will not inject it again.", "unveto": f"Lifted the veto on {named}.",
            "pin": f"Pinned {named}: offered at every session start of its project.",
            "unpin": f"Unpinned {named}."}[command]  # fmt: skip
