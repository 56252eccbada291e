"""Where the privacy rules' literals stand in a text, for store/privacy.py: a few passes in C
instead of one `find` per literal.

The rules look for about 200 lowercase literals (each TOKEN_RULES anchor, each NAME trigger, each
command-line trigger word, the lexicon's labels).  A `str.find` over 1 MB costs about 0.4-0.6 ms
whatever it looks for, so one pass per literal cost ~70-90 ms before any rule ran; an alternation
of all of them is slower still (Python's regex engine has no multi-literal scan: it stops at every
character that can start an alternative).  Here each literal is found by its rarest character
(its pivot): a regular expression starts with the pivots, so the engine skips over every other
character, and checks after a pivot whether one of its literals stands there (a lookahead,
nothing consumed, so literals that overlap are all found); Python then tells which.  Each ASCII
pivot gets an expression of its own: the engine skips to one known character ~5 times as
cheaply per place as to one of a set (~10 ns against ~50-100 ns a stop, and a set is tested at
every character), and in command output those characters stand 5,000-20,000 times a MB (`p`,
`-`, `/`, digits); a pivot beyond ASCII (a lexicon's letter) is found in the one-byte copy of
the text by `bytes.find` (_wide_places).  (One expression of a trie of every literal, as a lookahead at every start,
was measured too: ~108 ms on 1 MB of real command output against ~33 for the pivots then, as it
stops at every letter that starts a literal; split in letters and punctuation, 71 + 46 ms.)
Literals made only of common characters (``sess``, ``use``) are not looked for place by place:
whether they stand at once, where only when a rule asks (`use` stands thousands of times in prose
and matters only beside `net`); three or more with one first letter by one expression of that
letter (_first_letter_tries), another that holds one of those letters by that letter's
expression too (a branch read where its next character follows), the others by a `find` each,
in a one-byte copy of a text that is not ASCII (twice as fast as in the wider text).

What a pass costs (1 MB, CPU): ~0.27 ms to skip to its character, ~9 ns at each stop where the
engine tries a short lookahead, 20-40 ns where it walks a tree (each alternative it leaves is
~2 ns, each lookbehind it tries ~9 ns), and ~0.3 us of Python at each match.  Hence: a pivot
that stands a few times is found by memchr and its regex tried there (few_places); lookbehinds
at one place of a tree sit behind a gate on the character before (_behind); every literal of a
tree is named by its capture group (later ones that can share its place tested in Python); a
letter's trie whose literals can all go to other trees is dropped (_dissolved), and so is a
pivot whose literals can all go to other pivots or to the tries (_pivots_dissolved: `x`, `y`,
`z`, `_`, `=`, `>`; the first pass 0.92-0.94 times its CPU on source files, this machine's
output and the dense MB, the same on the generated one).  Measured and
not kept: a charset lookahead in front of a trie (`a(?=[acdh...])`, 1.0-1.13 times the trie), one
expression of the tries' letters (`s(?=..)|a(?=..)|...`: twice the five passes), the runs of
long_runs by a pattern of 16 run characters or of a space and 16 (0.9-1.9 times the finds).
"""
from __future__ import annotations

import re

from store.privacy.values import CACHE

# Characters from rare to common in prose, code and command output (a character not listed,
# beyond ASCII, is rarer than all); a literal whose rarest character is from COMMON on is found
# by its own pass, or the one regular expression would stop almost everywhere.
RARITY = "zjqx|~<>`^{}@#%&*+!?\\_kvywgbp()[]=0123456789-/:;$'\"fmudclhnroiaste \t.,\n"
COMMON = RARITY.index("fmu")
# Every ASCII pivot is looked for by a regular expression of its own (see the docstring), and a
# pivot beyond ASCII in the one-byte copy (_wide_places): one expression shared by the rarest
# pivots cost ~3.9 ms a MB of command output or of source files (the engine tests each
# character against the set), its 7 ASCII characters alone ~2.6 together.


# Literals that stand thousands of times in a MB of secrets or of transcripts (each place found
# by the pivot regex cost ~1.5 us of Python): each is found by a pass of its own (~1 ms a MB,
# ~0.1 us a place), with the literals that extend it found from its places.
# (` /`, ~800 places a MB in both, gains nothing: a pass of its own costs as much; `pw` and ` -`
# are read by the trees of `w` and `-`, whose passes run anyway, each place named by its capture:
# 0.94-0.96 times the first pass's CPU on git's output, cat and pip, 1.00-1.01 on the dense MBs.)
DIRECT = {"pass": ("passw", "password"), "key": (), "token": ()}


def _direct(literals):
    """((literal, its pattern, [(longer literal, offset)]) of each DIRECT literal of `literals`,
    the literals found from those)."""
    given = set(literals)
    direct, derived = [], set()
    for lit, longer in {**DIRECT, **dict.fromkeys(_at_frequent_pivots(given), ())}.items():
        if lit in given:
            # no literal of DIRECT overlaps itself (`pass` in `passpass` twice, never in one
            # place shared), so a scan's matches are all its places
            assert not any(lit[:k] == lit[-k:] for k in range(1, len(lit))), lit
            extended = []  # (a longer literal, the shortest found before that it holds, its offset)
            for other in sorted((other for other in longer if other in given), key=len):
                source = max((done for done, _source, _offset in extended if done in other), key=len, default=lit)
                extended.append((other, source, other.index(source)))
            direct.append((lit, _pivoted(lit), tuple(extended)))
            derived.update(other for other, _source, _offset in extended)
    return tuple(direct), derived


def _pivoted(lit):
    """(pattern, the same in bytes, where in `lit` a match starts, the index of its pivot in
    `lit`): `lit` found from its rarest character, the characters before it by a look-behind and
    after by a look-ahead (the engine skips to that one character: `token` from its `k`, not at
    each `t`, 0.9 -> 0.4 ms a MB of command output)."""
    j = min(range(len(lit)), key=lambda i: RARITY.find(lit[i]))
    if RARITY.find(lit[j]) >= RARITY.find(lit[0]):
        j = 0
    if j and lit[0] in _MOST_COMMON:
        start = j
        pattern = re.escape(lit[j]) + "(?<=" + re.escape(lit[:j + 1]) + ")"
        if lit[j + 1:]:
            pattern += "(?=" + re.escape(lit[j + 1:]) + ")"
    else:
        # the literal whole where its first character is not of the commonest: the engine
        # reads the characters after it in C where it stands (`pass` at each `p`), not by a
        # match of a look-ahead there (dense MB: `pass` 1.5 -> 1.1 ms)
        start, pattern = 0, re.escape(lit)
    return re.compile(pattern), re.compile(pattern.encode("ascii")) if lit.isascii() else None, start, j


