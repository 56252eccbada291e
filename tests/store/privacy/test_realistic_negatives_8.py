"""What is never a secret, by class, as realistic tool output carries it (the eighth dev batch,
tests/privacy_eval/dev_negatives8.py): each class kept whole, beside the same syntax holding a
real secret, which still goes."""

from __future__ import annotations

import json

import pytest

from store.privacy import Cleaner, clean_text
from tests.store.privacy.json_text import as_json_text, content

PW = "Zq7#rT" + "m2Lp!"
RANDOM = "q8Vn3KxT7mWz" + "2RbL9cYd4HsP"


@pytest.mark.parametrize("text", [
    '{"password": "Passwort", "confirm": "Passwort bestätigen", "forgot": "Passwort vergessen?"}',
    "export default {\n  password: 'Mot de passe',\n  token: 'Jeton',\n  secret: 'Segreto',\n};",
    '{"wrongPassword": "Contraseña incorrecta", "api_key": "API-Schlüssel", "secret": "Geheimnis"}',
    'ru:\n  password: "Пароль"\n  token: "Токен"', '"password" = "Mot de passe";\n"secret_key_label" = "Clave secreta";',
    "<string name=\"password\">Wachtwoord</string>\npassword: 'Hasło'",
])  # fmt: skip
def test_a_translation_of_a_secrets_word_is_a_label(text):
    assert clean_text(text) == text


@pytest.mark.parametrize("template", ['{"password": "{v}"}', "password: '{v}',", 'ru:\n  password: "{v}"',
                                      "Passwort: {v}"])  # fmt: skip
def test_a_value_in_the_same_place_still_goes(template):
    for v in (PW, RANDOM):
        assert v not in clean_text(template.replace("{v}", v))


def test_keys_public_by_design_stay_and_their_secret_siblings_go():
    public = [f"mapboxgl.accessToken = 'pk.eyJ1IjoiYWNtZSIsImEiOiJjbHg5In0.{RANDOM}';",
              f"posthog.init('phc_{RANDOM}{RANDOM[:12]}')", f"recaptcha site key: 6Lc{RANDOM}{RANDOM[:11]}",
              f'<div class="g-recaptcha" data-sitekey="6Lc{RANDOM}{RANDOM[:11]}"></div>',
              f"NEXT_PUBLIC_ANALYTICS_KEY={RANDOM}", f"EXPO_PUBLIC_MAPS_TOKEN={RANDOM}"]  # fmt: skip
    for text in public:
        assert clean_text(text) == text
    secret = [f"mapboxgl.accessToken = 'sk.eyJ1IjoiYWNtZSIsImEiOiJjbHg5In0.{RANDOM}';",
              f"POSTHOG_PERSONAL_KEY=phx_{RANDOM}{RANDOM[:12]}", f"recaptcha secret key: 6Lc{RANDOM}{RANDOM[:11]}",
              f"NEXT_PUBLIC_DB_PASSWORD={PW}", f"NEXT_PUBLIC_STRIPE_SECRET={RANDOM}",
              f"NEXT_PUBLIC_OPENAI_KEY=sk-proj-{RANDOM}{RANDOM}"]  # fmt: skip
    for text in secret:
        assert RANDOM not in clean_text(text) and PW not in clean_text(text), text


def test_the_public_members_of_a_json_web_key_stay():
    jwks = json.dumps({"keys": [{"kty": "RSA", "use": "sig", "kid": RANDOM, "n": RANDOM * 10, "e": "AQAB"},
                                {"kty": "EC", "crv": "P-256", "x": RANDOM * 2, "y": RANDOM[::-1] * 2}]})  # fmt: skip
    assert clean_text(jwks) == jwks  # (as `curl …/jwks.json` prints it: one line, where `keys` stands)
    # the same members as a label elsewhere: a random value after `"kid"` with no key around is judged as before
    assert RANDOM not in clean_text(f'{{"token": "{RANDOM}", "kid": "x"}}')


