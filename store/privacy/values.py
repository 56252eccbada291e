"""What a found value is, for the privacy filter's rules (store/privacy.py finds, store/privacy/rules.py
says what to look for): a reference or a literal, a credential or a word, random or not; and the
bookkeeping every finder shares (compiled patterns, spans and their priorities).
"""
from __future__ import annotations

import re
from collections import Counter

from store.privacy.rules import (
    CONSTANTS,
    ENTROPY_MAX_CHARS,
    ENTROPY_MIN_CHARS,
    ENTROPY_NOT,
    FILE_MAGIC,
    MEDIUM,
    PLACEHOLDER_CHARS,
    PLACEHOLDER_WORDS,
    WEAK,
)

CACHE: dict = {}  # compiled on first use: a hook is one process per event


def compiled(name: str, pattern: str, flags: int = 0):
    try:  # (called ~300,000 times a MB dense with secrets: a subscript, not a method call and a test)
        return CACHE[name]
    except KeyError:
        rx = CACHE[name] = re.compile(pattern, flags)
        return rx


# From this size on, holds() looks for the needle from its rarest character.
HOLDS_BY_REGEX_FROM = 50_000
# Characters from rare to common in prose, code and command output (as store/privacy/anchors.py's
# RARITY; one not listed, beyond ASCII, is rarer than all).
_HOLDS_RARITY = "zjqx|~<>`^{}@#%&*+!?\\_kvywgbp()[]=0123456789-/:;$'\"fmudclhnroiaste \t.,\n"
# After this many places of the rarest character, where they stand closer than _HOLDS_GAP apart
# on average, the rest of the text is searched by a regular expression (a place costs ~0.2 us of
# Python, the engine ~0.25 ns a character).
_HOLDS_PLACES, _HOLDS_GAP = 32, 1000


def holds(text: str, needle: str) -> bool:
    """`needle in text`.  On a large text from the needle's rarest character, by `str.find` of
    that one character (memchr: ~0.03 ms a MB) and a test at each of its places: `in` checks the
    needle's last character first, and where that is common (`-`, a space, a letter) it stops
    almost everywhere (~0.8 ms a MB for `|-`); a regular expression of the needle ~0.25 ms a MB
    wherever it starts (its engine tests each character).  Where the rarest character is common
    after all, the rest by that regular expression (compiled once for the process)."""
    if len(text) < HOLDS_BY_REGEX_FROM or not needle:
        return needle in text
    j = CACHE.get(("holds-pivot", needle))
    if j is None:
        j = CACHE[("holds-pivot", needle)] = min(range(len(needle)), key=lambda i: _HOLDS_RARITY.find(needle[i]))
    pivot = needle[j]
    at = text.find(pivot, j)
    k = 0
    while at >= 0:
        if text.startswith(needle, at - j):
            return True
        k += 1
        if k >= _HOLDS_PLACES and at < k * _HOLDS_GAP:
            return _holds_rx(needle).search(text, at - j + 1) is not None  # (every start up to here is tried)
        at = text.find(pivot, at + 1)
    return False


def _holds_rx(needle: str):
    rx = CACHE.get(("holds", needle))
    if rx is None:  # from its first character that is not a common one (`$` of "\n$ ", `+` of "-+-")
        j = next((i for i, ch in enumerate(needle) if not ch.isalnum() and ch not in " \t\n-.,/:"), 0)
        pattern = re.escape(needle[j]) + "(?<=" + re.escape(needle[:j + 1]) + ")" + re.escape(needle[j + 1:]) \
            if j else re.escape(needle)
        rx = CACHE[("holds", needle)] = re.compile(pattern)
    return rx


# Verdicts on a value alone (each reads only the value): a text dense with secrets judges the
# same value at many places (a value under several labels, a config repeated in a log).  A long
# text empties them when it is read (store/privacy/__init__.py find_secrets: what a MB costs is
# what it costs alone); each keeps MEMO_MAX at most meanwhile.
_RANDOM: dict = {}
_REFERENCE_VERDICTS: dict = {}
VALUE_MEMOS = [_RANDOM, _REFERENCE_VERDICTS]
MEMO_MAX = 20_000


def remember(memo: dict, key, verdict):
    """`verdict`, kept in `memo` under `key` (one of VALUE_MEMOS, emptied when full)."""
    if len(memo) >= MEMO_MAX:
        memo.clear()
    memo[key] = verdict
    return verdict


