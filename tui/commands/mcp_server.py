"""`memlane mcp`: memlane's memory as MCP tools over stdio, for the model to look things up itself.

Claude Code starts this server (registered by `memlane install`) and shows its
tools as `mcp__memlane__search`, `mcp__memlane__timeline` and
`mcp__memlane__get_memories`. The answers are written in tui/commands/mcp_tools.py;
this module only declares the tools and runs the server.

The server reads through its own read-only connection (`mode=ro`) and never
writes. Its start-up is mostly the MCP SDK's import (~0.5 s); nothing else
heavy is imported (no textual, rich or peewee).
"""

from __future__ import annotations

import sqlite3
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from store.database import MEMORY_TYPES
from tui.commands import mcp_tools
from tui.commands.mcp_config import SERVER_KEY as SERVER_NAME

INSTRUCTIONS = (
    "memlane is long-term memory of earlier Claude Code sessions: prompts, file edits, "
    "commands and errors, in every project. To look something up: search first (a compact "
    "index, one line per hit), then get_memories for the few ids you need, or timeline for "
    "what happened around one."
)
SEARCH_DOC = (
    "Search memlane's long-term memory of earlier Claude Code sessions (prompts, file edits, "
    "commands, errors, in every project). Always start here. Returns a compact index, one line "
    "per hit (~50-100 tokens each): `#id date project type file-or-command: snippet`, best "
    "first, and the total count. Then call get_memories with only the ids you need, or "
    "timeline with one id to see what happened around it. Do not fetch every hit."
)
TIMELINE_DOC = (
    "What happened around one memory in its session: the memories just before and after it, "
    "one compact line each, the memory itself marked with `>`. Use an id from search."
)
GET_DOC = (
    "Full text of chosen memories, by id (from search or timeline). Fetch only the few you "
    "need; long memories are cut, with a note. Text is shown as stored (secrets were redacted "
    "when it was written)."
)
_MAX_ID = 2**63 - 1  # SQLite's largest integer: a bigger one cannot even be looked up
_READ_ONLY = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True,
                             openWorldHint=False)  # fmt: skip


class _Store:
    """One read-only connection, opened on first use (the database may not exist yet)."""

    def __init__(self, db_path: str):
        self.db_path = db_path
        self.conn: sqlite3.Connection | None = None

    def answer(self, job, *args, **kwargs) -> str:
        """Run `job(conn, ...)`; every failure becomes one sentence for the model."""
        from store.database import StoreError, describe_error, forced_read_only

        try:
            if self.conn is not None and self.conn.full_disk and not forced_read_only(self.db_path):
                self._drop()  # space was freed (or the place made writable): read the live database again
            if self.conn is None:
                self.conn = self._open()
            answer = job(self.conn, *args, **kwargs)
            if self.conn.full_disk:  # the memories are there, but say why nothing new is
                answer += f"\n\n(memlane: {self.conn.full_disk})"
            return answer
        except mcp_tools.ToolInputError as exc:
            raise ToolError(str(exc)) from None
        except StoreError as exc:
            self._drop()
            raise ToolError(_logged(str(exc))) from None
        except sqlite3.Error as exc:
            self._drop()
            raise ToolError(_logged(describe_error(self.db_path, exc))) from None
        except Exception as exc:
            raise ToolError(_logged(f"memlane could not answer ({type(exc).__name__}: {exc})")) from None

    def _open(self) -> sqlite3.Connection:
        import os

        from store.database import StoreError, connect

        if not os.path.exists(self.db_path):
            raise mcp_tools.ToolInputError(
                f"memlane has no memories yet (no database at {self.db_path}); they appear once "
                "Claude Code sessions have run with memlane's hooks."
            )
        if os.path.isdir(self.db_path):
            raise StoreError(f"{self.db_path} is a folder, not a memlane database.")
        return connect(self.db_path, readonly=True, busy_timeout_ms=2000)

    def _drop(self) -> None:
        if self.conn is not None:
            try:
                self.conn.close()
            except sqlite3.Error:
                pass
            self.conn = None


def _logged(message: str) -> str:
    """Leave one `[memlane]` line in the log (not on stderr: Claude Code keeps that) and return it."""
    from store.log import log_line

    log_line("mcp: " + message, stderr=False)
    return message


