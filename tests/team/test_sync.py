"""Two machines share memories of a shared project through a real PostgreSQL server."""

import pytest

from store.search import search
from team import server
from team.sync import sync


def test_a_memory_written_on_one_machine_is_found_on_the_other(machines):
    dana, lee = machines
    dana.remember(["pytest fixture leaks the postgres connection in conftest"])
    assert dana.sync()["pushed"] == 1
    report = lee.sync()
    assert report["pulled"] == 1
    hits = search(lee.team, "postgres fixture")
    assert [h["content"] for h in hits] == ["pytest fixture leaks the postgres connection in conftest"]
    assert lee.team.execute("SELECT author FROM team_author").fetchall() == [("dana",)]


def test_an_unshared_project_never_reaches_the_server(machines, team_server):
    dana, _lee = machines
    dana.settings["exclude_projects"] = ["/work/shop-secret"]
    dana.remember(["shared note about checkout"], project="/work/shop-api")
    dana.remember(["private side project note"], project="/home/dana/diary")
    dana.remember(["excluded even though it matches the glob"], project="/work/shop-secret")
    dana.sync()
    assert team_server.query("SELECT content FROM team_memory") == [("shared note about checkout",)]


def test_sync_is_idempotent_and_never_pulls_back_its_own_rows(machines, team_server):
    dana, lee = machines
    dana.remember([f"note {i}" for i in range(5)])
    lee.remember(["lee's own note"])
    for _ in range(3):
        dana.sync()
        lee.sync()
    assert team_server.query("SELECT count(*) FROM team_memory") == [(6,)]
    assert sorted(lee.cached()) == [f"note {i}" for i in range(5)]
    assert dana.cached() == ["lee's own note"]


def test_past_every_batch_boundary_nothing_is_lost_or_doubled(machines, team_server):
    dana, lee = machines
    dana.remember([f"batch memory number {i}" for i in range(1234)])
    assert dana.sync(batch=100)["pushed"] == 1234
    assert lee.sync(batch=100)["pulled"] == 1234
    assert len(set(lee.cached())) == len(lee.cached()) == 1234


def test_a_sync_killed_between_server_commit_and_local_record_loses_and_duplicates_nothing(machines, team_server, monkeypatch):
    dana, lee = machines
    dana.remember([f"kill test memory {i}" for i in range(1000)])
    from team import cache

    real = cache.record_pushed
    calls = []

    def dies_on_the_third_batch(*args, **kw):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt  # the server committed this batch; this machine never recorded it
        return real(*args, **kw)

    monkeypatch.setattr(cache, "record_pushed", dies_on_the_third_batch)
    with pytest.raises(KeyboardInterrupt):
        dana.sync(batch=150)
    # The third batch committed unrecorded; with PUSH_CONNECTIONS at once, the next ones may have too.
    from team.sync import PUSH_CONNECTIONS

    on_server = team_server.query("SELECT count(*) FROM team_memory")[0][0]
    assert 450 <= on_server <= 450 + 150 * (PUSH_CONNECTIONS - 1)
    assert dana.team.execute("SELECT count(*) FROM team_pushed").fetchone()[0] == 300
    monkeypatch.setattr(cache, "record_pushed", real)

    real_add = cache.add_pulled
    pulls = []

    def pull_dies(*args, **kw):
        pulls.append(1)
        if len(pulls) == 2:
            raise KeyboardInterrupt
        return real_add(*args, **kw)

    monkeypatch.setattr(cache, "add_pulled", pull_dies)
    with pytest.raises(KeyboardInterrupt):
        lee.sync(batch=200)
    monkeypatch.setattr(cache, "add_pulled", real_add)

    dana.sync(batch=150)
    lee.sync(batch=200)
    assert team_server.query("SELECT count(*), count(DISTINCT local_id) FROM team_memory") == [(1000, 1000)]
    assert sorted(lee.cached()) == sorted(f"kill test memory {i}" for i in range(1000))
    assert dana.team.execute("SELECT count(*) FROM team_pushed").fetchone()[0] == 1000
    # The rows pushed twice are recorded under the ids the server gave them the first time.
    recorded = dict(dana.team.execute("SELECT local_id, server_id FROM team_pushed"))
    assert recorded == dict(team_server.query("SELECT local_id, id FROM team_memory"))


def test_the_server_down_says_so_in_one_sentence(machines, pg_server):
    dana, _lee = machines
    dana.remember(["still written locally"])
    dana.settings["url"] = f"postgresql://dana@127.0.0.1:{_closed_port()}/nowhere"
    with pytest.raises(server.TeamUnavailable) as caught:
        sync(dana.local, dana.team, dana.settings)
    message = str(caught.value)
    assert message.startswith("the team server postgresql://127.0.0.1:") and message.endswith(
        "nothing was synced and local memory is unaffected.")
    assert "\n" not in message
    assert dana.local.execute("SELECT count(*) FROM memory").fetchone()[0] == 1


