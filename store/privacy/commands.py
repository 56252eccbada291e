"""The POSITION rule: the argument a command-line tool takes a password in (rules.COMMAND_LINE),
user:password@host without a scheme, and an e-mail address as a login then `:` and its password
(a mail relay's credential table), for store/privacy.py.
"""
from __future__ import annotations

from store.privacy.evidence import ASSIGN, decide
from store.privacy.names import name_verdict
from store.privacy.never_real import names_an_algorithm
from store.privacy.rules import (
    COMMAND_LINE,
    MEDIUM,
)
from store.privacy.values import (
    CACHE,
    GRAMMAR_WORDS,
    P_COMMAND,
    PROSE_GAP,
    VALUE_MEMOS,
    a_sentence,
    add_span,
    compiled,
    is_reference,
    remember,
)


def _command_index():
    """COMMAND_LINE as (flag -> entries, trigger word -> entries), built on first use."""
    index = CACHE.get("commands")
    if index is None:
        flags, words = {}, {}
        for tools, sub, forms in COMMAND_LINE:
            tools = tuple(t.lower() for t in tools)
            for form in forms.split():
                if form[0] == "=":  # the word after a literal word: found by that word
                    trigger = form[1:].rstrip("0123456789").rstrip("*")
                    words.setdefault(trigger, []).append((tools, sub, form))
                elif form[0] == "#":  # a positional argument: found by the subcommand or tool
                    for trigger in (sub,) if sub else tools:
                        words.setdefault(trigger, []).append((tools, sub, form))
                else:
                    flag = form.rstrip("+_:%,~")
                    if form.endswith(":") and flag.startswith("/"):
                        flag, style = flag + ":", ":w"
                    else:
                        style = form[len(flag):] or "="
                    # a Unix flag's case is its meaning (`-p` a password, `-P` a port; snmpget's
                    # `-a SHA` names the hash, `-A` takes the pass phrase): matched as written
                    cased = flag if flag[0] == "-" and flag.lower() != flag.upper() else None
                    flags.setdefault(flag.lower(), []).append((tools, sub, style, cased))
        index = CACHE["commands"] = (flags, words)
    return index


# What ends a command (a line, a pipe stage, a list's, a substitution's start): the last one
# before a place (one match: `.*` runs to the place and steps back to it), the first after.
_LAST_STOP = r"(?s:.*)(?:[\n|;&`]|(\$\())"
_FIRST_STOP = r"[\n|;&`]|\$\(|[ \t][0-9&]?>"  # (a redirection ends the arguments: `X 2>&1`)


def _segment(low, at):
    """Start and end of the command that holds position `at` (a line, a pipe stage)."""
    start, opened = _segment_start(low, at)
    return start, _segment_end(low, at, opened)


def _segment_start(low, at):
    """Where the command that holds position `at` starts, and whether a substitution opens it
    (its end is its `)`: _segment_end): both read in the 400 characters before `at` alone."""
    start = at - 400 if at > 400 else 0
    m = compiled("segment-start", _LAST_STOP).match(low, start, at)
    if m is None:
        return start, False
    return m.end(), m.lastindex == 1


def _segment_end(low, at, opened):
    """Where the command that holds position `at` ends (_segment)."""
    end = at + 400
    m = compiled("segment-end", _FIRST_STOP).search(low, at, end)
    if m is not None:
        end = m.start()
    elif end > len(low):
        end = len(low)
    if opened:  # `usermod -p $(openssl passwd -6 X) ana`: the substitution ends at its `)`
        i = low.find(")", at, end)
        if i >= 0:
            end = i
    return end


def _tool_at(low, start, at, tools):
    """Where the last of `tools` stands as a command word in low[start:at], or -1."""
    best = -1
    for tool in tools:
        i = low.rfind(tool, start, at)
        while i > best:
            before = low[i - 1] if i else " "
            after = low[i + len(tool):i + len(tool) + 1]
            if not (before.isalnum() or before in "_-.") and after in ("", " ", "\t", "\"", "'", "."):
                best = i
                break
            i = low.rfind(tool, start, i)
    return best


def _whole_word(entries):
    """Whether every form of a trigger needs the trigger as a whole word (the subcommand, the
    tool or the literal word itself), not as the start of one (`=http-basic.*`): then `users`
    and `because` are not looked at."""
    return all(not form.startswith("=") or "*" not in form for _tools, _sub, form in entries)


