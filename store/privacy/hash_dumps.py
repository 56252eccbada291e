"""A value in Subversion's hash dump (its auth cache, `~/.subversion/auth/svn.simple/<hash>`, and
its property files): each entry a `K <length>` line, the key, a `V <length>` line, the value, the
lengths in bytes.  The key names the value on the line above it, with no separator after it, so
no label finder reads the pair: here a key that names a secret (`password`, `passphrase`)
has the value below it decided as that secret's, read to the length its `V` line gives.

Only ``re``; patterns compiled on first use."""

from __future__ import annotations

from store.privacy.evidence import ASSIGN, decide
from store.privacy.names import name_verdict
from store.privacy.values import P_NAME, add_span, compiled

# A key's entry and its value's length line: `K 8\npassword\nV 14\n`.
ENTRY = r"(?m)^K [0-9]{1,4}\r?\n([^\n]{1,64})\r?\nV ([0-9]{1,5})\r?\n"
P_DUMP = P_NAME + 600
# How many entries a text's dump is read for.
MAX_ENTRIES = 200


def hash_dump_values(text: str, found) -> None:
    """Each value of a hash dump (see above) under a key that names a secret."""
    at = text.find("\nV ")
    if at < 0 or text.find("K ", 0, at) < 0:
        return
    for n, m in enumerate(compiled("hash-dump-entry", ENTRY).finditer(text)):
        if n >= MAX_ENTRIES:
            return
        verdict = name_verdict(m.group(1).strip())
        if verdict is None:
            continue
        start = m.end()
        value = text[start:start + int(m.group(2))]
        if "\n" not in value and decide(value, verdict[1], ASSIGN):
            add_span(found, text, start, start + len(value), P_DUMP, verdict[0])