def forget_values() -> None:
    """Empty the verdicts kept on values (a long text has been read)."""
    for memo in VALUE_MEMOS:
        memo.clear()


_MARKER = r"\[REDACTED(?::[a-z_]+)?\]"


# Priorities when finds overlap (lower wins the kind): a provider's own token is the most
# specific, then the shapes, command lines, names, random values, the user's patterns.
P_SHAPE = 1000
P_COMMAND = 2000
P_NAME = 3000
P_RANDOM = 4000
P_CUSTOM = 5000


def line_bounds(text: str, at: int) -> tuple:
    """(start, end) of the line `at` stands on in `text` (its end: the line break's place, or the
    text's end).  Not for a loop over every place of a common literal: a call costs there."""
    end = text.find("\n", at)
    return text.rfind("\n", 0, at) + 1, len(text) if end < 0 else end


def matches_where(text: str, literal: str, name: str, pattern: str, most: int):
    """Matches of `pattern` tried only where `literal` stands in `text` (its first `most`): a regex
    led by `\\b` is otherwise tried at every place of the text."""
    rx = compiled(name, pattern)
    at, n = text.find(literal), 0
    while at >= 0 and n < most:
        m = rx.match(text, at)
        at = text.find(literal, at + len(literal))
        if m is not None:
            n += 1
            yield m


def windows(text: str, size: int, overlap: int, sep: str = "\n"):
    """(start, end) of windows of `text`, each at most `size` long, that cover it: a finder that
    reads a short text alone reads every place of a long one so, in time linear in its length.
    Each window ends after a `sep` (a line break; a blank between a command line's words) where one
    stands in its last `overlap` characters, and the next starts after one within the `overlap`
    characters before that end where one stands: every stretch of `overlap` characters or fewer
    (a line that short) lies whole in one window.  `size` is at least 4 * `overlap`: each window
    moves on by `size` - 3 * `overlap` or more."""
    n = len(text)
    s = 0
    while n - s > size:
        e = s + size
        cut = text.rfind(sep, e - overlap, e)
        e = cut + 1 if cut >= 0 else e
        yield s, e
        ls = text.rfind(sep, e - 2 * overlap, e - overlap)
        s = ls + 1 if ls >= 0 else e - overlap
    yield s, n


# A command line a list's items make (an exec array, a YAML list) is read whole up to this long,
# a longer one in windows this long that overlap by JOINED_OVERLAP (a flag and its value).
JOINED_MAX, JOINED_OVERLAP = 2_000, 400


def joined_secrets(line: str, memo: dict, find_secrets) -> list:
    """find_secrets' spans ((kind, start, end)) in `line`, a command line a list's items make (its
    words joined by blanks), kept in `memo` (one of VALUE_MEMOS): a list repeated is read once."""
    spans = []
    for ws, we in windows(line, JOINED_MAX, JOINED_OVERLAP, " "):
        part = line[ws:we]
        got = memo.get(part)
        if got is None:
            got = remember(memo, part, find_secrets(part))
        spans += [(k, s + ws, e + ws) for k, s, e in got]
    return spans if len(line) <= JOINED_MAX else sorted(set(spans))


def line_start_escaped_or_not(text: str, at: int) -> int:
    """Where the line `at` stands on starts, after a line break or its escape (`\\n` in JSON or
    a log printed as text)."""
    escaped = text.rfind("\\n", 0, at)
    return max(text.rfind("\n", 0, at) + 1, escaped + 2 if escaped >= 0 else 0)


def add_span(found, text, s, e, prio, kind):
    # (no marker starts within reach before `s`, most spans: inside_marker's first test, without its call)
    if e > s and (text.rfind("[REDACTED", s - 64 if s > 64 else 0, s + 9) < 0 or not inside_marker(text, s)):
        found.append((s, prio, e, kind))


def inside_marker(text: str, at: int) -> bool:
    """`at` falls inside a `[REDACTED:kind]` marker (`https://[REDACTED:github_token]@host`
    must not read as user `[REDACTED`, password `github_token]`)."""
    # a marker is short: look back only that far, or many finds would each scan the whole text
    start = text.rfind("[REDACTED", max(0, at - 64), at + len("[REDACTED"))
    if start < 0:
        return False
    marker = compiled("marker", _MARKER).match(text, start)
    return marker is not None and at < marker.end()


