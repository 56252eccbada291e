"""A person's regular expression, counted in a helper process with a time limit.

Python's `re` holds the GIL while it matches, so a pattern that backtracks
catastrophically (`(a+)+$` against "aaaa…b") freezes a whole program, even
from a thread.  `count_in_time` runs the count in a helper process
(`store/privacy/user_patterns_child.py`, started once and reused) and gives up after
TIME_LIMIT seconds, killing the helper; the next count starts a fresh one.
A pattern that finished in time is safe to run over the same text again.
"""

from __future__ import annotations

import atexit
import json
import os
import queue
import subprocess
import sys
import threading

from store.errors import MemlaneError

TIME_LIMIT = 0.5  # seconds a count may take
START_LIMIT = 10.0  # seconds the helper may take to start (a loaded machine)


class PatternRefused(MemlaneError):
    """The pattern cannot be used; `str(exc)` says why in one sentence."""


def count_in_time(pattern: str, text: str, limit: float = TIME_LIMIT) -> int:
    """How many places `pattern` matches in `text`, or PatternRefused (invalid, or too slow)."""
    return _helper.count(pattern, text, limit)


def count_whole_in_time(pattern: str, texts: list[str], limit: float = TIME_LIMIT) -> int:
    """How many of `texts` `pattern` matches whole (fullmatch), or PatternRefused."""
    return _helper.count(pattern, texts, limit, whole=True)


def stop_helper() -> None:
    """End the helper process (the next count starts another)."""
    _helper.stop()


class _Helper:
    """One helper process at a time, used by one count at a time."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._proc: subprocess.Popen | None = None
        self._replies: queue.Queue[str] = queue.Queue()

    def count(self, pattern: str, text, limit: float, whole: bool = False) -> int:
        request = [pattern, text, "whole"] if whole else [pattern, text]
        with self._lock:
            try:
                self._ensure_started()
                self._send(request)
            except OSError:  # the helper died between two counts: once more, with a new one
                self._stop()
                self._ensure_started()
                self._send(request)
            try:
                reply = json.loads(self._replies.get(timeout=limit))
            except queue.Empty:
                self._stop()
                raise PatternRefused(
                    f"Too slow to use: this pattern ran for more than {limit:g} s on this memory "
                    "without finishing, so it will not be applied; make it simpler."
                ) from None
        if "error" in reply:
            raise PatternRefused(f"Not a valid regular expression: {reply['error']}.")
        return int(reply["count"])

    def stop(self) -> None:
        with self._lock:
            self._stop()

    def _ensure_started(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            return
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "user_patterns_child.py")
        self._proc = subprocess.Popen(
            [sys.executable, "-I", "-S", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, encoding="utf-8",
        )  # fmt: skip
        # Each helper has its own queue, so a late answer of a killed one is never read.
        self._replies = queue.Queue()
        reader = threading.Thread(target=_read_lines, args=(self._proc.stdout, self._replies),
                                  name="pattern-helper-reader", daemon=True)  # fmt: skip
        reader.start()
        try:
            ready = self._replies.get(timeout=START_LIMIT)
        except queue.Empty:
            ready = ""
        if ready.strip() != "ready":
            self._stop()
            raise PatternRefused("The pattern checker could not start, so no pattern can be used.")

    def _send(self, request: list) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        self._proc.stdin.write(json.dumps(request) + "\n")
        self._proc.stdin.flush()

    def _stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        proc.kill()
        proc.wait()
        try:
            proc.stdin.close()  # stdout is closed by its reader, at the end of the stream
        except OSError:
            pass


def _read_lines(stream, replies: queue.Queue) -> None:
    try:
        for line in stream:
            replies.put(line)
    except (OSError, ValueError):
        pass  # the helper was killed mid-line
    finally:
        stream.close()


_helper = _Helper()
atexit.register(stop_helper)


# ----------------------------------------------------------------------------------------
# Checking a `secret_patterns` entry once, when the config is loaded: the privacy filter
# runs it over every text a hook stores, in the hook's own process, with no time limit.

PROBE_CHARS = 100_000  # one probe string: as long as the longest string a hook cleans
PROBE_LIMIT = 0.5  # seconds all probes of one pattern may take, helper start excluded
_verdicts: dict[str, str | None] = {}


def secret_pattern_problem(pattern: str) -> str | None:
    """Why `pattern` cannot be a secret pattern (one sentence), or None when it is fine.

    Refused: patterns that do not compile, patterns with a repeat inside a repeat (`(a+)+`,
    `(a|aa)*`: exponential backtracking), and patterns that take more than PROBE_LIMIT on
    probe strings built from their own characters (polynomial backtracking such as
    `\\w+@\\w+\\.com` on a long word, which grows with the square of the text)."""
    return _checked(pattern, _verdicts, _probe_problem)


def _checked(pattern: str, verdicts: dict, probe_problem) -> str | None:
    """The verdict on `pattern`, kept in `verdicts`: its static problem, else its probes'."""
    if pattern in verdicts:
        return verdicts[pattern]
    verdict = _static_problem(pattern)
    if verdict is None:
        verdict = probe_problem(pattern)
    verdicts[pattern] = verdict
    return verdict


