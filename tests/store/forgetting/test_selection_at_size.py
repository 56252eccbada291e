"""At real sizes (30k memories, terms with thousands of matches: past every page size,
chunk, IN list and ranking pool), the store gives one answer however it is asked:
the selection is complete, paging delivers it exactly once, forgetting removes all of
it, and nothing forgotten comes back through import, the spool or a hook."""

from __future__ import annotations

import re
import shutil
import sqlite3
import threading
import time

import pytest

from bench.corpus_db import build_corpus_db
from store import search
from store.database import connection as db
from store.forgetting import erase as forget
from store.search import match as matching
from store.search import select_matching
from store.writing import writer
from tests.store.conftest import file_bytes
from tests.timing import HANG

CORPUS = 30_000


@pytest.fixture(scope="module")
def corpus_30k(tmp_path_factory) -> str:
    path = str(tmp_path_factory.mktemp("corpus") / "corpus.db")
    build_corpus_db(path, CORPUS, optimize=True)
    return path


@pytest.fixture
def copy_30k(corpus_30k, tmp_path) -> str:
    path = str(tmp_path / "memory.db")
    shutil.copy(corpus_30k, path)
    return path


def word_scan(conn, word: str) -> int:
    """A plain scan of every memory's text for `word` as a whole word, any case."""
    pattern = re.compile(rf"\b{re.escape(word)}\b", re.IGNORECASE)
    return sum(1 for (text,) in conn.execute("SELECT content FROM memory") if pattern.search(text))


@pytest.mark.xdist_group("corpus-30k")  # one worker builds the 30k corpus for the tests that read it
def test_selection_count_and_every_page_agree_for_a_term_with_thousands_of_matches(corpus_30k):
    conn = db.connect(corpus_30k, readonly=True)
    selected = select_matching(conn, "session")
    assert len(selected) > 4 * matching.CHUNK and len(selected) > 20 * search.RANK_POOL  # past every cap
    assert len(set(selected)) == len(selected)
    total = search.count_hits(conn, "session")
    assert total == len(selected)
    by_offset = [h["id"] for o in range(0, total, 500) for h in search.search(conn, "session", limit=500, offset=o)]
    assert len(by_offset) == total and set(by_offset) == set(selected)
    by_keyset, after = [], None
    while True:
        page = search.search(conn, "session", limit=500, after_id=after) if after else search.search(conn, "session", limit=500)
        if not page:
            break
        by_keyset += [h["id"] for h in page]
        after = page[-1]["id"]
    assert by_keyset == by_offset  # one ranking, however it is paged
    last = search.search(conn, "session", offset=total - 25, limit=25)
    assert [h["id"] for h in last] == by_offset[-25:]
    summary = search.search_summary(conn, "session")
    assert summary == {"total": total, "ranked": search.RANK_POOL, "all_terms": True}
    # The ranked head is scored best first; below it, the rest newest first.
    head = by_offset[: search.RANK_POOL]
    scores = [h["score"] for o in range(0, search.RANK_POOL, 500)
              for h in search.search(conn, "session", limit=500, offset=o)]  # fmt: skip
    assert scores == sorted(scores, reverse=True) and len(head) == search.RANK_POOL
    tail = by_offset[search.RANK_POOL :]
    assert tail == sorted(tail, reverse=True)
    conn.close()


