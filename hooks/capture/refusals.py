"""Failed tool calls that are not failures: calls that never ran, and calls the user
interrupted.  Read from the text Claude Code gives for them (a transcript's
``tool_result``, a PostToolUseFailure's ``error``); the hook's capture rules and the
transcript importer both ask here.

A call never ran when Claude Code refused it before it started: an input check
(``<tool_use_error>`` since 2.0, the same sentences bare in 1.0.x), a permission rule or
the user declining it, a PreToolUse hook blocking it (a user's hook answering
``BLOCKED: ...``), the ``cd`` sandbox (a ``cd`` out of the allowed folders).  A call was
interrupted when the user stopped it; a command killed so reports ``Exit code 137`` (or
143) first, then the interruption marker.

Standard library only (hook path).
"""

from __future__ import annotations

# Results of calls that never ran (no hook fires for them).
NOT_RUN_PREFIXES = (
    "<tool_use_error>",  # an input check; the others: a permission, a hook, the user
    "The user doesn't want to proceed with this tool use",
    "Permission for this ",
    "Execution stopped by PreToolUse hook",
    "Hook PreToolUse:",
    "File is in a directory that is denied by your permission settings",
)
# Input checks that refused a call before it ran. 2.x wraps them in <tool_use_error>;
# 1.0.x wrote them bare (sometimes after "Error: "): the same rule for both.
REFUSED_PREFIXES = (
    "File has not been read yet.",
    "File has been modified since read",
    "File has been unexpectedly modified",
    "String to replace not found in file.",
    "No changes to make: old_string and new_string are exactly the same.",
    "File does not exist.",
    "Cannot create new file - file already exists.",
    "InputValidationError:",
    "This tool cannot read binary files.",
    "No such tool available:",
)
_FOUND_MATCHES = "matches of the string to replace, but replace_all is false"
# Results of a call the user stopped (PostToolUseFailure with is_interrupt).
INTERRUPTED_PREFIXES = (
    "The user doesn't want to take this action right now",
    "[Request interrupted by user",
    "Interrupted by user",
)


def _without_error_words(text: str) -> str:
    """`text` without the "Error: " / "ERROR: " words Claude Code puts before a message
    (a transcript's toolUseResult adds one to the tool's own)."""
    head = text.lstrip()
    for _ in range(2):
        if head.startswith(("Error: ", "ERROR: ")):
            head = head[len("Error: ") :].lstrip()
    return head


def _is_hook_block(head: str) -> bool:
    """``PreToolUse:Bash hook error: [cmd]: BLOCKED: ...`` (2.1), ``PreToolUse:Edit hook
    blocked ...``: a PreToolUse hook stopped the call."""
    first = head.split("\n", 1)[0]
    event, _, rest = first.partition(" hook ")
    return event.startswith("PreToolUse") and rest.startswith(("error:", "blocked", "denied"))


def _is_cd_refusal(head: str) -> bool:
    """``cd to '/x' was blocked. For security, Claude Code may only change directories
    to ...`` (``cd in '/x'`` since 2.1)."""
    if not head.startswith(("cd to '", "cd in '")):
        return False
    return "was blocked. For security" in head[:2000]


def was_refused(text: str) -> bool:
    """A failed call's result says it was refused before it ran by a permission rule,
    the user, a PreToolUse hook or the ``cd`` sandbox (not by an input check)."""
    if not isinstance(text, str):
        return False
    head = _without_error_words(text)
    if head.startswith(NOT_RUN_PREFIXES[1:]) or _is_hook_block(head) or _is_cd_refusal(head):
        return True
    # "Permission to use Bash with command X has been denied." (X may span lines)
    return head.startswith("Permission to ") and "denied" in head[:4000]


def never_ran(text: str) -> bool:
    """A failed call's result says it never ran: refused by an input check or a
    permission rule, stopped by a hook or the ``cd`` sandbox, declined by the user."""
    if not isinstance(text, str):
        return False
    if was_refused(text):
        return True
    head = _without_error_words(text)
    if head.startswith(NOT_RUN_PREFIXES[0]):
        return True
    first = head.split("\n", 1)[0]
    return head.startswith(REFUSED_PREFIXES) or (first.startswith("Found ") and _FOUND_MATCHES in first)


def was_interrupted(text: str) -> bool:
    """A failed call's result says the user stopped it, after the exit code of the
    killed command when there is one (``Exit code 137\\n[Request interrupted by user
    for tool use]``)."""
    if not isinstance(text, str):
        return False
    head = _without_error_words(text)
    if head.startswith("Exit code "):
        first, _, head = head.partition("\n")
        if not first[len("Exit code ") :].strip().lstrip("-").isdigit():
            return False
        head = head.lstrip()
    return head.startswith(INTERRUPTED_PREFIXES)


def refusal_reason(text: str) -> str:
    """One line saying why a call that never ran did not run (for its memory)."""
    head = _without_error_words(text)
    if head.startswith("<tool_use_error>"):
        head = head[len("<tool_use_error>") :]
        head = head.split("</tool_use_error>", 1)[0]
    line = " ".join(head.split())
    return line if len(line) <= 200 else line[:199] + "…"
