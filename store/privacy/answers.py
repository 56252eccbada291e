"""A password answered to a prompt that stands quoted, as a trace, a script or a test of a program
writes its prompt and what was typed at it: a quoted string that asks for a password and ends in
a colon (`"Enter password: "`, `'Password for ana@db: '`), then the next quoted string, on its
line or the next, a single token with no space, less the line break typed after it (`\\n`,
`\\r`): strace's `write(1, "Enter password: ", 16)` then `read(0, "X\\n", 4096)`, ltrace's
`getpass("Password: ") = "X"`, pexpect's `child.expect('Password: ')` then `child.sendline('X')`.
Decided as a value a sentence gives a strong label (store/privacy/evidence.py decide)."""
from __future__ import annotations

from store.privacy.evidence import SENTENCE, decide
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