def _at_frequent_pivots(given):
    """The literals whose rarest character is itself a literal of one character (`| ` of `|`,
    `:aa` of `:`): that character stands thousands of times in command output (so it is not
    looked for place by place), and each of its places would cost the pivot regex ~1 us of
    Python; a scan of the literal's own costs ~0.4 ms a MB, ~0.1 us a place."""
    singles = {lit for lit in given if len(lit) == 1}
    return sorted(lit for lit in given if len(lit) > 1 and lit.isascii() and "?" not in lit
                  and min(lit, key=RARITY.find) in singles
                  and not any(lit[:k] == lit[-k:] for k in range(1, len(lit))))  # fmt: skip


def _build(literals):
    """(the pivots' (regex, (literal, pivot index) of each capture group, the literals to test
    beside each, the pivot in bytes, the same without the literals that end at the pivot and
    those literals, or None: see SPLIT_FROM), pivot char ->
    [(literal, index)], literals found alone,
    (literal, shorter literal inside it, its offset) found from the shorter one's places,
    the DIRECT literals (see _direct), the tries (see _first_letter_tries))."""
    by_pivot, alone, inside = {}, [], []
    direct, derived = _direct(literals)
    skip = derived | {lit for lit, _rx, _extended in direct}
    for lit in sorted(set(literals)):
        if lit in skip:
            continue
        if len(lit) == 1 and lit.isascii():
            # `:` or `|` stands thousands of times in output, and only whether it stands is
            # asked (its places, if ever, are found then): one `in`, not a hit at each
            alone.append(lit)
            continue
        j = min(range(len(lit)), key=lambda i: RARITY.find(lit[i]))
        if RARITY.find(lit[j]) < COMMON:
            by_pivot.setdefault(lit[j], []).append((lit, j))
            continue
        part = next((other for other in sorted(set(literals), key=len) if other != lit and other in lit
                     and all(RARITY.find(ch) >= COMMON for ch in other)), None)  # fmt: skip
        if part is None:
            alone.append(lit)
        else:
            inside.append((lit, part, lit.index(part)))
    _into_other_pivots(by_pivot)
    # (a literal scanned alone for its frequent pivot, `:aa` of `:`, is a tree's branch where it
    # can be: a pass less, ~0.4 ms a MB each)
    frequent = [lit for lit, _rx, extended in direct if lit not in DIRECT and not extended]
    alone, tries = _first_letter_tries(alone, inside, frequent, by_pivot)
    treed = {lit for _rx, items in tries for lit, _k in items}
    inside = [item for item in inside if item[0] not in treed]
    direct = _shared_passes(tuple(item for item in direct if item[0] not in treed))
    own, wide = [], []
    for ch, items in sorted(by_pivot.items()):
        if not ch.isascii():
            wide.append(ch)  # (found in the one-byte copy: see _wide_places)
            continue
        # (the literals of an ASCII pivot are ASCII, none holds a `?`: the one-byte copy has the
        # same places, see _in_one_byte)
        assert all(lit.isascii() and "?" not in lit for lit, _j in items), ch
        if any(len(lit) == 1 for lit, _j in items):
            own.append((re.compile(re.escape(ch)), (), (), ch.encode("ascii"), None))
            continue
        split = None
        ends = tuple(lit for lit, j in items if j == len(lit) - 1)
        if ends and len(ends) < min(GATE_FROM, len(items)):
            split = (*_pivot_tree(ch, [item for item in items if item[0] not in ends]), ends)
        own.append((*_pivot_tree(ch, items), ch.encode("ascii"), split))
    # (a literal read at the places of one of OTHER_WORDS does not go on as the other word)
    assert not any(_goes_on_as_other_word(lit, part) for lit, part, _offset in inside)
    inside = tuple(sorted(inside, key=lambda item: len(item[0])))
    return tuple(own), by_pivot, tuple(alone), inside, direct, tries, _wide_finds(wide), _read_together(inside, alone)


def _pivot_tree(ch, items):
    """(the regex of the pivot `ch`'s literals `items` ((literal, index of `ch` in it)), the
    literal and index its capture group names, the literals to test beside it), see _build."""
    # each literal is named by a capture group: where it closes, the place is its, and only the
    # literals of the tree's later branches that can stand beside it are tested in Python
    # (`http` and `https:` ...), not every literal of the pivot
    marks = (frozenset(lit for lit, _j in items), [])
    alt = re.escape(ch) + "(?=" + _after_pivot([(lit[j + 1:], lit) for lit, j in items], marks) + ")"
    pivot_at = dict(items)
    named = (None, *[(lit, pivot_at[lit]) for lit in marks[1]])
    later = (None, *[_by_previous([(b, jb) for b, jb in named[g + 1:] if _together(a, ja, b, jb)])
                     for g, (a, ja) in enumerate(named[1:], 1)])
    return re.compile(alt), named, later


def _read_together(inside, alone):
    """literal -> (regex, literal by its rest after the first character) for the literals of
    `inside` whose part is only said to stand (`alone`) and that share their first character
    with another such: whether each stands is read by one pass for them all (`,user` and
    `, user`, absent from most text: ~0.6 ms a MB each by `in`), not by an `in` each."""
    groups = {}
    for lit, part, _offset in inside:
        if part in alone and len(lit) > 1 and lit.isascii() and "?" not in lit:
            groups.setdefault(lit[0], []).append(lit)
    out = {}
    for first, lits in groups.items():
        if len(lits) < 2 or any(a != b and b.startswith(a) for a in lits for b in lits):
            continue
        rx = re.compile((re.escape(first) + "(?=(" + _tree([lit[1:] for lit in lits]) + "))").encode("ascii"))
        entry = (rx, {lit[1:].encode("ascii"): lit for lit in lits})
        out.update(dict.fromkeys(lits, entry))
    return out


def _standing(rx, by_rest, raw):
    """{literal: whether it stands in `raw`} for the literals of one of _read_together's passes."""
    stands = dict.fromkeys(by_rest.values(), False)
    left = len(stands)
    for m in rx.finditer(raw):
        lit = by_rest[m.group(1)]
        if not stands[lit]:
            stands[lit] = True
            left -= 1
            if not left:
                break
    return stands


def _into_other_pivots(by_pivot):
    """Each ASCII pivot whose every literal holds the pivot of another that stays is found at
    that one (`# pw ` at the `w` of `pw`): a pass over the text less (~0.2-0.3 ms a MB each), a
    branch more where that other stands."""
    kept = {ch for ch, items in by_pivot.items() if not ch.isascii() or any(
        not any(c != ch and c.isascii() and c in by_pivot for c in lit) for lit, _j in items)}
    for ch in sorted(set(by_pivot) - kept):
        others = [min((c for c in lit if c in kept and c.isascii()), key=RARITY.find, default=None)
                  for lit, _j in by_pivot[ch]]
        if None in others:
            continue  # (a literal whose other pivots move too keeps its own)
        for other, (lit, _j) in zip(others, by_pivot.pop(ch)):
            by_pivot[other].append((lit, lit.index(other)))


