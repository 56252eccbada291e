"""Once a secret, always a secret: the other places a value judged a secret stands, in the same
text and, through a store's memory of what it redacted (store/seen_secrets.py), in later texts.

Only values random enough are carried (`rememberable`): of 16 to 512 token characters
(anchors.RUN_CHARS without `$`), letters and digits both, at least REMEMBER_MIN_BITS by the
alphabet its characters are drawn from, and not of words (values.looks_random, or hex: a UUID, a
hex key).  A word-like or short password is redacted where its evidence stands, never elsewhere:
its hash could be reversed by guessing, and a word recurs for other reasons.

A copy is a whole piece of one of the text's long runs of token characters (anchors.long_runs,
which the filter reads anyway): the run (without a sentence's last `.`), what follows its first
`=` (`token=X` in a query), what follows an escape's letter (`\\nX` in JSON printed as text),
and its runs of letters, digits, `_` and `-` where the run holds other characters (`/v1/X.json`).
A copy takes the kind of the secret it copies (`[REDACTED:api_key]` wherever the key stands):
the kind says what the value is, as the copies' rule (processes.copies_of_secrets) says it."""
from __future__ import annotations

from store.privacy.values import compiled, looks_random

REMEMBER_MIN_CHARS = 16  # anchors.RUN_MIN: a shorter value stands in no run
REMEMBER_MAX_CHARS = 512
REMEMBER_MIN_BITS = 80  # a guess of the value from its hash takes 2**80 tries at the least
# Not carried: a command's whole output (not a value), and a value found only for being random on
# a line with a secret word (`high_entropy`, the weakest evidence: carried, an id read so once went
# to each place the id stands: 8 of the 10 texts this changed on the 225,077, Stripe's `evt_` ids,
# a JSON listing's ids, a Cisco type 5 hash's tail; the other 2, keys under their names, stay)
NOT_CARRIED = frozenset(("secret_output", "high_entropy"))
# Up to this many distinct values found, each is counted in the text before its runs are read
# (a count is a C scan; real output has few spans and no copy: measured ~1.0x with, 1.1-1.2x without)
FEW_VALUES = 16
_SPLIT = frozenset("./+=~$")
_NARROW_TABLE = bytes(0x61 if chr(b).isascii() and (chr(b).isalnum() or chr(b) in "_-") else 0x20 for b in range(256))  # run characters a value of letters, digits, `_` and `-` does not hold


def rememberable(value: str) -> bool:
    """Whether `value` is random enough to be carried to its other places (module docstring)."""
    n = len(value)
    if n < REMEMBER_MIN_CHARS or n > REMEMBER_MAX_CHARS or not value.isascii() or "$" in value:
        return False
    if compiled("recur-chars", r"[A-Za-z0-9+/_.~=-]+").fullmatch(value) is None:
        return False
    if not _mixed(value):
        return False
    low = value.lower()
    hexed = compiled("recur-hex", r"(?:[a-z0-9]{1,10}[_-])??([0-9a-f-]+)").fullmatch(low)
    if hexed is not None:  # hex, a UUID, or hex after a service's head (`rk_<hex>`): no words in it
        return (hexed.end(1) - hexed.start(1) - hexed.group(1).count("-")) * 4 >= REMEMBER_MIN_BITS
    alphabet = 10 + 26 * (low != value) + 26 * (value.upper() != value) + 4 * (not value.replace("-", "").replace(
        "_", "").isalnum())
    if n * (alphabet.bit_length() - 1) < REMEMBER_MIN_BITS:  # (bits a character, rounded down)
        return False
    return looks_random(value)