# A value alone on the line below a name or label that ends its line, read by every finder of
# one (store/privacy/candidates.py's labels, processes.value_below_a_name): a CI log's group mark
# (`##[group]`), a REPL's `Result:` or `=>` before it; quotes around it, a comma after it; below a
# label (`Password:`), one blank line between.
_BELOW_VALUE = (r"[ \t+]*(?:##\[\w+\][ \t]*)?(?:(?i:result|value|output)[ \t]*:?[ \t]*|=>[ \t]*)?"
                r"(?:([\"'`])([^\"'`\s]{1,256})\1|[\"'`]?([^\"'`\s]{1,256}?)[\"'`]?)[ \t]*+,?[ \t]*+\r?(?:\n|\Z)")


def value_below(text: str, k: int, blank_line: bool = False):
    """(start, end) of the value alone on the line below the label or name that ends at `k` (its
    line's end: spaces and the line break follow), or None; with `blank_line`, one blank line may
    stand between (a label says a value follows: `Password:`; a name ending its line does not,
    `pass` then a blank line then `@classmethod`).  Not a line's own `NAME=value` or `key:value`
    (`realm:acme` below `password: secret`), nor a name of the environment's (`DB_PASSWORD` then
    `DB_HOST`: a list)."""
    if blank_line:
        m = compiled("value-below-a-label", r"[ \t]*\r?\n(?:[ \t]*\r?\n)?" + _BELOW_VALUE).match(text, k)
    else:
        m = compiled("value-below-a-name", r"[ \t]*\r?\n" + _BELOW_VALUE).match(text, k)
    if m is None:
        return None
    g = 2 if m.start(2) >= 0 else 3
    value = m.group(g)
    if (compiled("below-assignment", r"[A-Za-z_][\w.-]*[=:]").match(value) and not base64_padded(value)) or \
            compiled("env-name", _ENV_NAME).match(value):
        return None
    if _an_id_or_path_line(text, text.rfind("\n", 0, k) + 1, k):
        return None
    return m.span(g)


def base64_padded(value: str) -> bool:
    """`value` is base64 of 12 bytes or more, padded (its `=` ends it, not an empty assignment): not
    words, as random bytes are not (a name is: `DATABASEPASSWORD=`, `PgHostName=`)."""
    return value[-1] == "=" and compiled("base64-padded", r"[A-Za-z0-9+/]{16,}={1,2}\Z").match(value) is not None \
        and not _wordish(value.rstrip("="))


def _an_id_or_path_line(text, a, k):
    """The line text[a:k] that ends with a secret's word is a test's id or a path, listed one a
    line (pytest --co and -rA, find, ls -R), not a label: `tests/test_auth.py::test_kept[token]`
    (the id's brackets may hold anything: `[secretName: smtp-pass]`), `./config/secrets/token`.
    The next line is the next id or path, never the word's value."""
    head = compiled("test-id-line", r"[ \t]*(?:[A-Z]+[ \t]+)?([^\s\[]*)").match(text, a, k).group(1)
    if "::" in head:
        return True
    line = text[a:k].strip()  # a path alone on its line (not `$ cat ~/.config/app/token`: its output is below)
    return (line.count("/") >= 2 or line.startswith(("/", "./", "~/"))) and not any(c in line for c in " \t")


_ENV_NAME = r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\Z"


# (a heredoc in a quoted command or a JSON string escapes a `$` once or more: `\$name` names
# the same variable)
_REFERENCE = (
    r"(?:\\*\$[{(]|\$__[A-Za-z]\w{0,30}\{|\{\{|\{%|<%|\[REDACTED\b|%\{|#\{)"  # (`$__file{…}`: Grafana's macro)
    r"|(?:\\*\$[A-Za-z_][A-Za-z0-9_]*|\\*\$\d{1,3}|\{[^{}\n]*\}|%[A-Za-z_][A-Za-z0-9_]*%"
    r"|(?:%(?:\([A-Za-z_][A-Za-z0-9_]*\))?[sdr]|[^A-Za-z0-9%{}])+|<[^<>]*>?|@[A-Za-z_]+@"
    r"|#[0-9a-fA-F]{3,8})\Z"
)


