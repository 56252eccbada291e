"""A diff's changed lines: a key given a new value.

`-DB_PASSWORD=old` then `+DB_PASSWORD=new`: when one of the two values is a secret the other is
too, however weak its shape (a four-digit PIN, a word), since it stands in the same key's place.
The pair is the same line head (the mark aside: indentation, key, separator, an opening quote)
and the same tail (a closing quote, a comma); the other value is judged by never_secret like any
find, so a reference (`${PASS}`) or a placeholder stays; a value of letters alone is a word
(`old`, `none`), not taken on the other line's word; a number only in a password's place (a
PIN), not in a key's or a token's; a value under four characters or of marks alone (`*`, a
pattern's wildcard) is none."""

from __future__ import annotations

from store.privacy.never import never_secret, public_blocks

_OTHER = {"+": "-", "-": "+"}
_NEAR = 4000  # characters before and after a changed line where its pair is looked for


def values_changed_with_secrets(text: str, spans: list) -> list:
    """`spans` ((kind, start, end), sorted) and the value on the other side of each changed line
    that holds one of them."""
    added, blocks = [], None
    for kind, s, e in spans:
        line_start = text.rfind("\n", 0, s) + 1
        mark = text[line_start:line_start + 1]
        if mark not in _OTHER:
            continue
        head = text[line_start + 1:s]
        line_end = text.find("\n", e)
        line_end = len(text) if line_end < 0 else line_end
        tail = text[e:line_end].rstrip("\r")
        if not _a_key_head(head) or "\n" in text[s:e]:
            continue
        # (the other line stands in the same hunk: looked for near, so a diff of thousands of
        # hunks is read in a time linear in its length)
        lo, hi = max(0, line_start - _NEAR), min(len(text), line_end + _NEAR)
        if blocks is None:  # (once a text: never_secret would look for them at each value)
            blocks = public_blocks(text) if "-----BEGIN " in text else ()
        added.extend(_the_other_values(text, _OTHER[mark] + head, tail, kind, lo, hi, blocks))
    if not added:
        return spans
    fresh, j, end = [], 0, -1  # (both sorted: one pass keeps the new spans that overlap none)
    for k, s, e in sorted(set(added), key=lambda span: (span[1], span[2])):
        while j < len(spans) and spans[j][2] <= s:
            j += 1
        if s >= end and not (j < len(spans) and spans[j][1] < e):
            fresh.append((k, s, e))
            end = e
    if not fresh:
        return spans
    return sorted(spans + fresh, key=lambda span: (span[1], span[2]))


def _a_key_head(head):
    """The head ends with a separator after a key: `KEY=`, `  key: "`, `"key": "`."""
    core = head.rstrip(" \t\"'`")
    return len(core) >= 2 and core[-1] in "=:" and any(c.isalpha() for c in core)


def _the_other_values(text, head, tail, kind, lo, hi, blocks):
    out = []
    first = lo == 0 and text.startswith(head)
    at = 0 if first else text.find("\n" + head, lo, hi)
    while at >= 0:
        s = at + (len(head) if first else len(head) + 1)
        first = False
        line_end = text.find("\n", s)
        line_end = len(text) if line_end < 0 else line_end
        line = text[s:line_end].rstrip("\r")
        if tail and not line.endswith(tail):
            line = ""
        value = line[:len(line) - len(tail)] if tail else line
        e = s + len(value)
        if value.strip() == value and len(value) >= 4 and not value.isalpha() and " " not in value \
                and any(c.isalnum() for c in value) \
                and (kind == "password" or not value.isdigit()) \
                and not value.startswith("[REDACTED") and not never_secret(text, s, e, kind, blocks):
            out.append((kind, s, e))
        at = text.find("\n" + head, line_end, hi)
    return out