def test_what_a_page_shows_everyone_stays():
    html = (f'<script nonce="{RANDOM[:22]}==">window.dataLayer=[];</script>\n'
            f'<script src="/a.js" integrity="sha384-{RANDOM}{RANDOM}" crossorigin="anonymous"></script>\n'
            f"const secret = r.clientSecret; const checksum = '{RANDOM}';")  # fmt: skip
    assert clean_text(html) == html
    assert RANDOM not in clean_text(f'<script>const secret = "{RANDOM}";</script>')


def test_an_id_whose_label_ends_in_underscores_is_an_id():
    line = f'const n={{secret:r.clientSecret}};window.__BUILD_ID__="{RANDOM}";'
    assert clean_text(line) == line
    assert RANDOM not in clean_text(f'const n={{secret:r.clientSecret}};window.__SECRET__="{RANDOM}";')


def test_a_relative_path_to_a_file_is_a_path():
    line = f"bucket_key: 'exports/{RANDOM[:20]}.json',"
    assert clean_text(line) == line
    assert RANDOM not in clean_text(f"api_key: '{RANDOM}',")


def test_json_printed_as_text_is_read_through_its_escapes():
    s3 = json.dumps({"ETag": '"9b2cf535f27731c974343645a3985328-4"', "VersionId": RANDOM}, indent=4)
    for output in (s3, "3a691ce Fix token refresh race\nf56dc96 Add secret scanning to CI\nd8f13a2 Bump jsonwebtoken",
                   "  - Token: gho_************************************\n  - Token scopes: 'repo'",
                   "users:\n- name: admin\n  user:\n    token: REDACTED\nWARNING! Your password will be stored unencrypted"):  # fmt: skip
        line = as_json_text(output)
        assert Cleaner().value(line) == line, output
    for output in (json.dumps({"password": PW}), f"the secret is {PW}\nnext line", f"DB_PASSWORD={RANDOM}\nPORT=5432"):
        assert PW not in content(Cleaner().value(as_json_text(output)))
        assert RANDOM not in content(Cleaner().value(as_json_text(output)))


def test_a_signature_block_is_public_and_a_signed_messages_text_is_not_its_block():
    body = "\n ".join(RANDOM * 2 + RANDOM[:16] for _ in range(4))
    commit = (f"tree 9b2cf535f27731c974343645a3985328c4e1f0a2\nauthor Ana <ana@example.com> 1710411751 +0100\n"
              f"gpgsig -----BEGIN PGP SIGNATURE-----\n \n {body}\n =AbCd\n -----END PGP SIGNATURE-----\n\n    Sign the release "
              "(token: see vault)")  # fmt: skip
    assert clean_text(commit) == commit
    signed = f"-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\npassword: {PW}\n-----BEGIN PGP SIGNATURE-----\n\n{RANDOM}\n-----END PGP SIGNATURE-----"
    assert PW not in clean_text(signed)


def test_a_files_content_in_base64_is_content():
    png = "iVBORw0KGgoAAAANSUhEUgAA" + (RANDOM + "+/") * 8
    cell = {"outputs": [{"data": {"image/png": png}}], "source": ["api_key = os.environ['OPENAI_API_KEY']\n"]}
    line = as_json_text(json.dumps(cell))  # on one line, beside `api_key`
    assert Cleaner().value(line) == line
    assert RANDOM not in content(Cleaner().value(as_json_text(json.dumps({"api_key": RANDOM * 3}))))