def build_server(db_path: str) -> MCPServer:
    """The `memlane` MCP server over the database at `db_path`, with its three tools."""
    server = MCPServer(
        SERVER_NAME, instructions=INSTRUCTIONS, version=_version(), log_level="WARNING"
    )
    store = _Store(db_path)

    @server.tool(name="search", description=SEARCH_DOC, annotations=_READ_ONLY,
                 structured_output=False)  # fmt: skip
    async def search(
        query: Annotated[str, Field(description="A question in a sentence, or words to look for: names, "
                                    "file names, error text, commands. Empty: the newest memories.")],  # fmt: skip
        project: Annotated[str | None, Field(description="Only this project (its name or path).")] = None,
        type: Annotated[str | None, Field(description="Only these memory types, comma separated: "
                                          + ", ".join(MEMORY_TYPES) + ".")] = None,  # fmt: skip
        since: Annotated[str | None, Field(description="Only memories since then: 2026-11-20, "
                                           "2026-11-20T14:00, yesterday, or 7d / 12h / 2w ago.")] = None,  # fmt: skip
        limit: Annotated[int, Field(ge=0, le=mcp_tools.SEARCH_LIMIT_MAX,
                                    description="Lines to return (default 10).")] = mcp_tools.SEARCH_LIMIT_DEFAULT,  # fmt: skip
    ) -> str:
        return store.answer(mcp_tools.search_index, query, project=project, type=type,
                            since=since, limit=limit)  # fmt: skip

    @server.tool(name="timeline", description=TIMELINE_DOC, annotations=_READ_ONLY,
                 structured_output=False)  # fmt: skip
    async def timeline(
        id: Annotated[
            int,
            Field(ge=1, le=_MAX_ID, description="A memory id from search (the number after #)."),
        ],
        before: Annotated[
            int,
            Field(ge=0, le=mcp_tools.TIMELINE_MAX, description="Memories before it (default 5)."),
        ] = mcp_tools.TIMELINE_DEFAULT,  # fmt: skip
        after: Annotated[
            int,
            Field(ge=0, le=mcp_tools.TIMELINE_MAX, description="Memories after it (default 5)."),
        ] = mcp_tools.TIMELINE_DEFAULT,  # fmt: skip
    ) -> str:
        return store.answer(mcp_tools.timeline_lines, id, before=before, after=after)

    @server.tool(name="get_memories", description=GET_DOC, annotations=_READ_ONLY,
                 structured_output=False)  # fmt: skip
    async def get_memories(
        ids: Annotated[
            list[Annotated[int, Field(ge=1, le=_MAX_ID)]],
            Field(min_length=1, description=f"Memory ids (at most {mcp_tools.GET_MAX_IDS})."),
        ],  # fmt: skip
    ) -> str:
        return store.answer(mcp_tools.full_memories, ids)

    return server


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("memlane")
    except Exception:
        return "0"


def cmd_mcp(args) -> int:
    return run(args.db)


def run(db_path: str) -> int:
    """Serve over stdio until the client closes it; every line read gets an answer."""
    import anyio

    anyio.run(serve_stdio, build_server(db_path))
    return 0


async def serve_stdio(server: MCPServer) -> None:
    """`server` over this process's stdin and stdout through `mcp_wire.StdioWire`.

    As the SDK's own stdio transport does, fd 0 reads the null device and fd 1 goes to
    stderr while serving, so stray output of a library never lands on the wire."""
    import os

    from mcp.server.stdio import stdio_server

    from tui.commands.mcp_wire import StdioWire

    wire_in, wire_out = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDONLY)
    saved_in, saved_out = os.dup(0), os.dup(1)
    os.dup2(null, 0)
    os.dup2(2, 1)
    os.close(null)
    try:
        with open(wire_in, "rb") as raw_in, open(wire_out, "wb", buffering=0) as raw_out:
            wire = StdioWire(raw_in, raw_out)
            async with stdio_server(stdin=wire, stdout=wire) as (read_stream, write_stream):
                # what MCPServer.run_stdio_async does with the SDK's own streams (mcp pinned)
                lowlevel = server._lowlevel_server
                await lowlevel.run(
                    read_stream, write_stream, lowlevel.create_initialization_options()
                )
    finally:
        os.dup2(saved_in, 0)
        os.dup2(saved_out, 1)
        os.close(saved_in)
        os.close(saved_out)