def _trigger_places(low, anchors, trigger, entries, unknown, standing):
    """The places of `trigger` (as a word) where a tool of its `entries` may stand before it on
    its command line, or None where none can (`unknown`: its tools not looked for yet)."""
    end, whole = len(trigger), _whole_word(entries)
    tools = {tool for tools, _sub, _form in entries for tool in tools}
    if not unknown and len(tools) <= FEW_TOOLS_FIRST and sum(len(standing[tool]) for tool in tools) <= FEW_STANDING:
        # (its tools' places known already, for another trigger: `user` after `use`, not listed)
        return _word_places(low, _near_standing(low, anchors, trigger, tools, standing), end, whole)
    places = anchors.at_most(trigger, max(MANY_PLACES, len(unknown) * PLACES_A_TOOL))  # None: many
    if places is not None:  # where the word itself stands (`Author` holds `auth`, not the word)
        places = _word_places(low, places, end, whole)
    # (a skip that changes no answer: where none of its tools stands as a command, no place of
    # the trigger has one before it)
    if (places is None or len(places) > MANY_PLACES) and not any(_stands_anywhere(low, anchors, tool, standing)
                                                        for tools, _sub, _form in entries for tool in tools):
        return None  # prose says "user" thousands of times, and never `net`
    if (places is None or len(places) > MANY_PLACES) and len(tools) <= FEW_TOOLS_FIRST:
        # (`net` stands as a command a few times where `use` stands thousands: only the places a
        # standing tool's segment can reach are looked at)
        return _word_places(low, _near_standing(low, anchors, trigger, tools, standing), end, whole)
    if places is None:
        places = _word_places(low, anchors.at(trigger), end, whole)
    return places


def _stands_anywhere(low, anchors, tool, standing):
    """The places where `tool` stands as a command word (as _tool_at takes it), kept in
    `standing`: none (false) where it does not stand anywhere in the text."""
    got = standing.get(tool)
    if got is None:
        n = len(tool)
        got = standing[tool] = [
            i for i in anchors.at(tool)
            if not (low[i - 1:i].isalnum() or low[i - 1:i] in ("_", "-", "."))
            and low[i + n:i + n + 1] in ("", " ", "\t", "\"", "'", ".")]  # fmt: skip
    return got


# Up to this many tools, a trigger that stands many times is looked at only near the places its
# tools stand as commands (_near_standing): their places are listed once, not only looked for.
FEW_TOOLS_FIRST = 2
# ... and a trigger whose tools' places are known already (another trigger asked), when they
# stand this many times at most.
FEW_STANDING = 100


def _near_standing(low, anchors, trigger, tools, standing):
    """The places of `trigger` where one of `tools` may stand in the segment before its end: a
    place where the tool stands as a command (_stands_anywhere) on the same line, 400 characters
    before at most (_segment never starts further back nor on a line above), and not ending past
    the trigger (_tool_at)."""
    n = len(trigger)
    near = set()
    for tool in tools:
        for s in _stands_anywhere(low, anchors, tool, standing):
            line_end = low.find("\n", s)
            hi = min(s + 400 + n, len(low) if line_end < 0 else line_end)
            at = low.find(trigger, max(0, s + len(tool) - n), hi)
            while at >= 0:
                near.add(at)
                at = low.find(trigger, at + 1, hi)
    return sorted(near)


FEW_TOOLS = 8  # up to this many tools, each is looked for near a flag (_tool_near); beyond, _tool_words
_TOOL_WORD = r"[a-z0-9_-]+"  # every tool of COMMAND_LINE is one such run (test_privacy_commands)


def _tool_words(low, at):
    """The runs of tool characters on a flag's line before it (`at`), in its 400 characters
    before at most.  A tool that stands as a command word in its segment (as _tool_at takes it)
    is one of them (the segment never crosses a line nor reaches further), so a tool not among
    them is not looked for, and a flag with none of its tools there is skipped."""
    floor = at - 400 if at > 400 else 0
    start = low.rfind("\n", floor, at) + 1 or floor
    return compiled("tool-word", _TOOL_WORD).findall(low, start, at)


_TOOL_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_-")  # (_TOOL_WORD's)


class _LongLineTools:
    """The tools of COMMAND_LINE among _tool_words(low, at), for flags on a long line asked of in
    order: the window's words kept and moved on, each part of the line read once (a line of
    333,000 `-p` read 400 characters back at each: ~5 s a MB)."""

    __slots__ = ("low", "tools", "runs", "head", "counts", "scanned")

    def __init__(self, low, tools):
        self.low, self.tools = low, tools
        self.runs, self.head, self.counts, self.scanned = [], 0, {}, -1

    def words(self, at):
        """A tool -> how often it stands among the words before `at` (as _tool_words reads them)."""
        low, counts = self.low, self.counts
        floor = at - 400 if at > 400 else 0
        start = low.rfind("\n", floor, at) + 1 or floor
        if start > self.scanned or at < self.scanned:  # (a window apart from the last: read alone)
            self.runs, self.head, self.scanned = [], 0, start
            counts.clear()
        runs, tools = self.runs, self.tools
        # (the words from the last flag on: the character before a flag is a blank or `=`, no word's)
        for m in compiled("tool-word", _TOOL_WORD).finditer(low, self.scanned, at):
            word = m.group()
            if word in tools:
                runs.append((m.start(), word))
                counts[word] = counts.get(word, 0) + 1
        self.scanned = at
        head = self.head
        while head < len(runs) and runs[head][0] < start:
            word = runs[head][1]
            if counts[word] == 1:
                del counts[word]
            else:
                counts[word] -= 1
            head += 1
        if head > 64 and 2 * head > len(runs):
            del runs[:head]
            head = 0
        self.head = head
        if start == floor and start and low[start - 1] in _TOOL_CHARS and low[start] in _TOOL_CHARS:
            word = compiled("tool-word", _TOOL_WORD).match(low, start, at).group()  # a word cut by the window
            if word in tools and word not in counts:
                return {**counts, word: 1}
        return counts