@pytest.mark.xdist_group("corpus-30k")  # one worker builds the 30k corpus for the tests that read it
def test_a_selection_of_common_words_alone_is_read_from_the_index_and_is_complete(corpus_30k):
    """The count of a common pair (what the Search pane shows first) pages through its
    whole selection; with words alone, no filter and nothing to check in the text, the
    index's rowids are the ids, so no memory row is read (at 1M that was 730k lookups,
    three quarters of the count's time), and the selection is the index's, exactly."""
    conn = db.connect(corpus_30k, readonly=True)
    tables: set[str] = set()

    def note(action, table, *_):
        if action == sqlite3.SQLITE_READ:
            tables.add(table)
        return sqlite3.SQLITE_OK

    conn.set_authorizer(note)
    selected = select_matching(conn, "session config")
    conn.set_authorizer(None)
    assert "memory" not in tables and "memory_words" in tables
    assert len(selected) > 4 * matching.CHUNK  # past every keyset step
    joined = [row[0] for row in conn.execute(
        "SELECT m.id FROM memory m JOIN memory_words w ON w.rowid = m.id "
        "WHERE memory_words MATCH 'session AND config' ORDER BY m.id DESC")]  # fmt: skip
    assert selected == joined
    assert search.count_hits(conn, "session config") == len(selected)
    # A filter, or a phrase checked against the text, still reads the rows.
    tables.clear()
    conn.set_authorizer(note)
    assert select_matching(conn, "session config", type="command") == [
        i for (i,) in conn.execute(
            "SELECT m.id FROM memory m JOIN memory_words w ON w.rowid = m.id "
            "WHERE memory_words MATCH 'session AND config' AND m.type = 'command' ORDER BY m.id DESC")
    ]  # fmt: skip
    conn.set_authorizer(None)
    assert "memory" in tables
    conn.close()


@pytest.mark.xdist_group("corpus-30k")  # one worker builds the 30k corpus for the tests that read it
def test_forget_by_a_common_word_at_30k_leaves_nothing_search_or_a_scan_finds(copy_30k):
    conn = db.connect(copy_30k)
    before = search.count_hits(conn, "token")
    assert before > 2000 and word_scan(conn, "token") > 0
    done = forget.forget(conn, query="token")
    assert done.count == before and done.scrubbed
    assert search.count_hits(conn, "token") == 0 and search.search(conn, "token") == []
    assert word_scan(conn, "token") == 0
    assert conn.execute("SELECT count(*) FROM memory").fetchone()[0] == CORPUS - before
    log = forget.forget_log(conn)[0]
    assert log["count"] == before and log["scrub"] == "done"
    assert "token" not in log["criteria"]  # the log keeps no content, not even the search
    conn.close()


def test_a_term_matching_nothing_forgets_nothing_never_the_other_terms_matches(conn):
    writer.add_memory(conn, {"session_id": "s", "content": "alpha service deploy", "cwd": "/x"})
    writer.add_memory(conn, {"session_id": "s", "content": "beta service deploy", "cwd": "/x"})
    assert forget.select_ids(conn, query="alpha zzzznotthere") == []
    assert forget.forget(conn, query="alpha zzzznotthere").count == 0
    assert conn.execute("SELECT count(*) FROM memory").fetchone()[0] == 2
    # Search may still offer the near misses; a selection never does.
    assert search.search_summary(conn, "alpha zzzznotthere")["all_terms"] is False


def observations(n: int, session: str = "s-import") -> list[dict]:
    return [{"session_id": session, "type": "command", "tool_name": "Bash", "tool_use_id": f"toolu_{i:05d}",
             "content": f"ran migration step {i} with token rotation", "cwd": "/x", "source": "import",
             "created_at": f"2026-03-01T10:{i // 60 % 60:02d}:{i % 60:02d}.000000Z"} for i in range(n)]  # fmt: skip


def test_writing_the_same_memories_again_after_a_forget_adds_nothing(conn):
    batch = observations(1200)  # past the writer's rows per INSERT and the IN chunks
    assert all(writer.add_memories(conn, batch))
    assert forget.forget(conn, query="rotation").count == 1200
    again = [dict(o, created_at=o["created_at"].replace("10:", "11:", 1)) for o in batch]
    assert writer.add_memories(conn, again) == [None] * 1200  # by content hash / tool call
    assert writer.add_memory(conn, dict(batch[0], source="hook")) is None  # a re-run hook
    assert conn.execute("SELECT count(*) FROM memory").fetchone()[0] == 0
    raw = " ".join(r[0] for r in conn.execute("SELECT key FROM tombstone"))
    assert "rotation" not in raw and "toolu_" not in raw  # hashes, never text


