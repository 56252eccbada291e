"""Values of code and config that are never secrets, by what they are or where they stand (the
false redactions of the blind dev parts tests/privacy_eval/dev_blind15a.py and dev_blind15b.py):
each class kept, in syntaxes beside the ones those parts wrote, and the same place holding a real
secret still goes."""

from __future__ import annotations

from tests.privacy_eval import B62, gen
from tests.store.privacy import removed
from tests.store.privacy.json_text import kept_as_json_text

PW = "Zq7#rT" + "m2Lp!"
RANDOM = "q8Vn3KxT7mWz" + "2RbL9cYd4HsP"
WRITE_KEY = gen("q-code-write-key", 32, B62)
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
SEALED = "Ag" + gen("q-code-sealed", 700, B64)





# ---- a key an analytics SDK ships to every page: it only sends events in ----

def test_an_analytics_write_key_is_kept_where_the_sdk_takes_it():
    assert kept_as_json_text(f'analytics._writeKey="{WRITE_KEY}";analytics.SNIPPET_VERSION="5.2.0";analytics.load("{WRITE_KEY}");')
    assert kept_as_json_text(f'rudderanalytics.load("{WRITE_KEY}", "https://acme-dataplane.rudderstack.com");')
    assert kept_as_json_text(f"const analytics = AnalyticsBrowser.load({{ writeKey: '{WRITE_KEY}' }})")
    assert kept_as_json_text(f"telemetry.init('{WRITE_KEY}', {{ api_host: 'https://t.acme.io' }})")


def test_a_secret_beside_an_analytics_snippet_still_goes():
    removed(f'analytics.load("{WRITE_KEY}");\nconst secretKey = "{RANDOM}";', RANDOM)
    removed(f'client.load("{WRITE_KEY}", {{ apiSecret: "{RANDOM}" }})', RANDOM)
    removed(f"writeKey: {WRITE_KEY}\nclient_secret: {RANDOM}", RANDOM)
    # a write key with no SDK that takes it: its label alone decides nothing (the dev set labels one
    # in a config a secret)
    removed(f'{{"analytics": {{"endpoint": "https://t.shop.example/collect", "writeKey": "{RANDOM}"}}}}', RANDOM)


# ---- ciphertext made to be committed ----

def test_values_under_a_name_that_says_they_are_encrypted_are_kept():
    yaml = ("apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nspec:\n  encryptedData:\n"
            f"    password: {SEALED}\n    api_key: {SEALED[::-1]}\n  template:\n    type: Opaque\n")
    assert kept_as_json_text(yaml)
    js = f'{{"spec": {{"encryptedData": {{"password": "{SEALED}", "token": "{SEALED[::-1]}"}}}}}}'
    assert kept_as_json_text(js)
    assert kept_as_json_text(f"encrypted_values:\n  db_password: {SEALED[:200]}\n")


def test_a_secret_after_the_encrypted_block_still_goes():
    yaml = (f"spec:\n  encryptedData:\n    password: {SEALED}\n  template:\n    type: Opaque\n"
            f"stringData:\n  password: {PW}\n")
    removed(yaml, PW)
    # a short value under such a name is no ciphertext: what was meant to be sealed, left plain
    removed(f"encryptedData:\n  password: {PW}\n", PW)
    js = f'{{"encryptedData": {{"password": "{SEALED}"}}, "data": {{"password": "{RANDOM}"}}}}'
    removed(js, RANDOM)


def test_ciphertext_in_a_versioned_envelope_is_kept():
    env = "EV[1:" + gen("q-ev-1", 32, B64) + ":" + gen("q-ev-2", 56, B64) + "==]"
    assert kept_as_json_text(f"  - key: SMTP_PASSWORD\n    type: SECRET\n    value: {env}\n")
    other = "ENCV[2:" + gen("q-ev-3", 24, B62) + ":" + gen("q-ev-4", 40, B62) + "]"
    assert kept_as_json_text(f"DB_PASSWORD={other}\n")
    removed(f"password: EV[1:{RANDOM}]\n", RANDOM)  # (one field: no envelope's shape)


# ---- a quantity, a number: not a value that can be a secret ----

def test_a_rate_or_a_quantity_under_a_secret_name_is_kept():
    assert kept_as_json_text('    "DEFAULT_THROTTLE_RATES": {\n        "api_key": "1000/hour",\n        "token_refresh": "30/min",\n    },')
    assert kept_as_json_text("api_key_rate_limit: 100/m\n")
    assert kept_as_json_text("secret_rotation_interval = \"90 days\"\n")
    assert kept_as_json_text("token_ttl: 3600s\n")
    removed('api_key: "8Hd72kqXw/hour"', "8Hd72kqXw/hour")