def _tool_near(low, at, end, tool_lists):
    """Whether any tool of `tool_lists` stands on the line before `end`, in its 400 characters
    before `at` at most: the segment _tool_at looks in is never longer and never crosses a line,
    so a flag or a trigger with none of its tools there is skipped without finding its segment
    (prose says "use" and "user" thousands of times in 1 MB).  (From the line's start: a text of
    short lines, dense with commands, had each tool looked for over the lines above too.)"""
    start = low.rfind("\n", at - 400 if at > 400 else 0, at) + 1 or (at - 400 if at > 400 else 0)
    for tools in tool_lists:
        for tool in tools:
            if low.find(tool, start, end) >= 0:
                return True
    return False


def _words(text, start, end):
    """(word, start, end) of a command's words; quotes kept out of the span."""
    return [(m[k], m.start(k), m.end(k))
            for m in compiled("cmdwords", r"\"([^\"\n]*)\"|'([^'\n]*)'|([^\s\"']*\w[^\s\"']*)").finditer(text, start, end)
            for k in (m.lastindex,)]  # fmt: skip


_LEADS = (" -", "\t-", " /", "=-")
# A trigger word standing more often than this is skipped when none of its tools stands as a
# command anywhere: looking for a tool costs a pass over the whole text (~1 ms a MB), looking
# near one place of the word ~1 us a tool.
MANY_PLACES = 1000
# A trigger is listed (and its words counted against MANY_PLACES) when it stands MANY_PLACES
# times at most, or this many times a tool not yet looked for (listing and testing as many places
# costs about what a tool's pass does): `auth` stands ~1,300 times a MB of `git log` (`Author:`),
# as a word ~50, and has 7 tools.
PLACES_A_TOOL = 1000
_FLAG_START = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
_FLAG_LONG_STARTS = frozenset("--" + ch for ch in _FLAG_START)


def command_literals():
    """The literals command_lines looks for (found for it by store/privacy/anchors.py)."""
    return _LEADS + tuple(_command_index()[1]) + _WRITERS


def command_lines(text, low, anchors, found):
    """POSITION: the argument a command-line tool takes a password in (COMMAND_LINE)."""
    flags, triggers = _command_index()
    present = anchors.present
    _flags(text, low, anchors, found, flags)
    standing = {}
    by_line = {}  # (a trigger, its line, its lowercased copy, its place in it) -> the spans there, from the line's start
    for trigger in present:
        entries = triggers.get(trigger)
        if entries is None:
            continue
        unknown = {tool for tools, _sub, _form in entries for tool in tools if tool not in standing}
        if not unknown and not any(standing[tool] for tools, _sub, _form in entries for tool in tools):
            continue  # (the skip below, its tools looked for already for another trigger: `use` after `user`)
        places = _trigger_places(low, anchors, trigger, entries, unknown, standing)
        if places is None:
            continue
        for at in places:
            if not _tool_near(low, at, at + len(trigger), (e[0] for e in entries)):
                continue
            # (read on its line alone, as a flag is: a short line met again is not read again)
            start, end = _short_line(text, at)
            if start < 0:
                spans = _positional_spans(text, low, at, trigger, entries)
            else:
                key = (trigger, text[start:end], low[start:end], at - start)
                spans = by_line.get(key)
                if spans is None:
                    spans = by_line[key] = [(s - start, e - start)
                                            for s, e in _positional_spans(text, low, at, trigger, entries)]
                spans = [(start + s, start + e) for s, e in spans]
            for s, e in spans:
                add_span(found, text, s, e, P_COMMAND, "password")


# A line this long at most each side of a flag or a trigger is read once a text (command_lines,
# _flags): a longer one (a line of JSON in pip's output) is not copied nor looked along for its
# ends at each.
SHORT_LINE = 400


def _short_line(text, at):
    """(start, end) of the line that holds `at`, its line break included, or (-1, -1) where it
    reaches further than SHORT_LINE characters either side."""
    lo = at - SHORT_LINE if at > SHORT_LINE else 0
    start = text.rfind("\n", lo, at) + 1
    if not start and lo:
        return -1, -1
    end = text.find("\n", at, at + SHORT_LINE) + 1
    if not end:
        if at + SHORT_LINE < len(text):
            return -1, -1
        end = len(text)
    return start, end


def _positional_spans(text, low, at, trigger, entries):
    """The spans of the passwords the `entries` of `trigger` (at `at`) take by position."""
    spans = []
    seg_start, seg_end = _segment(low, at)
    for tools, sub, form in entries:
        tool = _tool_at(low, seg_start, at + len(trigger), tools)
        if tool < 0:
            continue
        span = _not_prose(text, _positional(text, low, tool, seg_end, sub, form))
        if span is not None and not is_reference(text[span[0]:span[1]]):
            spans.append(span)
    return spans


