"""Ids and names of real part B's shapes (other words and values): a service's id of a prefix and
`_` in a URL's query, a URL's path taken whole as one random run, names of things under a
`key` column, each beside a secret of the same place that stays redacted."""

from __future__ import annotations

from store.privacy import clean_text
from tests.privacy_eval import gen
from tests.store.privacy import kept, redacted


# ---------------------------------------------------------------- a prefixed id in a URL
def test_a_prefixed_id_in_a_urls_query_is_kept():
    bld = "bld_" + gen("real-b-build", 28)
    for text in (  # (a secret word on the line makes the entropy rule read it)
            "at hx @ 6120-9ac3e1f0b2d47a55.js?bld=" + bld + ":4 an error with the session key store\n",
            "fetch https://cdn.example.org/app/chunk.js?v=3&build=" + bld + " failed: token expired\n"):
        kept(text, bld)


def test_a_prefixed_secret_in_a_url_stays_redacted():
    run = gen("real-b-secret", 30)
    redacted("curl 'https://api.example.net/v1/charges?key=sk_live_" + run + "' # secret key", run)
    redacted("https://x.example.net/hook?token=tok_" + run + " the token", run)
    redacted("https://x.example.net/file.js?sig=sig_" + run + " signed, key rotated", run)
    redacted("GET https://x.example.net/repos?access_token=ghp_" + run + " token", run)
    redacted("https://x.example.net/a.js?ref=rk_" + run + " the restricted key", run)
    redacted("https://x.example.net/a.js?build=tok_" + run + " the token", run)  # a credential's head
    for name in ("bearer", "access", "share", "invite"):  # a link's grant
        redacted("GET https://x.example.net/a.js?" + name + "=lnx_" + run + " 403, the session key expired", run)


# ---------------------------------------------------------------- a URL's path read whole as one run
def test_a_urls_path_whose_segments_are_none_random_is_kept():
    token = gen("real-b-header", 40)
    for path in ("9090/api/v1/db/data/p8k2m4x7q1w9z3c/orders", "3000/v2/boards/b7q2k9x4m1z8w3e/columns"):
        text = 'curl -s -H "x-auth-token: ' + token + '" "http://localhost:' + path + '?limit=5" | jq .\n'
        out = clean_text(text)
        assert path in out and token not in out, out


def test_a_random_segment_of_a_urls_path_after_its_port_stays_redacted():
    hook = gen("real-b-hook", 24)
    for text in ('the token: curl "http://localhost:8200/v1/hooks/' + hook + '/data"\n',
                 'a secret one: https://example.com:8443/' + hook + "\n"):
        redacted(text, hook)


# ---------------------------------------------------------------- names of things in a `key` column
def test_a_name_in_a_column_headed_by_a_weak_key_is_kept():
    text = ("| Chart | tracker key | Unit |\n|-------|-------------|------|\n"
            "| Eval loss | `eval/val_loss` | nats |\n| Step time | `perf/step_wall_secs` | s |\n"
            "| Peak memory | `perf/PEAK_MEM` | GB |\n| Tokens | `data.tokens_seen` | count |\n")
    for name in ("eval/val_loss", "perf/step_wall_secs", "perf/PEAK_MEM", "data.tokens_seen"):
        kept(text, name)


def test_a_credential_in_a_column_headed_by_a_key_stays_redacted():
    random = gen("real-b-column", 24)
    redacted("| Service | tracker key |\n|---|---|\n| charts | `" + random + "` |\n", random)
    redacted("| Service | api key |\n|---|---|\n| mail | `mail/primary_sender` |\n", "mail/primary_sender")
    redacted("| Host | password |\n|---|---|\n| db1 | `garden-gate-lamp` |\n", "garden-gate-lamp")
    redacted("| Host | pass |\n|---|---|\n| db1 | `garden-gate-lamp` |\n", "garden-gate-lamp")


# ---------------------------------------------------------------- a file's key: its id
def test_a_files_key_in_a_tools_input_is_kept():
    from store.privacy import Cleaner

    file_key = gen("real-b-file", 22)
    cleaner = Cleaner()
    assert cleaner._secret_kind("fileKey", file_key) is None
    assert cleaner._secret_kind("file_key", file_key) is None
    kept('{"fileKey": "' + file_key + '", "nodeId": "12:7"}', file_key)


def test_an_encryption_key_of_a_file_stays_redacted():
    from store.privacy import Cleaner

    key = gen("real-b-file-enc", 32)
    assert Cleaner()._secret_kind("fileEncryptionKey", key) is not None
    redacted('{"file_secret_key": "' + key + '"}', key)
    redacted("FILE_ENCRYPTION_KEY=" + key, key)
