"""Recall: what Claude is told from memory, and whether it used it.  The public names.

    already_said.py does a loaded memory file (CLAUDE.md, MEMORY.md) already say a line?
    blocks.py       the pieces of a block, and the SessionStart block
    choose.py       per prompt: the past task a prompt is about, and the block that names it
    ledger.py       the hook's side of the injection ledger: each decision recorded, and the verdict
    team.py         per prompt, from the team cache: teammates' memories, with their author
    terms.py        what a prompt is about, as concepts: words, stems, names, pairs, loanwords

Callers outside this package import from `hooks.recall`.  The names are loaded when
first asked for (PEP 562), so an event that needs only the ledger's marker never pays
for scoring.
"""

from __future__ import annotations

_HOMES = {
    "blocks": ("injection_enabled", "session_start_block", "session_start_context",
               "session_start_plan"),
    "ledger": ("JUDGED_EVENTS", "WAITING_DIR", "judge", "record_prompt", "record_start", "start_context", "waiting"),
    "choose": ("decide", "judge_tasks", "prompt_block", "prompt_decision", "relevant_memories", "score_tasks"),
    "team": ("team_block",),
}  # fmt: skip
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}
__all__ = sorted(_HOME_OF)


def __getattr__(name: str):
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'hooks.recall' has no attribute {name!r}")
    # `from .module import name`, spelt out: importlib would load two more modules per hook run.
    value = getattr(__import__(module, globals(), None, (name,), 1), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
