"""`memlane team ...` and `memlane search --team` on two HOMEs sharing one server."""

import os

import pytest

from store.database import connection as db
from store.forgetting.erase import forget
from store.writing.writer import add_memories
from team.server_migrate import SERVER_SCHEMA_VERSION
from tests.team.conftest import _closed_port_url
from tui.commands.cli import main


class Home:
    def __init__(self, folder, url: str, author: str, monkeypatch):
        self.folder, self.monkeypatch = folder, monkeypatch
        folder.mkdir()
        (folder / "config.toml").write_text(
            f'[team]\nurl = "{url}"\nprojects = ["/work/shop-*"]\nauthor = "{author}"\n')

    def use(self):
        self.monkeypatch.setenv("MEMLANE_HOME", str(self.folder))
        self.monkeypatch.delenv("MEMLANE_DB", raising=False)
        self.monkeypatch.delenv("MEMLANE_TEAM_URL", raising=False)
        self.monkeypatch.delenv("MEMLANE_TEAM_DB", raising=False)
        return self

    def remember(self, texts, project="/work/shop-api"):
        conn = db.connect(self.folder / "memory.db")
        try:
            add_memories(conn, [{"session_id": "s-" + project, "type": "command", "cwd": project,
                                 "content": t, "source": "hook"} for t in texts])  # fmt: skip
        finally:
            conn.close()

    def run(self, capsys, *argv) -> tuple[int, str, str]:
        self.use()
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err


@pytest.fixture
def homes(tmp_path, team_server, monkeypatch):
    return (Home(tmp_path / "a", team_server.url("dana"), "dana", monkeypatch),
            Home(tmp_path / "b", team_server.url("lee"), "lee", monkeypatch))  # fmt: skip


def _bytes(folder) -> bytes:
    return b"".join(p.read_bytes() for p in folder.iterdir() if p.name.startswith("team.db"))


def test_written_in_a_found_in_b_then_forgotten_everywhere(homes, team_server, capsys):
    a, b = homes
    a.remember(["the ledger rounding bug lives in money.py", "unrelated build note"])
    a.remember(["my private diary entry about ledger"], project="/home/dana/diary")
    code, out, _ = a.run(capsys, "team", "sync")
    assert code == 0 and "Pushed" in out and "2" in out
    assert sorted(r[0] for r in team_server.query("SELECT content FROM team_memory")) == [
        "the ledger rounding bug lives in money.py", "unrelated build note"]

    code, out, _ = b.run(capsys, "team", "sync")
    assert code == 0 and "Pulled" in out
    code, out, err = b.run(capsys, "search", "--team", "ledger", "--json")
    import json

    found = json.loads(out)
    assert [(h["author"], h["content"]) for h in found] == [("dana", "the ledger rounding bug lives in money.py")]
    code, out, _ = b.run(capsys, "search", "--team", "ledger")
    assert "author" in out and "dana" in out

    a.use()
    conn = db.connect(a.folder / "memory.db")
    assert forget(conn, query="ledger rounding").count == 1
    conn.close()
    code, out, _ = a.run(capsys, "team", "sync")
    assert "Withdrawn" in out
    assert team_server.query("SELECT content FROM team_memory") == [("unrelated build note",)]
    assert b"ledger rounding" in _bytes(b.folder)
    code, out, _ = b.run(capsys, "team", "sync")
    assert code == 0
    code, out, _ = b.run(capsys, "search", "--team", "ledger", "--json")
    assert json.loads(out) == []
    assert b"ledger rounding" not in _bytes(b.folder)  # scrubbed from team.db and its WAL


def test_status_says_what_is_pending_each_way(homes, capsys):
    a, b = homes
    a.remember(["one", "two", "three"])
    code, out, _ = a.run(capsys, "team", "status")
    assert code == 0 and "3 memories, 0 forgets" in out and "never" in out
    a.run(capsys, "team", "sync")
    code, out, _ = b.run(capsys, "team", "status")
    assert "To pull" in out and "3 memories, 0 forgets" in out