def _flags(text, low, anchors, found, flags):
    """The password after a flag that takes one (command_lines)."""
    by_token = {}  # a flag as written -> the entries it may be (`-p` stands thousands of times)
    by_line = {}  # (its line, its lowercased copy, the flag's place in it) -> the span there, from the line's start
    by_head = {}  # (its line up to the flag's end, its lowercased copy, the flag's place in it) -> _flag_tools
    twos, threes, cluster = _flag_starts(flags)
    heads = {}  # a flag's first five characters -> whether it may take a password (thousands of `-p`)
    line_start = line_end = 0
    line = None
    long_line = None  # _LongLineTools, made for the first flag of a long line
    for lead in _LEADS:
        if lead not in anchors.present:
            continue
        for pos in anchors.at(lead):
            at = pos + 1
            head = low[at:at + 5]
            may = heads.get(head)
            if may is None:
                # `a - b`, `- [ ]`: no flag (what the regex below would say, without compiling it);
                # `-q`, `--release`: no flag that takes a password starts so (_flag_starts)
                may = heads[head] = (head[1:2] in _FLAG_START or head[:3] in _FLAG_LONG_STARTS) and (
                    head[:2] in twos or head[:3] in threes or (head[1:2] != "-" and not cluster.isdisjoint(head[1:5])))
            if not may:
                continue
            # what a flag carries is read on its line alone (its segment, its tool, its value
            # never cross a line break): a short line met again gives the same span, not read
            # again (the dense MB's 4,654 lines of flags are 178 different: _flags ~23 -> ~8 ms)
            if at >= line_end or at < line_start:  # (the line's copies, made once for its flags)
                line_start, line_end = _short_line(text, at)
                line = (text[line_start:line_end], low[line_start:line_end]) if line_start >= 0 else None
            if line is None:
                if long_line is None:
                    long_line = _LongLineTools(low, _flag_tool_set(flags))
                span = _flag_at(text, low, at, flags, by_token, None, 0, long_line)
            else:
                key = (line, at - line_start)
                span = by_line.get(key, ())
                if span == ():
                    span = _flag_at(text, low, at, flags, by_token, by_head, line_start)
                    by_line[key] = None if span is None else (span[0] - line_start, span[1] - line_start)
                elif span is not None:
                    span = (line_start + span[0], line_start + span[1])
            if span is not None:
                add_span(found, text, span[0], span[1], P_COMMAND, "password")


def _flag_at(text, low, at, flags, by_token, by_head, line_start, long_line=None):
    """The span of the password after the flag at `at`, or None (_flags; `by_head`: what
    _flag_tools found on a line that starts at `line_start` and holds the flag, or None;
    `long_line`: the flag's line is long, its _LongLineTools)."""
    fm = compiled("flag", r"(?:--?|/)[a-z0-9][\w.-]*:?").match(low, at)
    if fm is None:
        return None
    end = fm.end()
    if by_head is None:
        got = _flag_tools(text, low, at, fm, flags, by_token, long_line)
    else:
        # which forms' tools stand before a flag is read up to the flag's end (its segment's
        # start, its tool never cross a line break): a command met again with another value is
        # not looked along again, its value alone is read (dense_u's 8,165 flags, on as many
        # lines, stand after 1,814 different heads: _flags ~40 -> ~31 ms)
        key = (text[line_start:end], low[line_start:end], at - line_start)
        got = by_head.get(key)
        if got is None:
            got = by_head[key] = _flag_tools(text, low, at, fm, flags, by_token)
    return _flag_password(text, low, at, end, got) if got else None


def _flag_tools(text, low, at, fm, flags, by_token, long_line=None):
    """(whether a substitution opens the flag's command, its forms (flag, style) whose tool stands
    before it on its command line, in order) for the flag at `at` (`fm`: its match), or () where
    none (_flags; `by_token`: a flag as written -> its entries, kept for the text).  All read
    before the flag's end."""
    written = text[at:fm.end()]
    got = by_token.get(written)
    if got is None:
        token = fm.group()
        key = _entries_key(token, written, flags)
        got = _FLAG_ENTRIES.get(key)
        if got is None:
            got = remember(_FLAG_ENTRIES, key, _flag_entries(token, written, flags))
        by_token[written] = got
    entries, by_tool = got
    if not entries:
        return ()
    if len(by_tool) <= FEW_TOOLS:
        return _standing_forms(low, at, entries, None) if _tool_near(low, at, at, (by_tool,)) else ()
    # `-p`: ~90 tools take a password after it; the words of its line are fewer, and
    # only the entries of the tools among them are tried, in their order
    words = set(_tool_words(low, at)) if long_line is None else long_line.words(at)
    if by_tool.keys().isdisjoint(words):
        return ()
    chosen = sorted({i for tool in words if tool in by_tool for i in by_tool[tool]})
    return _standing_forms(low, at, [entries[i] for i in chosen], words)


def _word_places(low, places, end, whole):
    """The `places` of a trigger (`end` characters long) where a word starts, and (`whole`) ends
    with it (`users`, `because`, `Author`: not the word itself)."""
    # (an ASCII character by a set, one past ASCII by isalnum: thousands of places a MB of prose)
    before, after = _WORD_BEFORE, _WORD_AFTER
    places = [at for at in places if not at or ((c := low[at - 1]) not in before and (c < "\x80" or not c.isalnum()))]
    if not whole:
        return places
    n = len(low)
    return [at for at in places
            if at + end >= n or ((c := low[at + end]) not in after and (c < "\x80" or not c.isalnum()))]  # fmt: skip