def _by_previous(items):
    """None for no `items` ((literal, its pivot's index)), else (those with a character before
    the pivot by that character, the others): at a place, only those of the character found
    there are read (the 16 literals that end at `(` and can stand beside `('`)."""
    if not items:
        return None
    by_prev, rest = {}, []
    for lit, j in items:
        if j:
            by_prev.setdefault(lit[j - 1], []).append((lit, j))
        else:
            rest.append((lit, j))
    return by_prev, tuple(rest)


def _together(a, ja, b, jb):
    """Whether `a` and `b` can stand with their characters `ja` and `jb` at one place: they agree
    on every character where both stand."""
    return all(a[ja + k] == b[jb + k] for k in range(max(-ja, -jb), min(len(a) - ja, len(b) - jb)))


# Literals of common characters only that share their first character, this many or more, are
# found by one regular expression of their own (below) rather than a `find` each.
TRIE_FROM = 3


def _first_letter_tries(alone, inside=(), scanned=(), by_pivot=None):
    """(the literals of `alone` still found by a `find` each, [(regex, ((literal, offset) of each
    literal it finds, in the order of their capture groups)))]): a group of TRIE_FROM or more
    literals of common characters with one first character is found by `c(?=tree)`, `tree` one of
    the rests of its literals (_guarded_tree).  The engine skips to the next `c` as fast as a
    `find` (one known first character), and at each place the tree takes the literal that stands
    there (each branch left at once where the text differs).  ~0.7-1.6 ms a MB for a group against
    ~0.45 ms a `find` of each of its literals (the `s` group holds 8).  Another literal of `alone`
    that holds one of those first characters is found by that tree too (_attached): a branch more,
    read only where its next character follows `c`, where a `find` of its own cost ~0.5-1 ms a MB;
    so is one of `inside` ((literal, a literal inside it, offset)) read inside one that is not
    placed, and of `scanned` (literals each found by a pass of its own)."""
    groups = {}
    for lit in alone:
        # read in the one-byte copy of a wide text, where a character beyond Latin-1 is a `?`
        if len(lit) > 1 and lit.isascii() and "?" not in lit:
            groups.setdefault(lit[0], []).append(lit)
    groups = {first: lits for first, lits in groups.items() if len(lits) >= TRIE_FROM}
    for lits in groups.values():
        # none is a prefix of another (that one is found from the other's places: _build's
        # `inside`), so one literal at most stands at a place, and the capture names it
        assert not any(a != b and b.startswith(a) for a in lits for b in lits), lits
    members = {first: [(lit[1:], lit, 0) for lit in lits] for first, lits in groups.items()}
    taken = {lit for lits in groups.values() for lit in lits}
    for first in sorted(members, key=RARITY.find, reverse=True):
        _dissolved(first, members)
    _attached([lit for lit in alone if lit not in taken] + list(scanned), members)
    # (a literal of _build's `inside` whose part is only said to stand, not placed, `setuser` in
    # `use`: a pass each when asked)
    unplaced = {lit for _rest, lit, _k in (item for items in members.values() for item in items)}
    _attached([lit for lit, part, _offset in inside if part in alone and part not in unplaced], members)
    if by_pivot is not None:
        _pivots_dissolved(by_pivot, members)
    tries = []
    for first, items in sorted(members.items()):
        named = []  # (the items in the order of their capture groups)
        pattern = re.escape(first) + "(?=" + _guarded_tree([(item[0], item) for item in items], named) + ")"
        tries.append((re.compile(pattern.encode("ascii")), tuple((lit, k) for _rest, lit, k in named)))
        taken.update(lit for _rest, lit, _k in items)
    return [lit for lit in alone if lit not in taken], tuple(tries)


def _dissolved(first, members):
    """Move the literals of the trie of `first` to the others' (and drop it) when each can go
    there as _attached puts one (where it holds another's first character, its rest after it a
    branch that no other branch starts): a pass over the text less, a branch more where another
    one's letter stands.  The `h` trie (`heslo`, `hesla`, ...: ~1.1 ms a MB of command output,
    found almost nowhere) goes into `s`'s and `a`'s."""
    moved = {other: [] for other in members if other != first}
    for _rest, lit, _k in members[first]:
        spots = sorted((RARITY.find(ch), k) for k, ch in enumerate(lit) if k and ch in moved and lit[k + 1:])
        for _rarity, k in spots:
            rest = lit[k + 1:]
            if all(not rest.startswith(r) and not r.startswith(rest) for r, _lit, _k in members[lit[k]] + moved[lit[k]]):
                moved[lit[k]].append((rest, lit, k))
                break
        else:
            return
    del members[first]
    for other, items in moved.items():
        members[other] += items


def _pivots_dissolved(by_pivot, members):
    """Drop each ASCII pivot (of `by_pivot`, see _build) whose every literal can be read
    elsewhere: at another pivot that stays (one of its characters) or as a branch of a letter's
    trie (as _attached places one): a pass over the text less (~0.3-0.6 ms a MB each)."""
    for ch in sorted(by_pivot, key=RARITY.find, reverse=True):
        if not ch.isascii():
            continue
        to_pivots, to_tries = [], {first: [] for first in members}
        for lit, _j in by_pivot[ch]:
            other = min((c for c in lit if c != ch and c.isascii() and c in by_pivot), key=RARITY.find, default=None)
            if other is not None:
                to_pivots.append((other, lit))
                continue
            spot = _trie_spot(lit, members, to_tries)
            if spot is None:
                break
            to_tries[spot[0]].append(spot[1])
        else:
            del by_pivot[ch]
            for other, lit in to_pivots:
                by_pivot[other].append((lit, lit.index(other)))
            for first, items in to_tries.items():
                members[first] += items


def _trie_spot(lit, members, pending):
    """(the letter of the trie, (rest, `lit`, offset)) where `lit` can be a branch as _attached
    puts one (`pending`: branches to be added too), or None."""
    if len(lit) < 2 or not lit.isascii() or "?" in lit:
        return None
    spots = sorted((RARITY.find(ch), k) for k, ch in enumerate(lit) if ch in members and lit[k + 1:])
    for _rarity, k in spots:
        rest = lit[k + 1:]
        if all(not rest.startswith(r) and not r.startswith(rest) for r, _lit, _k in members[lit[k]] + pending[lit[k]]):
            return lit[k], (rest, lit, k)
    return None