def pieces(text: str, runs, spans, wide: bool = True) -> list:
    """(start, end) of each piece a copy may be (module docstring) that overlaps no span, in the
    text's order, the longer first where two start together.  The runs of letters, digits, `_`
    and `-` are found as anchors.long_runs finds its runs (a byte table and `bytes.find`, no
    regular expression to compile on a hook: ~2 ms a MB, where one over each long run cost ~25 ms
    on grep's output); a long run holding other characters is a piece of its own only with `wide`
    (a value holding one of them is looked for)."""
    raw = text.encode("ascii") if text.isascii() else text.encode("latin-1", "replace")
    marks = raw.translate(_NARROW_TABLE)
    needle = b"a" * REMEMBER_MIN_CHARS
    escaped = "\\" in text
    out = []
    pos = marks.find(needle)
    while pos >= 0:
        end = marks.find(b" ", pos + REMEMBER_MIN_CHARS)
        if end < 0:
            end = len(marks)
        if end - pos <= REMEMBER_MAX_CHARS:
            out.append((pos, end))
            if escaped and pos and text[pos - 1] == "\\" and text[pos] in "ntr" and end - pos > REMEMBER_MIN_CHARS:
                out.append((pos + 1, end))  # (`\nX` in JSON printed as text: X)
        pos = marks.find(needle, end)
    if wide:
        more = []
        for s, e in runs:
            while e > s and text[e - 1] == ".":
                e -= 1
            run = text[s:e]
            if _SPLIT.isdisjoint(run[:-1]):
                continue  # (its pieces are the runs above)
            if e - s <= REMEMBER_MAX_CHARS:
                more.append((s, e))
            eq = run.find("=")
            if 0 <= eq < len(run) - REMEMBER_MIN_CHARS and run[eq + 1] != "=":
                more.append((s + eq + 1, e))
        if more:
            out = sorted(out + more, key=lambda piece: (piece[0], -piece[1]))
    return _free(spans, out) if spans else out


def carry(text: str, runs, spans: list, seen=None) -> list:
    """`spans` ((kind, start, end), sorted) with every other place of a value they redact, and of
    a value `seen` (a store's memory: `kinds(values) -> {value: kind}`) remembers, added.  A copy
    is looked for in the runs no span touches (a copy beside its secret in one run is the
    finders' to find)."""
    mine = {}  # value -> (kind, how many spans it is)
    for kind, s, e in spans:
        if kind not in NOT_CARRIED and e - s >= REMEMBER_MIN_CHARS:
            value = text[s:e]
            got = mine.get(value)
            mine[value] = (kind, 1) if got is None else (got[0], got[1] + 1)
    if seen is None:
        if len(mine) <= FEW_VALUES:  # (most texts: a count of each in the text says if one stands again)
            mine = {v: got for v, got in mine.items() if text.count(v) > got[1]}
        if not mine:
            return spans
    wide = getattr(seen, "wide", True) if seen is not None else False
    wide = wide or any(not _SPLIT.isdisjoint(v) for v in mine)
    places = pieces(text, runs, spans, wide)
    if seen is None:  # (only pieces of a length found: ~half the cost on the dense MB)
        lengths = {len(v) for v in mine}
        places = [(a, b) for a, b in places if b - a in lengths]
    if not places:
        return spans
    values = dict.fromkeys(text[a:b] for a, b in places)
    found = {v: got[0] for v, got in mine.items() if v in values and rememberable(v)}  # (judged where one stands again)
    if seen is not None:
        asked = [v for v in values if v not in found and _mixed(v)]
        if asked:
            found.update(seen.kinds(asked))
    if not found:
        return spans
    added = []
    last = -1
    for a, b in places:
        kind = found.get(text[a:b])
        if kind is not None and a >= last:
            added.append((kind, a, b))
            last = b
    return sorted(spans + added, key=lambda span: span[1]) if added else spans


def _mixed(value: str) -> bool:
    """A letter and a digit (what every remembered value holds: most pieces of real text do not)."""
    return any(c.isdigit() for c in value) and value.upper() != value.lower()


def _free(spans, runs) -> list:
    """The pieces ((start, end), in the text's order) that overlap no span."""
    if not spans:
        return runs
    free = []
    j, n = 0, len(spans)
    for s, e in runs:
        while j < n and spans[j][2] <= s:
            j += 1
        if j == n or spans[j][1] >= e:
            free.append((s, e))
    return free
