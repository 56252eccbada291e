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


# ------------------------------------------------------------------------------ a password after its login


@pytest.mark.xfail(strict=True, reason="argument_logins reads texts of at most _SHORT characters: reading a long text "
                   "around its login words cost ~90 ms a realistic MB and ~400 ms a dense one, past the speed targets")
def test_a_password_after_its_login_just_past_the_short_text_cap_goes():
    command = "./deploy.sh staging deploy-bot 'Heron!Pass47'\n"
    head = _log(_SHORT)[: _SHORT + 1 - len(command)]
    text = head + command
    assert len(text) == _SHORT + 1
    assert _values(text) == ["Heron!Pass47"]
    text = _log(_SHORT)[: _SHORT - len(command)] + command  # and at the cap itself
    assert _values(text) == ["Heron!Pass47"]


@pytest.mark.xfail(strict=True, reason="argument_logins reads texts of at most _SHORT characters: reading a long text "
                   "around its login words cost ~90 ms a realistic MB and ~400 ms a dense one, past the speed targets")
@pytest.mark.parametrize("command, value", [
    ("./deploy.sh staging deploy-bot 'Heron!Pass47'", "Heron!Pass47"),
    ("python manage.py create acme ana@acme.test Quill#2290x", "Quill#2290x"),
    ("pmcmd startworkflow -sv int_svc -u Administrator -p 'Birch!Hollow62' wf_load", "Birch!Hollow62"),
    ("(echo 'Maple#Cove19'; echo 'Maple#Cove19') | pure-pw useradd ana -u ftp", "Maple#Cove19"),
])
def test_a_password_after_its_login_in_a_1_mb_output_goes_wherever_it_stands(command, value):
    log = _log(1_000_000)
    cut = log.index("\n", len(log) // 2) + 1
    for text in (log + command + "\n", command + "\n" + log, log[:cut] + command + "\n" + log[cut:]):
        got = _values(text)
        assert value in got and set(got) == {value}, command


@pytest.mark.xfail(strict=True, reason="argument_logins reads texts of at most _SHORT characters: reading a long text "
                   "around its login words cost ~90 ms a realistic MB and ~400 ms a dense one, past the speed targets")
def test_10000_lines_of_logins_each_with_its_password_lose_every_password_and_nothing_else():
    lines = []
    for i in range(10_000):
        lines.append(f"./deploy.sh stage{i} deploy-bot 'Heron!Pass{i}'" if i % 50 == 7
                     else f"user{i % 97} logged in from 10.0.{i % 250}.{i % 200} at 12:{i % 60:02d} (session {i})")
    text = "\n".join(lines)
    assert _values(text) == [f"Heron!Pass{i}" for i in range(7, 10_000, 50)]


# ------------------------------------------------------------------------------ a made password in prose


def test_a_made_password_in_a_sentence_past_2000_lines_that_say_password_goes():
    lines = "".join(f"the password policy of team {i} asks for twelve characters\n" for i in range(2_100))
    sentence = "QA found that passwords with a hash sign break the signup form, try Hazelnut#4412 on staging\n"
    assert _values(lines + sentence) == ["Hazelnut#4412"]
    lines = "".join(f"the password policy of team {i} asks for twelve characters\n" for i in range(10_000))
    assert _values(lines[: len(lines) // 2] + sentence + lines[len(lines) // 2:]) == ["Hazelnut#4412"]


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


# ------------------------------------------------------------------------------ a get on a long line


def test_a_get_at_the_end_of_a_line_longer_than_the_get_cap_has_its_reply_lost():
    head = "x" * (declared.GET_LINE_MAX + 10)
    text = head + " 127.0.0.1:6379> HGET svc:mail password\n\"Kq7vW2zHeron!x\"\n"
    assert _values(text) == ["Kq7vW2zHeron!x"]


def test_a_line_of_a_thousand_gets_reads_its_end_alone():
    # (the get pattern's lazy scans are quadratic in what they read: a line of `redis-cli ` repeated)
    text = "redis-cli " * 100_000 + "\n\"Kq7vW2zHeron!x\"\n"
    assert _values(text) == []


# ------------------------------------------------------------------------------ the hook's cut of a huge string


@pytest.mark.parametrize("off", [-30, -20, -10, -4, 0, 3])
def test_a_token_where_the_hook_cuts_one_long_line_leaves_no_piece_of_it(off):
    token = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    half = MAX_FIELD_CHARS // 2
    row = '{"id":1234,"name":"build-agent","state":"idle"},'
    head = (row * (half // len(row) + 1))[: half + off - 6]
    text = head + ',"v":"' + token + '"}' + row * 2_200
    assert "\n" not in text and len(text) > MAX_FIELD_CHARS
    cleaned = clean_text(_safe_cap(text))
    assert "\n… [" in cleaned
    assert not any(token[i:i + 8] in cleaned for i in range(4, len(token) - 7))


# ------------------------------------------------------------------------------ every switch of size


_SECRET_LINES = [
    ("export DB_PASSWORD='Heron!Pass47'", "Heron!Pass47"),
    ("curl -H 'Authorization: Bearer Kq7vW2zP9xLm4RtY8bN3cD5f' https://api.example.com", "Kq7vW2zP9xLm4RtY8bN3cD5f"),
    ("git clone https://ana:Quill%232290x@git.example.com/app.git", "Quill%232290x"),
    ("mysql -u root -pKq7vW2zHeron db", "Kq7vW2zHeron"),
    ("token: ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8", "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"),
]


@pytest.mark.parametrize("size", [399, 401, 999, 1_001, 2_001, 4_001, 4_097, 20_001, 50_001, 300_000])
def test_a_secret_after_a_log_of_any_size_goes_and_the_log_stays(size):
    # the sizes straddle the filter's switches of how it reads (SEEK_A_PLACE_FROM, WIDE_BY_FIND,
    # _LABEL_IN_FROM, argument_logins._SHORT, GET_LINE_MAX, FORGET_FROM, ONE_PASS_FROM,
    # LOWER_IN_PIECES_FROM, HOLDS_BY_REGEX_FROM): each reads the same secrets
    log = _log(size)[:size]
    log = log[: log.rindex("\n") + 1]
    for line, value in _SECRET_LINES:
        text = log + line + "\n"
        got = find_secrets(text)
        assert [text[s:e] for _k, s, e in got] == [value], (size, line)
        assert got[0][1] >= len(log)


# ------------------------------------------------------------------------------ known: a copy far from its secret


@pytest.mark.xfail(strict=True, reason="processes.COPY_REACH: a copy of a short made password farther than "
                                       "600 characters from where it was found stays (values of 16 characters "
                                       "or more are carried by store/privacy/recurrence.py wherever they stand)")
def test_a_copy_of_a_short_password_far_from_it_goes():
    text = "export DB_PASSWORD='Heron!Pass47'\n" + _log(5_000) + "connecting with Heron!Pass47 now\n"
    assert _values(text) == ["Heron!Pass47", "Heron!Pass47"]
