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
_SPLIT = frozenset("./+=~$")  # run characters a value of letters, digits, `_` and `-` does not hold


def rememberable(value: str) -> bool:
    """Whether `value` is random enough to be carried to its other places (module docstring)."""
    n = len(value)
    if n < REMEMBER_MIN_CHARS or n > REMEMBER_MAX_CHARS or not value.isascii() or "$" in value:
        return False
    if compiled("recur-chars", r"[A-Za-z0-9+/_.~=-]+").fullmatch(value) is None:
        return False
    low = value.lower()
    digits = any(c.isdigit() for c in value)
    if not digits or low == value.upper():  # (no letter: upper and lower copies are the same)
        return False
    hexed = compiled("recur-hex", r"(?:[a-z0-9]{1,10}[_-])??([0-9a-f-]+)").fullmatch(low)
    if hexed is not None:  # hex, a UUID, or hex after a service's head (`rk_<hex>`): no words in it
        return (hexed.end(1) - hexed.start(1) - hexed.group(1).count("-")) * 4 >= REMEMBER_MIN_BITS
    alphabet = 10 + 26 * (low != value) + 26 * (value.upper() != value) + 4 * (not value.replace("-", "").replace(
        "_", "").isalnum())
    if n * (alphabet.bit_length() - 1) < REMEMBER_MIN_BITS:  # (bits a character, rounded down)
        return False
    return looks_random(value)


def pieces(text: str, runs) -> list:
    """(start, end, [(start, end) of each piece a copy may be]) of each long run (module
    docstring), longest first; pieces of REMEMBER_MIN_CHARS to REMEMBER_MAX_CHARS only."""
    out = []
    narrow = None
    for s, e in runs:
        while e > s and text[e - 1] == ".":
            e -= 1
        run = text[s:e]
        got = [(s, e)]
        eq = run.find("=")
        if 0 <= eq < len(run) - 1 and run[eq + 1] != "=":
            got.append((s + eq + 1, e))
        if s and text[s - 1] == "\\" and run[0] in "ntr":
            got.append((s + 1, e))
        if not _SPLIT.isdisjoint(run):
            if narrow is None:
                narrow = compiled("recur-narrow", r"[A-Za-z0-9_-]{16,}")
            got.extend((s + m.start(), s + m.end()) for m in narrow.finditer(run))
        got = [(a, b) for a, b in got if REMEMBER_MIN_CHARS <= b - a <= REMEMBER_MAX_CHARS]
        if got:
            out.append((s, e, got))
    return out


def carry(text: str, runs, spans: list, seen=None) -> list:
    """`spans` ((kind, start, end), sorted) with every other place of a value they redact, and of
    a value `seen` (a store's memory: `kinds(values) -> {value: kind}`) remembers, added."""
    known = {}
    for kind, s, e in spans:
        if kind not in NOT_CARRIED and e - s >= REMEMBER_MIN_CHARS:
            value = text[s:e]
            if value not in known and rememberable(value):
                known[value] = kind
    if not known and seen is None:
        return spans
    places = _outside(spans, pieces(text, runs))
    if not places:
        return spans
    values = {}
    for a, b in places:
        values.setdefault(text[a:b], None)
    found = {v: known[v] for v in values if v in known}
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


def _outside(spans, runs) -> list:
    """The pieces of `runs` (pieces()) that overlap no span (both in the text's order)."""
    places = []
    j, n = 0, len(spans)
    for s, e, got in runs:
        while j < n and spans[j][2] <= s:
            j += 1
        k = j
        while k < n and spans[k][1] < e:
            k += 1
        if k == j:
            places.extend(got)
            continue
        over = spans[j:k]
        places.extend((a, b) for a, b in got if not any(ss < b and a < ee for _kind, ss, ee in over))
    return places
