"""Classes the twenty-third blind part (tests/privacy_eval/dev_blind23.py) showed, each written here
with shapes of our own, from other tools and languages than the part's; beside each, what stays."""

from __future__ import annotations

from store.privacy import clean_text
from tests.store.privacy import kept, removed


def test_a_name_whose_first_word_says_public_names_a_public_value():
    for text, value in (
        ('<assemblyIdentity name="System.Web.Mvc" publicKeyToken="9c2e4a7d81b35f60" culture="neutral" />',
         "9c2e4a7d81b35f60"),
        ("plaid:\n  publicToken: Lx83mQ2vTz91KpWd4sNb\n", "Lx83mQ2vTz91KpWd4sNb"),
        ('const cfg = { PublishableToken: "Gh52kWq9ZxL3tRm7Vb0c" };', "Gh52kWq9ZxL3tRm7Vb0c"),
    ):
        kept(text, value)
    # near: a public name whose later word says secret, and a word that only starts like public
    for text, value in (
        ('publicTokenSecret = "Qm4Xv9Lt2Wz8Kp5Ns7Rd"', "Qm4Xv9Lt2Wz8Kp5Ns7Rd"),
        ('publicationToken = "Qm4Xv9Lt2Wz8Kp5Ns7Rd"', "Qm4Xv9Lt2Wz8Kp5Ns7Rd"),
        ("public_password: Tern7Willow!Gate", "Tern7Willow!Gate"),
    ):
        removed(text, value)


def test_a_flag_after_a_secret_flags_argument_ends_its_reach():
    for text, value in (
        ("mosquitto_sub -h broker --pass Vq83mLx2Tz91Kp --topic 'home/#'", "'home/#'"),
        ('ExecStart=/usr/bin/ntfy-relay --token Hq7Lm2Wx9Zt4Kv --filter "alerts/*"', '"alerts/*"'),
    ):
        out = kept(text, value)
        assert "[REDACTED" in out, out
    # near: the quoted value right after its flag goes
    removed("exec bridge --password 'Tern7Willow!Gate' --verbose", "Tern7Willow!Gate")


def test_a_mask_and_its_remark_hide_a_secrets_change():
    for text in (
        "--- live\n+++ merged\n@@ -3,2 +3,2 @@\n data:\n-  token: '*** (before)'\n+  token: '*** (after)'\n",
        "~ resource \"vault_generic_secret\" \"app\" {\n    - api_key = \"•••• (hidden)\"\n    + api_key = \"•••• (hidden)\"\n",
        "  db_pass: '-------- # (24 bytes)'\n",
    ):
        out = clean_text(text)
        assert "[REDACTED" not in out, out
    # near: a mask's run before a password is no mask, and the remark holds no value
    removed("  db_pass: '*** Tern7Willow!Gate'\n", "Tern7Willow!Gate")
    removed("  db_pass: '--- (Tern7Willow!Gate)'\n", "Tern7Willow!Gate")


def test_a_secret_in_a_string_joined_from_pieces_or_filled_by_a_format():
    for text, value in (
        ("conn = 'postgres://app:' + 'Tern7Willow!Gate' + '@db:5432/app'", "Tern7Willow!Gate"),
        ('String url = "jdbc:mysql://db/app?user=app&password=" + "Quokka.Reef.58" + "&ssl=true";', "Quokka.Reef.58"),
        ("$dsn = 'ldap://cn=admin:' + 'Kestrel9Dune!' + '@ldap.internal';", "Kestrel9Dune!"),
        ('url = "amqp://{}:{}@{}/".format("svc", "Tern7Willow!Gate", host)', "Tern7Willow!Gate"),
        ('snprintf(buf, sizeof buf, "mongodb://%s:%s@%s/app", "app", "Vq83mLx2Tz91KpWd", host);', "Vq83mLx2Tz91KpWd"),
    ):
        removed(text, value)
    # near: pieces joined from variables and lookups, a greeting; a line past the cap is not read
    for text in (
        'String url = "jdbc:mysql://db/app?user=app&password=" + System.getenv("DB_PW") + "&ssl=true";',
        'dsn = "postgres://%s:%s@%s/app" % (user, pw, host)',
        'msg = "Hello " + name + "! Your code is ready"',
    ):
        out = clean_text(text)
        assert "[REDACTED" not in out, out
    joined = "conn = 'postgres://app:' + 'Tern7Willow!Gate' + '@db:5432/app'"
    removed(joined + " + '" + "x" * 900 + "'", "Tern7Willow!Gate")
    kept(joined + " + '" + "x" * 1_000 + "'", "Tern7Willow!Gate")


def test_an_authorization_header_compared_to_its_basic_value():
    for text, value in (
        ("if (req.headers.authorization === 'Basic YWRtaW46VGVybjdXaWxsb3chR2F0ZQ==') next();",
         "YWRtaW46VGVybjdXaWxsb3chR2F0ZQ=="),
        ('if r.Header.Get("Authorization") == "Basic c3ZjOlF1b2trYS5SZWVmLjU4" {', "c3ZjOlF1b2trYS5SZWVmLjU4"),
    ):
        removed(text, value)
    # near: the scheme alone compared, and a prefix test
    for text in ('if (req.headers.authorization === "Basic") {',
                 'if r.Header.Get("Authorization") == "" {'):
        out = clean_text(text)
        assert "[REDACTED" not in out, out
