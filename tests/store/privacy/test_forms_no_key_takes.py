"""Values in a key's or a token's place whose form no issued key takes (a key or a token is made
by a machine: random), and small places: a run of lower-case words (`tu_clave_prod`), a word in
a title's case after a name and a space (a log's heading), a file's name (a `.gitignore`'s line),
a template's reference where the secret part of a URL stands (`/bot${tok}/`), a provider's
prefix cut by an ellipsis (`sk-proj-...`), a placeholder a wide comma ends (`<cfg>，port=1`), a
value given to an option that names an id (`--chart-id "V"`).  Each beside a secret of the same
place that stays redacted."""

from __future__ import annotations

from tests.privacy_eval import gen, random_secret
from tests.store.privacy import kept, redacted


def test_lower_case_words_where_a_key_stands_are_kept():
    text = ("Shell 1 (main): export MAIN_API_KEY=tu_clave_principal\n"
            "  Shell 2 (alt): export ALT_API_KEY=vostra_chiave_alt\n")
    kept(text)


def test_a_random_key_where_a_key_stands_stays_redacted():
    key = random_secret("forms-key", 40)
    redacted("export MAIN_API_KEY=" + key + "\n", key)
    redacted("export MAIN_API_KEY=" + key.lower() + "\n", key.lower())


def test_a_title_case_word_after_a_tokens_name_and_a_space_is_kept():
    kept("Set up job\nRunner Image\nDEPLOY_TOKEN Entitlements\nSecret source: Actions\nPrepare workflow directory\n")


def test_a_random_value_after_a_tokens_name_and_a_space_stays_redacted():
    tok = random_secret("forms-space", 32)
    redacted("DEPLOY_TOKEN " + tok + "\n", tok)


def test_a_file_name_under_a_comment_saying_secret_is_kept():
    kept("# Private / credentials\n.tokens.json\nsession-cache.json\n\n# Logs\nrun.log\n")


def test_a_template_where_a_urls_secret_part_stands_is_kept():
    for ref in ("${chatToken}", "{{ bot_token }}", "%(token)s"):
        kept("  await post(`https://api.telegram.org/bot" + ref + "/sendMessage`, {\n    method: 'POST',\n")
    kept('  post("https://discord.com/api/webhooks/{{ hook_id }}/{{ hook_token }}")\n')


def test_a_webhooks_url_with_a_random_part_beside_a_template_stays_redacted():
    tok = "7" + gen("forms-bot-id", 8, "0123456789") + ":" + random_secret("forms-bot", 35)
    redacted("  await post(`https://api.telegram.org/bot" + tok + "/sendMessage?chat=${chatId}`)\n", tok)


def test_a_providers_prefix_cut_by_an_ellipsis_is_kept():
    kept('- **Shape**: `{ "oauth": { "accessToken": "sk-proj-x9-..." } }`\n')
    kept('- **Shape**: `{ "oauth": { "accessToken": "ghx-cli02-..." } }`\n')


def test_a_placeholder_a_wide_comma_ends_is_kept():
    kept("B2    camera    host=10.1.2.3，port=554，user=admin，pass=<cfg>，stream=2    ok\n")


def test_a_password_a_wide_comma_ends_stays_redacted():
    pw = random_secret("forms-wide", 14)
    redacted("camera host=10.1.2.3，user=admin，pass=" + pw + "，stream=2\n", pw)


def test_a_value_given_to_an_option_naming_an_id_is_kept():
    chart = "cht" + gen("forms-chart", 13)
    tok = random_secret("forms-opt", 27)
    text = 'sheets-cli +chart-add --sheet-token "' + tok + '" --chart-id "' + chart + '" --title "Sum"'
    kept(text, chart)
    redacted(text, tok)


def test_a_value_given_to_an_option_naming_a_secrets_id_stays_redacted():
    v = random_secret("forms-secret-id", 36)
    redacted("vault write auth/approle/login role_id=r1 --secret-id " + v + " # token\n", v)


def test_a_signed_urls_signature_stays_redacted():
    """A URL's signature is its credential while it is valid (whoever holds the URL may fetch what
    it signs), and nothing in a text tells a public image's signed transform from a private
    object's signed link: only the signature is replaced, the URL stays readable."""
    sig = gen("forms-signature", 64, "0123456789abcdef")
    redacted('  "url": "https://img.example.net/t/eyJ3IjozMDAsImgiOjIwMH0=?signature=' + sig + '",\n', sig)
