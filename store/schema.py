"""Schema facts shared by every connection: the version, the FTS indexes, their triggers.

The tables themselves are defined once, by the peewee models in `store.models`;
this module holds what peewee cannot express (FTS5 tables and triggers) and the
numbers a connection checks on open. It imports nothing heavy: hooks read it.
"""

from __future__ import annotations

SCHEMA_VERSION = 3
MIN_SQLITE = (3, 34, 0)  # the FTS5 trigram tokenizer arrived in 3.34.0

# Why this layout (measured: `python -m bench.bench_store --layouts 20000`, bytes
# per memory of ~1 KB): external content, trigram detail=none 2,492; standalone
# tables (the text copied into both indexes) 5,134; external content with a
# detail=full trigram index 4,296.  So the text lives once, in `memory`, and both
# indexes read it from there.  The trigram index stores rowids only: search never
# asks it for a phrase -- a term's trigrams are ANDed and every hit is checked
# against the text itself (see store.search).
FTS_DDL = [
    """CREATE VIRTUAL TABLE IF NOT EXISTS memory_words USING fts5(
        content, tags, file_path,
        content='memory', content_rowid='id',
        tokenize='porter unicode61 remove_diacritics 2')""",
    """CREATE VIRTUAL TABLE IF NOT EXISTS memory_trigrams USING fts5(
        content, tags,
        content='memory', content_rowid='id',
        tokenize='trigram', detail=none, columnsize=0)""",
    """CREATE TRIGGER IF NOT EXISTS memory_fts_insert AFTER INSERT ON memory BEGIN
        INSERT INTO memory_words(rowid, content, tags, file_path)
            VALUES (new.id, new.content, new.tags, new.file_path);
        INSERT INTO memory_trigrams(rowid, content, tags) VALUES (new.id, new.content, new.tags);
    END""",
    """CREATE TRIGGER IF NOT EXISTS memory_fts_delete AFTER DELETE ON memory BEGIN
        INSERT INTO memory_words(memory_words, rowid, content, tags, file_path)
            VALUES ('delete', old.id, old.content, old.tags, old.file_path);
        INSERT INTO memory_trigrams(memory_trigrams, rowid, content, tags)
            VALUES ('delete', old.id, old.content, old.tags);
    END""",
    """CREATE TRIGGER IF NOT EXISTS memory_fts_update
        AFTER UPDATE OF content, tags, file_path ON memory BEGIN
        INSERT INTO memory_words(memory_words, rowid, content, tags, file_path)
            VALUES ('delete', old.id, old.content, old.tags, old.file_path);
        INSERT INTO memory_trigrams(memory_trigrams, rowid, content, tags)
            VALUES ('delete', old.id, old.content, old.tags);
        INSERT INTO memory_words(rowid, content, tags, file_path)
            VALUES (new.id, new.content, new.tags, new.file_path);
        INSERT INTO memory_trigrams(rowid, content, tags) VALUES (new.id, new.content, new.tags);
    END""",
    # Session counters follow the memory table, so forgetting keeps them right.
    """CREATE TRIGGER IF NOT EXISTS memory_count_insert AFTER INSERT ON memory BEGIN
        UPDATE session SET memory_count = memory_count + 1,
            error_count = error_count + (new.type = 'error')
        WHERE session_id = new.session_id;
    END""",
    """CREATE TRIGGER IF NOT EXISTS memory_count_delete AFTER DELETE ON memory BEGIN
        UPDATE session SET memory_count = memory_count - 1,
            error_count = error_count - (old.type = 'error')
        WHERE session_id = old.session_id;
    END""",
]

FTS_TABLES = ("memory_words", "memory_trigrams")

ERROR_GROUP_DDL = [
    """CREATE TRIGGER IF NOT EXISTS memory_error_group_delete AFTER DELETE ON memory
        WHEN old.error_group_id IS NOT NULL BEGIN
        UPDATE error_group SET count = count - 1 WHERE id = old.error_group_id;
    END""",
]
