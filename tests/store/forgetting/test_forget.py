"""Forgetting and redaction remove every copy: rows, both indexes, derived text, file bytes."""

import os

import pytest

from store.database import connection as db
from store.forgetting import erase as forget
from store.reading import listings
from store.search import search
from store.writing import writer
from tests.store.conftest import file_bytes, ts


def add(conn, content, session="s1", **extra):
    return writer.add_memory(conn, {"session_id": session, "type": extra.pop("type", "command"),
                                    "content": content, "cwd": "/nonexistent/app", **extra})  # fmt: skip


@pytest.fixture
def filled(conn):
    for i in range(200):
        add(conn, f"routine compile step {i} finished without warnings", session=f"s{i % 4}")
    return conn


def test_forget_by_query_leaves_no_bytes_in_db_or_wal(filled, db_path):
    secret = "zebrapassword42xyz"
    add(filled, f"deployed with {secret} to staging", session="s9")
    writer.update_session_summary(filled, "s9")
    assert secret.encode() in file_bytes(db_path)
    assert forget.forget(filled, query=secret).count == 1
    assert search(filled, secret) == [] and search(filled, "ebrapassword") == []
    raw = file_bytes(db_path)
    assert secret.encode() not in raw and b"ebrapassword42" not in raw
    assert listings.get_session(filled, "s9") is None  # its only memory went, so did the session


def test_redact_a_pattern_and_a_span(filled, db_path):
    memory_id = add(filled, "token ultrasecretfalcon printed; also hunter2hunter2 here")
    assert forget.redact(filled, memory_id, pattern=r"ultrasecret\w+") == 1
    content = listings.get_memory(filled, memory_id)["content"]
    start = content.index("hunter2hunter2")
    assert forget.redact(filled, memory_id, span=(start, start + len("hunter2hunter2"))) == 1
    assert listings.get_memory(filled, memory_id)["content"] == "token [REDACTED] printed; also [REDACTED] here"
    raw = file_bytes(db_path)
    assert b"ultrasecretfalcon" not in raw and b"hunter2hunter2" not in raw
    assert search(filled, "ultrasecretfalcon") == [] and search(filled, "hunter2hunter2") == []
    assert [h["id"] for h in search(filled, "printed")] == [memory_id]


def test_redact_covers_every_field_and_everything_derived_from_it(conn, db_path):
    """The word goes from the text, the file path, the tags, the session's summary and files,
    the error group's sample and signature, both indexes and the file bytes: search no
    longer finds the memory by it, as after a forget."""
    word = "zanzibarcorp"
    edit = add(conn, f"Edit src/payments/{word}.py\n@@ line 3\n-old\n+new", type="file_edit",
               file_path=f"/nonexistent/app/src/payments/{word}.py", tags=f"payments {word}")  # fmt: skip
    error = add(conn, f"$ pytest\nImportError: cannot import {word}_client", type="error",
                error_text=f"ImportError: cannot import {word}_client")  # fmt: skip
    add(conn, "an unrelated memory", session="s1")
    writer.update_session_summary(conn, "s1")
    session = listings.get_session(conn, "s1")
    assert word in session["summary"] + session["files_changed"]
    assert [h["id"] for h in search(conn, word)][:1] in ([edit], [error])

    assert forget.redact(conn, edit, pattern=word) == 3  # text, path, tags
    assert forget.redact(conn, error, pattern=word) >= 1
    memory = listings.get_memory(conn, edit)
    assert memory["content"].startswith("Edit src/payments/[REDACTED].py")
    assert memory["file_path"] == "/nonexistent/app/src/payments/[REDACTED].py"
    assert memory["tags"] == "payments [REDACTED]"
    session = listings.get_session(conn, "s1")
    assert word not in session["summary"] and word not in session["files_changed"]
    (group,) = listings.error_groups(conn)
    assert word not in group["sample"] and word not in group["signature"]
    assert search(conn, word) == [] and search(conn, word[2:-2]) == []
    assert [h["id"] for h in search(conn, "payments")] == [edit]  # the rest is still found
    assert word.encode() not in file_bytes(db_path)


def test_a_redacted_signature_that_meets_another_group_joins_it(conn):
    add(conn, "$ make\nError: lost key alpha", type="error", error_text="Error: lost key alpha")
    add(conn, "$ make\nError: lost key [REDACTED]", session="s2", type="error",
        error_text="Error: lost key [REDACTED]")  # fmt: skip
    first = add(conn, "$ make\nError: lost key alpha again", session="s3", type="error",
                error_text="Error: lost key alpha")  # fmt: skip
    assert len(listings.error_groups(conn)) == 2
    forget.redact(conn, first, pattern="alpha")
    forget.redact(conn, first - 2, pattern="alpha")
    (group,) = listings.error_groups(conn)
    assert group["count"] == 3 and "alpha" not in group["signature"]


