"""Values a tool or format declares secret by where it puts them, with no label right before the
value (store/privacy/declared.py), tried in syntaxes beyond the batches that found them: a CI
runner's mask command, a numbered name-then-value reply, the reply to a get of a secret's key, a
private JSON Web Key's members, a constant defined by a call, an application's salt, a secret
store's setter with the value as a word or piped in, a login call without parentheses; and kept,
what the same shapes hold that is no secret."""

from __future__ import annotations

import json

import pytest

from store.privacy import clean_text
from tests.store.privacy import gone, kept

PW = "Harb0r!" + "Lights"
RANDOM = "Zq8vKt3Lw" + "PmN6xR2cYb7D"
SALT = "t`DK%X:>xy|e-Z(BXb/f(Ur`8#~}" + ":bEU^ZBn|Bs$ajRQ+9U1e%dJ[]4v"
B64URL = "X4cTteJY_gn4FYPsXB8rdXix5vwsg1FL" + "N5E3EaG6RJoVH-HLLKD9"


def _gone(template, values=(PW, RANDOM)):
    gone(template, values)



@pytest.mark.parametrize("template", [
    "2026-03-14T10:22:34.1180021Z ::add-mask::{v}",
    'echo "::add-mask::{v}"', "Write-Host '::add-mask::{v}'", "  - run: echo ::add-mask::{v}",
])  # fmt: skip
def test_a_value_after_a_ci_mask_command_goes(template):
    _gone(template)


@pytest.mark.parametrize("text", [
    'echo "::add-mask::$NPM_TOKEN"', 'echo "::add-mask::${{ secrets.DEPLOY_KEY }}"',
    "echo \"::add-mask::$(jq -r .token creds.json)\"", "2026-03-14T10:22:34Z ::add-mask::***",
    "Use ::add-mask::VALUE to hide a value in the log", "the ::add-mask:: command", 'Write-Output "::add-mask::$env:TOKEN"',
])  # fmt: skip
def test_a_mask_command_of_a_reference_is_kept(text):
    kept(text)


@pytest.mark.parametrize("template", [
    '127.0.0.1:6379> CONFIG GET masterauth\n1) "masterauth"\n2) "{v}"',
    '127.0.0.1:6379> HGETALL svc:mail\n1) "host"\n2) "smtp.example.com"\n3) "smtp_password"\n4) "{v}"\n',
    '> CONFIG GET *\n 97) "requirepass"\n 98) "{v}"\n 99) "port"\n100) "6379"',
])  # fmt: skip
def test_a_numbered_reply_of_a_secrets_name_then_its_value_goes(template):
    _gone(template)


@pytest.mark.parametrize("text", [
    '1) "requirepass"\n2) ""', '1) "dbfilename"\n2) "dump.rdb"\n3) "maxmemory"\n4) "0"',
    '1) "api_token"\n3) "Zq8vKt3LwPmN"',  # not the next number: not its value
    '1) "password_min_length"\n2) "12"',
])  # fmt: skip
def test_numbered_replies_without_a_secret_are_kept(text):
    kept(text)


@pytest.mark.parametrize("template", [
    '127.0.0.1:6379> GET app:db_password\n"{v}"', "$ redis-cli -h cache.internal GET api_token\n{v}",
    'localhost:6379> HMGET svc:mail user smtp_password\n1) "ana"\n2) "{v}"',
])  # fmt: skip
def test_the_reply_to_a_get_of_a_secrets_key_goes(template):
    _gone(template)


@pytest.mark.parametrize("text", [
    "127.0.0.1:6379> GET app:db_password\n(nil)", '127.0.0.1:6379> GET session:count\n"42"',
    '127.0.0.1:6379> HGET user:1 password_changed_at\n"2026-01-01"', "$ redis-cli -h cache.internal GET feature_flags\non",
    'localhost:6379> HMGET svc:mail user smtp_password\n1) "ana"\n2) (nil)',
])  # fmt: skip
def test_replies_to_gets_without_a_secret_are_kept(text):
    kept(text)


def test_a_private_json_web_keys_private_members_go():
    ec = json.dumps({"kty": "EC", "crv": "P-256", "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
                     "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0", "d": B64URL})  # fmt: skip
    out = clean_text(ec)
    assert B64URL not in out and "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU" in out
    rsa = "{'kty': 'RSA', 'e': 'AQAB', 'dp': '" + B64URL + "', 'qi': '" + B64URL[::-1] + "'}"
    out = clean_text(rsa)
    assert B64URL not in out and B64URL[::-1] not in out
    oct_key = '{\n  "kty": "oct",\n  "alg": "HS256",\n  "k": "' + RANDOM + 'Ab"\n}'
    assert RANDOM not in clean_text(oct_key)


def test_a_private_json_web_key_in_yaml_or_inside_a_json_string_loses_its_private_members():
    yaml = ("keys:\n  - kty: RSA\n    e: AQAB\n    n: " + B64URL[::-1] + "\n    d: " + B64URL + "\n"
            "  - name: signing\n    d: " + RANDOM + "xyz\n")  # fmt: skip
    out = clean_text(yaml)
    assert B64URL not in out and B64URL[::-1] in out and RANDOM + "xyz" in out  # the next item's `d` is not the key's
    assert RANDOM not in clean_text("jwk:\n  kty: oct\n  k: " + RANDOM + "Ab\n")
    escaped = json.dumps({"tool_response": json.dumps({"kty": "EC", "crv": "P-256", "d": B64URL})})
    assert B64URL not in clean_text(escaped)


