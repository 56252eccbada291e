"""Well-known public fixtures and deliberately wrong inputs (real Claude Code transcripts, part A):
a seed phrase whose words repeat (a framework's default mnemonic, a test vector) is no wallet's;
a value that says it is wrong or invalid (`password=wrongpassword`, sent to see a login fail), and
a token, key or cookie whose value is the word `test`, are no credentials.  A weak but plausible
password under a strong label stays one (`123456`, `hunter2`: people use them, a seeded test
account's password works wherever that seed ran)."""

from __future__ import annotations

from store.privacy import clean_text
from tests.store.privacy import kept


def test_a_seed_phrase_whose_words_repeat_is_a_fixture():
    for text in ('const MNEMONIC = env.get("MNEMONIC", "zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong");',
                 "mnemonic: abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"):
        kept(text)
    # twelve words of a wallet, none repeated, still go
    phrase = "ribbon quantum marble ceiling dwarf glimpse hollow oyster prison tackle unveil whisper"
    assert phrase not in clean_text('const MNEMONIC = env.get("MNEMONIC", "' + phrase + '");')


def test_a_value_that_says_it_is_wrong_or_a_test_is_no_credential():
    for text in ('curl -s -o /dev/null -w "%{http_code}" -b "XSRF-TOKEN=test" http://localhost:8080$route',
                 'curl -s -c jar.txt -X POST http://10.1.2.3:5050/login -d "username=demo&password=wrongpassword"',
                 "curl -s localhost:3000/api/login -d '{\"email\":\"a@b.io\",\"password\":\"invalid_password\"}'",
                 'headers = {"X-Api-Key": "bad-key"}  # expect 401'):
        kept(text)


def test_a_weak_but_plausible_password_stays_a_password():
    for text, value in (("curl -s localhost:8000/api/auth/login -d '{\"phone\":\"13500000002\",\"password\":\"654321\"}'", "654321"),
                        ("password=hunter2", "hunter2"), ('DB_PASSWORD="letmein"', "letmein"),
                        ("password=wrongHorse7!", "wrongHorse7!")):
        assert value not in clean_text(text), clean_text(text)
