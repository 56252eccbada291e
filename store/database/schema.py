"""Schema facts shared by every connection: the version, the FTS indexes, their triggers.

The tables themselves are defined once, by the peewee models in `store.database.models`;
this module holds what peewee cannot express (FTS5 tables and triggers) and the
numbers a connection checks on open. It imports nothing heavy: hooks read it.
"""

from __future__ import annotations

SCHEMA_VERSION = 12
MIN_SQLITE = (3, 34, 0)  # the FTS5 trigram tokenizer arrived in 3.34.0

# memory.type: what the hooks and the importer write (an older database may hold others).
MEMORY_TYPES = (
    "prompt", "file_edit", "file_write", "command", "error", "observation", "response",
    "compact_summary", "subagent", "web", "mcp", "notebook_edit", "file_read", "search",
)  # fmt: skip
FILE_TYPES = ("file_edit", "file_write", "notebook_edit")  # a memory of a file changed

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

# Terms of 1-2 characters (`错误`, `버그`, `が`) have no trigram of their own.  Every
# occurrence that is followed by a character or two starts a trigram, found through
# the trigram index's vocabulary by prefix (`memory_trigram_vocab` and `_terms`, which
# store nothing); the rest end a text or its tags, and `memory_tail` holds those last two
# characters (only beyond U+0E00: the scripts such terms are written in), kept by
# these triggers on every insert, update and delete, whoever makes it.
_TAIL_CHARS = ("substr({row}.content, -1)", "substr({row}.content, -2, 1)", "substr({row}.tags, -1)",
               "substr({row}.tags, -2, 1)")  # fmt: skip
# VALUES rather than a UNION: no temporary index per insert (measured: a third of the cost).
_TAIL_INSERT = f"""INSERT OR IGNORE INTO memory_tail (ch, memory_id)
        SELECT column1, new.id FROM (VALUES {", ".join("(" + c.format(row="new") + ")" for c in _TAIL_CHARS)})
        WHERE unicode(column1) >= {{first}};"""
_TAIL_DELETE = ("DELETE FROM memory_tail WHERE memory_id = old.id AND ch IN ("
                + ", ".join(c.format(row="old") for c in _TAIL_CHARS) + ");")  # fmt: skip
TAIL_FIRST_CODE_POINT = 0x0E00  # Thai, the first of store.search.terms.unspaced's scripts

SHORT_TERM_DDL = [
    "CREATE VIRTUAL TABLE IF NOT EXISTS memory_trigram_vocab USING fts5vocab(memory_trigrams, row)",
    "CREATE VIRTUAL TABLE IF NOT EXISTS memory_trigram_terms USING fts5vocab(memory_trigrams, instance)",
    f"""CREATE TRIGGER IF NOT EXISTS memory_tail_insert AFTER INSERT ON memory BEGIN
        {_TAIL_INSERT.format(first=TAIL_FIRST_CODE_POINT)}
    END""",
    f"""CREATE TRIGGER IF NOT EXISTS memory_tail_delete AFTER DELETE ON memory BEGIN
        {_TAIL_DELETE}
    END""",
    f"""CREATE TRIGGER IF NOT EXISTS memory_tail_update AFTER UPDATE OF content, tags ON memory BEGIN
        {_TAIL_DELETE}
        {_TAIL_INSERT.format(first=TAIL_FIRST_CODE_POINT)}
    END""",
]
# Rows below this id (in `meta`) were stored before `memory_tail` existed and are not in
# it yet: `store.search.short_terms.backfill` fills it in short batches, off the hook's path.
TAIL_BACKFILL_KEY = "tail_backfill_below"

# The injection ledger and the person's vetoes and pins (`store.reading.ledger`) follow what they
# are about, whoever deletes it (a forget, retention, a session emptied): a ledger row goes
# with its prompt memory, with its session, and with the last of the memories it sent.
LEDGER_DDL = [
    """CREATE TRIGGER IF NOT EXISTS ledger_memory_delete AFTER DELETE ON memory BEGIN
        DELETE FROM injection WHERE prompt_memory_id = old.id;
        DELETE FROM injection_item WHERE memory_id = old.id;
        DELETE FROM recall_pin WHERE memory_id = old.id;
        DELETE FROM recall_veto WHERE kind = 'memory' AND value = CAST(old.id AS TEXT);
    END""",
    """CREATE TRIGGER IF NOT EXISTS ledger_injection_delete AFTER DELETE ON injection BEGIN
        DELETE FROM injection_item WHERE injection_id = old.id;
    END""",
    """CREATE TRIGGER IF NOT EXISTS ledger_item_delete AFTER DELETE ON injection_item
        WHEN NOT EXISTS (SELECT 1 FROM injection_item WHERE injection_id = old.injection_id) BEGIN
        DELETE FROM injection WHERE id = old.injection_id;
    END""",
    """CREATE TRIGGER IF NOT EXISTS ledger_session_delete AFTER DELETE ON session BEGIN
        DELETE FROM injection WHERE session_id = old.session_id;
    END""",
    """CREATE TRIGGER IF NOT EXISTS ledger_error_group_delete AFTER DELETE ON error_group BEGIN
        DELETE FROM recall_veto WHERE kind = 'error_group' AND value = CAST(old.id AS TEXT);
    END""",
]

# What entered the context beside a decision (`store.reading.ledger`, `injection_context`) goes with
# its decision, and a memory left out goes from it when the memory is forgotten.
CONTEXT_DDL = [
    """CREATE TRIGGER IF NOT EXISTS ledger_context_delete AFTER DELETE ON injection BEGIN
        DELETE FROM injection_context WHERE injection_id = old.id;
    END""",
    """CREATE TRIGGER IF NOT EXISTS ledger_context_memory_delete AFTER DELETE ON memory BEGIN
        DELETE FROM injection_context WHERE memory_id = old.id;
    END""",
]
