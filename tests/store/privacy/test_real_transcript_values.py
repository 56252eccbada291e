"""Classes of values the filter redacted in real Claude Code transcripts that are no secrets
(store/privacy/never_real_places.py and the rules they extend), each written here in other words and
values of the same shape, beside a secret of the same place that stays redacted."""

from __future__ import annotations

from tests.privacy_eval import gen
from tests.store.privacy import kept, redacted


# ---------------------------------------------------------------- ids under a label ending in `key`
def test_a_counted_id_under_a_label_that_merely_ends_in_key_is_kept():
    for text in ('<div class="note-body" data-editor="q7c2x" data-offset-key="7fk2p-0-0">Hello</div>',
                 '<li data-block-key="m4z9r-3-1" class="item">',
                 "<Row key='row-12' label={name} />",
                 '{"segmentKey": "ab3kq-7", "text": "first"}',
                 "block_key: w8e1t-0-2",
                 "entry.anchorKey = 'n2vx0:4:1';"):
        kept(text)


def test_a_credential_under_a_key_label_stays_redacted():
    random = gen("real-ids-random", 22)
    redacted('<div data-offset-key="' + random + '">', random)  # random, not a head and counters
    redacted('data-api-key="h4kq2-0-0"', "h4kq2-0-0")  # `api`: a credential's label, whatever the value
    redacted('SIGNING_KEY="x9Lm2-4-1"', "x9Lm2-4-1")
    redacted('offset_key = "Zq7#rTm2Lp"', "Zq7#rTm2Lp")  # a credential's shape, not an id's
    redacted("ACTIVATION_KEY=4821-7730-1954-2231", "4821-7730-1954-2231")  # groups of digits: a product key
    redacted('PRODUCT_KEY="KX7P-2231-8890"', "KX7P-2231-8890")


# ---------------------------------------------------------------- names of things under a `*_KEY`
def test_a_name_of_words_and_a_version_under_a_weak_key_label_is_kept():
    for text in ('  const TILE_CACHE_KEY = "map_tiles_cache_v4";\n  localStorage.getItem(TILE_CACHE_KEY);',
                 "LAYOUT_PREFS_KEY: 'editor-layout-prefs-v3'",
                 'queueKey = "billing.retry.jobs.v2"'):
        kept(text)


def test_the_same_value_under_a_credential_label_stays_redacted():
    redacted('SIGNING_KEY = "map_tiles_cache_v4"', "map_tiles_cache_v4")
    redacted('DB_PASSWORD = "garden_gate_v2"', "garden_gate_v2")
    redacted("DB_PASSWORD=letmein", "letmein")
    redacted("BACKUP_KEY=correct-horse-battery-7", "correct-horse-battery-7")  # a passphrase's number, no version
    redacted("password: hunter2", "hunter2")


# ---------------------------------------------------------------- the entropy rule on paths and timestamps
def test_a_name_whose_only_randomness_is_a_digit_run_is_not_random():
    for text in ('ls .auth-cache.json "snapshots/.app.state.bak.1765432109876" "snapshots/.app.state.bak.1765433209871" 2>&1',
                 "session archive: logs/session.1765432109876.jsonl",
                 "auth tokens rotated at run-1765432109-final"):
        kept(text)


def test_a_random_value_beside_the_same_words_stays_redacted():
    random = gen("real-entropy", 24)
    redacted("ls .auth-cache.json " + random, random)
    redacted("session archive: logs/" + random + ".1765432109876", random)


# ---------------------------------------------------------------- public by design, and masks
def test_a_key_whose_prefix_says_publishable_is_kept_as_stripes_pk_is():
    for text in ('  const ANON_KEY = "sb_publishable_' + gen("real-publishable", 31) + '";',
                 "PUBLIC_CLIENT_KEY=acme_publishable_" + gen("real-publishable-2", 28),
                 'key: "pk_live_' + gen("real-pk", 24) + '"'):
        kept(text)
    secret = "sb_secret_" + gen("real-sb-secret", 31)
    redacted("SUPABASE_SECRET=" + secret, secret)
    redacted('const HARD_KEY = "sb_' + gen("real-sb-other", 36) + '";', gen("real-sb-other", 36))


def test_a_value_already_masked_is_kept():
    for text in ("der Schluessel ist api key ***REMOVED***, laeuft es jetzt?",
                 "MAILGUN_API_KEY=***REMOVED***\n",
                 "my password is **HIDDEN**",
                 "token: glpat-XXXXXX\u2026\n",
                 "token: glpat-7Hq2zB\u2026\n",
                 "key shown as sk-ant-Qm3x...\n"):
        kept(text)


def test_a_whole_token_beside_a_mask_stays_redacted():
    token = "glpat-" + gen("real-glpat", 20)
    redacted("token: " + token + "\n", token)
    redacted("token: " + token + "\u2026\n", token)  # cut at its end: most of it is shown
    redacted("password: Tr0ub4dor\u2026", "Tr0ub4dor")
    redacted("password: super-Secret1\u2026", "super-Secret1")  # a password cut by prose's ellipsis is whole
    redacted("DB_PASSWORD=pg-Xk29qL\u2026", "pg-Xk29qL")


# ---------------------------------------------------------------- not values: a time, a call's argument in a log
def test_the_last_field_of_a_time_is_no_password():
    for text in ("I need to read the door logs from 07:41:02-07:43:55.",
                 "the job ran 23:59:58-00:00:03, then stopped"):
        kept(text)
    redacted("db.internal:5432:orders:app:Wm4!kz81Qp\n", "Wm4!kz81Qp")  # a .pgpass line's password


def test_an_argument_in_parentheses_after_a_functions_name_is_no_labelled_value():
    kept("deploy log:\n  functions[rotateUserPassword(europe-west1)] Successful create operation.\n"
          "  functions[listOrders(europe-west1)] Successful create operation.\n"
          "Function URL (listOrders(europe-west1)): https://listorders-q1w2e3-ew.a.run.app")
    redacted('user.set_password("Zq7#rTm2Lp")', "Zq7#rTm2Lp")  # a quoted literal given to the setter
    # a value a secret by its own shape, whatever the name before it
    key = "sk-ant-api03-" + gen("real-call-key", 93) + "AA"
    redacted("client.setApiKey(" + key + ")", key)
    random = gen("real-call-random", 24)
    redacted("log: authenticateUser(" + random + ") ok token", random)
    redacted("DB_PASSWORD=europe-west1x9", "europe-west1x9")


# ---------------------------------------------------------------- ciphertext under its tool's header
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _base64_lines(seed: str) -> str:
    return "\n".join(gen(seed + str(i), 76, _B64) for i in range(4)) + "\nEw==\n"


def test_base64_under_a_header_that_says_the_file_is_encrypted_is_kept():
    for head in ("# VAULTBOX ENCRYPTED RESOURCE ; See https://example.org/vaultbox\n",
                 "// this file is encrypted by the repository's git filter\n"):
        kept(head + _base64_lines("real-cipher"))


def test_a_key_body_under_any_other_header_stays_redacted():
    body = _base64_lines("real-keybody")
    for head in ("# deploy key for the build box\n", "Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,3F2A1B0C9D8E7F6A\n\n",
                 "# encrypted private key of the signer\n", ""):
        redacted(head + body, body.split("\n")[1])
