"""One real PostgreSQL server per test session (team.devserver), a fresh database per test.

Roles as the README recommends: `dana` and `lee` write (memlane_writer), `ops`
is a team admin (memlane_admin).  A machine is a folder with its own memory.db
and team.db, as two HOMEs would be.
"""

import itertools
import os

import psycopg
import pytest

from store.database import connection as db
from store.writing.writer import add_memories
from team import cache
from team.devserver import DevServer
from team.server_migrate import upgrade

_numbers = itertools.count()


@pytest.fixture(scope="session")
def pg_server():
    with DevServer() as server:
        server.execute("""
            CREATE ROLE memlane_writer NOLOGIN; CREATE ROLE memlane_admin NOLOGIN;
            GRANT memlane_writer TO memlane_admin;
            CREATE ROLE dana LOGIN IN ROLE memlane_writer;
            CREATE ROLE lee LOGIN IN ROLE memlane_writer;
            CREATE ROLE ops LOGIN IN ROLE memlane_admin;
        """)
        yield server


class TeamServer:
    def __init__(self, pg: DevServer, name: str):
        self.pg, self.name = pg, name
        self.admin_url = pg.create_database(name)
        upgrade(self.admin_url)

    def url(self, user: str) -> str:
        return self.pg.url(self.name, user)

    def query(self, sql: str, params=None) -> list[tuple]:
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            return conn.execute(sql, params).fetchall()


@pytest.fixture
def team_server(pg_server):
    return TeamServer(pg_server, f"team_{os.getpid()}_{next(_numbers)}")


class Machine:
    """One developer's machine: memory.db, team.db, [team] settings."""

    def __init__(self, folder, url: str, author: str, projects=("/work/shop-*",), exclude=()):
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.local = db.connect(folder / "memory.db")
        self.team = cache.open_cache(str(folder / "team.db"))
        self.settings = {"url": url, "projects": list(projects), "author": author, "recall": False,
                         "exclude_projects": list(exclude)}  # fmt: skip

    def remember(self, texts, project="/work/shop-api", session=None, type="command") -> list[int]:
        session = session or "s-" + project  # a memory belongs to its session's project
        obs = [{"session_id": session, "type": type, "cwd": project, "content": t, "tags": "",
                "importance": 1, "source": "hook", "tool_name": "Bash"} for t in texts]  # fmt: skip
        return add_memories(self.local, obs)

    def sync(self, **kw):
        from team.sync import sync

        return sync(self.local, self.team, self.settings, **kw)

    def cached(self) -> list[str]:
        return [r[0] for r in self.team.execute("SELECT content FROM memory ORDER BY id")]


@pytest.fixture
def machines(tmp_path, team_server):
    """Two machines, dana's and lee's, sharing /work/shop-* through one server."""
    made = {name: Machine(tmp_path / name, team_server.url(name), name) for name in ("dana", "lee")}
    yield made["dana"], made["lee"]
    for m in made.values():
        m.local.close()
        m.team.close()


def _closed_port_url() -> str:
    """A server address where nothing listens."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"postgresql://nobody@127.0.0.1:{port}/memlane"
