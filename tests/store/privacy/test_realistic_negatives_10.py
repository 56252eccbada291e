"""What is never a secret, by class, as realistic tool output carries it (the tenth dev batch,
tests/privacy_eval/dev_negatives10.py): each class kept whole, beside the same syntax holding a
real secret, which still goes."""

from __future__ import annotations

import json

from store.privacy import Cleaner, clean_text, redact_output
from tests.privacy_eval import numbered
from tests.store.privacy.json_text import as_json_text, content

PW = "Zq7#rT" + "m2Lp!"
RANDOM = "q8Vn3KxT7mWz" + "2RbL9cYd4HsP"
B64_32 = "oCqCtDJr+s8LyQ0CPw2ZWfO3dsJTZ7Ad9+6mwOAVAvI="  # 32 bytes in base64: a SHA-256
HEX_64 = "3936a7a7497f331dd7913e17d3115cc31f260b1b3bce06eb65469982d5a9cb0c"


def _kept_as_json_text(output: str) -> bool:
    line = as_json_text(output)
    return Cleaner().value(line) == line


def test_a_random_value_on_an_escaped_line_of_its_own_is_not_beside_the_secret_word():
    # a JSON document printed as text is one line: its `token` is not beside a digest three lines down
    lambda_json = json.dumps({"FunctionName": "rotate-api-keys", "Environment": {"Variables": {"TOKEN_TTL": "3600"}},
                              "CodeSize": 48213, "CodeSha256": "HEL+Xs+cO2+896b2EhF0Towr1Gs3CTVknWSSiR6hgI8="}, indent=4)  # fmt: skip
    vault = "Key                Value\n---                -----\naccessor           gULXMu6uo9NrFLHy0aWTx4UI\npolicies           [default]\ntype               service"
    known_hosts = ('Authenticated to web1 using "publickey".\n'
                   "|1|Gc7vMWrFiKOS63kI6a4BzxssiXw=|47eJ6DzRldng2R1nUYP2erTZbAg= ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIq8Vn3")  # fmt: skip
    for output in (lambda_json, vault, known_hosts):
        assert _kept_as_json_text(output), output
    # the secret word on the value's own escaped line, or on a block's head just above it, still counts
    for output in (json.dumps({"Credentials": {"SecretAccessKey": RANDOM}}, indent=4), f"token   {RANDOM}\nttl   768h",
                   f'variable "db_password" {{\n  type    = string\n  default = "{RANDOM}"\n}}'):  # fmt: skip
        assert RANDOM not in content(Cleaner().value(as_json_text(output))), output


def test_a_digest_under_a_name_that_says_digest_is_a_digest():
    for text in (f"        checksum/secret: {HEX_64}", f'"Sum": "h1:{B64_32}",', f'"CodeSha256": "{B64_32}"',
                 f"   Index Cond: (key_hash = '\\x{HEX_64}'::bytea)", f"   Filter: (token_hash = '{HEX_64}'::text)",
                 f"secret_sha256={HEX_64}"):  # fmt: skip
        assert clean_text(text) == text, text
    # a secret's name with no digest word, or a value of no digest's length, is judged as before
    for text in (f"consumer_secret: {HEX_64[:40]}", f"client_secret = '{HEX_64[:32]}'", f"checksum/secret: {RANDOM}"):  # fmt: skip
        assert clean_text(text) != text, text


def test_ids_under_their_names_are_ids():
    log = json.dumps({"level": "warn", "msg": "password reset requested", "job": "bvyqFIbs3QcP_XSz7vol5",
                      "cuid": "c2fm34mun5w10oi12cfz576p", "xid": "m50d96r9fin23mebas6h", "trace": "Yq3kT8vN2mLx7RbW4cHs"})  # fmt: skip
    assert clean_text(log) == log
    twilio = "I-Twilio-Idempotency-Token: 92c1b126-7293-4f1e-ad94-d296997aaa00\nIdempotency-Key: " + RANDOM
    assert clean_text(twilio) == twilio
    for text in (json.dumps({"msg": "password reset requested", "token": RANDOM}), f"X-Api-Token: {RANDOM}",
                 json.dumps({"msg": "login", "password": PW, "job": "nightly"})):  # fmt: skip
        assert RANDOM not in clean_text(text) and PW not in clean_text(text), text


