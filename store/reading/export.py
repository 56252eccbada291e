"""Export memories to Markdown or JSON: a session, a search result or a list of ids.

One function, `export_memories`, serves `memlane export` and `e` in the app. Every
stored text passes the privacy filter again (with today's `secret_patterns` and
`not_secret_patterns`, so a pattern added after a memory was stored still applies) and then `store.display.inert`;
memories of projects now in `exclude_projects` are left out.
"""

from __future__ import annotations

import errno
import json
import os
import re
import sqlite3
import stat
from dataclasses import dataclass, field
from datetime import UTC, datetime

from store.config import is_project_excluded, load_config, privacy_patterns
from store.display import inert, inert_line
from store.errors import MemlaneError
from store.privacy import clean_text

FORMATS = ("markdown", "json")
SEARCH_LIMIT = 500  # the store's one search returns at most this many per call
BATCH = 500
EXPORTED_KEYS = ("id", "session_id", "type", "tool_name", "project", "project_name", "file_path",
                 "created_at", "importance", "tags", "content")  # fmt: skip


class ExportError(MemlaneError):
    """What was asked for cannot be exported; the message is one sentence."""


@dataclass(frozen=True)
class ExportRequest:
    """Exactly one of `session`, `query` (with optional search filters) or `ids`."""

    session: str = ""
    query: str | None = None
    filters: dict = field(default_factory=dict)
    ids: tuple[int, ...] = ()
    title: str = ""  # how the export names what it holds; derived when empty

    def describe(self) -> str:
        if self.title:
            return self.title
        if self.session:
            return f"session {self.session}"
        if self.query is not None:
            return f'search "{self.query}"' if self.query.strip() else "the newest memories"
        return f"{len(self.ids)} selected memor{'y' if len(self.ids) == 1 else 'ies'}"


@dataclass(frozen=True)
class Export:
    text: str
    count: int  # memories written
    left_out: int  # memories of excluded projects
    fmt: str


def format_for_path(path: str) -> str:
    """"json" for a .json file, else "markdown"."""
    return "json" if path.lower().endswith(".json") else "markdown"


def export_memories(conn: sqlite3.Connection, request: ExportRequest, fmt: str = "markdown", *,
                    now: datetime | None = None, config: dict | None = None) -> Export:  # fmt: skip
    """The memories `request` names, filtered for privacy and made inert, as `fmt` text."""
    if fmt not in FORMATS:
        raise ExportError(f"unknown format {fmt!r}; use markdown or json.")
    if config is None:
        config, _warnings = load_config()
    rows = _rows(conn, request)
    patterns = privacy_patterns(config)
    kept = [_safe(row, patterns) for row in rows if not is_project_excluded(row.get("project") or "", config)]
    moment = (now or datetime.now(UTC)).astimezone(UTC)
    what = request.describe()
    text = _json(kept, what, moment) if fmt == "json" else _markdown(kept, what, moment)
    return Export(text=text, count=len(kept), left_out=len(rows) - len(kept), fmt=fmt)


class ExportExists(ExportError):
    """The file is there already: replace it only when the person says so."""


def write_export(path: str, text: str, *, replace: bool = False) -> str:
    """Write `text` to `path` (~ expanded); returns the absolute path.

    A new file is created owner-only.  An existing regular file is replaced only with
    `replace` (else ExportExists), keeping its mode: memlane never chmods a file it did not
    create.  A symbolic link, a folder, a FIFO or a device is refused (ExportError), and
    nothing waits on one: the file is opened non-blocking and checked before a byte is written.
    """
    path = os.path.abspath(os.path.expanduser(path))
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        found = None
    if found is not None:
        _refuse_unless_regular(path, found.st_mode)
        if not replace:
            raise ExportExists(f"{path} already exists; add --force to replace it.")
    nofollow = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        if found is None:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | nofollow, 0o600)
            created = True
        else:
            fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | nofollow)
            created = False
    except FileExistsError:  # made meanwhile: ask again, as for any file that is there
        return write_export(path, text, replace=replace)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENXIO):  # a link planted meanwhile; a FIFO with no reader
            _refuse_unless_regular(path, os.lstat(path).st_mode)
        raise
    try:
        _refuse_unless_regular(path, os.fstat(fd).st_mode)  # what was opened, not what was looked at
        if created:
            os.fchmod(fd, 0o600)  # whatever the umask
        else:
            os.set_blocking(fd, True)
            os.ftruncate(fd, 0)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fd = -1
            fh.write(text)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        if created:
            try:
                os.unlink(path)  # half an export is worse than none
            except OSError:
                pass
        raise
    return path


