"""Secrets that read as something else by their words or their place, each caught by what it is:

- an app's secret after its public app id on the same line, separated by spaces or prose only
  (a Feishu/Lark app id `cli_` and 16 hex digits, then 32 random letters and digits; a cloud's
  key id then its secret), as a provider's secret beside its id (store/privacy/told.py);
- the default a shell's or Compose's substitution gives a password's variable (`${DB_PASS:-X}`,
  `${X:=Y}`): the literal the service runs with, a plain word too (store/privacy/processes.py);
- a long key a person chose, of several words and a number, in a `.env` as a tool shows it,
  though one of its words is one a stand-in uses (store/privacy/never.py).

Values assembled at run time, of the shapes, none taken from a transcript."""

from __future__ import annotations

import pytest

from tests.store.privacy import kept, redacted

APP_ID = "cli_" + "9d2e4f6a" + "1b3c5d7e"
APP_ID_2 = "cli_" + "a0b1c2d3" + "e4f5a6b7"
APP_SECRET = "Vt3Rk" + "9mQw2XcLp7" + "HbN4sJd8FzYg6" + "Ea1U"
APP_SECRET_2 = "qW8e" + "RtY2uIo5PaS3" + "dFgH7jKl1ZxC" + "vBnM"
HEX32 = "5f1e" + "9c0a7b3d" * 3 + "2e6f"
UUID = "3b9d2c1e-" + "7f4a-4e2b-9c8d-" + "1a2b3c4d5e6f"


@pytest.mark.parametrize("text", [
    f"飞书应用 {APP_ID} {APP_SECRET}",
    f"帮我接入飞书机器人：{APP_ID}  {APP_SECRET}，然后发一条测试消息",
    f"apps:\n{APP_ID} {APP_SECRET}\n{APP_ID_2} {APP_SECRET_2}\n",
    f"my lark app is {APP_ID} and its secret {APP_SECRET}, wire it into the bot",
    f"config.set('{APP_ID}', '{APP_SECRET}')",
])  # fmt: skip
def test_an_app_secret_beside_its_app_id(text):
    redacted(text, APP_SECRET)
    kept(text, APP_ID)
    if APP_SECRET_2 in text:
        redacted(text, APP_SECRET_2)


CLOUD_ID = "AKID" + "r7Wq2Lm9Xk4Tb8Nc" + "3Vz6Hp1Jd5Gs0Yf2"
CLOUD_KEY = "Hm4Qx" + "8Zt2Wc6Lr9Kv3" + "Bn7Yp1Sd5Gf0Ja"
ALIYUN_ID = "LTAI" + "5tK8pQ2mXw9Rz3LbV7nC"
ALIYUN_SECRET = "Xq7Rm2" + "Kp9Lw4Vt8Nb3" + "Hc6Jz1Yd5Gf0"


@pytest.mark.parametrize(("text", "value"), [
    (f"腾讯云密钥 {CLOUD_ID} {CLOUD_KEY}", CLOUD_KEY),
    (f"export TENCENT_ID={CLOUD_ID} TENCENT_K={CLOUD_KEY}", CLOUD_KEY),
    (f"阿里云 {ALIYUN_ID}  {ALIYUN_SECRET}", ALIYUN_SECRET),
])  # fmt: skip
def test_a_cloud_secret_beside_its_key_id(text, value):
    redacted(text, value)


@pytest.mark.parametrize("text", [
    # an app id alone, beside a hash, a UUID, a word or a stand-in
    f"the bot's app id is {APP_ID}",
    f"{APP_ID} {HEX32}",
    f"app {APP_ID} request {UUID} failed",
    f"{APP_ID} ReplaceWithYourAppSecretHere00",
    f"{APP_ID} xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    # 32 random characters on a line with no app id
    f"cli_tools {APP_SECRET}",
])  # fmt: skip
def test_what_stays_beside_an_app_id(text):
    kept(text)


@pytest.mark.parametrize(("text", "value"), [
    ("      MYSQL_ROOT_PASSWORD: ${MYSQL_ROOT_PASSWORD:-rootpass}\n", "rootpass"),
    ('      POSTGRES_PASSWORD: "${POSTGRES_PASSWORD:-pgdevsecret}"\n', "pgdevsecret"),
    ("      REDIS_PASSWORD: ${REDIS_PASSWORD:-redis_dev_pw}\n", "redis_dev_pw"),
    ("export DB_PASS=${DB_PASS:=hunterbloom}\n", "hunterbloom"),
    ("    - ADMIN_PASSWORD=${ADMIN_PASSWORD-stagingadmin}\n", "stagingadmin"),
])  # fmt: skip
def test_a_password_variables_default(text, value):
    redacted(text, value)


