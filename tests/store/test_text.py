from __future__ import annotations

import re

import pytest

from store.text import (
    MAX_CONTENT_CHARS,
    basename,
    cap_text,
    estimate_tokens,
    one_line,
    relative_path,
    text_tokens,
)

MARKER_RE = re.compile(r"\n… \[(\d+) chars cut\] …\n")


def test_constant():
    assert MAX_CONTENT_CHARS == 4000


@pytest.mark.parametrize("text", ["", "short", "x" * 4000])
def test_short_text_is_unchanged(text):
    assert cap_text(text, 4000) == text


def test_default_limit():
    assert len(cap_text("y" * 10_000)) <= MAX_CONTENT_CHARS


@pytest.mark.parametrize("limit", [50, 100, 333, 1000, 4000])
@pytest.mark.parametrize("size", [4001, 10_000, 123_457])
def test_head_and_tail_kept_and_count_is_exact(limit, size):
    text = "".join(chr(ord("a") + i % 26) for i in range(size))
    out = cap_text(text, limit)
    assert len(out) <= limit
    m = MARKER_RE.search(out)
    assert m, out
    head, tail = out[: m.start()], out[m.end():]
    assert text.startswith(head) and text.endswith(tail)
    assert head and tail
    assert len(head) + int(m.group(1)) + len(tail) == len(text)


def test_prefers_line_boundaries():
    text = "\n".join(f"line {i:04d}" for i in range(1000))
    out = cap_text(text, 400)
    m = MARKER_RE.search(out)
    head, tail = out[: m.start()], out[m.end():]
    assert head.endswith(head.splitlines()[-1]) and re.fullmatch(r"line \d{4}", head.splitlines()[-1])
    assert re.fullmatch(r"line \d{4}", tail.splitlines()[0])
    assert tail.endswith("line 0999")


def test_never_splits_a_surrogate_pair():
    pair = "\ud83d\ude00"  # what a JSON "\\ud83d\\ude00" decodes to when not combined
    for limit in range(30, 80):
        for offset in range(0, 4):
            text = "a" * offset + pair * 200
            out = cap_text(text, limit)
            assert len(out) <= limit
            for i, ch in enumerate(out):
                if "\ud800" <= ch <= "\udbff":
                    assert i + 1 < len(out) and "\udc00" <= out[i + 1] <= "\udfff", (limit, offset)
                if "\udc00" <= ch <= "\udfff":
                    assert i > 0 and "\ud800" <= out[i - 1] <= "\udbff", (limit, offset)


def test_astral_characters_intact():
    text = "😀" * 5000
    out = cap_text(text, 100)
    assert len(out) <= 100
    assert set(MARKER_RE.sub("", out)) == {"😀"}


@pytest.mark.parametrize("limit", [0, -5])
def test_non_positive_limit(limit):
    assert cap_text("abc", limit) == ""


def test_tiny_limit_just_truncates():
    assert cap_text("abcdefghij" * 10, 5) == "abcde"


def test_non_string_input():
    assert cap_text(None, 10) == ""
    assert cap_text(12345, 10) == "12345"


@pytest.mark.parametrize(
    ("text", "limit", "expected"),
    [
        ("a\n\tb   c", None, "a b c"),
        ("red\x1b[31m and \u202ebidi\u200b", None, "red[31m and bidi"),
        ("line\u2028two", None, "line two"),
        (None, None, ""),
        (42, None, "42"),
        ("word " * 10, 12, "word word w…"),
        ("word " * 10, 6, "word…"),  # no space before the ellipsis
        ("abcdef", 6, "abcdef"),
        ("abcdef", 1, "…"),  # never longer than the limit
        ("red\x1b[31m\r\nnext", None, "red[31m next"),
    ],
)
def test_one_line(text, limit, expected):
    assert one_line(text, limit) == expected


@pytest.mark.parametrize(
    ("path", "expected"),
    [("/a/b/c.py", "c.py"), ("C:\\work\\x.py", "x.py"), ("/a/b/", "b"), ("/", ""), ("", "")],
)
def test_basename(path, expected):
    assert basename(path) == expected


@pytest.mark.parametrize(
    ("path", "cwd", "expected"),
    [
        ("/repo/src/a.py", "/repo", "src/a.py"),
        ("/repo/src/a.py", "/repo/", "src/a.py"),
        ("/repository/a.py", "/repo", None),
        ("/Repo/a.py", "/repo", None),  # POSIX paths keep their case
        ("C:\\Work\\Src\\a.py", "c:\\work", "Src/a.py"),  # Windows paths do not
        ("/repo", "/repo", None),
        ("/repo/a.py", None, None),
        ("/repo/a.py", "/", None),
    ],
)
def test_relative_path(path, cwd, expected):
    assert relative_path(path, cwd) == expected


def test_the_token_estimate_is_four_bytes_of_utf8_a_token_rounded_up():
    assert [estimate_tokens(n) for n in (0, 1, 4, 5, 4000)] == [0, 1, 1, 2, 1000]
    assert estimate_tokens(-3) == 0
    assert text_tokens("") == 0 and text_tokens("abcd") == 1
    assert text_tokens("비밀") == 2  # 6 bytes of UTF-8, not 2 characters


@pytest.mark.parametrize(
    ("text", "limit", "expected"),
    [
        ("red\x1b[31m \u202ebidi", None, "red␛[31m <U+202E>bidi"),  # shown, not dropped
        ("a\r\n\tb", None, "a b"),  # layout whitespace is folded, not shown
        ("word " * 10, 6, "word…"),
        ("abcdefghij", 5, "abcd…"),
    ],
)
def test_one_line_for_a_person_shows_controls(text, limit, expected):
    from store.display import shown_line

    assert shown_line(text, limit) == expected
