"""Classes of false redactions a real part showed, each closed by what the value is, with values of
our own: a file's lines cited after a review's `PASS`, a word of a sentence and its `!` after a
secret's noun, a subcommand word met far from its tool in prose, a host's DNS name beside a
password, a numbered item's slug under a label that merely ends in `key`.  Beside each, a
neighbour that stays redacted."""

from __future__ import annotations

from tests.privacy_eval import gen
from tests.store.privacy import kept, redacted

# A file's lines cited (`GUIDE.md:41-48`): a reference, never a value (store/privacy/never.py FILE_LINES,
# PATH_CITED).

def test_a_files_lines_cited_after_a_reviews_pass_are_kept():
    kept("Review\n- Formatting: **PASS**\n- Build steps: **PASS** (`app/GUIDE.md:41-48`)\n"
         "- Launch: **PASS** (`app/GUIDE.md:50-52`)\n- Checks: **FAIL** (`app/GUIDE.md:90-97`)\n")
    kept("- Startup: **PASS** (`GUIDE.md:12-30`)\n")


def test_a_password_after_pass_stays_redacted():
    redacted("- DB_PASS: Rk4!vTq9wZ\n", "Rk4!vTq9wZ")
    redacted("PASS=Corvid.lake:2291\n", "Corvid.lake:2291")


# A word of the sentence and its mark after a secret's noun with no separator (`No API key needed!`).

def test_a_word_and_its_exclamation_after_a_secrets_noun_is_kept():
    kept("You now have a local search pipeline. No API key needed!\n\n=====\n")
    kept("The password required!\n")


def test_a_value_after_a_secrets_noun_and_a_separator_stays_redacted():
    redacted("API key: Bq7!zLm2Vw\n", "Bq7!zLm2Vw")
    s = gen("api-key-after-noun", 32)
    redacted("No API key " + s + " needed\n", s)


# A subcommand stands right after its tool or the tool's options (`net use`), not words later in prose.

def test_net_and_use_far_apart_in_prose_are_no_command():
    kept('{"body":"- Add a model predicting the Net Promoter Score\\n- Use time-ordered '
         'fit/holdout split (90 days fit, 20 days holdout)"}')


def test_net_use_and_rabbitmqctl_after_options_still_take_their_passwords():
    redacted("net use Z: \\\\files\\team Harb0r!lane /user:ops\n", "Harb0r!lane")
    redacted("rabbitmqctl -n rabbit@mq01 add_user deploy Tq8!wPz3xK\n", "Tq8!wPz3xK")


# A host's DNS name (three labels or more, a top-level domain's letters last) beside a password.

def test_a_clusters_dns_name_beside_a_password_is_kept():
    out_host = "warehouse-main.q7x2kd9wz3mp.eu-central-1.rds.example.com"
    kept("prompt % DB_HOST='" + out_host + "' DB_USER='reader' DB_PASSWORD='Vx7kQ2pLm9TzR4wN8bYc' "
         "uv run python fit.py\n", out_host)
    kept("DB_HOST='" + out_host + "' \\\nDB_USER='reader' \\\nDB_PASSWORD='Vx7kQ2pLm9TzR4wN8bYc' \\\n"
         "uv run python fit.py\n", out_host)


def test_the_password_beside_the_host_and_a_random_host_word_stay_redacted():
    out_host = "warehouse-main.q7x2kd9wz3mp.eu-central-1.rds.example.com"
    redacted("DB_HOST='" + out_host + "' DB_USER='reader' DB_PASSWORD='Vx7kQ2pLm9TzR4wN8bYc' uv run python fit.py\n",
             "Vx7kQ2pLm9TzR4wN8bYc")
    s = gen("secret-beside-host", 28)
    redacted("DB_HOST=db.example.com DB_SECRET=" + s + "\n", s)


# A numbered item's slug under a label that merely ends in `key` (a story's, an epic's).

def test_a_numbered_slug_under_a_story_key_is_kept():
    kept("## Configuration\n- project_name: ledger\n- story_key: 3-2-offline-queue-and-retry-handler\n"
         "- epic_num: 3, story_num: 2\n\nRun the workflow for story **3-2-offline-queue-and-retry-handler**.\n")
    kept("story_key: 1-4-24h-sparkline-with-hover-tooltip\n")


def test_a_numbered_slug_under_a_credentials_key_stays_redacted():
    redacted("api_key: 3-2-offline-queue-and-retry-handler\n", "3-2-offline-queue-and-retry-handler")
    s = gen("story-key-random", 24)
    redacted("story_key: " + s + "\n", s)


# A JWT shown cut at an ellipsis in its payload (no signature): a display of its start.

def _b64(raw):
    import base64
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def test_a_jwt_cut_at_an_ellipsis_in_its_payload_is_kept():
    head = _b64('{"alg":"ES256","typ":"JWT"}')
    kept("token starts " + head + "." + _b64('{"iss":"https://auth.exa')[:12] + "...\n")


def test_a_whole_signed_jwt_stays_redacted():
    head = _b64('{"alg":"HS256","typ":"JWT"}')
    body = _b64('{"sub":"4821","iat":1767225600,"exp":1767312000}')
    token = head + "." + body + "." + gen("jwt-signature-j", 43, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
    redacted("token: " + token + "\n", token)


# A password a test types into an object it built (a login dialog), an assertion after it.

_DIALOG_TEST = '''class TestSignInDialog:

    def test_accept_right_password(self, store):
        from app.dialogs import SignInDialog
        dialog = SignInDialog(store)
        dialog.user.setText("owner")
        dialog.password.setText("{v}")
        dialog._accept()
        assert dialog.session is not None
'''


def test_a_password_a_test_types_into_a_dialog_it_built_is_kept():
    for v in ("Quokka7Trail!", "Marrow!Fen42"):
        kept(_DIALOG_TEST.replace("{v}", v), v)
        kept("\n".join("+" + line for line in _DIALOG_TEST.replace("{v}", v).split("\n")), v)


def test_a_password_typed_outside_a_test_or_into_what_it_did_not_build_stays_redacted():
    outside = _DIALOG_TEST.replace("def test_accept_right_password", "def sign_in_for_demo")
    redacted(outside.replace("{v}", "Quokka7Trail!"), "Quokka7Trail!")
    not_built = _DIALOG_TEST.replace("dialog = SignInDialog(store)", "dialog = store.dialog")
    redacted(not_built.replace("{v}", "Quokka7Trail!"), "Quokka7Trail!")
    no_assert = _DIALOG_TEST.replace("        assert dialog.session is not None\n", "")
    redacted(no_assert.replace("{v}", "Quokka7Trail!"), "Quokka7Trail!")


# The user of a `user:password` pair given to a user's flag is no label of an id, whatever its name ends in.

def test_a_password_after_a_user_named_like_a_label_in_curls_pair_goes():
    redacted('curl -s -L -u "site_user:Plum7Tree!x" "https://staging.example.com/wp/sitemap.xml"\n', "Plum7Tree!x")
    redacted("curl -u qa_user:Plum7Tree!x https://staging.example.com/\n", "Plum7Tree!x")


def test_a_value_after_a_user_label_stays_kept():
    kept("DB_USER: reader_01\n")
    kept("curl -u \"$API_USER:$API_PASS\" https://staging.example.com/\n")
