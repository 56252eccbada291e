"""A call's password slot in more drivers, a client made from a random-looking key, and a
parameter's name and value apart (CloudFormation, SSM); the same calls and pairs holding no
secret are kept."""

from __future__ import annotations

import pytest

from store.privacy import clean_text

PW = "Marmot!2025"
KEY = "Zk82mPqL1xQw93mTq7LmN4vB"


@pytest.mark.parametrize(("line", "secret"), [
    (f'const sequelize = new Sequelize("app", "root", "{PW}", {{ dialect: "mysql" }});', PW),
    (f'r = redis.StrictRedis("cache", 6379, 0, "{PW}")', PW),
    (f'l.simple_bind_s("cn=admin,dc=example,dc=com", "{PW}")', PW),
    (f'new PasswordAuthentication("ana", "{PW}".toCharArray())', PW),
    (f'g = Github("{KEY}")', KEY), (f'bot = telebot.TeleBot("{KEY}")', KEY), (f'sg = SendGridAPIClient("{KEY}")', KEY),
    (f"ParameterKey=DbPassword,ParameterValue={PW}", PW), (f'{{"ParameterKey": "ApiToken", "ParameterValue": "{PW}"}}', PW),
    (f'{{"Name": "/prod/db/password", "Value": "{PW}", "Type": "SecureString"}}', PW),
])  # fmt: skip
def test_the_secret_goes(line, secret):
    cleaned = clean_text(line)
    assert secret not in cleaned and "[REDACTED:" in cleaned


@pytest.mark.parametrize("line", [
    'client = Client("https://api.example.com")', 'client = ApiClient("my-service-name-prod")', 'bot = Bot("Echo Bot v2")',
    'client = Client("0f8fad5b-d9cb-469f-a165-70867728950e")', 'r = redis.Redis("cache", 6379, 0)',
    'sequelize = new Sequelize("app", "root", process.env.DB_PASSWORD)', '{"ParameterKey": "Env", "ParameterValue": "prod"}',
    '{"Name": "/prod/db/host", "Value": "db.internal"}', 'ObjectId("507f1f77bcf86cd799439011")',
])  # fmt: skip
def test_calls_and_pairs_without_a_secret_are_kept(line):
    assert clean_text(line) == line


@pytest.mark.parametrize(("line", "secret"), [
    (f'jwt.decode(token, "{PW}", algorithms=["HS256"])', PW),
    (f'User.objects.create_user("ana", "ana@example.com", "{PW}")', PW),
    (f'User.objects.create_superuser("admin", "admin@example.com", "{PW}")', PW),
    (f'cipher = AES.new(b"{KEY}", AES.MODE_GCM)', KEY), (f"mac = hmac.new(b'{KEY}', msg, 'sha256')", KEY),
])  # fmt: skip
def test_python_slots_and_byte_string_keys(line, secret):
    cleaned = clean_text(line)
    assert secret not in cleaned and "[REDACTED:" in cleaned


@pytest.mark.parametrize("line", [
    'jwt.decode(token, key, algorithms=["HS256"])', 'jwt.decode(token, options={"verify_signature": False})',
    'User.objects.create_user("ana", "ana@example.com", password)', 'h = hashlib.sha256(b"hello world")',
    'data = base64.b64decode(b"aGVsbG8=")',
])  # fmt: skip
def test_python_calls_without_a_literal_secret_are_kept(line):
    assert clean_text(line) == line