@pytest.mark.parametrize("text", [
    "      MYSQL_PASSWORD: ${MYSQL_PASSWORD}\n",
    "      MYSQL_PASSWORD: ${MYSQL_PASSWORD:-}\n",
    "      MYSQL_PASSWORD: ${MYSQL_PASSWORD:?set it in .env}\n",
    "      PORT: ${PORT:-8080}\n",
    "      NODE_ENV: ${NODE_ENV:-development}\n",
    "      DB_USER: ${DB_USER:-app}\n",
    "      DB_PASSWORD: ${DB_PASSWORD:-changeme}\n",
    "      DB_PASSWORD: ${DB_PASSWORD:-your_password}\n",
    "      DB_PASSWORD_FILE: ${DB_PASSWORD_FILE:-/run/secrets/db_password}\n",
])  # fmt: skip
def test_what_stays_of_a_substitution(text):
    kept(text)


CHOSEN = "orbit-ledger-" + "signing-key-2025-change"
CHOSEN_2 = "my_" + "kestrel_api_secret_" + "2024_rotate"


@pytest.mark.parametrize(("text", "value"), [
    (f"     1→PORT=3000\n     2→JWT_SECRET={CHOSEN}\n     3→JWT_EXPIRES_IN=7d\n", CHOSEN),
    (f"$ cat .env\nNODE_ENV=production\nJWT_SECRET={CHOSEN}\n", CHOSEN),
    (f"SESSION_SECRET={CHOSEN_2}\n", CHOSEN_2),
])  # fmt: skip
def test_a_chosen_key_in_an_env_file(text, value):
    redacted(text, value)


@pytest.mark.parametrize("text", [
    "     1→PORT=3000\n     2→JWT_SECRET=your-secret-key-here\n",
    "JWT_SECRET=change-me-in-production-2024\n",
    "JWT_SECRET=change-this-to-a-long-random-string-2024\n",
    "SECRET_KEY=replace-with-32-random-bytes\n",
    "JWT_SECRET=your-super-secret-jwt-key-2024\n",
    # an example file's line, said so
    f"$ cat .env.example\nJWT_SECRET={CHOSEN}\n",
    # a stand-in in prose
    "set JWT_SECRET to something like some-random-string-2024 before you deploy",
])  # fmt: skip
def test_stand_ins_stay(text):
    kept(text)


ESCAPED_PW = "Tq8v" + "Lm2xWk"


@pytest.mark.parametrize("text", [
    f"PGPASSWORD\\={ESCAPED_PW} psql -h db.internal -U app",
    f"spring.datasource.password\\={ESCAPED_PW}",
    f"echo 'DB_PASSWORD\\={ESCAPED_PW}' >> .env",
])  # fmt: skip
def test_a_password_after_an_escaped_equals_sign(text):
    redacted(text, ESCAPED_PW)


@pytest.mark.parametrize("text", [
    r"grep -E 'password\=(\S+)' app.log",
    r"sed -i 's/password\=.*/password\=***/' app.conf",
    "DB_PASSWORD\\=${DB_PASSWORD} psql -h db.internal",
    # a URL's user as its own password on the local host: a local default, by design
    "DATABASE_URL=postgres://user:user@localhost:5432/app",
])  # fmt: skip
def test_what_stays_after_an_escaped_equals_sign(text):
    kept(text)


@pytest.mark.parametrize(("text", "value"), [
    ('curl -sS -u "qa:qa-staging-pw" https://staging.shop.example/api/orders', "qa-staging-pw"),
    ("curl --user ops:ops_portal_pass https://stage.example.org/admin", "ops_portal_pass"),
    ("http -a shop:shop-admin-pass GET https://staging.example.net/me", "shop-admin-pass"),
])  # fmt: skip
def test_a_made_password_after_a_clients_user(text, value):
    redacted(text, value)


@pytest.mark.parametrize("text", [
    'curl -u "$STAGE_USER:$STAGE_PASS" https://staging.shop.example/api',
    "kubectl get secret qa-staging-pw -o yaml",
    "ssh -a deploy@host uptime",
])  # fmt: skip
def test_what_stays_after_a_clients_user(text):
    kept(text)
