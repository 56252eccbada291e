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

from store.privacy.values import P_NAME, VALUE_MEMOS, add_span, compiled, joined_secrets

P_ITEM = P_NAME + 500  # (candidates.P_CANDIDATE's, as an exec array's finds)
_LINES: dict = {}  # the command line a list makes -> its finds (values.VALUE_MEMOS)
VALUE_MEMOS.append(_LINES)


def find(look, find_secrets) -> None:
    text = look.text
    # (from each item that is a flag, found among the places of ` -` the one pass found already: a
    # flag after its item's dash, `- --x`, or a quoted one, `  - "--x"`; no scan of the text)
    if " -" not in look.anchors.present:
        return  # no item is a flag: no command line
    flags = []
    for p in look.anchors.at(" -"):
        if p and text[p - 1] == "-":
            flags.append(p - 1)  # `- --x` (or `- -x`): the item's dash before the space
        elif text.startswith(("- \"-", "- '-"), p + 1):
            flags.append(p + 1)
    if not flags:
        return
    item = compiled("block-item", r"([ \t]*)-[ \t]+([\"']?)([^\s\"'#][^\s\"']{0,300})\2[ \t]*\r?\Z")
    done = set()
    for at in flags:
        ls = text.rfind("\n", 0, at) + 1
        if ls in done or text[ls:at].strip(" \t"):
            continue  # (an item's run read once; a `- -` inside a line is none)
        first = _item(text, item, ls)
        if first is None:
            continue
        run = [first]
        up = ls
        while up > 0:  # the items above it at its indent
            above = text.rfind("\n", 0, up - 1) + 1
            got = _item(text, item, above)
            if got is None or got[0] != first[0]:
                break
            run.insert(0, got)
            done.add(above)
            up = above
        down = text.find("\n", ls)
        while down >= 0:  # and below it
            got = _item(text, item, down + 1)
            if got is None or got[0] != first[0]:
                break
            run.append(got)
            done.add(down + 1)
            down = text.find("\n", down + 1)
        done.add(ls)
        _judge(text, run, look.found, find_secrets)


def _item(text, item, ls):
    """(indent, start of its word, its word) of the list item whose line starts at `ls`, or None."""
    le = text.find("\n", ls)
    m = item.match(text[ls:le if le >= 0 else len(text)])
    return None if m is None else (m.group(1), ls + m.start(3), m.group(3))


def _judge(text, run, found, find_secrets):
    if len(run) < 2 or not any(word[:1] == "-" and word[1:2].isalpha() or word[:2] == "--" for _i, _at, word in run):
        return
    spans = joined_secrets(" ".join(word for _i, _at, word in run), _LINES, find_secrets)
    pos = 0
    for _i, at, word in run:
        for kind, s, e in spans:
            a, b = max(s, pos), min(e, pos + len(word))
            if a < b:
                add_span(found, text, at + a - pos, at + b - pos, P_ITEM, kind)
        pos += len(word) + 1
