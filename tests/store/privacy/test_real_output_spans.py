"""False and over-wide redactions that real command output showed, each beside the same syntax
holding a real secret, which still goes: pytest's test ids listed one a line, a URL's query value
in a Markdown badge, commit messages that quote examples in prose, a one-time code said in groups."""

from __future__ import annotations

import pytest

from store.privacy import clean_text, find_secrets

PW = "Zq7#rT" + "m2Lp!"
RANDOM = "q8Vn3KxT7mWz" + "2RbL9cYd4HsP"


def spans(text):
    return [text[s:e] for _k, s, e in find_secrets(text)]


# ------------------------------------------------------------------ pytest's ids, one a line
# (`pytest --co -q`, `-rA`'s summary, `find`/`ls` of paths): an id or a path that ends with a
# secret's word is not a label, and the next line is the next id, never its value.
@pytest.mark.parametrize("text", [
    "tests/test_auth.py::test_names[new_password]\ntests/test_auth.py::test_names[token_v2]\n",
    "tests/test_auth.py::test_kept[token-secret-pw]\ntests/test_auth.py::test_names[token_v2]\n",
    "tests/auth/test_vault_reader.py::test_the_reader_stops_where_the_same_words_hold_a_secret\n"
    "tests/auth/test_vault_reader.py::test_a_longer_word_that_starts_like_a_secrets_word_is_still_judged\n",
    "tests/test_auth.py::test_kept[password\\nsecret_token]\ntests/test_auth.py::test_x[Zk82mPqL1xQw]\n",
    "tests/api/test_login.py::TestLogin::test_kept[api-token]\ntests/api/test_login.py::TestLogin::test_ok[token_v2]\n",
    "PASSED tests/test_auth.py::test_names[new_password]\nPASSED tests/test_auth.py::test_names[admin123-pw]\n",
    "tests/test_auth.py::test_kept[secretName: smtp-pass]\ntests/test_auth.py::test_kept[TOKEN=API_V2]\n",
    "tests/test_h.py::test_header[Authorization-token]\ntests/test_h.py::test_cookie[session-id-v2]\n",
    "./deploy/secrets/db_password\n./deploy/secrets/Zk82mPqL1xQw\n",
])  # fmt: skip
def test_a_test_id_or_a_path_listed_one_a_line_is_no_label(text):
    assert spans(text) == []


@pytest.mark.parametrize("text", [f"DB password\n{PW}\n", f"password:\n{PW}\n", f"the root token below\n{RANDOM}\n",
                                  f"$ cat /etc/app/secret_token\n{RANDOM}\n",
                                  f"    29\u2192$ cat /etc/wireguard/private_token\n    30\u2192{RANDOM}\n"])  # fmt: skip
def test_a_value_below_its_label_still_goes(text):
    assert any(PW in s or RANDOM in s for s in spans(text))


# ------------------------------------------------------------------ a URL query's value
@pytest.mark.parametrize("text, value", [
    (f"[![build](https://ci.example.com/x/badge.svg?token={RANDOM})](https://ci.example.com/x)", RANDOM),
    (f"see [the report](https://api.example.com/r?access_token={RANDOM}) for details", RANDOM),
    (f"<https://api.example.com/r?api_key={RANDOM}>", RANDOM),
    (f"[link]: https://api.example.com/r?token={RANDOM}]] more", RANDOM),
    (f"https://api.example.com/r?client_secret={RANDOM}&page=2", RANDOM),
])  # fmt: skip
def test_a_query_value_ends_where_its_url_does(text, value):
    assert spans(text) == [value]


def test_a_query_value_keeps_a_hash_it_holds():
    # (a password typed with a `#` would leave its tail if the value ended there)
    text = "GET /api?client_secret=Pw3eYJe9Ys#7&page=2"
    assert spans(text) == ["Pw3eYJe9Ys#7"]