DOTTED = r"[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+\Z"


def is_reference(value):
    """A quoted or bare value that names a secret instead of holding one (the verdict on `value`
    is kept: VALUE_MEMOS)."""
    if value[:1] in _NAME_STARTS and "{" not in value and "%" not in value:
        # (_is_reference's verdict on a value that starts with a letter or a digit, not `x`: no
        # memo, its verdict costs no more than a memo's look-up on a fresh value)
        return value.strip().lower() in _STAND_IN_WORDS
    got = _REFERENCE_VERDICTS.get(value)
    if got is None:
        got = remember(_REFERENCE_VERDICTS, value, _is_reference(value))
    return got


def _is_reference(value):
    v = value.strip()
    if not v:
        return True
    if "{" in v or "%" in v:
        bare = compiled("placeholders", r"\{[^{}\n]*\}|%(?:\([A-Za-z_]\w*\))?[sdr]").sub("", v)
        if not any(ch.isalnum() for ch in bare):
            return True  # '{0}:{1}', "%s:%s": a template
    if v.lower() in _STAND_IN_WORDS:
        return True
    # ****, xxxx, ...: PLACEHOLDER_CHARS alone (what stripping them leaves empty: no set built for
    # each value, ~0.2 us)
    if v[0] in _ASCII_ALNUM:  # (x and X are the only placeholder characters a name starts with)
        return len(v) >= 3 and (v[0] == "x" or v[0] == "X") and not v.strip(_PLACEHOLDER_STRIP)
        # (every branch of _REFERENCE starts with a sign ($ { % < [ @ #) or a non-alphanumeric)
    if len(v) >= 3 and not v.strip(_PLACEHOLDER_STRIP):
        return True
    return compiled("reference", _REFERENCE).match(v) is not None


_ASCII_ALNUM = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
_NAME_STARTS = _ASCII_ALNUM - {"x", "X"}  # (is_reference's values read without its memo)
_STAND_IN_WORDS = CONSTANTS | PLACEHOLDER_WORDS
_PLACEHOLDER_STRIP = "".join(sorted(PLACEHOLDER_CHARS))


def credential_like(value: str) -> bool:
    """MEDIUM: a literal that could be a password: not a plain word, a number, a path or a URL."""
    v = value.strip()
    if len(v) < 6 or len(v) > 8192 or " " in v:
        return False
    if v.isdigit() or (v.isalpha() and (v.islower() or v.isupper() or v.istitle())):
        return False
    if v.startswith(("./", "../", "~/", "http://", "https://", "file:")) or (v[0] == "/" and not _slashed_random(v)):
        return False
    if v.replace("_", "").replace("-", "").replace(".", "").isalpha():
        return False  # basic_auth, _TEST_VAR_, minLength, http.cookies: words of code
    if (compiled("dotted", DOTTED).match(v) and not leet_dotted(v)) or compiled("oid", r"[\d.]+\Z").match(v):
        return False  # self.headers.get, 1.3.6.1.5.5.7.3.2 (not t1ger.Lily)
    return True


def _slashed_random(value: str) -> bool:
    """`/3Qb4fQrTIWfmp1BP4g8Lsmv==`: base64 that starts with its `/`, not a path (no part between
    its slashes letters alone, `/HOME/DEV/APP/…`, nor a URL's `//host` after its scheme; the whole
    random)."""
    parts = value.split("/")
    return value[1:2] != "/" and not any(part.isalpha() for part in parts) and looks_random(value.replace("/", ""))


def looks_random(value: str) -> bool:
    """ENTROPY (the verdict on `value` is kept: VALUE_MEMOS)."""
    got = _RANDOM.get(value)
    if got is None:
        got = remember(_RANDOM, value, _looks_random(value))
    return got


