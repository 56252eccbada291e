"""The importer's privacy filter: ``store.privacy.clean_value``, remembered per string.

A transcript repeats the same strings many times, and the filter costs about
1 µs a character; :class:`MemoCleaner` filters each distinct string once and
gives exactly what ``clean_value`` gives for the whole event.
"""
from __future__ import annotations

from store.privacy import clean_key, clean_lines, clean_value

_MEMO_MAX_CHARS = 512
_MEMO_MAX_ITEMS = 100_000
_PLAIN_VALUE = "plainvalue"


class MemoCleaner:
    """``clean(value)`` == ``clean_value(value, secret_patterns)``, with memos kept
    for one import run (picklable: the reader carries one to its worker)."""

    def __init__(self, secret_patterns=()):
        self.secret_patterns = tuple(secret_patterns)
        self._memo: dict = {}  # short string -> the string after the privacy filter
        self._event_memo: dict = {}  # the same for long strings, within one event
        self._plain_keys: dict = {}  # dict key -> True when it is not secret-named

    def clean(self, value):
        """``clean_value(value)``, exactly, but faster on transcripts.

        A transcript repeats the same strings (paths, descriptions, patch lines;
        a Write's text is in its input and its result), and the filter's cost is
        per string (about 1 µs a character, 40 µs at least). So each string is
        cleaned once: by ``clean_value`` itself, as a lone string when its dict
        key is not secret-named (then ``clean_value`` treats it exactly so), or
        as ``clean_value({key: s})[key]`` when it is (a value under a
        secret-named key is redacted whole). The answer for a key is found once,
        by filtering a harmless value under it."""
        self._event_memo = {}
        try:
            return self._walk(value, None)
        except RecursionError:  # absurdly deep nesting: the filter's own walk is iterative
            return clean_value(value, self.secret_patterns)
        finally:
            self._event_memo = {}

    def _walk(self, value, key):
        if isinstance(value, str):
            return self._string(value, key)
        if isinstance(value, dict):
            out = {}
            for k, v in value.items():
                out_key = clean_key(k, self.secret_patterns, out)
                out[out_key] = self._walk(v, k if isinstance(k, str) else None)
            return out
        if isinstance(value, (list, tuple)):
            if len(value) > 1 and all(isinstance(v, str) for v in value):
                return clean_lines(value, self.secret_patterns)  # one text, as clean_value does
            return [self._walk(v, None) for v in value]
        return value

    def _string(self, value: str, key):
        if key is not None:
            plain = self._plain_keys.get(key)
            if plain is None:
                # (the key itself is cleaned too: the one value is read whatever it became)
                probe = _only_value(clean_value({key: _PLAIN_VALUE}, self.secret_patterns))
                plain = self._plain_keys[key] = probe == _PLAIN_VALUE
            if not plain:
                return _only_value(clean_value({key: value}, self.secret_patterns))
        short = len(value) <= _MEMO_MAX_CHARS
        memo = self._memo if short else self._event_memo
        got = memo.get(value)
        if got is None:
            got = clean_value(value, self.secret_patterns)
            if short and len(memo) >= _MEMO_MAX_ITEMS:
                memo.clear()
            memo[value] = got
        return got


def _only_value(one: dict):
    return next(iter(one.values()))