def _static_problem(pattern: str) -> str | None:
    import re

    try:
        re.compile(pattern)
        from re import _parser as parser  # the parsed tree: the one reliable view of nesting
    except (re.error, RecursionError, OverflowError, ValueError) as exc:
        return f"not a valid regular expression ({exc})"
    except ImportError:  # pragma: no cover - a Python without re._parser: probes only
        return None
    try:
        tree = parser.parse(pattern)
    except Exception:  # pragma: no cover - compiled above, so it parses
        return None
    if _nested_repeat(tree, parser, inside=False):
        return ("a repeat inside a repeat (like `(a+)+` or `(a|aa)*`) can take minutes on a few "
                "dozen characters; write it without the nesting")
    return None


def _nested_repeat(items, parser, inside: bool) -> bool:
    repeats = (parser.MAX_REPEAT, parser.MIN_REPEAT, getattr(parser, "POSSESSIVE_REPEAT", None))
    for op, arg in items:
        if op in repeats:
            low, high, sub = arg
            unbounded = high is parser.MAXREPEAT or high > 10
            if inside and unbounded:
                return True
            if op is not getattr(parser, "POSSESSIVE_REPEAT", None) and _nested_repeat(
                sub, parser, inside or unbounded
            ):
                return True
            if unbounded and _has_branch(sub, parser):
                return True
        elif op is parser.SUBPATTERN:
            if _nested_repeat(arg[-1], parser, inside):
                return True
        elif op is parser.BRANCH:
            if any(_nested_repeat(branch, parser, inside) for branch in arg[1]):
                return True
        elif op in (parser.ASSERT, parser.ASSERT_NOT):
            if _nested_repeat(arg[1], parser, inside):
                return True
    return False


def _has_branch(items, parser) -> bool:
    for op, arg in items:
        if op is parser.BRANCH:
            return True
        if op is parser.SUBPATTERN and _has_branch(arg[-1], parser):
            return True
    return False


def _probe_characters(pattern: str) -> list[str]:
    """The characters the probes of `pattern` are built from: a few common ones, then up to 12
    of its own literal characters (a repeat backtracks on what it can match)."""
    literal = [ch for ch in dict.fromkeys(pattern) if ch.isalnum() or ch in "@.-_:/ "][:12]
    return list(dict.fromkeys(["a", "0", " ", "A", "-", "."] + literal))


def _probe_problem(pattern: str) -> str | None:
    import time

    chars = _probe_characters(pattern)
    probe = "\n".join(ch * PROBE_CHARS + "\u0001" for ch in chars)
    try:
        _helper.count(pattern, "", START_LIMIT)  # start the helper outside the budget
        started = time.monotonic()
        _helper.count(pattern, probe, PROBE_LIMIT)
    except PatternRefused:
        return (f"it backtracks: more than {PROBE_LIMIT:g} s on {len(chars)} test strings of "
                f"{PROBE_CHARS} characters (as long as a hook's longest text); bound "
                "its repeats (`{1,64}` instead of `+`)")
    if time.monotonic() - started > PROBE_LIMIT:  # pragma: no cover - timing
        return "it is too slow on long text; bound its repeats (`{1,64}` instead of `+`)"
    return None