def test_redact_rejects_bad_input_with_a_sentence(filled):
    memory_id = add(filled, "short")
    with pytest.raises(db.StoreError, match="outside memory"):
        forget.redact(filled, memory_id, span=(0, 999))
    with pytest.raises(db.StoreError, match="not a valid regular expression"):
        forget.redact(filled, memory_id, pattern="(")
    with pytest.raises(db.StoreError, match="no memory"):
        forget.redact(filled, 99999, pattern="x")


def test_forget_by_session_project_file_and_time(filled):
    assert forget.forget(filled, session="s0").count == 50
    assert listings.get_session(filled, "s0") is None
    old = add(filled, "ancient history", session="s1", created_at=ts(days_ago=400))
    assert forget.select_ids(filled, before=ts(days_ago=100)) == [old]
    assert forget.forget(filled, before=ts(days_ago=100)).count == 1
    edit = add(filled, "Edit parser", session="s2", type="file_edit", file_path="/nonexistent/app/p.py")
    assert forget.forget(filled, file_path="/nonexistent/app/p.py").count == 1 and listings.get_memory(filled, edit) is None
    assert forget.forget(filled, project="/nonexistent/app").count == 150
    assert filled.execute("SELECT count(*) FROM memory").fetchone()[0] == 0


def test_forget_needs_a_criterion(filled):
    with pytest.raises(db.StoreError, match="say what to forget"):
        forget.forget(filled)
    assert filled.execute("SELECT count(*) FROM memory").fetchone()[0] == 200


def test_derived_text_is_rebuilt_without_the_forgotten_memory(conn):
    add(conn, "$ npm test\nError: leakysecretvalue not found", type="error",
        error_text="Error: leakysecretvalue not found")  # fmt: skip
    add(conn, "$ npm test\nError: leakysecretvalue not found", session="s2", type="error",
        error_text="Error: leakysecretvalue not found")  # fmt: skip
    writer.update_session_summary(conn, "s1")
    assert "leakysecretvalue" in listings.get_session(conn, "s1")["summary"]
    group = listings.error_groups(conn)[0]
    assert group["count"] == 2
    forget.forget(conn, query="leakysecretvalue")
    assert listings.error_groups(conn) == []  # every occurrence gone: the group too


def test_space_is_given_back(db_path):
    conn = db.connect(db_path)
    for i in range(400):
        add(conn, f"bulky output {i} " + "lorem ipsum dolor " * 100, session=f"s{i}")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    big = os.path.getsize(db_path)
    forget.forget(conn, project="/nonexistent/app")
    assert os.path.getsize(db_path) < big / 3


def segments(conn, table: str) -> int:
    """How many segments an FTS index has: after a scrub, one (no old segment keeps a token)."""
    return conn.execute(f"SELECT count(DISTINCT segid) FROM {table}_idx").fetchone()[0]


def automerge(conn, table: str):
    row = conn.execute(f"SELECT v FROM {table}_config WHERE k = 'automerge'").fetchone()
    return row and row[0]


def test_a_forget_rewrites_each_index_into_one_segment_and_keeps_its_merge_setting(filled):
    from store.database.schema import FTS_TABLES

    filled.execute("INSERT INTO memory_words(memory_words, rank) VALUES ('automerge', 8)")
    assert all(segments(filled, t) > 1 for t in FTS_TABLES)  # 200 writes: many small segments
    done = forget.forget(filled, session="s1")
    assert done.count == 50 and done.scrubbed
    assert [segments(filled, t) for t in FTS_TABLES] == [1, 1]
    assert automerge(filled, "memory_words") == 8 and automerge(filled, "memory_trigrams") in (None, 4)
    memory_id = add(filled, "rotate the credential moonstone99 today", session="s2")
    assert [segments(filled, t) for t in FTS_TABLES] == [2, 2]
    forget.redact(filled, memory_id, pattern="moonstone99")
    assert [segments(filled, t) for t in FTS_TABLES] == [1, 1]
    assert automerge(filled, "memory_words") == 8
    assert search(filled, "moonstone99") == [] and [h["id"] for h in search(filled, "credential")] == [memory_id]


def test_a_forget_that_fails_halfway_changes_nothing(filled, monkeypatch):
    from store.database.schema import FTS_TABLES

    def broken(*args, **kwargs):
        raise db.StoreError("the disk holding the database is full; free some space and try again.")

    monkeypatch.setattr(forget, "_refresh_derived", broken)
    with pytest.raises(db.StoreError, match="disk"):
        forget.forget(filled, query="routine")
    assert filled.execute("SELECT count(*) FROM memory").fetchone()[0] == 200
    assert len(search(filled, "routine", limit=500)) == 200
    assert forget.forget_log(filled) == [] and filled.execute("SELECT count(*) FROM tombstone").fetchone()[0] == 0
    assert [automerge(filled, t) for t in FTS_TABLES] == [None, None]
    monkeypatch.undo()
    assert forget.forget(filled, query="routine").count == 200


