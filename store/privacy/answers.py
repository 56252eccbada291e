"""A password answered to a prompt that stands quoted, as a trace, a script or a test of a program
writes its prompt and what was typed at it: a quoted string that asks for a password and ends in
a colon (`"Enter password: "`, `'Password for ana@db: '`), then the next quoted string, on its
line or the next, a single token with no space, less the line break typed after it (`\\n`,
`\\r`): strace's `write(1, "Enter password: ", 16)` then `read(0, "X\\n", 4096)`, ltrace's
`getpass("Password: ") = "X"`, pexpect's `child.expect('Password: ')` then `child.sendline('X')`.
Decided as a value a sentence gives a strong label (store/privacy/evidence.py decide).

And a password given as one answer of a numbered reply: a text that is a short numbered list and
nothing else but a short line of the person's own words before or after it (`1. Skip for now`,
`2. X`, `3. 12 hour`, perhaps under `Answers:` or above `thanks!`: a person answering numbered questions),
an item that is one token alone of a person's password (letters of both cases, a digit and a
mark a password is given, `!` or `#`, none that joins a name's parts: evidence.password_like, all
four classes).  An item of words, a command, a path, a version or a name of code is no such token."""
from __future__ import annotations

from store.privacy.evidence import SENTENCE, character_classes, decide, password_like
from store.privacy.rules import STRONG
from store.privacy.values import P_NAME, add_span, compiled

P_ANSWER = P_NAME + 500  # as a candidate's (store/privacy/candidates.py)
_ASKING_WORDS = ("pass",)  # (where `password` and `passphrase` start: the one pass finds both)
# From the asking word: a qualifier (`for ana@db`), the colon, the prompt's closing quote; then
# what is no quoted string up to the next (on the same line or the next), the answer, and the
# line break typed after it, written as an escape.
ANSWER = (r"(?i:pass(?:word|phrase))(?:[ \t]+(?:for|of)[ \t]+[^\"'\n:]{1,40})?[ \t]*:[ \t]*([\"'])"
          r"[^\"'\n]{0,120}?(?:\r?\n[^\"'\n]{0,120}?)?([\"'])([^\s\"'\\]{4,128})(?:\\r|\\n){0,2}\2")


def answers_to_quoted_prompts(text, anchors, found):
    """The answers to the quoted prompts of `text` (see the module docstring)."""
    present = anchors.present
    rx = None
    for word in _ASKING_WORDS:
        if word not in present:
            continue
        for at in anchors.at(word):
            # (the asking word lies in a quoted string: its opening quote before it on its line)
            ls = text.rfind("\n", max(0, at - 60), at) + 1
            if text.find('"', ls, at) < 0 and text.find("'", ls, at) < 0:
                continue
            if rx is None:
                rx = compiled("answer-to-a-quoted-prompt", ANSWER)
            m = rx.match(text, at)
            if m is None or text.rfind(m.group(1), ls, at) < 0:
                continue
            if decide(m.group(3), STRONG, SENTENCE):
                add_span(found, text, m.start(3), m.end(3), P_ANSWER, "password")


# A person's password: letters and digits with a mark a password is given (`!`, `#`, `$`, ...), none
# of those that join a name's parts (`.`, `-`, `_`, `/`, `@`, `:`: `Node18.x`, `C3PO-Unit`).
_PERSONS_PASSWORD = r"[A-Za-z0-9!#$%&*?+=~^]+"
# A numbered reply: at most this many items, each this long at most.
_REPLY_ITEMS = 12
_REPLY_ITEM = 200
_REPLY_WORDS = 40  # a line of a person's own words before or after the list, at most


def answers_in_a_numbered_reply(text, found):
    """The password given as an item of a numbered reply (see the module docstring)."""
    if not (text.startswith("1") or text.find("\n1", 0, _REPLY_WORDS + 2) >= 0) or text.count("\n") >= _REPLY_ITEMS + 2:
        return
    item = compiled("numbered-reply-item", r"(\d{1,2})[.)][ \t]+([^\n]*)")
    lines = text.split("\n")
    at = 0
    if not text.startswith("1"):
        # a few words before the list (`Answers:`, `my picks`), or after it (`thanks!`): a person's
        # own words around the reply, no item of it
        if len(lines[0]) > _REPLY_WORDS or item.fullmatch(lines[0].rstrip("\r")) is not None:
            return
        at, lines = len(lines[0]) + 1, lines[1:]
    if len(lines) > 2 and item.fullmatch(lines[-1].rstrip("\r")) is None and len(lines[-1]) <= _REPLY_WORDS \
            and not lines[-1][:1].isdigit():
        lines = lines[:-1]
    n, tokens = 0, []
    for line in lines:
        m = item.fullmatch(line.rstrip("\r"))
        if m is None or int(m.group(1)) != n + 1 or len(line) > _REPLY_ITEM:
            return  # (not a numbered reply throughout)
        n += 1
        v = m.group(2).strip()
        if " " not in v and "\t" not in v:
            tokens.append((at + m.start(2), v))
        at += len(line) + 1
    if n < 2:
        return
    for s, v in tokens:
        if 8 <= len(v) <= 64 and compiled("numbered-reply-password", _PERSONS_PASSWORD).fullmatch(v) \
                and password_like(v) and character_classes(v) == 4 and decide(v, STRONG, SENTENCE):
            add_span(found, text, s, s + len(v), P_ANSWER, "password")
