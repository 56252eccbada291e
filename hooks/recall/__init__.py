"""Recall: what Claude is told from memory, and whether it used it.  The public names.

    already_said.py does a loaded memory file (CLAUDE.md, MEMORY.md) already say a line?
    blocks.py       the pieces of a block, and the SessionStart block
    choose.py       per prompt: the past task a prompt is about, and the block that names it
    ledger.py       the hook's side of the injection ledger: each decision recorded, and the verdict
    named.py        per prompt: a past session the prompt names by its Claude Code name
    team.py         per prompt, from the team cache: teammates' memories, with their author
    terms.py        what a prompt is about, as concepts: words, stems, names, pairs, loanwords

Callers outside this package import from `hooks.recall`.  The names are loaded when
first asked for (PEP 562), so an event that needs only the ledger's marker never pays
for scoring.
"""

from __future__ import annotations

from store.faces import lazy_face

_HOMES = {
    "blocks": ("session_start_block", "session_start_context",
               "session_start_plan"),
    "ledger": ("JUDGED_EVENTS", "WAITING_DIR", "judge", "record_prompt", "record_start", "start_context", "waiting"),
    "choose": ("decide", "judge_tasks", "prompt_block", "prompt_decision", "relevant_memories", "score_tasks"),
    "team": ("team_block",),
}  # fmt: skip

__getattr__, __dir__, __all__ = lazy_face(__name__, _HOMES)
