"""The memory store: everything memlane keeps, and every question asked of it.

    database/      the SQLite file: connection, schema, models, migrations
    writing/       the one write path (and its spool);  forgetting/  forget, retention, audit
    reading/       listings, the ledger, insights, export;  search/  FTS search and recall's reads
    privacy/       what never reaches the store;  triage/  error signatures and groups
    language/      Korean, loanwords, the glossary;  claude_memory/  Claude Code's own memory files
    paths.py config.py errors.py log.py files.py text.py times.py display.py digest.py
    project.py live_signal.py faces.py: small shared ideas

Imports only the standard library and peewee.  Outside a package, only its face is imported.
"""