def _attached(others, members):
    """Add to `members` (a trie's first character -> [(rest, literal, offset of that character)])
    each literal of `others` (found by a `find` each) that holds one of those characters, at the
    trie of the rarest: its rest after it a branch of the tree that no other branch starts (so
    the capture names it), the characters before it checked by a look-behind at the branch's end
    (nothing read at the other places of `c`).  (`nenosiri`, `one time`, ` from stdin`, `insert`:
    absent from most text, each a pass of its own; ` as `, `echo`, `default`, whose places a
    finder asks for later, another.)"""
    for lit in others:
        if len(lit) < 2 or not lit.isascii() or "?" in lit:
            continue
        spots = sorted((RARITY.find(ch), k) for k, ch in enumerate(lit) if ch in members and lit[k + 1:])
        for _rarity, k in spots:
            rest = lit[k + 1:]
            if all(not rest.startswith(r) and not r.startswith(rest) for r, _lit, _k in members[lit[k]]):
                members[lit[k]].append((rest, lit, k))
                break


def _guarded_tree(items, named):
    """_tree of the rests of `items` ((what is left of the rest, (rest, literal, offset))), where
    a rest ends a look-behind of its literal (read from its offset on) and an empty capture group,
    the item appended to `named` (its place is read by the group's number, ~0.1 us less at each
    than by the rest captured: 0.8-0.9 times the tries' CPU on gitstat and dense)."""
    by_first, ends = {}, []
    for rest, item in items:
        if rest:
            by_first.setdefault(rest[0], []).append((rest[1:], item))
        else:
            ends.append(item)
    alts = [re.escape(ch) + _guarded_tree(more, named) for ch, more in sorted(by_first.items())]
    for item in ends:
        named.append(item)
        alts.append(("(?<=" + re.escape(item[1]) + ")" if item[2] else "") + _other_word_out(item[1]) + "()")
    if not alts:
        return ""
    return alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"


def _other_word_out(lit):
    """For a literal of OTHER_WORDS, a look-ahead that fails where it surely begins another word
    (an ending, then an ASCII character that is no letter, or the text's end): no match there,
    where its match object and the filter in `at` cost ~0.4 us (the ~1,400 `Author:` and ~1,200
    `insertions(+)` of a MB of `git log --stat`).  A byte beyond ASCII, or a `?` of the one-byte
    copy, may be a letter: such a place is left to `at`."""
    endings = OTHER_WORDS.get(lit)
    if endings is None:
        return ""
    alts = "|".join(re.escape(ending) for ending in sorted(endings, key=len, reverse=True))
    return "(?!(?:" + alts + r")(?:[\x00-\x3e\x40\x5b-\x60\x7b-\x7f]|\Z))"


def _tree(words):
    """A regular expression that matches one of `words` (ASCII, none a prefix of another) at a
    place: a tree of their characters."""
    by_first = {}
    for word in words:
        if word:
            by_first.setdefault(word[0], []).append(word[1:])
    alts = [re.escape(ch) + _tree(rests) for ch, rests in sorted(by_first.items())]
    if not alts:
        return ""
    return alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"


def _after_pivot(rests, marks=None, depth=1):
    """What follows a pivot when one of its literals stands there: `rests` is (the literal's rest
    after its pivot, the literal), made a tree of characters (a branch that starts with one is
    left at once by the engine where the text differs; ~25 % faster than a lookbehind and a
    lookahead for each literal), each literal checked whole by a lookbehind where its rest ends
    (see _behind; `depth`: the characters from the pivot on read on the way here).
    With `marks` (literals, a list), an empty capture group after the lookbehind of each of those
    literals, the literal appended to the list in the groups' order."""
    ends = sorted({lit for rest, lit in rests if not rest})
    by_first = {}
    for rest, lit in rests:
        if rest:
            by_first.setdefault(rest[0], []).append((rest[1:], lit))
    alts = [re.escape(ch) + _after_pivot(more, marks, depth + 1) for ch, more in sorted(by_first.items())]
    alts += _behind(ends, depth, marks)
    return _either(alts)


def _either(alts):
    return alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"


# From this many literals ending at one place of a tree, their lookbehinds are read behind a gate.
GATE_FROM = 3


def _behind(ends, depth, marks):
    """The alternatives that check `ends` (literals whose last `depth` characters were read) by a
    lookbehind each.  From GATE_FROM of them, the character before those `depth` is tested first
    (one lookbehind of a set), then the literals of the character found: the engine tries every
    alternative at each place of the pivot, and the 16 lookbehinds of `(` (`auth(`, `connect(`,
    ...) cost ~150 ns at each `(` of source code."""
    out = []

    def look(lit):
        named = marks is not None and lit in marks[0]
        if named:
            marks[1].append(lit)
        return "(?<=" + re.escape(lit) + ")" + ("()" if named else "")

    if len(ends) < GATE_FROM:
        return [look(lit) for lit in ends]
    groups = {}
    for lit in ends:
        if len(lit) > depth:
            groups.setdefault(lit[-depth - 1], []).append(lit)
        else:
            out.append(look(lit))  # (the characters read: nothing before them to test)
    if not groups:
        return out
    suffix = re.escape(ends[0][-depth:])
    gate = "(?<=[" + "".join(re.escape(ch) for ch in sorted(groups)) + "]" + suffix + ")"
    if len(groups) == 1:
        return [*out, gate + _either([look(lit) for lit in next(iter(groups.values()))])]
    inner = []
    for ch, lits in sorted(groups.items()):
        looks = [look(lit) for lit in lits]
        inner.append(looks[0] if len(looks) == 1 else "(?<=" + re.escape(ch) + suffix + ")" + _either(looks))
    return [*out, gate + _either(inner)]


# Below this many characters each literal gets its own str.find pass (~0.1 ms for all of them
# on 1 KB): compiling the pivot regexes costs ~5-7 ms, paid by every hook process that filters.
ONE_PASS_FROM = 50_000
# Once a process has compiled them (it has read a large text: an import, an audit, the app), the
# one pass is the cheaper from about this size on (the whole filter, measured: 0.26 against 0.30
# ms at 1 KB of command output, 6.3 against 10.9 at 50 KB; the same at 300 characters).
ONE_PASS_ONCE_BUILT = 1_000


def _by_pivot(literals):
    """(the literals as a set, pivot -> the literals whose rarest character it is)."""
    by_pivot = {}
    for lit in literals:
        by_pivot.setdefault(min(lit, key=RARITY.find), []).append(lit)
    return frozenset(literals), by_pivot