def _looks_random(value: str) -> bool:
    """ENTROPY: long, of two character classes or more, its letters not words of code (a
    segment made of words, `AuthTokenProvider2`, `KEY_WOW64`, is not random), high Shannon
    entropy; never a hash, UUID, version, path, URL or base64-encoded text."""
    v = value.strip().strip(".-_~=,;:")
    n = len(v)
    if n < ENTROPY_MIN_CHARS or n > ENTROPY_MAX_CHARS:
        return False
    if (v[0] == "/" and not _slashed_random(v)) or "://" in v or compiled("notrandom", ENTROPY_NOT).fullmatch(v):
        return False
    if v.isascii():  # the classes present, by C calls (a value of token characters is ASCII)
        classes = (v.lower() != v) + (v.upper() != v) + (not v.isalpha() and compiled("digit", "[0-9]").search(v) is not None)
    else:
        classes = _classes(v)
    if classes < 2:
        return False
    odd = 0  # characters in segments that do not read as words of code (12 are enough: left there)
    numbers = 0  # and in runs of digits alone, which count only where a segment mixes letters and digits
    segments = (v,) if v.isalnum() and v.isascii() else compiled("segment", r"[A-Za-z0-9]+").findall(v)
    for segment in segments:
        if len(segment) >= 6 and not _wordish(segment):
            if segment.isdigit():
                numbers += len(segment)
                continue
            odd += len(segment)
            if odd >= 12:
                break
    if odd < 12 and numbers:
        # digits between words alone are a timestamp or a counter (`backups/.claude.json.backup.1778213437515`,
        # a migration's `20260314102231_add_token.rb`), not randomness; beside a segment of both they may be
        odd += numbers if any(not seg.isalpha() and not seg.isdigit() for seg in segments) else 0
    if odd < 12 or base64_text(v):
        return False
    return _entropy_enough(v, n)


# log2(k) and k * log2(k) for each count k and length of a value of ENTROPY_MAX_CHARS at most (made
# on first use): the entropy read without `from math import log2` at each value
_LOG2: list = []
_CLOG: list = []


def _entropy_tables():
    from math import log2

    _LOG2.extend([0.0] + [log2(k) for k in range(1, ENTROPY_MAX_CHARS + 1)])
    _CLOG.extend([k * _LOG2[k] for k in range(ENTROPY_MAX_CHARS + 1)])


def _entropy_enough(v: str, n: int) -> bool:
    """Shannon entropy of `v` (of length `n`) >= min(3.8, 0.8 log2 n), read as log2(n) - sum(k log2 k) / n
    from the tables, where it is 1e-9 or more from the bound (the float error of each reading is
    below 1e-12); nearer, the sum of -p*log2(p) decides, to the last bit.  First by the number of
    kinds of characters alone, `d`: the entropy lies between that of one kind n-d+1 times and the
    others once and log2(d) (decides ~all values: a set, not a Counter and a sum, ~1 us of ~4)."""
    clog = _CLOG
    if not clog:
        _entropy_tables()
    log_n = _LOG2[n]
    bound = min(3.8, log_n * 0.8)
    kinds = len(set(v))
    if log_n - clog[n - kinds + 1] / n - bound > 1e-9:
        return True
    if _LOG2[kinds] - bound < -1e-9:
        return False
    counts = Counter(v)
    near = log_n - sum([clog[k] for k in counts.values()]) / n - bound
    if near > 1e-9 or near < -1e-9:
        return near > 0
    from math import log2

    entropy = -sum([c / n * log2(c / n) for c in counts.values()])  # (a list: the same sum, no generator's steps)
    return entropy >= bound


def _classes(v: str) -> int:
    """How many of digits, upper-case and lower-case letters `v` holds."""
    digits = upper = lower = 0
    for ch in v:
        if ch.isdigit():
            digits += 1
        elif ch.isupper():
            upper += 1
        elif ch.islower():
            lower += 1
    return (digits > 0) + (upper > 0) + (lower > 0)


def _wordish(segment: str) -> bool:
    """`AuthTokenProvider2`, `kSecImportExportPassphrase`, `CTestCRLF`, a commit hash: words."""
    if len(segment) >= 7 and not segment.isdigit() and not segment.strip("0123456789abcdefABCDEF"):
        return True  # (hex digits alone)
    # its pieces, `[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+`, hold no more than one single letter and two
    # numbers of six digits at most: what is not, searched for at once, not read piece by piece
    # (~3 us -> ~1 a segment).  A single letter: an upper-case one not in a run of capitals nor
    # before a small letter, or ending a run of two before one; a small one after no letter and
    # before no small one.
    return compiled("not-wordish", _NOT_WORDISH).search(segment) is None


_SINGLE = r"(?:(?<![A-Z])[A-Z](?![A-Za-z])|(?<![A-Z])[A-Z](?=[A-Z][a-z])|(?<![A-Za-z])[a-z](?![a-z]))"
_NOT_WORDISH = r"\d{7}|\d+\D+\d+\D+\d|" + _SINGLE + r".*?" + _SINGLE