def test_what_a_tool_prints_for_an_omitted_value_is_a_stand_in():
    view = ("users:\n- name: kind-dev\n  user:\n    client-certificate-data: DATA+OMITTED\n"
            "    client-key-data: DATA+OMITTED\n- name: ci\n  user:\n    token: REDACTED")  # fmt: skip
    assert clean_text(view) == view
    assert RANDOM not in clean_text(view.replace("token: REDACTED", f"token: {RANDOM}"))


def test_ciphertext_in_its_envelope_is_not_a_secret():
    body = "\n".join((RANDOM * 3)[i:i + 64] for i in range(0, 64, 32))
    sops = (f"db_password: ENC[AES256_GCM,data:cxC/Ee24OgGH/wLiZwBckBB8,iv:2k+XAK1pUlkQQUKSVv1R0hNyHdGQg1lNw961R/aNqFZ=,"
            f"tag:MjhGrSJ/K55biJIHaSCJOq==,type:str]\nsops:\n    age:\n        - recipient: age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p\n"
            f"          enc: |\n            -----BEGIN AGE ENCRYPTED FILE-----\n            {body}\n            -----END AGE ENCRYPTED FILE-----\n"
            f"---\n-----BEGIN PGP MESSAGE-----\n\n{body}\n=AbCd\n-----END PGP MESSAGE-----")  # fmt: skip
    assert clean_text(sops) == sops
    # a private key stays one, encrypted or not, and a value after the envelope is judged
    key = f"-----BEGIN ENCRYPTED PRIVATE KEY-----\n{body}\n-----END ENCRYPTED PRIVATE KEY-----"
    assert body.split("\n")[0] not in clean_text(key)
    assert PW not in clean_text(f"db_password: ENC[AES256_GCM,data:cxC/Ee24,type:str]\nsmtp_password: {PW}")


def test_a_minisign_or_signify_public_key_or_signature_is_public():
    text = ("untrusted comment: minisign public key 5D0145C3C428F665\nRWQ4pG+/+IV49nvk4oTPj8LHB+e4ONNH3eE8ma/f5VcwX/hR+FhkAA3Z\n\n"
            "untrusted comment: signature from minisign secret key\n"
            "RUQX6J9LSw/cdTxF1RUsunCGKGn41odsoZRibc158N9cOgzY5GExTAeTGlz6CZpcP21K5V1eywEl8j1PNP6O7ubxqBdns3XsP6=\n"
            "trusted comment: timestamp:1710411751\tfile:release.tar.gz\thashed\n")  # fmt: skip
    assert clean_text(text) == text
    assert _kept_as_json_text(text)
    secret = "untrusted comment: signify secret key\nRWRCSwAAACpt" + RANDOM + RANDOM
    assert RANDOM not in clean_text(secret)


def test_a_public_keys_file_is_public_and_a_private_keys_file_is_not():
    pub = "q8Vn3KxT7mWz2RbL9cYd4HsPq8Vn3KxT7mWz2RbL9cY="
    assert redact_output("cat /etc/wireguard/public.key", pub) == pub
    assert redact_output("cat ~/.ssh/deploy.pub", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + RANDOM) != ""
    assert pub not in redact_output("cat /etc/wireguard/private.key", pub)
    assert pub not in redact_output("cat /etc/ssl/server.key", pub)
    stored = f"[Peer]\nPublicKey = {pub}\n\n$ cat /etc/wireguard/public.key\n{pub}"
    assert clean_text(stored) == stored
    assert RANDOM not in clean_text(f"$ cat /etc/wireguard/private.key\n{RANDOM}")