def _pivot_tests(key, by_pivot):
    """For each pivot, its literals bucketed by the characters beside the pivot that they hold:
    (by the character before and after, by the one before, by the one after, the rest), so a
    pivot found (a `k` holds 27 literals) checks only the literals that can stand there."""
    tests = CACHE.get(("pivot tests", key))
    if tests is None:
        tests = {}
        for ch, items in by_pivot.items():
            both, before, after, rest = {}, {}, {}, []
            for lit, j in items:
                prev = lit[j - 1] if j else None
                nxt = lit[j + 1] if j + 1 < len(lit) else None
                if prev is not None and nxt is not None:
                    both.setdefault(prev + nxt, []).append((lit, j))
                elif prev is not None:
                    before.setdefault(prev, []).append((lit, j))
                elif nxt is not None:
                    after.setdefault(nxt, []).append((lit, j))
                else:
                    rest.append((lit, j))
            tests[ch] = (both, before, after, tuple(rest))
        CACHE[("pivot tests", key)] = tests
    return tests


# A pivot that stands this many times at most in a text is found by `bytes.find` in the one-byte
# copy (memchr, ~0.01 ms a MB) and its regex tried at each place (~0.3 us), not by a pass of the
# engine (~0.27 ms a MB whatever it finds); past them, the pass (~10 us of finds lost).
FEW_PLACES = 128


def few_places(raw, needle, limit=FEW_PLACES):
    """The places of `needle` in `raw` (bytes or a string), in order, or None when it stands more
    than `limit` times (`limit` None: every place)."""
    places = []
    at = raw.find(needle)
    while at >= 0:
        if len(places) == limit:
            return None
        places.append(at)
        at = raw.find(needle, at + 1)
    return places


# A pivot past FEW_PLACES is found by `find`s too while it stands at most this many times a MB
# (told from where its FEW_PLACES-th place is; a text that gets denser later, at most as many
# finds lost): a match at each place (~0.2-0.4 us) costs less than the pass up to ~1,000 a MB
# (`j`, `q` and `<` in git's output, `/` and `<` in source files).
SPARSE_PER_MB = 800


def _sparse_places(raw, needle):
    """few_places of `needle` in `raw`, or up to SPARSE_PER_MB a MB of it, or None."""
    places = []
    limit = FEW_PLACES
    at = raw.find(needle)
    while at >= 0:
        if len(places) == limit:
            most = len(raw) * SPARSE_PER_MB // 1_000_000
            if limit == most or most <= FEW_PLACES or at * most < FEW_PLACES * len(raw):
                return None
            limit = most
        places.append(at)
        at = raw.find(needle, at + 1)
    return places


# A literal that ends at its pivot is checked by a lookbehind at every place of the pivot
# (~12 ns); where the pivot stands more than once in SPLIT_FROM characters (of the first SAMPLE),
# such a literal is found by a pass of its own (~0.3-0.5 ms a MB), the tree read without it (when
# those literals are gated, one lookbehind for all, they stay): ` /` in `find`'s paths, `=-` and
# `\t-` in `ls -l`'s modes.
SPLIT_FROM = 30
SAMPLE = 1 << 16


def _pivot_places(low, raw, rxs, tests, found, scanned):
    """Add to `found` (literal -> its places) the places of each literal found at its pivot: the
    one a capture group names, or those the Python tests (see _pivot_tests) find there; `rxs`
    read in `scanned`, `low` or `raw` (see _in_one_byte)."""
    n = len(low)
    # each literal has one pivot, so one regex finds all its places, in order
    for rx, named, later, needle, split in rxs:
        places = _sparse_places(raw, needle)
        if places is None and split is not None and raw.count(needle, 0, SAMPLE) * SPLIT_FROM > min(len(raw), SAMPLE):
            rx, named, later, ends = split
            for lit in ends:
                found[lit] = [m.start() for m in _needle_rx(lit.encode("ascii")).finditer(raw)]
        # (a match takes the pivot alone: the engine's matches are the places where it matches)
        matches = rx.finditer(scanned) if places is None else filter(None, map(rx.match, [scanned] * len(places), places))
        for m in matches:
            group = m.lastindex
            if group is not None:  # the first literal of the tree that stands there
                lit, j = named[group]
                p = m.start()
                found[lit].append(p - j)
                more = later[group]  # (the engine stopped at the first: the others)
                if more is not None:
                    by_prev, rest = more
                    for lit, j in by_prev.get(low[p - 1], ()) if p else ():
                        if p >= j and low.startswith(lit, p - j):
                            found[lit].append(p - j)
                    for lit, _j in rest:
                        if low.startswith(lit, p):
                            found[lit].append(p)
                continue
            p = m.start()
            both, before, after, rest = tests[low[p]]
            prev = low[p - 1] if p else ""
            nxt = low[p + 1] if p + 1 < n else ""
            for lits in (both.get(prev + nxt), before.get(prev), after.get(nxt), rest):
                if lits:
                    for lit, j in lits:
                        if p >= j and low.startswith(lit, p - j):
                            found[lit].append(p - j)


def _in_one_byte(key, rxs):
    """The pivots' regexes (`rxs`, see _build) for the one-byte copy, compiled when first asked
    (~6 ms).  They read it for a text of 4 bytes a character (beyond U+FFFF: pip's JSON, this
    machine's output): 0.75 times the passes' CPU there; in a text of 2 bytes a character the
    passes are ~1.1 times as slow in the copy, ASCII text is one byte already."""
    got = CACHE.get(("pivots in one byte", key))
    if got is None:
        got = CACHE[("pivots in one byte", key)] = tuple(
            (re.compile(rx.pattern.encode("ascii")), named, later, needle,
             split and (re.compile(split[0].pattern.encode("ascii")), *split[1:]))
            for rx, named, later, needle, split in rxs)
    return got


def _wide_finds(wide):
    """(the one-byte needles of the pivots of Latin-1 beyond ASCII, the pivots beyond Latin-1)
    of `wide` (pivots beyond ASCII): see _wide_places."""
    latin = tuple(ch.encode("latin-1") for ch in wide if ord(ch) < 256)
    return latin, frozenset(ch for ch in wide if ord(ch) >= 256)


# Characters beyond Latin-1 (a `?` in the one-byte copy) read one by one for a pivot among them,
# at most (~0.1 us each; ~600 in 1 MB of this machine's output, with its real `?`s); past them
# (~68,000 in the generated MB, Korean), each such pivot is found by a find of its own.
WIDE_BY_FIND = 1_000


