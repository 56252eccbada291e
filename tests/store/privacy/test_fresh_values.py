"""The shapes corpus again with values it was never run with: a rule that held only for the
values it was measured on is caught here.  (A provider's token whose first 16 characters hold a
`/` or a `+`, 1 in 3 of Bedrock's keys, and base64 that starts with its `/` were missed so.)
The `random` family is left out: a value with no label but a weak one in prose is kept or taken
by how random this draw looks, a verdict bench_privacy measures on its held cases."""
from __future__ import annotations

import pytest

from store.privacy import redact_secrets
from tests.secret_shapes import shapes

ROUNDS = range(1, 13)


@pytest.mark.parametrize("round_", ROUNDS)
def test_every_shape_holds_with_fresh_values(round_):
    left = [(name, text) for family, name, text, secrets in shapes(round_)
            if family != "random" and any(secret in redact_secrets(text) for secret in secrets)]
    assert left == []


def test_fresh_values_are_fresh():
    first, second = shapes(1), shapes(2)
    assert len(first) == len(second)
    assert sum(a[2] != b[2] for a, b in zip(first, second)) > 0.9 * len(first)


@pytest.mark.parametrize("text, secret", [
    ('{"password": "Xk9#mPq2\\"vLabc', 'Xk9#mPq2\\"vLabc'),  # a JSON string cut after an escaped quote
    ('password = "Xk9#mPq2\\"vLabc', 'vLabc'),
    ('{"a": 1, "db_password": "p\\"w0rd-Z9x', 'w0rd-Z9x'),
    ("Authorization: Basic /3Qb4fQrTIWfmp1BP4g8LsmvLaWw==", "/3Qb4fQrTIWfmp1BP4g8LsmvLaWw=="),
    ("new token: /lyOQnosa9jsTEJ4AtqsiVCAo7S5I21weankOTU0== (copy it now)", "lyOQnosa9js"),
    ('dataSource.setPassword("!PqjZ9convEzGJ1Q");', "PqjZ9conv"),  # a `!` then a digit: no YAML tag
    ("smtp.login(user, '!pU1Z9KKTHtvoMM_')", "pU1Z9KKT"),
    ("Data Source=db;Initial Catalog=app;User ID=app;Password=*xr@Z9iDSgVa2zVn", "xr@Z9iDS"),  # ADO.NET's pairs
    ('conn = "Server=db;Database=app;Password=*Xk9mPq2;"', "Xk9mPq2"),
    ("MFA seed: ZUDGSSTONYTYXUMK", "ZUDGSSTONYTYXUMK"),  # a TOTP seed of letters alone (1 in 28)
    ('{"a": "SMTP_PASS=^aO%Z9fz%g1lCOpIHJ*s4APlvj"}', "Z9fz%g1l"),  # a random value with a `*`: no glob
    ("微信 appsecret=2JszZ96^@Ervr5zs@f*%Qh5SfW 不要提交到仓库", "Ervr5zs"),  # three symbols no glob uses
    ("`ABSKjaP+gZ4SRMyAbPSMV47+3YC/N81U/ZoesJR5++BnRdQgWq6JaAWSlpHi0JKHab2R0c63LzukxHzpiqssu0kwzqEku0QMt"
     "JgBt3ozmxBxyfqP3vvMGiENZZV1`", "ABSKjaP"),  # no label: found by its prefix alone
])
def test_values_that_fresh_draws_showed(text, secret):
    assert secret not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "password=/usr/local/etc/secret.txt",  # a path after the label: not base64
    "Authorization: Basic realm",
    "new token: /home/dev/app/migrations/20260314104429_hash_api_keys.sql",  # letters alone between slashes
    '"proxyEndpoint": "https://123456789012.dkr.ecr.eu-west-1.amazonaws.com"',
    "password: !vault |", "db_password: !Ref DbPassword", "password: !secret db_password",  # YAML tags
    "token = 1*tchar",  # a grammar's rule: a `*` outside a connection string
    "2FA: ENABLEDFORALLUSERS", "MFA seed: XXXXXXXXXXXXXXXX",  # capitals that read as words, a mask
])
def test_paths_stay(text):
    assert redact_secrets(text) == text


@pytest.mark.parametrize("paths", [100, 6000])
def test_a_separator_holding_token_is_found_among_many_paths(paths):
    # past ~4,000 new paths a text is read by its pieces, not run by run (find's output): a
    # Bedrock key whose first 16 characters hold a `+` is found there too
    key = ("ABSKjaP+gZ4SRMyAbPSMV47+3YC/N81U/ZoesJR5++BnRdQgWq6JaAWSlpHi0JKHab2R0c63LzukxHzpiqssu0kwzqEku0QMt"
           "JgBt3ozmxBxyfqP3vvMGiENZZV1")
    text = "\n".join(f"/usr/lib/python3/pkg{i}/mod{i}.py" for i in range(paths)) + "\n" + key + "\n"
    assert "ABSKjaP" not in redact_secrets(text)
