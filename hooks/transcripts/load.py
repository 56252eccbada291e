"""``import_files``: transcript files -> memories and sessions in the store.

The events a :class:`~hooks.transcripts.reader.TranscriptReader` reads go
through the one capture rule set (``hooks.capture``) and the one write path
(``store.writing.writer``), in batches of one transaction each; a dry run makes the
same writes and rolls them back.
"""
from __future__ import annotations

from hooks.transcripts.reader import TranscriptReader
from hooks.transcripts.worker import observations_here, observations_in_worker, worth_a_worker


def new_report() -> dict:
    """What an import did (or, in a dry run, would do)."""
    return {
        "sessions_new": 0, "sessions_updated": 0, "memories": 0, "errors": 0,
        "duplicates": 0, "unpaired": 0, "retention_days": None, "older_than_retention": 0,
    }  # fmt: skip


BATCH_OBSERVATIONS = 2000  # memories per transaction (the write lock is held ~0.5 s)
SESSIONS_PER_TRANSACTION = 100


def import_files(conn, files, reader: TranscriptReader, config: dict | None = None, *,
                 dry_run: bool = False, batch_size: int = BATCH_OBSERVATIONS,
                 progress=None, worker: bool | None = None) -> dict:  # fmt: skip
    """Import transcript files into the store; returns :func:`new_report` counts
    (the reader's ``stats`` hold the line counts).

    Memories go through ``store.writing.writer.add_memories`` in batches (one
    transaction each), so the store's dedupe applies: importing the same files
    again adds nothing, nor does importing a session the hooks already captured.
    A session the hooks did not create gets ``source = 'import'`` and its start
    and end from the transcript; every session that got new memories (and every
    session an import made) gets its summary rebuilt; a session the hooks made
    keeps its start and end. ``dry_run`` runs the same writes and rolls them back.
    ``progress(report)`` is called after every batch and every file.

    ``worker``: read the transcripts in a second process while this one writes
    (the same reader, files and order, so the same result; the reader's state
    comes back at the end). Default: when there is more than
    ``worker.WORKER_MIN_BYTES`` to read and more than one CPU.
    """
    from store.writing import writer

    config = config if isinstance(config, dict) else reader.config
    report = new_report()
    # Retention counts from when memlane receives a memory (store.forgetting.retention): what is
    # older than retention_days by its transcript time is kept that long from today.
    days = config.get("retention_days")
    report["retention_days"] = days if isinstance(days, int) and days > 0 else 90
    past = _days_ago(report["retention_days"])
    known: dict = {}  # session -> its source in the store before this import (None: absent)
    touched: set = set()
    batch: list = []

    def note_sessions(session_ids):
        for sid in session_ids:
            if sid not in known:
                row = conn.execute("SELECT source FROM session WHERE session_id = ?",
                                   (sid,)).fetchone()  # fmt: skip
                known[sid] = row[0] if row else None

    def flush():
        """Write up to batch_size of the waiting observations, in one transaction."""
        if not batch:
            return
        items = batch[:batch_size]
        del batch[:batch_size]
        note_sessions({o["session_id"] for o in items})
        if dry_run:
            try:
                with _write(conn):
                    ids = writer.add_memories(conn, items, transaction=False)
                    raise _RollBack
            except _RollBack:
                pass
        else:
            # A new session's row is made by the writer from its first memory, with
            # source 'import' (a session the hooks made keeps theirs).
            ids = writer.add_memories(conn, items)
        for obs, mid in zip(items, ids):
            if mid is None:
                report["duplicates"] += 1
                continue
            report["memories"] += 1
            if obs.get("type") == "error":
                report["errors"] += 1
            if (obs.get("created_at") or past) < past:
                report["older_than_retention"] += 1
            touched.add(obs["session_id"])
        if progress is not None:
            progress(report)

    if worker is None:
        worker = worth_a_worker(files)
    chunks = observations_in_worker if worker else observations_here
    for observations in chunks(files, reader, config):
        batch.extend(observations)
        if len(batch) < batch_size and progress is not None:
            progress(report)
        while len(batch) >= batch_size:
            flush()
    while batch:
        flush()

    # Every session with events gets its row (as the hook's SessionStart would make),
    # even one whose events made no memory (say, only Read calls).
    live = [sid for sid, info in reader.sessions.items() if info["events"]]
    note_sessions(live)
    new_sessions = sorted(sid for sid in live if known.get(sid) is None)
    report["sessions_new"] = len(new_sessions)
    report["sessions_updated"] = len(touched - set(new_sessions))
    report["unpaired"] = reader.unpaired_calls()
    if dry_run:
        return report
    # The start and end of the sessions an import made come from the transcript (done
    # again on every import: an interrupted one is finished by the next).
    owned = sorted(set(new_sessions) | {s for s in live if known.get(s) == "import"})
    to_summarise = sorted(touched | set(owned))
    named = sorted(sid for sid in live if (reader.sessions.get(sid) or {}).get("title"))
    steps = [("own", sid) for sid in owned] + [("summary", sid) for sid in to_summarise]
    steps += [("name", sid) for sid in named]  # the name /resume shows, hook-made sessions too
    for i in range(0, len(steps), SESSIONS_PER_TRANSACTION):
        with _write(conn):
            for what, sid in steps[i:i + SESSIONS_PER_TRANSACTION]:
                info = reader.sessions.get(sid) or {}
                if what == "summary":
                    writer.update_session_summary(conn, sid, transaction=False)
                    continue
                if what == "name":
                    writer.note_session(conn, sid, title=info.get("title"),
                                        title_kind=info.get("title_kind") or "ai",
                                        transaction=False)  # fmt: skip
                    continue
                first, last = info.get("first"), info.get("last")
                writer.start_session(conn, sid, info.get("cwd"), started_at=first,
                                     source="import", transaction=False)  # fmt: skip
                if first:  # the row may come from the first memory, a little later
                    conn.execute(
                        "UPDATE session SET started_at = min(started_at, ?) WHERE session_id = ?",
                        (first, sid),
                    )
                row = conn.execute("SELECT ended_at FROM session WHERE session_id = ?",
                                   (sid,)).fetchone()  # fmt: skip
                if last and row is not None and (row[0] is None or row[0] < last):
                    writer.end_session(conn, sid, None, ended_at=last, transaction=False)
    if report.get("memories"):
        # A bulk load leaves the indexes in many small segments; merged now, the
        # hooks' inserts that follow do not pay for it one by one.
        from store.database import optimize_indexes

        optimize_indexes(conn)
    return report


def _days_ago(days: int) -> str:
    import time

    return time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime(time.time() - days * 86400))


class _RollBack(Exception):
    """Ends a dry run's transaction (store.database.connection.write rolls back on an exception)."""


def _write(conn):
    from store.database import write

    return write(conn)
