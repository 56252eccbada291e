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
    job = _Import(conn, reader, config if isinstance(config, dict) else reader.config, dry_run, batch_size, progress)
    if worker is None:
        worker = worth_a_worker(files)
    chunks = observations_in_worker if worker else observations_here
    for observations in chunks(files, reader, job.config):
        job.add(observations)
    while job.batch:
        job.flush()
    return job.finish()


class _Import:
    """One import's state: the observations waiting for their batch, the sessions seen."""

    def __init__(self, conn, reader: TranscriptReader, config: dict, dry_run: bool, batch_size: int, progress):
        self.conn, self.reader, self.config = conn, reader, config
        self.dry_run, self.batch_size, self.progress = dry_run, batch_size, progress
        self.report = new_report()
        # Retention counts from when memlane receives a memory (store.forgetting.retention): what is
        # older than retention_days by its transcript time is kept that long from today.
        days = config.get("retention_days")
        self.report["retention_days"] = days if isinstance(days, int) and days > 0 else 90
        self.past = _days_ago(self.report["retention_days"])
        self.known: dict = {}  # session -> its source in the store before this import (None: absent)
        self.touched: set = set()
        self.batch: list = []

    def add(self, observations: list) -> None:
        self.batch.extend(observations)
        if len(self.batch) < self.batch_size and self.progress is not None:
            self.progress(self.report)
        while len(self.batch) >= self.batch_size:
            self.flush()

    def note_sessions(self, session_ids) -> None:
        for sid in session_ids:
            if sid not in self.known:
                row = self.conn.execute("SELECT source FROM session WHERE session_id = ?",
                                        (sid,)).fetchone()  # fmt: skip
                self.known[sid] = row[0] if row else None

    def flush(self) -> None:
        """Write up to batch_size of the waiting observations, in one transaction."""
        from store.writing import writer

        if not self.batch:
            return
        items = self.batch[: self.batch_size]
        del self.batch[: self.batch_size]
        self.note_sessions({o["session_id"] for o in items})
        if self.dry_run:
            try:
                with _write(self.conn):
                    ids = writer.add_memories(self.conn, items, transaction=False)
                    raise _RollBack
            except _RollBack:
                pass
        else:
            # A new session's row is made by the writer from its first memory, with
            # source 'import' (a session the hooks made keeps theirs).
            ids = writer.add_memories(self.conn, items)
        self.count(items, ids)
        if self.progress is not None:
            self.progress(self.report)

    def count(self, items: list, ids: list) -> None:
        report = self.report
        for obs, mid in zip(items, ids):
            if mid is None:
                report["duplicates"] += 1
                continue
            report["memories"] += 1
            if obs.get("type") == "error":
                report["errors"] += 1
            if (obs.get("created_at") or self.past) < self.past:
                report["older_than_retention"] += 1
            self.touched.add(obs["session_id"])

    def finish(self) -> dict:
        """The sessions' rows, summaries and names, once every memory is in."""
        reader, report = self.reader, self.report
        # Every session with events gets its row (as the hook's SessionStart would make),
        # even one whose events made no memory (say, only Read calls).
        live = [sid for sid, info in reader.sessions.items() if info["events"]]
        self.note_sessions(live)
        new_sessions = sorted(sid for sid in live if self.known.get(sid) is None)
        report["sessions_new"] = len(new_sessions)
        report["sessions_updated"] = len(self.touched - set(new_sessions))
        report["unpaired"] = reader.unpaired_calls()
        if self.dry_run:
            return report
        # The start and end of the sessions an import made come from the transcript (done
        # again on every import: an interrupted one is finished by the next).
        owned = sorted(set(new_sessions) | {s for s in live if self.known.get(s) == "import"})
        to_summarise = sorted(self.touched | set(owned))
        named = sorted(sid for sid in live if (reader.sessions.get(sid) or {}).get("title"))
        steps = [("own", sid) for sid in owned] + [("summary", sid) for sid in to_summarise]
        steps += [("name", sid) for sid in named]  # the name /resume shows, hook-made sessions too
        for i in range(0, len(steps), SESSIONS_PER_TRANSACTION):
            with _write(self.conn):
                for what, sid in steps[i : i + SESSIONS_PER_TRANSACTION]:
                    self.session_step(what, sid)
        if report.get("memories"):
            # A bulk load leaves the indexes in many small segments; merged now, the
            # hooks' inserts that follow do not pay for it one by one.  Only the new
            # segments: a whole rewrite (`optimize`) cost 1 s of CPU for any import at 100k
            # memories (a third of a 4,000-call import), 10 s at 1M.
            from store.database import merge_indexes

            merge_indexes(self.conn)
        return report

    def session_step(self, what: str, sid: str) -> None:
        from store.writing import writer

        info = self.reader.sessions.get(sid) or {}
        if what == "summary":
            writer.update_session_summary(self.conn, sid, transaction=False)
        elif what == "name":
            writer.note_session(self.conn, sid, title=info.get("title"), title_kind=info.get("title_kind") or "ai",
                                transaction=False)  # fmt: skip
        else:
            writer.own_session(self.conn, sid, info.get("cwd"), info.get("first"), info.get("last"), transaction=False)


def _days_ago(days: int) -> str:
    import time

    return time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime(time.time() - days * 86400))


class _RollBack(Exception):
    """Ends a dry run's transaction (store.database.connection.write rolls back on an exception)."""


def _write(conn):
    from store.database import write

    return write(conn)
