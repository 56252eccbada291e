"""A store for the recall tests: past tasks of one turn, and the everyday sessions whose
words every task shares (the tests beside it; their `conn` fixture is in
conftest.py)."""

from __future__ import annotations

from hooks.recall import choose
from store.writing import writer

PROJECT = "/work/proj/shop-api"
CURRENT = "current-session"


def task(conn, session: str, *memories: tuple, prompt_id: str | None = "p1",
         project: str = PROJECT) -> list[int]:  # fmt: skip
    """One past turn: (type, content[, file path]) memories; returns their ids."""
    writer.start_session(conn, session, project)
    return [writer.add_memory(conn, {
        "session_id": session, "prompt_id": prompt_id, "type": mtype, "cwd": project, "content": content,
        "file_path": f"{project}/{path[0]}" if path else None, "importance": 3 if mtype == "error" else 2,
        "error_text": content if mtype == "error" else None,
    }) for mtype, content, *path in memories]  # fmt: skip


def question(conn, session: str, prompt: str) -> int:
    """A session that only asked: one prompt, no work."""
    return task(conn, session, ("prompt", prompt))[0]


def everyday(conn, count: int = 40) -> None:
    """Sessions of ordinary work: the words every task shares."""
    for i in range(count):
        task(conn, f"day-{i}", ("prompt", f"update the orders api tests, part {i}"),
             ("command", "$ npm test\nTests: 48 passed, 48 total"),
             ("file_edit", f"Edit src/api/orders_{i % 7}.ts (+1 -1)\n-const limit = 10\n+const limit = 20",
              f"src/api/orders_{i % 7}.ts"))  # fmt: skip


def block_ids(block: str) -> list[int]:
    return [int(line[len("- [#"):].split("]", 1)[0]) for line in block.splitlines() if line.startswith("- [#")]


def sessions_of(conn, block: str) -> set[str]:
    ids = block_ids(block)
    marks = ",".join("?" * len(ids)) or "NULL"
    return {r[0] for r in conn.execute(f"SELECT session_id FROM memory WHERE id IN ({marks})", ids)}


def injected(conn, prompt: str, **config) -> str:
    return choose.prompt_block(conn, prompt, PROJECT, CURRENT, {"max_inject": 5, **config})