def test_a_forgotten_session_is_not_made_again_but_may_go_on(conn):
    batch = observations(50, session="s-gone")
    writer.add_memories(conn, batch)
    assert forget.forget(conn, session="s-gone").count == 50
    reworded = [dict(o, content=o["content"] + " (as the transcript words it)", tool_use_id=None) for o in batch]
    assert writer.add_memories(conn, reworded) == [None] * 50  # older than the forget
    writer.start_session(conn, "s-gone", "/x", started_at="2026-03-01T09:00:00Z")
    assert conn.execute("SELECT count(*) FROM session WHERE session_id = 's-gone'").fetchone()[0] == 0
    later = writer.add_memory(conn, {"session_id": "s-gone", "content": "a new prompt after the forget", "cwd": "/x"})
    assert later is not None  # work after the forget is new work


def test_redacted_text_does_not_come_back_with_its_tool_call(conn):
    obs = {"session_id": "s", "type": "command", "tool_use_id": "toolu_1", "content": "export KEY=hunter2hunter2",
           "cwd": "/x", "source": "import", "created_at": "2026-03-01T10:00:00Z"}  # fmt: skip
    memory_id = writer.add_memory(conn, obs)
    forget.redact(conn, memory_id, pattern="hunter2hunter2")
    assert writer.add_memory(conn, dict(obs, created_at="2026-03-01T12:00:00Z")) is None
    assert [r[0] for r in conn.execute("SELECT content FROM memory")] == ["export KEY=[REDACTED]"]


def test_memlane_import_after_a_forget_brings_nothing_back(tmp_path, monkeypatch):
    from bench.bench_import import generate
    from hooks.transcripts import TranscriptReader, find_transcripts, import_files
    from store.config import defaults

    generate(str(tmp_path), 1500)
    files, _ = find_transcripts([str(tmp_path / "projects")])
    path = str(tmp_path / "memory.db")
    conn = db.connect(path)

    def run_import():
        return import_files(conn, files, TranscriptReader(defaults()), defaults(), worker=False)

    first = run_import()
    assert first["memories"] > 1000
    session = conn.execute("SELECT session_id FROM memory GROUP BY 1 ORDER BY count(*) DESC").fetchone()[0]
    gone_session = forget.forget(conn, session=session).count
    word = "test"
    gone_query = forget.forget(conn, query=word).count
    assert gone_session > 20 and gone_query > 100
    left = conn.execute("SELECT count(*) FROM memory").fetchone()[0]
    again = run_import()
    assert again["memories"] == 0
    assert conn.execute("SELECT count(*) FROM memory").fetchone()[0] == left
    assert search.count_hits(conn, word) == 0
    assert conn.execute("SELECT count(*) FROM session WHERE session_id = ?", (session,)).fetchone()[0] == 0
    conn.close()


def test_forget_with_a_long_reader_finishes_promptly_and_scrubs_later(db_path):
    conn = db.connect(db_path)
    secret = "quasarpassphrase77"
    for i in range(300):
        writer.add_memory(conn, {"session_id": "s", "content": f"step {i} used {secret}", "cwd": "/x"})
    reader = sqlite3.connect(db_path)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM memory").fetchone()  # holds a snapshot from now on
    started = time.monotonic()
    done = forget.forget(conn, query=secret)
    assert time.monotonic() - started < HANG  # no waiting on the reader (it holds until below)
    assert done.count == 300 and not done.scrubbed and "another process is reading" in done.pending
    assert search.count_hits(conn, secret) == 0  # the delete itself is done
    assert forget.scrub_pending(conn) and forget.forget_log(conn)[0]["scrub"] == "pending"
    assert forget.finish_scrub(conn) is False  # the reader is still there
    reader.execute("COMMIT")
    reader.close()
    assert forget.finish_scrub(conn) is True
    assert forget.forget_log(conn)[0]["scrub"] == "done" and not forget.scrub_pending(conn)
    assert secret.encode() not in file_bytes(db_path)
    conn.close()


