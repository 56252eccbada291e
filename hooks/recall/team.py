"""Per-prompt recall from the team cache (`team_recall = true`): teammates' memories, with their author.

The cache (`store.paths.team_db_path()`, written by `memlane team sync`) is a
local SQLite file: nothing here touches the network.  The rule is the local
one (`hooks.recall.relevant_memories`), restricted to the project of the
same name on the teammate's machine (their paths differ from ours).
"""

from __future__ import annotations

import os

TITLE = "## From your team"


def team_block(prompt: str, project_name: str, config: dict) -> str:
    """The team block for this prompt in the session's project of this name (as the local
    recall found it: `hooks.recall.prompt_decision`); '' when off, no cache yet, or nothing
    clearly matches."""
    from hooks.recall.blocks import assemble_block, fit, item_line, max_inject, short_date
    from hooks.recall.choose import relevant_memories
    from store.config import setting
    from store.database import connection as db
    from store.paths import team_db_path

    limit = max_inject(config)
    path = team_db_path()
    if not setting(config, "team_recall") or limit <= 0 or not os.path.exists(path):
        return ""
    team = db.connect(path, readonly=True)
    try:
        # The teammates' path of the project of this name (theirs differ from ours).
        row = team.execute("SELECT project FROM memory WHERE project_name = ? ORDER BY id DESC LIMIT 1",
                           (project_name,)).fetchone() if project_name else None  # fmt: skip
        hits = relevant_memories(team, prompt, project=row[0] if row else None, session_id=None, limit=limit * 4)
        if project_name:
            hits = [h for h in hits if h.get("project_name") == project_name]
        hits = hits[:limit]
        ids = [h["id"] for h in hits]
        authors = dict(team.execute(
            f"SELECT memory_id, author FROM team_author WHERE memory_id IN ({db.placeholders(len(ids))})", ids
        )) if ids else {}  # fmt: skip
    finally:
        team.close()
    lines = []
    for hit in hits:
        prefix = (f"- [{short_date(hit.get('created_at'))}] [{fit(hit.get('type') or 'memory', 20)}] "
                  f"[by {fit(authors.get(hit['id']) or '?', 40)}] ")  # fmt: skip
        lines.append(item_line(prefix, hit.get("snippet") or hit.get("content")))
    return assemble_block(project_name, [(TITLE, lines)], setting(config, "context_max_chars"))