def test_dates_key_ids_and_policy_members_are_not_secrets():
    creds = json.dumps({"keyCredentials": [{"customKeyIdentifier": "162638BEF646057BB732A3B90940C21DCEA8BAD7",
                                            "keyId": "0b7f2e4c-6a1d-4e8f-9c3b-2d5a7e1f4b6c"}],
                        "passwordCredentials": [{"endDateTime": "2027-03-14T10:22:31Z", "hint": "Qx8",
                                                 "keyId": "5e2c9a1f-3b7d-4c6e-8f0a-1d2b3c4e5f6a"}]}, indent=2)  # fmt: skip
    assert clean_text(creds) == creds
    policy = "bindings:\n- members:\n  - serviceAccount:deployer@acme-prod.iam.gserviceaccount.com\n  role: roles/secretmanager.secretAccessor"
    assert clean_text(policy) == policy
    # the same places holding a secret
    assert PW not in clean_text(json.dumps({"passwordCredentials": [{"secretText": PW}]}))
    assert "hunter42x" not in clean_text("git clone https://deployer:hunter42x@git.example.com/app.git")


def test_a_flag_is_a_password_only_under_the_subcommand_that_makes_it_one():
    for line in ("security find-identity -v -p codesigning; codesign -dv App.app", "security verify-cert -c api.crt -p ssl",
                 "security find-generic-password -s github -w"):  # fmt: skip
        assert clean_text(line) == line
    for line in (f"security unlock-keychain -p {PW} login.keychain", f"security create-keychain -p {PW} build.keychain",
                 f"security add-generic-password -a me -s svc -w {PW}", f"security import cert.p12 -k build.keychain -P {PW}",
                 f"security set-key-partition-list -S apple-tool:,apple: -s -k {PW} build.keychain"):  # fmt: skip
        assert PW not in clean_text(line), line


def test_the_public_classes_stop_where_the_same_words_hold_a_secret():
    # a site key is a captcha's only beside the captcha; a URL's user named like a member type is a user
    for line in (f"SITE_KEY={RANDOM}", f"site_key: {RANDOM}", f"https://domain:{PW}@example.com/x",
                 f"ftp://group:{PW}@files.example.com"):  # fmt: skip
        assert RANDOM not in clean_text(line) and PW not in clean_text(line), line
    assert clean_text('members: ["group:admins@example.com"]') == 'members: ["group:admins@example.com"]'


def test_a_longer_word_that_starts_like_a_secrets_word_is_still_judged():
    assert "Secretariat9" not in clean_text("password: Secretariat9")
    assert "Secretariat" not in clean_text('{"password": "Secretariat"}')  # not `secret` inflected
    assert clean_text('{"passwords": "Пароли"}') == '{"passwords": "Пароли"}'  # `пароль` inflected


def test_a_tables_cell_under_a_digest_column_is_not_the_secret_its_row_names():
    listing = ("NAME                 DIGEST            CREATED AT\n"
               "DATABASE_URL         9b2cf535f2773c97  2026-03-14T10:22:31Z\n"
               "STRIPE_SECRET_KEY    0d70e745b0e81771  2026-03-01T08:00:00Z")  # fmt: skip
    assert clean_text(listing) == listing
    values = f"NAME                 VALUE\nSTRIPE_SECRET_KEY    {RANDOM}\nDB_PASSWORD          {PW}"
    assert RANDOM not in clean_text(values) and PW not in clean_text(values)


def test_a_line_number_and_an_advisory_id_are_not_secrets():
    report = [{"Match": "api_key = REDACTED", "Secret": "REDACTED", "RuleID": "generic-api-key",
               "Fingerprint": "9b2cf535f27731c974343645a3985328c4e1f0a2:src/config.py:generic-api-key:12"}]  # fmt: skip
    text = json.dumps(report)
    assert clean_text(text) == text
    line = as_json_text(text)  # the same, printed as text: `12\"` ends it
    assert Cleaner().value(line) == line
    table = "jsonwebtoken   CVE-2022-23529  HIGH   8.5.1  9.0.0\njose   GHSA-hhhv-q57g-882q  MEDIUM  4.14.4  4.15.5"
    assert clean_text(table) == table
    for secret_line in (f"api_key: {RANDOM}", "PIN: 4821", f"token: {PW}"):  # four digits and more: a PIN
        assert clean_text(secret_line) != secret_line, secret_line