_WORD_AFTER = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_WORD_BEFORE = _WORD_AFTER | {"-"}


def _as_written(written, token, flag, cased):
    """The flag `written` (`token`: its lowercased text) is `cased` in the case the table writes
    it (`flag`: the key it was found by; a letter inside a cluster, `htpasswd -nb`, is looked for
    in the cluster)."""
    if token.startswith(flag):
        return written.startswith(cased)
    return cased[1:] in written[1:len(token)]


def _standing_forms(low, at, entries, words):
    """(whether a substitution opens the command, the (flag, style) of each of `entries` whose
    tool stands before the flag at `at` on its command line), or () where none does; `words`:
    the line's words, or None when the flag's tools are few (then each is looked for)."""
    seg_start, opened = _segment_start(low, at)
    forms = []
    for flag, (tools, sub, style, _cased) in entries:
        if words is not None:  # only the tools among the line's words can stand there
            tools = [t for t in tools if t in words]
        tool = _tool_at(low, seg_start, at, tools)
        if tool >= 0 and (not sub or low.find(" " + sub, tool, at) >= 0):
            forms.append((flag, style))
    return (opened, forms) if forms else ()


def _flag_password(text, low, at, end, got):
    """The span of the password after the flag at `at` (its text ends at `end`), of the first of
    its forms whose tool stands before it (`got`: _flag_tools), or None."""
    opened, forms = got
    seg_end = _segment_end(low, at, opened)
    for flag, style in forms:
        span = _not_prose(text, _flag_value(text, low, at, end, flag, style, seg_end))
        if span is not None and not is_reference(text[span[0]:span[1]]):
            return span
    return None


_CLOSING = frozenset(",;:.)")  # the last character of a value the pattern below finds an end of


def _not_prose(text, span):
    """`span`, a value by position, less the marks that close an aside of prose after it (`-p X),`,
    `snmpwalk -c public)`: a `)`, `,` or `;` then a blank), or None where it is prose itself: a word
    of a sentence's grammar (`knife's -P in the table`) or a sentence quoted (an apostrophe's `'s
    plaintext joins the table ... '`)."""
    if span is None:
        return None
    s, e = span
    value = text[s:e]
    if value.lower() in GRAMMAR_WORDS or (value.count(" ") >= 2 and a_sentence(value)):
        return None
    if value[-1:] in _CLOSING and text[e:e + 1] in PROSE_GAP:
        m = compiled("prose-close", r"(?:[,;]|\)+[.,;:]?|:)\Z").search(value)
        if m is not None and (value[m.start():m.start() + 1] != ")" or "(" not in value):
            e = s + m.start()
    return (s, e) if e > s else None


def _flag_tool_set(flags):
    """Every tool a flag of `flags` is taken after (_LongLineTools keeps those words alone)."""
    got = CACHE.get("command flag tools")
    if got is None:
        got = CACHE["command flag tools"] = frozenset(t for entries in flags.values() for e in entries for t in e[0])
    return got


def _flag_starts(flags):
    """How a flag that may take a password starts: (its flags of two characters, the first three
    characters of the longer ones, the letters a cluster takes a password after: htpasswd -nb).
    A flag's text starts with one of the first two, or is a cluster holding one of the letters
    within its first four characters after the `-` (_flag_entries)."""
    got = CACHE.get("command flag starts")
    if got is None:
        got = CACHE["command flag starts"] = (
            frozenset(k for k in flags if len(k) <= 2), frozenset(k[:3] for k in flags if len(k) >= 3),
            frozenset(k[1:] for k in flags if len(k) == 2 and any(e[2] == "~" for e in flags[k])))
    return got


# What a flag may be (_flag_entries), by what it depends on (_entries_key), kept across the texts
# of one call (values.VALUE_MEMOS): the dense MB's ~320 texts (its continued lines read whole)
# each listed `-p`'s 13 entries and 71 tools again (command_lines ~60 -> ~45 ms there), and its
# `-pVALUE`s each for their fresh value.
_FLAG_ENTRIES: dict = {}
VALUE_MEMOS.append(_FLAG_ENTRIES)


def _entries_key(token, written, flags):
    """What _flag_entries(token, written, flags) depends on: a short flag of one `-` (a cluster
    may hold a letter that takes a password) as written; a longer one, the keys of `flags` it
    starts with, each as written (the case a form is written in is compared there alone)."""
    if token[1:2] != "-" and len(token) <= 5:
        return written
    whole = token if token.startswith("/") else token.rstrip(":")
    return tuple([(key, written[:len(key)]) for key in dict.fromkeys((whole, token[:3], token[:2])) if key in flags])


def _flag_entries(token, written, flags):
    """(flag, entry) of each COMMAND_LINE form a flag `written` so (`token`: lowercased) may be,
    in the case the form is written in, and the places among them of each tool they name."""
    entries = []
    whole = token if token.startswith("/") else token.rstrip(":")
    for key in dict.fromkeys((whole, token[:3], token[:2])):  # the longest first, in one order (a set's varied by hash seed)
        entries += [(key, e) for e in flags.get(key, ())]
    if token[1:2] != "-" and len(token) <= 5:
        for ch in token[1:]:  # htpasswd -nb: the letter b inside a cluster
            entries += [("-" + ch, e) for e in flags.get("-" + ch, ()) if e[2] == "~"]
    entries = [(key, e) for key, e in entries if e[3] is None or _as_written(written, token, key, e[3])]
    by_tool = {}
    for i, (_key, e) in enumerate(entries):
        for tool in e[0]:
            by_tool.setdefault(tool, []).append(i)
    return entries, by_tool


