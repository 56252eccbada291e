"""What is never a secret, by class, as realistic tool output carries it (the eleventh dev batch,
tests/privacy_eval/dev_negatives11.py), and the secrets its outputs hid that the filter missed:
each class kept whole, beside the same syntax holding a real secret, which still goes."""

from __future__ import annotations

import base64
import hashlib

from store.privacy import Cleaner, clean_text
from tests.privacy_eval.dev_negatives11 import proxy_config_dump
from tests.store.privacy.json_text import as_json_text, content, kept_as_json_text

PW = "Zq7#rT" + "m2Lp!"
RANDOM = "q8Vn3KxT7mWz" + "2RbL9cYd4HsP"
CERT = base64.b64encode(b"".join(hashlib.sha256(bytes([i])).digest() for i in range(15))).decode()  # 480 random bytes
CERT_LINES = "\n".join(CERT[i:i + 76] for i in range(0, len(CERT), 76))




def test_a_certificate_signature_or_digest_in_an_xml_signature_is_kept():
    saml = ('<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>\n' + CERT_LINES
            + "\n</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>\n"
            f"<ds:DigestValue>{CERT[:44]}</ds:DigestValue>\n<ds:SignatureValue>{CERT[:344]}</ds:SignatureValue>")
    assert kept_as_json_text(saml)
    # the same base64 under a name that says secret still goes
    text = f"<ds:X509Certificate>{CERT[:76]}</ds:X509Certificate>\n<clientSecret>{RANDOM}</clientSecret>"
    assert RANDOM not in clean_text(text)


def test_a_certificate_cut_short_hides_nothing_after_it():
    # strace shows a file's first bytes: the certificate has no END line, and the text after it is still read
    trace = ('4821  read(7, "-----BEGIN CERTIFICATE-----\\nMIIH0zCCBbugAwIBAgIIXsO3pkN/pOAwDQYJKoZIhvcNAQEL"..., 4096) = 4096\n'
             f'4822  write(9, "POST /v1/token HTTP/1.1\\r\\nAuthorization: Bearer {RANDOM}\\r\\n\\r\\n", 98) = 98')
    cleaned = clean_text(trace)
    assert RANDOM not in cleaned and "MIIH0zCCBbugAwIBAgIIXsO3pkN" in cleaned


def test_the_string_gdb_shows_after_a_pointer_is_the_value():
    for secret in (PW, RANDOM):
        frame = f'#3  0x000055aa485175d7 in db_connect (host=0x554b6f06e917 "db.internal", password=0x5558b3bab2f7 "{secret}") at src/db.c:41'
        cleaned = clean_text(frame)
        assert secret not in cleaned and "password=0x5558b3bab2f7" in cleaned, cleaned


def test_a_paths_double_colon_is_not_a_labels_colon():
    perf = "    12.04%  api      api                 [.] token::verify\n\n$ perf buildid-list"
    assert kept_as_json_text(perf)
    assert RANDOM not in clean_text(f"token: {RANDOM}")


def test_a_tokens_permissions_and_a_secrets_source_are_not_the_token():
    gha = ("GITHUB_TOKEN Permissions\n  Contents: read\n  Metadata: read\n  IdToken: write\nSecret source: Actions\n"
           "Prepare workflow directory")
    assert kept_as_json_text(gha)
    for text in ("token type: bearer", "Key algorithm: RSA", "api_token_scope = read"):
        assert clean_text(text) == text, text
    # a value after the secret's own name, or a heading with no pairs below it, is judged as before
    for text in (f"Secret: {PW}", f"GITHUB_TOKEN {RANDOM}\n  Contents: read", f"IdToken: {RANDOM}"):
        assert PW not in clean_text(text) and RANDOM not in clean_text(text), text
    assert PW not in content(Cleaner().value(as_json_text(f"token source: env\ntoken: {PW}")))


def test_a_rows_first_cell_under_an_id_column_is_an_id():
    ls = ("ID                          NAME                 DRIVER    CREATED        UPDATED\n"
          "wfdls6vg9sw78bhwfb9e92wpu   db_password                    2 weeks ago    2 weeks ago\n"
          "p2czdh419dcd39l4gqb6ksn3r   stripe_secret_key              2 weeks ago    2 weeks ago\n"
          "icun1keaa8lfsuced4pzx1c4c   jwt_signing_key                2 weeks ago    2 weeks ago")
    assert kept_as_json_text(ls)
    # a secret's value in a table's cell under a column that does not say id still goes
    text = f"NAME          VALUE\ndb_password   {RANDOM}"
    assert RANDOM not in clean_text(text)