def _wide_places(low, raw, finds, tests, found):
    """Add to `found` the places of the literals whose pivot is beyond ASCII: that pivot's places
    are found in `raw` (the one-byte copy of `low`) by `bytes.find` of its byte, or (beyond
    Latin-1, a `?` there) of each `?` that stands for such a pivot in `low`; each place is then
    checked as _pivot_places checks one (most text holds few such characters: ~0.01 ms a MB for
    a byte's `find`, where a pattern of the set read every character)."""
    latin, beyond = finds
    places = []
    alone = {}  # a pivot that is a literal of its own, none other at it -> its places found by find
    for needle in latin:
        at = raw.find(needle)
        while at >= 0:
            places.append(at)
            at = raw.find(needle, at + 1)
    if beyond:
        at = raw.find(b"?")
        seen = 0
        while at >= 0:
            seen += 1
            if seen > WIDE_BY_FIND:  # (a Korean page: each pivot's places by a find of its own from here)
                for ch in beyond:
                    # (str.find of one character beyond Latin-1 runs memchr on its low byte: ~0.02
                    # ms a MB, where a pattern of it cost ~0.3)
                    both, before, after, rest = tests[ch]
                    # (each place of a pivot that is its literal alone is one of that literal's, not
                    # tested: 1 MB of box-drawing bars, each a place, ~0.9 -> ~0.2 s)
                    hits = places
                    if not (both or before or after) and rest == ((ch, 0),):
                        hits = alone[ch] = []
                    p = low.find(ch, at)
                    while p >= 0:
                        hits.append(p)
                        p = low.find(ch, p + 1)
                break
            if low[at] in beyond:
                places.append(at)
            at = raw.find(b"?", at + 1)
    places.sort()
    n = len(low)
    for p in places:
        both, before, after, rest = tests[low[p]]
        prev = low[p - 1] if p else ""
        nxt = low[p + 1] if p + 1 < n else ""
        for lits in (both.get(prev + nxt), before.get(prev), after.get(nxt), rest):
            if lits:
                for lit, j in lits:
                    if p >= j and low.startswith(lit, p - j):
                        found[lit].append(p - j)
    for ch, hits in alone.items():  # (after the places read before them, one by one)
        found[ch] += hits


def _shared_passes(direct):
    """`direct` (see _direct) and, first, (None, (None, its regex, its literals, the pivot), ()) of each group of
    literals of one pivot found by no other (`key` and `token` at a `k`; `| default` and `|default`
    at a `|`) no two of which can stand at one place: one pass of the engine for them, each named
    by a capture group (a pass less, ~0.3 ms a MB; a literal found from the places of another,
    `pass` and `pw`, stands thousands of times in dense text, where the capture's Python costs
    more than the pass).  The groups are taken longest literal first: a longer one stands less
    (`| ` keeps its pass, ~4,400 places in a MB of git's `--stat` output)."""
    by_pivot = {}
    for item in direct:
        lit, (_rx, _bytes_rx, _start, j), extended = item
        if not extended:
            by_pivot.setdefault(lit[j], []).append(item)
    out = []
    for ch, items in by_pivot.items():
        groups = []
        for item in sorted(items, key=lambda item: (-len(item[0]), item[0])):
            group = next((group for group in groups if not any(
                _together(item[0], item[1][3], other[0], other[1][3]) for other in group)), None)
            if group is None:
                groups.append([item])
            else:
                group.append(item)
        for group in groups:
            if len(group) < 2:
                continue
            group.sort(key=items.index)
            alts = []
            for lit, (_rx, _bytes_rx, _start, j), _extended in group:
                alts.append(("(?<=" + re.escape(lit[:j + 1]) + ")" if j else "") + "(?=" + re.escape(lit[j + 1:]) + ")()")
            rx = re.compile((re.escape(ch) + "(?:" + "|".join(alts) + ")").encode("ascii"))
            out.append((None, (None, rx, tuple((lit, pivoted[3]) for lit, pivoted, _extended in group), ch), ()))
            direct = tuple(item for item in direct if item not in group)
    return (*out, *direct)


# A DIRECT literal's longer one (`pwd` of `pw`) is found by a scan of its own (~0.45 ms a MB) where
# the places it would be read at (a `startswith` each, ~0.1 us) are more than this many.
SCAN_FROM = 4_000


def _direct_places(low, raw, direct, found):
    """Into `found`, the places of each DIRECT literal (see _direct) and of those found from it;
    in the one-byte copy (a character beyond Latin-1 is a `?` there, never in these ASCII
    literals) the places are the same, the scan faster."""
    for lit, (_lit_rx, bytes_rx, start, j), extended in direct:
        if lit is None:  # (two literals of one pass: see _shared_passes)
            _shared_places(raw, bytes_rx, start, j, found)
            continue
        places = few_places(raw, lit[j].encode("ascii"))
        if places is None:
            scan = bytes_rx.finditer(raw)
            hits = [m.start() - start for m in scan] if start else [m.start() for m in scan]
        else:  # (no literal here overlaps itself: each place of it is one of the scan's)
            needle = lit.encode("ascii")
            hits = [p - j for p in places if p >= j and raw.startswith(needle, p - j)]
        found[lit] = hits
        for other, source, offset in extended:
            places = found[source]
            if len(places) > SCAN_FROM:  # (`pwd` in dense text: 1.6 -> 0.5 ms a MB)
                found[other] = [m.start() for m in _needle_rx(other.encode("ascii")).finditer(raw)]
            else:
                found[other] = [p - offset for p in places if p >= offset and low.startswith(other, p - offset)]


def _shared_places(raw, rx, lits, pivot, found):
    """Into `found`, the places of `lits` ((literal, index of `pivot` in it)), literals found by
    the one regex `rx` (see _shared_passes)."""
    places = few_places(raw, pivot.encode("ascii"))
    if places is not None:
        for lit, j in lits:
            needle = lit.encode("ascii")
            found[lit] = [p - j for p in places if p >= j and raw.startswith(needle, p - j)]
        return
    hits = [None] + [[] for _lit in lits]
    for m in rx.finditer(raw):
        hits[m.lastindex].append(m.start())
    for (lit, j), places in zip(lits, hits[1:]):
        found[lit] = [p - j for p in places] if j else places


_LAST_GIVEN = [None, None]  # (the literals of the last text, their _by_pivot)
BUILT = []  # the literals of each one pass built (each holds every ASCII literal: _literals_for)


# A literal's places that begin another word, left out for every finder: where the literal is
# followed by one of these endings and then by no letter.  `Author:` starts each commit of a git
# log; its `auth` was read by the label, name and random finders (~10 us a line; 0.94 of the CPU
# of a MB of this repository's `git log --stat`), and none takes a secret there.  Each finder
# that reads `insert` reads a statement, a blank after it: not `insertions(+)`.  (The one pass
# does not find most such places: _other_word_out.)
OTHER_WORDS = {"auth": ("or", "ors"), "insert": ("ion", "ions")}


def _goes_on_as_other_word(literal, part):
    """Whether `literal` goes on after `part` (of OTHER_WORDS, at its first place in it) with one
    of the endings whose places `part`'s list leaves out: not read from that list."""
    endings = OTHER_WORDS.get(part)
    return endings is not None and literal.startswith(endings, literal.index(part) + len(part))