def test_a_keyword_argument_that_is_a_number_is_kept():
    assert kept_as_json_text("event = stripe.Webhook.construct_event(\n    payload, sig_header, settings.stripe_webhook_secret, tolerance=300\n)")
    assert kept_as_json_text("jwt.decode(token, settings.jwt_secret, leeway=30, algorithms=['HS256'])")
    removed("unlock(device, password=48213377)", "48213377")


def test_a_prefix_as_a_default_is_kept():
    assert kept_as_json_text('def new_api_key(prefix: str = "ak_live_") -> tuple[str, str]:\n')
    assert kept_as_json_text("const TOKEN_PREFIX = 'pat-';\n")
    assert kept_as_json_text("api_key_prefix = \"sk_test_\"\n")
    removed(f'api_key = "ak_live_{RANDOM}"\n', "ak_live_" + RANDOM)


# ---- a reference to a secret, not the secret ----

def test_references_are_kept():
    assert kept_as_json_text('curl -s -X POST https://challenges.example.com/v0/siteverify -d "secret=$TURNSTILE_SECRET&response=$TOKEN"')
    assert kept_as_json_text("curl --data 'client_secret=${CLIENT_SECRET}&grant_type=client_credentials' https://idp/token")
    assert kept_as_json_text("network={\n    ssid=\"Lab-5G\"\n    psk=ext:wifi_lab\n}\n")
    assert kept_as_json_text("mqtt:\n  user: z2m\n  password: '!secret.yaml password'\n")
    assert kept_as_json_text("wifi:\n  ssid: !secret wifi_ssid\n  password: !secret wifi_password\n")
    assert kept_as_json_text('{"postgresql": {"auth": {"existingSecret": "shop-pg", "secretKeys": {"userPasswordKey": "password"}}}}')
    assert kept_as_json_text("auth:\n  existing_secret: shop-pg\n  secretName: redis-auth\n")


def test_a_literal_where_a_reference_could_stand_still_goes():
    removed(f'curl -d "secret={PW}&response=$TOKEN" https://idp/verify', PW)
    removed(f"psk={RANDOM}\n", RANDOM)
    removed(f"mqtt:\n  password: {RANDOM}\n", RANDOM)
    removed(f"auth:\n  existingSecret: shop-pg\n  password: {RANDOM}\n", RANDOM)


# ---- what a page shows to everyone, a word of prose, a documented default ----

def test_a_forms_anti_forgery_token_in_its_page_is_kept():
    token = gen("q-code-csrf", 64, B62)
    assert kept_as_json_text(f'<form method="post">\n  <input type="hidden" name="csrfmiddlewaretoken" value="{token}">\n</form>')
    assert kept_as_json_text(f"<input type='hidden' name='authenticity_token' value='{token}' autocomplete='off' />")
    assert kept_as_json_text(f'<meta name="csrf-token" content="{token}">')
    assert kept_as_json_text(f'<input value="{token}" type="hidden" name="_csrf">')


def test_a_secret_in_a_form_or_an_anti_forgery_header_still_goes():
    token = gen("q-code-csrf", 64, B62)
    removed(f'<input type="hidden" name="csrf_token" value="{token}">\n<input type="hidden" name="api_secret" value="{RANDOM}">', RANDOM)
    removed(f"curl https://app.example.com/api/me -H 'x-csrf-token: {RANDOM}'", RANDOM)


def test_a_word_that_starts_a_phrase_is_no_value():
    assert kept_as_json_text("-- password: set at runtime from $REPL_PASSWORD\n")
    assert kept_as_json_text("# api token: injected by the CI runner\n")
    assert kept_as_json_text("secret: stored in vault under app/prod\n")
    removed(f"-- password: {PW} at runtime\n", PW)


def test_a_services_documented_default_is_kept():
    assert kept_as_json_text("    environment:\n      - RABBITMQ_DEFAULT_USER=guest\n      - RABBITMQ_DEFAULT_PASS=guest\n")
    assert kept_as_json_text("spring.rabbitmq.password=guest\n")
    removed("      - RABBITMQ_DEFAULT_PASS=" + "Walrus.Tide22\n", "Walrus.Tide22")


def test_a_variable_by_its_sigil_is_a_reference():
    assert kept_as_json_text("libname pg postgres server=db user=app password=&db_password;\n")
    assert kept_as_json_text('%let pw = &sys_pw.;\nproc sql; connect to odbc (dsn=prod uid=app pwd="&pw");\n')
    assert kept_as_json_text("my $db-password = %*ENV<DB_PASSWORD>;\n")
    assert kept_as_json_text("my $api_token = $ENV{API_TOKEN};\nmy $secret = %ENV{'APP_SECRET'};\n")
    removed(f"libname pg postgres server=db user=app password={PW};\n", PW)
    removed("password=&Tiger7pass\n", "&Tiger7pass")
