"""store.search.recall: what per-prompt recall reads (postings of a term, a task's memories)."""

from __future__ import annotations

from store.search import recall
from store.writing import writer


def add(conn, session, content, prompt_id=None, n=1):
    for i in range(n):  # identical memories of a session are stored once
        writer.add_memory(conn, {"session_id": session, "prompt_id": prompt_id, "type": "command",
                                 "cwd": "/p", "content": content + (f" #{i}" if n > 1 else "")})  # fmt: skip


def test_postings_are_the_newest_matches_up_to_the_cap(conn):
    add(conn, "s1", "$ deploy canary\nok", n=30)
    rows = recall.postings(conn, recall.word_match(["canary"], []), cap=25)
    assert len(rows) == 25
    newest = conn.execute("SELECT max(id) FROM memory").fetchone()[0]
    assert max(r[0] for r in rows) == newest
    assert {r[1] for r in rows} == {"s1"} and all(r[3] == "/p" for r in rows)


def test_word_match_finds_stems_prefixes_and_phrases(conn):
    add(conn, "s1", "session tokens expired after a minute")
    add(conn, "s2", "edit billing/rounding.py")
    add(conn, "s3", "환불이 두 번 됐어요")
    assert recall.postings(conn, recall.word_match(["expire"], []))  # porter: expired ~ expire
    assert recall.postings(conn, recall.word_match([], ["expir"]))
    assert recall.postings(conn, recall.word_match(["rounding.py"], []))
    assert recall.postings(conn, recall.word_match([], ["환불"]))
    assert not recall.postings(conn, recall.word_match(["rounding.go"], []))


def test_fts_syntax_in_a_term_is_text_not_syntax(conn):
    add(conn, "s1", 'he said "NEAR(a b)" OR c*')
    for term in ('"NEAR(a b)"', "OR", "c*", '"', "-x", "a AND"):
        recall.postings(conn, recall.word_match([term], [term]))  # never raises
    assert recall.postings(conn, "") == []
    assert recall.postings(conn, "NEAR(") == []  # an invalid expression is no match, not an error


def test_task_memories_and_sizes(conn):
    add(conn, "s1", "first turn", prompt_id="p1", n=3)
    add(conn, "s1", "second turn", prompt_id="p2", n=2)
    add(conn, "s1", "no prompt id", n=4)
    assert [m["content"] for m in recall.task_memories(conn, "s1", "p2")] == ["second turn #0", "second turn #1"]
    assert len(recall.task_memories(conn, "s1", None)) == 4
    sizes = recall.task_sizes(conn, [("s1", "p1"), ("s1", None)])
    assert sizes[("s1", "p1")] == 3 and sizes[("s1", "p2")] == 2 and sizes[("s1", None)] == 4
    assert recall.task_sizes(conn, []) == {}
    assert recall.memory_count(conn) == 9


def test_task_facts_count_and_list_file_paths_of_the_asked_tasks_only(conn):
    add(conn, "s1", "first turn", prompt_id="p1", n=3)
    writer.add_memory(conn, {"session_id": "s1", "prompt_id": "p1", "type": "file_edit", "cwd": "/p",
                             "content": "Edit a/formatDate.ts", "file_path": "/p/a/formatDate.ts"})  # fmt: skip
    writer.add_memory(conn, {"session_id": "s1", "prompt_id": "p2", "type": "file_edit", "cwd": "/p",
                             "content": "Edit b.ts", "file_path": "/p/b.ts"})  # fmt: skip
    add(conn, "s2", "no prompt id", n=2)
    writer.add_memory(conn, {"session_id": "s3", "prompt_id": "q", "type": "prompt", "cwd": "/p",
                             "content": "only a question"})  # fmt: skip
    facts, paths = recall.task_facts(conn, [("s1", "p1"), ("s2", None), ("s3", "q")])
    assert {k: f["size"] for k, f in facts.items()} == {("s1", "p1"): 4, ("s2", None): 2, ("s3", "q"): 1}
    assert [(p[1], p[2], p[3]) for p in paths] == [("s1", "p1", "/p/a/formatDate.ts")]
    assert facts[("s3", "q")]["work"] == 0 and len(facts[("s3", "q")]["prompts"]) == 1
    assert facts[("s1", "p1")]["work"] == 4 and facts[("s1", "p1")]["prompts"] == []
    assert recall.task_facts(conn, []) == ({}, [])


def test_task_facts_list_only_the_file_paths_holding_a_word_when_asked(conn):
    for path in ("/p/src/formatDate.ts", "/p/src/orders.ts", "/p/DATES/util.py"):
        writer.add_memory(conn, {"session_id": "s1", "prompt_id": "p1", "type": "file_edit", "cwd": "/p",
                                 "content": f"Edit {path}", "file_path": path})  # fmt: skip
    facts, paths = recall.task_facts(conn, [("s1", "p1")], path_words=["dat", "nothing"])
    assert sorted(p[3] for p in paths) == ["/p/DATES/util.py", "/p/src/formatDate.ts"]  # in any case
    assert facts[("s1", "p1")]["size"] == 3  # every memory counted, whatever its path
    assert recall.task_facts(conn, [("s1", "p1")], path_words=[])[1] == []


def test_task_facts_past_the_chunk_of_sessions(conn):
    for i in range(520):  # more sessions than one IN list holds
        add(conn, f"s{i:03d}", f"turn {i}", prompt_id="p")
    facts, _paths = recall.task_facts(conn, [(f"s{i:03d}", "p") for i in range(520)])
    assert len(facts) == 520 and {f["size"] for f in facts.values()} == {1}


def test_known_words_are_the_first_found_in_order_and_stemmed_as_the_index(conn):
    add(conn, "s1", "verify stripe webhooks over the raw body")
    assert recall.known_words(conn, ["wephuk", "webhook", "stripe", "body"], want=2) == ["webhook", "stripe"]
    assert recall.known_words(conn, ["wephuk", "webhuk"], want=2) == []
    assert recall.known_words(conn, ['"', "NEAR(", "webhook"], want=1) == ["webhook"]  # text, not syntax


def test_a_tasks_keys_are_read_from_indexes_not_from_the_rows(conn):
    """The rows' pages hold the text: read cold, 3,000 postings cost 865 ms at 100k memories."""
    keys = conn.execute("EXPLAIN QUERY PLAN SELECT id, session_id, prompt_id, project, type FROM memory "
                        f"INDEXED BY {recall.TASK_KEYS} WHERE id IN (1, 2)").fetchall()  # fmt: skip
    assert "COVERING INDEX" in keys[0][3]
    facts = conn.execute("EXPLAIN QUERY PLAN SELECT id, session_id, prompt_id, file_path, type FROM memory "
                         "WHERE session_id IN ('a', 'b')").fetchall()  # fmt: skip
    assert "COVERING INDEX" in facts[0][3]
    add(conn, "s1", "$ deploy canary\nok", prompt_id="p1", n=3)
    assert [r[1:] for r in recall.postings(conn, recall.word_match(["canary"], []))] == [("s1", "p1", "/p", "command")] * 3
