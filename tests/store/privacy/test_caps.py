"""Past every cap of the privacy filter: a finder that reads a short text alone, a few lines, a
line up to a length or a command line up to a length reads a long one in windows or at the places
that count, so a secret just past the cap goes as it goes before it, and a real size (a 1 MB
Bash output, 10,000 lines) is read whole with no false redaction.  Each case at a real size is
asserted by what is found, not by the time it takes (the suite runs under 2 s a case)."""

import random

import pytest

from hooks.event import MAX_FIELD_CHARS, _safe_cap
from store.privacy import clean_text, declared, find_secrets
from store.privacy.argument_logins import _SHORT
from store.privacy.values import JOINED_MAX, joined_secrets, windows

_LOG_LINE = "2024-05-01 12:00:{s:02d} INFO worker {i} started job {j} in queue default ({ms} ms)\n"


def _log(chars: int) -> str:
    """A build log of `chars` characters at least, no secret in it."""
    lines, n, i = [], 0, 0
    while n < chars:
        line = _LOG_LINE.format(s=i % 60, i=i % 8, j=i, ms=(i * 37) % 900)
        lines.append(line)
        n += len(line)
        i += 1
    return "".join(lines)


def _values(text: str) -> list:
    return [text[s:e] for _k, s, e in find_secrets(text)]


# ------------------------------------------------------------------------------ windows


@pytest.mark.parametrize("seed", range(6))
def test_windows_cover_the_text_and_hold_each_short_stretch_whole(seed):
    rnd = random.Random(seed)
    size, overlap = 400, 100
    pieces = []
    for _ in range(300):  # lines of any length, some longer than a window, some blanks alone
        pieces.append("".join(rnd.choice("ab c") for _ in range(rnd.choice((0, 5, 60, 99, 150, 900)))))
    text = "\n".join(pieces)
    got = list(windows(text, size, overlap))
    assert got[0][0] == 0 and got[-1][1] == len(text)
    assert all(e - s <= size for s, e in got)
    assert all(b[0] <= a[1] - 1 for a, b in zip(got, got[1:]))  # no gap between windows
    assert sum(e - s for s, e in got) <= 2 * len(text)  # (linear: each window moves on by size - 3 * overlap)
    k = 0
    for a in range(0, len(text) - overlap, 7):  # (the windows in order: the last that starts at `a` or before)
        while k + 1 < len(got) and got[k + 1][0] <= a:
            k += 1
        assert a + overlap <= got[k][1], a


def test_a_text_without_line_breaks_is_cut_at_its_blanks_or_where_it_must():
    text = ("word " * 3000) + "x" * 5000
    got = list(windows(text, 1000, 200, " "))
    assert got[-1][1] == len(text)
    assert all(text[e - 1] == " " for s, e in got[:-1] if e < 15000)  # (the blanks' part: cut after one)


# ------------------------------------------------------------------------------ a command line of many items


def test_a_yaml_command_list_longer_than_a_command_line_loses_its_token():
    items = "".join(f"  - --opt{i}=value{i}\n" for i in range(130))
    text = "command:\n  - /app/server\n" + items + "  - --api-token\n  - Kq7vW2zHeron!x\n"
    assert len(" ".join(line.strip()[2:] for line in text.splitlines()[1:])) > JOINED_MAX
    assert _values(text) == ["Kq7vW2zHeron!x"]


def test_a_joined_command_line_past_its_cap_is_read_in_windows_to_its_end():
    words = [f"--opt{i}=value{i}" for i in range(400)] + ["--password", "Kq7vW2zHeron!x"]
    line = " ".join(words)
    assert len(line) > 2 * JOINED_MAX
    spans = joined_secrets(line, {}, find_secrets)
    assert [line[s:e] for _k, s, e in spans] == ["Kq7vW2zHeron!x"]


def test_an_exec_array_of_many_items_loses_its_password():
    items = ", ".join(f'"--opt{i}=' + "v" * 60 + f'{i}"' for i in range(30))
    text = '["/app/server", ' + items + ', "--password", "Kq7vW2zHeron!x"]\n'
    assert len(text) > JOINED_MAX
    assert _values(text) == ["Kq7vW2zHeron!x"]