def test_a_lookups_key_is_not_a_key_that_opens_anything():
    ccache = "Result key: ltpv23r1tluqvvvsgkadrjq8vacg838l9jcf\nManifest key: conmmeo7pctl4vt708j3kmovb4k5fuaerl58"
    assert kept_as_json_text(ccache)
    for text in (f"routing_key: {RANDOM}", f"Primary key: {RANDOM}", f"signing key: {RANDOM}"):
        assert RANDOM not in clean_text(text), text


def test_a_certificate_chains_bytes_and_a_stand_in_in_base64_are_kept():
    # Envoy's secrets dump: a certificate chain's bytes, and `[redacted]` in base64 for the private key
    dump = proxy_config_dump("test")
    assert '"inline_bytes": "W3JlZGFjdGVkXQ=="' in dump and "certificate_chain" in dump
    assert kept_as_json_text(dump)
    # a secret in an object beside the certificate's still goes
    leaked = dump.replace('"W3JlZGFjdGVkXQ=="', '"W3JlZGFjdGVkXQ=="}, "generic_secret": {"secret": {"inline_string": "' + RANDOM + '"}')
    assert RANDOM not in clean_text(leaked)


def test_the_output_of_a_poolers_user_list_is_a_secret():
    # pgbouncer's auth_file holds its users' passwords (plain text allowed): printed, it goes whole
    for command in ("sudo cat /etc/pgbouncer/userlist.txt", "cat /etc/pgpool2/pool_passwd"):
        text = f'$ {command}\n"app" "{PW}"\n"stats" "{RANDOM}"'
        cleaned = clean_text(text)
        assert PW not in cleaned and RANDOM not in cleaned and command in cleaned, cleaned
    # its hash, as a later stage prints it, is not
    text = "$ sha256sum /etc/pgbouncer/userlist.txt\n3936a7a7497f331dd7913e17d3115cc31f260b1b3bce06eb65469982d5a9cb0c  userlist.txt"
    assert clean_text(text) == text


# ---- part four: what a transcript holds besides command output --------------------------------

def test_a_stand_in_of_words_with_a_size_between_them_is_kept():
    assert kept_as_json_text("JWT_SECRET=replace-with-32-random-bytes\nSet-Cookie: session=FILTERED; Path=/; HttpOnly")
    assert PW not in clean_text(f"JWT_SECRET={PW}")


def test_a_ruby_symbol_is_a_name():
    assert kept_as_json_text("    add_column :users, :encrypted_otp_secret, :string\n    add_index :users, :reset_password_token, unique: true")


def test_a_migrations_relative_path_is_kept():
    assert kept_as_json_text("# ---- db/migrate/20260314102231_add_encrypted_token_to_users.rb\nclass AddEncryptedTokenToUsers")


def test_a_value_its_name_calls_fake_is_kept():
    for text in ('FAKE_PASSWORD = "correct-horse-battery-staple"', 'dummyToken: "abc-Def-7788-xyz"', "MOCK_API_KEY=k9Xq2LmT7vBn4RwZ"):
        assert kept_as_json_text(text), text
    # a name that only says test may be a staging credential's: still read
    for text in (f'TEST_DB_PASSWORD = "{PW}"', f'STRIPE_KEY = "{RANDOM}"'):
        assert (PW if "TEST" in text else RANDOM) not in clean_text(text)


# ---- part five ------------------------------------------------------------------------------

def test_a_graphql_type_is_not_a_fields_value():
    schema = ("input LoginInput {\n  email: String!\n  password: String!\n}\ntype Mutation {\n"
              "  rotateApiKey(id: ID!): ApiKeyWithSecret!\n  resetPassword(token: String!, newPassword: String!): Boolean!\n}")
    assert kept_as_json_text(schema)
    assert PW not in clean_text(f"password: {PW}\n")  # (a password that ends in `!` is no type)
    assert PW not in clean_text(f'mutation {{ login(input: {{email: "ana@example.com", password: "{PW}"}}) {{ token }} }}')


def test_a_help_texts_metavar_is_not_a_flags_value():
    helptext = ("Options:\n  -p, --password TEXT        Your password (prompted when omitted).\n"
                "  --token TEXT               An API token instead of a password [env var: ACME_TOKEN]")
    assert kept_as_json_text(helptext)
    assert PW not in clean_text(f"acme login -u ana --password {PW}")


def test_makes_doubled_dollar_is_a_reference():
    assert kept_as_json_text('login:\n\t@echo "$$GHCR_TOKEN" | docker login ghcr.io -u $(GHCR_USER) --password-stdin')
    assert RANDOM not in clean_text(f'login:\n\t@echo "{RANDOM}" | docker login ghcr.io -u ana --password-stdin')