def _ends_a_word(low, at, endings):
    """Whether one of `endings` at `at` in `low` ends a word there (no letter follows it)."""
    for ending in endings:
        if low.startswith(ending, at) and not low[at + len(ending):at + len(ending) + 1].isalpha():
            return True
    return False


class Anchors:
    """The start of every occurrence of each literal of `literals` in `low` (a lowercased text),
    and `present`: the literals of `literals` that stand in it (a rule none of whose literals is
    present is not looked at: most texts a hook cleans are short and hold none)."""

    __slots__ = ("low", "_found", "_given", "_inside", "_raw", "present", "memo", "_partial", "_other_words_out")

    def __init__(self, low: str, literals: tuple, raw: bytes = None) -> None:
        """`raw`: the one-byte copy of a text beyond ASCII (see below), when the caller has it."""
        self.low = low
        # what several finders derive from the places alike, kept with the text (not as "the
        # last text seen": a finder filters the pieces of a text while the text is being read)
        self.memo = {}
        if _LAST_GIVEN[0] is literals:
            given = _LAST_GIVEN[1]
        else:
            # (a key of a tuple of ~370 literals is hashed anew each time, ~2.3 us: a short
            # text's literals are the same tuple each time, told by `is`)
            given = CACHE.get(("given", literals))
            if given is None:
                given = CACHE[("given", literals)] = _by_pivot(literals)
            _LAST_GIVEN[:] = literals, given
        self._given, literals_at_pivot = given
        self._inside = {}
        self._raw = None
        self._partial = {}  # literal -> (its first places, where the scan stopped): see at_most
        self._other_words_out = set()  # the literals of OTHER_WORDS whose places were read (at)
        key = ("anchors", literals)
        plan = CACHE.get(key) if len(low) >= ONE_PASS_ONCE_BUILT else None
        if len(low) < (ONE_PASS_FROM if plan is None else ONE_PASS_ONCE_BUILT):
            self._found = {}  # each literal found when asked (at)
            # a literal stands only where its pivot does: most short texts hold few pivots
            self.present = frozenset([lit for ch in literals_at_pivot.keys() & set(low)
                                     for lit in literals_at_pivot[ch] if lit in low])
            return
        if plan is None:
            plan = CACHE[key] = _build(literals)
            BUILT.append(literals)
        rxs, by_pivot, alone, inside, direct, tries, wide, read_together = plan
        found = {lit: [] for lits in by_pivot.values() for lit, _j in lits}
        if not low.isascii():  # one byte a character: str.find is twice as fast as on wider text
            self._raw = low.encode("latin-1", "replace") if raw is None else raw
        raw = low.encode("ascii") if self._raw is None else self._raw
        _direct_places(low, raw, direct, found)
        if rxs:
            if self._raw is not None and low.__sizeof__() > 3 * len(low):
                _pivot_places(low, raw, _in_one_byte(key, rxs), _pivot_tests(key, by_pivot), found, raw)
            else:
                _pivot_places(low, raw, rxs, _pivot_tests(key, by_pivot), found, low)
        if self._raw is not None and (wide[0] or wide[1]):  # (an ASCII text holds no such pivot)
            _wide_places(low, self._raw, wide, _pivot_tests(key, by_pivot), found)
        present = {lit for lit, hits in found.items() if hits}
        self._found = found
        # Literals of common characters only: whether they stand now, where when asked (`use`
        # stands thousands of times in prose, and its places matter only beside `net`).
        present.update(lit for lit in alone if self.count(lit, first=True))
        if tries:
            for rx, items in tries:
                # the places of each literal of the group, kept: a finder asks for most of the
                # ones that stand (`auth`, `seed`, `heslo`), each another pass over the text
                by_group = [[] for _item in items]
                for m in rx.finditer(raw):
                    by_group[m.lastindex - 1].append(m.start())
                for (lit, k), hits in zip(items, by_group):
                    found[lit] = [p - k for p in hits] if k else hits
                    # (a literal of OTHER_WORDS stands where it only begins another word too)
                    if hits or lit in OTHER_WORDS and lit.encode("ascii") in raw:
                        present.add(lit)
        stands = {}  # (whether each literal read by one of _read_together's passes stands)
        for lit, part, offset in inside:
            if part not in present:
                continue
            places = found.get(part)  # `secret set` read at the places of `secret`, when they are kept
            if places is not None:
                if any(p >= offset and low.startswith(lit, p - offset) for p in places):
                    present.add(lit)
            elif lit in read_together:
                if lit not in stands:
                    stands.update(_standing(*read_together[lit], raw))
                if stands[lit]:
                    present.add(lit)
            elif self.count(lit, first=True):
                present.add(lit)
        self._inside = {lit: (part, offset) for lit, part, offset in inside}
        self.present = frozenset(present)

    @property
    def raw(self):
        """The one-byte copy of a long text beyond ASCII (Latin-1, a `?` for each character beyond
        it), or None."""
        return self._raw

    def at(self, literal: str) -> list:
        """Where `literal` starts, in order (one not given is looked for now, and kept), less the
        places where it begins another word (OTHER_WORDS)."""
        if literal in OTHER_WORDS and literal not in self._other_words_out:
            hits = self._at(literal)
            self._other_words_out.add(literal)
            low, n, endings = self.low, len(literal), OTHER_WORDS[literal]
            hits[:] = [p for p in hits if not (low.startswith(endings, p + n) and _ends_a_word(low, p + n, endings))]
            return hits
        return self._at(literal)

    def _at(self, literal: str) -> list:
        hits = self._found.get(literal)
        if hits is None:
            if literal in self._given and literal not in self.present:
                return []
            low = self.low
            if len(low) < ONE_PASS_FROM and self._raw is None:  # (a hook's short text: a find loop)
                hits = self._found[literal] = few_places(low, literal, None)
                return hits
            inside = self._part_found(literal)
            if inside is not None:  # `user` where `use` is, `echo ` where `echo`
                part, offset = inside
                hits = [p - offset for p in self._found[part] if p >= offset and low.startswith(literal, p - offset)]
                self._partial.pop(literal, None)
            else:
                hits, at = self._partial.pop(literal, ([], 0))
                self._scan(literal, hits, at, None)
            self._found[literal] = hits
        return hits

    def _part_found(self, literal):
        """(a literal whose places are all listed and that stands inside `literal`, its offset
        there), or None: `literal`'s places are read from that one's (a few `startswith`), not
        found by a pass over the text (~0.5-1 ms a MB each)."""
        inside = self._inside.get(literal)
        if inside is not None and inside[0] in self._found:
            return inside
        if len(self.low) < ONE_PASS_FROM:
            return None  # (a short text: a pass costs less than the looking)
        best = None
        for part, places in self._found.items():
            if len(part) < len(literal) and part in literal and (best is None or len(places) < len(self._found[best])) \
                    and not _goes_on_as_other_word(literal, part):
                best = part
        if best is None or len(self._found[best]) > DERIVE_AT_MOST:
            return None
        return best, literal.index(best)

    def _scan(self, literal, hits, at, limit):
        """Append to `hits` the places of `literal` from `at` on, in order; with `limit`, stop
        when `hits` holds that many and another stands, and return the other's place (else -1).
        In the one-byte copy a literal holding `?` is checked in the text at each place (a
        character beyond Latin-1 is a `?` there); a literal the engine lists faster (see
        _by_engine) by a regular expression of its own."""
        text, needle = self._searched(literal)
        check = self.low if text is self._raw and "?" in literal else None
        if len(text) >= ONE_PASS_FROM and _by_engine(literal):  # (a hook's short text compiles nothing)
            for m in _needle_rx(needle).finditer(text, at):
                p = m.start()
                if check is not None and not check.startswith(literal, p):
                    continue
                if limit is not None and len(hits) == limit:
                    return p
                hits.append(p)
            return -1
        p = text.find(needle, at)
        while p >= 0:
            if check is None or check.startswith(literal, p):
                if limit is not None and len(hits) == limit:
                    return p
                hits.append(p)
            p = text.find(needle, p + 1)
        return -1

    def at_most(self, literal: str, limit: int):
        """`at(literal)` when `count(literal) <= limit`, else None: a literal looked for now is
        listed up to its `limit + 1`th place only (`at` goes on from there), not counted in one
        pass and listed in another."""
        if literal in self._found or (literal in self._given and literal not in self.present) or \
                self._part_found(literal) is not None:
            hits = self.at(literal)
            return hits if self.count(literal) <= limit else None
        if any(literal[:k] == literal[-k:] for k in range(1, len(literal))):
            return self.at(literal) if self.count(literal) <= limit else None
        hits = []
        at = self._scan(literal, hits, 0, limit)
        if at >= 0:  # one place more than `limit`: not listed now
            self._partial[literal] = (hits, at)
            return None
        self._found[literal] = hits
        return hits

    def count(self, literal: str, first: bool = False) -> int:
        """How many times at least `literal` stands (overlapping places may count once), without
        listing them; with `first`, 1 when it stands at all."""
        hits = self._found.get(literal)
        if hits is not None:
            if first or not any(literal[:k] == literal[-k:] for k in range(1, len(literal))):
                return len(hits)
            count, end = 0, 0  # `sess` twice in `sessess`: counted once, as str.count counts
            for at in hits:
                if at >= end:
                    count, end = count + 1, at + len(literal)
            return count
        if not first and literal in self._given and literal not in self.present:
            return 0
        # (a `?` in the one-byte copy may stand for another character: such a literal is counted
        # in the text)
        text, needle = (self.low, literal) if "?" in literal else self._searched(literal)
        return int(needle in text) if first else text.count(needle)

    def _searched(self, literal):
        """(the text, the needle) to look for `literal` in: the one-byte copy when there is one
        and `literal` is ASCII (a character beyond Latin-1 is a ``?`` there: a literal holding
        one is checked in the text, see _scan)."""
        if self._raw is not None and literal.isascii():
            return self._raw, literal.encode("ascii")
        return self.low, literal

    def any(self, literals) -> bool:
        """Whether one of `literals` stands in the text."""
        return any(self.at(lit) for lit in literals)


