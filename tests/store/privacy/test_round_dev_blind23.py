"""Classes the twenty-third blind part (tests/privacy_eval/dev_blind23.py) showed, each written here
with shapes of our own, from other tools and languages than the part's; beside each, what stays."""

from __future__ import annotations

from store.privacy import clean_text


def _gone(text, value):
    out = clean_text(text)
    assert value not in out, out
    return out


def _kept(text, value):
    out = clean_text(text)
    assert value in out, out
    return out


def test_a_name_whose_first_word_says_public_names_a_public_value():
    for text, value in (
        ('<assemblyIdentity name="System.Web.Mvc" publicKeyToken="9c2e4a7d81b35f60" culture="neutral" />',
         "9c2e4a7d81b35f60"),
        ("plaid:\n  publicToken: Lx83mQ2vTz91KpWd4sNb\n", "Lx83mQ2vTz91KpWd4sNb"),
        ('const cfg = { PublishableToken: "Gh52kWq9ZxL3tRm7Vb0c" };', "Gh52kWq9ZxL3tRm7Vb0c"),
    ):
        _kept(text, value)
    # near: a public name whose later word says secret, and a word that only starts like public
    for text, value in (
        ('publicTokenSecret = "Qm4Xv9Lt2Wz8Kp5Ns7Rd"', "Qm4Xv9Lt2Wz8Kp5Ns7Rd"),
        ('publicationToken = "Qm4Xv9Lt2Wz8Kp5Ns7Rd"', "Qm4Xv9Lt2Wz8Kp5Ns7Rd"),
        ("public_password: Tern7Willow!Gate", "Tern7Willow!Gate"),
    ):
        _gone(text, value)


def test_a_flag_after_a_secret_flags_argument_ends_its_reach():
    for text, value in (
        ("mosquitto_sub -h broker --pass Vq83mLx2Tz91Kp --topic 'home/#'", "'home/#'"),
        ('ExecStart=/usr/bin/ntfy-relay --token Hq7Lm2Wx9Zt4Kv --filter "alerts/*"', '"alerts/*"'),
    ):
        out = _kept(text, value)
        assert "[REDACTED" in out, out
    # near: the quoted value right after its flag goes
    _gone("exec bridge --password 'Tern7Willow!Gate' --verbose", "Tern7Willow!Gate")


def test_a_mask_and_its_remark_hide_a_secrets_change():
    for text in (
        "--- live\n+++ merged\n@@ -3,2 +3,2 @@\n data:\n-  token: '*** (before)'\n+  token: '*** (after)'\n",
        "~ resource \"vault_generic_secret\" \"app\" {\n    - api_key = \"•••• (hidden)\"\n    + api_key = \"•••• (hidden)\"\n",
        "  db_pass: '-------- # (24 bytes)'\n",
    ):
        out = clean_text(text)
        assert "[REDACTED" not in out, out
    # near: a mask's run before a password is no mask, and the remark holds no value
    _gone("  db_pass: '*** Tern7Willow!Gate'\n", "Tern7Willow!Gate")
    _gone("  db_pass: '--- (Tern7Willow!Gate)'\n", "Tern7Willow!Gate")
