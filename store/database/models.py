"""The peewee models: the one definition of memlane's schema.

Only schema creation and migrations import this module (peewee costs ~35 ms to
import, too much for a hook); the hot paths speak SQL through `sqlite3`, and
`tests/store/database/test_schema_matches_models.py` proves that SQL matches these models.
"""

from __future__ import annotations

import peewee as pw
from playhouse.sqlite_ext import AutoIncrementField

database = pw.DatabaseProxy()


class BaseModel(pw.Model):
    class Meta:
        database = database
        legacy_table_names = False


class Session(BaseModel):
    session_id = pw.TextField(primary_key=True)
    project = pw.TextField(default="")
    project_name = pw.TextField(default="")
    cwd = pw.TextField(null=True)
    started_at = pw.TextField(null=True)
    ended_at = pw.TextField(null=True)
    end_reason = pw.TextField(null=True)
    summary = pw.TextField(default="")
    tools_used = pw.TextField(default="")  # "Bash Edit Write", sorted
    files_changed = pw.TextField(default="")  # newline separated paths
    memory_count = pw.IntegerField(default=0)
    error_count = pw.IntegerField(default=0)
    duration_s = pw.IntegerField(null=True)
    source = pw.TextField(default="hook")  # hook | import
    last_activity_at = pw.TextField(null=True)
    # The name Claude Code's own /resume picker shows: a /rename (`custom-title`), else its
    # generated title (`ai-title`), else an old `summary` entry; `title_kind` says which.
    title = pw.TextField(null=True)
    title_kind = pw.TextField(null=True)  # custom | ai | summary (NULL: no name)
    # A "waiting for input" notification (permission or idle prompt) not answered since.
    waiting_at = pw.TextField(null=True)
    waiting_message = pw.TextField(null=True)
    # What resuming (or forking) the session cost, as Claude Code estimated it at its last
    # SessionStart: tokens re-sent, and whether the prompt cache had expired (NULL: not said).
    resume_context_tokens = pw.IntegerField(null=True)
    resume_cache_expired = pw.IntegerField(null=True)
    # The session this one was forked from (`--fork-session`, /branch): it began as a copy of
    # that session's conversation (store.writing.forks).  NULL: not a fork, or not known.
    forked_from = pw.TextField(null=True)

    class Meta:
        table_name = "session"
        indexes = ((("project", "started_at"), False), (("started_at",), False))


# A session by its name, as a prompt names it (hooks.recall.named.KEY_SQL: case and -/_ aside).
Session.add_index(pw.SQL(
    "CREATE INDEX IF NOT EXISTS session_title_key ON session "
    "(replace(replace(lower(title), '-', ' '), '_', ' '))"
))  # fmt: skip


class ErrorGroup(BaseModel):
    id = pw.AutoField()
    signature = pw.TextField(unique=True)
    tool_name = pw.TextField(null=True)
    sample = pw.TextField(default="")  # a short example of the error, for display
    status = pw.TextField(default="open")  # open | regressed | resolved | ignored
    note = pw.TextField(default="")
    first_seen = pw.TextField()
    last_seen = pw.TextField()
    count = pw.IntegerField(default=0)
    # The last time a person marked it resolved, and the occurrence it was then at (its
    # session holds what fixed it); an occurrence after `resolved_at` makes it regressed.
    resolved_at = pw.TextField(null=True)
    resolved_session = pw.TextField(null=True)
    resolved_memory_id = pw.IntegerField(null=True)
    regressed_at = pw.TextField(null=True)  # the occurrence that reopened a resolved group

    class Meta:
        table_name = "error_group"
        indexes = ((("status", "last_seen"), False), (("last_seen",), False))


