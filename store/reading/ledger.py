"""The injection ledger: what recall told the model, why, and whether the model used it;
and the person's vetoes and pins that steer it.

One `injection` row per decision the hook makes (a prompt, a session's start), with
the memories it sent (`injection_item`), or the reason it stayed silent.  Rows hold
ids, numbers and reason codes, never text: a redaction has nothing to change here,
and the schema's triggers (`store.database.schema.LEDGER_DDL`) drop a row with its prompt
memory, its injected memories or its session, whoever deletes them (forget,
retention, a forgotten session).  Plain sqlite3, stdlib only: the hook writes here.
"""

from __future__ import annotations

import re
import sqlite3

from store.database import dicts, placeholders, utc_now, write

# Why a decision came out as it did (code -> words a person reads).
REASONS = {
    "chosen": "one past task clearly led",
    "named": "the prompt named a past session",
    "start": "the session's start",
    "tie": "another session's task scored almost as high",
    "weak": "too little of the prompt matched",
    "generic": "only generic words",
    "nothing": "nothing matched",
    "short": "the prompt is too short",
    "asked": "only a past question matched, not its answer",
    "said": "Claude Code's memory files already say it",
    "resumed": "resumed: nothing new since its last block",
    "resume_new": "resumed: only what is new since its last block",
}
SILENT = frozenset(("tie", "weak", "generic", "nothing", "short", "asked", "said", "resumed"))
# Why the SessionStart block left a memory out (`injection_context` rows of source "left_out").
LEFT_OUT = {
    "in_memory_files": "a loaded memory file says it already",
    "sent_before": "sent to this session before",
    "in_session": "this session's own work (its transcript holds it)",
    "not_new": "older than the session's last block",
}
CONTEXT_SOURCES = ("claude_md", "auto_memory", "memlane", "left_out")
# How a model acted on an injection (code -> words).
ACTED = {
    "file": "touched the injected file",
    "command": "ran the injected command",
    "show": "opened the memory",
}
VETO_KINDS = ("memory", "file", "error_group")


# ------------------------------------------------------------------ the hook's writes


def record(
    conn: sqlite3.Connection, *, session_id: str, prompt_id: str | None, event: str, project: str,
    reason: str, memory_ids: list[int], chars: int = 0, score: float | None = None,
    runner_up: float | None = None, share: float | None = None, task: tuple | None = None,
    at: str | None = None, context: list[dict] | None = None,
) -> int | None:  # fmt: skip
    """Write one decision; returns its id (None when nothing it refers to exists any more).

    The injected memories that no longer exist (forgotten since recall read them)
    are left out, and so is the whole row when all of them are gone: a forgotten
    memory never comes back through the ledger.  A prompt's row points at the
    prompt memory the hook just stored (through the session's index).  `context`: what
    else entered the context with it (see `write_context`).
    """
    with write(conn):
        prompt_memory = None
        if event == "prompt":
            row = conn.execute(
                "SELECT id FROM memory WHERE session_id = ? AND prompt_id IS ? AND +type = 'prompt' "
                "ORDER BY id DESC LIMIT 1",
                (session_id, prompt_id),
            ).fetchone()
            prompt_memory = row[0] if row else None
        present = []
        if memory_ids:
            wanted = list(dict.fromkeys(int(i) for i in memory_ids))
            found = {r[0] for r in conn.execute(f"SELECT id FROM memory WHERE id IN ({placeholders(len(wanted))})", wanted)}
            present = [i for i in wanted if i in found]
            if not present:
                return None
        cur = conn.execute(
            "INSERT INTO injection (at, session_id, prompt_id, prompt_memory_id, event, project, reason, "
            "injected, chars, score, runner_up, share, task_session_id, task_prompt_id) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (at or utc_now(), session_id, prompt_id, prompt_memory, event, project or "", reason, len(present),
             int(chars) if present or reason not in SILENT else 0, score, runner_up, share,
             task[0] if task else None, task[1] if task else None),
        )  # fmt: skip
        injection_id = cur.lastrowid
        conn.executemany(
            "INSERT INTO injection_item (injection_id, memory_id, position, used) VALUES (?, ?, ?, 0)",
            [(injection_id, memory_id, n) for n, memory_id in enumerate(present)],
        )
        if context:
            write_context(conn, injection_id, context)
    return injection_id