def _refuse_unless_regular(path: str, mode: int) -> None:
    if stat.S_ISLNK(mode):
        raise ExportError(f"{path} is a symbolic link; memlane does not write through links, so give the file itself.")
    if stat.S_ISDIR(mode):
        raise ExportError(f"{path} is a folder; give a file name.")
    if not stat.S_ISREG(mode):
        raise ExportError(f"{path} is not a regular file (a FIFO, socket or device); give a file name.")


# -- which memories ---------------------------------------------------------------------------


def _rows(conn: sqlite3.Connection, request: ExportRequest) -> list[dict]:
    from store.database import dicts, placeholders

    chosen = sum((bool(request.session), request.query is not None, bool(request.ids)))
    if chosen != 1:
        raise ExportError("export one thing: a session, a search or a list of ids.")
    if request.session:
        if not conn.execute("SELECT 1 FROM session WHERE session_id = ?", (request.session,)).fetchone():
            raise ExportError(f"no session {request.session!r}.")
        rows: list[dict] = []
        last = 0
        while True:  # by id, a batch at a time: a session may hold many thousands
            batch = dicts(conn.execute("SELECT * FROM memory WHERE session_id = ? AND id > ? "
                                       "ORDER BY id LIMIT ?", (request.session, last, BATCH)))  # fmt: skip
            rows += batch
            if len(batch) < BATCH:
                return rows
            last = batch[-1]["id"]
    if request.query is not None:
        from store.search import search

        return search(conn, request.query, limit=SEARCH_LIMIT, **request.filters)
    ids = list(dict.fromkeys(request.ids))
    rows = []
    for start in range(0, len(ids), BATCH):
        chunk = ids[start : start + BATCH]
        marks = placeholders(len(chunk))
        rows += dicts(conn.execute(f"SELECT * FROM memory WHERE id IN ({marks})", chunk))
    order = {memory_id: i for i, memory_id in enumerate(ids)}
    return sorted(rows, key=lambda row: order[row["id"]])


def _safe(row: dict, patterns) -> dict:
    out = {}
    for key in EXPORTED_KEYS:
        value = row.get(key)
        if isinstance(value, str):
            value = inert(clean_text(value, patterns))
        out[key] = value
    return out


# -- rendering ----------------------------------------------------------------------------------


def _stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _json(rows: list[dict], what: str, moment: datetime) -> str:
    document = {"exported_at": _stamp(moment), "what": inert(what), "count": len(rows), "memories": rows}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def _fence(text: str) -> str:
    """A code fence longer than any run of backticks in `text`, so the text cannot close it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def _markdown(rows: list[dict], what: str, moment: datetime) -> str:
    lines = [f"# memlane export: {inert_line(what)}", "",
             f"{len(rows)} memor{'y' if len(rows) == 1 else 'ies'}, exported {_stamp(moment)}.", ""]  # fmt: skip
    for row in rows:
        head = f"## #{row['id']} · {row['type']}"
        if row.get("tool_name"):
            head += f" · {inert_line(row['tool_name'])}"
        lines.append(head)
        lines.append("")
        facts = [("when", row.get("created_at")), ("project", row.get("project_name")),
                 ("session", row.get("session_id")), ("file", row.get("file_path")),
                 ("tags", row.get("tags"))]  # fmt: skip
        lines += [f"- {label}: `{inert_line(value).replace('`', chr(0x2032))}`" for label, value in facts if value]
        content = row.get("content") or ""
        fence = _fence(content)
        lines += ["", fence, content.rstrip("\n"), fence, ""]
    return "\n".join(lines)
