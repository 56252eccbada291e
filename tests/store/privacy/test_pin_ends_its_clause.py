"""A number said as a password in prose (a PIN, a digits-only login) is taken where it ends its
clause, not only its line: `my password is 582019.  use it for sudo`, and before its label, where
the label ends the clause (`582019 is the laptop password`); a number that more words of the same
clause follow is a length, a count (`the password is 12 characters long`)."""

import pytest

from store.privacy import clean_text

PIN = "5820" + "19"


@pytest.mark.parametrize("text", [
    f"ok my password is {PIN}.  use it for the sudo prompts from now on",
    f"the laptop password is {PIN}; keep it in your notes",
    f"{PIN} is the laptop password",
    f"{PIN} is my sudo password.  go ahead",
    f"A senha do notebook é {PIN}. Pode usar.",
])
def test_a_number_said_as_a_password_that_ends_its_clause_is_redacted(text):
    out = clean_text(text)
    assert PIN not in out, out


@pytest.mark.parametrize("text", [
    "the password is 12 characters long, at least",
    "the password is 2048 bits of entropy, more or less",
    "2048 is the key size we use for the cluster",
    "the token is 3600 seconds old, refresh it",
    "password length is 1024. Too long for the form",
    "examples of a value said in prose (the pin is 4821, the port 8080) are kept",
    "[sudo] password for dev: \nSorry, try again.",
])
def test_a_number_that_more_words_follow_is_kept(text):
    assert clean_text(text) == text
