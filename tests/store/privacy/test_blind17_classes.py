"""Classes the seventeenth blind part (tests/privacy_eval/dev_blind17.py) showed, each written here
in other syntaxes than the part's: what stands where a secret's value would and is none
(store/privacy/stand_ins.py), beside the same places holding a real secret (which still goes)."""

from __future__ import annotations

from store.privacy import clean_text

PW = "Zq7#rTm2Lp"
RANDOM = "Wq3nZ8xLp2RkT5vYc9HmB4sJ"


def test_a_redirection_after_a_command_that_takes_a_secret_is_its_plumbing():
    for line in ("vault login -method=ldap username=ana 2>&1 >/dev/null", "gh auth token 2>&1",
                 "pg_dump --password 2>/dev/null"):
        assert clean_text(line) == line
    # the argument the command takes its password in stands before the redirection
    for tail in (" 2>&1", " 2>/dev/null", " > out.txt", " &>log"):
        assert clean_text("htpasswd -b -c .htpasswd admin " + PW + tail) == (
            "htpasswd -b -c .htpasswd admin [REDACTED:password]" + tail)


def test_a_reference_to_a_secret_by_its_environment_name_keeps_its_name():
    for line in ('password = "${DB_PASSWORD:?DB_PASSWORD is required}"',
                 "secret: ${SIGNING_KEY:?SIGNING_KEY must be set}",
                 "export TOKEN=${GH_TOKEN:?GH_TOKEN missing}",
                 "local api_token : file API_TOKEN",
                 "secret = vault STRIPE_SECRET_KEY", "$password = $env:DB_PASSWORD", "$Env:API_TOKEN = $env:GH_PAT"):
        assert clean_text(line) == line
    assert "[REDACTED" in clean_text("secret: ${SIGNING_KEY:-" + RANDOM + "}")
    assert clean_text("token: " + RANDOM + " API_TOKEN") == "token: [REDACTED:token] API_TOKEN"


def test_a_description_in_brackets_where_a_value_is_masked_is_kept():
    for line in ("DB_PASSWORD=(hidden, 24 chars)", "SECRET=[not shown]", "api_token = <set, 40 chars>",
                 "SECRET_KEY_BASE=[present, 128 bytes]"):
        assert clean_text(line) == line
    assert "[REDACTED" in clean_text("DB_PASSWORD=(" + PW + ")")
    assert "[REDACTED" in clean_text("SECRET=[" + RANDOM + ", x]")


def test_the_public_handle_of_a_secret_is_not_the_secret():
    for line in ("vault token revoke -accessor " + RANDOM, "secret_accessor  " + RANDOM,
                 "lease accessor: " + RANDOM, "api_key_fingerprint   " + RANDOM):
        assert clean_text(line) == line
    assert "[REDACTED" in clean_text("secret_token  " + RANDOM)


def test_a_preposition_that_is_also_a_connector_may_open_the_qualifier_before_the_real_one():
    # `on`, `to`, `da`, `na`: a preposition in one language, "is" in another; the label's
    # qualifier may start with one before its connector ("password on the box is X")
    for line in ("the root password on the build box is " + PW + " if you need it",
                 "db password on the staging box was " + PW + ".",
                 "the token to the registry is " + RANDOM + ", rotate it monthly",
                 "la password da usare è " + PW):
        assert PW not in clean_text(line) and RANDOM not in clean_text(line), line
    for line in ("the password on the box is expired, reset it", "the token to the registry is stored in vault",
                 "password on the wiki is outdated"):
        assert clean_text(line) == line
    # a host or a name of lower case between them is the qualifier, not the value
    for line in ("the admin password on db-01.internal is " + PW, "password on 10.0.0.12 is " + PW,
                 "the password on host1 is " + PW):
        assert clean_text(line) == line.replace(PW, "[REDACTED:password]"), line
    # where the word after the connector is no such name, it is the value (`on`: "is" in Estonian, Finnish)
    assert clean_text("parool on " + PW) == "parool on [REDACTED:password]"
    assert clean_text("salasana on " + PW + " ja tunnus on admin") == "salasana on [REDACTED:password] ja tunnus on admin"


# 64 hex digits, assembled (32 bytes: an HMAC or AES key's length)
HEX_KEY = "".join(format(i * 2654435761 % 2**32, "08x") for i in range(3, 11))


def test_hex_of_a_keys_length_turned_into_the_bytes_of_a_secrets_name_is_a_key():
    for line in ('var partnerKey = []byte("' + HEX_KEY + '")',
                 'signing_key = bytes.fromhex("' + HEX_KEY + '")',
                 'const webhookSecret = Buffer.from("' + HEX_KEY + '", "hex");',
                 'let hmac_key = hex::decode("' + HEX_KEY + '").unwrap();',
                 'encryption_key = unhexlify("' + HEX_KEY[:48] + '")',
                 'aesKey, err := hex.DecodeString("' + HEX_KEY + '")'):
        assert HEX_KEY[:48] not in clean_text(line), line
    # an id's hex, a digest's name, a weak word: kept
    for line in ('expected_sha = bytes.fromhex("' + HEX_KEY + '")', 'object_key = ObjectId("507f1f77bcf86cd799439011")',
                 'cache_key = bytes.fromhex("' + HEX_KEY + '")', 'key = bytes.fromhex("' + HEX_KEY + '")',
                 'checksum = []byte("' + HEX_KEY + '")', 'session_key = UUID("' + HEX_KEY[:32] + '")',
                 'hashKey, _ := hex.DecodeString("' + HEX_KEY + '")'):
        assert clean_text(line) == line


def test_the_answer_to_a_quoted_prompt_is_what_was_typed():
    for text in ('12:01:02 write(2, "Password for ana@db: ", 21) = 21\n12:01:05 read(0, "' + PW + '\\n", 1024) = 11',
                 'getpass("Password: ") = "' + PW + '"',
                 "child.expect('Passphrase: ')\nchild.sendline('" + PW + "')"):
        assert PW not in clean_text(text), text
    # another prompt, a word, an empty line typed: no answer
    for text in ('print("Enter password: ")\nname = input("Username: ")', 'write(1, "Password: ", 10) = 10\nread(0, "y\\n", 4096) = 2',
                 'write(1, "Enter password: ", 16) = 16\nread(0, "\\n", 4096) = 1', 'print("Password: ")\nprint("Welcome")'):
        assert clean_text(text) == text


def test_a_base64_value_padded_with_equals_signs_below_its_label_is_no_empty_assignment():
    key = "rXNn5kCx63hFLvi8ohR7utdtUZQS" + "cUbzVZ7BT0iPFnI="  # 32 bytes in base64, padded
    for text in ("secret:\n" + key, "Secret key:\n  " + key + "\n", "--api-token\n" + key[:-4] + "Zw==\n"):
        assert key[:20] not in clean_text(text), text
    # an empty assignment below a name, a list of names: kept
    for text in ("password\nPGPASSWORD=\nPGHOST=db", "secret:\nDATABASEPASSWORD=\n", "secret:\nDatabasePasswordValue=\n"):
        assert clean_text(text) == text


def test_a_value_below_a_name_that_says_public_is_a_public_key():
    key = "fgqtqzGyRwkJGSaIm52izLf" + "Xn78TPVaL1rIyVfv3XYY="
    for text in ("  $ cat /etc/wireguard/public.key\n  " + key, "  $ cat keys/deploy.pub\n  " + key + "\n",
                 "server_pubkey:\n  " + key + "\n"):
        assert clean_text(text) == text
    assert key[:20] not in clean_text("$ cat /etc/wireguard/private.key\n" + key + "\n")
