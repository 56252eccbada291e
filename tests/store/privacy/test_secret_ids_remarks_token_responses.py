"""Credentials a name or a place declares, kept before: Vault AppRole's secret id under its label
(not only a UUID), a label's value followed by a remark in parentheses, and the token of an OAuth
token response whose member is named `key` (or another weak name)."""

from store.privacy import find_secrets
from tests.privacy_eval import gen, random_secret, sha
from tests.store.privacy import overlapped

_HEX = "0123456789abcdef"



def _uuid(seed: str) -> str:
    h = gen(seed, 32, _HEX)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def _random_values(seed: str) -> list:
    return [random_secret(seed + "-a", 24), random_secret(seed + "-b", 32), "q7" + gen(seed + "-c", 30)]


def test_a_secret_id_of_random_shape_under_its_label_is_redacted():
    for t in ("secret_id: {v}", "secret_id={v}", "VAULT_SECRET_ID={v}", "export VAULT_SECRET_ID='{v}'",
              '{{"role_id": "web", "secret_id": "{v}"}}', "vault write auth/approle/login role_id=web secret_id={v}",
              "secretid={v}", 'SecretID = "{v}"', "login --secret-id={v} --role-id=web",
              "login --secret-id {v} --role-id web"):
        for v in _random_values("sid") + [_uuid("sid-u")]:
            text = t.format(v=v)
            assert overlapped(text, v), (text, find_secrets(text))


def test_a_secret_id_that_names_or_points_to_a_secret_is_kept():
    for t in ("aws secretsmanager get-secret-value --secret-id {v}", "aws secretsmanager get-secret-value --secret-id={v}",
              "secret_id_accessor: {v}"):
        for v in _random_values("sid-lookup"):
            text = t.format(v=v)
            assert not overlapped(text, v), (text, find_secrets(text))
    for text, v in (('{"SecretId": "prod/db/password"}', "prod/db/password"),
                    ("secret_id = aws_secretsmanager_secret.db.id", "aws_secretsmanager_secret.db.id"),
                    ("secret_id: projects/123/secrets/db-password", "projects/123/secrets/db-password"),
                    ('"SecretId": "arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db-AbC123"', "prod/db-AbC123"),
                    ("secret_id: MyTestDatabaseSecret", "MyTestDatabaseSecret")):
        assert not overlapped(text, v), (text, find_secrets(text))


def test_a_labelled_value_then_a_remark_in_parentheses_is_redacted():
    values = _random_values("remark") + [_uuid("remark-u"), sha("remark-h", 32), "Xk2mP9qR4tV7wB"]
    for t in ("api_key: {v} (rotated)", "api_key: {v} (expires 2027-01-01)", "token: {v} (prod)",
              "password: {v} (do not share)", "  STRIPE_KEY: {v}  (test mode)", "API_TOKEN = {v} (rotated)"):
        for v in values:
            text = t.format(v=v)
            assert overlapped(text, v), (text, find_secrets(text))


def test_a_remark_that_names_the_value_as_an_id_keeps_it():
    for t in ("api_key: {v} (kid)", "api_key: {v} (key ID)", "token: {v} (version)"):
        for v in _random_values("remark-id"):
            text = t.format(v=v)
            assert not overlapped(text, v), (text, find_secrets(text))


def test_a_token_response_member_under_a_weak_name_is_redacted():
    values = [_uuid("resp-u"), sha("resp-h", 32), "Xk2mP9qR4tV7wB", random_secret("resp-r", 28)]
    for t in ('{{"key": "{v}", "token_type": "Bearer"}}', '{{"key": "{v}", "token_type": "Bearer", "expires_in": 3600}}',
              '{{\n  "token": "{v}",\n  "expires_in": 3599,\n  "scope": "read write"\n}}',
              "{{'secret': '{v}', 'token_type': 'bearer'}}", 'out: {{\\"key\\": \\"{v}\\", \\"token_type\\": \\"Bearer\\"}}', '{{"expires_in": 7200, "scope": "read", "key": "{v}"}}'):
        for v in values:
            text = t.format(v=v)
            assert overlapped(text, v), (text, find_secrets(text))


def test_a_token_response_keeps_its_ids_and_plain_members():
    for v in _random_values("resp-id"):
        for t in ('{{"kid": "{v}", "token_type": "Bearer", "expires_in": 3600}}',
                  '{{"key_id": "{v}", "token_type": "Bearer"}}', '{{"request_id": "{v}", "expires_in": 60}}'):
            text = t.format(v=v)
            assert not overlapped(text, v), (text, find_secrets(text))
    for text, v in (('{"token_type": "Bearer", "scope": "repo gist", "key": "primary"}', "primary"),
                    ('{"key": "session", "expires_in": 3600}', "session"),
                    # a cache's entry, a signed upload's: a lifetime alone makes no token response
                    ('{"key": "session_abc123", "expires_in": 300}', "session_abc123"),
                    ('{"name": "cache", "key": "user:123:profile", "expires_in": 60}', "user:123:profile"),
                    ('{"key": "uploads/2024/file.png", "token_type": "Bearer"}', "uploads/2024/file.png")):
        assert not overlapped(text, v), (text, find_secrets(text))