def test_team_forget_by_author_and_admin_but_not_by_a_teammate(homes, team_server, pg_server, capsys, monkeypatch):
    a, b = homes
    a.remember(["dana's note one", "dana's note two"])
    a.run(capsys, "team", "sync")
    ids = [r[0] for r in team_server.query("SELECT id FROM team_memory ORDER BY id")]
    code, _out, err = b.run(capsys, "team", "forget", str(ids[0]))
    assert code == 1 and "someone else's" in err
    code, out, _ = a.run(capsys, "team", "forget", str(ids[0]))
    assert code == 0 and "Forgot 1 team memory" in out
    monkeypatch.setenv("MEMLANE_TEAM_URL", team_server.url("ops"))
    assert main(["team", "forget", str(ids[1])]) == 0
    assert team_server.query("SELECT count(*) FROM team_memory") == [(0,)]
    assert len(team_server.query("SELECT memory_id FROM team_deletion")) == 2
    # Forgotten stays forgotten: the author's next sync does not push them again.
    a.run(capsys, "team", "sync")
    assert team_server.query("SELECT count(*) FROM team_memory") == [(0,)]


def test_a_writer_cannot_insert_rows_as_someone_else(team_server):
    import psycopg

    with psycopg.connect(team_server.url("lee"), autocommit=True) as conn:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("INSERT INTO team_memory (owner, author, origin, local_id, session_id, type, content,"
                         " created_at) VALUES ('dana', 'dana', 'x', 1, 's', 'command', 'forged', '2026')")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("UPDATE team_memory SET content = 'changed'")


def test_server_down_hooks_unaffected_and_sync_says_so_in_one_sentence(homes, capsys, tmp_path):
    a, _b = homes
    (a.folder / "config.toml").write_text(f'[team]\nurl = "{_closed_port_url()}"\nprojects = ["/work/*"]\n')
    a.remember(["written while the server is down"])
    code, out, err = a.run(capsys, "team", "sync")
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "cannot be reached" in err and err.startswith("memlane: The team server")
    code, out, err = a.run(capsys, "search", "--team", "written")
    assert code == 0 and "written while the server is down" in out and "cannot be reached" in err


def test_team_sync_without_a_url_says_team_sharing_is_off(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path))
    monkeypatch.delenv("MEMLANE_TEAM_URL", raising=False)
    assert main(["team", "sync"]) == 1
    assert "Team sharing is off: set [team] url" in capsys.readouterr().err
    assert not os.path.exists(tmp_path / "team.db")


def test_brief_output_names_the_author(homes, capsys):
    a, b = homes
    a.remember(["the flaky checkout test waits on redis"])
    a.run(capsys, "team", "sync")
    b.run(capsys, "team", "sync")
    code, out, _ = b.run(capsys, "search", "--team", "flaky checkout", "--format", "brief")
    assert code == 0 and "(by dana)" in out and "flaky checkout test waits on redis" in out


def test_team_init_creates_then_reports_up_to_date_and_a_writer_cannot_init(pg_server, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MEMLANE_HOME", str(tmp_path))
    url = pg_server.create_database("init_by_command")
    monkeypatch.setenv("MEMLANE_TEAM_URL", url)
    assert main(["team", "init"]) == 0
    assert f"schema 0 -> {SERVER_SCHEMA_VERSION}" in capsys.readouterr().out
    assert main(["team", "init"]) == 0
    assert f"is up to date (schema {SERVER_SCHEMA_VERSION})" in capsys.readouterr().out

    other = pg_server.create_database("init_by_writer")
    monkeypatch.setenv("MEMLANE_TEAM_URL", other.replace(pg_server.superuser + "@", "lee@"))
    assert main(["team", "init"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("memlane: Setting up postgresql://127.0.0.1:") and "it was left as it was." in err
    assert err.count("\n") == 1


def test_a_role_without_memlane_writer_is_told_what_to_ask_for(homes, team_server, pg_server, capsys):
    a, _b = homes
    pg_server.execute("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'stranger') "
                      "THEN CREATE ROLE stranger LOGIN; END IF; END $$")  # fmt: skip
    (a.folder / "config.toml").write_text(f'[team]\nurl = "{team_server.url("stranger")}"\nprojects = ["/work/*"]\n')
    a.remember(["a memory the stranger may not push"])
    code, out, err = a.run(capsys, "team", "sync")
    assert code == 1 and out == ""
    assert err.startswith("memlane: The team server") and "refused this role" in err and "memlane_writer" in err
    assert err.count("\n") == 1
