"""`memlane export`: a session, a search or some memories, through the privacy filter, as
Markdown or JSON on stdout or in an owner-only file (the work is `store.reading.export`'s)."""

from __future__ import annotations

import sys
from contextlib import closing

from tui.commands.common import EXIT_OK, UsageError, fail, open_db, warn
from tui.commands.filters import checked_types, project_keys
from tui.formatting import plural


def cmd_export(args) -> int:
    from store.forgetting import Criteria, resolve_criteria
    from store.reading import (
        ExportError,
        ExportRequest,
        export_memories,
        format_for_path,
        write_export,
    )

    fmt = {"md": "markdown"}.get(args.format, args.format) or format_for_path(args.output or "")
    with closing(open_db(args.db)) as conn:
        if args.session:
            from datetime import UTC, datetime

            kwargs, problem = resolve_criteria(conn, Criteria(session=args.session), datetime.now(UTC))
            if problem or not kwargs:
                raise UsageError(problem)
            request = ExportRequest(session=kwargs["session"])
        elif args.query is not None:
            filters = {"project": project_keys(conn, args.project), "type": checked_types(conn, args.type)}
            request = ExportRequest(query=args.query, filters={k: v for k, v in filters.items() if v})
        else:
            request = ExportRequest(ids=_existing(conn, args.id))
        try:
            result = export_memories(conn, request, fmt)
        except ExportError as exc:
            raise UsageError(str(exc)) from exc
    if args.output:
        try:
            path = write_export(args.output, result.text, replace=args.force)
        except ExportError as exc:
            raise UsageError(str(exc)) from exc
        except OSError as exc:
            return fail(f"cannot write {args.output}: {exc.strerror or exc}.")
        left = f" ({result.left_out} of excluded projects left out)" if result.left_out else ""
        print(f"Exported {plural(result.count, 'memory')} to {path}{left}.", file=sys.stderr)
    else:
        sys.stdout.write(result.text)
    return EXIT_OK


def _existing(conn, ids) -> tuple[int, ...]:
    """The memories --id names that exist; refused in one sentence (nothing written) when none
    does, and the missing ones said when only some do."""
    from store.reading import memories_by_id

    wanted = list(dict.fromkeys(int(i) for i in ids or ()))
    found = memories_by_id(conn, wanted)
    missing = [i for i in wanted if i not in found]
    named = ", ".join(str(i) for i in missing[:10]) + (" ..." if len(missing) > 10 else "")
    if wanted and not found:
        raise UsageError(f"no memory has id {named} (forgotten, or never stored); nothing was exported.")
    if missing:
        warn(f"no memory has id {named} (forgotten, or never stored); left out.")
    return tuple(i for i in wanted if i in found)