def _flag_value(text, low, at, end, flag, style, seg_end):
    """The span of the value a flag at `at` (its text ends at `end`) carries, per `style`."""
    if end < seg_end and low[end] != " " and low[end] != "\t":
        token_end = compiled("flag-token-rest", r"[^\s\"']*").match(low, end, seg_end).end()
    else:
        token_end = end  # (a space after the flag, most: nothing of its token goes on, without the pattern)
    attached_start = at + len(flag)
    if style == ":w":  # Windows /p:VALUE
        return (attached_start, token_end) if token_end > attached_start else None
    if style == "~":  # htpasswd -b FILE USER PASSWORD: the command's last word
        words = _words(text, token_end, seg_end)
        if len(words) < 2:
            return None
        return words[-1][1], words[-1][2]
    if style in ("=", "+") and token_end == attached_start and low[attached_start:attached_start + 1] in ("'", '"'):
        close = text.find(text[attached_start], attached_start + 1, seg_end)  # -p'X', -p"X": quoted, attached
        return (attached_start + 1, close) if close > attached_start + 1 else None
    attached = token_end > attached_start
    if attached and low[attached_start] == "=":
        attached_start += 1
    if style == "+":
        return (attached_start, token_end) if token_end > attached_start else None
    if attached and style in (":", "%", ","):
        s, e = attached_start, token_end
    elif attached and style == "=":
        return attached_start, token_end  # -pVALUE
    elif attached:
        return None  # -password-file: another flag
    else:
        nxt = compiled("nextword", r"[ \t]+(?:\"([^\"\n]*)\"|'([^'\n]*)'|([^\s\"']+))").match(text, token_end)
        if nxt is None or nxt.group(nxt.lastindex).startswith("-"):
            return None
        s, e = nxt.span(nxt.lastindex)
        if nxt.lastindex == 3 and style in (":", "%", ",") and text[e - 1:e] == style and text[e:e + 1] in ("'", '"'):
            close = text.find(text[e], e + 1, seg_end)  # `lftp -u user,'X'`, `curl -u ana:"X"`: one word
            return (e + 1, close) if close > e + 1 else None  # of the shell, its password quoted
    if style in (":", "%", ","):
        sep = text.find(style, s, e)
        if sep < 0:
            return None
        s = sep + 1
    return (s, e) if e > s else None


def _positional(text, low, tool, seg_end, sub, form):
    """The span of a positional argument (`#n`, `=word`) of the command whose tool is at `tool`."""
    words = _words(text, tool, min(seg_end, tool + 400))[1:]
    if sub:
        # (a subcommand stands right after its tool or the tool's options and their values:
        # `rabbitmqctl -n rabbit@db add_user`, not `the Net Promoter Score - Use`, prose)
        flag_before = False
        for j, (word, _ws, _we) in enumerate(words):
            if word.lower() == sub:
                words = words[j + 1:]
                break
            flag = word[:1] in ("-", "/")
            if not flag and not flag_before:
                return None
            flag_before = flag
        else:
            return None
    if form[0] == "=":
        target = form[1:].rstrip("0123456789")
        offset = int(form[len(target) + 1:] or 1)
        prefix = target.endswith("*")
        target = target.rstrip("*")
        for i, (word, _ws, _we) in enumerate(words):
            w = word.lower()
            if (w.startswith(target) if prefix else w == target) and i + offset < len(words):
                if compiled("flag-word", r"--?[A-Za-z][A-Za-z-]*\Z").match(words[i + offset][0]):
                    return None  # `encrypt_string --stdin-name X`: a flag where the value would stand
                return words[i + offset][1], words[i + offset][2]
        return None
    if form.endswith("/"):
        return _connect_identifier(text, words)
    # (a drive's letter, `net use Z: \\fs\share X`, is a device's name, not an argument's value)
    # (nor an option's value that names an algorithm: `mkpasswd -m yescrypt`)
    # (a `=` that only ends the word is base64's padding, not an option's `name=value`; nor is one
    # inside quotes, a whole argument: `createUser u SHA "Tundra=88rH" AES "Tundra=88rH"`)
    args = [w for i, w in enumerate(words) if not w[0].startswith(("-", "/"))
            and ("=" not in w[0].rstrip("=") or text[w[1] - 1:w[1]] in ("'", '"'))
            and not (len(w[0]) == 2 and w[0][1] == ":" and w[0][0].isalpha())
            and not (i and names_an_algorithm(words[i - 1][0], w[0]))]
    n = int(form[1:])
    if not args or n == 0 or abs(n) > len(args):
        return None
    _word, s, e = args[n - 1] if n > 0 else args[n]
    if text[s - 1:s] in ("'", '"') and text[e - 1:e] == "\\":
        e -= 1  # (a quote escaped inside a JSON string, `\"X\"`: its backslash is no part of the value)
    return (s, e) if e > s else None


