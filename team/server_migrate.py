"""Creating and upgrading the team server's schema (`memlane team init`).

Run once per server by a role that may create extensions, roles and tables
(the database owner or an admin); writers only read the version.  Each step
runs in one transaction: a failed upgrade leaves the server as it was.
"""

from __future__ import annotations

import peewee as pw

from team import server_models as models

SERVER_SCHEMA_VERSION = 2

# Words are indexed as the local word index splits them (punctuation separates
# words: `config.json` holds `json`), without accents, porter-stemmed, no stop words.
_WORDS = "to_tsvector('memlane', regexp_replace({column}, '[[:punct:]]+', ' ', 'g'))"
TSV_EXPRESSION = (
    f"setweight({_WORDS.format(column='tags')}, 'A') || "
    f"setweight({_WORDS.format(column='coalesce(file_path, {empty})')}, 'B') || "
    f"{_WORDS.format(column='content')}"
).replace("{empty}", "''")
SUBSTRING_EXPRESSION = "(tags || ' ' || content)"  # what the trigram index holds
# Scripts written without spaces (store.search.unspaced: Thai, Myanmar, Hangul, kana,
# CJK), as a regular expression class; tests hold it to the store's ranges.
UNSPACED_CLASS = (
    r"\u0E00-\u0EFF\u1000-\u109F\u1100-\u11FF\u3040-\u30FF\u3100-\u31FF\u3400-\u4DBF"
    r"\u4E00-\u9FFF\uA960-\uA97F\uAC00-\uD7AF\uF900-\uFAFF\uFF66-\uFF9F\U00020000-\U0003FFFF"
)
# Terms of one or two such characters (`버그`, `错`) are too short for trigrams: without
# this index they read every row.  It holds each run's characters and pairs of them.
GRAMS_EXPRESSION = f"memlane_unspaced_grams{SUBSTRING_EXPRESSION}"

_V1_BEFORE_TABLES = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "CREATE EXTENSION IF NOT EXISTS unaccent",
    """DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'memlane_writer') THEN
            CREATE ROLE memlane_writer NOLOGIN; END IF;
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'memlane_admin') THEN
            CREATE ROLE memlane_admin NOLOGIN; END IF;
    END $$""",
    "GRANT memlane_writer TO memlane_admin",
    "CREATE TEXT SEARCH DICTIONARY memlane_stem (TEMPLATE = snowball, Language = english)",
    "CREATE TEXT SEARCH CONFIGURATION memlane (COPY = simple)",
    """ALTER TEXT SEARCH CONFIGURATION memlane ALTER MAPPING FOR
        asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, memlane_stem""",
]

_V1_AFTER_TABLES = [
    f"ALTER TABLE team_memory ADD COLUMN tsv tsvector GENERATED ALWAYS AS ({TSV_EXPRESSION}) STORED",
    "CREATE INDEX team_memory_words ON team_memory USING gin (tsv)",
    f"CREATE INDEX team_memory_substrings ON team_memory USING gin ({SUBSTRING_EXPRESSION} gin_trgm_ops)",
    # Every writer reads everything; writes only rows of its own role; nobody updates.
    "ALTER TABLE team_memory ENABLE ROW LEVEL SECURITY",
    "CREATE POLICY team_read ON team_memory FOR SELECT USING (true)",
    "CREATE POLICY own_insert ON team_memory FOR INSERT WITH CHECK (owner = current_user)",
    """CREATE POLICY own_or_admin_delete ON team_memory FOR DELETE
        USING (owner = current_user OR pg_has_role(current_user, 'memlane_admin', 'MEMBER'))""",
    # A deletion, whoever makes it, is recorded for every teammate's cache to follow.
    """CREATE FUNCTION memlane_record_deletion() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
        BEGIN
            INSERT INTO team_deletion (memory_id, origin, owner) VALUES (OLD.id, OLD.origin, OLD.owner);
            RETURN OLD;
        END $$""",
    """CREATE TRIGGER team_memory_deleted AFTER DELETE ON team_memory
        FOR EACH ROW EXECUTE FUNCTION memlane_record_deletion()""",
    "REVOKE ALL ON team_memory, team_deletion, team_schema FROM PUBLIC",
    "GRANT SELECT, INSERT, DELETE ON team_memory TO memlane_writer",
    "GRANT SELECT ON team_deletion, team_schema TO memlane_writer",
    "GRANT USAGE ON SEQUENCE team_memory_id_seq TO memlane_writer",
]


def _create_v1(db: pw.PostgresqlDatabase) -> None:
    for sql in _V1_BEFORE_TABLES:
        db.execute_sql(sql)
    db.create_tables(models.MODELS, safe=False)
    for sql in _V1_AFTER_TABLES:
        db.execute_sql(sql)


_V2 = [
    f"""CREATE FUNCTION memlane_unspaced_grams(t text) RETURNS text[]
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT coalesce(array_agg(DISTINCT substr(m[1], i, n)), '{{}}')
        FROM regexp_matches(t, '[{UNSPACED_CLASS}]+', 'g') AS m,
             generate_series(1, 2) AS n,
             generate_series(1, length(m[1]) - n + 1) AS i
        $$""",
    f"CREATE INDEX team_memory_unspaced ON team_memory USING gin ({GRAMS_EXPRESSION})",
]


def _add_v2(db: pw.PostgresqlDatabase) -> None:
    for sql in _V2:
        db.execute_sql(sql)


# STEPS[n] upgrades a server at version n to n + 1.
STEPS = {0: _create_v1, 1: _add_v2}


def server_version(db: pw.PostgresqlDatabase) -> int:
    exists = db.execute_sql("SELECT to_regclass('team_schema') IS NOT NULL").fetchone()[0]
    if not exists:
        return 0
    row = db.execute_sql("SELECT max(version) FROM team_schema").fetchone()
    return row[0] or 0


def upgrade(url: str) -> tuple[int, int]:
    """Bring the server at `url` to SERVER_SCHEMA_VERSION; returns (from, to)."""
    db = pw.PostgresqlDatabase(url, prefer_psycopg3=True)
    models.database.initialize(db)
    try:
        db.connect()
        with db.atomic():
            # One upgrader at a time: the others wait, then find nothing to do.
            db.execute_sql("SELECT pg_advisory_xact_lock(4242015)")
            start = version = server_version(db)
            while version < SERVER_SCHEMA_VERSION:
                STEPS[version](db)
                version += 1
            if version != start:
                db.execute_sql("DELETE FROM team_schema")
                db.execute_sql("INSERT INTO team_schema (version) VALUES (%s)", (version,))
        return start, version
    finally:
        db.close()
        models.database.initialize(None)
