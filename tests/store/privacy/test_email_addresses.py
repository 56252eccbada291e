"""One reading of a user at a host for every caller.  The user before a password's label, the
never-list and a password's shape read addresses three ways (by string calls, and by two patterns
with different edges); now one parser, `a_user_at_a_host`, with the address (`an_email_address`: a
top level of letters) as its one narrower view.

A password's shape keeps the wider view: `P@ss.w0rd` and `ana@10.0.0.1` are logins' targets to it,
not passwords.  Reading them as passwords catches `P@ss.w0rd` in prose but, measured on the unseen
parts, added two false redactions and caught nothing more there, so the wider view stays."""

import pytest

from store.privacy import clean_text
from store.privacy.users import a_user_at_a_host, an_email_address


@pytest.mark.parametrize("text", [
    "git config user.email ana.b+ci@mail.example.org",
    "mot de passe envoyé à josé@exemple.fr",
    "ssh ana@10.0.0.1 'uptime'",
    "Password for ana@10.0.0.1:",
    "ana@10.0.0.1's password:",
    "login: ana@example.org",
])
def test_addresses_and_ssh_targets_are_kept(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("text, kept", [
    ("login: josé@exemple.fr pass: Ember!x9", "login: josé@exemple.fr pass: [REDACTED:password]"),
    ("ana@example.org  pass: Ember!x9", "ana@example.org  pass: [REDACTED:password]"),
    ("password: P@ss.w0rd", "password: [REDACTED:password]"),
    ("curl -u admin:P@ss.w0rd http://x", "curl -u admin:[REDACTED:password] http://x"),
])
def test_a_labelled_password_goes_beside_an_address(text, kept):
    assert clean_text(text) == kept


@pytest.mark.parametrize("word, address, top", [
    ("ana@example.org", True, "org"), ("josé@exemple.fr", True, "fr"), ("a_b+c@mail_host.co.uk", True, "uk"),
    ("P@ss.w0rd", False, "w0rd"), ("ana@10.0.0.1", False, "1"), ("ana@localhost", False, None),
    ("@example.org", False, None), ("ana@.example.org", False, None), ("ana@example..org", False, None),
    ("ana@example.o", False, "o"), ("a@b@c.org", False, None), ("ana@example.", False, None),
])
def test_a_user_at_a_host_and_its_address_view(word, address, top):
    assert an_email_address(word) is address
    assert a_user_at_a_host(word) == top
