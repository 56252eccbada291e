"""A command line written as a YAML block sequence, one word an item (a container's `command:` or
`args:`, a task's `argv:`):

    command:
      - /app/server
      - --api-token
      - X

read as the command line its items make (`/app/server --api-token X`), as an exec array in brackets
is (candidates._arrays): what the command-line finders take there goes, its span mapped back to the
item.  Only a run of two items or more at one indent, one of them a flag (`-x`, `--name`): a list
of words without one is no command line."""

from __future__ import annotations

from store.privacy.values import P_NAME, VALUE_MEMOS, add_span, compiled, holds, remember

P_ITEM = P_NAME + 500  # (candidates.P_CANDIDATE's, as an exec array's finds)
_LINES: dict = {}  # the command line a list makes -> its finds (values.VALUE_MEMOS)
VALUE_MEMOS.append(_LINES)


def find(look, find_secrets) -> None:
    text = look.text
    if not (holds(text, "- -") or holds(text, "- \"-") or holds(text, "- '-")):
        return  # no item is a flag: no command line
    item = compiled("block-item", r"([ \t]*)-[ \t]+([\"']?)([^\s\"'#][^\s\"']{0,300})\2[ \t]*\r?\Z")
    run: list = []  # (indent, start of the word, the word)
    for m in compiled("block-item-lines", r"(?m)^[ \t]*-[ \t]+[^\n]*$").finditer(text):
        im = item.match(m.group(0))
        if im is None:
            _judge(text, run, look.found, find_secrets)
            run = []
            continue
        indent, at = im.group(1), m.start() + im.start(3)
        if run and (run[-1][0] != indent or text.count("\n", run[-1][1], at) != 1):
            _judge(text, run, look.found, find_secrets)
            run = []
        run.append((indent, at, im.group(3)))
    _judge(text, run, look.found, find_secrets)


def _judge(text, run, found, find_secrets):
    if len(run) < 2 or not any(word[:1] == "-" and word[1:2].isalpha() or word[:2] == "--" for _i, _at, word in run):
        return
    line = " ".join(word for _i, _at, word in run)
    if len(line) > 2000:
        return
    spans = _LINES.get(line)
    if spans is None:
        spans = remember(_LINES, line, find_secrets(line))
    pos = 0
    for _i, at, word in run:
        for kind, s, e in spans:
            a, b = max(s, pos), min(e, pos + len(word))
            if a < b:
                add_span(found, text, at + a - pos, at + b - pos, P_ITEM, kind)
        pos += len(word) + 1