def test_the_cli_forget_and_its_log_with_a_reader_present(tmp_path, capsys):
    from tui.commands import cli

    path = str(tmp_path / "memory.db")
    conn = db.connect(path)
    for i in range(40):
        writer.add_memory(conn, {"session_id": "s", "content": f"meteor shower {i}", "cwd": "/x"})
    conn.close()
    reader = sqlite3.connect(path)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM memory").fetchone()
    holder = threading.Timer(30, reader.interrupt)  # never needed: the forget does not wait
    holder.start()
    try:
        assert cli.main(["--db", path, "forget", "--query", "meteor", "--yes"]) == 0
        out = capsys.readouterr().out
        assert "Forgot 40 memories." in out and "another process is reading" in out
        cli.main(["--db", path, "forget", "--log"])
        assert "scrub pending" in capsys.readouterr().out
    finally:
        holder.cancel()
        reader.execute("COMMIT")
        reader.close()
    cli.main(["--db", path, "forget", "--log"])
    out = capsys.readouterr().out
    assert "40 memories" in out and "a search of 1 word" in out and "pending" not in out
    assert b"meteor" not in file_bytes(path)


NON_ASCII = [
    ("ошибка", "Ошибка в модуле авторизации"),
    ("école", "ÉCOLE normale supérieure"),
    ("ecole", "ÉCOLE normale supérieure"),
    ("straße", "Die Straße ist gesperrt"),
    ("strasse", "Die Straße ist gesperrt"),
    ("STRASSE", "Die Straße ist gesperrt"),
    ("σφαλμα", "ΣΦΑΛΜΑ δικτύου"),
    ("istanbul", "İSTANBUL ofisi"),
    ("İstanbul", "istanbul ofisi"),
    ("错误", "处理错误时崩溃"),
    ("エラー", "ビルドエラーが発生"),
    ("버그", "로그인 버그를 고쳤습니다"),
    ("ошиб", "Ошибка в модуле"),  # a substring of a word, folded too
]


@pytest.mark.parametrize(("query", "text"), NON_ASCII)
def test_case_and_accents_fold_beyond_ascii_in_search_selection_and_forget(conn, query, text):
    target = writer.add_memory(conn, {"session_id": "s", "content": text, "cwd": "/x"})
    writer.add_memory(conn, {"session_id": "s", "content": "unrelated english text", "cwd": "/x"})
    assert [h["id"] for h in search.search(conn, query)] == [target]
    assert select_matching(conn, query) == [target]
    assert search.count_hits(conn, query) == 1
    assert forget.forget(conn, query=query).count == 1
    assert conn.execute("SELECT content FROM memory").fetchall() == [("unrelated english text",)]


def test_writes_waiting_in_the_spool_are_forgotten_with_the_rest(conn, db_path):
    import os
    from datetime import UTC, datetime

    from store.forgetting.selection import Criteria, forget_selected
    from store.paths import spool_dir_for
    from store.writing import queue as spool

    folder = spool_dir_for(db_path)
    writer.add_memory(conn, {"session_id": "s", "content": "nebula launch codes in the db", "cwd": "/x"})
    spool.spool([{"session_id": "s", "content": f"nebula launch codes, spooled {i}", "cwd": "/x"} for i in range(700)]
                + [{"session_id": "s", "content": "an unrelated spooled note", "cwd": "/x"}], db_path=db_path)  # fmt: skip
    done = forget_selected(conn, Criteria(query="nebula"), datetime.now(UTC))
    assert done.count == 701
    assert not spool.pending(folder)
    assert [r[0] for r in conn.execute("SELECT content FROM memory")] == ["an unrelated spooled note"]
    assert b"nebula" not in b"".join(open(os.path.join(folder, n), "rb").read() for n in os.listdir(folder))