class Memory(BaseModel):
    # AUTOINCREMENT: an id is never reused after a forget, so a reader tailing
    # `id > last_seen` (the Live pane) never misses a row.
    id = AutoIncrementField()
    session_id = pw.TextField()
    prompt_id = pw.TextField(null=True)
    tool_use_id = pw.TextField(null=True)
    tool_name = pw.TextField(null=True)
    type = pw.TextField()
    project = pw.TextField(default="")
    project_name = pw.TextField(default="")
    cwd = pw.TextField(null=True)
    file_path = pw.TextField(null=True)
    content = pw.TextField()
    tags = pw.TextField(default="")
    importance = pw.IntegerField(default=1)
    content_hash = pw.TextField()
    created_at = pw.TextField()  # UTC, "YYYY-MM-DDTHH:MM:SS.ffffffZ": sorts as time
    error_group = pw.ForeignKeyField(
        ErrorGroup, null=True, on_delete="SET NULL", column_name="error_group_id"
    )
    source = pw.TextField(default="hook")
    # When memlane received it (created_at is when it happened: an import's transcript
    # time). Retention counts from here, so an imported archive is not deleted at once.
    received_at = pw.TextField(null=True)

    class Meta:
        table_name = "memory"
        indexes = (
            (("session_id", "id"), False),
            (("session_id", "content_hash"), False),
            (("project", "id"), False),
            (("type", "id"), False),
            (("created_at",), False),
            # The newest of a project or of a type by time (store.reading.listings.BY_TIME)
            (("project", "created_at"), False),
            (("type", "created_at"), False),
            (("received_at",), False),  # retention's cutoff (store.forgetting.retention)
            (("file_path",), False),
            (("tool_use_id",), False),
            (("tool_name",), False),  # the tools in use, by skip scan (store.reading.listings.tool_names)
            # Recall's reads of a task's keys (store.search.recall): from these small indexes, never
            # from the rows, whose pages hold the text and spread with the store's size.
            (("id", "session_id", "prompt_id", "project", "type"), False),
            (("session_id", "prompt_id", "type", "file_path"), False),
        )


# A prompt's session by its id (Claude Code's `promptId`): a fork's transcript begins with
# copies of its parent's lines, prompt ids kept (store.writing.forks).  Prompts only: small.
Memory.add_index(Memory.index(Memory.prompt_id, name="memory_prompt_by_id", where=(Memory.type == "prompt")))


class Meta(BaseModel):
    """Small key/value facts about the database (e.g. when retention last ran)."""

    key = pw.TextField(primary_key=True)
    value = pw.TextField()

    class Meta:
        table_name = "meta"


class Tombstone(BaseModel):
    """A forgotten or redacted memory, by hash only (never its text), so no writer brings it back.

    `key` is `store.writing.tombstones.key(kind, session, value)`: kind "m" a content hash,
    "t" a tool call id, "s" a whole session (only what was written before `forgotten_at`)."""

    key = pw.TextField(primary_key=True)
    forgotten_at = pw.TextField()

    class Meta:
        table_name = "tombstone"
        without_rowid = True


class ForgetLog(BaseModel):
    """One forget or redaction: when, which criteria (no content), how many, whether scrubbed."""

    id = pw.AutoField()
    at = pw.TextField()
    criteria = pw.TextField()
    count = pw.IntegerField(default=0)
    scrub = pw.TextField(default="done")  # done | pending

    class Meta:
        table_name = "forget_log"


class MemoryTail(BaseModel):
    """The last two characters of each memory's text and tags, when beyond U+0E00 (Thai,
    Chinese, Japanese, Korean...), one row per character: what the trigram index cannot
    hold (no trigram starts there), so a 1-2 character term is found there too
    (`store.search.short_terms`).  Kept by triggers (`store.database.schema.SHORT_TERM_DDL`), never by hand."""

    ch = pw.TextField()
    memory_id = pw.IntegerField()

    class Meta:
        table_name = "memory_tail"
        primary_key = pw.CompositeKey("ch", "memory_id")
        without_rowid = True