# ----------------------------------------------------------------------------------------
# Checking a `not_secret_patterns` entry once, when the config is loaded: the privacy filter
# keeps a value it would redact when one of these matches the value whole, in the hook's own
# process, with no time limit.  So an entry must be fast on any value it may be tried on (values
# up to KEEP_MAX_CHARS; a longer one stays redacted untried) and must keep no real secret: one that
# matches the empty text or any of a few unmistakable secrets would switch the filter off.

KEEP_MAX_CHARS = 1000  # = store.privacy.KEEP_MAX_CHARS (a test keeps them equal)
_keep_verdicts: dict[str, str | None] = {}


def not_secret_pattern_problem(pattern: str) -> str | None:
    """Why `pattern` cannot be a not-secret pattern (one sentence), or None when it is fine.

    Refused: patterns that do not compile or nest repeats (as secret_pattern_problem), that take
    more than PROBE_LIMIT matching whole probe values of KEEP_MAX_CHARS characters built from their
    own characters, that match the empty text, or that match whole a secret nobody would keep (a
    random 40-character token, a GitHub token, an AWS key id, a private key's first line, an API
    key, a password), built afresh on every check so no list of them can be written around."""
    return _checked(pattern, _keep_verdicts, _keep_probe_problem)


def _keep_probe_problem(pattern: str) -> str | None:
    import time

    chars = _probe_characters(pattern)
    probes = [ch * KEEP_MAX_CHARS for ch in chars] + [ch * (KEEP_MAX_CHARS - 1) + "\u0001" for ch in chars]
    mixed = "".join(chars)
    probes.append((mixed * (KEEP_MAX_CHARS // len(mixed) + 1))[: KEEP_MAX_CHARS - 1] + "\u0001")
    try:
        if count_whole_in_time(pattern, [""], START_LIMIT):  # (starts the helper outside the budget)
            return "it matches the empty text, so it would keep whatever the filter finds; make it say what the value looks like"
        started = time.monotonic()
        count_whole_in_time(pattern, probes, PROBE_LIMIT)
    except PatternRefused:
        return (f"it backtracks: more than {PROBE_LIMIT:g} s matching {len(probes)} test values of "
                f"{KEEP_MAX_CHARS} characters whole (the longest value it is tried on); bound "
                "its repeats (`{1,64}` instead of `+`)")
    if time.monotonic() - started > PROBE_LIMIT:  # pragma: no cover - timing
        return "it is too slow on long values; bound its repeats (`{1,64}` instead of `+`)"
    for what, secret in unmistakable_secrets():
        try:
            if count_whole_in_time(pattern, [secret], PROBE_LIMIT):
                return (f"it matches {what} whole, so it would keep real secrets; make it say what "
                        "your harmless values look like (a fixed prefix, a length)")
        except PatternRefused:  # pragma: no cover - proven fast above
            return "it is too slow; bound its repeats (`{1,64}` instead of `+`)"
    return None


def unmistakable_secrets() -> list[tuple[str, str]]:
    """(what it is, a fresh one) for secrets no not-secret pattern may match: made at run time,
    random where the real ones are, so none is written here and no pattern is tuned to a copy."""
    import secrets
    import string

    pick = secrets.SystemRandom()
    base62 = string.ascii_letters + string.digits

    def token(size: int, alphabet: str = base62) -> str:
        return "".join(pick.choice(alphabet) for _ in range(size))

    # a random token with a lowercase and an uppercase letter and a digit in it, wherever they fall
    mixed = list(token(37)) + [pick.choice(string.ascii_lowercase), pick.choice(string.ascii_uppercase),
                                pick.choice(string.digits)]  # fmt: skip
    pick.shuffle(mixed)
    return [
        ("a random 40-character token", "".join(mixed)),
        ("a GitHub token (`ghp_` and 36 characters)", "ghp_" + token(36)),
        ("an AWS access key id (`AKIA` and 16 characters)", "AKIA" + token(16, string.ascii_uppercase + string.digits)),
        ("a private key's first line", "-----BEGIN " + "PRIVATE KEY-----"),
        ("an API key (`sk-` and 48 characters)", "sk-" + token(48)),
        ("a password like `Tr0ub4dor&3`", "Tr0ub4dor&3"),
    ]