def test_a_server_without_memlane_tables_names_the_command_that_fixes_it(pg_server, tmp_path):
    url = pg_server.create_database("empty_for_test")
    with pytest.raises(server.TeamError, match="an admin runs `memlane team init`"):
        server.connect(url)


def _closed_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_redaction_replaces_the_shared_copy_everywhere(machines, team_server):
    from store.forgetting.erase import redact

    dana, lee = machines
    [memory_id] = dana.remember(["deploy with token hunter2-secret-value please"])
    dana.sync()
    lee.sync()
    assert redact(dana.local, memory_id, pattern=r"hunter2-\S+") == 1
    report = dana.sync()
    assert report["withdrawn"] == 0 and report["pushed"] == 0
    assert team_server.query("SELECT content FROM team_memory") == [("deploy with token [REDACTED] please",)]
    lee.sync()
    assert lee.cached() == ["deploy with token [REDACTED] please"]
    raw = b"".join(p.read_bytes() for p in lee.folder.iterdir() if p.name.startswith("team.db"))
    assert b"hunter2" not in raw


def test_unsharing_a_project_withdraws_its_memories(machines, team_server):
    dana, lee = machines
    dana.remember(["shop api note"], project="/work/shop-api")
    dana.remember(["shop web note"], project="/work/shop-web")
    dana.sync()
    lee.sync()
    dana.settings["projects"] = ["/work/shop-web"]
    assert dana.sync()["withdrawn"] == 1
    assert team_server.query("SELECT content FROM team_memory") == [("shop web note",)]
    lee.sync()
    assert lee.cached() == ["shop web note"]


def test_batches_pushed_at_once_keep_the_order_they_were_written_in(machines, team_server, monkeypatch):
    """The server's ids order memories as their machine wrote them (search's "newest"), even
    when a later batch commits first."""
    import threading

    from tests.timing import HANG

    dana, _lee = machines
    ids = dana.remember([f"ordered memory {i}" for i in range(300)])
    real = server.push
    later_committed = threading.Event()

    def first_batch_late(conn, rows, ids_=None):
        if rows[0][2] == ids[0]:  # held until a later batch, on the other connection, committed
            assert later_committed.wait(HANG), "no later batch was pushed beside the first"
            return real(conn, rows, ids_)
        done = real(conn, rows, ids_)
        later_committed.set()
        return done

    monkeypatch.setattr(server, "push", first_batch_late)
    assert dana.sync(batch=100)["pushed"] == 300
    local_ids = [r[0] for r in team_server.query("SELECT local_id FROM team_memory ORDER BY id")]
    assert local_ids == sorted(local_ids) == sorted(ids)


def test_a_teammates_big_forget_leaves_the_cache_scrubbed_once_past_every_batch(machines, monkeypatch):
    """Deletions arrive in batches; each scrub rewrites both indexes whole, so the cache is
    scrubbed once at the end, and none of the forgotten text is left in its files."""
    import store.forgetting.erase

    dana, lee = machines
    ids = dana.remember([f"gone memory {i} marker-{i:05d}x" for i in range(1100)] + ["kept memory stays"])
    dana.sync(batch=250)
    lee.sync(batch=250)
    store.forgetting.erase.forget_ids(dana.local, ids[:1100])
    assert dana.sync(batch=250)["withdrawn"] == 1100
    scrubs = []
    real_scrub = store.forgetting.erase.scrub
    monkeypatch.setattr(store.forgetting.erase, "scrub", lambda conn, *a, **kw: scrubs.append(1) or real_scrub(conn, *a, **kw))
    assert lee.sync(batch=250)["removed"] == 1100
    assert len(scrubs) == 1
    assert lee.cached() == ["kept memory stays"]
    raw = b"".join(p.read_bytes() for p in lee.folder.iterdir() if p.name.startswith("team.db"))
    assert b"marker-0" not in raw and b"gone memory" not in raw
    assert not store.forgetting.erase.scrub_pending(lee.team)


def test_the_sync_lock_is_owner_only_and_never_a_link(tmp_path):
    from store.files import SymlinkRefused
    from team.sync import LOCK_NAME, SyncLock

    lock = SyncLock(str(tmp_path / "home"))
    assert lock.acquire() and not SyncLock(str(tmp_path / "home")).acquire()  # one sync at a time
    assert (tmp_path / "home" / LOCK_NAME).stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "home").stat().st_mode & 0o777 == 0o700
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / LOCK_NAME).symlink_to(tmp_path / "elsewhere")
    with pytest.raises(SymlinkRefused):
        SyncLock(str(tmp_path / "other"))
    assert not (tmp_path / "elsewhere").exists()