class Injection(BaseModel):
    """One decision of recall (`store.reading.ledger`): what a prompt or a session's start was
    given, or why nothing.  Ids, numbers and reason codes only, never text; dropped with
    its prompt memory, its injected memories or its session (`store.database.schema.LEDGER_DDL`)."""

    id = AutoIncrementField()
    at = pw.TextField()
    session_id = pw.TextField()
    prompt_id = pw.TextField(null=True)
    prompt_memory_id = pw.IntegerField(null=True)  # the prompt memory the hook stored
    event = pw.TextField()  # prompt | start
    project = pw.TextField(default="")
    reason = pw.TextField()  # store.reading.ledger.REASONS
    injected = pw.IntegerField(default=0)  # memories sent
    chars = pw.IntegerField(default=0)  # the block's size
    score = pw.FloatField(null=True)  # the leading task's score
    runner_up = pw.FloatField(null=True)  # the best other session's task
    share = pw.FloatField(null=True)  # the leading task's share of the prompt's weight
    task_session_id = pw.TextField(null=True)  # the task sent (or leading, when silent)
    task_prompt_id = pw.TextField(null=True)
    acted = pw.IntegerField(null=True)  # 1 the model acted on it, 0 not, NULL the turn goes on
    acted_how = pw.TextField(null=True)  # store.reading.ledger.ACTED

    class Meta:
        table_name = "injection"
        indexes = ((("session_id", "id"), False), (("prompt_memory_id",), False), (("at",), False))


class InjectionItem(BaseModel):
    """A memory an injection sent, in the order sent, and whether the model used it."""

    injection_id = pw.IntegerField()
    memory_id = pw.IntegerField(index=True)
    position = pw.IntegerField(default=0)
    used = pw.IntegerField(default=0)

    class Meta:
        table_name = "injection_item"
        primary_key = pw.CompositeKey("injection_id", "memory_id")
        without_rowid = True


class RecallVeto(BaseModel):
    """What recall never injects again: a memory (its id), a file (its path) or an error group (its id)."""

    id = pw.AutoField()
    kind = pw.TextField()  # memory | file | error_group
    value = pw.TextField()
    project = pw.TextField(default="")  # where it was vetoed from (shown, not a scope)
    at = pw.TextField()

    class Meta:
        table_name = "recall_veto"
        indexes = ((("kind", "value"), True),)


class RecallPin(BaseModel):
    """A memory offered at every SessionStart of its project."""

    memory_id = pw.IntegerField(primary_key=True)
    project = pw.TextField(default="", index=True)
    at = pw.TextField()

    class Meta:
        table_name = "recall_pin"


class InjectionContext(BaseModel):
    """What else entered the context with a decision (`store.reading.ledger.record`'s `context`): each
    memory file Claude Code loaded by itself at a session's start (its path, size, token
    estimate, when it last changed), memlane's own block, and each memory the SessionStart
    block left out and why (said already in a memory file, sent before, ...).  Paths,
    numbers and codes only; goes with its injection, and a left-out row with its memory."""

    injection_id = pw.IntegerField()
    position = pw.IntegerField()
    source = pw.TextField()  # claude_md | auto_memory | memlane | left_out
    kind = pw.TextField(default="")  # the file's kind (store.claude_memory.KINDS) or why left out
    path = pw.TextField(null=True)
    memory_id = pw.IntegerField(null=True, index=True)
    bytes = pw.IntegerField(default=0)
    tokens = pw.IntegerField(default=0)
    mtime = pw.FloatField(null=True)

    class Meta:
        table_name = "injection_context"
        primary_key = pw.CompositeKey("injection_id", "position")
        without_rowid = True


LEDGER_MODELS = [Injection, InjectionItem, RecallVeto, RecallPin]
MODELS = [Session, ErrorGroup, Memory, Meta, Tombstone, ForgetLog, MemoryTail, *LEDGER_MODELS, InjectionContext]
