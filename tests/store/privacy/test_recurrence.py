"""Once a secret, always a secret, within one text: a random value the filter found at one place
is redacted at every other place it stands as a whole token in that text, however far
(store/privacy/recurrence.py), where the copies' rule reaches 600 characters."""

from __future__ import annotations

from store.privacy import find_secrets
from store.privacy.recurrence import rememberable
from tests.privacy_eval import gen, random_secret


def test_a_labelled_random_key_goes_at_its_bare_copy_far_below():
    key = random_secret("recur-far", 32)
    text = f"export ACME_API_KEY={key}\n" + "building step ok\n" * 80 + f"echo said:\n{key}\n"
    spans = find_secrets(text)
    assert [text[s:e] for _k, s, e in spans] == [key, key]
    assert {k for k, _s, _e in spans} == {"api_key"}


def test_a_copy_inside_a_longer_run_after_its_own_name_or_an_equals_sign_goes():
    key = random_secret("recur-run", 30)
    text = f"ACME_TOKEN={key}\n" + "x = 1\n" * 200 + f"GET /v1/login?next=home&token2={key}.\n"
    assert [text[s:e] for _k, s, e in find_secrets(text)] == [key, key]


def test_a_short_or_word_like_password_is_not_carried_far():
    text = "DB_PASSWORD=sunflower42\n" + "line\n" * 200 + "sunflower42 is a flower shop's name\n"
    spans = find_secrets(text)
    assert [text[s:e] for _k, s, e in spans] == ["sunflower42"]


def test_what_is_random_enough_to_remember():
    assert rememberable(random_secret("recur-r1", 24))
    assert rememberable(gen("recur-hex", 40, "0123456789abcdef"))
    assert not rememberable(gen("recur-hex2", 16, "0123456789abcdef"))  # 64 bits: too few
    assert rememberable("rk_" + gen("recur-hex3", 48, "0123456789abcdef"))  # a service's head, then hex
    assert rememberable("Tok-" + gen("recur-hex4", 32, "0123456789ABCDEF"))
    assert not rememberable("build_" + gen("recur-hex5", 12, "0123456789abcdef"))
    assert not rememberable("sunflower42")
    assert not rememberable("CorrectHorseBatteryStaple2024")  # words
    assert not rememberable(gen("recur-letters", 24, "abcdefghijklmnopqrstuvwxyz"))  # no digit
    assert not rememberable("/usr/lib/python3.11/site-packages")
    assert not rememberable(random_secret("recur-sp", 20) + " " + random_secret("recur-sp2", 20))