def test_a_column_named_for_an_id_in_a_lower_case_header_holds_ids():
    cat = ("health status index                 uuid                   pri rep docs.count\n"
           "green  open   auth-audit-2026.03.14 p_7lSZNSslJcWwQ4wbLgp3   1   1      48213")  # fmt: skip
    assert clean_text(cat) == cat
    vault = ("Path         Plugin      Accessor                  UUID\n"
             "token/       token       auth_token_3f2a1b0c       0b7f2e4c-6a1d-4e8f-9c3b-2d5a7e1f4b6c")  # fmt: skip
    assert clean_text(vault) == vault
    values = f"name        value\ntoken       {RANDOM}"
    assert RANDOM not in clean_text(values)


def test_a_cookies_attribute_is_not_its_value():
    headers = ("set-cookie: theme=dark; Path=/; Max-Age=31536000; SameSite=Lax\n"
               "set-cookie: _ga=GA1.1.2122770750.1710411751; Path=/; Domain=.example.com")  # fmt: skip
    assert _kept_as_json_text(headers)
    assert RANDOM not in content(Cleaner().value(as_json_text(f"set-cookie: __Host-session={RANDOM}; Path=/; SameSite=Lax")))


# ---- the second round (the batch's part two) ---------------------------------------------------


def test_an_ecdsa_signature_is_public():
    # (its letters hold `PW`, a secret's word, as a random string's may)
    sig = "MEQCIFntNrAriRJGHCXCA15tHnvzdAYVRbc9vo5U2h9UcAe6kxq8uUMcOXzluPW1iziLYwHcEPHl17/RSdZf9NBlEjCKlt="
    bundle = json.dumps({"messageSignature": {"signature": sig}, "inclusionPromise": {"signedEntryTimestamp": sig}}, indent=2)
    assert clean_text(bundle) == bundle
    shown = numbered(bundle)  # as Read shows the file
    assert clean_text(shown) == shown
    # a private key's DER (`MIG…`, `MHc…`) under the same name is judged as before
    assert RANDOM not in clean_text(json.dumps({"signing_key": "MHcCAQEEI" + RANDOM * 3}))


def test_a_relay_id_or_cursor_is_an_id_and_basic_credentials_are_not():
    page = json.dumps({"viewer": {"id": "VXNlcjo0ODIx", "apiTokens": {"edges": [
        {"cursor": "YXJyYXljb25uZWN0aW9uOjA=", "node": {"id": "QXBpVG9rZW46NDgyMTM="}}]}}}, indent=2)  # fmt: skip
    assert clean_text(page) == page  # User:4821, arrayconnection:0, ApiToken:48213
    assert "QWRtaW46NDgyMTM=" not in clean_text("Authorization: Basic QWRtaW46NDgyMTM=")  # Admin:48213 after Basic


def test_ciphertext_under_its_name_is_not_a_secret():
    stack = json.dumps({"outputs": {"password": {"4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
                                                 "ciphertext": f"v1:XewiJuA0Nkrd904x:{RANDOM}{RANDOM}+/{RANDOM}"}}}, indent=2)  # fmt: skip
    assert _kept_as_json_text(stack)
    assert clean_text(stack) == stack
    kms = json.dumps({"CiphertextBlob": "AQICAHh" + RANDOM * 4, "KeyId": "arn:aws:kms:eu-west-1:123456789012:key/x"})
    assert clean_text(kms) == kms
    assert RANDOM not in clean_text(json.dumps({"outputs": {"password": RANDOM + "x1"}}))


def test_a_runners_token_prefix_in_a_log_line_is_not_the_token():
    line = 'Uploading artifacts as "archive" to coordinator... 201 Created  id=4519518158 responseStatus=201 Created token=pur3dviw'
    assert clean_text(line) == line
    assert _kept_as_json_text(line)
    for text in (f"id=4519518158 responseStatus=201 token={RANDOM}", "curl -d token=pur3dviw https://api.example.com",
                 f"level=info msg=login password={PW}"):  # fmt: skip
        assert clean_text(text) != text, text