@pytest.mark.parametrize("text", [
    "[![codecov](https://codecov.io/gh/acme/api/graph/badge.svg?token=GB9EmYKPAl)](https://codecov.io/gh/acme/api)",
    '<img src="https://codecov.io/github/acme/api/branch/main/graph/badge.svg?token=Q1w2E3r4T5"/>',
    ".. image:: https://codecov.io/gl/acme/api/graphs/sunburst.svg?flag=unit&token=Q1w2E3r4T5",
])  # fmt: skip
def test_a_codecov_graph_token_is_public(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("text", [f"curl -X POST 'https://codecov.io/upload/v4?token={RANDOM}'",
                                  f"https://ci.example.com/graph/badge.svg?token={RANDOM}",
                                  "CODECOV_TOKEN=5b2c6f1e-9a3d-4c2b-8e7f-1a2b3c4d5e6f"])  # fmt: skip
def test_an_upload_token_and_other_badges_tokens_still_go(text):
    assert spans(text)


# ------------------------------------------------------------------ prose that quotes examples
@pytest.mark.parametrize("text", [
    "a pair as the commit says (processes.user_slash_password: 'Log in as qa@example.com / X', then more)",
    "the label names a compound, not a secret: 'my password manager is 1Password' is kept",
    "passwd = 'this is the value of the field' in the form's help",
    "keyword arguments (connect(user=app,password=db_pass2) kept, as the tests hold; the commit before broke it)",
    "also for the name rule (Cookie: csrftoken=abc, a HAR entry's Cookie object), in place of three",
    "XML's <Key>/<Value> pair as plist's (KeePass); knife's -P in the command table. For precision: hashes",
    "composer's http-basic and altool's -p by position. Changed outputs: 24 dev cases",
    "ansible-vault encrypt_string's plaintext joins the command table, and a form never takes a flag as its "
    "value. The outputs: nine probe cases and the shape 'random 4' (echo X > out)",
])  # fmt: skip
def test_prose_that_quotes_an_example_is_no_value(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("text, value", [
    ("Changed outputs: 4 dev negatives (aws configure list, snmpwalk -c Pq7rT2mLx9) that were redacted", "Pq7rT2mLx9"),
    (f"SNMP by position (rocommunity {PW}, snmp-server community {PW}, and more)", PW),
    (f"keyword arguments (connect(user=app,password={PW}) kept, as the tests hold; the rest)", PW),
    (f"Cookie: sessionid={RANDOM}, a HAR entry's Cookie", RANDOM),
    (f"both stdin forms (gh auth login --with-token <<< {RANDOM}, echo X | gh auth login --with-token)", RANDOM),
    (f'a name with sections (dotnet user-secrets set "Db:Password" {RANDOM}) and never a reference', RANDOM),
    (f"user secrets (dotnet user-secrets set ApiKey {RANDOM}; then run)", RANDOM),
    (f"theme=dark; lang=en; Set-Cookie: connect.sid={RANDOM}; Path=/; HttpOnly", RANDOM),
])  # fmt: skip
def test_a_value_in_prose_stops_before_the_prose(text, value):
    assert value in spans(text) and all(" " not in s for s in spans(text))


@pytest.mark.parametrize("text", [
    "RESTIC_PASSWORD='correct horse battery staple' restic backup ~/docs",
    'password = "seven lazy owls drink tea"',
    "passphrase: 'this is the way to go home'",
    "Server=db;Database=app;User Id=sa;Password=my pass word;",
])  # fmt: skip
def test_a_pass_phrase_of_several_words_still_goes(text):
    assert len(spans(text)) == 1 and " " in spans(text)[0]


# ------------------------------------------------------------------ one-time codes in groups
@pytest.mark.parametrize("text, code", [
    ("One-time password: 482 913", "482 913"), ("Your one-time password is 482 913.", "482 913"),
    ("one time password: 482-913", "482-913"), ("One-time password: 482913", "482913"),
    ("OTP password: 482 913", "482 913"), ("use 482 913 as your one-time password", "482 913"),
])  # fmt: skip
def test_a_one_time_password_goes_however_its_digits_are_grouped(text, code):
    assert spans(text) == [code]


@pytest.mark.parametrize("text", ["one-time password (OTP) support was added in 2019 and 2020",
                                  "the one-time password expired at 10:42 13 minutes ago"])  # fmt: skip
def test_a_one_time_password_said_without_one_is_kept(text):
    assert spans(text) == []