def _connect_identifier(text, words):
    """An Oracle tool's `USER/PASSWORD@DB` (or `USER/PASSWORD` first), wherever it stands among
    the arguments: first (`sqlplus app/X@ORCL`), after a word (`rman target sys/X@PROD`) or a
    keyword (`sqlldr userid=app/X@ORCL`): the password between `/` and `@`."""
    for i, (word, s, _e) in enumerate(words):
        if word.startswith(("-", "@")) or (len(word) == 2 and word[1] == ":"):
            continue
        m = compiled("connect-identifier", r"(?:[A-Za-z]\w{0,29}=)?[\w$#]{1,30}/([^\s/@\"']{1,128})(?:@|\Z)").match(word)
        if m is not None and (i == 0 or "@" in word):
            return s + m.start(1), s + m.end(1)
    return None


# `echo X > FILE`, `printf '%s' X >> FILE`, `echo X | sudo tee FILE`: a literal written to a file.
_WRITTEN = (r"(?:echo|printf)(?:[ \t]+-[neE]{1,3})*(?:[ \t]+(['\"])%[sb](?:\\n)?\1)?[ \t]+(['\"]?)([^\s'\"|;<>]{3,128})\2"
            r"[ \t]*(?:>>?|\|[ \t]*(?:sudo[ \t]+)?tee(?:[ \t]+-a)?)[ \t]*['\"]?([^\s'\";&|<>]{2,200})")
# What a file's name may end with beyond the name of what it holds (`.vault_password_file`, `db_pw.txt`).
_FILE_SUFFIXES = r"(?:[._-](?:file|txt|key|conf|cfg))+\Z"


_WRITERS = ("echo ", "printf ")  # (looked for by the one pass: store/privacy/anchors.py)


def written_to_secret_file(text, anchors, found):
    """A literal written to a file its name says holds a secret (`echo "X" > ~/.vault_pass`,
    `echo X | sudo tee /etc/rsyncd.secret`): judged as that name's value."""
    for word in _WRITERS:
        if word not in anchors.present:
            continue
        for at in anchors.at(word):
            m = compiled("written-to-file", _WRITTEN).match(text, at)
            if m is None:
                continue
            name = m.group(4).rstrip("/").rsplit("/", 1)[-1].lstrip(".~")
            name = compiled("file-suffixes", _FILE_SUFFIXES).sub("", name)
            verdict = name_verdict(name) if name else None
            if verdict is not None and verdict[1] >= MEDIUM and decide(m.group(3), verdict[1], ASSIGN):
                add_span(found, text, m.start(3), m.end(3), P_COMMAND, verdict[0])


_NOT_BEFORE_AT = frozenset(" \t\n/@\"'<>:")  # the last character of no password before `@` (nor a space)


# After this many `@` looked at one by one, a text where they stand closer than _DENSE_GAP
# characters apart on average (a `git log`'s `Author: Ana <ana@example.com>` lines) is read by
# _user_password_runs from there on: ~0.5 us of Python an `@` against ~0.03-0.1 us for the engine
# at each `:` (measured on the frozen real outputs: git log 0.82 -> 0.42 ms a MB, 6.2 -> 0.45 on a
# MB of `Author:` lines; a text of sparse `@` and many `:`, pytest's ids, costs more so, 0.25 -> 2.3).
_DENSE_AFTER = 100
_DENSE_GAP = 1000


def user_password_at(text, found):
    """POSITION: `user:password@host` without a scheme (impacket, proxies, rsync); and an e-mail
    address as a login, then `:` and its password (_login_then_password)."""
    pos = text.find("@")
    if pos < 0:
        return
    _login_then_password(text, found)
    back = compiled("userpass", r"(?<![\w.:@%+-])(?!(?:mailto|sips?|xmpp|tel|urn|news|data|git|docker|"
                          r"image|sha\d*)\b)[A-Za-z0-9_.%+-]{1,64}:([^\s:/@\"'<>]{3,128})\Z")  # fmt: skip
    host = compiled("host", r"@(?:(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}|localhost|\d{1,3}(?:\.\d{1,3}){3})\b")
    gap = None  # what the password of `back` never holds (nor `:`), compiled when first asked
    seen, last = 0, -1
    while pos >= 0:
        at = pos
        seen += 1
        if seen == _DENSE_AFTER and at < _DENSE_AFTER * _DENSE_GAP:
            _user_password_runs(text, last + 1, back, host, found)
            return
        last = at
        pos = text.find("@", at + 1)
        if not at or text[at - 1] in _NOT_BEFORE_AT or text[at - 1].isspace():
            continue  # (`    @property`, `x == @y`: no password ends there, as the tests below would say)
        # the password ends at `@` and holds no `:`, so it follows the last `:` before `@`: with
        # none there, or a space or a quote after it (`Author: Ana <ana@example.com>`), there is
        # no match, and the pattern is not tried at each of the 200 places before `@` (nor the
        # host's: these two finds first, an e-mail address's `@` has a host)
        colon = text.rfind(":", max(0, at - 200), at)
        if colon < 0 or not 3 <= at - colon - 1 <= 128:
            continue
        if gap is None:
            gap = compiled("userpass-gap", r"[\s/@\"'<>]")
        if gap.search(text, colon + 1, at) is not None or host.match(text, at) is None:
            continue
        _user_password_before(text, at, colon, back, found)