@pytest.mark.parametrize("text", [
    "kty: RSA\nn: " + B64URL + "\ne: AQAB", "kty: RSA\nalg: RS256\nother:\n  d: " + B64URL,
    json.dumps({"keys": [{"kty": "RSA", "use": "sig", "kid": "Gx7kP2mQ9zLw8vRt", "e": "AQAB",
                          "n": "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4"}]}),
    '{"d": "2026-03-14T10:22:34", "kty": "RSA"}', '{"p": "see the docs"}',
])  # fmt: skip
def test_public_json_web_keys_are_kept(text):
    kept(text)


@pytest.mark.parametrize("template", [
    "define( 'SECURE_AUTH_KEY',  '{v}' );", 'define("LOGGED_IN_SALT", "{v}");',
    "define('JWT_AUTH_SECRET_KEY', '{v}');", "define ('NONCE_SALT', '{v}');",
])  # fmt: skip
def test_a_constant_defined_for_a_key_or_salt_goes(template):
    _gone(template, (PW, RANDOM, SALT))


@pytest.mark.parametrize("text", [
    "define( 'AUTH_KEY',         'put your unique phrase here' );", "define('WP_CACHE_KEY_SALT', 'mysite_');",
    "define('DB_NAME', 'wordpress');", "define('FORCE_SSL_ADMIN', true);", "define('AUTH_KEY', getenv('AUTH_KEY'));",
])  # fmt: skip
def test_constants_without_a_secret_are_kept(text):
    kept(text)


@pytest.mark.parametrize("template", [
    "NONCE_SALT='{v}'", "  SECURE_AUTH_SALT: {v}", "$_ENV['AUTH_SALT'] = '{v}';", '"logged_in_salt" => "{v}",',
])  # fmt: skip
def test_an_applications_salt_of_a_generated_keys_shape_goes_in_any_assignment(template):
    _gone(template, (SALT, "Kp2(9wL]x7#Qz-8mN!r4T&vB1y@Hc5Fj"))


@pytest.mark.parametrize("text", [
    'password_salt = "c2FsdHNhbHQ="', 'WP_CACHE_KEY_SALT="mysite_production_cache_prefix_2026_x"', "SALT_ROUNDS=12",
    "AUTH_SALT=${AUTH_SALT:-changemechangemechangemechangeme1}", 'export LOGGED_IN_SALT="generateme"',
    "salt '*' test.ping",
])  # fmt: skip
def test_salts_not_of_a_generated_keys_shape_are_kept(text):
    kept(text)


@pytest.mark.parametrize("template", [
    "travis env set SENTRY_API_KEY {v}", "netlify env:set STRIPE_SECRET_KEY {v}",
    "doppler secrets set DB_PASSWORD {v}", "echo '{v}' | vercel env add API_SECRET production",
    "printf '%s' '{v}' | npx wrangler secret put API_TOKEN", "echo -n {v} | vercel env add DATABASE_PASSWORD preview",
])  # fmt: skip
def test_a_secret_stores_setter_with_the_value_as_a_word_or_piped_goes(template):
    _gone(template)


@pytest.mark.parametrize("text", [
    "travis env set API_KEY $API_KEY --private", "travis env set DEBUG true", "netlify env:set NODE_VERSION 20",
    "vercel env add API_SECRET production", "echo hello | vercel env add API_SECRET production",
    "npx wrangler secret put API_TOKEN", "gh secret set NPM_TOKEN < token.txt",
])  # fmt: skip
def test_setters_without_a_literal_secret_are_kept(text):
    kept(text)


@pytest.mark.parametrize("template", [
    "auth_basic 'admin', '{v}'", "  req.basic_auth 'ops', '{v}'", 'login "ana@example.com", "{v}"',
    "authenticate 'deploy', '{v}'",
])  # fmt: skip
def test_a_login_call_without_parentheses_loses_its_password(template):
    _gone(template)
    assert "admin" in clean_text("auth_basic 'admin', '" + PW + "'")


@pytest.mark.parametrize("text", [
    "auth_basic 'Restricted';", "auth_basic 'admin', ENV['PASS']", "puts 'hello', 'world'",
    "login 'ana', 'pending'",
])  # fmt: skip
def test_calls_without_a_password_are_kept(text):
    kept(text)


@pytest.mark.parametrize("text", [
    "docker buildx build --secret id=npm,env=NPM_TOKEN .", "docker build --secret id=gh,env=GITHUB_TOKEN -t app .",
    "docker buildx build --secret id=npmrc,src=$HOME/.npmrc .",
])  # fmt: skip
def test_a_build_secret_given_by_its_variables_name_is_kept(text):
    # the name of an environment variable is not its value: nothing to redact
    kept(text)


# test ids full of secret words (one every ~16 characters): the numbered replies are found from
# each `) "` there, not from each word
_WORDY = "".join(f"tests/test_auth.py::test_password_{i}_is_kept_with_token_and_secret\n" for i in range(60))


@pytest.mark.parametrize("template", [
    '127.0.0.1:6379> CONFIG GET masterauth\n1) "masterauth"\n2) "{v}"',
    '> CONFIG GET *\n 97) "requirepass"\n 98) "{v}"\n 99) "port"\n100) "6379"',
    '1) "x"\n2) "y"\n3) "smtp_password"\n4) "{v}"\n5) "' + "z" * 70 + ' password"\n6) "{v}"',
])  # fmt: skip
def test_a_numbered_reply_among_many_secret_words_goes(template):
    kept(_WORDY)
    _gone(_WORDY + template + "\n" + _WORDY)


@pytest.mark.parametrize("text", [
    '1) "requirepass"\n2) ""', '1) "api_token"\n3) "Zq8vKt3LwPmN"', '1) "' + "z" * 80 + ' password"\n2) "Zq8vKt3LwPmN"',
])  # fmt: skip
def test_numbered_replies_among_many_secret_words_without_a_secret_are_kept(text):
    kept(_WORDY + text + "\n" + _WORDY)
