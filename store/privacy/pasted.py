"""A prompt that is nothing but a token: the person's reply when the assistant asked for a key
(`paste your API key`), with no word around it, is the key.  Told by where it stands, a prompt
(a hook's `UserPromptSubmit` event, a transcript's user message or its queued prompt), and by what
it is: one run of token characters, random, or hex longer than a commit's 40 digits (a sha256 a
person asks about comes with words: `what is 9f2c…?`).  An id or a hash pasted alone stays: a
uuid, a commit's hex (40 digits or fewer), a path, a word, a placeholder (never.py).  A tool's
output that is one token (`docker run -d` prints a container's 64 hex digits) is no prompt.
A shorter prompt that is a password a person made, alone (8 characters or more of lower and upper
case, digits and a symbol: the reply to "can I just give you the password here?"), is one too."""

from __future__ import annotations

from store.privacy.evidence import character_classes, password_like
from store.privacy.never import never_secret
from store.privacy.values import all_hex, compiled, looks_random

MARKER = "[REDACTED:token]"
PASSWORD_MARKER = "[REDACTED:password]"

# A token's length, from a short provider key's to a long one's (a longer paste is a blob: base64
# of a file, a JWT, which other finders read)
_SHORTEST, _LONGEST = 24, 256


def prompt_token(prompt: str, finds) -> str | None:
    """`prompt` with its one token replaced, or None when it is not a token alone or the finders
    (`finds`, the package's find_secrets) take it already: then the prompt is cleaned as any text
    is, and keeps the kind and the name they give (a provider's key, `API_KEY=X`)."""
    value = prompt.strip()
    token = _SHORTEST <= len(value) <= _LONGEST and _a_token(value)
    if not (token or _a_made_password(value)) or finds(value):
        return None
    if never_secret(value, 0, len(value), "token"):
        return None
    start = prompt.index(value)
    return prompt[:start] + (MARKER if token else PASSWORD_MARKER) + prompt[start + len(value):]


def _a_made_password(value: str) -> bool:
    """`value`, one word of 8-64 characters, holds all four classes of a made password."""
    return 8 <= len(value) <= 64 and password_like(value) and character_classes(value) == 4


def _a_token(value: str) -> bool:
    if compiled("pasted-token-chars", r"[A-Za-z0-9_~.+/-]+={0,2}\Z").match(value) is None:
        return False
    if all_hex(value):
        return len(value) > 40  # longer than a commit's hex: a key's (a digest alone is said with words)
    return looks_random(value)


def without_pasted_token(src: dict, finds) -> dict:
    """`src`, or a copy whose prompt (a hook's, a transcript's user message's, a queued prompt's)
    that is a token alone is redacted (`finds`: see prompt_token)."""
    if src.get("hook_event_name") == "UserPromptSubmit":
        return _replaced(src, "prompt", finds)
    if src.get("role") == "user" or src.get("type") == "queue-operation":
        content = src.get("content")
        if isinstance(content, str):
            return _replaced(src, "content", finds)
        if isinstance(content, list) and any(_text_block(item) for item in content):
            items = [_replaced(item, "text", finds) if _text_block(item) else item for item in content]
            if any(a is not b for a, b in zip(items, content)):
                return {**src, "content": items}
    return src


def _text_block(item) -> bool:
    return isinstance(item, dict) and item.get("type") == "text" and isinstance(item.get("text"), str)


def _replaced(src: dict, key: str, finds) -> dict:
    text = src.get(key)
    got = prompt_token(text, finds) if isinstance(text, str) and 8 <= len(text) else None
    return src if got is None else {**src, key: got}