def write_context(conn: sqlite3.Connection, injection_id: int, context: list[dict]) -> None:
    """Rows of what entered the context beside a decision: {source (CONTEXT_SOURCES), kind,
    path, memory_id, bytes, tokens, mtime}; a left-out memory that no longer exists is skipped."""
    rows = []
    for n, c in enumerate(context):
        memory_id = c.get("memory_id")
        if memory_id is not None and conn.execute("SELECT 1 FROM memory WHERE id = ?", (memory_id,)).fetchone() is None:
            continue
        rows.append((injection_id, n, c["source"], c.get("kind") or "", c.get("path"), memory_id,
                     int(c.get("bytes") or 0), int(c.get("tokens") or 0), c.get("mtime")))  # fmt: skip
    conn.executemany(
        "INSERT INTO injection_context (injection_id, position, source, kind, path, memory_id, bytes, tokens, mtime) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )


def context_of(conn: sqlite3.Connection, injection_ids: list[int]) -> dict[int, list[dict]]:
    """{injection id: its context rows in order} (see write_context)."""
    out: dict[int, list[dict]] = {}
    ids = list(injection_ids)
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        for row in dicts(conn.execute(
            "SELECT injection_id, source, kind, path, memory_id, bytes, tokens, mtime FROM injection_context "
            f"WHERE injection_id IN ({placeholders(len(chunk))}) ORDER BY injection_id, position", chunk,
        )):  # fmt: skip
            out.setdefault(row.pop("injection_id"), []).append(row)
    return out


def start_budget(rows: list[dict]) -> dict:
    """What a session start's context rows add up to: {claude_md, auto_memory, memlane (tokens),
    total, files (how many memory files loaded), left_out (memories the block left out)}."""
    out = {"claude_md": 0, "auto_memory": 0, "memlane": 0, "files": 0, "left_out": 0}
    for row in rows:
        if row["source"] == "left_out":
            out["left_out"] += 1
            continue
        out[row["source"]] += row["tokens"] or 0
        out["files"] += row["source"] != "memlane"
    out["total"] = out["claude_md"] + out["auto_memory"] + out["memlane"]
    return out


def session_budget(conn: sqlite3.Connection, session_id: str) -> dict | None:
    """The memory a session started with (its latest start: files Claude Code loaded and
    memlane's block) and what memlane added at its prompts since: start_budget's keys plus
    {prompts: tokens of the prompt blocks, at}; None when no start of it is recorded."""
    row = conn.execute(
        "SELECT id, at FROM injection WHERE session_id = ? AND event = 'start' ORDER BY id DESC LIMIT 1", (session_id,)
    ).fetchone()
    if row is None:
        return None
    out = start_budget(context_of(conn, [row[0]]).get(row[0], []))
    prompts = conn.execute(
        "SELECT coalesce(sum(c.tokens), 0) FROM injection i JOIN injection_context c ON c.injection_id = i.id "
        "WHERE i.session_id = ? AND i.event = 'prompt' AND i.id > ? AND c.source = 'memlane'", (session_id, row[0]),
    ).fetchone()[0]  # fmt: skip
    out.update(prompts=prompts, at=row[1])
    return out


def awaiting_items(conn: sqlite3.Connection, session_id: str) -> list[dict]:
    """The memories of this session's injections not judged yet: {injection_id,
    memory_id, type, file_path, head (the first 300 characters), tags}."""
    rows = conn.execute(
        "SELECT i.id, m.id, m.type, m.file_path, substr(m.content, 1, 300), m.tags FROM injection i "
        "JOIN injection_item it ON it.injection_id = i.id JOIN memory m ON m.id = it.memory_id "
        "WHERE i.session_id = ? AND i.acted IS NULL AND i.injected > 0 ORDER BY i.id, it.position",
        (session_id,),
    )
    return [{"injection_id": i, "memory_id": m, "type": kind, "file_path": path, "head": head, "tags": tags}
            for i, m, kind, path, head, tags in rows]  # fmt: skip


def mark_used(conn: sqlite3.Connection, used: list[tuple[int, int, str]]) -> None:
    """(injection id, memory id, how) for each injected memory the model acted on."""
    if not used:
        return
    with write(conn):
        conn.executemany(
            "UPDATE injection_item SET used = 1 WHERE injection_id = ? AND memory_id = ?",
            [(i, m) for i, m, _how in used],
        )
        conn.executemany(
            "UPDATE injection SET acted = 1, acted_how = coalesce(acted_how, ?) WHERE id = ?",
            [(how, i) for i, _m, how in used],
        )


def close_turn(conn: sqlite3.Connection, session_id: str) -> int:
    """The turn is over: this session's injections not acted on are judged "not acted"."""
    with write(conn):
        return conn.execute(
            "UPDATE injection SET acted = 0 WHERE session_id = ? AND acted IS NULL AND injected > 0",
            (session_id,),
        ).rowcount


MIN_COMMAND_CHARS = 6  # shorter injected commands (`ls`, `make`) say nothing when run again
_ABSOLUTE = r"/|[A-Za-z]:/"


def judge_turn(conn: sqlite3.Connection, session_id: str, acts: dict | None, *, ends_turn: bool = False) -> bool:
    """The verdict on this session's injections from one event of its turn, in one call;
    True while some injection still waits for it.

    `acts`: what the event did, {"shown": memory ids it opened, "file": a path it read or
    wrote, "command": the shell command it ran, whitespace collapsed} (any may be missing);
    None when the turn is over without it (Stop, SessionEnd).  An injected memory is acted
    on when it was opened, when the event touched its file, or ran its command (see ACTED).
    `ends_turn`: the event ends the turn (a new prompt): what was not acted on is judged
    "not acted" (close_turn).
    """
    if acts is None:
        close_turn(conn, session_id)
        return False
    items = awaiting_items(conn, session_id)
    if not items:
        return False
    used = [(item["injection_id"], item["memory_id"], how) for item in items if (how := acted_on(acts, item))]
    if used:
        mark_used(conn, used)
    if ends_turn:
        close_turn(conn, session_id)
        return False
    return not {i for i, _m, _h in used} >= {item["injection_id"] for item in items}


def acted_on(acts: dict, item: dict) -> str | None:
    """How an event that did `acts` (see judge_turn) acted on this injected memory ("show",
    "file", "command"), or None."""
    if item["memory_id"] in acts.get("shown", ()):
        return "show"
    path = acts.get("file")
    if path and item.get("file_path") and same_file(path, item["file_path"]):
        return "file"
    command = acts.get("command")
    if command:
        injected = memory_command(item.get("head"))
        if injected and len(injected) >= MIN_COMMAND_CHARS and runs(command, injected):
            return "command"
    return None


def runs(command: str, injected: str) -> bool:
    """Whether `command` runs `injected` whole (`cd x && pytest -q t.py -x` runs `pytest -q t.py`),
    not a longer word that starts or ends with it (`t.py_old/...`)."""
    start = command.find(injected)
    while start >= 0:
        end = start + len(injected)
        if (start == 0 or not _word_char(command[start - 1])) and (end == len(command) or not _word_char(command[end])):
            return True
        start = command.find(injected, start + 1)
    return False


def _word_char(ch: str) -> bool:
    return ch.isalnum() or ch in "_-./:=@"


def memory_command(head: object) -> str | None:
    """The shell command a command or error memory holds (its first `$ ` line), whitespace collapsed."""
    if not isinstance(head, str):
        return None
    for line in head.split("\n"):
        if line.startswith("$ "):
            return " ".join(line[2:].split()) or None
    return None


def same_file(a: str, b: str) -> bool:
    """The same file, one path possibly relative to a folder of the other (`src/a.ts`, `/w/p/src/a.ts`)."""
    a, b = a.replace("\\", "/"), b.replace("\\", "/")
    if a == b:
        return True
    relative = [p for p in (a, b) if not re.match(_ABSOLUTE, p)]
    if len(relative) != 1:  # two different absolute paths, or two different relative ones
        return False
    short = relative[0].removeprefix("./")
    other = b if relative[0] is a else a
    return bool(short) and other.endswith("/" + short)


# ------------------------------------------------------------------ vetoes and pins


def veto(conn: sqlite3.Connection, kind: str, value: object, project: str = "") -> int:
    """Never inject this memory, file or error group again; returns the veto's id."""
    if kind not in VETO_KINDS:
        raise ValueError(f"a veto is of a memory, a file or an error group, not {kind!r}")
    value = str(int(value)) if kind != "file" else str(value)
    with write(conn):
        row = conn.execute("SELECT id FROM recall_veto WHERE kind = ? AND value = ?", (kind, value)).fetchone()
        if row:
            return row[0]
        return conn.execute(
            "INSERT INTO recall_veto (kind, value, project, at) VALUES (?, ?, ?, ?)",
            (kind, value, project or "", utc_now()),
        ).lastrowid


def unveto(conn: sqlite3.Connection, kind: str, value: object) -> bool:
    value = str(int(value)) if kind != "file" else str(value)
    with write(conn):
        return conn.execute("DELETE FROM recall_veto WHERE kind = ? AND value = ?", (kind, value)).rowcount > 0


def vetoes(conn: sqlite3.Connection) -> list[dict]:
    """Every veto, newest first: {id, kind, value, project, at}."""
    return dicts(conn.execute("SELECT id, kind, value, project, at FROM recall_veto ORDER BY id DESC"))


def vetoed_ids(conn: sqlite3.Connection) -> frozenset[int]:
    """The ids of every memory recall must leave out: vetoed themselves, or of a
    vetoed file or error group.  One read of the (small) veto table when it is empty."""
    rows = conn.execute("SELECT kind, value FROM recall_veto").fetchall()
    if not rows:
        return frozenset()
    ids = {int(v) for k, v in rows if k == "memory"}
    files = [v for k, v in rows if k == "file"]
    groups = [int(v) for k, v in rows if k == "error_group"]
    if files:
        ids.update(r[0] for r in conn.execute(f"SELECT id FROM memory WHERE file_path IN ({placeholders(len(files))})", files))
    if groups:
        ids.update(r[0] for r in conn.execute(
            f"SELECT id FROM memory WHERE error_group_id IN ({placeholders(len(groups))})", groups
        ))  # fmt: skip
    return frozenset(ids)


def vetoed_groups(conn: sqlite3.Connection) -> frozenset[int]:
    return frozenset(int(r[0]) for r in conn.execute("SELECT value FROM recall_veto WHERE kind = 'error_group'"))


def pin(conn: sqlite3.Connection, memory_id: int) -> bool:
    """Offer this memory at every SessionStart of its project; False when there is no such memory."""
    with write(conn):
        row = conn.execute("SELECT project FROM memory WHERE id = ?", (int(memory_id),)).fetchone()
        if row is None:
            return False
        conn.execute(
            "INSERT OR IGNORE INTO recall_pin (memory_id, project, at) VALUES (?, ?, ?)",
            (int(memory_id), row[0] or "", utc_now()),
        )
    return True


def unpin(conn: sqlite3.Connection, memory_id: int) -> bool:
    with write(conn):
        return conn.execute("DELETE FROM recall_pin WHERE memory_id = ?", (int(memory_id),)).rowcount > 0


def pins(conn: sqlite3.Connection, project: str | None = None) -> list[dict]:
    """Pinned memories (newest pin first), as Memory dicts plus `pinned_at`."""
    sql = "SELECT m.*, p.at AS pinned_at FROM recall_pin p JOIN memory m ON m.id = p.memory_id"
    params: list[object] = []
    if project is not None:
        sql += " WHERE p.project = ?"
        params.append(project)
    return dicts(conn.execute(sql + " ORDER BY p.at DESC, p.memory_id DESC", params))


# ------------------------------------------------------------------ reading the ledger


def entries(
    conn: sqlite3.Connection, *, limit: int = 100, before_id: int | None = None, session_id: str | None = None,
    project: str | None = None, injected_only: bool = False, text: str | None = None,
) -> list[dict]:  # fmt: skip
    """Ledger rows, newest first, each with `items` (the injected memories' ids, in the
    order sent, and whether each was used) and `prompt` (the prompt memory's text, or None);
    `text`: only those whose prompt holds it (any case) or whose session id starts with it."""
    where, params = [], []
    if text and text.strip():
        escaped = text.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        where.append("(m.content LIKE ? ESCAPE '\\' OR i.session_id LIKE ? ESCAPE '\\')")
        params += [f"%{escaped}%", f"{escaped}%"]
    if before_id is not None:
        where.append("i.id < ?")
        params.append(int(before_id))
    if session_id is not None:
        where.append("i.session_id = ?")
        params.append(session_id)
    if project is not None:
        where.append("i.project = ?")
        params.append(project)
    if injected_only:
        where.append("i.injected > 0")
    sql = ("SELECT i.*, m.content AS prompt, s.project_name FROM injection i "
           "LEFT JOIN memory m ON m.id = i.prompt_memory_id LEFT JOIN session s ON s.session_id = i.session_id")  # fmt: skip
    if where:
        sql += " WHERE " + " AND ".join(where)
    rows = dicts(conn.execute(sql + " ORDER BY i.id DESC LIMIT ?", [*params, int(limit)]))
    if rows:
        ids = [r["id"] for r in rows]
        items: dict[int, list] = {}
        for injection_id, memory_id, used in conn.execute(
            f"SELECT injection_id, memory_id, used FROM injection_item WHERE injection_id IN ({placeholders(len(ids))}) "
            "ORDER BY injection_id, position",
            ids,
        ):
            items.setdefault(injection_id, []).append({"memory_id": memory_id, "used": bool(used)})
        context = context_of(conn, ids)
        for row in rows:
            row["items"] = items.get(row["id"], [])
            row["context"] = context.get(row["id"], [])
    return rows


def count_entries(conn: sqlite3.Connection) -> int:
    return conn.execute("SELECT count(*) FROM injection").fetchone()[0]


def pointers(conn: sqlite3.Connection, prompt_memory_ids: list[int]) -> dict[int, tuple]:
    """{prompt memory id: ((session id, prompt id) of the task it was answered with, that
    task's project, [the memories it was sent that still exist])} for those of these
    prompts that recall gave a task."""
    out: dict[int, tuple] = {}
    ids = list(prompt_memory_ids)
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        for memory_id, sid, pid, item, project in conn.execute(
            "SELECT i.prompt_memory_id, i.task_session_id, i.task_prompt_id, it.memory_id, m.project "
            "FROM injection i JOIN injection_item it ON it.injection_id = i.id JOIN memory m ON m.id = it.memory_id "
            f"WHERE i.prompt_memory_id IN ({placeholders(len(chunk))}) AND i.task_session_id IS NOT NULL "
            "ORDER BY i.id, it.position",
            chunk,
        ):
            task = (sid, pid or None)
            if memory_id in out and out[memory_id][0] != task:
                continue  # the prompt's first answer (a prompt is answered once)
            out.setdefault(memory_id, (task, project, []))[2].append(item)
    return out


def hit_rates(conn: sqlite3.Connection, since: str) -> dict:
    """How often recall sent something since `since`, and how often the model acted on it:
    {injected, judged, acted, projects: [{project, name, injected, judged, acted}],
    types: [{type, sent, judged, used}]} (judged: the turn is over, so "not acted" is known)."""
    total = conn.execute(
        "SELECT count(*), count(acted), coalesce(sum(acted), 0) FROM injection WHERE at >= ? AND injected > 0",
        (since,),
    ).fetchone()
    projects = [
        {"project": p, "name": n or p, "injected": a, "judged": b, "acted": c}
        for p, n, a, b, c in conn.execute(
            "SELECT i.project, (SELECT project_name FROM session s WHERE s.project = i.project LIMIT 1), "
            "count(*), count(acted), coalesce(sum(acted), 0) FROM injection i "
            "WHERE at >= ? AND injected > 0 GROUP BY i.project ORDER BY count(*) DESC",
            (since,),
        )
    ]
    types = [
        {"type": t, "sent": a, "judged": b, "used": c}
        for t, a, b, c in conn.execute(
            "SELECT m.type, count(*), count(i.acted), coalesce(sum(CASE WHEN i.acted IS NOT NULL THEN it.used END), 0) "
            "FROM injection i JOIN injection_item it ON it.injection_id = i.id JOIN memory m ON m.id = it.memory_id "
            "WHERE i.at >= ? AND i.injected > 0 GROUP BY m.type ORDER BY count(*) DESC",
            (since,),
        )
    ]
    return {"injected": total[0], "judged": total[1], "acted": total[2], "projects": projects, "types": types}


def page(conn: sqlite3.Connection, *, limit: int = 100, before_id: int | None = None,
         **filters) -> dict:  # fmt: skip
    """What the app's Recall pane shows: {entries (see entries; `filters` are its project,
    injected_only and text), memories: {id: Memory} of the memories they sent, vetoes, pins,
    vetoed (ids recall leaves out), more (older rows exist), counts: {decisions, injected}}."""
    rows = entries(conn, limit=limit + 1, before_id=before_id, **filters)
    memories = _sent(conn, rows[:limit])
    decisions, injected = conn.execute("SELECT count(*), count(nullif(injected, 0)) FROM injection").fetchone()
    return {"entries": rows[:limit], "memories": memories, "vetoes": vetoes(conn), "pins": pins(conn),
            "vetoed": sorted(vetoed_ids(conn)), "more": len(rows) > limit,
            "counts": {"decisions": decisions, "injected": injected}}  # fmt: skip


def session_decisions(conn: sqlite3.Connection, session_id: str, limit: int = 1000) -> dict:
    """A session's decisions, oldest first (see entries), and {id: Memory} of what they sent:
    the timeline shows each prompt with what it was given."""
    rows = entries(conn, session_id=session_id, limit=limit)
    rows.reverse()
    return {"entries": rows, "memories": _sent(conn, rows)}


def _sent(conn: sqlite3.Connection, rows: list[dict]) -> dict[int, dict]:
    """{id: Memory} of the memories these decisions sent (those that still exist)."""
    from store.reading.listings import memories_by_id

    return memories_by_id(conn, {i["memory_id"] for r in rows for i in r["items"]})


def steering_of(conn: sqlite3.Connection, memory_id: int) -> dict:
    """{"vetoes": the vetoes that keep this memory out of recall (its own, its file's, its
    error group's), "pinned": whether it is pinned}."""
    row = conn.execute("SELECT file_path, error_group_id FROM memory WHERE id = ?", (int(memory_id),)).fetchone()
    if row is None:
        return {"vetoes": [], "pinned": False}
    covering = [("memory", str(int(memory_id))), ("file", row[0]), ("error_group", None if row[1] is None else str(row[1]))]
    found = [v for v in vetoes(conn) if (v["kind"], v["value"]) in covering]
    pinned = conn.execute("SELECT 1 FROM recall_pin WHERE memory_id = ?", (int(memory_id),)).fetchone() is not None
    return {"vetoes": found, "pinned": pinned}


# -- naming what the CLI's veto / pin / ledger commands were given ------------------------------


def sessions_named(conn: sqlite3.Connection, typed: str) -> list[str]:
    """The session `typed` names: [it] when it is a whole id, else at most two sessions whose
    id starts with it (the app shows the first eight characters)."""
    if conn.execute("SELECT 1 FROM session WHERE session_id = ?", (typed,)).fetchone():
        return [typed]
    rows = conn.execute("SELECT session_id FROM session WHERE substr(session_id, 1, ?) = ? LIMIT 2",
                        (len(typed), typed)).fetchall()  # fmt: skip
    return [r[0] for r in rows]


def stored_paths(conn: sqlite3.Connection, typed: str) -> list[str]:
    """The file path as memories store it: [typed] when stored as typed, else at most two
    stored paths ending in it."""
    if conn.execute("SELECT 1 FROM memory WHERE file_path = ? LIMIT 1", (typed,)).fetchone():
        return [typed]
    tail = "/" + typed.lstrip("./")
    rows = conn.execute(
        "SELECT DISTINCT file_path FROM memory WHERE file_path LIKE ? ESCAPE '\\' LIMIT 2",
        ("%" + tail.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_"),),
    ).fetchall()
    return [r[0] for r in rows]


def missing(conn: sqlite3.Connection, kind: str, values: list) -> list:
    """The memory ids or error group ids of `values` that do not exist."""
    table = {"memory": "memory", "error_group": "error_group"}[kind]
    return [v for v in values if conn.execute(f"SELECT 1 FROM {table} WHERE id = ?", (v,)).fetchone() is None]


def project_of(conn: sqlite3.Connection, kind: str, value: object) -> str:
    """The project of a memory (id), a stored file path or an error group ("" when none)."""
    column = {"memory": "id", "file": "file_path", "error_group": "error_group_id"}[kind]
    row = conn.execute(f"SELECT project FROM memory WHERE {column} = ? LIMIT 1", (value,)).fetchone()
    return row[0] if row else ""