def all_hex(value: str) -> bool:
    """`value` is hex digits alone, of either case (a digest's, a commit's, a key's)."""
    return compiled("hex", r"[0-9a-fA-F]+\Z").match(value) is not None


def base64_bytes(value: str):
    """`value` decoded as base64, its missing padding added; None where it is no base64."""
    import binascii

    try:
        return binascii.a2b_base64(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        return None


def base64_text(value: str) -> bool:
    """`value` is base64 of readable text (an encoded e-mail body, not a key)."""
    raw = base64_bytes(value)
    if raw is None or len(raw) < 8:
        return False
    text = raw.decode("utf-8", "ignore")
    if len(raw) - len(text.encode("utf-8")) > 3:
        return False
    return sum(ch.isprintable() or ch in "\t\r\n" for ch in text) >= 0.95 * len(text)


def run_above(text: str, s: int) -> str:
    """The base64 run that ends the line above the block at `s`, opened on that line by a quote or
    an assignment (`data = "H4sI…`, a triple quote's): the block's real first line, where a file's magic stands
    ("" when that line is no such run)."""
    if s < 2 or text[s - 1] != "\n":
        return ""
    lo = s - 200 if s > 200 else 0
    line = text[text.rfind("\n", lo, s - 1) + 1 or lo:s - 1]
    run = line[len(line.rstrip(_BASE64_CHARS)):]
    return run + "\n" if len(run) >= 48 and len(run) < len(line) else ""


_BASE64_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def key_body(block: str) -> bool:
    """Lines of base64 that may be a key's body: not a file's (an image, an archive, a
    translation catalogue, a signature) and not encoded text."""
    first = block.lstrip(" \t+-\n")
    if first.startswith(FILE_MAGIC):
        return False
    return not base64_text("".join(line.strip(" \t+-") for line in block.split("\n"))[:400])




def not_code(value: str) -> bool:
    """A value of a `key=value;` list, not an expression of code: `password = await
    bcrypt.hash(input, 10);` holds a call among words (a password of two words and a bracket
    is rarer than code that assigns a call)."""
    v = value.strip()
    if compiled("code-constructor", r"[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)+!?\([^()]*\)\Z").match(v):
        return False  # String::new(), Vec::with_capacity(8), Buffer.alloc(0): a call of a path
    return not (" " in v and compiled("code-call", r"[A-Za-z_$][\w.$]*[ \t]*\([^()]*\)").search(v))


def token_like(value: str) -> bool:
    """After a scheme word (Bearer, token): not a word of prose or a name of code."""
    v = value.strip().rstrip(".,;:!?)")  # "verifying bearer tokens.": the end of a sentence
    if len(v) < 6 or (v.isalpha() and (v.islower() or v.istitle())) or "://" in v:
        return False  # a word, a URL
    # (a dotted name of code is no token; a person's dotted password is, `Bearer velvet.Otter92`)
    return not (compiled("dotted", DOTTED).match(v) and not mixed_parts(v)) or dotted_password(v)


def mixed_parts(value: str) -> bool:
    """A part of the dotted `value` mixes cases and digits as no name of code does (`Gx7.kP2m`,
    not `np.float64`, `os.path`, `V1Pod.spec`)."""
    rx = compiled("mixed-part", r".*[a-z].*[A-Z].*\d|.*[A-Z].*[a-z].*\d.*[A-Za-z]|.*\d.*[A-Z].*[a-z]")
    return any(rx.match(part) for part in value.split(".")) or leet_dotted(value)


def leet_dotted(value: str) -> bool:
    """`t1ger.Lily`, `n0rth.Star`: one digit in place of a letter inside a word of lower case (five
    letters or more), and words of both cases, as a person writes a password with a dot (a name
    of code keeps a digit at a word's end or start, or a number in it: `np.float64`,
    `V1Pod.spec`, `s3.Bucket`, `win32api.RegEnumKey`, `k8s.Client`)."""
    return (value.lower() != value and value.upper() != value
            and compiled("leet-part", r"(?:^|.*\.)(?=[A-Za-z0-9]{5})[A-Za-z]*[a-z]\d[a-z]+(?:\.|\Z)").match(value) is not None)


def dotted_password(value: str) -> bool:
    """`velvet.Otter92`, `Walrus.Tide22`: a word, a dot, then a capitalised word with digits at its
    end, as a person joins two words into a password.  The shape of a member of code too
    (`pair.Item2`, `Me.Label1`), so taken only where no code can stand: where a sentence says it
    (evidence._SAID), quoted after a secret's name, in a quoted connection string's pairs, after a
    scheme word (`Bearer`), as a JSON string's value."""
    return compiled("dotted-password", r"[A-Za-z][a-z]{2,15}\.[A-Z][a-z]{2,15}\d{1,4}\Z").match(value) is not None


def _alone(judge):
    """`judge` of a value alone, called as every judge of JUDGES is: with the value's place too."""
    return lambda value, _text, _s: judge(value)


def key_body_at(block: str, text: str, s: int) -> bool:
    """key_body of the block at text[s:] read from its real first line: the base64 run that ends the
    line above it (run_above), where a file's magic stands."""
    return key_body(run_above(text, s) + block)


def url_user_token(value: str, text: str, at: int) -> bool:
    """A URL's user alone (`scheme://X@host`, its `@` at `text[at]`) that is a token: random, or
    hex, which the entropy rule keeps as a commit's or a digest's shape but a commit never stands
    in a URL's user slot: hex of a token's length (40 or more, a classic OAuth token's), or of 16
    or more before a repository's path (`@host/owner/name.git`); a client key of 32 hex before an
    ingest host (an error tracker's public DSN) stays.  A user's name, a word, stays."""
    if looks_random(value):
        return True
    if len(value) < 16 or not all_hex(value):
        return False
    return len(value) >= 40 or compiled("repository-path", r"@[\w.-]+(?::\d+)?/[^\s@\"'<>]{0,300}?\.git(?![\w.-])").match(
        text, at) is not None


# A rule's judge (Rule.judge): called with the value (the pattern's group `v`, or its whole match) and
# its place, the text and where the value starts.
JUDGES = {"credential": _alone(credential_like), "token": _alone(token_like), "random": _alone(looks_random),
          "key_body": key_body_at, "not_code": _alone(not_code),
          "url_user": lambda value, text, s: url_user_token(value, text, s + len(value))}


STRENGTH_TEST = {MEDIUM: credential_like, WEAK: looks_random}


def matches_from(rx, text, places):
    """What `rx.finditer(text)` yields, when every match starts at one of `places` (sorted): the
    pattern tried at each place by `map` and `filter`, without a step of Python at each (most
    places hold no match: ~30,000 places a MB dense with secrets, ~2,700 matches); after a match,
    the places inside it are passed over from the same iterator (a match may run to the text's
    end: `?sig=` again and again)."""
    if not isinstance(places, list):
        places = list(places)
    rest = iter(places)
    tried = filter(None, map(rx.match, [text] * len(places), rest))
    m = next(tried, None)
    while m is not None:
        yield m
        at, end = m.span()
        if end <= at:
            end = at + 1
        m = None
        for place in rest:
            if place >= end:
                m = rx.match(text, place)
                break
        else:
            return
        if m is None:
            m = next(tried, None)


# Words of a sentence's grammar: a pass phrase of random words (`correct horse battery staple`)
# seldom holds two of them, a sentence quoted in prose nearly always does.
GRAMMAR_WORDS = frozenset("a an the is are was be as in of to for my your our and or with this that it on at by "
                          "from not no".split())


def a_sentence(value: str) -> bool:
    """The value of several words holds two words of a sentence's grammar (GRAMMAR_WORDS): prose."""
    return sum(w in GRAMMAR_WORDS for w in value.lower().split()) >= 2


# What follows the marks that close an aside of prose after a value (a blank, a line's end).
PROSE_GAP = frozenset(("", " ", "\t", "\r", "\n"))


def without_closing_marks(value: str) -> str:
    """`value` less the `,`, `;` and `)` that close an aside of prose after it (`<<< X, echo`,
    `set ApiKey X; then`, `set "A:Password" X) and`), unless its `)` closes a `(` it holds; whole
    where nothing else would be left."""
    if value[-1:] in (",", ";", ")") and (value[-1] != ")" or "(" not in value):
        return value.rstrip(",;)") or value
    return value