# A literal is derived from the places of one inside it (Anchors._part_found) when that one
# stands this many times at most: a `startswith` at each (~0.1 us) against a pass (~0.5-1 ms a MB).
DERIVE_AT_MOST = 4_000
# The characters that stand most in text: a needle that starts with one is found by `find`
# (which checks its last character first, and skips by its length), another by the engine.
_MOST_COMMON = frozenset(RARITY[RARITY.index("a"):])


def _by_engine(literal):
    """Whether a regular expression of `literal` lists its places faster than `find` does: the
    engine skips to its first character (~0.3 ms a MB where that is rare, `||`, `??`) and reads
    the rest there; `find` checks the last character first and skips by the needle's length, the
    better for a long one or one whose first character stands everywhere (measured on 1 MB of
    command output: `use` 0.5 against 1.1 ms, `insert` 0.7 against 0.9, `echo` 1.0 against 0.6,
    ` as ` 1.4 against 1.0, `identified` 0.6 against 0.4)."""
    first = literal[0]
    return RARITY.find(first) < COMMON or (len(literal) <= 6 and first not in _MOST_COMMON)


def _needle_rx(needle):
    """The pattern of `needle` (str or bytes) for _by_engine: the needle itself (the engine reads
    a literal prefix as one), or its first character and a look-ahead when it can overlap itself
    (`||` in `|||` stands twice)."""
    key = "needle " + repr(needle)
    rx = CACHE.get(key)
    if rx is None:
        if any(needle[:k] == needle[-k:] for k in range(1, len(needle))):
            pattern = re.escape(needle[:1]) + (b"(?=" if isinstance(needle, bytes) else "(?=") + re.escape(needle[1:]) \
                + (b")" if isinstance(needle, bytes) else ")")
        else:
            pattern = re.escape(needle)
        rx = CACHE[key] = re.compile(pattern)
    return rx


# Characters of a token, a random value or base64 (rules.TOKEN_RUN and ENTROPY_RUN use
# subsets of them): a provider's token or a random value lies inside a run of them.
RUN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-.~$=")
RUN_MIN = 16
_RUN_TABLE = bytes(0x61 if chr(b) in RUN_CHARS else 0x20 for b in range(256))


def long_runs(text: str, raw: bytes = None) -> list:
    """(start, end) of every run of RUN_CHARS at least RUN_MIN long, in order.

    Found without the regex engine (which costs ~20 ms a MB at every position): the text as one
    byte a character (Latin-1, any other character a ``?``: run characters are all ASCII), each
    byte translated to ``a`` (a run character) or not, ``bytes.find`` for RUN_MIN run
    characters in a row and for the next byte that is not one (the run's end): ~2-6 ms a MB,
    non-ASCII text too.  `raw`: that copy, when the caller has it (or that of the lowercased
    text: its run characters stand where the text's do, but where the Kelvin sign is lowered to
    `k`, the one character beyond ASCII lowered to one in it)."""
    if raw is None:
        raw = text.encode("ascii") if text.isascii() else text.encode("latin-1", "replace")
    marks = raw.translate(_RUN_TABLE)
    needle = b"a" * RUN_MIN
    size = len(marks)
    runs = []
    pos = marks.find(needle)
    while pos >= 0:
        end = marks.find(b" ", pos + RUN_MIN)  # the run's end: the next byte of no run character
        if end < 0:
            end = size
        runs.append((pos, end))
        pos = marks.find(needle, end)
    return runs
