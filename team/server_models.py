"""The team server's schema, as peewee models on PostgreSQL.

What peewee cannot say (extensions, the text search configuration, the
generated `tsv` column, trigram and GIN indexes, row-level security, the
deletion trigger) is SQL in `team.server_migrate`, next to the step that adds it.
"""

from __future__ import annotations

import peewee as pw

database = pw.DatabaseProxy()


class Xid8Field(pw.Field):
    """The id of the transaction that wrote the row: pulls read in commit-safe order."""

    field_type = "XID8"


class BaseModel(pw.Model):
    class Meta:
        database = database
        legacy_table_names = False


class TeamMemory(BaseModel):
    id = pw.BigAutoField()
    owner = pw.TextField(constraints=[pw.SQL("DEFAULT current_user")])  # the database role: enforced
    author = pw.TextField()  # the name shown (config `team.author`)
    origin = pw.TextField()  # the machine (one id per local database)
    local_id = pw.BigIntegerField()  # the memory's id on its machine
    session_id = pw.TextField()
    tool_name = pw.TextField(null=True)
    type = pw.TextField()
    project = pw.TextField(default="")
    project_name = pw.TextField(default="")
    file_path = pw.TextField(null=True)
    content = pw.TextField()
    tags = pw.TextField(default="")
    importance = pw.SmallIntegerField(default=1)
    created_at = pw.TextField()  # as stored locally: "YYYY-MM-DDTHH:MM:SS.ffffffZ"
    pushed_at = pw.DateTimeField(constraints=[pw.SQL("DEFAULT now()")])
    txid = Xid8Field(constraints=[pw.SQL("DEFAULT pg_current_xact_id()")])

    class Meta:
        table_name = "team_memory"
        indexes = (
            (("owner", "origin", "local_id"), True),  # one row per memory: pushes are idempotent
            (("txid", "id"), False),  # the pull cursor
            (("project_name", "id"), False),
        )


class TeamDeletion(BaseModel):
    """A memory removed from the server: teammates remove it from their caches."""

    id = pw.BigAutoField()
    memory_id = pw.BigIntegerField()
    origin = pw.TextField()
    owner = pw.TextField()
    deleted_by = pw.TextField(constraints=[pw.SQL("DEFAULT session_user")])
    deleted_at = pw.DateTimeField(constraints=[pw.SQL("DEFAULT now()")])
    txid = Xid8Field(constraints=[pw.SQL("DEFAULT pg_current_xact_id()")])

    class Meta:
        table_name = "team_deletion"
        indexes = ((("txid", "id"), False),)


class TeamSchema(BaseModel):
    version = pw.IntegerField()

    class Meta:
        table_name = "team_schema"
        primary_key = False


MODELS = [TeamMemory, TeamDeletion, TeamSchema]
