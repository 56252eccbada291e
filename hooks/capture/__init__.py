"""One hook event in, zero or more memories out: the capture rules the hook and the
transcript importer share.

    rules.py        the dispatch: an event -> Observation dicts; prompts, compaction,
                    failures (observations_from_event, is_memory_command)
    tools.py        each tool's rule: what one call of Edit, Bash, WebFetch, an MCP tool... becomes
    observation.py  the parts every rule builds with: an event's fields whatever their type,
                    paths as a memory shows them, the folders never captured, tags
    refusals.py     failed calls that are not failures: calls that never ran, interrupted ones
    shell.py        a small shell reader: a Bash command line's simple commands, which of
                    them matter, their tags, a git commit's message

Callers import from `hooks.capture`, never from its modules.  The names are loaded
when first asked for (PEP 562): a hook that captures nothing never pays for the rules.
"""

from __future__ import annotations

from store.faces import lazy_face

_HOMES = {
    "rules": ("OPT_IN", "OWN_MCP_TOOLS", "TOOL_RULES", "capture_observations", "is_memory_command",
              "observations_from_event"),
    "observation": ("SKIP_DIRS", "blocks_text", "input_dict"),
    "refusals": ("INTERRUPTED_PREFIXES", "NOT_RUN_PREFIXES", "REFUSED_PREFIXES", "never_ran",
                 "refusal_reason", "was_interrupted", "was_refused"),
    "shell": ("TRIVIAL_COMMANDS", "analyse_command", "command_tags", "commit_message",
              "is_meaningful_command"),
}  # fmt: skip

__getattr__, __dir__, __all__ = lazy_face(__name__, _HOMES)