def test_index_pages_already_in_the_database_file_lose_the_forgotten_word(db_path):
    """The scrub frees the old index segments without zeroing them (secure_delete=FAST) and
    relies on the vacuum to drop or overwrite every free page: here the old segments sit in
    the database file itself (checkpointed), not only in the WAL that the scrub truncates."""
    conn = db.connect(db_path)
    secret = "quokkavault93"
    for i in range(600):
        add(conn, f"note {i} mentions {secret} among others" if i % 3 == 0 else f"note {i} ordinary",
            session=f"s{i % 5}")  # fmt: skip
    db.optimize_indexes(conn)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert secret.encode() in open(db_path, "rb").read()
    assert forget.forget(conn, query=secret).count == 200
    raw = file_bytes(db_path)
    assert b"kkavault93" not in raw and b"quokkav" not in raw
    assert conn.execute("PRAGMA freelist_count").fetchone()[0] == 0
    assert conn.execute("PRAGMA secure_delete").fetchone()[0] == 1  # back to ON for every other write
    conn.close()


def test_every_forget_and_redaction_moves_the_forget_generation_on(filled):
    """What the app's panes poll to drop forgotten rows, whoever forgot them."""
    seen = [listings.forget_generation(filled)]
    memory_id = add(filled, "a memory with hunter2hunter2 in it")
    assert listings.forget_generation(filled) == seen[-1]  # a write is not a forget
    forget.redact(filled, memory_id, pattern="hunter2hunter2")
    seen.append(listings.forget_generation(filled))
    forget.forget_ids(filled, [memory_id])
    seen.append(listings.forget_generation(filled))
    forget.forget(filled, session="s1")
    seen.append(listings.forget_generation(filled))
    assert seen == sorted(set(seen)) and len(seen) == 4


def test_a_forget_past_every_batch_cap_leaves_no_forgotten_word_in_any_file(db_path):
    """6,200 forgotten memories: past the selection's 5,000-id keyset step, the 500-value IN
    lists, and the 2,000 ids from which the summaries are computed beside the delete.  Each
    holds a word of its own; no piece of any of those words is left in the database file,
    its WAL or its shared-memory file, while the kept memories' own words still are (so the
    check can fail).  A word's tail is what FTS5 always writes: a term shares its head with
    the term before it."""
    import random

    from store.forgetting.erase import SUMMARIES_MEANWHILE_FROM
    from store.search.match import CHUNK

    rng = random.Random(3)
    letters = "bcdfghjlmnpqrstvwz"

    def word(tail: str) -> str:
        return "".join(rng.choice(letters) for _ in range(9)) + tail

    forgotten, kept = 6200, 300
    assert forgotten > CHUNK and forgotten > SUMMARIES_MEANWHILE_FROM
    conn = db.connect(db_path)
    gone = [word("kxvwy") for _ in range(forgotten)]
    stay = [word("yxjqk") for _ in range(kept)]
    writer.add_memories(conn, [
        {"session_id": f"s{i % 40}", "type": "command", "cwd": "/nonexistent/app",
         "content": f"rotated the lattice credential {w} for staging {i}"} for i, w in enumerate(gone)
    ] + [
        {"session_id": f"k{i % 7}", "type": "command", "cwd": "/nonexistent/app",
         "content": f"ordinary build step {w} number {i}"} for i, w in enumerate(stay)
    ])  # fmt: skip
    for s in range(40):
        writer.update_session_summary(conn, f"s{s}")
    conn.execute("PRAGMA wal_checkpoint(PASSIVE)")  # some pages in the file, some in the WAL

    def everything() -> bytes:
        return b"".join(open(db_path + s, "rb").read() for s in ("", "-wal", "-shm") if os.path.exists(db_path + s))

    before = everything()
    assert before.count(b"kxvwy") >= forgotten and b"yxjqk" in before
    done = forget.forget(conn, query="lattice credential")
    assert done.count == forgotten and done.scrubbed
    raw = everything()
    assert raw.count(b"kxvwy") == 0
    assert not any(w[-7:].encode() in raw for w in gone[::50])  # a longer tail of every 50th
    assert raw.count(b"yxjqk") >= kept  # the kept memories' words are still there
    assert search(conn, "lattice") == [] and search(conn, gone[4000]) == []
    assert len(search(conn, stay[7])) == 1
    conn.close()
