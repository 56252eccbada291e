"""What is never a secret (store/privacy/never.py): kept whatever the line around it says."""

from __future__ import annotations

import base64

import pytest

from store.privacy import Cleaner, clean_text

# Tool-use ids of the shape Claude Code writes, holding the words a secret filter looks for.
IDS = [
    "toolu_01Pw7ZqkR3mV9xYtLb2NcDe4",
    "toolu_013CT62QA7kPwMvuOLtQaMps",
    "toolu_01KeyA8bQzR2vW5nT7yUcX3p",
    "toolu_01HpassQ9kLm3Vx7Rt2Yw8Zb",
    "toolu_01Sk4nQ8rT2vW6yXz9LmPq3B",
    "srvtoolu_01Pw9mNq2Rv7Tx4Yb8Kc3Ld",
]


@pytest.mark.parametrize("tool_id", IDS)
def test_a_tool_use_id_is_kept_in_free_text_and_as_a_field(tool_id):
    for text in (tool_id, f"tool_use_id: {tool_id} password check passed", f"[Tool result for {tool_id}] key rotated"):
        assert tool_id in clean_text(text), text
    event = {"tool_use_id": tool_id, "message": {"content": [{"type": "tool_use", "id": tool_id}]}}
    assert Cleaner().value(event) == event


@pytest.mark.parametrize(
    "text",
    [
        '    "jsonwebtoken": "^9.0.2",',
        'otpauth = "^9.3.6"',
        'provider "vault" { version = "~> 4.5" }',
        "OPENAI_API_KEY=your_openai_key",
        "token: YOUR_TOKEN",
        'password = "<your-password>"',
        "--api-key CHANGE_ME",
        "export GITHUB_TOKEN=INSERT_TOKEN_HERE",
        "OPENAI_API_KEY=sk-...",
        "request id req_011CSq1xjbzmOvvP4rZK6maU failed (message msg_011U3dDB0G1a6cj7DpX8oPlT)",
        "256 SHA256:ljSbk6EwEfBfvNyCXNy1zgdPw3jCj80L1apC7wqpWM9 ana@laptop (ED25519)",
        "STRIPE_PUBLISHABLE_KEY=pk_test_51HxYzQk2Lm9Vb3Nc7Rt4Wp8",
        "PublicKey = 1s3xZbQSgoqsjh/VEgvYoY4P1+BbUYGpClOZabKzGK0=",
        "export const SECRET_KEY = process.env.SECRET_KEY!;",
        "kubectl create secret generic db --from-file=password=./pw.txt",
    ],
)
def test_versions_placeholders_ids_and_public_values_are_kept(text):
    assert clean_text(text) == text


def test_an_unsigned_example_jwt_is_kept_and_a_signed_one_is_not():
    head = base64.urlsafe_b64encode(b'{"alg":"none","typ":"JWT"}').decode().rstrip("=")
    claims = base64.urlsafe_b64encode(b'{"sub":"1234567890","name":"John Doe"}').decode().rstrip("=")
    unsigned = f"{head}.{claims}."
    assert clean_text(f"token = '{unsigned}'") == f"token = '{unsigned}'"
    signed_head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    signed = f"{signed_head}.{claims}.Xk3vT9qLm2Rz8Wb4Nc7Yp1Qa5Hs0Jd6FgUe"
    assert signed not in clean_text(f"token = '{signed}'")


