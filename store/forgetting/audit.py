"""The secrets audit: stored memories that hold what the privacy filter would now remove.

Rules improve after text was stored (and a person may add `secret_patterns`, or
`not_secret_patterns` for values that are not secrets), so the Cleanup pane and
`memlane doctor` run today's filter over what is already stored and offer to redact it; the
redaction goes through `store.forgetting.erase.replace_contents`, which leaves no copy behind.
"""

from __future__ import annotations

import sqlite3

from store import privacy
from store.database import chunks, placeholders
from store.forgetting.erase import REDACTED, replace_contents


def secrets_audit(conn: sqlite3.Connection, extra_patterns=(), *, batch: int = 2000) -> list[dict]:
    """Every stored memory that holds something the privacy filter would now remove, newest first.

    One call scans everything; an app that must stay responsive (or be able to
    stop) calls `audit_batch` itself.
    """
    findings: list[dict] = []
    before_id = None
    while True:
        found, before_id = audit_batch(conn, before_id, batch, extra_patterns)
        findings += found
        if before_id is None:
            return findings


def audit_batch(
    conn: sqlite3.Connection, before_id: int | None, limit: int, extra_patterns=()
) -> tuple[list[dict], int | None]:
    """One step of the secrets audit: the `limit` memories just below `before_id`, newest first.

    `before_id` None starts at the newest memory.  Returns the findings among
    them and the id to pass next, or None when no memory is left to scan.
    Each finding: memory id, session, created_at, the kinds found, and a short
    masked preview (stored before memlane redacted it, or caught by a new pattern).
    """
    limit = max(1, int(limit))
    sql = "SELECT id, session_id, created_at, content FROM memory"
    params: list[object] = []
    if before_id is not None:
        sql += " WHERE id < ?"
        params.append(before_id)
    rows = conn.execute(sql + " ORDER BY id DESC LIMIT ?", [*params, limit]).fetchall()
    return _audit_rows(rows, extra_patterns), (rows[-1][0] if len(rows) == limit else None)


def audit_ids(conn: sqlite3.Connection, memory_ids, extra_patterns=()) -> list[dict]:
    """The secrets audit over these memories only (e.g. what a redaction left), newest first."""
    rows = []
    for chunk in chunks(sorted({int(i) for i in memory_ids}, reverse=True)):
        marks = placeholders(len(chunk))
        rows += conn.execute(
            f"SELECT id, session_id, created_at, content FROM memory WHERE id IN ({marks})"
            " ORDER BY id DESC",
            chunk,
        ).fetchall()
    return _audit_rows(rows, extra_patterns)


def _audit_rows(rows, extra_patterns) -> list[dict]:
    findings = []
    for memory_id, session_id, created_at, content in rows:
        found = privacy.find_secrets(content, extra_patterns)
        private = privacy.strip_private(content) != content
        if not found and not private:
            continue
        kinds = sorted({kind for kind, _, _ in found} | ({"private"} if private else set()))
        start = found[0][1] if found else content.lower().find("<private")
        preview = content[max(0, start - 30) : start].replace("\n", " ")
        findings.append({
            "id": memory_id, "session_id": session_id, "created_at": created_at,
            "kinds": kinds, "count": len(found) + int(private), "preview": preview + "[…]",
        })  # fmt: skip
    return findings


def redact_findings(conn: sqlite3.Connection, memory_ids, extra_patterns=()) -> int:
    """Apply the privacy filter to these stored memories, in one transaction; returns how many changed."""
    changed: dict[int, str] = {}
    for chunk in chunks(sorted({int(i) for i in memory_ids})):
        marks = placeholders(len(chunk))
        for memory_id, content in conn.execute(
            f"SELECT id, content FROM memory WHERE id IN ({marks})", chunk
        ):
            cleaned = privacy.clean_text(content, extra_patterns)
            if cleaned != content:
                changed[memory_id] = cleaned if cleaned.strip() else REDACTED
    if changed:
        replace_contents(conn, changed, f"the secrets audit's redaction of {len(changed)} memories")
    return len(changed)