def _user_password_runs(text, start, back, host, found):
    """user_password_at from `start` on, where `@` stand densely: the engine finds each `@` that
    ends a run of 3 to 128 characters of a password (no space, `/`, `@`, quote, `<`, `>` nor `:`)
    right after a `:`, the only ones the loop there goes on with (the same `@`, in order)."""
    for run in compiled("userpass-run", r":[^\s/@\"'<>:]{3,128}@").finditer(text, start):
        at = run.end() - 1
        if host.match(text, at) is not None:
            _user_password_before(text, at, run.start(), back, found)


def _a_units_instance(text, at):
    """After the `@` at `at`, a systemd unit's instance and its type (`dbus-:1.2-org.gnome.Shell@0.service`,
    `getty@tty1.service`): no host name ends in a unit's type (no such top-level domain), and what
    stands before the `@` is the unit's name (a D-Bus bus name's `:1.2`), not a user and a password."""
    return compiled("unit-instance", r"@[\w.:-]*\.(?:service|socket|target|timer|mount|automount|slice|scope|swap)"
                                     r"(?![\w.-])").match(text, at) is not None


# An e-mail address as a login, its password after a `:` (a mail relay's credential table: exim's
# passwd.client `host:login@domain:X`, OpenSMTPD's `label login@domain:X`; a list of accounts):
# the domain then `:` and a run to a blank, a `:` or the line's end (a path's `/`, a port's digits
# alone, a brace's scheme are not read as one).
# (matched from its `@`, a literal the engine finds fast; the login before it read in Python: a
# pattern that started at the login's characters was tried at each of a MB's, ~150 ms)
# (each run read once, possessive: a label's letters and digits stop at its `.`, the labels at the
# top-level domain, which stops at the `:`, the value at a blank or a mark, so no shorter run of
# one of them can match where the longest did not)
LOGIN_PASSWORD_ONCE = (r"@(?:[A-Za-z0-9-]{1,63}+\.)++[A-Za-z]{2,24}+:"
                       r"([^\s:/\\\"'<>{}]{3,128}+)(?=[ \t]*(?:\r?\n|\\[nr]|\Z))")
_LOGIN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.+-")


def _login_then_password(text, found):
    """`login@domain:X` ending its line: X, where it has a password's shape (evidence.decide).
    (Each `@` found by `find`, the pattern matched at those with a login's character before: the
    engine's search for `@` reads the text a character at a time, ~5 M instructions a MB; where
    `@` stand densely, as user_password_at's, the engine finds them, its pattern's runs read once.)"""
    rx = compiled("login-password-once", LOGIN_PASSWORD_ONCE)
    at = text.find("@")
    seen = 0
    while at >= 0:
        seen += 1
        if seen == _DENSE_AFTER and at < _DENSE_AFTER * _DENSE_GAP:
            for m in rx.finditer(text, at):
                _login_password(text, m, found)
            return
        if at and text[at - 1] in _LOGIN_CHARS and (m := rx.match(text, at)) is not None:
            _login_password(text, m, found)
        at = text.find("@", at + 1)


def _login_password(text, m, found):
    at = m.start()
    if not at or text[at - 1] not in _LOGIN_CHARS:
        return  # (no login before the `@`: a decorator, a handle)
    value = m.group(1)
    if not value.isdigit() and not is_reference(value) and decide(value, MEDIUM, ASSIGN):
        add_span(found, text, m.start(1), m.end(1), P_COMMAND, "password")


def _a_login_with_its_password(text, at):
    """The address whose `@` is at `at` is a login with its password after it (`login@domain:X`),
    not a host with its port (`bob:X@proxy.example.com:3128`: X is bob's password)."""
    m = compiled("login-password-once", LOGIN_PASSWORD_ONCE).match(text, at)
    return m is not None and not m.group(1).isdigit()


def _user_password_before(text, at, colon, back, found):
    """The password of `user:password@` whose `:` (the last before the `@` at `at`) is at `colon`;
    not where the address it ends is itself a login with its password after it (`host:login@domain:X`:
    _login_then_password), nor where it is a setting's `Name=value` (`ssmtp.conf:AuthUser=ana@acme.io`)."""
    # (the pattern's `:` is that last one, its user at most 64 characters before it: no match
    # starts earlier, and the look-behind and look-ahead are not tried at each of those places)
    m = back.search(text, max(0, at - 200, colon - 64), at)
    if m is not None and (compiled("setting-pair", r"[A-Za-z][A-Za-z_]{2,40}=[^=]").match(m.group(1))
                          or _a_login_with_its_password(text, at)):
        return
    if m is not None and not is_reference(m.group(1)) and not _a_units_instance(text, at) \
            and not compiled("fixed-url-word", r"x-[a-z]+(?:-[a-z]+)+\Z").match(m.group(1)):
        # (`TOKEN:x-oauth-basic@github.com`: a provider's fixed word, its user the token: told.py)
        add_span(found, text, m.start(1), m.end(1), P_COMMAND, "password")