def test_a_public_key_block_is_kept_and_a_private_one_is_not():
    body = "\n".join(("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + str(i) * 20)[:64] for i in range(4))
    public = f"-----BEGIN PUBLIC KEY-----\n{body}\n-----END PUBLIC KEY-----"
    assert clean_text(public) == public
    private = public.replace("PUBLIC", "PRIVATE")
    assert "MIIBIjAN" not in clean_text(private)


def test_a_password_that_repeats_its_name_or_user_is_a_documented_default():
    for text in ("POSTGRES_PASSWORD: postgres", "postgresql://postgres:postgres@localhost:5432/test_db",
                 "amqp://guest:guest@rabbit:5672/"):  # fmt: skip
        assert clean_text(text) == text
    assert "hunter2x" not in clean_text("POSTGRES_PASSWORD: hunter2x")
    assert "Zq7rT2" not in clean_text("https://admin:Zq7rT2@x.example.com")


@pytest.mark.parametrize(
    "text",
    [
        "STRIPE_SECRET_KEY=sk_" + "test_" + "x" * 24,
        "OPENAI_API_KEY=sk-proj-REPLACE_WITH_YOUR_KEY",
        "SLACK_BOT_TOKEN=xoxb-your-token",
        "DATABASE_PASSWORD=changeme123",
        "SECRET_KEY=please-change-this",
        "JWT_SECRET=some-long-random-string",
        "token = 'TODO'",
        "password: 'sample-password'",
    ],
)
def test_a_stand_in_is_kept_after_a_provider_prefix_or_as_words(text):
    assert clean_text(text) == text


def test_a_value_of_words_without_a_stand_in_word_is_still_a_password():
    for text, secret in (("PASSWORD=correct-horse-battery-staple", "correct-horse-battery-staple"),
                         ("DB_PASSWORD=bluefish77", "bluefish77"), ("password: Summer2024!", "Summer2024!")):  # fmt: skip
        assert secret not in clean_text(text), text


@pytest.mark.parametrize(
    "text",
    [
        '"pw_hash": "$2b$12$U7aHl338STKGp5RkJ3vGSdCFE14RKtGPtAZGKdNK1tmwlIK8FzUyh"',
        "password_hash: $argon2id$v=19$m=65536,t=3,p=4$v3KhEuXgKtjGrYHFP1VGC7$ocGvhZvmXYAuu1n62QrXzw",
        'hash = "pbkdf2_sha256$600000$abcdefgh$Zk3vJ0bR9xP2mN8qL4wT7yU1cV5aB6dE3fG9hI0jK2l="',
        "root:$6$rounds=5000$saltsalt$Zk3vJ0bR9xP2mN8qL4wT7yU1cV5aB6dE3fG9hI0jK2l:19000:0:99999:7:::",
    ],
)
def test_a_password_hash_in_the_modular_crypt_format_is_kept(text):
    assert clean_text(text) == text


def test_a_password_with_dollar_signs_is_not_taken_for_a_hash():
    for text, secret in (("DB_PASSWORD=$ecretPa55word!", "$ecretPa55word!"), ("password: a$b$c9Xz!kQ2", "a$b$c9Xz!kQ2")):
        assert secret not in clean_text(text), text


@pytest.mark.parametrize(
    "text",
    [
        "gcloud secrets versions access latest --secret=db-password",
        'gcloud secrets versions access 3 --secret="stripe-api-key" --project=web-prod-2',
        "docker service create --name api --secret db_pw ghcr.io/acme/api:1.4",
        "secretName: smtp-pass",
        "TOKEN=API_TOKEN_V2",
    ],
)
def test_the_name_of_a_secret_is_kept(text):
    assert clean_text(text) == text


def test_a_password_of_words_is_still_taken_when_none_of_them_says_secret():
    for text, secret in (("PASSWORD=correct-horse-battery-staple", "correct-horse-battery-staple"),
                         ("PASSWORD=My-Secret-Key9", "My-Secret-Key9")):  # fmt: skip
        assert secret not in clean_text(text), text


@pytest.mark.parametrize(
    "text",
    [
        "AppID: wx1a2b3c4d5e6f7a8b  AppSecret: <ask the admin>",
        "client_id=Zq4vB8nW2kT6yP1sQ9xR client_secret=${CLIENT_SECRET}",
        "kubectl create secret generic api --from-literal=user=app --from-file=token=./token.txt",
        '{"userId": "Zq4vB8nW2kT6yP1sQ9xR", "tokenExpiresIn": 3600}',
    ],
)
def test_an_id_or_a_user_beside_a_secret_word_is_kept(text):
    assert clean_text(text) == text


def test_a_provider_token_under_an_id_label_and_a_secret_beside_an_id_are_still_taken():
    key = "AKIA" + "Q7ZX2MNB4VLC8RT5"
    assert key not in clean_text(f"AWS_ACCESS_KEY_ID={key}")
    out = clean_text("client_id=Zq4vB8nW2kT6yP1sQ9xR client_secret=Xk3vT9qLm2Rz8Wb4Nc7Y")
    assert "Zq4vB8nW2kT6yP1sQ9xR" in out and "Xk3vT9qLm2Rz8Wb4Nc7Y" not in out


def test_a_list_of_options_after_a_secret_flag_is_kept():
    text = "docker run --secret id=mysecret,src=secret.txt -e PASSWORD=Gx7.kP2m app"
    assert clean_text(text) == text.replace("Gx7.kP2m", "[REDACTED:password]")


@pytest.mark.parametrize("text", ["http GET api.example.com/items X-API-Key:Gx7kP2mQ", "curl -H 'X-API-KEY:Gx7kP2mQ' https://x"])
def test_a_header_without_a_space_after_its_colon_is_read(text):
    assert "Gx7kP2mQ" not in clean_text(text)