def test_a_keychain_printer_that_shows_the_password_prints_a_secret():
    out = 'keychain: "/Users/ana/Library/Keychains/login.keychain-db"\nclass: "genp"\ndata:\n"' + PW + '"'
    for command in ("security find-generic-password -s api.example.com -g", "security dump-keychain -d login.keychain"):
        assert PW not in redact_output(command, out), command
    assert redact_output("security find-generic-password -s api.example.com", 'class: "genp"') == 'class: "genp"'


# ---- the third round (the batch's part three) ---------------------------------------------------


def test_a_mysql_native_password_hash_and_a_secrets_resource_name_are_not_secrets():
    grants = "| GRANT USAGE ON *.* TO `app`@`%` IDENTIFIED BY PASSWORD '*A87919087FE32937E2CA3B6C120A7D01FE400703' |"
    assert clean_text(grants) == grants
    meta = "etag: '\"160f0b3c81a4c2\"'\nname: projects/086185388168/secrets/db-password\nreplication:\n  automatic: {}"
    assert clean_text(meta) == meta
    assert PW not in clean_text(f"CREATE USER 'report'@'%' IDENTIFIED BY '{PW}'")
    assert RANDOM not in clean_text(f"name: projects/086185388168/secrets/db-password\npassword: {RANDOM}")


def test_a_digest_labelled_by_its_algorithm_is_a_digest():
    assets = json.dumps({"System.IdentityModel.Tokens.Jwt/7.4.0": {"sha512": "xAHalK7cD3EJSUFxodpSGz/tymmV1E3GLEH0BnXOK7naMHemM+/"
                                                                             "UpOPc1JLf6ipGmYAdSYtLSMYoK8MBf39YTw==",
                                                                   "type": "package"}}, indent=2)  # fmt: skip
    assert _kept_as_json_text("  Determining projects to restore...\n" + assets + "\n  token validation: ok")
    # a value of no digest's length under the same name is judged as before
    assert RANDOM not in content(Cleaner().value(as_json_text(json.dumps({"token": {"sha512": RANDOM + "x"}}, indent=2))))


def test_generated_examples_and_message_ids_are_not_secrets():
    run = ("[gw1] [100%] FAILED tests/test_password.py::test_hash_roundtrip\nFalsifying example: test_hash_roundtrip(\n"
           "    password='0\\x00',\n)\n")  # fmt: skip
    assert clean_text(run) == run
    event = json.dumps({"event": "delivered", "smtp-id": "<obH2wybatOU2s2sUf7pNwy@geopod-ismtpd-3>", "category": ["password-reset"]})
    assert clean_text(event) == event
    # after the example's call is closed, a password argument is judged as before
    assert PW not in clean_text(run + f"login(password='{PW}')")
    assert RANDOM not in clean_text(f'{{"category": ["password-reset"], "token": "<{RANDOM}>"}}')


# ---- the fourth round (the batch's part four) ---------------------------------------------------


def test_a_checksum_after_an_escaped_tab_or_line_break_is_a_checksum():
    sync = ("85a6ae5194f7f60f968cb202b62d37ca  exports/tokens-audit-2026-03-14.csv\n"
            "gs://acme-exports/tokens-audit-2026-03-14.csv:\n\tHash (crc32c):\t\tMEoOKQ==\n"
            "\tHash (md5):\t\t9RYWbmWQCJ6Zcfqcjk1Ugw==\n")  # fmt: skip
    assert _kept_as_json_text(sync)
    # a secret after an escaped tab is judged as before
    assert RANDOM not in content(Cleaner().value(as_json_text(f"[s3]\n\tsecret_access_key =\t{RANDOM}")))


def test_a_tables_id_column_is_read_in_json_printed_as_text():
    cat = ("health status index                 uuid                   pri rep docs.count\n"
           "green  open   auth-audit-2026.03.14 p_7lSZNSslJcWwQ4wbLgp3   1   1      48213")  # fmt: skip
    assert _kept_as_json_text(cat)
    # a cell under another column, and a secret below the table, are judged as before
    assert RANDOM not in content(Cleaner().value(as_json_text(cat.replace("48213", "token=" + RANDOM))))
    assert RANDOM not in content(Cleaner().value(as_json_text(cat + "\nelastic password: " + RANDOM)))
